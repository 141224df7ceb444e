"""Identify a tile from its printed art when its markers are covered (a finger, a glare
spot, a tomb): the grid and the tile's outline are still in view, and so is most of its
art (colour, corridors and their turn, chests, wings, horns, the medallion's shape).

Each candidate (the tiles of the deck not seen, of the colours in play) is drawn by the
print side's own code (referee/asterion/faces.py) at its four quarter turns, and compared
with the cell, rectified square-on, by normalised correlation of each colour channel
(averaged), so the light's level and colour and the phone's white balance do not matter;
the markers' squares are left out (they are what is covered). The tile's pose on its cell is
searched (a hand puts it up to a few mm and degrees off): coarsely for every candidate,
finely for the best few.

The photo's own level: tiles read by their markers near the cell are scored the same way
at their known poses, so "matches well" means "as well as a tile known to be there"
(blur, print and light lower both alike). A candidate is accepted only with a clear margin
over every other candidate (another tile, or another turn that changes the table); two
that remain close are a problem naming both, never a guess.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from pnp.printing.asterion.art import marker_places, tile_spec
from referee.asterion.design import current, per_design
from referee.asterion.faces import printed_faces
from referee.asterion.grid import CELL, Grid, TilePose
from referee.geometry import rectify

FACE_PPM = 4.0              # the printed faces' resolution (faces.printed_faces)
COARSE_PPM = 1.0            # px per mm: every candidate, every turn
FINE_PPM = 2.0              # px per mm: the best few
VOTE_PPM = 4.0              # px per mm: where two prints differ (a wing's thin lines)
MIN_GAIN = 0.6              # a rival's print keeps this share of the best's contrast
APART = 10                  # levels (0-255) by which two prints differ there: two colours'
#                             wall tints differ by 12 to 50 in some channel
COARSE_SPAN = 40.0          # mm of the tile's middle compared, coarse (its edges may be off)
FINE_SPAN = 44.0            # ... fine
REACH = 9.0                 # mm: how far a tile's centre may lie from its cell's centre
COARSE_ANGLES = (-6.0, 6.0)  # degrees off the quarter turn, coarse, for the best ...
TURNED = 12                 # ... (tile, turn) found square
FINE_STEPS = (-3.0, -1.5, 0.0, 1.5, 3.0)   # degrees around the coarse best
FINE_SHIFT = 3.0            # mm around the coarse best
REFINE = 4                  # candidates (tile, turn) refined

ACCEPT_SCORE = 0.45         # a candidate's fine score: at least this ...
ACCEPT_RELATIVE = 0.7       # ... and this share of what known tiles score in this photo
MARGIN = 0.08               # ... and this far above every other tile or distinct turn


@dataclass(frozen=True)
class ArtMatch:
    tile: str
    rot: int                            # quarter turn, clockwise
    centre: tuple[float, float]         # table mm: where the tile really lies
    angle: float                        # degrees clockwise: how it is really turned
    score: float                        # mean channel correlation with its print
    covered: float = 0.0                # share left out as covered (`unveiled`)


@dataclass(frozen=True)
class CellArt:
    cell: tuple[int, int]
    best: ArtMatch | None
    runner_up: ArtMatch | None          # the best other tile, or other turn
    reference: float                    # what tiles known by their markers score here
    accepted: bool

    @property
    def margin(self) -> float:
        if self.best is None:
            return 0.0
        return self.best.score - (self.runner_up.score if self.runner_up else 0.0)


@per_design
def _marker_mask() -> np.ndarray:
    """1 on the markers' squares and their quiet zones, tile frame at FACE_PPM. A marker
    smaller than a tomb (the discreet print's): also as far round its centre as a tomb
    knocked onto it covers (a spare tomb on a marker hides the art round it too, and it
    is no sign of another tile)."""
    from pnp import layouts
    from pnp.units import mm

    spec = tile_spec(current())
    n = round(spec.size * FACE_PPM)
    mask = np.zeros((n, n), np.float32)
    q = spec.marker_module
    tomb = mm(layouts.load("asterion")["tomb"]["size"])
    for m in marker_places(current()):
        x0, y0 = (m.x - q) * FACE_PPM, (m.y - q) * FACE_PPM
        x1, y1 = (m.x + m.size + q) * FACE_PPM, (m.y + m.size + q) * FACE_PPM
        mask[int(y0):int(np.ceil(y1)), int(x0):int(np.ceil(x1))] = 1.0
        if m.size + 2 * q < tomb:
            centre = (round((x0 + x1) / 2), round((y0 + y1) / 2))
            cv2.circle(mask, centre, round((tomb / math.sqrt(2) + STRAY_TOMB_OFF)
                                           * FACE_PPM), 1.0, -1)
    return mask


def _to_face(angle: float, span: float, ppm: float) -> np.ndarray:
    """2x3: template px -> face px, for a tile turned `angle` degrees clockwise whose
    centre is the template's centre (`span` mm across at `ppm`)."""
    c = tile_spec().centre
    a = math.radians(angle)
    # template px u -> offset d = (u + 0.5) / ppm - span / 2 (table mm from the centre)
    # -> tile frame p = (c, c) + R(-angle) d -> face px = FACE_PPM p - 0.5
    r_inv = np.array([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]])
    lin = FACE_PPM * r_inv / ppm
    off = FACE_PPM * (np.array([c, c]) + r_inv @ np.array([0.5 / ppm - span / 2] * 2)) - 0.5
    return np.c_[lin, off]


@per_design
def template(tile_id: str, angle: float, span: float, ppm: float,
             tombs: bool | str = False) -> tuple[np.ndarray, np.ndarray]:
    """The tile's print as a cell shows it turned `angle` degrees: `span` mm of its middle
    at `ppm` (float32 BGR), and where it counts (float32 1/0: not on the markers' squares,
    which count for no candidate, in the template or the photo; with `tombs`, not where a
    tomb on a prisoner may lie either)."""
    face = printed_faces(FACE_PPM)[tile_id]
    n = round(span * ppm)
    m = _to_face(angle, span, ppm)
    flags = cv2.INTER_AREA if ppm < FACE_PPM else cv2.INTER_LINEAR
    image = cv2.warpAffine(face, m, (n, n), flags=flags | cv2.WARP_INVERSE_MAP,
                           borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    hidden = (_prisoners_only(tile_id) if tombs == "marked" else
              _no_prisoners(tile_id) if tombs else _marker_mask())
    covered = cv2.warpAffine(hidden, m, (n, n), flags=cv2.INTER_LINEAR |
                             cv2.WARP_INVERSE_MAP, borderValue=1.0)
    return image, (covered < 0.2).astype(np.float32)


def _variants() -> tuple[bool | str, ...]:
    """The templates a cell is matched with (`template`'s `tombs`): the discreet print's
    tile is also matched without its prisoners (a tomb on one covers a large part of
    what is left of its art once its one marker is covered), and with its
    marker in view but not its prisoners ("marked": a marker too blurred to decode still
    shows where it lies, so how the tile is turned and where, and its pattern, blurred,
    is its id; benchmark photo 26); its best counts."""
    return (False,) if len(marker_places(current())) > 1 else (False, True, "marked")


@per_design
def _prisoners_only(tile_id: str) -> np.ndarray:
    """1 where a tomb on one of the tile's prisoners may lie (face px, FACE_PPM)."""
    from pnp.printing.asterion.art import prisoner_points
    from pnp.rules.asterion.tiles import tiles_by_id

    mask = np.zeros_like(_marker_mask())
    for x, y in prisoner_points(tiles_by_id()[tile_id]):
        cv2.circle(mask, (round(x * FACE_PPM), round(y * FACE_PPM)),
                   round(TOMB_REACH * FACE_PPM), 1.0, -1)
    return mask


@per_design
def _no_prisoners(tile_id: str) -> np.ndarray:
    """`_marker_mask` and where a tomb on one of the tile's prisoners may lie."""
    return np.maximum(_marker_mask(), _prisoners_only(tile_id))


@per_design
def _grey(tile_id: str, angle: float, span: float, ppm: float, tombs: bool | str = False
          ) -> tuple[np.ndarray, np.ndarray]:
    image, mask = template(tile_id, angle, span, ppm, tombs)
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)[..., None], mask


def _score_map(patch: np.ndarray, tpl: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """Mean over the channels of the normalised correlation at every shift, where the
    template counts."""
    image, mask = tpl
    channels = image.shape[2]
    out = None
    for k in range(channels):
        s = cv2.matchTemplate(patch[..., k], image[..., k], cv2.TM_CCOEFF_NORMED, mask=mask)
        # a flat channel (a blob, a washed-out patch) has no correlation to speak of
        s = np.nan_to_num(s, nan=0.0, posinf=0.0, neginf=0.0)
        out = s if out is None else out + s
    return out / channels


def art_patch(image: np.ndarray, scale: float, grid: Grid, centre: tuple[float, float],
              span: float, ppm: float) -> np.ndarray:
    """The table round `centre` seen square-on: `span` mm across at `ppm`, float32 BGR."""
    origin = (centre[0] - span / 2, centre[1] - span / 2)
    return rectify(image, grid.homography, scale, origin, span, ppm).astype(np.float32)


def _best(patch: np.ndarray, tpl: tuple[np.ndarray, np.ndarray],
          origin: tuple[float, float], ppm: float, span: float
          ) -> tuple[float, tuple[float, float]]:
    """The best score of `tpl` in `patch` and where the tile's centre then lies (mm)."""
    score = _score_map(patch, tpl)
    _, best, _, (dx, dy) = cv2.minMaxLoc(score)
    return float(best), (origin[0] + dx / ppm + span / 2, origin[1] + dy / ppm + span / 2)


def match(image: np.ndarray, scale: float, grid: Grid, cell: tuple[int, int],
          candidates: list[str]) -> list[ArtMatch]:
    """The best few (tile, quarter turn) found in the cell, refined, best first. Every
    quarter turn counts as its own candidate: even a cross's turns are different tables
    (the judge and the table file record the turn), told apart by the print's id, horns
    and the walls' courses."""
    centre = (CELL * cell[0], CELL * cell[1])
    span = COARSE_SPAN + 2 * REACH
    patch = art_patch(image, scale, grid, centre, span, COARSE_PPM)
    # coarsely by lightness alone (a third of the work): it ranks corridors and icons;
    # colour is judged finely, and where look-alikes differ (hidden.py)
    patch = cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY)[..., None]
    origin = (centre[0] - span / 2, centre[1] - span / 2)
    coarse: list[ArtMatch] = []
    # a mark seen but not read says the turn (outlines.py): the others need no look
    turns = (grid.marked[cell],) if cell in grid.marked else (0, 90, 180, 270)
    for tile in candidates:
        for rot in turns:
            s, at = max(_best(patch, _grey(tile, rot, COARSE_SPAN, COARSE_PPM, v), origin,
                              COARSE_PPM, COARSE_SPAN) for v in _variants())
            coarse.append(ArtMatch(tile, rot, at, rot, s))
    coarse.sort(key=lambda m: -m.score)
    # the best few again a few degrees either way (a hand turns a tile up to ~8 degrees)
    for k, m in enumerate(coarse[:TURNED]):
        for da in COARSE_ANGLES:
            s, at = max(_best(patch, _grey(m.tile, m.rot + da, COARSE_SPAN, COARSE_PPM, v),
                              origin, COARSE_PPM, COARSE_SPAN) for v in _variants())
            if s > coarse[k].score:
                coarse[k] = ArtMatch(m.tile, m.rot, at, m.rot + da, s)
    coarse.sort(key=lambda m: -m.score)
    fine = [refine(image, scale, grid, m) for m in coarse[:REFINE]]
    fine.sort(key=lambda m: -m.score)
    return fine


def refine(image: np.ndarray, scale: float, grid: Grid, m: ArtMatch) -> ArtMatch:
    """The match searched finely around its coarse pose."""
    span = FINE_SPAN + 2 * FINE_SHIFT
    patch = art_patch(image, scale, grid, m.centre, span, FINE_PPM)
    origin = (m.centre[0] - span / 2, m.centre[1] - span / 2)
    best = m
    first = True
    for da in FINE_STEPS:
        angle = m.angle + da
        s, at = max(_best(patch, template(m.tile, round(angle * 2) / 2, FINE_SPAN, FINE_PPM,
                                          v), origin, FINE_PPM, FINE_SPAN)
                    for v in _variants())
        if first or s > best.score:
            best = ArtMatch(m.tile, m.rot, at, round(angle * 2) / 2, s)
            first = False
    return best


COVERED_NOISE = 4.0         # a px this many times the fit's noise off the print: covered
MAX_COVERED = 0.5           # a tile judged by its art is at most this share covered
UNVEIL_ROUNDS = 2           # the pose found again without what covers it, this often
COVER_BLOCKS = 4            # the print's levels are fitted in this many blocks a side ...
COVER_TOLERANCE = 30.0      # ... and the one explaining most px within this (0-255) kept


def unveiled(image: np.ndarray, scale: float, grid: Grid, m: ArtMatch
             ) -> tuple[ArtMatch, float]:
    """The match judged on what is not covered, and the share covered. A finger lying on
    a tile (on its one marker, the discreet print) covers a third of it or more: a plain
    correlation over the whole then drops below what any tile scores, and the finger's
    edges drag the pose off (the benchmark's hidden preset). The px the print does not
    explain at the pose (far off its fit, in a blob) are left out, and the pose is
    searched again finely without them; its score is the correlation over the rest."""
    span = FINE_SPAN + 2 * FINE_SHIFT
    best, share = m, 0.0
    for _ in range(UNVEIL_ROUNDS):
        covered = _covered(image, scale, grid, best)
        share = float(covered.mean())
        patch = art_patch(image, scale, grid, best.centre, span, FINE_PPM)
        origin = (best.centre[0] - span / 2, best.centre[1] - span / 2)
        found = best
        for da in FINE_STEPS:
            angle = round((best.angle + da) * 2) / 2
            image_t, mask = template(best.tile, angle, FINE_SPAN, FINE_PPM, True)
            s, at = _best(patch, (image_t, mask * (1.0 - covered)), origin, FINE_PPM,
                          FINE_SPAN)
            if found is best or s > found.score:
                found = ArtMatch(best.tile, best.rot, at, angle, s, share)
        best = found
    return best, share


def _hidden(image: np.ndarray, scale: float, grid: Grid, m: ArtMatch, n: int
            ) -> np.ndarray | float:
    """`_covered` as n x n px (FINE_SPAN round `m`), if `unveiled` found `m` covered."""
    if m.covered <= 0:
        return 0.0
    return cv2.resize(_covered(image, scale, grid, m), (n, n),
                      interpolation=cv2.INTER_NEAREST)


def _covered(image: np.ndarray, scale: float, grid: Grid, m: ArtMatch) -> np.ndarray:
    """1 where the photo round `m`'s pose (FINE_SPAN at FINE_PPM, table frame) shows
    something its print does not explain, in blobs (float32 1/0)."""
    photo = art_patch(image, scale, grid, m.centre, FINE_SPAN, FINE_PPM)
    image_t, mask = template(m.tile, round(m.angle * 2) / 2, FINE_SPAN, FINE_PPM, True)
    use = mask > 0
    soft = cv2.GaussianBlur(image_t, (0, 0), 1.0)
    # The print's levels from the block of the cell whose fit explains most of the rest:
    # one fit over the whole shrinks to the finger's colour when it covers a third
    n = use.shape[0]
    step = -(-n // COVER_BLOCKS)
    best_err, best_count = None, -1
    for y in range(0, n, step):
        for x in range(0, n, step):
            block = np.zeros_like(use)
            block[y:y + step, x:x + step] = use[y:y + step, x:x + step]
            if block.sum() < 0.5 * step * step or np.ptp(soft[block].mean(axis=1)) < 40:
                continue            # too little of the print, or too plain to fix a gain
            err = _length(photo - _fit(photo, soft, block)[0])
            count = int((err[use] < COVER_TOLERANCE).sum())
            if count > best_count:
                best_err, best_count = err, count
    if best_err is None:
        best_err = _length(photo - _fit(photo, soft, use)[0])
    err = best_err
    noise = max(float(np.percentile(err[use], 30)), 4.0)
    far = ((err > COVERED_NOISE * noise) & use).astype(np.uint8)
    kernel = np.ones((3, 3), np.uint8)
    blobs = cv2.dilate(cv2.morphologyEx(far, cv2.MORPH_OPEN, kernel), kernel)
    return (blobs * use).astype(np.float32)


def warp_face(tile_id: str, centre: tuple[float, float], angle: float,
              origin: tuple[float, float], n: int, ppm: float, markers: bool = False
              ) -> tuple[np.ndarray, np.ndarray]:
    """A tile's print lying at `centre` turned `angle`, seen in a table-frame patch (top
    left `origin`, n px at `ppm`): float32 BGR, and where it counts (`_counts`; its
    markers' squares too if `markers`)."""
    c = tile_spec().centre
    a = math.radians(angle)
    r_inv = np.array([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]])
    lin = FACE_PPM * r_inv / ppm
    start = np.array(origin) + 0.5 / ppm - np.array(centre)
    off = FACE_PPM * (np.array([c, c]) + r_inv @ start) - 0.5
    m = np.c_[lin, off]
    face = printed_faces(FACE_PPM)[tile_id]
    image = cv2.warpAffine(face, m, (n, n), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                           borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    weight = cv2.warpAffine(_counts(tile_id, markers), m, (n, n),
                            flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderValue=0.0)
    return image, (weight > 0.99).astype(np.float32)


TOMB_REACH = 8.5            # mm round a prisoner that a tomb put on it may cover
STRAY_TOMB_OFF = 1.5        # mm: a tomb knocked onto a marker lies this far off its centre


@per_design
def _counts(tile_id: str, markers: bool = False) -> np.ndarray:
    """Where a tile's print counts when two prints are compared (face px, FACE_PPM): its
    middle FINE_SPAN mm, not its markers' squares (unless `markers`: for the best, they
    are what is covered; a rival's markers lie elsewhere, where the photo shows what the
    best prints, so they count against the rival unless covered too), not where a tomb on
    its prisoner may lie (a tomb belongs there: it is no sign of another tile)."""
    c = tile_spec().centre
    inner = np.zeros_like(_marker_mask())
    lo = round((c - FINE_SPAN / 2) * FACE_PPM)
    inner[lo:-lo, lo:-lo] = 1.0
    if not markers:
        inner *= 1.0 - _marker_mask()
    return inner * (1.0 - _prisoners_only(tile_id))


def _fit(photo: np.ndarray, tpl: np.ndarray, use: np.ndarray, min_gain: float = 0.0
         ) -> tuple[np.ndarray, float]:
    """The template on the photo's levels, keeping the print's colours: the white balance
    from the tile's own paper (the photo's colour where the print has its corridors, over
    the print's), then one gain (the light) and one offset (glare adds white) for all
    channels, least squares over `use` (every other px), once more without the worst
    third (a finger, a glare spot). Per-channel gains and offsets would map any
    two-coloured print onto any other: a blue tile's walls onto red ones."""
    sample = use.copy()
    sample[1::2, :] = False
    sample[:, 1::2] = False
    t = tpl[sample].astype(np.float32)                # n x 3
    p = photo[sample].astype(np.float32)
    paper = (t.min(axis=1) > 215) & (np.ptp(t, axis=1) < 40)
    balance = np.ones(3, np.float32)
    if paper.sum() >= 30:
        ratio = np.median(p[paper], axis=0) / np.maximum(np.median(t[paper], axis=0), 1.0)
        balance = ratio / max(float(ratio.mean()), 1e-6)
    t = t * balance
    keep = np.ones(len(t), bool)
    gain, offset = 1.0, 0.0
    for _ in range(2):
        tk, pk = t[keep].ravel(), p[keep].ravel()
        var = float(tk.var())
        gain = float(((tk - tk.mean()) * (pk - pk.mean())).mean()) / var if var > 1e-6 else 0.0
        # a print that does not fit would shrink towards a flat grey, which "explains" any
        # grey thing (a finger): it keeps the contrast the light gives the other print
        gain = max(gain, min_gain)
        offset = float(pk.mean()) - gain * float(tk.mean())
        err = np.abs(p - (t * gain + offset)).sum(axis=1)
        keep = err <= np.percentile(err, 67)
    return tpl * (balance * gain).astype(np.float32) + np.float32(offset), gain


SOFTNESS = (0.0, 1.0, 2.0, 3.0)     # Gaussian sigmas (px at VOTE_PPM) tried on the prints


def softness(image: np.ndarray, scale: float, grid: Grid, a: ArtMatch) -> float:
    """How soft the photo is where `a` lies: the blur of its print that explains it best
    (the prints are sharp, a photo is not: blur, a 3 MP sensor, JPEG)."""
    n = round(FINE_SPAN * VOTE_PPM)
    origin = (a.centre[0] - FINE_SPAN / 2, a.centre[1] - FINE_SPAN / 2)
    photo = art_patch(image, scale, grid, a.centre, FINE_SPAN, VOTE_PPM)
    ta, wa = warp_face(a.tile, a.centre, a.angle, origin, n, VOTE_PPM)
    use = (wa * (1.0 - _hidden(image, scale, grid, a, n))) > 0
    best, chosen = None, 0.0
    for sigma in SOFTNESS:
        soft = cv2.GaussianBlur(ta, (0, 0), sigma) if sigma else ta
        err = float(np.median(np.abs(photo - _fit(photo, soft, use)[0]).sum(axis=2)[use]))
        if best is None or err < best:
            best, chosen = err, sigma
    return chosen


@dataclass(frozen=True)
class VoteMaps:
    photo: np.ndarray           # the cell, table frame, VOTE_PPM
    fit_a: np.ndarray           # a's print on the photo's levels
    fit_b: np.ndarray
    like_a: np.ndarray          # px that show a's print where the two differ
    like_b: np.ndarray
    covered: np.ndarray         # px like neither (a finger, a tomb, glare)
    apart: np.ndarray           # where the two prints differ (and count)

    def tint(self) -> tuple[float, float, int]:
        """Over where the prints differ and the photo shows one of them (not covered):
        how far the photo's median colour lies from each print's (the same design in two
        colours differs there only in its walls' tint: a faint difference per px, clear
        in the median of thousands), and how many px that is."""
        seen = self.apart & ~self.covered
        count = int(seen.sum())
        if count == 0:
            return 0.0, 0.0, 0

        def chroma(px: np.ndarray) -> np.ndarray:
            # the median colour less its own grey level: a fit's small error in lightness
            # is no colour
            m = np.median(px, axis=0)
            return m - m.mean()

        photo = chroma(self.photo[seen])
        return (float(np.linalg.norm(photo - chroma(self.fit_a[seen]))),
                float(np.linalg.norm(photo - chroma(self.fit_b[seen]))), count)


def votes(image: np.ndarray, scale: float, grid: Grid, a: ArtMatch, b: ArtMatch,
          sigma: float | None = None) -> tuple[int, int, int]:
    """Where the prints of `a` and `b` differ (both where `a` lies, mapped onto the
    photo's levels): how many px the photo shows as `a` prints them, how many as `b`, and
    how many as neither (a finger, a tomb, glare: covered). Two look-alikes whose
    difference is covered stay undecided."""
    return Comparison(image, scale, grid, a, sigma).votes(b)


def vote_maps(image: np.ndarray, scale: float, grid: Grid, a: ArtMatch, b: ArtMatch,
              sigma: float | None = None) -> VoteMaps | None:
    """The maps behind `votes` (None if the two prints share too little of the cell)."""
    return Comparison(image, scale, grid, a, sigma).maps(b)


class Comparison:
    """The photo where `a` lies, against `a`'s print and any rival's, both where `a` lies
    (its pose fits the photo best; a look-alike has the same corridors, so the same pose):
    only their prints differ, not their placing. `sigma`: the photo's `softness` there
    (found if not given)."""

    def __init__(self, image: np.ndarray, scale: float, grid: Grid, a: ArtMatch,
                 sigma: float | None = None) -> None:
        self.a = a
        self.n = round(FINE_SPAN * VOTE_PPM)
        self.origin = (a.centre[0] - FINE_SPAN / 2, a.centre[1] - FINE_SPAN / 2)
        self.photo = art_patch(image, scale, grid, a.centre, FINE_SPAN, VOTE_PPM)
        self.sharp_a, self.wa = warp_face(a.tile, a.centre, a.angle, self.origin, self.n,
                                           VOTE_PPM)
        # A finger found on the tile (`unveiled`) is no print's light: left out of the
        # fits. Not of the votes: what `a` does not explain may be a rival's print (a
        # chest, an id where another turn has them), and a finger is like neither.
        self.clear = (1.0 - _hidden(image, scale, grid, a, self.n)) > 0
        self.sigma = softness(image, scale, grid, a) if sigma is None else sigma
        self.ta = self._soft(self.sharp_a)
        # Each print is mapped onto the photo's levels by its own white balance, gain and
        # offset (so another colour is judged fairly), as soft as the photo.
        self.fa, self.gain = _fit(self.photo, self.ta, (self.wa > 0) & self.clear)

    def _soft(self, image: np.ndarray) -> np.ndarray:
        return cv2.GaussianBlur(image, (0, 0), self.sigma) if self.sigma else image

    def votes(self, b: ArtMatch) -> tuple[int, int, int]:
        maps = self.maps(b)
        if maps is None:
            return 0, 0, 0
        return int(maps.like_a.sum()), int(maps.like_b.sum()), int(maps.covered.sum())

    def maps(self, b: ArtMatch) -> VoteMaps | None:
        a = self.a
        angle = a.angle - a.rot + b.rot
        sharp_b, wb = warp_face(b.tile, a.centre, angle, self.origin, self.n, VOTE_PPM,
                                 markers=True)
        own_b = warp_face(b.tile, a.centre, angle, self.origin, self.n, VOTE_PPM)[1]
        use = (self.wa * wb) > 0
        if use.sum() < 400:
            return None
        # compared only where the prints themselves differ, so that the two mappings
        # differing a little along shared edges decides nothing
        apart = use & (np.abs(self.sharp_a - sharp_b).max(axis=2) > APART)
        fb, _ = _fit(self.photo, self._soft(sharp_b), (own_b > 0) & self.clear,
                     MIN_GAIN * self.gain)
        # the light across the cell, from where both prints are equally light (so it
        # favours neither; two colours' walls are): a finger's or a hand's shadow darkens
        # a corridor next to it, which one level for the whole cell would call like
        # neither print
        alike = np.abs(self.sharp_a.mean(axis=2) - sharp_b.mean(axis=2)) <= APART
        light = shading(self.photo, (self.fa, fb), use & alike)
        fa, fb = self.fa * light, fb * light
        # the light is known only roughly where the prints differ over a large area (a
        # chest, a marker): there a print may be as light as the light a few mm round
        near = np.ones((SHADE_NEAR, SHADE_NEAR), np.uint8)
        dim, bright = cv2.erode(light, near)[..., None], cv2.dilate(light, near)[..., None]
        spread = (dim / light, bright / light)
        # a px may be a px off where it was printed (pose, lens, paper): it is explained
        # by a print if it lies within the print's levels around it
        ea, eb = _off_range(self.photo, fa, *spread), _off_range(self.photo, fb, *spread)
        # how far a px a print explains still lies from it: noise, JPEG, the pose
        noise = max(float(np.median(np.minimum(ea, eb)[use])), 4.0)
        # like a print: as close to it as the photo's noise allows, and clearly closer
        # than to the other; like neither (covered): far from both
        like_a = apart & (ea < 2.5 * noise) & (eb > ea + 2.0 * noise)
        like_b = apart & (eb < 2.5 * noise) & (ea > eb + 2.0 * noise)
        covered = apart & (ea > 3.0 * noise) & (eb > 3.0 * noise)
        return VoteMaps(self.photo, fa, fb, like_a, like_b, covered, apart)


SHADE_BLOCK = 3.0           # mm: the light is judged in blocks this wide ...
SHADE_MIN = 0.25            # ... from at least this share of their px, else from nearby
SHADE_LIMITS = (0.5, 1.5)   # a shadow or a brighter patch, relative to the cell's level
SHADE_NEAR = 25             # px (6 mm at VOTE_PPM): how far the light's level may come from


def shading(photo: np.ndarray, fitted: tuple[np.ndarray, ...], use: np.ndarray
            ) -> np.ndarray:
    """The light across the patch relative to its one level (h x w x 1, about 1): the
    photo's lightness over the fitted prints' (equally light on `use`), in blocks (their
    median), over `use` px whose colour one of the prints explains once scaled (a
    finger's skin is no shadow), spread smoothly to blocks with too few such px. 1 where
    nothing says otherwise."""
    h, w = photo.shape[:2]
    lum_p = photo.mean(axis=2)
    ratio = lum_p / np.maximum(sum(f.mean(axis=2) for f in fitted) / len(fitted), 1.0)
    # a print's colour scaled by the ratio must be the photo's (a shadow keeps colour)
    off = np.min([_length(photo - f * ratio[..., None]) for f in fitted], axis=0)
    good = use & (off < 0.12 * lum_p + 6.0) & (ratio > SHADE_LIMITS[0]) & (
        ratio < SHADE_LIMITS[1])
    k = max(2, round(SHADE_BLOCK * VOTE_PPM))
    by, bx = -(-h // k), -(-w // k)
    # blocks of k x k px (the edge ones padded with px that do not count)
    values = np.full((by * k, bx * k), np.nan, np.float32)
    values[:h, :w] = np.where(good, ratio, np.nan)
    blocks = values.reshape(by, k, bx, k).transpose(0, 2, 1, 3).reshape(by, bx, k * k)
    counted = np.isfinite(blocks).sum(axis=2)
    weight = (counted >= SHADE_MIN * k * k).astype(np.float32)
    if not weight.any():
        return np.ones((h, w, 1), np.float32)
    # each block's median over the px that count (NaN sorts last)
    ordered = np.sort(blocks, axis=2)
    middle = np.maximum(counted - 1, 0)[..., None] // 2
    level = np.where(weight > 0, np.take_along_axis(ordered, middle, axis=2)[..., 0], 1.0)
    # blocks without a say: the weighted mean of those near them (normalised convolution)
    around = cv2.GaussianBlur(weight, (0, 0), 1.0)
    near = cv2.GaussianBlur(level * weight, (0, 0), 1.0) / np.maximum(around, 1e-3)
    filled = np.where(weight > 0, level, np.where(around > 0.05, near, 1.0))
    smooth = cv2.resize(filled.astype(np.float32), (bx * k, by * k),
                        interpolation=cv2.INTER_LINEAR)[:h, :w]
    return np.clip(smooth, *SHADE_LIMITS)[..., None]


def _off_range(photo: np.ndarray, fitted: np.ndarray, dim: np.ndarray | float = 1.0,
               bright: np.ndarray | float = 1.0) -> np.ndarray:
    """How far each photo px lies outside the levels the fitted print has within one px
    of it, scaled by `dim` to `bright` (how much darker or lighter the light may be
    there), per channel, then the length over the channels."""
    kernel = np.ones((3, 3), np.uint8)
    low, high = cv2.erode(fitted * dim, kernel), cv2.dilate(fitted * bright, kernel)
    out = np.maximum(low - photo, 0) + np.maximum(photo - high, 0)
    return _length(out)


def _length(v: np.ndarray) -> np.ndarray:
    """Each px's vector length over its channels (np.linalg.norm(v, axis=2), faster)."""
    return np.sqrt(np.einsum("ijk,ijk->ij", v, v))


def known_score(image: np.ndarray, scale: float, grid: Grid, pose: TilePose) -> float:
    """How well a tile read by its markers matches its own print here (fine, at its pose)."""
    m = ArtMatch(pose.tile, pose.rot, pose.centre, pose.angle, 0.0)
    return refine(image, scale, grid, m).score


def reference_level(image: np.ndarray, scale: float, grid: Grid, cell: tuple[int, int],
                    count: int = 3, cache: dict[str, float] | None = None) -> float:
    """The median score of the `count` tiles nearest the cell that were read by every
    marker their print has (classic two, discreet one), else (none) by their art: what a
    tile known to be there scores in this part of the photo. `cache` keeps the scores by
    tile id (one photo, one grid)."""
    printed = len(marker_places(current()))
    known = [p for p in grid.tiles if len(p.markers) >= printed and not p.ambiguous]
    if not known:
        # no marker read at all (a blurred 3 MP photo of the discreet print): the tiles
        # its art told clearly are what a tile there scores (benchmark photo 26)
        known = [p for p in grid.tiles if not p.markers and not p.ambiguous]
    known.sort(key=lambda p: (p.cell[0] - cell[0]) ** 2 + (p.cell[1] - cell[1]) ** 2)
    cache = {} if cache is None else cache
    for p in known[:count]:
        if p.tile not in cache:
            cache[p.tile] = known_score(image, scale, grid, p)
    scores = [cache[p.tile] for p in known[:count]]
    return float(np.median(scores)) if scores else 1.0


def identify_cell(image: np.ndarray, scale: float, grid: Grid, cell: tuple[int, int],
                  candidates: list[str]) -> CellArt:
    """The tile in `cell` among `candidates`, if its art says so clearly."""
    if not candidates:
        return CellArt(cell, None, None, 0.0, False)
    found = match(image, scale, grid, cell, candidates)
    reference = reference_level(image, scale, grid, cell)
    best = found[0]
    runner = found[1] if len(found) > 1 else None
    accepted = (best.score >= ACCEPT_SCORE and best.score >= ACCEPT_RELATIVE * reference
                and best.score - (runner.score if runner else 0.0) >= MARGIN)
    return CellArt(cell, best, runner, reference, accepted)

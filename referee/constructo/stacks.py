"""Reading one tile's stack from above: the tile seen square-on, its pixels sorted into red
tile, light (white piece) and dark (black piece), and the visible layers from the outside
in. Ruling "Components" (what shows from above):

- the largest piece seen is the lowest visible layer; each piece lying on it is smaller
  (ring 44 mm, medium 34 mm, small 20 mm) and of the other player (owners alternate);
- a ring on top shows its hole: red tile (a ring alone), or a small disc, and round that
  small disc either red ([small, ring], no tower) or a 3 mm band of medium disc of the
  ring's colour ([medium, small, ring], a tower): the hard case. Too little of that band
  seen, or neither red nor piece, is a problem, never a guess.

Pieces under the lowest visible layer cannot show and do not change the score (the top
piece and whether the tile holds a tower always show); the stack read is the shortest one
the rules allow (`stack_problem`) that shows exactly this.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field
from functools import cache

import cv2
import numpy as np

from pnp.geometry import constructo as geometry
from pnp.rules.constructo.pieces import NAMES

PPM = 6.0                   # px per mm of the square-on tile
HALF = 31.5                 # mm: the window reaches the tile's sides (a ring a quarter of
#                             its width off centre reaches them)
RED_SHARE = 0.45            # of the tile's own red chroma: still red (shadows halve it)
DARK_RED_SHARE = 0.7        # the same, for pixels as dark as a black piece
DARK_SHARE = 0.5            # of the tile's own red level: below is a black piece
# of the tile's paper white (its markers' quiet zones): below is a black piece too. A cast
# or a home print may dim the red's level next to a black piece's (a green cast takes the
# red, a light print lifts the black), never the paper's: a black face lies under 0.37 of
# it (a print's greys a third lighter), a white one in a piece's shadow over 0.5
DARK_OF_PAPER = 0.42
FACE_SPREAD = 1.15           # a black face's level this far over them: the same face
FACE_AROUND_MM = 4.0        # and no brighter than that much of what is round it
FACE_SEED_MM = 1.2          # a face is this wide at least (a white piece's grey line is
#                             0.35 mm)
MIN_LAYER_MM2 = 25.0        # smaller patches are crumbs (edges, dots), not layers
INNER_MM2 = 150.0           # a piece on another shows at least this (a small disc: 314)
DOT_MM2 = 12.0              # light patches this small inside black are its white dots
BAND_MARGIN = 0.7           # mm kept off the hole's and the small disc's edges
MIN_BAND_MM2 = 20.0         # less than this of the band in view: hidden
PIECE_SHARE = 0.5           # the band's share in the ring's colour: a medium disc under
SURE_SHARE = 0.75           # the band's share that must be red: no medium disc under
INNER_BAND_MM = 1.2         # the band's inner part: next to the small disc
INNER_PIECE_SHARE = 0.25    # that part's share in the ring's colour: a medium disc far off
UNDER_MM = 2.5              # a piece showing from under a ring this wide: not its outline
UNDER_SHARE = 0.7           # its share in the ring's colour: a medium disc (its cut edge aside)
KIND_RADII = {"ring": 22.0, "medium": 17.0, "small": 10.0}
EDGE_MM = 3.0               # what lies only this near a piece's edge is not on it
PEEK_MM = 9.0               # a lower ring shows round a ring at most this far out
TOP_EDGE_GAP = 0.2          # of two rings' circles, one this much more an outline is on top
KIND_SLOP = 3.0             # mm: an outer radius this far from every kind's is unreadable

WALL_MM = 3.0               # thickest card a set is mounted on: how far a cut edge may show
PIECE_MM = 2.0              # usual card (1.5-2 mm board and its print): the cut edge fitted
GLARE_STEP = 0.2            # hue the tile's red loses across a piece's edge, at least
EDGE_SHARE = 0.55           # of that drop, across its last mm: a step, not glare's slope
FILL_SHARE = 0.7            # of a top disc's circle in its colour, at least
LOWER_DOTS_SEEN = 0.5       # of a lower black piece's dot circle in view: whole dots, told
# a light piece showing dots at its kind's rhythm this strongly is a black one paled by
# glare or a cast (white faces, on top or under it: medium and ring under 0.2, a small
# disc's plain face up to 0.36 on 270 benchmark photos)
DOTS_RHYTHM = {"ring": 0.3, "medium": 0.25, "small": 0.4}
GLARE_MM2 = 20.0            # this much of a tile's red paled pink: glare lies on it
SKIN_MM2 = 15.0             # this much orange on a tile is something on it (a finger)
OURS_MM = 25.0              # a piece on this tile shows something this near its centre
SMOOTH_PX = 5               # median window (under 1 mm): sensor noise off, dots kept

RED, LIGHT, DARK = 0, 1, 2
OWNER = {LIGHT: "white", DARK: "black"}
UNREAD_MM2 = 30.0           # black beyond the pieces read (a missed ring shows hundreds; the
#                             pieces read explain all but under 1 mm2 on right readings)
UNREAD_MARGIN_MM = 4.0      # kept off the pieces read (cut edges, soft shadows)
UNREAD_REACH_MM = 25.0      # from the tile's centre: no neighbour's piece reaches so far in


@dataclass(frozen=True)
class Lean:
    """Which way the camera looks at a tile, in the tile's frame: `away` (a unit vector)
    is where a thing higher up is seen moved to, `per_mm` how far (mm per mm of height).
    A slab's cut edge shows on its near side (towards the camera, -away), a ring's inner
    wall on the far side of its hole. Square-on: no lean."""

    away: tuple[float, float] = (1.0, 0.0)
    per_mm: float = 0.0

    @property
    def wall(self) -> float:
        """How wide (mm) the thickest card's cut edge can show."""
        return WALL_MM * self.per_mm


@dataclass
class Layer:
    kind: str
    owner: str
    centre_mm: tuple[float, float]      # tile frame
    radius_mm: float                    # its outer radius as seen
    dots: int = 0                       # white dots seen on it (a black piece's mark)

    def to_dict(self) -> dict:
        return {"piece": self.kind, "owner": self.owner, "dots": self.dots,
                "centre_mm": [round(v, 1) for v in self.centre_mm],
                "radius_mm": round(self.radius_mm, 1)}


@dataclass
class StackLook:
    layers: list[Layer] = field(default_factory=list)   # visible, from the bottom up
    band: str | None = None      # a top ring round a small disc: "red", "piece" or "unclear"
    band_seen_mm2: float = 0.0
    hidden_ring: Layer | None = None   # a lower ring's rim seen round the visible stack
    problem: str | None = None   # why the stack cannot be read (a STACK_UNCLEAR/BAND_HIDDEN)
    code: str | None = None

    def stack(self) -> list[tuple[str, str]]:
        """(owner, kind) bottom to top: the shortest stack the rules allow that shows so."""
        out = [(layer.owner, layer.kind) for layer in self.layers]
        if self.band == "piece" and out:
            # [medium, small, ring]: the band is a medium disc of the ring's owner under it
            out.insert(0, (out[-1][0], "medium"))
        return out


def rectify_tile(image: np.ndarray, scale: float, to_photo: np.ndarray) -> np.ndarray:
    from referee.geometry import rectify

    return rectify(image, to_photo, scale, (-HALF, -HALF), 2 * HALF, PPM)


@cache
def _grid() -> tuple[np.ndarray, np.ndarray]:
    n = round(2 * HALF * PPM)
    c = (np.arange(n) + 0.5) / PPM - HALF
    return np.meshgrid(c, c)


@cache
def _marker_mask(n: int) -> np.ndarray:
    mask = np.zeros((n, n), np.uint8)
    for place in geometry.marker_places():
        pts = (np.array(place.quiet, float) + HALF) * PPM
        cv2.fillPoly(mask, [np.round(pts).astype(np.int32)], 255)
    return mask > 0


def levels(tile: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Per pixel its level (the brightest channel), hue (red chroma over level: the
    tile's red high, pieces and glare low, a shadow changes it little) and whether it is
    pink, not orange (green and blue alike: red washed towards white, as glare does; a
    white piece in warm light has more green than blue), after a median under 1 mm
    (sensor noise off, a piece's dots kept)."""
    img = cv2.medianBlur(tile, SMOOTH_PX)
    b, g, r = (c.astype(np.float32) for c in cv2.split(img))
    top = np.maximum(np.maximum(b, g), r)
    chroma = r - np.maximum(g, b)
    return top, chroma / np.maximum(top, 1.0), (g - b) < 0.3 * (r - g)


def red_of(seen: tuple[np.ndarray, np.ndarray, np.ndarray]) -> float:
    """A tile's own red hue (its free corners; `seen`: its `levels`): the photo's is the
    tiles' median."""
    return float(np.median(seen[1][_free_corners()]))


def glare_mm2(seen: tuple[np.ndarray, np.ndarray, np.ndarray], red_hue: float,
              piece: np.ndarray | None = None) -> float:
    """How much of the tile is pale pink: its red washed towards white, brighter than its
    red and paler, over more than a crumb (glare pales it little by little; under
    GLARE_MM2, crumbs and all). `piece`:
    where a piece with a sharp outline lies (a white piece in a pink cast is pale pink
    too, but it has an outline; glare has none)."""
    top, hue, pink = seen
    red_top = float(np.median(top[_free_corners()]))
    washed = (pink & (hue > 0.2 * red_hue) & (hue < 0.7 * red_hue) & (top > 0.9 * red_top)
              & _usable())
    if piece is not None:
        washed &= ~piece
    if washed.sum() <= GLARE_MM2 * PPM ** 2:
        return float(washed.sum()) / PPM ** 2     # under glare's least either way: the
    #                                             opening (crumbs off) only takes away
    return float(_open(washed, 1.5).sum()) / PPM ** 2


def paper_of(top: np.ndarray) -> float:
    """A tile's paper white: the level its markers' quiet zones show (a marker is half
    white; a piece on one shows its own white dots or face, or its black, which only
    lowers this)."""
    return float(np.percentile(top[_marker_mask(top.shape[0])], 90))


@cache
def _free_corners() -> np.ndarray:
    """The tile's corners without a marker, as printed: its own red."""
    xs, ys = _grid()
    rad = np.hypot(xs, ys)
    ang = np.degrees(np.arctan2(ys, xs)) % 360
    free = np.zeros_like(rad, bool)
    for a in (60.0, 180.0, 300.0):
        d = np.abs((ang - a + 180) % 360 - 180)
        free |= (d < 8) & (rad > 28.0) & (rad < 31.0)
    return free


@cache
def _usable() -> np.ndarray:
    """Where this tile's pieces may show: on the tile (not past its sides, where the next
    tile's pieces lie), not on a marker."""
    xs, ys = _grid()
    hexagon = np.zeros(xs.shape, np.uint8)
    pts = (np.array(geometry.hex_outline(-0.5)) + HALF) * PPM - 0.5
    cv2.fillPoly(hexagon, [np.round(pts * 16).astype(np.int32)], 1, cv2.LINE_8, 4)
    return (hexagon > 0) & (np.hypot(xs, ys) < HALF - 0.5) & ~_marker_mask(xs.shape[0])


def classify(tile: np.ndarray,
             seen: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None
             ) -> tuple[np.ndarray, np.ndarray]:
    """Per pixel RED, LIGHT or DARK, judged against the tile's own red (its free corners),
    and the mask of where pieces may lie (not the markers, inside the window's circle).
    `seen`: the tile's `levels`, if already known."""
    top, hue, _pink = seen if seen is not None else levels(tile)
    free = _free_corners()
    red_top = float(np.median(top[free]))
    red_hue = float(np.median(hue[free]))
    cls = np.full(top.shape, LIGHT, np.uint8)
    black = _black(top, max(DARK_SHARE * red_top, DARK_OF_PAPER * paper_of(top)))
    cls[black] = DARK
    red = (hue > RED_SHARE * max(red_hue, 0.15)) & (top > 0.2 * red_top)
    # a black face in warm light is a little red, and a dim room's noise lifts that: at a
    # black piece's level only nearly the tile's own hue is the tile (in a shadow)
    cls[red & (~black | (hue > DARK_RED_SHARE * red_hue))] = RED
    # a white piece's thin grey line is no black piece: open the dark mask
    dark = (cls == DARK).astype(np.uint8)
    k = max(3, round(0.9 * PPM) | 1)
    opened = cv2.morphologyEx(dark, cv2.MORPH_OPEN, cv2.getStructuringElement(
        cv2.MORPH_ELLIPSE, (k, k)))
    cls[(dark > 0) & (opened == 0)] = LIGHT
    return cls, _usable()


def _black(top: np.ndarray, level: float) -> np.ndarray:
    """Where a black piece's face lies: below `level`, and a little above it where that
    joins such a face. A home print's lighter greys lift a black face to about `level`,
    splitting one face into black and white patches; a face is one piece, one colour.
    Its white dots, dimmed in a shadow, stand out of the face round them: not joined.
    One level for the whole face: what joins it lies within FACE_SPREAD of the face's
    own level, so a face far under `level` (plainly black) takes in no white piece in a
    shadow whose cut edge ramps down to it; a face is wider than a white piece's grey
    line or cut outline, which starts none."""
    sure = top < level
    k = round(FACE_AROUND_MM * PPM) | 1
    around = cv2.blur(top, (k, k))
    near = (top < FACE_SPREAD * level) & (top < FACE_SPREAD * around)
    n, labels = cv2.connectedComponents(near.astype(np.uint8), connectivity=8)
    faces = np.zeros(n, bool)
    faces[labels[_open(sure, FACE_SEED_MM)]] = True
    faces[0] = False
    # every third pixel each way (half a mm) tells a face's level
    level_of = _medians(top[::3, ::3], labels[::3, ::3], faces)
    return sure | (faces[labels] & (top < FACE_SPREAD * level_of[labels]))


def _medians(values: np.ndarray, labels: np.ndarray, chosen: np.ndarray) -> np.ndarray:
    """The median level (whole grey steps, 0 to 255) of each label `chosen` picks out
    (0 for the others), by each one's histogram."""
    index = np.cumsum(chosen) * chosen - 1          # the chosen ones numbered 0, 1, ...
    m = int(chosen.sum())
    out = np.zeros(len(chosen), np.float32)
    if m == 0:
        return out
    at = index[labels]
    keep = at >= 0
    steps = np.clip(values[keep], 0, 255).astype(np.int64)
    hist = np.bincount(at[keep] * 256 + steps, minlength=m * 256).reshape(m, 256)
    cum = np.cumsum(hist, axis=1)
    out[chosen] = np.argmax(cum >= (cum[:, -1:] + 1) // 2, axis=1)
    return out


@dataclass
class _Blob:
    colour: int
    mask: np.ndarray          # its own pixels (what shows of it)
    filled: np.ndarray        # its whole disc: it and everything on it
    filled_area: float        # mm2
    centre: tuple[float, float]
    dots: int = 0
    radius: float = 0.0                 # mm: the circle round it
    disc: tuple[float, float] = (0.0, 0.0)   # that circle's centre


def _fill(mask: np.ndarray) -> np.ndarray:
    """The largest patch of `mask` (by the area its outline holds), its holes filled.
    Outlines, not labelled components: quicker, and the same patch."""
    contours, _h = cv2.findContours(mask.astype(np.uint8), cv2.RETR_EXTERNAL,
                                    cv2.CHAIN_APPROX_NONE)
    filled = np.zeros(mask.shape, np.uint8)
    if contours:
        cv2.drawContours(filled, [max(contours, key=cv2.contourArea)], -1, 1, -1)
    return filled > 0


def _dots(cls: np.ndarray, usable: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """A black piece's white dots (small light patches) made part of the black round them,
    and the dots large enough to count, numbered (0: none)."""
    px2 = 1.0 / PPM ** 2
    cls = cls.copy()
    light = (cls == LIGHT) & usable
    # a dot may touch the piece's light cut edge: thin bridges do not join patches
    light = _open(light, 0.8)
    _n, labels, stats, _c = cv2.connectedComponentsWithStats(light.astype(np.uint8), 8)
    area = stats[:, cv2.CC_STAT_AREA] * px2
    small = area < DOT_MM2
    small[0] = False
    grow = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    dot = cv2.dilate(small[labels].astype(np.uint8), grow) > 0
    cls[dot & (cls == LIGHT)] = DARK
    counted = small & (area > 1.5)
    return cls, np.where(counted[labels], labels, 0)


def _count(numbered: np.ndarray, where: np.ndarray) -> int:
    """How many of the numbered patches (0: none) reach into `where`."""
    found = np.unique(numbered[where])
    return int(np.count_nonzero(found))


def _open(mask: np.ndarray, mm: float) -> np.ndarray:
    k = max(3, round(mm * PPM) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    return cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_OPEN, kernel).astype(bool)


def _peel(cls: np.ndarray, usable: np.ndarray, lean: Lean = Lean()) -> list[_Blob]:
    """The visible layers from the outside in: the whole patch of pieces is the lowest
    visible piece's disc; its colour the one round its far edge (the near edge shows its
    cut edge, grey); what lies inside it of another colour is the next piece's disc, and
    so on. A ring's inner wall, on the far side of its hole, is the ring's."""
    px2 = 1.0 / PPM ** 2
    cls, dots = _dots(cls, usable)
    piece = _ours((cls != RED) & usable)
    region = _fill(piece)
    xs, ys = _grid()
    k = max(3, round(1.5 * PPM) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    out: list[_Blob] = []
    cut = _cut_off()            # where an outline is not a piece's own edge
    below = np.inf              # px: the piece under the next one
    while region.sum() * px2 >= MIN_LAYER_MM2 and len(out) < 4:
        centre = (float(xs[region].mean()), float(ys[region].mean()))
        # its disc: the circle round what shows of it (a piece on it may hang over its
        # edge and meet the piece below, so the patch alone may be open on one side), its
        # top's outline: the far side, where no cut edge of its own shows
        # without dots or crumbs on its edge (a black piece's dots under it run into it)
        core = _open(region, 4.2 if out and out[-1].colour == DARK else 3.2)
        contours, _h = cv2.findContours((core if core.any() else region).astype(np.uint8),
                                        cv2.RETR_EXTERNAL,
                                        cv2.CHAIN_APPROX_NONE)
        outline = _convex_part(max(contours, key=cv2.contourArea).reshape(-1, 2))
        top, rad, fitted = _fit_top(outline, lean, cut)
        sized = _sized(outline, top, rad, fitted, lean)
        (cx, cy), rad = _most_on(outline, *sized, lean, below, cut, cls)
        # what the next piece may be as large as: this outline as fitted (larger than a
        # ring: a lower ring peeks out, and a ring lies on it)
        below = max(rad, sized[1])
        radius = rad / PPM
        disc = (cx + 0.5) / PPM - HALF, (cy + 0.5) / PPM - HALF
        # its colour: the one along the inside of that circle (its cut edge lies outside
        # it; a piece on it hanging over its edge covers only part of it)
        edge = region & _disc(disc, radius) & ~_disc(disc, radius - 1.5)
        if not edge.any():
            edge = region & ~cv2.erode(region.astype(np.uint8), kernel).astype(bool)
        light = int(np.sum(cls[edge] == LIGHT))
        dark = int(np.sum(cls[edge] == DARK))
        colour = LIGHT if light >= dark else DARK
        own = region & (cls == colour)
        n_dots = _count(dots, region) if colour == DARK else 0
        out.append(_Blob(colour, own, region, float(region.sum()) * px2, centre, n_dots,
                         radius, disc))
        other = DARK if colour == LIGHT else LIGHT
        region = _fill(_open(_disc(disc, radius - 0.8) & (cls == other), 1.0))
        # the next piece may hang over this one's edge: there its patch ends on this
        # circle, which is not its own outline
        cut = _cut_off() | ~_disc(disc, radius - 1.8)
        hole = geometry.piece_specs()["ring"].hole_radius + 1.0
        if _kind(radius) == "ring" and (region & ~_disc(disc, hole)).sum() * px2 < 10.0:
            # what shows in an open hole: not its inner wall (a piece lying over the
            # hole covers the wall, and reaches past it)
            region = _fill(_open(region & ~inner_wall(disc, lean), 1.0))
            # and where its patch ends on the hole's edge, that is the hole's outline: a
            # lower piece of the small disc's colour, seen through the hole beside it,
            # joins the disc's patch up to there
            cut = cut | ~through_hole(disc, lean, 1.0)
        if not (region & _disc(disc, radius - EDGE_MM)).any():
            break                            # crumbs of the piece below along its edge
        if colour == DARK and _only_dots(region, disc, _kind(radius)):
            break                            # its white dots, some run into what is round it
        if _kind(radius) == "small":
            break       # nothing smaller lies on a small disc: what shows inside is edges
    return out


def _only_dots(region: np.ndarray, centre: tuple[float, float], kind: str | None) -> bool:
    """Whether a light patch on a black piece of `kind` is only its ring of white dots
    (those near its edge run into a light piece round it): nothing of it more than a dot
    off their circle. A piece on it reaches well inside that circle."""
    if kind is None:
        return False
    spec = geometry.piece_specs()[kind]
    reach = spec.dot + 0.8
    dots = (_disc(centre, spec.pattern_radius + reach)
            & ~_disc(centre, spec.pattern_radius - reach))
    return bool(_open(region & ~dots, 1.0).sum() < MIN_LAYER_MM2 * PPM ** 2)


def _ours(mask: np.ndarray) -> np.ndarray:
    """The patches of `mask` that reach within OURS_MM of the tile's centre: a piece laid
    on this tile does (its centre lies a quarter of its width off at most); the edge of
    the next tile's piece hanging over the side does not."""
    _n, labels, _stats, _c = cv2.connectedComponentsWithStats(mask.astype(np.uint8), 8)
    near = np.unique(labels[_disc((0.0, 0.0), OURS_MM) & mask])
    return np.isin(labels, near[near > 0])


def _far(centre: tuple[float, float], lean: Lean) -> np.ndarray:
    """The half of the window away from the camera, beyond `centre` (all of it square-on)."""
    xs, ys = _grid()
    if lean.per_mm < 0.05:
        return np.ones(xs.shape, bool)
    return (xs - centre[0]) * lean.away[0] + (ys - centre[1]) * lean.away[1] >= 0


def _sized(points: np.ndarray, centre: tuple[float, float], radius: float,
           fitted: np.ndarray | None = None, lean: Lean = Lean()
           ) -> tuple[tuple[float, float], float]:
    """A circle fitted to a short arc (a piece mostly covered, or cut off by the window)
    fixes its centre far better than its radius: if the free fit is no kind's size or
    the arc short, the kind whose radius most of the arc's points lie on, its centre
    fitted at that radius; else its centre fitted again at about its kind's radius, on
    the points it was `fitted` to (a free radius a mm off moves the centre further)."""
    rel = points - np.array(centre)
    span = np.ptp(np.unwrap(np.sort(np.arctan2(rel[:, 1], rel[:, 0]))))
    kind = _kind(radius / PPM)
    if kind is not None and abs(KIND_RADII[kind] * PPM - radius) < 1.5 * PPM and \
            span > np.radians(200):
        return _at_kind(points if fitted is None else fitted, centre, radius, kind, lean)
    away = np.array(centre) - points.mean(axis=0)
    away /= max(float(np.hypot(*away)), 1e-6)
    best = (0, centre, radius)
    for size in KIND_RADII.values():
        c = _centre_at(points, size * PPM, tuple(np.array(centre) + away * (size * PPM - radius)),
                       lean)
        on = int(np.sum(np.abs(np.hypot(*(points - c).T) - size * PPM) < 0.8 * PPM))
        if on > best[0]:
            best = (on, c, size * PPM)
    if best[0] < 0.6 * len(points):
        return centre, radius
    return best[1], best[2]


def _at_kind(points: np.ndarray, centre: tuple[float, float], radius: float, kind: str,
             lean: Lean = Lean()) -> tuple[tuple[float, float], float]:
    """The circle's centre fitted again at its kind's radius (a face higher up is seen a
    little larger: up to 5 %), if as many of the points lie on it."""
    size = float(np.clip(radius, (KIND_RADII[kind] - 0.3) * PPM,
                         (KIND_RADII[kind] * 1.05 + 0.3) * PPM))
    if abs(size - radius) < 0.1 * PPM:
        return centre, radius
    moved = _centre_at(points, size, centre, lean)
    if _on(points, moved, size, lean) >= _on(points, centre, radius, lean):
        return moved, size
    return centre, radius


def _most_on(points: np.ndarray, centre: tuple[float, float], radius: float,
             lean: Lean = Lean(), below: float = np.inf, cut: np.ndarray | None = None,
             cls: np.ndarray | None = None) -> tuple[tuple[float, float], float]:
    """The circle fitted, or the circle of a kind's radius that more of the outline lies
    on: a piece on the lowest one hanging over its edge adds a bump to the outline that
    pulls a fitted circle off, but lies on no circle of the lowest piece's size. A piece
    on another (`below`: its radius, px) is smaller, but for a ring on a ring (one
    peeking out from under the other, their outline larger than one ring's)."""
    cut = _cut_off() if cut is None else cut
    n = len(cut)
    own = points[~cut[np.clip(points[:, 1], 0, n - 1), np.clip(points[:, 0], 0, n - 1)]]
    if len(own) < 24:
        return centre, radius
    if radius > (KIND_RADII["ring"] + 1.0) * PPM:
        return _top_ring(own, centre, radius, lean, cls)
    best = (_on(own, centre, radius, lean), centre, radius)
    # only an outline larger than a ring's (a lower ring peeking out) may hold a ring
    peeking = below > (KIND_RADII["ring"] + 1.0) * PPM
    largest = below + 1.0 * PPM if peeking else below - 2.0 * PPM
    for size in KIND_RADII.values():
        if size * PPM > largest or best[0] * 1.15 >= len(own):
            continue                    # no circle can beat it
        found = _kind_circle(own, size * PPM, lean)
        if found is not None and found[0] > best[0] * 1.15:
            best = found
    return best[1], best[2]


def _top_ring(points: np.ndarray, centre: tuple[float, float], radius: float, lean: Lean,
              cls: np.ndarray | None = None) -> tuple[tuple[float, float], float]:
    """An outline larger than a ring: a ring with a piece peeking out from under it (a
    medium disc far off, or a lower ring of a tall stack). The ring circle it lies on
    most; of two ring circles, the one seen moved further away (the higher one: the
    top ring); none: the outline as fitted."""
    first = _kind_circle(points, KIND_RADII["ring"] * PPM, lean)
    if first is None:
        return centre, radius
    c1 = np.array(first[1])
    rest = points[np.abs(np.hypot(*(points - c1).T)
                         - _reach(points, c1, first[2], lean)) >= 0.8 * PPM]
    second = _kind_circle(rest, KIND_RADII["ring"] * PPM, lean) if len(rest) >= 24 else None
    if second is None or second[0] < 0.25 * first[0]:
        return first[1], first[2]
    if cls is not None:
        shares = [_outline_share(cls, f[1], f[2], lean) for f in (first, second)]
        if abs(shares[0] - shares[1]) >= TOP_EDGE_GAP:
            return (first, second)[int(shares[1] > shares[0])][1:]
        # where the two overlap (on the lower one's face, not its hole), only the top
        # ring's edge shows, its colour inside and the lower one's outside, but where a
        # piece on it covers it; the lower one's edge there lies under it, unseen
        over = [_outline_share(cls, f[1], f[2], lean, within=g[1:])
                for f, g in ((first, second), (second, first))]
        top = int(over[1] > over[0])
        if over[top] >= TOP_EDGE_GAP and over[1 - top] <= over[top] / 3:
            return (first, second)[top][1:]
    if lean.per_mm < 0.05:
        return first[1], first[2]
    higher = max((first, second), key=lambda f: float(np.dot(f[1], lean.away)))
    return higher[1], higher[2]


def _outline_share(cls: np.ndarray, centre: tuple[float, float], radius: float, lean: Lean,
                   within: tuple[tuple[float, float], float] | None = None) -> float:
    """How much of a circle (px) is a piece's outline: one colour just inside it, another
    just outside (past its cut edge on the near side), where both lie on the tile (and,
    `within`: another circle, centre and radius in px, well inside that one)."""
    t = np.linspace(0.0, 2 * np.pi, 120, endpoint=False)
    ray = np.column_stack([np.cos(t), np.sin(t)])
    c = np.array(centre, float)
    out_r = _reach(c + ray * radius, c, radius, lean) + 1.5 * PPM
    n = cls.shape[0]

    def at(pts: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        ix = np.clip(np.round(pts).astype(int), 0, n - 1)
        return ix[:, 1], ix[:, 0]

    inner, outer = at(c + ray * (radius - 1.5 * PPM)), at(c + ray * out_r[:, None])
    open_ = _usable() & ~_cut_off()
    ok = open_[inner] & open_[outer]
    if ok.sum() < 20:
        return 0.0
    inside, outside = cls[inner], cls[outer]
    # the piece's colour: the one inside most of its circle
    colour = LIGHT if np.sum(inside[ok] == LIGHT) >= np.sum(inside[ok] == DARK) else DARK
    if within is not None:
        other, other_r = within
        d = np.hypot(*(c + ray * radius - np.array(other, float)).T)
        hole = geometry.piece_specs()["ring"].hole_radius
        ok &= (d < other_r - 2.0 * PPM) & (d > (hole + 2.0) * PPM)
        if ok.sum() < 20:
            return 0.0
    return float(np.mean((inside[ok] == colour) & (outside[ok] != colour)))


def _on(points: np.ndarray, centre: tuple[float, float], radius: float,
        lean: Lean = Lean()) -> int:
    """How many of `points` lie on the circle (its cut edge on the near side)."""
    c = np.array(centre)
    return int(np.sum(np.abs(np.hypot(*(points - c).T) - _reach(points, c, radius, lean))
                      < 0.8 * PPM))


def _kind_circle(points: np.ndarray, radius: float, lean: Lean = Lean()
                 ) -> tuple[int, tuple[float, float], float] | None:
    """The circle of `radius` (px) most of `points` lie on (within 0.8 mm): each of a
    fixed spread of point pairs gives the two centres at that radius; the best refitted
    on the points near it. (points on it, centre, radius), or None."""
    n = len(points)
    pts = points.astype(np.float64)
    voters = pts[::max(1, n // 240)]
    i = np.arange(0, n, max(1, n // 40))
    a = np.concatenate([i, i, i])
    b = np.concatenate([(i + n // 7) % n, (i + n // 4) % n, (i + n // 3) % n])
    p, q = pts[a], pts[b]
    mid, d = (p + q) / 2, q - p
    half = np.hypot(d[:, 0], d[:, 1]) / 2
    ok = (half > 2 * PPM) & (half < radius)
    if not ok.any():
        return None
    mid, d, half = mid[ok], d[ok], half[ok]
    normal = np.column_stack([-d[:, 1], d[:, 0]]) / (2 * half[:, None])
    depth = np.sqrt(radius ** 2 - half ** 2)[:, None]
    centres = np.vstack([mid + normal * depth, mid - normal * depth])
    # a piece laid on this tile has its centre on it (a quarter of its width off at most)
    centres = centres[np.hypot(*(centres / PPM - HALF).T) < OURS_MM]
    if not len(centres):
        return None
    dist = np.hypot(voters[None, :, 0] - centres[:, None, 0],
                    voters[None, :, 1] - centres[:, None, 1])
    votes = (np.abs(dist - radius) < 0.8 * PPM).sum(axis=1)
    start = centres[int(np.argmax(votes))]
    near = np.abs(np.hypot(*(pts - start).T) - radius) < 1.2 * PPM
    if near.sum() < 12:
        return None
    centre = _centre_at(pts[near], radius, (float(start[0]), float(start[1])), lean)
    if np.hypot(*(np.array(centre) / PPM - HALF)) >= OURS_MM:
        return None
    return _on(pts, centre, radius, lean), centre, radius


def _reach(points: np.ndarray, centre: np.ndarray, radius: float, lean: Lean) -> np.ndarray:
    """How far (px) a piece's outline lies from its top face's centre towards each point:
    its radius, and on the near side its cut edge too (a slab PIECE_MM thick seen at the
    camera's lean), so a circle fitted to the whole outline stays the top face's."""
    d = points - centre
    dist = np.maximum(np.hypot(d[:, 0], d[:, 1]), 1e-6)
    towards = -(d @ np.array(lean.away)) / dist
    return radius + PIECE_MM * lean.per_mm * PPM * np.maximum(towards, 0.0)


def _centre_at(points: np.ndarray, radius: float, start: tuple[float, float],
               lean: Lean = Lean()) -> tuple[float, float]:
    """The centre of the circle of `radius` (px) that most of `points` lie on (with its
    cut edge on the near side: `_reach`): least squares (Gauss-Newton), then again on the
    points near it."""
    c = np.array(start, float)
    pts = points.astype(float)
    keep = np.ones(len(pts), bool)
    for _round in range(8):
        d = pts[keep] - c
        dist = np.maximum(np.hypot(d[:, 0], d[:, 1]), 1e-6)
        reach = _reach(pts[keep], c, radius, lean)
        step, *_rest = np.linalg.lstsq(-d / dist[:, None], -(dist - reach), rcond=None)
        c += step
        if _round >= 3:
            keep = np.abs(np.hypot(*(pts - c).T) - _reach(pts, c, radius, lean)) < 1.2 * PPM
            if keep.sum() < 12:
                break
    return float(c[0]), float(c[1])


def _convex_part(outline: np.ndarray) -> np.ndarray:
    """An outline's points on its convex hull: a disc's own edge, not the bay a piece on
    it leaves where it hangs over its edge (enough of them, else the whole outline)."""
    hull = cv2.convexHull(outline.astype(np.int32)).reshape(-1, 2).astype(np.float64)
    near = _to_polygon(outline.astype(np.float64), hull) < 1.5
    return outline[near] if near.sum() >= 24 else outline


def _to_polygon(points: np.ndarray, corners: np.ndarray) -> np.ndarray:
    """Each point's distance (px) to the nearest side of the closed polygon `corners`."""
    a = corners
    side = np.roll(corners, -1, axis=0) - a
    length2 = np.maximum((side ** 2).sum(axis=1), 1e-12)
    rel = points[:, None, :] - a[None, :, :]
    t = np.clip((rel * side[None]).sum(axis=2) / length2, 0.0, 1.0)
    off = rel - t[:, :, None] * side[None]
    return np.sqrt((off ** 2).sum(axis=2).min(axis=1))


def _fit_top(outline: np.ndarray, lean: Lean, cut: np.ndarray | None = None
             ) -> tuple[tuple[float, float], float, np.ndarray]:
    """The circle (px) of a piece's top face from its outline: fitted to its own edge (not
    where the window or a marker cuts it off), then to the far side of that circle only,
    where no cut edge of its own shows, if that side holds enough of it; and the points it
    was fitted to. `cut`: where an outline is no piece's own (`_cut_off`, and more)."""
    cut = _cut_off() if cut is None else cut
    n = len(cut)
    own = outline[~cut[np.clip(outline[:, 1], 0, n - 1), np.clip(outline[:, 0], 0, n - 1)]]
    if len(own) < 24:
        own = outline
    (cx, cy), r = _circle(own)
    if lean.per_mm < 0.05:
        return (cx, cy), r, own
    rel = own - np.array([cx, cy])
    far = own[rel @ np.array(lean.away) >= 0]
    angles = np.arctan2(rel[:, 1], rel[:, 0])[rel @ np.array(lean.away) >= 0]
    if len(far) < 24 or np.ptp(np.unwrap(np.sort(angles))) < np.radians(100):
        return (cx, cy), r, own
    (fx, fy), fr = _circle(far)
    if abs(fr - r) > (lean.wall + 0.7) * PPM:
        return (cx, cy), r, own     # the far side is another piece's (one hanging over)
    return (fx, fy), fr, far


@cache
def _cut_off() -> np.ndarray:
    """Where an outline is the window's or a marker's edge, not a piece's (1 mm round)."""
    k = max(3, round(2.4 * PPM) | 1)
    edge = cv2.dilate((~_usable()).astype(np.uint8),
                      cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k)))
    return edge > 0


def inner_wall(centre: tuple[float, float], lean: Lean) -> np.ndarray:
    """Where a ring's inner wall may show in its hole: the far side, between the hole's top
    outline (round `centre`) and its bottom's, seen nearer the camera."""
    hole = geometry.piece_specs()["ring"].hole_radius
    if lean.wall < 0.1:
        return np.zeros(_grid()[0].shape, bool)
    return _disc(centre, hole + 0.5) & ~through_hole(centre, lean, 0.0)


def through_hole(centre: tuple[float, float], lean: Lean, margin: float) -> np.ndarray:
    """What shows through a ring's hole (its top and bottom outlines both), `margin` mm
    inside them."""
    hole = geometry.piece_specs()["ring"].hole_radius - margin
    bottom = (centre[0] - lean.wall * lean.away[0], centre[1] - lean.wall * lean.away[1])
    return _disc(centre, hole) & _disc(bottom, hole)


def _swept(centre: tuple[float, float], radius: float, lean: Lean, slabs: int = 1
           ) -> np.ndarray:
    """A disc and its cut edge: the disc swept towards the camera as far as an edge shows
    (`slabs`: as far as the edges of that many cards, for a face that high above another's
    foot)."""
    out = _disc(centre, radius)
    for share in (0.5, 1.0) if slabs == 1 else np.linspace(0.0, 1.0, 2 * slabs + 1)[1:]:
        d = share * slabs * lean.wall
        out |= _disc((centre[0] - d * lean.away[0], centre[1] - d * lean.away[1]), radius)
    return out


def _circle(points: np.ndarray) -> tuple[tuple[float, float], float]:
    """The circle most of an outline lies on (px): least squares, then again on the points
    near it, so bumps (a dot at the edge, a piece hanging over) do not move it; the circle
    round the outline if too few points agree."""
    (ex, ey), er = cv2.minEnclosingCircle(points.astype(np.float32))
    pts = points.astype(np.float64)
    keep = np.ones(len(pts), bool)
    cx, cy, r = ex, ey, er
    for _round in range(4):
        p = pts[keep]
        if len(p) < 12:
            return (ex, ey), er
        a = np.column_stack([2 * p[:, 0], 2 * p[:, 1], np.ones(len(p))])
        sol, *_rest = np.linalg.lstsq(a, (p ** 2).sum(axis=1), rcond=None)
        cx, cy = sol[0], sol[1]
        r = float(np.sqrt(max(sol[2] + cx ** 2 + cy ** 2, 0.0)))
        keep = np.abs(np.hypot(pts[:, 0] - cx, pts[:, 1] - cy) - r) < 1.0 * PPM
    if keep.mean() < 0.4 or r > er + 1.0 * PPM:
        return (ex, ey), er
    return (float(cx), float(cy)), r


def _covered(seen: tuple[np.ndarray, np.ndarray, np.ndarray], cls: np.ndarray,
             red_hue: float) -> bool:
    """A finger (or any orange thing) on the tile next to a piece: skin is orange, not
    the tile's red (less red, and more green than blue) nor a piece's white or black;
    what lies under it may be a piece's missing part."""
    _top, hue, pink = seen
    skin = ~pink & (hue > 0.45 * red_hue) & (hue < 0.85 * red_hue) & _usable()
    if skin.sum() < SKIN_MM2 * PPM ** 2:
        return False            # opening only takes away: too little either way
    skin = _open(skin, 2.0)
    if skin.sum() < SKIN_MM2 * PPM ** 2:
        return False
    k = max(3, round(4.0 * PPM) | 1)
    near = cv2.dilate(skin.astype(np.uint8), cv2.getStructuringElement(
        cv2.MORPH_ELLIPSE, (k, k))) > 0
    return bool((near & ~skin & (cls != RED) & _usable()).sum() > 3.0 * PPM ** 2)


def _outline_step(hue: np.ndarray, blob: _Blob, lean: Lean
                  ) -> tuple[float, float] | None:
    """How the tile's red hue changes across a patch's outline: (across its last mm,
    across 3 mm each side), judged on the far side (the near side shows its cut edge);
    None where too little of the tile shows round it to say."""
    xs, ys = _grid()
    rad = np.hypot(xs - blob.disc[0], ys - blob.disc[1])
    r = blob.radius
    # the pixels within 3.5 mm of the outline, once: each ring below is some of them
    band = _far(blob.disc, lean) & _usable() & (np.abs(rad - r) < 3.5)
    rad, hue = rad[band], hue[band]

    def level(lo: float, hi: float) -> float | None:
        ring = (rad > r + lo) & (rad < r + hi)
        return float(np.median(hue[ring])) if ring.sum() > 4 * PPM ** 2 else None

    near = (level(-1.2, -0.5), level(0.5, 1.2))
    wide = (level(-3.5, -2.5), level(2.5, 3.5))
    if near[0] is None or near[1] is None or wide[0] is None or wide[1] is None:
        return None
    return near[1] - near[0], wide[1] - wide[0]


def _not_a_piece(steps: tuple[float, float] | None, blob: _Blob) -> str | None:
    """Glare is bright and shapeless and has no edge: it pales the tile's red little by
    little. A piece's outline is a step: the red drops as much across its last mm as
    across 3 mm each side (`steps`: `_outline_step`)."""
    if steps is None:
        return None
    step, full = steps
    if full > GLARE_STEP and step < EDGE_SHARE * full:
        return (f"a pale patch {2 * blob.radius:.0f} mm across without a piece's sharp "
                "outline (glare?)")
    return None


def _soft_layer(cls: np.ndarray, usable: np.ndarray, inner: list[_Blob]) -> str | None:
    """Glare on a piece pales part of it, in no piece's shape: the top piece on another,
    a disc, shows its colour all over its circle."""
    if inner and _kind(inner[-1].radius) in ("medium", "small"):
        last = inner[-1]
        disc = _disc(last.disc, last.radius - 1.5) & usable
        own = _dots(cls, usable)[0][disc] == last.colour
        if disc.any() and float(np.mean(own)) < FILL_SHARE:
            return (f"a patch on a piece that does not fill a {NAMES[_kind(last.radius)]}'s "
                    "circle (glare?)")
    return None


def _sharp(steps: tuple[float, float] | None, blob: _Blob) -> bool:
    """Whether a patch has a piece's outline: a kind's size, and the tile's red changing
    across it as a step (mostly across its last mm), not little by little."""
    if _kind(blob.radius) is None or steps is None:
        return False
    step, full = steps
    return full > GLARE_STEP and step >= EDGE_SHARE * full


def _dot_rhythm(tile: np.ndarray, layer: Layer) -> float:
    """How strongly a piece's face shows its black piece's dots round their circle: the
    share of the level's swing at the dots' own rhythm (a ring of dots about 0.5 and
    more, a white face's plain circle under 0.15), whatever the light."""
    spec = geometry.piece_specs()[layer.kind]
    grey = cv2.cvtColor(tile, cv2.COLOR_BGR2GRAY).astype(np.float32)
    n = 16 * spec.dots
    t = np.linspace(0, 2 * np.pi, n, endpoint=False)
    best = 0.0
    for dr in (-0.5, 0.0, 0.5):
        rr = spec.pattern_radius + dr
        x = ((layer.centre_mm[0] + rr * np.cos(t)) + HALF) * PPM - 0.5
        y = ((layer.centre_mm[1] + rr * np.sin(t)) + HALF) * PPM - 0.5
        v = cv2.remap(grey, x.astype(np.float32)[None], y.astype(np.float32)[None],
                      cv2.INTER_LINEAR)[0]
        v = v - v.mean()
        spread = float(np.sqrt((v ** 2).sum()))
        if spread > 1e-3:
            best = max(best, float(np.abs(np.fft.rfft(v)[spec.dots])) * np.sqrt(2)
                       / (spread * np.sqrt(n)))
    return best


def _kind(radius: float) -> str | None:
    kind = min(KIND_RADII, key=lambda k: abs(KIND_RADII[k] - radius))
    return kind if abs(KIND_RADII[kind] - radius) <= KIND_SLOP else None


def read_stack(tile: np.ndarray, lean: Lean = Lean(), red_hue: float | None = None,
               seen: tuple[np.ndarray, np.ndarray, np.ndarray] | None = None) -> StackLook:
    """The visible layers of the stack on one square-on tile (`rectify_tile`), seen from
    the camera's side `lean` (where cut edges and a ring's inner wall show); `red_hue`:
    the photo's red (`red_of`; None: this tile's own), against which glare is judged;
    `seen`: the tile's `levels`, if already known."""
    seen = seen if seen is not None else levels(tile)
    cls, usable = classify(tile, seen)
    look = StackLook()
    red = red_hue if red_hue is not None else red_of(seen)
    if _covered(seen, cls, red):
        look.code = "stack-unclear"
        look.problem = ("something neither tile nor piece lies on it, over a piece (a "
                        "finger?): what it covers is not seen")
        return look
    chain = _peel(cls, usable, lean)
    steps = _outline_step(seen[1], chain[0], lean) if chain else None
    # glare only pales: pieces of both colours are pieces (one may hang over the lowest's
    # far side, where its outline is judged), and pale patches beside them still count
    why = _not_a_piece(steps, chain[0]) if len({b.colour for b in chain}) == 1 else None
    why = why or _soft_layer(cls, usable, chain[1:])
    if why:
        look.code, look.problem = "stack-unclear", why
        return look
    if chain:
        _read_layers(look, tile, cls, usable, chain, lean)
    if look.layers and not look.code:
        missed = _unread_mm2(cls, usable, look, lean)
        if missed > UNREAD_MM2:
            look.code = "stack-unclear"
            look.problem = (f"{missed:.0f} mm2 of a black piece lies beyond the pieces read: "
                            "a piece laid far off, or one not seen")
    # glare pales the tile's red, so white pieces may sort as tile: judged outside the
    # pieces read (a white piece in a pink cast is pale pink too, inside its outline)
    sharp = bool(chain) and _sharp(steps, chain[0])
    pale = glare_mm2(seen, red, _where_pieces(look, lean) if sharp else None)
    if pale > GLARE_MM2:
        look.code = "stack-unclear"
        look.problem = (f"glare on the tile ({pale:.0f} mm2 of its red paled): a black "
                        "piece under it may look white, a white one like the tile")
    return look


def _read_layers(look: StackLook, tile: np.ndarray, cls: np.ndarray, usable: np.ndarray,
                 chain: list[_Blob], lean: Lean) -> None:
    """The layers of `chain` (the patches peeled, outside in) as pieces, into `look`, or
    why they cannot be (its code and problem)."""
    union = chain[0].filled                  # every piece on the tile, as one patch
    if (len(chain) >= 2 and KIND_RADII["ring"] + KIND_SLOP < chain[0].radius
            <= KIND_RADII["ring"] + PEEK_MM and _kind(chain[1].radius) == "ring"):
        # two rings' outlines together: a lower ring peeks from under the top one
        chain[0].radius = KIND_RADII["ring"]
    for blob in chain:
        if len(look.layers) and blob.filled_area < INNER_MM2:
            look.code = "stack-unclear"
            look.problem = (f"{blob.filled_area:.0f} mm2 of something on a piece: too little "
                            "to be a piece in view")
            return
        radius = blob.radius
        kind = _kind(radius)
        if kind is None:
            look.code = "stack-unclear"
            look.problem = f"a piece {2 * radius:.0f} mm across is no ring, medium or small"
            return
        look.layers.append(Layer(kind, OWNER[blob.colour], blob.disc, radius, blob.dots))
    # a ring peeking out from under a ring of the other player: three levels down in the
    # cycle (ring, medium, small, ring), the pieces between hidden; it changes no score
    if ([la.kind for la in look.layers[:2]] == ["ring", "ring"]
            and look.layers[0].owner != look.layers[1].owner):
        look.hidden_ring = look.layers.pop(0)
        chain = chain[1:]
    owner_problem = (_top_owner_problem(tile, cls, usable, look.layers[-1])
                     or _lower_owner_problem(tile, look.layers[:-1])
                     or _lower_dots_problem(cls, usable, look.layers, lean))
    if owner_problem:
        look.code, look.problem = "stack-unclear", owner_problem
        return
    # visible layers go in size down; a small disc seen in a ring's hole is under it
    order = ["ring", "medium", "small"]
    seq = [la.kind for la in look.layers]
    if seq[-2:] == ["ring", "small"] and _inside_hole(chain[-2], chain[-1]):
        # the ring lies round the small disc: bottom small, ring on it
        ring, small = look.layers[-2], look.layers[-1]
        look.layers[-2:] = [small, ring]
        look.band, look.band_seen_mm2 = _band(cls, usable, chain[-2], chain[-1], lean)
        lower = look.hidden_ring or _lower_ring(cls, union, chain[-2], lean)
        if lower is not None and lower.owner == small.owner:
            # a ring under a ring round a small disc: only [ring, medium, small, ring]
            # lies so (a small disc goes onto a medium disc only, ruling "Components"),
            # whatever of its rim shows in the hole
            look.hidden_ring = lower
            if look.band == "red":
                look.code, look.problem = "stack-unclear", (
                    "a ring shows from under the ring round a small disc, yet no medium "
                    "disc in the hole")
            look.band = "piece"
            if len(seq) > 2:
                look.code, look.problem = "stack-unclear", "a ring round a small disc on more"
            return
        under = (_from_under(cls, union, chain[-2], chain[-1], lean)
                 if look.band != "piece" else None)
        if under == "medium":
            # nothing of [small, ring] reaches past the ring: what does lies under the
            # small disc, and only a medium disc of the ring's colour may (ruling
            # "Components")
            look.band = "piece"
        elif under:
            look.code, look.problem = "stack-unclear", under
            return
        if look.band == "unclear":
            look.code = "band-hidden"
            look.problem = (f"only {look.band_seen_mm2:.0f} mm2 of the band between the small "
                            "disc and the ring's hole is clear: cannot tell whether a medium "
                            "disc lies under them (a tower) or not")
        if len(seq) > 2:
            look.code, look.problem = "stack-unclear", "a ring round a small disc on more"
        return
    if any(order.index(a) >= order.index(b) for a, b in itertools.pairwise(seq)):
        look.code, look.problem = "stack-unclear", f"layers {' / '.join(seq)} cannot lie so"
    if seq[-1] != "ring" and _red_inside(cls, usable, look.layers[-1]):
        look.code = "stack-unclear"
        look.problem = f"the top {NAMES[seq[-1]]} shows the tile through it: a ring's hole?"
    if seq[-1] == "ring" and not _hole_red(cls, usable, chain[-1], lean):
        look.code = "stack-unclear"
        look.problem = "the ring's hole shows neither the tile nor a small disc"


def _lower_ring(cls: np.ndarray, union: np.ndarray, top: _Blob, lean: Lean) -> Layer | None:
    """A lower ring peeking out from under a top ring (only a ring reaches past one): the
    other player's colour outside the top ring, its outer edge on a ring's circle."""
    colour = DARK if top.colour == LIGHT else LIGHT
    outside = union & ~_swept(top.disc, top.radius + 1.0, lean) & _usable()
    other = _fill(_open(outside & (_dots(cls, _usable())[0] == colour), UNDER_MM))
    if other.sum() < MIN_LAYER_MM2 * PPM ** 2:
        return None
    contours, _h = cv2.findContours(other.astype(np.uint8), cv2.RETR_EXTERNAL,
                                    cv2.CHAIN_APPROX_NONE)
    pts = max(contours, key=cv2.contourArea).reshape(-1, 2)
    # its own outer edge: where the pieces' patch ends, not the top ring's (or a medium
    # disc's beside it), nor the window's or a marker's
    k = 2 * round(1.5 * PPM) + 1
    rim = cv2.dilate((~union).astype(np.uint8), cv2.getStructuringElement(
        cv2.MORPH_ELLIPSE, (k, k))) > 0
    n = len(rim)
    ys, xs = np.clip(pts[:, 1], 0, n - 1), np.clip(pts[:, 0], 0, n - 1)
    centre = (np.array(top.disc) + HALF) * PPM - 0.5
    beyond = np.hypot(*(pts - centre).T) > (top.radius + lean.wall + 1.5) * PPM
    arc = pts[rim[ys, xs] & ~_cut_off()[ys, xs] & beyond]
    if len(arc) < 24:
        return None
    found = _kind_circle(arc, KIND_RADII["ring"] * PPM, lean)
    if found is None or found[0] < 0.7 * len(arc):
        return None
    disc = tuple(float(v) for v in (np.array(found[1]) + 0.5) / PPM - HALF)
    return Layer("ring", OWNER[colour], disc, KIND_RADII["ring"])


def _unread_mm2(cls: np.ndarray, usable: np.ndarray, look: StackLook, lean: Lean) -> float:
    """How much black-piece colour the pieces read leave unexplained, near the tile's
    centre (no piece of a neighbouring tile reaches there) and clear of the pieces' edges
    and shadows: the result checked against the photo before it is believed."""
    where = _where_pieces(look, lean)
    assert where is not None
    # within the margin of them: by distance, many times quicker than a dilation so wide
    near = cv2.distanceTransform((~where).astype(np.uint8), cv2.DIST_L2,
                                 5) <= round(UNREAD_MARGIN_MM * PPM)
    x, y = _grid()
    inner = x ** 2 + y ** 2 <= UNREAD_REACH_MM ** 2
    return float(((cls == DARK) & usable & inner & ~near).sum()) / PPM ** 2


def _where_pieces(look: StackLook, lean: Lean) -> np.ndarray | None:
    """Where the pieces read lie (the lowest has a piece's sharp outline: glare has
    none), each with its cut edge and a mm round it; a ring's hole counts only where a
    piece shows in it (the small disc, the band of a medium disc). None: nowhere."""
    if not look.layers:
        return None
    hole = geometry.piece_specs()["ring"].hole_radius
    out = np.zeros(_grid()[0].shape, bool)
    for layer in [look.hidden_ring, *look.layers]:
        if layer is None:
            continue
        disc = _swept(layer.centre_mm, layer.radius_mm + 1.0, lean)
        if layer.kind == "ring" and look.band != "piece":
            disc &= ~(through_hole(layer.centre_mm, lean, 1.0)
                      & ~inner_wall(layer.centre_mm, lean))
        out |= disc
    if look.band == "piece":
        out |= _disc(look.layers[-1].centre_mm, hole + 0.5)
    return out


def _top_owner_problem(tile: np.ndarray, cls: np.ndarray, usable: np.ndarray,
                       top: Layer) -> str | None:
    """White vs black by more than the level: the top piece shows all of its face, and a
    black one carries its ring of white dots (layouts/constructo.toml, [owners]). Why the
    top piece's owner is not sure, or None."""
    spec = geometry.piece_specs()[top.kind]
    xs, ys = _grid()
    rad = np.hypot(xs - top.centre_mm[0], ys - top.centre_mm[1])
    circle = (np.abs(rad - spec.pattern_radius) < 0.6 * spec.dot) & usable
    share = float(np.mean(cls[circle] == LIGHT)) if circle.any() else 0.0
    # dots cover about dots * 2 * dot of the pattern circle's length: a black piece
    # shows at least a third of that share in white there
    full = spec.dots * 2 * spec.dot / (2 * np.pi * spec.pattern_radius)
    if top.owner == "white" and _dot_rhythm(tile, top) > DOTS_RHYTHM[top.kind]:
        return (f"a light {NAMES[top.kind]} showing a black piece's ring of dots "
                "(glare on a black piece?)")
    if top.owner == "black" and share < full / 3:
        return (f"a dark {NAMES[top.kind]} without a black piece's white dots "
                f"({share:.0%} white on its dot circle)")
    return None


def _lower_owner_problem(tile: np.ndarray, lower: list[Layer]) -> str | None:
    """A light piece under the top one showing a black piece's ring of dots is a black
    one paled (its face's level near the light one's): its owner is not sure. A black
    one's dots may lie under the piece on it, so only the light ones are checked."""
    for layer in lower:
        if layer.owner == "white" and _dot_rhythm(tile, layer) > DOTS_RHYTHM[layer.kind]:
            return (f"a light {NAMES[layer.kind]} under the top piece showing a black "
                    "piece's ring of dots")
    return None


def _lower_dots_problem(cls: np.ndarray, usable: np.ndarray, layers: list[Layer],
                        lean: Lean) -> str | None:
    """A dark piece under another is black by its dots too, not by its level alone (a
    white one in shadow is dark): where the pieces on it leave enough of its dots' circle
    in view, that part shows white dots as a black piece's does."""
    for i, layer in enumerate(layers[:-1]):
        if layer.owner != "black":
            continue
        spec = geometry.piece_specs()[layer.kind]
        xs, ys = _grid()
        rad = np.hypot(xs - layer.centre_mm[0], ys - layer.centre_mm[1])
        circle = (np.abs(rad - spec.pattern_radius) < 0.6 * spec.dot) & usable
        whole = int(circle.sum())
        for upper in layers[i + 1:]:
            circle &= ~_swept(upper.centre_mm, upper.radius_mm + 1.0, lean)
        if whole == 0 or circle.sum() < LOWER_DOTS_SEEN * whole:
            continue
        full = spec.dots * 2 * spec.dot / (2 * np.pi * spec.pattern_radius)
        share = float(np.mean(cls[circle] == LIGHT))
        if share < full / 3:
            return (f"a dark {NAMES[layer.kind]} under the top piece without a black "
                    f"piece's white dots ({share:.0%} white on what shows of its dot circle)")
    return None


def _inside_hole(ring: _Blob, small: _Blob) -> bool:
    hole = _disc(ring.disc, geometry.piece_specs()["ring"].hole_radius + 1.0)
    return bool((small.filled & hole).sum() > 0.9 * small.filled.sum())


def _disc(centre: tuple[float, float], radius: float) -> np.ndarray:
    """The window's pixels within `radius` mm of `centre` (drawn: a few times quicker)."""
    n = _grid()[0].shape[0]
    mask = np.zeros((n, n), np.uint8)
    sixteenths = round((radius * PPM - 0.5) * 16)     # px, 4 fractional bits
    if sixteenths > 0:
        at = np.round((np.array(centre) + HALF) * PPM * 16 - 8).astype(int)
        cv2.circle(mask, (int(at[0]), int(at[1])), sixteenths, 1, -1, cv2.LINE_8, 4)
    return mask > 0


def _ring_centre(ring: _Blob) -> tuple[float, float]:
    return ring.disc


def _band(cls: np.ndarray, usable: np.ndarray, ring: _Blob, small: _Blob,
          lean: Lean = Lean()) -> tuple[str, float]:
    """Round a small disc in a top ring's hole: "red" (no medium), "piece" (a medium disc
    of the ring's colour under both) or "unclear" (too little seen, or mixed). Only what
    shows through the hole counts: not the ring's inner wall (far side), nor the small
    disc's cut edge (near side)."""
    small_r = geometry.piece_radius("small")
    band = (through_hole(_ring_centre(ring), lean, BAND_MARGIN)
            & ~_swept(small.disc, small_r + BAND_MARGIN, lean) & usable)
    seen = float(band.sum()) / PPM ** 2
    if seen < MIN_BAND_MM2:
        return "unclear", seen
    red = float(np.mean(cls[band] == RED))
    piece = float(np.mean(cls[band] == ring.colour))
    if red >= SURE_SHARE:
        return "red", seen
    # a medium disc under them may lie off centre, the tile showing past its edge on one
    # side; without one nothing of the ring's colour shows there
    if piece >= PIECE_SHARE:
        return "piece", seen
    # one lying far off covers the band on one side only, but there right up to the small
    # disc; a hole fitted a little off shows the ring's colour only along its own edge
    inner = band & _disc(small.disc, small_r + BAND_MARGIN + INNER_BAND_MM)
    if (inner.sum() >= MIN_BAND_MM2 * PPM ** 2 and red + piece >= 0.9
            and float(np.mean(cls[inner] == ring.colour)) >= INNER_PIECE_SHARE):
        return "piece", seen
    return "unclear", seen


def _from_under(cls: np.ndarray, union: np.ndarray, ring: _Blob, small: _Blob, lean: Lean
                ) -> str | None:
    """What shows from under a ring round a small disc, outside the ring and its cut edge
    (clear of its outline's last mm): "medium" where it is of the ring's colour and within
    a medium disc's reach of the small disc lying on it, None where nothing does, else
    why the stack is unclear (a piece of the next tile's touching it?)."""
    outside = _open(union & ~_swept(ring.disc, ring.radius + 1.0, lean) & _usable(), UNDER_MM)
    if outside.sum() < MIN_LAYER_MM2 * PPM ** 2:
        return None
    # a small disc lies on a medium disc hanging over its edge 2 mm at most; seen from the
    # side, the medium's foot lies two cards (the small disc's, its own) nearer the camera
    reach = 2 * KIND_RADII["medium"] - KIND_RADII["small"] + 2.0
    # a black piece's dots and its cut edge (light, on its near side) are part of it
    own = _dots(cls, _usable())[0] == ring.colour
    own |= (cls == LIGHT) & _near_side(own, lean)
    if (np.mean(own[outside]) >= UNDER_SHARE
            and np.mean(_swept(small.disc, reach, lean, 2)[outside]) >= 0.95):
        return "medium"
    return ("a piece shows from under the ring round a small disc, not as a medium disc "
            "under them would")


def _near_side(face: np.ndarray, lean: Lean) -> np.ndarray:
    """What lies within a card's cut edge of `face` on its near side (towards the camera):
    where a piece's cut edge shows below its face."""
    out = face.copy()
    if lean.wall < 0.1:
        return out
    n = face.shape[0]
    src = face.astype(np.uint8)
    for share in (0.25, 0.5, 0.75, 1.0):
        d = share * (lean.wall + 0.5) * PPM
        shift = np.float32([[1, 0, -d * lean.away[0]], [0, 1, -d * lean.away[1]]])
        out |= cv2.warpAffine(src, shift, (n, n), flags=cv2.INTER_NEAREST) > 0
    return out


def _red_inside(cls: np.ndarray, usable: np.ndarray, layer: Layer) -> bool:
    """A disc on top shows no tile inside it (a ring's hole does: a patch of red, not the
    specks a dim room's noise leaves on a black face in warm light)."""
    inside = _disc(layer.centre_mm, layer.radius_mm - 2.0) & usable
    return bool(inside.sum() and np.mean(_open(cls == RED, 1.5)[inside]) > 0.1)


def _hole_red(cls: np.ndarray, usable: np.ndarray, ring: _Blob, lean: Lean = Lean()) -> bool:
    hole = through_hole(ring.disc, lean, 1.0) & usable
    return bool(hole.sum() == 0 or np.mean(cls[hole] == RED) >= SURE_SHARE)


def picture(tile: np.ndarray) -> np.ndarray:
    """The square-on tile beside how it was sorted (red, light, dark; markers and outside
    dimmed), with each visible layer's circle: docs/referee.md's figure."""
    cls, usable = classify(tile)
    cls, _found = _dots(cls, usable)
    vis = np.zeros_like(tile)
    vis[cls == RED] = (40, 40, 190)
    vis[cls == LIGHT] = (245, 245, 245)
    vis[cls == DARK] = (60, 60, 60)
    vis[~usable] //= 2
    for blob in _peel(classify(tile)[0], usable):
        centre = (round((blob.disc[0] + HALF) * PPM), round((blob.disc[1] + HALF) * PPM))
        cv2.circle(vis, centre, round(blob.radius * PPM), (0, 200, 0), 2, cv2.LINE_AA)
    return np.hstack([tile, vis])

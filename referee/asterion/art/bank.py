"""Every tile's print at its four quarter turns, ready to be compared with a cell in one
matrix product: the coarse ranking of the art search (`rank`), and the masked normalised
correlation of a few templates at every shift (`masked_ncc`), which the fine search uses.

The bank is built once per print and kept between runs (`referee.drawn_once`, under a key
that also names the referee's Asterion sources, whose code draws the templates): each
column is a template of the tile's middle, grey, zero mean and unit length where it counts
(not on the markers' squares), zero elsewhere; a cell's windows (one a shift) are the rows
of the other factor, so one product scores every candidate at every shift.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, lru_cache
from pathlib import Path

import numpy as np
from numpy.lib.stride_tricks import sliding_window_view

from pnp.fileio import sha256
from pnp.rules.asterion.tiles import tiles_by_id
from referee.asterion.art.templates import TEMPLATES_KEPT, grey_template, template, variants
from referee.drawn_once import drawn_once, files_identity

COARSE_PPM = 1.0            # px per mm: every candidate, every turn
COARSE_SPAN = 40.0          # mm of the tile's middle compared, coarse (its edges may be off)
COARSE_STEP = 2             # px between the shifts compared first ...
RESCORED = 24               # ... then the best (tile, turn) at every px
TURNS = (0, 90, 180, 270)
TURN_OFFSETS = (-6.0, 6.0)  # degrees off the quarter turn the best few are ranked at too
#                             (a hand turns a tile up to ~8 degrees)


@dataclass(frozen=True)
class Bank:
    keys: tuple[tuple[str, float, bool | str], ...]   # (tile, turn, variant) a column
    matrix: np.ndarray          # px x columns: the templates, float32
    masks: np.ndarray           # px x masks: where they count (1/0), each once
    mask_of: np.ndarray         # column -> its mask
    counts: np.ndarray          # px each mask counts


def column(design: str, tile: str, angle: float, variant: bool | str
           ) -> tuple[np.ndarray, np.ndarray]:
    """One template as a bank column: grey, zero mean and unit length where it counts
    (and 0 elsewhere), and where it counts (1/0)."""
    image, mask = grey_template(design, tile, angle, COARSE_SPAN, COARSE_PPM, variant)
    grey, counts = image[..., 0], mask > 0
    t = np.where(counts, grey - grey[counts].mean(), 0.0).astype(np.float32).ravel()
    norm = float(np.linalg.norm(t))
    return (t / norm if norm > 1e-6 else t), counts.ravel().astype(np.float32)


def _stacked(columns: list[tuple[np.ndarray, np.ndarray]], keys: tuple) -> Bank:
    masks: dict[bytes, int] = {}
    mask_of = []
    for _, m in columns:
        mask_of.append(masks.setdefault(m.tobytes(), len(masks)))
    unique = np.stack([np.frombuffer(b, np.float32) for b in masks], axis=1)
    return Bank(keys, np.ascontiguousarray(np.stack([t for t, _ in columns], axis=1)),
                np.ascontiguousarray(unique), np.array(mask_of), unique.sum(axis=0))


@cache
def bank(design: str) -> Bank:
    """Every tile of the catalogue at every quarter turn and template variant: built once,
    then read from the cache (a third of a second of CPU each process saved)."""
    keys = tuple((tile, rot, v) for tile in sorted(tiles_by_id()) for rot in TURNS
                 for v in variants(design))
    return _kept(f"asterion-art-bank-{design}", design, keys)


@cache
def turned_bank(design: str) -> Bank:
    """`bank` at each quarter turn plus each TURN_OFFSETS: what `turned` ranks the best few
    with, kept as the bank is (a photo needs some 250 of these columns, each drawn in a
    millisecond)."""
    keys = tuple((tile, rot + da, v) for tile in sorted(tiles_by_id()) for rot in TURNS
                 for da in TURN_OFFSETS for v in variants(design))
    return _kept(f"asterion-art-turned-{design}", design, keys)


def _kept(name: str, design: str, keys: tuple) -> Bank:
    """The bank of these (tile, angle, variant) columns, from the cache (`drawn_once`) or
    drawn and kept there under `name`, as the faces are: the newest few versions stay, so
    two checkouts sharing the folder each keep theirs."""
    def build() -> dict[str, np.ndarray]:
        b = _stacked([column(design, t, a, v) for t, a, v in keys], keys)
        return {"matrix": b.matrix, "masks": b.masks, "mask_of": b.mask_of,
                "counts": b.counts}

    kept = drawn_once(name, build, version=f"{_art_digest()}-")
    return Bank(keys, kept["matrix"], kept["masks"], kept["mask_of"], kept["counts"])


@cache
def _turned_columns(design: str) -> dict[tuple[str, float, bool | str], int]:
    """Each key's column in `turned_bank`."""
    return {key: k for k, key in enumerate(turned_bank(design).keys)}


@cache
def _art_digest() -> str:
    """The identity of the referee's Asterion sources, which draw the templates (the
    printed faces' own identity is `drawn_once`'s)."""
    return sha256(files_identity([Path(__file__).parents[1]])).hexdigest()[:16]


def windows(patch: np.ndarray, side: int, step: int) -> tuple[np.ndarray, np.ndarray]:
    """Every `side` square of a grey patch at `step` px: the windows as rows (each less its
    mean) and their top-left corners (y, x px)."""
    view = sliding_window_view(patch, (side, side))[::step, ::step]
    rows = view.reshape(view.shape[0] * view.shape[1], side * side).astype(np.float32)
    rows -= rows.mean(axis=1, keepdims=True)
    ys, xs = np.mgrid[0:view.shape[0], 0:view.shape[1]]
    return rows, np.stack([ys.ravel() * step, xs.ravel() * step], axis=1)


def scores(rows: np.ndarray, b: Bank, cols: list[int] | slice = slice(None)) -> np.ndarray:
    """windows x columns: each column's normalised correlation with each window, over
    where the column counts (its mask)."""
    used = np.unique(b.mask_of[cols])
    masks, n = b.masks[:, used], b.counts[used]
    s1, s2 = rows @ masks, (rows * rows) @ masks
    spread = np.sqrt(np.maximum(s2 - s1 * s1 / n, 1e-6))
    where = np.searchsorted(used, b.mask_of[cols])
    return (rows @ b.matrix[:, cols]) / spread[:, where]


@dataclass(frozen=True)
class Ranked:
    tile: str
    rot: int
    angle: float
    score: float
    corner: tuple[int, int]         # the best window's top-left (y, x), coarse px


def rank(patch: np.ndarray, design: str, candidates: list[str],
         turns: tuple[int, ...] = TURNS,
         every: tuple[np.ndarray, np.ndarray] | None = None) -> list[Ranked]:
    """Every candidate (tile, quarter turn) scored against a grey coarse patch in one
    product, every COARSE_STEP px; the best RESCORED again at every px: its best variant
    at its best shift, best first. `every`: the patch's `windows` at every px, if the
    caller has them (`turned` needs them too)."""
    b = bank(design)
    wanted = set(candidates)
    cols = [k for k, (t, r, _) in enumerate(b.keys) if t in wanted and r in turns]
    side = round(COARSE_SPAN * COARSE_PPM)
    first = _best(b, cols, *windows(patch, side, COARSE_STEP))
    keep = {(r.tile, r.rot) for r in first[:RESCORED]}
    again = [k for k in cols if b.keys[k][:2] in keep]
    return _best(b, again, *(every or windows(patch, side, 1))) + first[RESCORED:]


def _best(b: Bank, cols: list[int], rows: np.ndarray, corners: np.ndarray) -> list[Ranked]:
    got = scores(rows, b, cols)
    where = got.argmax(axis=0)
    # (each column's best score and window read out at once, as Python numbers)
    top = got[where, np.arange(len(cols))].tolist()
    at = corners[where].tolist()
    best: dict[tuple[str, int], Ranked] = {}
    for j, k in enumerate(cols):
        tile, rot, _ = b.keys[k]
        s = top[j]
        if (tile, rot) not in best or s > best[(tile, rot)].score:
            best[(tile, rot)] = Ranked(tile, rot, float(rot), s, (at[j][0], at[j][1]))
    return sorted(best.values(), key=lambda r: -r.score)


def turned(patch: np.ndarray, design: str, ranked: list[Ranked],
           every: tuple[np.ndarray, np.ndarray] | None = None) -> list[Ranked]:
    """Each of `ranked` at its quarter turn plus each TURN_OFFSETS against the same coarse
    patch, in one product (`turned_bank`): the best of its own score and these, in the
    same order. `every`: as `rank`'s."""
    if not ranked:
        return []
    rows, corners = every or windows(patch, round(COARSE_SPAN * COARSE_PPM), 1)
    b, at = turned_bank(design), _turned_columns(design)
    kinds = variants(design)
    parts = [(r, r.rot + da) for r in ranked for da in TURN_OFFSETS]
    got = scores(rows, b, [at[(r.tile, angle, v)] for r, angle in parts for v in kinds])
    out = []
    per = len(kinds)
    for i, r in enumerate(ranked):
        best = r
        for j in range(len(TURN_OFFSETS)):
            k = i * len(TURN_OFFSETS) + j
            block = got[:, k * per:(k + 1) * per].max(axis=1)
            w = int(block.argmax())
            if float(block[w]) > best.score:
                y, x = corners[w]
                best = Ranked(r.tile, r.rot, parts[k][1], float(block[w]), (int(y), int(x)))
        out.append(best)
    return out


@lru_cache(maxsize=TEMPLATES_KEPT)
def fine_template(design: str, tile: str, angle: float, span: float, ppm: float,
                  variant: bool | str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """A template ready for `masked_ncc`: per channel zero mean where it counts and 0
    elsewhere (channels x px), its mask (px) and its length per channel."""
    image, mask = template(design, tile, angle, span, ppm, variant)
    m = mask.ravel()
    t = np.ascontiguousarray(image.reshape(-1, image.shape[2]).T, dtype=np.float32)
    count = max(float(m.sum()), 1.0)
    t = (t - _px_sum(t * m) / count) * m
    return t, m, np.sqrt(_px_sum(t * t)[:, 0])


def _px_sum(rows: np.ndarray) -> np.ndarray:
    """Each row's sum (as a column), added in px order: the order a sum along a strided
    axis takes (the templates' values stay exact as they were), at half its cost."""
    return np.cumsum(rows, axis=1)[:, -1:]


@lru_cache(maxsize=TEMPLATES_KEPT)
def grey_fine_template(design: str, tile: str, angle: float, span: float, ppm: float,
                       variant: bool | str) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """`fine_template` in grey (its channels' mean, zero mean where it counts): for
    `masked_ncc` on a grey patch, a third of the work, where only the pose is sought. Made
    from the print's grey straight away (the pose search needs some 2000 a photo; the
    colour ones, a tenth of that)."""
    image, mask = template(design, tile, angle, span, ppm, variant)
    m = mask.ravel()
    grey = (image.reshape(-1, image.shape[2]) @ np.full(image.shape[2], 1 / image.shape[2],
                                                        np.float32))
    t = ((grey - np.float32(grey @ m / max(float(m.sum()), 1.0))) * m)[None, :]
    return t, m, np.sqrt((t * t).sum(axis=1))


def masked_ncc(patch: np.ndarray, templates: list[tuple[np.ndarray, np.ndarray, np.ndarray]],
               step: int = 1, corners: np.ndarray | None = None
               ) -> tuple[np.ndarray, np.ndarray]:
    """cv2.matchTemplate's TM_CCOEFF_NORMED with a mask, averaged over the channels, for
    several `fine_template`s at once: windows x templates scores, and the windows'
    top-left corners (y, x). The windows: every `step` px, or at the given `corners`. A
    flat channel correlates 0."""
    side = round(np.sqrt(templates[0][1].size))
    channels = patch.shape[2]
    k = len(templates)
    # the masks and one channel's templates as rows of one factor: one product gives both
    # the windows' sums where each template counts and their correlation with it
    both = np.empty((2 * k, templates[0][1].size), np.float32)
    for j, (_, m, _) in enumerate(templates):
        both[j] = m
    masks = both[:k].T
    count = np.maximum(both[:k].sum(axis=1), 1.0)     # (whole numbers: exact either way)
    # (each channel less its mean: the products' sums stay small, float32 exact enough)
    means = patch.reshape(-1, channels).mean(axis=0)
    if corners is None:
        ys, xs = np.mgrid[0:patch.shape[0] - side + 1:step, 0:patch.shape[1] - side + 1:step]
        corners = np.stack([ys.ravel(), xs.ravel()], axis=1)
    total = np.zeros((len(corners), k), np.float32)
    for c in range(channels):
        # each channel's windows copied out once, straight into rows
        plane = (patch[..., c] - means[c]).astype(np.float32, copy=False)
        rows = sliding_window_view(plane, (side, side))[corners[:, 0], corners[:, 1]
                                                        ].reshape(-1, side * side)
        for j, (t, _, _) in enumerate(templates):
            both[k + j] = t[c]
        length = np.array([n[c] for _, _, n in templates], np.float32)
        got = rows @ both.T
        s1, cross = got[:, :k], got[:, k:]
        s2 = np.square(rows, out=rows) @ masks
        den = np.sqrt(np.maximum(s2 - s1 * s1 / count, 0.0)) * length
        total += np.where(den > 1e-3 * count, cross / np.maximum(den, 1e-12), 0.0)
    return total / channels, corners

"""Where a tile lies on its cell and which (tile, quarter turn) its art shows: a coarse
search for every candidate, a fine one for the best few, and what tiles known by their
markers score in the same photo (the level a match is judged against).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any, TypeVar

import cv2
import numpy as np

from pnp.geometry.asterion.tile import marker_places
from referee.asterion.art.bank import (
    COARSE_PPM,
    COARSE_SPAN,
    TURNS,
    fine_template,
    grey_fine_template,
    masked_ncc,
    rank,
    turned,
    windows,
)
from referee.asterion.art.photometry import channel_mean
from referee.asterion.art.templates import FINE_SPAN, variants
from referee.asterion.grid import CELL, Grid, TilePose
from referee.geometry import rectify

FINE_PPM = 2.0              # px per mm: the best few
REACH = 9.0                 # mm: how far a tile's centre may lie from its cell's centre
TURNED = 12                 # (tile, turn) found square looked at a few degrees off too
FINE_STEPS = (-3.0, -1.5, 0.0, 1.5, 3.0)   # degrees around the coarse best
FINE_SHIFT = 3.0            # mm around the coarse best ...
QUARTER_REACH = 6.0         # degrees: the quarter turn is always tried this near it
FINE_STRIDE = 2             # ... every this many px, then the px round the best
REFINE = 4                  # candidates (tile, turn) refined


@dataclass(frozen=True)
class ArtMatch:
    tile: str
    rot: int                            # quarter turn, clockwise
    centre: tuple[float, float]         # table mm: where the tile really lies
    angle: float                        # degrees clockwise: how it is really turned
    score: float                        # mean channel correlation with its print
    covered: float = 0.0                # share left out as covered (`unveiled`)


_T = TypeVar("_T")
_KEPT: ContextVar[dict[tuple, tuple[Any, np.ndarray]] | None] = ContextVar("art_kept",
                                                                         default=None)


@contextmanager
def kept_in(memo: dict[tuple, tuple[Any, np.ndarray]]) -> Iterator[None]:
    """Within: the searches round one pose (`refine`, occlusion.unveiled) keep what they
    found in `memo` (one photo's), by the photo, its plane and the pose searched round.
    A cell judged again under the same plane with fewer candidates left (a tile found
    elsewhere) searches round the same poses: found once, not again."""
    token = _KEPT.set(memo)
    try:
        yield
    finally:
        _KEPT.reset(token)


def kept(kind: str, image: np.ndarray, scale: float, grid: Grid, m: ArtMatch,
         search: Callable[[], _T], *also: object) -> _T:
    """`search()`, or what it found before for this photo, plane, print and pose (what
    it depends on; not `m`'s score or covered share) and `also`, if `kept_in` a memo."""
    memo = _KEPT.get()
    if memo is None:
        return search()
    key = (kind, id(image), scale, grid.design, grid.homography.tobytes(), m.tile, m.rot,
           m.centre, m.angle, *also)
    if key not in memo:
        # (the photo kept with it: while the memo lives, no other array takes its id)
        memo[key] = (search(), image)
    return memo[key][0]


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


def best_in_patch(patch: np.ndarray, tpl: tuple[np.ndarray, np.ndarray],
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
    and the walls' courses. Coarsely, every candidate at once against the bank (bank.py:
    one matrix product, lightness alone: it ranks corridors and icons; colour is judged
    finely, and where look-alikes differ, hidden.py); finely, the best few."""
    centre = (CELL * cell[0], CELL * cell[1])
    span = COARSE_SPAN + 2 * REACH
    patch = cv2.cvtColor(art_patch(image, scale, grid, centre, span, COARSE_PPM),
                         cv2.COLOR_BGR2GRAY)
    origin = (centre[0] - span / 2, centre[1] - span / 2)
    # a mark seen but not read says the turn (outlines.py): the others need no look
    turns = (grid.marked[cell],) if cell in grid.marked else TURNS
    every = windows(patch, round(COARSE_SPAN * COARSE_PPM), 1)     # (both need them)
    coarse = rank(patch, grid.design, candidates, turns, every)
    # the best few again a few degrees either way (a hand turns a tile up to ~8 degrees)
    coarse[:TURNED] = turned(patch, grid.design, coarse[:TURNED], every)
    coarse.sort(key=lambda r: -r.score)
    half = COARSE_SPAN / 2
    fine = [refine(image, scale, grid, ArtMatch(
        r.tile, r.rot, (origin[0] + r.corner[1] / COARSE_PPM + half,
                        origin[1] + r.corner[0] / COARSE_PPM + half),
        r.angle, r.score)) for r in coarse[:REFINE]]
    fine.sort(key=lambda m: -m.score)
    return fine


def refine(image: np.ndarray, scale: float, grid: Grid, m: ArtMatch) -> ArtMatch:
    """The match searched finely around its coarse pose: coarse to fine. First in grey
    (the pose alone), every angle step and template variant at every FINE_STRIDE px in one
    product (bank.masked_ncc); then in colour, the best angle's variants at the px round
    the best (its score is the colour correlation). Kept (`kept_in`)."""
    return kept("refine", image, scale, grid, m, lambda: _refine(image, scale, grid, m))


def _refine(image: np.ndarray, scale: float, grid: Grid, m: ArtMatch) -> ArtMatch:
    span = FINE_SPAN + 2 * FINE_SHIFT
    patch = art_patch(image, scale, grid, m.centre, span, FINE_PPM)
    origin = (m.centre[0] - span / 2, m.centre[1] - span / 2)
    angles = sorted({round((m.angle + da) * 2) / 2 for da in FINE_STEPS}
                    # the quarter turn itself (the coarse step may lean off it)
                    | ({float(m.rot)} if abs(m.angle - m.rot) <= QUARTER_REACH else set()))
    kinds = [(a, v) for a in angles for v in variants(grid.design)]
    grey = [grey_fine_template(grid.design, m.tile, a, FINE_SPAN, FINE_PPM, v)
            for a, v in kinds]
    scores, corners = masked_ncc(channel_mean(patch)[..., None], grey, FINE_STRIDE)
    w, k = np.unravel_index(int(scores.argmax()), scores.shape)
    # the px round the best window, for the best angle's templates, in colour
    y0, x0 = corners[w]
    limit = patch.shape[0] - round(FINE_SPAN * FINE_PPM)
    near = np.array([(y, x) for y in range(y0 - 1, y0 + 2) for x in range(x0 - 1, x0 + 2)
                     if 0 <= y <= limit and 0 <= x <= limit])
    angle = kinds[k][0]
    same = [fine_template(grid.design, m.tile, angle, FINE_SPAN, FINE_PPM, v)
            for a, v in kinds if a == angle]
    close, near = masked_ncc(patch, same, corners=near)
    w2 = int(close.max(axis=1).argmax())
    score = float(close[w2].max())
    y, x = near[w2]
    at = (origin[0] + x / FINE_PPM + FINE_SPAN / 2, origin[1] + y / FINE_PPM + FINE_SPAN / 2)
    return ArtMatch(m.tile, m.rot, at, angle, score)


def score_at(image: np.ndarray, scale: float, grid: Grid, m: ArtMatch) -> float:
    """How well `m`'s tile matches the photo exactly at `m`'s pose (fine, its best template
    variant): one window, no search."""
    patch = art_patch(image, scale, grid, m.centre, FINE_SPAN, FINE_PPM)
    angle = round(m.angle * 2) / 2
    tpls = [fine_template(grid.design, m.tile, angle, FINE_SPAN, FINE_PPM, v)
            for v in variants(grid.design)]
    scores, _ = masked_ncc(patch, tpls, corners=np.zeros((1, 2), int))
    return float(scores.max())


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
    printed = len(marker_places(grid.design))
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

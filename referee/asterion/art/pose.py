"""Where a tile lies on its cell and which (tile, quarter turn) its art shows: a coarse
search for every candidate, a fine one for the best few, and what tiles known by their
markers score in the same photo (the level a match is judged against).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from pnp.geometry.asterion.tile import marker_places
from referee.asterion.art.templates import FINE_SPAN, grey_template, template, variants
from referee.asterion.grid import CELL, Grid, TilePose
from referee.geometry import rectify

COARSE_PPM = 1.0            # px per mm: every candidate, every turn
FINE_PPM = 2.0              # px per mm: the best few
COARSE_SPAN = 40.0          # mm of the tile's middle compared, coarse (its edges may be off)
REACH = 9.0                 # mm: how far a tile's centre may lie from its cell's centre
COARSE_ANGLES = (-6.0, 6.0)  # degrees off the quarter turn, coarse, for the best ...
TURNED = 12                 # ... (tile, turn) found square
FINE_STEPS = (-3.0, -1.5, 0.0, 1.5, 3.0)   # degrees around the coarse best
FINE_SHIFT = 3.0            # mm around the coarse best
REFINE = 4                  # candidates (tile, turn) refined


@dataclass(frozen=True)
class ArtMatch:
    tile: str
    rot: int                            # quarter turn, clockwise
    centre: tuple[float, float]         # table mm: where the tile really lies
    angle: float                        # degrees clockwise: how it is really turned
    score: float                        # mean channel correlation with its print
    covered: float = 0.0                # share left out as covered (`unveiled`)


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
    design = grid.design

    def coarse_best(tile: str, angle: float) -> tuple[float, tuple[float, float]]:
        return max(best_in_patch(patch, grey_template(design, tile, angle, COARSE_SPAN,
                                                      COARSE_PPM, v),
                                 origin, COARSE_PPM, COARSE_SPAN) for v in variants(design))

    for tile in candidates:
        for rot in turns:
            s, at = coarse_best(tile, rot)
            coarse.append(ArtMatch(tile, rot, at, rot, s))
    coarse.sort(key=lambda m: -m.score)
    # the best few again a few degrees either way (a hand turns a tile up to ~8 degrees)
    for k, m in enumerate(coarse[:TURNED]):
        for da in COARSE_ANGLES:
            s, at = coarse_best(m.tile, m.rot + da)
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
        s, at = max(best_in_patch(patch, template(grid.design, m.tile, round(angle * 2) / 2,
                                                  FINE_SPAN, FINE_PPM, v),
                                  origin, FINE_PPM, FINE_SPAN)
                    for v in variants(grid.design))
        if first or s > best.score:
            best = ArtMatch(m.tile, m.rot, at, round(angle * 2) / 2, s)
            first = False
    return best


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

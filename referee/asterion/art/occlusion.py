"""What covers a tile (a finger, a spare tomb, glare): the px its print does not explain,
and the tile's pose found again without them (`unveiled`).
"""

from __future__ import annotations

import cv2
import numpy as np

from referee.asterion.art.photometry import channel_mean, on_levels, print_levels, px_length
from referee.asterion.art.pose import (
    FINE_PPM,
    FINE_SHIFT,
    FINE_STEPS,
    ArtMatch,
    art_patch,
    best_in_patch,
    kept,
)
from referee.asterion.art.templates import FINE_SPAN, template
from referee.asterion.grid import Grid

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
    edges drag the pose off (the hidden preset). The px the print does not
    explain at the pose (far off its fit, in a blob) are left out, and the pose is
    searched again finely without them; its score is the correlation over the rest. Kept
    (pose.kept_in)."""
    return kept("unveiled", image, scale, grid, m, lambda: _unveiled(image, scale, grid, m))


def _unveiled(image: np.ndarray, scale: float, grid: Grid, m: ArtMatch
              ) -> tuple[ArtMatch, float]:
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
            image_t, mask = template(grid.design, best.tile, angle, FINE_SPAN, FINE_PPM, True)
            s, at = best_in_patch(patch, (image_t, mask * (1.0 - covered)), origin,
                                  FINE_PPM, FINE_SPAN)
            if found is best or s > found.score:
                found = ArtMatch(best.tile, best.rot, at, angle, s, share)
        if (found.centre, found.angle) == (best.centre, best.angle):
            return found, share     # the pose stayed: another round would repeat this one
        best = found
    return best, share


def covered_patch(image: np.ndarray, scale: float, grid: Grid, m: ArtMatch, n: int
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
    image_t, mask = template(grid.design, m.tile, round(m.angle * 2) / 2, FINE_SPAN, FINE_PPM,
                             True)
    use = mask > 0
    soft = cv2.GaussianBlur(image_t, (0, 0), 1.0)
    # The print's levels from the block of the cell whose fit explains most of the rest:
    # one fit over the whole shrinks to the finger's colour when it covers a third
    n = use.shape[0]
    step = -(-n // COVER_BLOCKS)
    # each block's fit judged on the px that count only (the same values as on the whole
    # patch, px by px); the whole patch's error only for the block kept
    photo_used, soft_used = photo[use], soft[use]
    best_levels, best_count = None, -1
    for y in range(0, n, step):
        for x in range(0, n, step):
            block = np.zeros_like(use)
            block[y:y + step, x:x + step] = use[y:y + step, x:x + step]
            if (np.count_nonzero(block) < 0.5 * step * step
                    or np.ptp(channel_mean(soft[block])) < 40):
                continue            # too little of the print, or too plain to fix a gain
            levels = print_levels(photo, soft, block)
            err = px_length(photo_used - on_levels(soft_used, *levels[:2]))
            count = int(np.count_nonzero(err < COVER_TOLERANCE))
            if count > best_count:
                best_levels, best_count = levels, count
    if best_levels is None:
        best_levels = print_levels(photo, soft, use)
    err = px_length(photo - on_levels(soft, *best_levels[:2]))
    noise = max(float(np.percentile(err[use], 30)), 4.0)
    far = ((err > COVERED_NOISE * noise) & use).astype(np.uint8)
    kernel = np.ones((3, 3), np.uint8)
    blobs = cv2.dilate(cv2.morphologyEx(far, cv2.MORPH_OPEN, kernel), kernel)
    return (blobs * use).astype(np.float32)

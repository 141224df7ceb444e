"""What the PDF does not export as one face: the die as it lies folded on the female (its
top face, in the layout data's colours), and the round tokens' masks.

The photo generator takes every other face from the PDF (`pnp.printing.export.
render_faces` of the game's printing part).
"""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

from pnp import layouts
from pnp.geometry import spider_twist as geometry

DPI = 200
PPM = DPI / 25.4


def colour(name: str) -> tuple[int, int, int]:
    """A printed colour from the layout data, as BGR."""
    fill = layouts.load("spider-twist")["colours"][name].lstrip("#")
    r, g, b = (int(fill[k:k + 2], 16) for k in (0, 2, 4))
    return (b, g, r)


def _p(x: float, y: float) -> tuple[int, int]:
    """mm -> px with 3 bits of sub-pixel shift, as cv2's drawing takes it."""
    return (round(x * PPM * 8), round(y * PPM * 8))


PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


@cache
def die_face(pips: int) -> np.ndarray:
    """The die's top face showing `pips`, BGR at DPI (a square `die` mm side)."""
    side = geometry.spec().die
    n = round(side * PPM)
    img = np.full((n, n, 3), colour("die_fill"), np.uint8)
    c = side / 2
    for dx, dy in PIPS[pips]:
        cv2.circle(img, _p(c + dx * side * 0.28, c + dy * side * 0.28),
                   round(side * 0.085 * PPM * 8), colour("die_pip"), -1, cv2.LINE_AA, 3)
    cv2.rectangle(img, (0, 0), (n - 1, n - 1), (170, 170, 170), max(1, round(0.3 * PPM)))
    return img


@cache
def disc_alpha(n: int) -> np.ndarray:
    """A round token's mask: its PNG's corners are not cardboard."""
    mask = np.zeros((n, n), np.uint8)
    cv2.circle(mask, (n * 4, n * 4), n * 4 - 4, 255, -1, cv2.LINE_AA, 3)
    return mask

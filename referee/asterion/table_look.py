"""The table round the game: whether it is plain or patterned, and the colours it shows, to
judge whether a cell that looks occupied only shows more of the table (hidden.py).
"""

from __future__ import annotations

import cv2
import numpy as np

from referee.asterion.classify import (
    CELL_PPM,
    CELL_WINDOW,
    EMPTY_DARK,
    EMPTY_OFF_COLOUR,
    CellReading,
    cell_features,
)
from referee.asterion.grid import CELL, Grid
from referee.geometry import rectify

PLAIN_SHARE = 0.7           # cells two steps out that are plain: the table is plain


class TableLook:
    """The table two steps out from the game (cells no tile can be next to unseen):
    whether it is plain, and the colours it shows, to judge a candidate cell against."""

    def __init__(self, image: np.ndarray, scale: float, grid: Grid,
                 cells: list[CellReading], board_radius: int | None) -> None:
        self.image, self.scale, self.grid = image, scale, grid
        taken = {p.cell for p in grid.tiles}
        near = {c.cell for c in cells} | taken
        ring = sorted({(x + dx, y + dy) for x, y in taken
                       for dx in range(-2, 3) for dy in range(-2, 3)
                       if abs(dx) + abs(dy) == 2} - near)
        if board_radius is not None:
            ring = [c for c in ring if abs(c[0]) + abs(c[1]) <= board_radius]
        h, w = image.shape[:2]
        self.reference: dict[tuple[int, int], np.ndarray] = {}
        plain = 0
        for cell in ring:
            corners = grid.to_image(np.array([[CELL * cell[0] + dx, CELL * cell[1] + dy]
                                              for dx in (-17, 17) for dy in (-17, 17)]))
            corners = corners * scale
            if not ((corners >= 0).all() and (corners[:, 0] < w).all()
                    and (corners[:, 1] < h).all()):
                continue
            patch = self._patch(cell)
            dark, off = cell_features(cv2.cvtColor(patch, cv2.COLOR_BGR2YCrCb), None)
            plain += dark <= EMPTY_DARK and off <= EMPTY_OFF_COLOUR
            self.reference[cell] = _colours(patch)
        self.patterned = bool(self.reference) and plain < PLAIN_SHARE * len(self.reference)
        self._novelty: dict[tuple[int, int], float] = {}

    def _patch(self, cell: tuple[int, int]) -> np.ndarray:
        half = CELL_WINDOW / 2
        return rectify(self.image, self.grid.homography, self.scale,
                       (CELL * cell[0] - half, CELL * cell[1] - half), CELL_WINDOW, CELL_PPM)

    def novelty(self, cell: tuple[int, int]) -> float:
        """Share of the cell's px whose colour (chromaticity and lightness, a little
        tolerance) the 8 nearest reference cells never show; 1 without references."""
        if cell in self._novelty:
            return self._novelty[cell]
        if not self.reference:
            return 1.0
        near = sorted(self.reference, key=lambda c: (c[0] - cell[0]) ** 2
                      + (c[1] - cell[1]) ** 2)[:8]
        ref = np.concatenate([self.reference[c] for c in near])
        level = float(np.median(ref[:, 0]))
        seen = np.unique(_keys(_bins(ref, level)))
        # a bin is known if it or a neighbour (one step in any of the three) was seen
        steps = np.array([(a * _SPAN + b) * _SPAN + c for a in (-1, 0, 1)
                          for b in (-1, 0, 1) for c in (-1, 0, 1)], np.int64)
        known = np.unique((seen[:, None] + steps[None, :]).ravel())
        mine = _keys(_bins(_colours(self._patch(cell)), level))
        value = float(np.mean(~np.isin(mine, known)))
        self._novelty[cell] = value
        return value

    def washed(self, cell: tuple[int, int]) -> bool:
        """Mostly washed out by glare: nothing can be seen there."""
        luma = cv2.cvtColor(self._patch(cell), cv2.COLOR_BGR2GRAY)
        return float(np.mean(luma > 250)) > 0.02


def _colours(patch: np.ndarray) -> np.ndarray:
    """Per px: log lightness, and two chromaticities (red-green, blue-yellow) over it."""
    f = patch.reshape(-1, 3).astype(np.float32) + 1.0
    i = f.mean(axis=1)
    return np.c_[np.log(i), (f[:, 2] - f[:, 1]) / i, (f[:, 0] - (f[:, 1] + f[:, 2]) / 2) / i]


_SPAN = 1024                # bins per axis in a key (offset by half: negative bins too)


def _keys(bins: np.ndarray) -> np.ndarray:
    b = np.clip(bins + _SPAN // 2, 1, _SPAN - 2)
    return (b[:, 0] * _SPAN + b[:, 1]) * _SPAN + b[:, 2]


def _bins(colours: np.ndarray, level: float) -> np.ndarray:
    """Bins of 15 % in lightness (about the table's level) and 0.06 in chromaticity."""
    return np.c_[np.floor((colours[:, 0] - level) / 0.15), np.floor(colours[:, 1] / 0.06),
                 np.floor(colours[:, 2] / 0.06)].astype(np.int64)

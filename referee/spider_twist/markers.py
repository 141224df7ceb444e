"""A second look for the board's markers when the first found only some (a board small in
the frame: its markers a few px a module at the working size). The markers found say how
large the board is in the photo; every marker of the side is looked for in that window
with the detector's finer, sharpened look for tiny markers, and merged with the first."""

from __future__ import annotations

import numpy as np

from referee.detect import Marker, detect_in_windows, merge_markers
from referee.spider_twist import board


def with_small_markers(image, mine: list[Marker], side: str) -> list[Marker]:
    """`mine` and the side's markers a tiny-marker look finds round them (`image`: the
    loaded photo), if the first look missed any; else `mine` as it was."""
    model = board.marker_model(side)
    if not mine or {m.id for m in mine} >= set(model):
        return mine
    window = _board_window(image, mine, model)
    found = detect_in_windows(image.image, [window], image.scale, tiny=True)
    return merge_markers(mine, [m for m in found if m.id in model])


def _board_window(image, mine: list[Marker], model: dict[int, np.ndarray]
                  ) -> tuple[int, int, int, int]:
    """Working-image px round the markers found, a board's width beyond them each way (a
    marker's side in px and in mm give the scale; a tilt squeezes, never stretches, much)."""
    corners = np.vstack([m.corners for m in mine])
    px_per_mm = float(np.median([m.side / _side_mm(model[m.id]) for m in mine]))
    reach = px_per_mm * float(np.ptp(np.vstack(list(model.values())), axis=0).max())
    lo, hi = corners.min(axis=0) - reach, corners.max(axis=0) + reach
    s = image.scale
    return (int(lo[0] * s), int(lo[1] * s), int(hi[0] * s) + 1, int(hi[1] * s) + 1)


def _side_mm(quad: np.ndarray) -> float:
    return float(np.mean(np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)))

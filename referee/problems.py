"""What the referee is unsure about: one named problem, with where it is."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

# Codes (docs/referee.md lists them with what to do about each).
TILE_UNREADABLE = "tile-unreadable"        # a tile's marker seen but its pose makes no sense
TILE_AMBIGUOUS = "tile-ambiguous"          # between two cells, or turned near 45 degrees
CELL_UNIDENTIFIED = "cell-unidentified"    # looks occupied (or is hidden) but no tile read
DUPLICATE_ID = "duplicate-id"              # the same tile seen twice
INVALID_LAYOUT = "invalid-layout"          # the rules core's validate() rejects the table
TOO_FEW_MARKERS = "too-few-markers"        # not enough markers to fit the table plane
TOMB_UNCERTAIN = "tomb-uncertain"          # cannot tell whether a prisoner carries a tomb
NO_MINOTAUR = "minotaur-unseen"            # the Minotaur tile was not read: no origin
CELL_OUT_OF_VIEW = "cell-out-of-view"      # a cell next to a tile lies outside the photo


@dataclass(frozen=True)
class RefereeProblem:
    code: str
    message: str
    cell: tuple[int, int] | None = None            # table cell, final frame
    point: tuple[float, float] | None = None       # photo px (original resolution)

    def __str__(self) -> str:
        return self.message

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message,
                "cell": list(self.cell) if self.cell is not None else None,
                "point": ([round(self.point[0], 1), round(self.point[1], 1)]
                          if self.point is not None else None)}

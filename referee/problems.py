"""What a referee is unsure about: one named problem, with where it is.

Every game's referee reports its doubts as `RefereeProblem`s; any problem makes the verdict
unsure (exit 3, referee.errors). The codes below mean the same in every game; a game adds
its own codes next to its stages (Asterion's: referee/asterion/problems.py).
docs/referee.md lists every code with what to do about it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

DUPLICATE_ID = "duplicate-id"              # the same component seen twice
INVALID_LAYOUT = "invalid-layout"          # the rules core rejects the state that was seen
TOO_FEW_MARKERS = "too-few-markers"        # not enough markers to fit the table plane


@dataclass(frozen=True)
class RefereeProblem:
    code: str
    message: str
    cell: tuple[int, ...] | None = None            # the game's place (a cell, a hex ...)
    point: tuple[float, float] | None = None       # photo px (original resolution)

    def __str__(self) -> str:
        return self.message

    def to_dict(self) -> dict[str, Any]:
        return {"code": self.code, "message": self.message,
                "cell": list(self.cell) if self.cell is not None else None,
                "point": ([round(self.point[0], 1), round(self.point[1], 1)]
                          if self.point is not None else None)}


def too_few_board_markers(seen: int, total: int, least: int) -> RefereeProblem:
    """A board whose markers are too few to fix its plane: what was seen, and what to do."""
    return RefereeProblem(TOO_FEW_MARKERS, f"only {seen} of the board's {total} markers seen "
                          f"(at least {least} fix the board): photograph the whole board, "
                          "markers uncovered", None, None)

"""What Asterion's referee saw in a photo: `AsterionVerdict` (the table file of what was
seen, with every tile's pose and how sure it is: `TileSeen`), scored by the rules core.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from pnp.rules.api import GameRules
from pnp.rules.asterion import ScoreResult, Table, TableError, score, table_from_dict
from pnp.rules.asterion.commands import COMMANDS
from referee.api import Verdict
from referee.asterion.classify import CellReading, TombReading
from referee.asterion.grid import Grid


@dataclass(frozen=True)
class TileSeen:
    id: str
    cell: tuple[int, int]
    rot: int
    confidence: float                 # 0..1
    corners: np.ndarray               # 4x2 photo px: the printed NW, NE, SE, SW corners
    markers: int                      # how many of its two markers were read
    offset_mm: tuple[float, float]    # where it lies against its cell's centre
    skew_deg: float                   # how far it is turned from its quarter turn
    tomb: bool | None = None          # None: no prisoner, or uncertain

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.id, "cell": list(self.cell), "rot": self.rot,
                "confidence": self.confidence, "markers": self.markers,
                "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in self.corners],
                "offset_mm": [round(self.offset_mm[0], 1), round(self.offset_mm[1], 1)],
                "skew_deg": round(self.skew_deg, 1), "tomb": self.tomb}


@dataclass
class AsterionVerdict(Verdict):
    """`state` is the table-file dict of what was seen (also `table`)."""

    tiles: list[TileSeen] = field(default_factory=list)
    players_inferred: bool = True
    board_inferred: bool = False             # board mode chosen by its markers in the photo
    kill_points_given: bool = False
    tombs: list[TombReading] = field(default_factory=list)
    cells: list[CellReading] = field(default_factory=list)
    grid: Grid | None = None
    marks: str = "classic"                   # the tiles' print (design.py), from the photo

    rules: ClassVar[GameRules | None] = COMMANDS

    @property
    def table(self) -> dict[str, Any] | None:
        return self.state

    def rules_state(self) -> Table | None:
        # Not validated: the referee has reported validate()'s problems as invalid-layout,
        # and --partial scores what was seen all the same.
        return self.rules_table()

    def rules_table(self) -> Table | None:
        """What was seen as the rules core's `Table`, or None if it is not a table at all."""
        if self.table is None:
            return None
        try:
            return table_from_dict(self.table)
        except TableError:
            return None

    def score(self) -> ScoreResult | None:
        """The rules core's score of `table`, or None if it cannot be scored at all."""
        table = self.rules_table()
        return None if table is None else score(table)

    def seen(self) -> dict[str, Any]:
        return {
            "players": list(self.table["players"]) if self.table else [],
            "board": bool(self.table and self.table.get("board")),
            "board_from": "photo (its markers)" if self.board_inferred else "--board option",
            "players_from": "photo (colours on the table)" if self.players_inferred
            else "--players",
            "escape_points_from": "photo",
            "kill_points_from": "--kill-points" if self.kill_points_given
            else "none given (0 each)",
            "dead_from": "tomb tokens in the photo",
            "tile_marks": self.marks,
            "tiles": [t.to_dict() for t in self.tiles],
        }

    def _draw(self, image: np.ndarray, image_scale: float, check: str | None = None,
              **options: Any) -> np.ndarray:
        from referee.asterion.overlay import draw_overlay

        return draw_overlay(self, image, image_scale, check)

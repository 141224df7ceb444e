"""The table: which tile lies where, turned how, which prisoners carry tombs, kill points.

A table file is JSON a user can write by hand (docs/asterion-rules-core.md):

    {"game": "asterion", "edition": "crete", "board": true, "players": ["yellow", "blue"],
     "tiles": [{"id": "M", "x": 0, "y": 0, "rot": 0}, {"id": "Y07", "x": 1, "y": 0, "rot": 90}],
     "dead": ["B03"], "kill_points": {"yellow": 3}}

x grows to the right, y downwards (seen from above, the Minotaur at 0,0); rot is clockwise
degrees. `dead`, `kill_points` and `no_kill_points` are optional (a photo cannot show them).

read.py reads it (the file's shape, every problem at once, each with its JSON path);
validate.py checks the rules.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

from pnp.rules import api

# Coordinates further out than this cannot be part of a connected 69-tile table; the bound
# keeps integer cell keys (labyrinth.py) exact and hand-written typos (x: 1e9) harmless.
MAX_COORD = 200
MAX_KILL_POINTS = 999      # far above any game's kills; keeps the score table's columns
MAX_ENTRIES = 200          # tiles or dead ids in one file: an edition has at most 69 tiles

# Ruling "A turn" 1: the Crete board area in use, as the largest |x| + |y| by player count
# (4 players: all 61 squares; 3: the inner 41; 2: the inner 25). Also layout [board.areas].
BOARD_RADIUS = {4: 5, 3: 4, 2: 3}

# Ruling "A turn": Crete board setup discards per player, by player count.
SETUP_DISCARDS = {4: 2, 3: 4, 2: 5}

KEYS = ("game", "edition", "board", "players", "tiles", "dead", "kill_points",
        "no_kill_points")


class Problem(api.Problem):
    """One named thing wrong with a table; `where` is a tile id or a JSON path such as
    `tiles[3].rot`."""

    def __str__(self) -> str:
        # "Y07 at 5,5 is ..." already names its tile: no "Y07: " prefix then.
        if self.message.startswith(self.where + " "):
            return self.message
        return super().__str__()


class TableError(api.ProblemsError):
    """A table that cannot be read or used; `problems` says why, one line each."""


@dataclass(frozen=True)
class Placement:
    tile: str
    x: int
    y: int
    rot: int = 0

    @property
    def cell(self) -> tuple[int, int]:
        return (self.x, self.y)

    def to_dict(self) -> dict[str, Any]:
        return {"id": self.tile, "x": self.x, "y": self.y, "rot": self.rot}


@dataclass(frozen=True)
class Table:
    """A table as read from a file: placements in file order (validate() finds overlaps)."""

    edition: str = "crete"
    board: bool = False
    players: tuple[str, ...] = ("yellow", "blue")
    tiles: tuple[Placement, ...] = ()
    dead: tuple[str, ...] = ()
    kill_points: dict[str, int] = field(default_factory=dict)
    no_kill_points: bool = False   # ruling "A turn" 3, variant `no kill points`

    @property
    def board_radius(self) -> int | None:
        """Largest |x| + |y| allowed on the Crete board for this player count, else None."""
        return BOARD_RADIUS.get(len(self.players)) if self.board else None

    def placement(self, tile_id: str) -> Placement | None:
        for p in self.tiles:
            if p.tile == tile_id:
                return p
        return None

    def by_cell(self) -> dict[tuple[int, int], Placement]:
        return {p.cell: p for p in self.tiles}

    def kill_points_of(self, colour: str) -> int:
        return 0 if self.no_kill_points else self.kill_points.get(colour, 0)

    def to_dict(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "game": "asterion", "edition": self.edition, "board": self.board,
            "players": list(self.players), "tiles": [p.to_dict() for p in self.tiles],
            "dead": list(self.dead),
            "kill_points": {c: self.kill_points[c] for c in self.players
                            if c in self.kill_points},
        }
        if self.no_kill_points:
            data["no_kill_points"] = True
        return data

    def to_json(self) -> str:
        """Canonical text: one tile per line, so diffs and hand edits stay readable."""
        data = self.to_dict()
        tiles = data.pop("tiles")
        head = json.dumps(data, ensure_ascii=False)[:-1]
        rows = ",\n    ".join(json.dumps(t) for t in tiles)
        return f'{head}, "tiles": [\n    {rows}\n]}}\n' if tiles else f'{head}, "tiles": []}}\n'

    def turned(self, quarter_turns: int = 1) -> Table:
        """The whole table turned clockwise (seen from above) by 90 degrees per quarter turn:
        a tile at (x, y) goes to (-y, x) and turns 90 degrees more. Scores never change."""
        tiles = self.tiles
        for _ in range(quarter_turns % 4):
            tiles = tuple(Placement(p.tile, -p.y, p.x, (p.rot + 90) % 360) for p in tiles)
        return Table(self.edition, self.board, self.players, tiles, self.dead,
                     dict(self.kill_points), self.no_kill_points)

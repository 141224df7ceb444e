"""The table: which tile lies where, turned how, which prisoners carry tombs, kill points.

A table file is JSON a user can write by hand (docs/asterion-rules-core.md):

    {"game": "asterion", "edition": "crete", "board": true, "players": ["yellow", "blue"],
     "tiles": [{"id": "M", "x": 0, "y": 0, "rot": 0}, {"id": "Y07", "x": 1, "y": 0, "rot": 90}],
     "dead": ["B03"], "kill_points": {"yellow": 3}}

x grows to the right, y downwards (seen from above, the Minotaur at 0,0); rot is clockwise
degrees. `dead`, `kill_points` and `no_kill_points` are optional (a photo cannot show them).

Loading checks the file's shape only and reports every problem at once, each with its JSON
path; `validate()` (validate.py) checks the rules.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from pnp.inputs import InputError, parse_json
from pnp.rules import api
from pnp.rules.asterion.tiles import COLOURS, EDITIONS, MINOTAUR_ID, ROTATIONS

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

    @classmethod
    def from_dict(cls, data: Any) -> Table:
        return table_from_dict(data)

    @classmethod
    def from_json(cls, text: str) -> Table:
        return table_from_json(text)


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def table_from_json(text: str) -> Table:
    try:
        data = parse_json(text)
    except InputError as exc:
        raise TableError([Problem("bad-json", str(exc), "$")]) from None
    return table_from_dict(data)


Bad = Callable[..., None]     # bad(where, message, code="bad-field") records a problem


def table_from_dict(data: Any) -> Table:
    """Read a table from parsed JSON. Raises TableError listing every shape problem."""
    problems: list[Problem] = []

    def bad(where: str, message: str, code: str = "bad-field") -> None:
        problems.append(Problem(code, message, where))

    if not isinstance(data, dict):
        raise TableError([Problem("bad-field", "a table must be a JSON object", "$")])
    for key in sorted(set(data) - set(KEYS)):
        bad(str(key), f"unknown key (expected: {', '.join(KEYS)})", "unknown-key")
    if data.get("game") != "asterion":
        bad("game", f'must be "asterion", not {json.dumps(data.get("game"))}')
    edition, board, no_kills = _read_settings(data, bad)
    players = _read_players(data, bad)
    placements = _read_tiles(data, bad)
    dead = _read_dead(data, bad)
    kill_points = _read_kill_points(data, players, bad)
    if problems:
        raise TableError(problems)
    return Table(edition, board, tuple(players), tuple(placements), tuple(dead), kill_points,
                 no_kills)


def _read_settings(data: dict[str, Any], bad: Bad) -> tuple[str, bool, bool]:
    """The edition, whether the Crete board is used, and the no-kill-points variant."""
    edition = data.get("edition", "crete")
    if edition not in EDITIONS:
        bad("edition", f"must be one of {', '.join(EDITIONS)}, not {json.dumps(edition)}")
        edition = "crete"
    board = data.get("board", False)
    if not isinstance(board, bool):
        bad("board", "must be true or false")
        board = False
    no_kills = data.get("no_kill_points", False)
    if not isinstance(no_kills, bool):
        bad("no_kill_points", "must be true or false")
        no_kills = False
    return edition, board, no_kills


def _read_players(data: dict[str, Any], bad: Bad) -> list[str]:
    players: list[str] = []
    raw_players = data.get("players")
    if raw_players is None:
        bad("players", 'missing: list the colours that play, e.g. ["yellow", "blue"]')
    elif not isinstance(raw_players, list) or not 2 <= len(raw_players) <= 4:
        bad("players", "must be a list of 2 to 4 colours")
    else:
        for i, colour in enumerate(raw_players):
            if colour not in COLOURS:
                bad(f"players[{i}]", f"unknown colour {json.dumps(colour)} "
                                     f"(choose from: {', '.join(COLOURS)})")
            elif colour in players:
                bad(f"players[{i}]", f"{colour} is listed twice")
            else:
                players.append(colour)
    return players


def _read_tiles(data: dict[str, Any], bad: Bad) -> list[Placement]:
    raw_tiles = data.get("tiles")
    if not isinstance(raw_tiles, list):
        bad("tiles", "missing or not a list of {id, x, y, rot} objects")
        return []
    if len(raw_tiles) > MAX_ENTRIES:
        bad("tiles", f"{len(raw_tiles)} tiles: a table holds at most {MAX_ENTRIES}")
        return []
    placements = (_read_placement(f"tiles[{i}]", raw, bad) for i, raw in enumerate(raw_tiles))
    return [p for p in placements if p is not None]


def _read_placement(where: str, raw: Any, bad: Bad) -> Placement | None:
    """One entry of `tiles`, or None (with its problems named) when it cannot be used."""
    if not isinstance(raw, dict):
        bad(where, "must be an object like {\"id\": \"Y07\", \"x\": 1, \"y\": 0, \"rot\": 90}")
        return None
    ok = True
    for key in sorted(set(raw) - {"id", "x", "y", "rot"}):
        bad(f"{where}.{key}", "unknown key (expected: id, x, y, rot)", "unknown-key")
    tile_id = raw.get("id")
    if not isinstance(tile_id, str) or not tile_id:
        bad(f"{where}.id", "missing or not a tile id like \"Y07\"")
        ok = False
    for axis in ("x", "y"):
        value = raw.get(axis)
        if not _is_int(value):
            bad(f"{where}.{axis}", "missing or not a whole number")
            ok = False
        elif abs(value) > MAX_COORD:
            bad(f"{where}.{axis}", f"{value} is too far from the Minotaur (at most "
                                   f"{MAX_COORD} squares)")
            ok = False
    rot = raw.get("rot", 0)
    if not _is_int(rot) or rot not in ROTATIONS:
        bad(f"{where}.rot", "must be 0, 90, 180 or 270")
        ok = False
    if not ok or not isinstance(tile_id, str):
        return None
    return Placement(tile_id, raw["x"], raw["y"], rot)


def _read_dead(data: dict[str, Any], bad: Bad) -> list[str]:
    raw_dead = data.get("dead", [])
    if not isinstance(raw_dead, list):
        bad("dead", "must be a list of tile ids")
        return []
    if len(raw_dead) > MAX_ENTRIES:
        bad("dead", f"{len(raw_dead)} ids: a table holds at most {MAX_ENTRIES} tiles")
        return []
    dead: list[str] = []
    for i, tile_id in enumerate(raw_dead):
        if not isinstance(tile_id, str):
            bad(f"dead[{i}]", "must be a tile id like \"B03\"")
        elif tile_id == MINOTAUR_ID:
            bad(f"dead[{i}]", "the Minotaur tile carries no prisoner", "dead-minotaur")
        elif tile_id in dead:
            bad(f"dead[{i}]", f"{tile_id} is listed twice", "duplicate-dead")
        else:
            dead.append(tile_id)
    return dead


def _read_kill_points(data: dict[str, Any], players: list[str], bad: Bad) -> dict[str, int]:
    raw_kills = data.get("kill_points", {})
    if not isinstance(raw_kills, dict):
        bad("kill_points", 'must be an object like {"yellow": 3}')
        return {}
    kill_points: dict[str, int] = {}
    for colour, points in raw_kills.items():
        if colour not in COLOURS:
            bad(f"kill_points.{colour}", f"unknown colour (choose from: {', '.join(COLOURS)})")
        elif players and colour not in players:
            bad(f"kill_points.{colour}", f"{colour} is not playing")
        elif not _is_int(points):
            bad(f"kill_points.{colour}", "must be a whole number (it may be negative)")
        elif abs(points) > MAX_KILL_POINTS:
            bad(f"kill_points.{colour}", f"{points} is beyond ±{MAX_KILL_POINTS}")
        else:
            kill_points[colour] = points
    return kill_points

"""Reading an Asterion table from the JSON people write (its format: table.py).

`table_from_dict` / `table_from_json` check the file's shape only and report every problem
at once, each with its JSON path (TableError); `validate()` (validate.py) checks the rules.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from pnp.inputs import InputError, parse_json
from pnp.rules.asterion.table import (
    KEYS,
    MAX_COORD,
    MAX_ENTRIES,
    MAX_KILL_POINTS,
    Placement,
    Problem,
    Table,
    TableError,
)
from pnp.rules.asterion.tiles import COLOURS, EDITIONS, MINOTAUR_ID, ROTATIONS
from pnp.rules.json_values import is_int


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
        if not is_int(value):
            bad(f"{where}.{axis}", "missing or not a whole number")
            ok = False
        elif abs(value) > MAX_COORD:
            bad(f"{where}.{axis}", f"{value} is too far from the Minotaur (at most "
                                   f"{MAX_COORD} squares)")
            ok = False
    rot = raw.get("rot", 0)
    if not is_int(rot) or rot not in ROTATIONS:
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
        elif not is_int(points):
            bad(f"kill_points.{colour}", "must be a whole number (it may be negative)")
        elif abs(points) > MAX_KILL_POINTS:
            bad(f"kill_points.{colour}", f"{points} is beyond ±{MAX_KILL_POINTS}")
        else:
            kill_points[colour] = points
    return kill_points

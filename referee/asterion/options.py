"""What a player may tell Asterion's referee that a photo cannot show, for a form (the
phone page of `pnp serve`): `REFEREE.describe_options()`.

Same meanings and bounds as `pnp referee`'s flags: --edition, --board/--no-board,
--players yellow,blue and --kill-points yellow=3,blue=-1 (docs/referee.md).
"""

from __future__ import annotations

from pnp import inputs
from pnp.rules.asterion.table import MAX_KILL_POINTS
from pnp.rules.asterion.tiles import COLOURS, EDITIONS, colour_letter
from referee.api import ReadOption

BOARD = {"auto": None, "yes": True, "no": False}


def colour(name: str) -> str:
    """A colour by name or letter (`y`, `Yellow`)."""
    name = name.strip().lower()
    for c in COLOURS:
        if name in (c, colour_letter(c).lower()):
            return c
    raise ValueError(f"unknown colour {inputs.quote(name)} (choose from: {', '.join(COLOURS)})")


def parse_players(text: str) -> list[str] | None:
    """`yellow,blue` -> ["yellow", "blue"]; empty: None (the colours on the table)."""
    players = [colour(p) for p in text.split(",") if p.strip()]
    if not players:
        return None
    if not 2 <= len(players) <= 4 or len(set(players)) != len(players):
        raise ValueError(f"players: name 2 to 4 different colours, not {inputs.quote(text)}")
    return players


def parse_kill_points(text: str) -> dict[str, int] | None:
    """`yellow=3,b=-1` -> {"yellow": 3, "blue": -1}; empty: None (0 each)."""
    points: dict[str, int] = {}
    for name, value in inputs.pairs(text, "kill points"):
        c = colour(name)
        if c in points:
            raise ValueError(f"kill points: {c} is given twice")
        points[c] = inputs.bounded_int(value, f"kill points for {c}", -MAX_KILL_POINTS,
                                       MAX_KILL_POINTS)
    return points or None


def _show_board(value: bool | None) -> str:
    return {None: "auto", True: "yes", False: "no"}[value]


def _show_players(value: list[str] | None) -> str:
    return ",".join(value or ())


def _show_kill_points(value: dict[str, int] | None) -> str:
    return ",".join(f"{c}={n}" for c, n in (value or {}).items())


OPTIONS = (
    ReadOption("edition", "Edition", EDITIONS),
    ReadOption("board", "Crete board", tuple(BOARD), parse=BOARD.__getitem__,
               show=_show_board),
    ReadOption("players", "Players", hint="yellow,blue (empty: the colours on the table)",
               parse=parse_players, show=_show_players),
    ReadOption("kill_points", "Kill points", hint="yellow=3,blue=-1 (a photo cannot show them)",
               parse=parse_kill_points, show=_show_kill_points),
)

"""What a player may tell Asterion's referee that a photo cannot show: its read options,
declared once for `pnp referee asterion` (--edition, --board/--no-board, --players
yellow,blue, --kill-points yellow=3,blue=-1) and the phone page of `pnp serve`.
"""

from __future__ import annotations

from pnp import inputs
from pnp.rules.asterion.table import MAX_KILL_POINTS
from pnp.rules.asterion.tiles import COLOURS, EDITIONS, colour_letter
from pnp.rules.options import Option

BOARD = {"yes": True, "no": False}


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


def parse_board(text: str) -> bool:
    if text not in BOARD:
        raise ValueError(f"board: choose from auto, {', '.join(BOARD)}")
    return BOARD[text]


def _show_board(value: bool | None) -> str:
    return {None: "auto", True: "yes", False: "no"}[value]


def _show_players(value: list[str] | None) -> str:
    return ",".join(value or ())


def _show_kill_points(value: dict[str, int] | None) -> str:
    return ",".join(f"{c}={n}" for c, n in (value or {}).items())


OPTIONS = (
    Option("edition", "crete or revised (default crete).", choices=EDITIONS,
           metavar="EDITION", short="-e", label="Edition"),
    Option("board", "played on the Crete board, or not (default: on the board if the photo "
           "shows its markers).", "switch", parse=parse_board, choices=tuple(BOARD),
           label="Crete board", unset="auto", show=_show_board),
    Option("players", "the colours that played, e.g. yellow,blue (default: the colours on "
           "the table).", parse=parse_players, metavar="COLOURS", label="Players",
           hint="yellow,blue (empty: the colours on the table)", show=_show_players),
    Option("kill_points", "kill points per colour, e.g. yellow=3,blue=-1 (a photo cannot "
           "show them).", parse=parse_kill_points, metavar="COLOUR=N,...",
           label="Kill points", hint="yellow=3,blue=-1 (a photo cannot show them)",
           show=_show_kill_points),
)

"""Asterion's words for `pnp referee asterion`: its options from the shell, what was seen,
where the kill points came from, and the table file it saves (hooks of referee.api's
GameReferee; the CLI is game-neutral)."""

from __future__ import annotations

from typing import Any

from pnp import inputs
from pnp.rules.asterion import EDITIONS
from referee.asterion.options import parse_kill_points, parse_players
from referee.errors import RefereeError


class OptionError(RefereeError):
    """An option of `pnp referee asterion` that makes no sense."""


def parse_options(given: dict[str, Any]) -> dict[str, Any]:
    """The CLI's option strings as `read` takes them, with the same parsers and bounds as the
    phone page's form (options.py)."""
    options = dict(given)
    try:
        edition = options.get("edition")
        if edition is not None and edition not in EDITIONS:
            raise ValueError(f"unknown edition {inputs.quote(edition)} "
                             f"(choose from: {', '.join(EDITIONS)})")
        if options.get("board") and (edition or "crete") != "crete":
            raise ValueError(f"the {edition} edition has no board (--board is for crete)")
        if "players" in options:
            options["players"] = parse_players(options["players"])
        if "kill_points" in options:
            options["kill_points"] = parse_kill_points(options["kill_points"])
    except ValueError as exc:
        raise OptionError(str(exc)) from None
    return options


def summary_lines(verdict: Any) -> list[str]:
    seen = len(verdict.tiles)
    table = verdict.table
    dead = len(table["dead"]) if table else 0
    players = ", ".join(table["players"]) if table else "?"
    lines = [f"seen: {seen} tile{'s' if seen != 1 else ''}, {dead} tomb"
             f"{'s' if dead != 1 else ''}; players {players} "
             + ("(from the colours on the table; --players to change)"
                if verdict.players_inferred else "(from --players)")]
    on_board = bool(table and table.get("board"))
    if verdict.board_inferred:
        lines.append("on the Crete board (its markers are in the photo; --no-board to change)"
                     if on_board else "on an open table (no board markers in the photo)")
    return lines


def score_notes(verdict: Any) -> list[str]:
    return ["escape points: from the photo. kill points: "
            + ("from --kill-points." if verdict.kill_points_given
               else "none given (0 each; pass --kill-points yellow=3,... to add them).")]


def state_text(verdict: Any) -> str:
    table = verdict.rules_table()
    if table is None:
        raise OptionError("nothing usable was seen: no table file to write")
    return table.to_json()

"""Asterion's words for `pnp referee asterion`: what was seen, where the kill points came
from, and the table file it saves (hooks of referee.api's GameReferee; the CLI is
game-neutral)."""

from __future__ import annotations

from typing import Any

from referee.errors import RefereeError


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
        raise RefereeError("nothing usable was seen: no table file to write")
    return table.to_json()

"""Positions for the Assyria tests, written as a person writes a state file, and the checks
that such files read back (start hexes from docs/rules/assyria.md#player-count)."""

from __future__ import annotations

from typing import Any

from pnp.rules.assyria.board import board
from pnp.rules.assyria.read import read_state

FOUR = ("red", "blue", "green", "yellow")
START = {2: {"red": "H10", "blue": "H14"},
         3: {"red": "H14", "blue": "H41", "green": "H65"},
         4: {"red": "H10", "blue": "H14", "green": "H81", "yellow": "H85"}}


def position(players: tuple[str, ...] = FOUR, **fields: Any) -> dict[str, Any]:
    """A state file: each player's base on a start hex, turn 1's face-up 4, phase actions;
    `fields` override or add keys."""
    data: dict[str, Any] = {
        "game": "assyria", "players": list(players), "turn": 1, "phase": "actions",
        "ziggurats": {START[len(players)][c]: {"owner": c, "level": 1} for c in players},
        "expansion": [4]}
    data.update(fields)
    return data


def at(q: int, r: int) -> str:
    """The name of hex (q, r), as the rulings' worked examples give coordinates."""
    b = board()
    return b.hexes[b.by_coords[q, r]].name


def test_the_default_position_reads_and_starts_on_start_hexes():
    for n in (2, 3, 4):
        s = read_state(position(FOUR[:n]))
        starts = {board().hexes[h].name for h in s.ziggurats}
        assert starts == set(START[n].values())
        assert all(n in board().hexes[board().by_name[h]].start for h in starts)


def test_at_names_hexes_by_column_and_row():
    assert at(1, 0) == "H10" and at(0, 2) == "H02" and at(2, -1) == "H20"
    assert at(8, -3) == "H81" and at(9, 1) == "H95"

"""Small hand-built tables and game states for the rules tests; `play`, for any game."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

from pnp.rules.api import Game
from pnp.rules.asterion import Table, table_from_dict
from pnp.rules.asterion.game import initial_state, random_move
from pnp.rules.asterion.moves import Place, parse_move
from pnp.rules.asterion.play import apply_in_place
from pnp.rules.asterion.state import State


def play(game: Game, state: Any, *texts: str) -> Any:
    """The state after the moves written as `texts`, each parsed and applied by `game`."""
    for text in texts:
        state = game.apply(state, game.parse_move(text))
    return state


def revised_turns(seeds: range) -> Iterator[tuple[int, State]]:
    """(seed, state) at every turn of seeded random revised games, 2-4 players by seed; once
    the caller is done with the state, the game goes on by a random move."""
    for seed in seeds:
        state = initial_state(seed, 2 + seed % 3, "revised")
        rng = random.Random(seed)
        while state.current is not None:
            yield seed, state
            apply_in_place(state, random_move(state, rng))


def placements(*specs: str) -> list[dict]:
    """"Y07@1,0r90" strings (move notation) as table-file tile objects, Minotaur first."""
    tiles = [{"id": "M", "x": 0, "y": 0, "rot": 0}]
    for spec in specs:
        move = parse_move(spec)
        assert isinstance(move, Place), spec
        tiles.append({"id": move.tile, "x": move.x, "y": move.y, "rot": move.rot})
    return tiles


def table(*specs: str, players: tuple[str, ...] = ("yellow", "blue", "red", "green"),
          edition: str = "crete", board: bool = False, dead: tuple[str, ...] = (),
          kill_points: dict[str, int] | None = None, no_kill_points: bool = False) -> Table:
    data = {"game": "asterion", "edition": edition, "board": board, "players": list(players),
            "tiles": placements(*specs), "dead": list(dead),
            "kill_points": kill_points or {}}
    if no_kill_points:
        data["no_kill_points"] = True
    return table_from_dict(data)


def state(*specs: str, hands: dict[str, str], edition: str = "crete",
          players: tuple[str, ...] = ("yellow", "blue", "red", "green"), turn: str = "yellow",
          dead: tuple[str, ...] = (), no_kill_points: bool = False) -> State:
    """A game state with these tiles on the table and these tiles in hand (decks empty)."""
    s = initial_state(0, players, edition, no_kill_points=no_kill_points)
    s.tiles = [(t["id"], t["x"], t["y"], t["rot"]) for t in placements(*specs)]
    s.hands = {c: hands.get(c) for c in players}
    s.decks = {c: [] for c in players}
    s.dead = list(dead)
    s.turn = players.index(turn)
    s._lab = None
    return s

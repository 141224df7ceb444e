"""Assyria through the shared game API (pnp/rules/api.py), and the random simulator.

The simulator's policy: every decision a uniformly random legal move (a player with no
action left but pass passes without a move being recorded). Chance lives in the state
(chance.chance), so the same seed and the same moves give the same game.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

from pnp.rules.api import GameBase, seat_players
from pnp.rules.assyria.board import colours
from pnp.rules.assyria.moves import Move, parse_move
from pnp.rules.assyria.phases import new_game
from pnp.rules.assyria.play import apply, legal_moves, play_on
from pnp.rules.assyria.read import state_from_json
from pnp.rules.assyria.runs import actions_run, huts_run, supply_run
from pnp.rules.assyria.state import State
from pnp.rules.draws import drawer, randbelow


def players_of(players: int | Sequence[str]) -> tuple[str, ...]:
    """2 to 4 players: a count (the first colours in seating order) or the colours."""
    return seat_players("Assyria", players, colours(), (2, 3, 4))


def random_move(state: State, rng: random.Random) -> Move:
    moves = legal_moves(state)
    return moves[randbelow(rng, len(moves))]


def simulate(seed: int, players: int | Sequence[str] = 4) -> tuple[State, list[str]]:
    """A whole seeded random game and its readable log; same seed, same game."""
    log: list[str] = []
    state = new_game(seed, players_of(players), log)
    rng = random.Random(f"assyria-player:{seed}")
    getrandbits = rng.getrandbits
    draw = drawer(rng)
    moves = legal_moves(state)
    while moves:
        phase = state.phase             # one player's huts, cards or actions: one run
        if phase == "huts":
            moves = huts_run(state, moves, draw, log)
            continue
        if phase == "supply":
            moves = supply_run(state, moves, draw, log)
            continue
        if phase == "actions":
            moves = actions_run(state, moves, draw, log)
            continue
        # randbelow(rng, len(moves)) inlined: one draw per move, the bits randrange draws
        n = len(moves)
        bits = n.bit_length()
        pick = getrandbits(bits)
        while pick >= n:
            pick = getrandbits(bits)
        moves = play_on(state, moves[pick], log, moves)
    ranking = sorted(state.players, key=lambda c: -state.score[c])
    log.append("final score: " + ", ".join(f"{c} {state.score[c]}" for c in ranking))
    return state, log


def winners(state: State) -> list[str]:
    """Highest score; the rules have no tie-break (ruling "Game end"), so ties share."""
    best = max(state.score.values())
    return [c for c in state.players if state.score[c] == best]


class AssyriaGame(GameBase, legal_moves=legal_moves, apply=apply, random_move=random_move,
                  parse_move=parse_move, state_from_json=state_from_json):
    """The shared game API (pnp.rules.api.Game) for Assyria."""

    name = "assyria"
    player_counts = (2, 3, 4)

    def initial_state(self, seed: int, players: int | Sequence[str] = 4,
                      **options: Any) -> State:
        if options:
            raise ValueError(f"assyria takes no options ({', '.join(sorted(options))})")
        return new_game(seed, players_of(players))

    def current_player(self, state: State) -> str | None:
        if state.phase == "over":
            return None
        return state.to_move or state.order[0]

    def scores(self, state: State) -> dict[str, int]:
        return {c: state.score.get(c, 0) for c in state.players}


GAME = AssyriaGame()

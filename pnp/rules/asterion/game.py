"""Asterion as a game: setup, scores, the random player and the simulator, and the shared
game API. Rulings: "A turn", "Game end and scoring", "Start player" in
docs/rules/asterion.md.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from functools import cache

from pnp.rules.api import GameBase, seat_players
from pnp.rules.asterion.labyrinth import kind, xy
from pnp.rules.asterion.moves import Action, Discard, Move, Place, parse_move
from pnp.rules.asterion.play import (
    action_candidates,
    apply,
    apply_in_place,
    candidate_is_legal,
    is_over,
    legal_moves,
    play_legal,
    play_legal_action,
)
from pnp.rules.asterion.scoring import ScoreResult, score
from pnp.rules.asterion.state import State
from pnp.rules.asterion.table import SETUP_DISCARDS
from pnp.rules.asterion.tiles import COLOURS, EDITIONS, MINOTAUR_ID, load_tileset
from pnp.rules.draws import randbelow

# Simulator policy, revised edition: on a turn with a legal placement, the player considers
# an action (rotate / swap / move) with this probability; the rules call actions rare.
ACTION_RATE = 0.05


def initial_state(seed: int, players: int | list[str] | tuple[str, ...] = 4,
                  edition: str = "crete", board: bool = False,
                  no_kill_points: bool = False) -> State:
    """A new game: decks shuffled with `random.Random(seed)`, setup discards, hands drawn and
    the start player chosen. Players play in the order given (the rules' anticlockwise)."""
    chosen = seat_players("Asterion", players, COLOURS, (2, 3, 4))
    if edition not in EDITIONS:
        raise ValueError(f"unknown edition {edition!r} (choose from: {', '.join(EDITIONS)})")
    if board and edition != "crete":
        raise ValueError(f"the {edition} edition has no board")
    rng = random.Random(seed)
    decks: dict[str, list[str]] = {}
    discards: dict[str, list[str]] = {}
    for colour in chosen:
        deck = list(deck_of(edition, colour))
        rng.shuffle(deck)
        # Ruling "A turn": Crete board setup discards (4 players 2 each, 3: 4, 2: 5). The
        # simulator discards from the top of the shuffled deck, before drawing the hand.
        count = SETUP_DISCARDS[len(chosen)] if board else 0
        discards[colour], decks[colour] = deck[:count], deck[count:]
    hands: dict[str, str | None] = {c: decks[c].pop(0) for c in chosen}
    # Ruling "Start player": the player whose first tile shows horns starts; if several or
    # none, pick at random with the seed (among the horned players when there are several).
    horned = [c for c in chosen if kind(hands[c] or "").horns]
    start = horned[0] if len(horned) == 1 else rng.choice(horned or list(chosen))
    state = State(edition, board, chosen, seed, no_kill_points, decks, hands,
                  chosen.index(start), start, [(MINOTAUR_ID, 0, 0, 0)], [],
                  dict.fromkeys(chosen, 0), discards)
    state.log.append(header(state))
    return state


@cache
def deck_of(edition: str, colour: str) -> tuple[str, ...]:
    """The edition's tiles of one colour, in catalogue order (before shuffling)."""
    return tuple(t.id for t in load_tileset(edition).values() if t.colour == colour)


def header(state: State) -> str:
    setup = " ".join(f"{c}:{','.join(d)}" for c, d in state.discards.items() if d)
    return (f"asterion {state.edition}{' board' if state.board else ''} seed {state.seed} "
            f"players {','.join(state.players)}"
            f"{' no-kill-points' if state.no_kill_points else ''}; start {state.start}"
            f" (hand {state.hands[state.start]}){'; setup discards ' + setup if setup else ''}")



def result(state: State) -> ScoreResult:
    return score(state.table())


def scores(state: State) -> dict[str, int]:
    """Totals if the game ended now (ruling "Game end and scoring")."""
    return {c: s.total for c, s in result(state).players.items()}



# -- the random player ----------------------------------------------------------------------
def _first_legal_action(state: State, rng: random.Random,
                        frontier: list[int] | None = None) -> Action | None:
    """A uniformly random legal action: the first legal one in a random order (`frontier`:
    the sorted frontier, when known)."""
    candidates = action_candidates(state, frontier)
    split: dict[int, list[set[int]]] = {}       # what each lifted tile leaves, this turn
    for index in drawn_order(rng, len(candidates)):
        move = candidates.at(index)
        if candidate_is_legal(state, move, split):
            return move
    return None


def drawn_order(rng: random.Random, n: int) -> Iterator[int]:
    """0 .. n-1 in a uniformly random order, each drawn only when asked for: a Fisher-Yates
    pass from the front whose swaps are kept in a dict. The simulator mostly stops after
    one or two of hundreds of candidates, so it draws once per candidate it tries."""
    swapped: dict[int, int] = {}
    for i in range(n):
        j = i + randbelow(rng, n - i) if i < n - 1 else i
        yield swapped.get(j, j)
        swapped[j] = swapped.get(i, i)       # position i is spent: keep what it held


def random_move(state: State, rng: random.Random) -> Move:
    """The simulator's policy: a placement chosen uniformly among the legal (cell, rotation)
    pairs (rotations that look alike count once). Revised: with probability ACTION_RATE the
    player first tries a uniformly random legal action. With no legal placement: a random
    legal action (revised), else discard."""
    move, cell, rot = _random_move(state, rng)
    if move is not None:
        return move
    hand = state.hands[state.players[state.turn]]
    assert hand is not None
    return Place(hand, *xy(cell), rot)


def _random_move(state: State, rng: random.Random) -> tuple[Action | Discard | None, int, int]:
    """`random_move`, a placement given as (None, cell key, rot) without building it."""
    hand = state.hands[state.players[state.turn]]
    assert hand is not None             # (`state.current`: the game is not over)
    placements = state.lab().legal_placements(hand)    # (cell, rot) pairs, not listed
    size = placements.size
    if state.edition == "revised" and (not size or rng.random() < ACTION_RATE):
        action = _first_legal_action(state, rng, placements.cells)
        if action is not None:
            return action, -1, 0
    if size:
        cell, rot = placements.at(randbelow(rng, size))
        return None, cell, rot
    return Discard(), -1, 0


def simulate(seed: int, players: int | list[str] | tuple[str, ...] = 4,
             edition: str = "crete", board: bool = False,
             no_kill_points: bool = False) -> State:
    """A whole seeded random game; the same arguments always give the same game."""
    state = initial_state(seed, players, edition, board, no_kill_points)
    rng = random.Random(seed ^ 0x5EED)
    hands, players = state.hands, state.players
    while hands[players[state.turn]] is not None:      # `state.current`, without a call
        move, cell, rot = _random_move(state, rng)
        if move is None:
            play_legal(state, cell, rot)      # drawn from the legal placements
        elif isinstance(move, Discard):
            apply_in_place(state, move)
        else:
            play_legal_action(state, move)    # a candidate found legal
    return state


def game_log(state: State) -> str:
    """The turn log, with the final scores once the game is over."""
    lines = list(state.log)
    if is_over(state):
        res = result(state)
        for colour, s in res.players.items():
            lines.append(f"end {colour:<6} total {s.total:3d} = escape {s.escape_points} + "
                         f"kills {s.kill_points}; {s.escapers} escaping")
        lines.append(f"winners: {' '.join(res.winners)}")
    return "\n".join(lines) + "\n"


class AsterionGame(GameBase, initial_state=initial_state, legal_moves=legal_moves,
                   apply=apply, scores=scores, random_move=random_move,
                   parse_move=parse_move, state_from_json=State.from_json):
    """The shared game API (pnp/rules/api.py) for Asterion."""

    name = "asterion"
    editions = EDITIONS
    player_counts = (2, 3, 4)

    def current_player(self, state: State) -> str | None:
        return state.current


GAME = AsterionGame()

"""Spider Twist as a game (pnp/rules/api.py): set-up, the random player, playouts.

Chance: the start player's die rolls come from `random.Random(seed)` in `initial_state`;
the die rolled after she eats is a move (`roll N`) of the player moving her, so a random
playout is decided by its one random generator (same seed, same game).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from pnp.rules.api import GameBase, seat_players
from pnp.rules.draws import randbelow as below
from pnp.rules.spider_twist.bits import Board, act, acts, nth, turnable
from pnp.rules.spider_twist.moves import End, Move, Pass, parse_move
from pnp.rules.spider_twist.play import (
    GAME_OVER,
    OTHER,
    ROLLS,
    apply,
    female_of,
    her_walks,
    legal_moves,
    play_legal,
)
from pnp.rules.spider_twist.read import read_state
from pnp.rules.spider_twist.scoring import score, scores
from pnp.rules.spider_twist.state import COLOURS, MALES, State
from pnp.rules.spider_twist.web import CENTRE, WEBS

# The random player's policy once he has acted: end the turn with this probability; and
# turn a male instead of acting with this one (rare: it changes nothing but the marker).
END_RATE = 0.4
DONE_RATE = 0.03
END, PASS = End(), Pass()


def start_rolls(seed: int) -> list[tuple[int, int]]:
    """Ruling "End and score", start player: each rolls, higher starts, equal rolls again.
    The (white, black) rolls, the last pair deciding."""
    rng = random.Random(seed)
    rolls = []
    while True:
        white, black = 1 + below(rng, 6), 1 + below(rng, 6)     # rng.randint(1, 6)
        rolls.append((white, black))
        if white != black:
            return rolls


def initial_state(seed: int, players: int | Sequence[str] = 2, web: str = "rings") -> State:
    """A new game on side `web`: female on the centre, 10 males each in stock, the start
    player by die roll (docs/rules/spider-twist.md#setup)."""
    return _set_up(start_rolls(seed), players, web)


def _set_up(rolls: list[tuple[int, int]], players: int | Sequence[str], web: str) -> State:
    """`initial_state` for the seed's `start_rolls`."""
    chosen = seat_players("Spider Twist", players, COLOURS, (2,))
    if web not in WEBS:
        raise ValueError(f"unknown web {web!r} (choose from: {', '.join(WEBS)})")
    white, black = rolls[-1]
    return State(web, chosen, "white" if white > black else "black", CENTRE, None, {}, set(),
                 dict.fromkeys(COLOURS, MALES), dict.fromkeys(COLOURS, 0),
                 dict.fromkeys(COLOURS, 0))


def random_move(state: State, rng: random.Random) -> Move:
    """The simulator's policy: her walks and the die uniformly; the player in turn picks a
    uniformly random action (placement, move or mating), ends the turn with probability
    END_RATE once he has acted, and now and then (DONE_RATE) turns a male instead."""
    if state.is_over():
        moves = legal_moves(state)
        return moves[rng.randrange(len(moves))]          # none: as any empty choice fails
    return _move_in_play(state, rng)


def _move_in_play(state: State, rng: random.Random, board: Board | None = None) -> Move:
    """`random_move` in a game not over (`board`: `Board(state)` when the caller keeps it)."""
    # Her walks, or the die: `legal_moves` without asking again whether the game is over.
    if state.react is not None:
        walks = her_walks(state)
        return female_of(walks[below(rng, len(walks))].path)
    if state.roll:
        return ROLLS[below(rng, len(ROLLS))]
    return _player_move(state, rng, Board(state) if board is None else board)


def _player_move(state: State, rng: random.Random, board: Board) -> Move:
    """The player in turn's move. His legal moves are acts, then turnable males, then `end`
    once he has acted (or `pass` alone): drawn from as they would be from legal_moves'
    list. Once he has acted with males to turn, `end` and turning are open, so the first
    draw is made at once and his actions are counted only when it asks for them."""
    movers, done, ends = board.movers, board.bits.done, state.has_acted
    if ends and movers:
        chance = rng.random()
        if chance < END_RATE:
            return END
        actions = acts(state, board)
        if not actions[4]:
            return END
        if chance > 1 - DONE_RATE:
            return done[nth(movers, below(rng, movers.bit_count()))]
        return act(board, actions, below(rng, actions[4]))
    actions = acts(state, board)
    count = actions[4]                                 # here he has acted only with no movers
    males = movers if ends else turnable(movers, actions[0], actions[3])
    turns = males.bit_count()
    if count + turns + ends <= 1:
        below(rng, 1)                          # the one legal move, drawn all the same
        if count:
            return act(board, actions, 0)
        return done[males & -males] if turns else END if ends else PASS
    chance = rng.random()
    if ends and (not count or chance < END_RATE):
        return END
    if turns and (not count or chance > 1 - DONE_RATE):
        return done[nth(males, below(rng, turns))]
    return act(board, actions, below(rng, count))


# One log entry of a playout: a move (number, who, move, what followed) or, with
# `move` None, the start of turn `number` for `player`.
Entry = tuple[int, str, Move | None, list[str]]


@dataclass(frozen=True)
class Playout:
    """A finished random game. The log's text is made only when read (`log`): a benchmark
    or a caller wanting the final state alone does not pay for it."""

    state: State
    moves: int
    turns: int
    head: tuple[str, ...]
    entries: list[Entry]

    @property
    def log(self) -> list[str]:
        """The start rolls, then every move with what followed, the turns, final scores."""
        lines = list(self.head)
        for number, player, move, events in self.entries:
            if move is None:
                lines.append(f"turn {number}: {player}")
            elif events:
                lines.append(f"{number:5d} {player:<5} {move}  ({'; '.join(events)})")
            else:
                lines.append(f"{number:5d} {player:<5} {move}")
        result = score(self.state)
        for c, s in result.players.items():
            lines.append(f"{c}: mated {s.mated}, eaten {s.eaten}: {s.points} points")
        lines.append(f"{'draw' if len(result.winners) > 1 else 'winner'}: "
                     f"{' '.join(result.winners)}")
        return lines


def playout(seed: int, web: str = "rings") -> Playout:
    """A seeded random game to the end, as `pnp.rules.api.random_playout` plays it (the same
    moves: one `random.Random(seed)` for the player), with a readable log."""
    rng = random.Random(seed)
    start = start_rolls(seed)
    state = _set_up(start, 2, web)
    rolls = ", ".join(f"white {w} black {b}" for w, b in start)
    head = (f"spider-twist {web} seed {seed}", f"start rolls: {rolls}: {state.turn} starts")
    entries: list[Entry] = [(1, state.turn, None, [])]
    count, turns = 0, 1
    board = Board(state)                    # kept move by move
    over = state.is_over()
    while not over:
        if state.react is not None or state.roll:
            player = OTHER[state.turn]          # she moves, or her die is rolled
            move = _move_in_play(state, rng)
            events = play_legal(state, move)
            board.walked(state)
        else:
            player = state.turn
            move = _player_move(state, rng, board)
            events = play_legal(state, move)
            board.played(state, move)
        count += 1
        entries.append((count, player, move, events))
        # Only a move that takes a male out of play ends the game, and says so last.
        if events and events[-1].startswith(GAME_OVER):
            over = True
        if move is END or move is PASS:         # the policy's own objects
            turns += 1
            entries.append((turns, state.turn, None, []))
    return Playout(state, count, turns, head, entries)


class SpiderTwistGame(GameBase, legal_moves=legal_moves, apply=apply, scores=scores,
                      random_move=random_move, parse_move=parse_move,
                      state_from_json=read_state):
    """The shared game API (pnp/rules/api.py) for Spider Twist. Both webs are one game
    (two sides of one board), chosen with the option `web=` rather than as editions."""

    name = "spider-twist"
    player_counts = (2,)

    def initial_state(self, seed: int, players: int | Sequence[str] = 2,
                      **options: Any) -> State:
        unknown = set(options) - {"web"}
        if unknown:
            raise ValueError(f"unknown option(s) {', '.join(sorted(unknown))} (only web)")
        return initial_state(seed, players, options.get("web") or "rings")

    def current_player(self, state: State) -> str | None:
        return state.current()


GAME = SpiderTwistGame()

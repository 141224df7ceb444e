"""The simulator's runs: one player's huts step, supply step and actions each played
through in one loop, drawing and choosing exactly what `game.simulate`'s move-by-move loop
through `play.play_on` would (same draws, same moves, same log), without dispatching on a
move per hut, card and action. These steps are most of a random game's moves. The rules
stay in play.py and choices.py; tests/rules/test_assyria_fast_paths.py holds each run
against them.
"""

from __future__ import annotations

from bisect import insort
from collections.abc import Callable
from functools import cache
from operator import attrgetter
from typing import TypeVar

from pnp.rules.assyria.board import board
from pnp.rules.assyria.cards import PLOUGH
from pnp.rules.assyria.choices import (
    action_moves_after,
    feed_moves_after,
    neighbours_in_play,
    place_hut,
    unsupplied,
)
from pnp.rules.assyria.moves import Feed, Move, Pass
from pnp.rules.assyria.phases import end_actions, famine, start_supply
from pnp.rules.assyria.play import legal_moves, pay_and_act
from pnp.rules.assyria.state import Log, State

M = TypeVar("M", bound=Move)
_HEX = attrgetter("hex")            # a PlaceHut's hex
Draw = Callable[[int], int]         # a uniform index below n, from the simulator's stream


def huts_run(s: State, moves: list[Move], draw: Draw, log: Log) -> list[Move]:
    """Ruling II.B: the player to move places huts, each on a random one of `moves` (the
    PlaceHut moves of `legal_moves(s)`, by hex), until the huts to place or the free hexes
    run out; then plays their supply step (`supply_run`). Returns the legal moves after."""
    c = s.to_move
    assert c is not None
    hexes = list(map(_HEX, moves))
    huts, ziggurats = s.huts, s.ziggurats
    neighbours = neighbours_in_play(s.n)
    line = _hut_line(c)
    while True:
        h = hexes.pop(draw(len(hexes)))
        s.moves += 1
        if log is not None:
            log.append(line[h])
        huts[h] = c
        s.huts_to_place -= 1
        if s.huts_to_place <= 0:
            break
        # its free neighbours join (hut_moves_after), found by one C call
        for nb in neighbours[h].difference(huts, ziggurats, hexes):
            insort(hexes, nb)
        if not hexes:
            break
    hungry, feeds = start_supply(s)
    return _supply(s, c, feeds, hungry, draw, log)


def supply_run(s: State, moves: list[Move], draw: Draw, log: Log) -> list[Move]:
    """Ruling II.C: the player to move plays cards, each a random one of `moves` (the Feed
    moves of `legal_moves(s)`), while one can supply a hut; then famine. Returns the legal
    moves after."""
    c = s.to_move
    assert c is not None
    return _supply(s, c, moves, unsupplied(s, c), draw, log)   # type: ignore[arg-type]


def _supply(s: State, c: str, feeds: list[Feed], hungry: list[int], draw: Draw,
            log: Log) -> list[Move]:
    """The supply run from `feeds` (the legal moves) and `hungry` (`unsupplied(s, c)`,
    kept as cards feed: famine takes what is left)."""
    hand, discard, supplied = s.hands[c], s.discard, s.supplied
    prefix = f"  {c}: "
    while feeds:
        move = _play_one(s, feeds, draw, log, prefix)
        card = move.card
        if card == PLOUGH:
            s.ploughs[c] = 0
            s.used_ploughs += 1
        else:
            hand.remove(card)
            discard[card] += 1
        supplied.extend(move.hexes)
        for h in move.hexes:
            hungry.remove(h)
        feeds = feed_moves_after(s, c, feeds, move, hungry)
    famine(s, log, hungry)
    return _found(s)


def actions_run(s: State, moves: list[Move], draw: Draw, log: Log) -> list[Move]:
    """Ruling III: the player to move takes actions, each a random one of `moves` (the
    `legal_moves(s)` of the actions step), until they pass or only pass is left; then the
    next player's actions (or the turn's end). Returns the legal moves after."""
    c = s.to_move
    assert c is not None
    prefix = f"  {c}: "
    while True:
        move = _play_one(s, moves, draw, log, prefix)
        if type(move) is Pass:
            break
        pay_and_act(s, c, move)
        moves = action_moves_after(s, c, moves, move)
        if len(moves) == 1:             # only pass is left
            break
    end_actions(s, log)
    return _found(s)


def _play_one(s: State, moves: list[M], draw: Draw, log: Log, prefix: str) -> M:
    """A random one of `moves`, counted and logged (`prefix`: the mover's)."""
    move = moves[draw(len(moves))]
    s.moves += 1
    if log is not None:
        log.append(prefix + move.text)
    return move


def _found(s: State) -> list[Move]:
    """The moves the automatic steps found for the decision they stopped at, as
    `play.play_on` hands them on."""
    after = legal_moves(s) if s.found is None else s.found
    s.found = None
    return after


@cache
def _hut_line(colour: str) -> tuple[str, ...]:
    """By hex: the log line of `colour` placing a hut there (a move's logged line)."""
    return tuple(f"  {colour}: {place_hut(h).text}" for h in range(len(board().hexes)))

"""Constructo as a game (pnp/rules/api.py `Game`): setup, play through both rounds, scores,
and a seeded random game with its log.

Round 1's pattern is a setup option (docs/rules/constructo.md#play: the first player lays
the board before play); round 2's is the action `pattern NAME` of round 2's starting player, taken
in the finished round-1 position (ruling "Play": each round another player starts and chooses).
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from pnp.rules.api import GameBase, seat_players
from pnp.rules.constructo.hexes import PATTERN_NAMES, tile_text, unknown_pattern
from pnp.rules.constructo.moves import Action, ChoosePattern, parse_move
from pnp.rules.constructo.pieces import PLAYERS
from pnp.rules.constructo.play import (
    apply,
    apply_legal,
    current_player,
    has_action,
    legal_actions,
    round_actions,
)
from pnp.rules.constructo.read import read_state
from pnp.rules.constructo.scoring import round_points, totals, towers, winners
from pnp.rules.constructo.state import State, full_supply


def initial_state(seed: int, players: int | Sequence[str] = 2,
                  pattern: str | None = None) -> State:
    """Round 1, empty board, full supplies; players[0] starts. Without `pattern`, the
    starter's choice is drawn with `random.Random(seed)`."""
    order = seat_players("Constructo", players, PLAYERS, (2,))
    if pattern is None:
        pattern = random.Random(seed).choice(PATTERN_NAMES)
    elif pattern not in PATTERN_NAMES:
        raise ValueError(unknown_pattern(pattern))
    return State(pattern, order, order[0], 1, {}, full_supply(), dict.fromkeys(PLAYERS, 0))


def random_action(state: State, rng: random.Random) -> Action:
    return rng.choice(legal_actions(state))


def _round_end_lines(state: State) -> list[str]:
    points = round_points(state.stacks)
    shown = ", ".join(f"{tile_text(t)} {o}" for t, o in towers(state.stacks)) or "none"
    return [f"round {state.round} over: {state.turn} has no action",
            f"  towers: {shown}",
            f"  round points: white {points['white']}, black {points['black']}"]


@dataclass(frozen=True)
class RandomGame:
    state: State                      # the final position (round 2 over)
    log: list[str]
    patterns: tuple[str, str]         # round 1's, round 2's
    turns: int                        # places and moves, both rounds


def play_random(seed: int, pattern: str | None = None,
                players: Sequence[str] = PLAYERS) -> RandomGame:
    """A seeded random legal two-round game and its log. With `pattern`, both rounds use it
    (the rules' advice for a first game: ruling "Play"); without, each round's starter
    picks at random."""
    rng = random.Random(seed)
    state = initial_state(seed, players, pattern)
    patterns = [state.pattern]
    turns = 0
    log = [f"constructo seed {seed}; players {', '.join(state.players)}",
           f"round 1: {state.starter} starts on the {state.pattern} pattern"]
    turn = 0
    while True:
        if not has_action(state):
            log += _round_end_lines(state)
            if state.round == 2:
                break
            chooser = current_player(state)
            action: Action = (ChoosePattern(pattern) if pattern is not None
                              else random_action(state, rng))
            state = apply_legal(state, action)
            log.append(f"round 2: {chooser} chooses {action} and starts")
            patterns.append(state.pattern)
            turns += turn
            turn = 0
            continue
        action = rng.choice(round_actions(state))   # = random_action: the round goes on
        turn += 1
        log.append(f"{state.round}.{turn:<3d}{state.turn:<6} {action}")
        state = apply_legal(state, action)
    total = totals(state)
    log.append(f"total: white {total['white']}, black {total['black']}; winners: "
               f"{' '.join(winners(total))}")
    return RandomGame(state, log, (patterns[0], patterns[1]), turns + turn)


class ConstructoGame(GameBase, initial_state=initial_state, current_player=current_player,
                     legal_moves=legal_actions, apply=apply, scores=totals,
                     random_move=random_action, parse_move=parse_move,
                     state_from_json=read_state):
    """The shared game API (pnp/rules/api.py) for Constructo."""

    name = "constructo"
    player_counts = (2,)


GAME = ConstructoGame()

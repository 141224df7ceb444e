"""Assyria rules core: random games per second, and invariant violations over thousands of
seeded random games (must be 0).

Usage: python benchmarks/assyria_bench.py [--games N] [--checked N]
  --games N     games per player count for the speed figures (default 300)
  --checked N   games per player count played with every invariant checked after every
                move (default 1000, i.e. 3000 games)
The checks are the playout test's own (tests/rules/test_assyria_playouts.py: an independent
reading of the rulings) plus the engine's `validate()`; a violation is counted, not raised.
"""

from __future__ import annotations

import argparse
import importlib.util
import random
import time
from functools import partial
from pathlib import Path

from _timing import per_second

from pnp.rules.assyria.game import simulate
from pnp.rules.assyria.phases import new_game
from pnp.rules.assyria.play import apply_in_place, legal_moves, play_on
from pnp.rules.assyria.validate import validate

COLOURS = ("red", "blue", "green", "yellow")
TEST = Path(__file__).resolve().parents[1] / "tests" / "rules" / "test_assyria_playouts.py"


def load_checks():
    spec = importlib.util.spec_from_file_location("assyria_playout_checks", TEST)
    assert spec and spec.loader
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def bare_game(seed: int, players: int) -> int:
    """A random game without log or checks; returns its moves."""
    s = new_game(seed, COLOURS[:players])
    rng = random.Random(seed)
    moves = legal_moves(s)
    while moves:
        moves = play_on(s, moves[rng.randrange(len(moves))], before=moves)
    return s.moves


def bare_games(players: int, count: int) -> tuple[float, float]:
    """(games/s, moves a game) of `bare_game` over seeds 0..count-1."""
    moves: list[int] = []
    rate = per_second(lambda seed: moves.append(bare_game(seed, players)), count)
    return rate, sum(moves) / count


def checked_game(seed: int, players: int, checks) -> tuple[int, list[str]]:
    """A random game with every invariant checked after every move: (moves, violations)."""
    s = new_game(seed, COLOURS[:players])
    rng = random.Random(seed)
    bad: list[str] = []
    while s.phase != "over":
        moves = legal_moves(s)
        if not moves:
            bad.append(f"seed {seed}: no legal move in phase {s.phase}")
            break
        move = moves[rng.randrange(len(moves))]
        pre = s.copy()
        apply_in_place(s, move, checked=True)
        try:
            checks.check_move(pre, move, s)
            if s.phase != "setup":
                checks.check_position(s, pre.score)
            if pre.phase in ("huts", "supply", "wells") and s.phase == "actions" \
                    and s.turn == pre.turn:
                checks.check_income(pre, move, s)
        except AssertionError as exc:
            bad.append(f"seed {seed}, move {s.moves} ({move}): {exc or 'invariant'}")
        bad.extend(f"seed {seed}, move {s.moves} ({move}): {p}" for p in validate(s))
    return s.moves, bad


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300)
    parser.add_argument("--checked", type=int, default=1000)
    args = parser.parse_args()
    checks = load_checks()
    for players in (2, 3, 4):
        bare, moves = bare_games(players, args.games)
        logged = per_second(partial(simulate, players=players), args.games)
        print(f"{players} players: {bare:7.1f} games/s bare, "
              f"{logged:7.1f} games/s with log (simulate), {moves:5.1f} moves/game")
    total_games = total_bad = 0
    start = time.perf_counter()
    for players in (2, 3, 4):
        for seed in range(args.checked):
            _, bad = checked_game(100_000 * players + seed, players, checks)
            total_games += 1
            total_bad += len(bad)
            for line in bad[:3]:
                print(f"  VIOLATION {players}p {line}")
    elapsed = time.perf_counter() - start
    print(f"checked {total_games} games ({total_games / elapsed:.1f} games/s with every "
          f"check after every move): {total_bad} invariant violations")


if __name__ == "__main__":
    main()

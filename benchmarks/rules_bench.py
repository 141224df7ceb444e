"""Rules core speed: random full games per second and the time to score one table.

Usage: python benchmarks/rules_bench.py [--games N] [--scores N]
Targets (issue 3): 100 random 4-player Crete games per second on one core; scoring a full
69-tile table in under 2 ms (`score()` runs the fatal checks itself; full validate shown apart).
"""

from __future__ import annotations

import argparse
import statistics
import time

from pnp.rules.asterion import score, validate
from pnp.rules.asterion.game import simulate

SETUPS = [
    ("crete, board, 4 players", 4, "crete", True),
    ("crete, no board, 4 players", 4, "crete", False),
    ("crete, board, 2 players", 2, "crete", True),
    ("revised, 4 players", 4, "revised", False),
]


def games_per_second(players: int, edition: str, board: bool, games: int) -> float:
    start = time.perf_counter()
    for seed in range(games):
        simulate(seed, players, edition, board)
    return games / (time.perf_counter() - start)


def per_call_ms(call, repeats: int) -> float:
    """Median of 5 batches, in milliseconds per call."""
    samples = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeats):
            call()
        samples.append((time.perf_counter() - start) / repeats * 1000)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per setup")
    parser.add_argument("--scores", type=int, default=200, help="scorings per batch")
    args = parser.parse_args()
    simulate(0, 4, "crete", True)   # warm the caches (tileset, precomputed tiles)
    for label, players, edition, board in SETUPS:
        rate = games_per_second(players, edition, board, args.games)
        print(f"random games, {label:<28} {rate:7.1f} games/s")
    full = simulate(1, 4, "crete", False).table()
    assert len(full.tiles) == 69, len(full.tiles)
    scoring = per_call_ms(lambda: score(full), args.scores)
    print(f"score one full 69-tile table        {scoring:7.3f} ms")
    print(f"validate one full 69-tile table     "
          f"{per_call_ms(lambda: validate(full), args.scores):7.3f} ms")


if __name__ == "__main__":
    main()

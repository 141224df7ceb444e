"""Rules core speed: random full games per second and the time to score one table.

Usage: python benchmarks/rules_bench.py [--games N] [--scores N]
Targets: 100 random 4-player Crete games per second on one core; scoring a full
69-tile table in under 2 ms (`score()` runs the fatal checks itself; full validate shown apart).
"""

from __future__ import annotations

import argparse
from functools import partial

from _timing import per_call, per_second

from pnp.rules.asterion import score, validate
from pnp.rules.asterion.game import simulate

SETUPS = [
    ("crete, board, 4 players", 4, "crete", True),
    ("crete, no board, 4 players", 4, "crete", False),
    ("crete, board, 2 players", 2, "crete", True),
    ("revised, 4 players", 4, "revised", False),
]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per setup")
    parser.add_argument("--scores", type=int, default=200, help="scorings per batch")
    args = parser.parse_args()
    simulate(0, 4, "crete", True)   # warm the caches (tileset, precomputed tiles)
    for label, players, edition, board in SETUPS:
        rate = per_second(partial(simulate, players=players, edition=edition, board=board),
                          args.games)
        print(f"random games, {label:<28} {rate:7.1f} games/s")
    full = simulate(1, 4, "crete", False).table()
    assert len(full.tiles) == 69, len(full.tiles)
    scoring = per_call(lambda: score(full), args.scores)
    print(f"score one full 69-tile table        {scoring:7.3f} ms")
    print(f"validate one full 69-tile table     "
          f"{per_call(lambda: validate(full), args.scores):7.3f} ms")


if __name__ == "__main__":
    main()

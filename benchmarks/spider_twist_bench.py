"""Spider Twist rules core speed: random full games per second on each web, and the time to
work out one reaction of the female (the `check --disturb` question).

Usage: python benchmarks/spider_twist_bench.py [--games N] [--reactions N]
Games are the simulator's (`pnp simulate spider-twist`): the same policy as the game API's
random playout. Also printed: moves and turns per game, so a change of policy shows.
"""

from __future__ import annotations

import argparse
import statistics
import time

from pnp.rules.spider_twist import get_web, react
from pnp.rules.spider_twist.game import playout


def games(web: str, count: int) -> tuple[float, float, float]:
    """(games/s, mean moves, mean turns) over seeds 0..count-1."""
    moves, turns = [], []
    start = time.perf_counter()
    for seed in range(count):
        game = playout(seed, web)
        moves.append(game.moves)
        turns.append(game.turns)
    rate = count / (time.perf_counter() - start)
    return rate, statistics.mean(moves), statistics.mean(turns)


def reaction_us(repeats: int) -> float:
    """Median of 5 batches: the rings worked example, microseconds per reaction."""
    web = get_web("rings")
    males = {"S3R1": "black", "S1R3": "black", "S2R3": "white", "S3R3": "white"}
    samples = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeats):
            react(web, "S0R2", None, males, "S3R3")
        samples.append((time.perf_counter() - start) / repeats * 1e6)
    return statistics.median(samples)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per web")
    parser.add_argument("--reactions", type=int, default=2000, help="reactions per batch")
    args = parser.parse_args()
    playout(0, "rings")                   # build both webs' distance tables first
    playout(0, "spiral")
    for web in ("rings", "spiral"):
        rate, moves, turns = games(web, args.games)
        print(f"random games, {web:<7} {rate:7.1f} games/s  ({moves:.0f} moves, "
              f"{turns:.0f} turns a game)")
    print(f"one reaction (rings example)  {reaction_us(args.reactions):7.1f} us")


if __name__ == "__main__":
    main()

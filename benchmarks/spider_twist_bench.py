"""Spider Twist rules core speed: random full games per second on each web, and the time to
work out one reaction of the female (the `check --disturb` question).

Usage: python benchmarks/spider_twist_bench.py [--games N] [--reactions N]
Games are the simulator's (`pnp simulate spider-twist`): the same policy as the game API's
random playout. Also printed: moves and turns per game, so a change of policy shows.
"""

from __future__ import annotations

import argparse
import statistics

from _timing import per_call, per_second

from pnp.rules.spider_twist import get_web, react
from pnp.rules.spider_twist.game import playout


def games(web: str, count: int) -> tuple[float, float, float]:
    """(games/s, mean moves, mean turns) over seeds 0..count-1."""
    played = []
    rate = per_second(lambda seed: played.append(playout(seed, web)), count)
    return (rate, statistics.mean(g.moves for g in played),
            statistics.mean(g.turns for g in played))


def reaction_us(repeats: int) -> float:
    """Median of 5 batches: the rings worked example, microseconds per reaction."""
    web = get_web("rings")
    males = {"S3R1": "black", "S1R3": "black", "S2R3": "white", "S3R3": "white"}
    return per_call(lambda: react(web, "S0R2", None, males, "S3R3"), repeats, unit=1e6)


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

"""Constructo rules core speed: random two-round games per second, and the time to read,
validate and score one state file.

Usage: python benchmarks/constructo_bench.py [--games N] [--reads N]
Three ways to play a random game: `play_random` (the simulator, with its log), the
`Game` API loop (`random_playout`, every action checked by `apply`), and `pnp simulate`'s
adapter (`COMMANDS.simulate`, files as text).
"""

from __future__ import annotations

import argparse
import json
import statistics
from pathlib import Path

from _timing import per_call, per_second

from pnp.rules.api import random_playout
from pnp.rules.constructo.commands import COMMANDS
from pnp.rules.constructo.game import GAME, play_random

EXAMPLE = Path(__file__).resolve().parent.parent / "examples" / "constructo-state.json"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=2000, help="games per way of playing")
    parser.add_argument("--reads", type=int, default=2000, help="state reads per batch")
    args = parser.parse_args()
    turns = [play_random(seed).turns for seed in range(200)]
    print(f"random games: {statistics.mean(turns):.1f} turns on average "
          f"({min(turns)}-{max(turns)}) over 200 seeds")
    for label, play in [
        ("play_random (simulator, with log)", play_random),
        ("Game API random_playout (checked apply)", lambda s: random_playout(GAME, s, 2)),
        ("COMMANDS.simulate (files as text)", lambda s: COMMANDS.simulate(s, {})),
    ]:
        print(f"{label:<42} {per_second(play, args.games):8.0f} games/s")
    data = json.loads(EXAMPLE.read_text())
    read = per_call(lambda: COMMANDS.read_state(data), args.reads)
    state = COMMANDS.read_state(data)
    score = per_call(lambda: COMMANDS.score_report(state), args.reads)
    check = per_call(lambda: COMMANDS.check_report(state, {"move": "move 0,0 1,0"}),
                     args.reads)
    print(f"read + validate the example state  {read:.3f} ms")
    print(f"score_report                       {score:.3f} ms")
    print(f"check_report one move              {check:.3f} ms")


if __name__ == "__main__":
    main()

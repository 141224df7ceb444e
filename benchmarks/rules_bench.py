"""Rules core speed: random full games per second for every game, and the time to score one
Asterion table.

Usage: python benchmarks/rules_bench.py [--games N] [--scores N] [--cpu]
Targets: 1,000 random Asterion games a second on one core (every setup below); scoring a full
69-tile table in at most 0.2 ms (`score()` runs the fatal checks itself; full validate shown
apart); every other game's random games at least as many a second as Asterion's 4-player
Crete games on the board. Each game is played by its own simulator, the one `pnp simulate`
uses (each game's own benchmark has more figures). `--cpu` times by this process's CPU
(`time.process_time`), for a machine others load.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from _timing import Clock, per_call, per_second

from pnp.rules.assyria.game import simulate as assyria_game
from pnp.rules.asterion import score, validate
from pnp.rules.asterion.game import simulate as asterion_game
from pnp.rules.constructo.game import play_random as constructo_game
from pnp.rules.spider_twist.game import playout as spider_twist_game

ASTERION_GAMES_PER_S = 1000.0
SCORE_MS = 0.2
# (label, one seeded random game); the first is the one the other games are held to
ASTERION = [
    ("asterion crete, board, 4 players", partial(asterion_game, players=4, edition="crete",
                                                 board=True)),
    ("asterion crete, no board, 4 players", partial(asterion_game, players=4,
                                                    edition="crete", board=False)),
    ("asterion crete, board, 2 players", partial(asterion_game, players=2, edition="crete",
                                                 board=True)),
    ("asterion revised, 4 players", partial(asterion_game, players=4, edition="revised")),
]
OTHERS: list[tuple[str, Callable[[int], Any]]] = [
    ("spider-twist rings", partial(spider_twist_game, web="rings")),
    ("spider-twist spiral", partial(spider_twist_game, web="spiral")),
    ("constructo", constructo_game),
    ("assyria 2 players", partial(assyria_game, players=2)),
    ("assyria 4 players", partial(assyria_game, players=4)),
]

Row = tuple[str, str, str, bool]      # what, figure, target, whether it holds


def warm() -> None:
    """Build each game's caches (tilesets, precomputed tiles, webs) before timing."""
    for _, play in ASTERION + OTHERS:
        play(0)


def full_table() -> Any:
    table = asterion_game(1, 4, "crete", False).table()
    assert len(table.tiles) == 69, len(table.tiles)
    return table


def target_rows(games: int, scores: int = 200, clock: Clock = time.perf_counter) -> list[Row]:
    """Every rules-core row with its target and whether it holds."""
    warm()
    rows: list[Row] = []
    asterion_rate = 0.0
    for label, play in ASTERION:
        rate = per_second(play, games, clock)
        asterion_rate = asterion_rate or rate
        rows.append((f"random games, {label}", f"{rate:7.0f}/s",
                     f">= {ASTERION_GAMES_PER_S:.0f}/s", rate >= ASTERION_GAMES_PER_S))
    table = full_table()
    scoring = per_call(lambda: score(table), scores, clock=clock)
    rows.append(("score one full 69-tile Asterion table", f"{scoring:6.3f} ms",
                 f"<= {SCORE_MS} ms", scoring <= SCORE_MS))
    for label, play in OTHERS:
        rate = per_second(play, games, clock)
        rows.append((f"random games, {label}", f"{rate:7.0f}/s",
                     f">= asterion ({asterion_rate:.0f}/s)", rate >= asterion_rate))
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per setup")
    parser.add_argument("--scores", type=int, default=200, help="scorings per batch")
    parser.add_argument("--cpu", action="store_true", help="time by this process's CPU")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    for label, figure, target, holds in target_rows(args.games, args.scores, clock):
        print(f"{label:44s} {figure:>11s}  {target:>24s}  {'holds' if holds else 'MISSES'}")
    table = full_table()
    validating = per_call(lambda: validate(table), args.scores, clock=clock)
    print(f"{'validate one full 69-tile Asterion table':44s} {validating:8.3f} ms")


if __name__ == "__main__":
    main()

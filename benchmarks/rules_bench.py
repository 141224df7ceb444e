"""Rules core speed: random full games per second for every game, and the time to score one
Asterion table.

Usage: python benchmarks/rules_bench.py [--games N] [--scores N] [--cpu] [--no-floor]
Targets: 1,000 random Asterion games a second on one core (every setup below); scoring a full
69-tile table in at most 0.2 ms (`score()` runs the fatal checks itself; full validate shown
apart); every other game's random games at least as many a second as Asterion's 4-player
Crete games on the board. Each game is played by its own simulator, the one `pnp simulate`
uses (each game's own benchmark has more figures). `--cpu` times by this process's CPU
(`time.process_time`), for a machine others load. Each row is also given in F (the machine
floor, benchmarks/floor.py, measured before and after the rows, with `--cpu` by CPU): games
in one F, a score as a share of F, so figures compare across machines.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable
from functools import partial
from typing import Any

from _timing import Clock, per_call, per_second
from floor import machine_floor

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
Figure = tuple[str, float, str, bool]  # what, games/s or ms, target, whether it holds


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
    return target_rows_of(figures(games, scores, clock))


def target_rows_of(rows: list[Figure]) -> list[Row]:
    return [(what, f"{value:6.3f} ms" if what.startswith("score") else f"{value:7.0f}/s",
             target, holds) for what, value, target, holds in rows]


def figures(games: int, scores: int = 200, clock: Clock = time.perf_counter) -> list[Figure]:
    """Every rules-core figure (random games a second, or a score's milliseconds) with its
    target and whether it holds."""
    warm()
    rows: list[Figure] = []
    asterion_rate = 0.0
    for label, play in ASTERION:
        rate = per_second(play, games, clock)
        asterion_rate = asterion_rate or rate
        rows.append((f"random games, {label}", rate, f">= {ASTERION_GAMES_PER_S:.0f}/s",
                     rate >= ASTERION_GAMES_PER_S))
    table = full_table()
    scoring = per_call(lambda: score(table), scores, clock=clock)
    rows.append(("score one full 69-tile Asterion table", scoring, f"<= {SCORE_MS} ms",
                 scoring <= SCORE_MS))
    for label, play in OTHERS:
        rate = per_second(play, games, clock)
        rows.append((f"random games, {label}", rate, f">= asterion ({asterion_rate:.0f}/s)",
                     rate >= asterion_rate))
    return rows


def in_floor(what: str, value: float, floor_s: float) -> str:
    """A figure in F: games in one F, or a score's share of F."""
    if what.startswith("score"):
        return f"{value / 1e3 / floor_s:.5f} F"
    return f"{value * floor_s:6.1f}/F"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=300, help="games per setup")
    parser.add_argument("--scores", type=int, default=200, help="scorings per batch")
    parser.add_argument("--cpu", action="store_true", help="time by this process's CPU")
    parser.add_argument("--no-floor", action="store_true", help="do not measure F")
    args = parser.parse_args()
    clock = time.process_time if args.cpu else time.perf_counter
    floor_before = 0.0 if args.no_floor else machine_floor(cpu=args.cpu)
    rows = figures(args.games, args.scores, clock)
    floor_s = 0.0 if args.no_floor else (floor_before + machine_floor(cpu=args.cpu)) / 2
    if floor_s:
        print(f"F = {floor_s * 1e3:.0f} ms{' CPU' if args.cpu else ''} (mean of before and "
              "after the rows)")
    for (what, figure, target, holds), (_, value, _, _) in zip(
            target_rows_of(rows), rows, strict=True):
        floor = f"  {in_floor(what, value, floor_s):>10s}" if floor_s else ""
        print(f"{what:44s} {figure:>11s}{floor}  {target:>24s}  "
              f"{'holds' if holds else 'MISSES'}")
    table = full_table()
    validating = per_call(lambda: validate(table), args.scores, clock=clock)
    print(f"{'validate one full 69-tile Asterion table':44s} {validating:8.3f} ms")


if __name__ == "__main__":
    main()

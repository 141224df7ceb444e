"""Accuracy and speed of the photo referee on generated photos of simulated games.

Usage: python benchmarks/referee_bench.py [--photos N] [--seed 1] [--save-failures DIR]

Each photo: a seeded random legal game (2-4 players, on the Crete board or an open
table), photographed by `referee.synth` under one of its presets at 12 MP or 3 MP; the
photos cycle through every preset, then every resolution, board or not and player count,
so a multiple of 16 photos per preset is balanced (the default: 16 per preset). The
referee reads the JPEG bytes; `referee.evaluate` compares its verdict with the truth.
Prints, per preset and overall: tiles identified correctly (id, cell and rotation),
boards fully correct (every placement, tomb and player, and the score), photos flagged
as uncertain, photos scored wrongly without a flag (must be 0), and the latency of
`referee_photo` per preset and resolution (p50/p95; generation excluded).
Targets (issue 4): every board fully correct under "default"; 0 wrong without a flag
under any preset; 12 MP p50 under 0.5 s on a 2-core machine.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter, defaultdict
from dataclasses import replace
from pathlib import Path

from referee.asterion.evaluate import judge
from referee.asterion.synth import PRESETS, photo, simulated_table
from referee.evaluate import Outcome
from referee.pipeline import referee_photo

# "3mp" is the default at 3 MP: every preset runs at both resolutions here.
BENCH_PRESETS = [name for name in PRESETS if name != "3mp"]
RESOLUTIONS = (12.0, 3.0)


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--photos", type=int, default=16 * len(BENCH_PRESETS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--save-failures", type=Path, default=None,
                        help="write the JPEG of every photo wrong without a flag, or "
                             "flagged under the default preset, to this folder")
    args = parser.parse_args(argv)

    outcomes: dict[str, list[Outcome]] = defaultdict(list)
    latency: dict[tuple[str, float], list[float]] = defaultdict(list)
    generation: dict[float, list[float]] = defaultdict(list)
    failures: list[str] = []
    warm = photo(simulated_table(0, 2), replace(PRESETS["default"], megapixels=3.0), 0)
    referee_photo(warm.jpeg)                               # imports, caches

    for i in range(args.photos):
        preset, megapixels, board, players = design(i)
        seed = args.seed * 100_000 + i
        table = simulated_table(seed, players, "crete", board)
        start = time.perf_counter()
        shot = photo(table, replace(PRESETS[preset], megapixels=megapixels), seed)
        generation[megapixels].append(time.perf_counter() - start)
        start = time.perf_counter()
        verdict = referee_photo(shot.jpeg, edition="crete", board=board)
        latency[preset, megapixels].append(time.perf_counter() - start)
        outcome = judge(verdict, table)
        outcomes[preset].append(outcome)
        name = (f"{i:03d}-{preset}-{megapixels:g}mp-{'board' if board else 'open'}-"
                f"{players}p-seed{seed}")
        if outcome.wrong_unflagged or (preset == "default" and not outcome.certain):
            what = "WRONG WITHOUT A FLAG" if outcome.wrong_unflagged else "flagged"
            failures.append(f"{name}: {what} {', '.join(sorted(set(outcome.problems)))}")
            if args.save_failures:
                args.save_failures.mkdir(parents=True, exist_ok=True)
                (args.save_failures / f"{name}.jpg").write_bytes(shot.jpeg)
        print(f"\r{i + 1}/{args.photos} photos", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)

    header = (f"{'preset':12} {'photos':>6} {'tiles right':>12} {'boards right':>13} "
              f"{'flagged':>8} {'wrong, no flag':>15}")
    print(header)
    print("-" * len(header))
    every: list[Outcome] = []
    for preset in BENCH_PRESETS:
        row = outcomes[preset]
        every += row
        print(_row(preset, row))
    print("-" * len(header))
    print(_row("all", every))
    print()
    print("flagged photos by problem code (a photo counts once per code):")
    for preset in BENCH_PRESETS:
        codes = Counter(code for o in outcomes[preset] for code in set(o.problems))
        if codes:
            print(f"  {preset:12} " + ", ".join(f"{c} {n}" for c, n in codes.most_common()))
    print()
    print(_latency_table(latency))
    for megapixels in RESOLUTIONS:
        if generation[megapixels]:
            print(f"photo generation at {megapixels:g} MP: mean "
                  f"{statistics.mean(generation[megapixels]):.2f} s per photo")
    if failures:
        print("\nphotos to look at:")
        for line in failures:
            print(f"  {line}")
    wrong = sum(o.wrong_unflagged for o in every)
    return 1 if wrong else 0


def design(i: int) -> tuple[str, float, bool, int]:
    """Photo i's preset, megapixels, board and player count: presets change fastest, then
    resolution, board, players (a mixed radix, so every combination comes round)."""
    rest = i // len(BENCH_PRESETS)
    return (BENCH_PRESETS[i % len(BENCH_PRESETS)], RESOLUTIONS[rest % 2], (rest // 2) % 2 == 0,
            2 + (rest // 4) % 3)


def _latency_table(latency: dict[tuple[str, float], list[float]]) -> str:
    """referee_photo seconds, p50 / p95, per preset and resolution, and over all presets."""
    head = f"{'latency (s)':12}" + "".join(f"{f'{mp:g} MP p50 / p95':>20}" for mp in RESOLUTIONS)
    lines = [head, "-" * len(head)]
    for preset in [*BENCH_PRESETS, "all"]:
        cells = []
        for mp in RESOLUTIONS:
            times = [t for (name, m), ts in latency.items() for t in ts
                     if m == mp and preset in (name, "all")]
            cells.append(f"{statistics.median(times):.3f} / {percentile(times, 0.95):.3f}"
                         if times else "-")
        lines.append(f"{preset:12}" + "".join(f"{c:>20}" for c in cells))
    return "\n".join(lines)


def _row(label: str, row: list[Outcome]) -> str:
    if not row:
        return f"{label:12} {0:>6}"
    tiles = sum(o.pieces for o in row)
    right = sum(o.pieces_right for o in row)
    boards = sum(o.certain and o.state_right and o.score_right for o in row)
    flagged = sum(not o.certain for o in row)
    wrong = sum(o.wrong_unflagged for o in row)
    return (f"{label:12} {len(row):>6} {100 * right / tiles:>11.1f}% "
            f"{100 * boards / len(row):>12.1f}% {100 * flagged / len(row):>7.1f}% {wrong:>15}")


if __name__ == "__main__":
    raise SystemExit(main())

"""Time `pnp build` the way a user runs it: a fresh process each time, wall clock.

Usage: python benchmarks/build_bench.py [--runs N]
Target: `pnp build asterion --edition crete` under 1.0 s wall on a 2-core machine.
"""

from __future__ import annotations

import argparse
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

CASES = [
    ["build", "asterion", "--edition", "crete"],
    ["build", "asterion", "--edition", "revised"],
    ["build", "asterion", "--edition", "crete", "--paper", "letter", "--duplex", "short"],
    ["build", "asterion", "--edition", "crete", "--ink-saver"],
    ["build", "assyria"],                     # target: under 2 s
    ["build", "spider-twist"],                       # target under 1.0 s as well
    ["build", "constructo"],                                   # target under 1.0 s too
]


def pnp_command() -> list[str]:
    exe = Path(sys.executable).with_name("pnp")
    return [str(exe)] if exe.exists() else [shutil.which("pnp") or "pnp"]


def time_case(argv: list[str], runs: int) -> list[float]:
    times = []
    with tempfile.TemporaryDirectory() as folder:
        for _ in range(runs):
            start = time.perf_counter()
            subprocess.run([*pnp_command(), *argv, "--out", folder], check=True,
                           capture_output=True)
            times.append(time.perf_counter() - start)
    return times


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    args = parser.parse_args()
    print(f"{'command':60s} {'median':>8s} {'best':>8s} {'worst':>8s}")
    for argv in CASES:
        times = time_case(argv, args.runs)
        print(f"{'pnp ' + ' '.join(argv):60s} {statistics.median(times):7.3f}s "
              f"{min(times):7.3f}s {max(times):7.3f}s")
    start = time.perf_counter()
    subprocess.run([*pnp_command(), "--help"], check=True, capture_output=True)
    print(f"{'pnp --help (start-up alone)':60s} {time.perf_counter() - start:7.3f}s")


if __name__ == "__main__":
    main()

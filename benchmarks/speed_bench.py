"""Every speed target of `pnp` in one run: each command as a whole process, as a multiple of
F (benchmarks/floor.py: a plain reportlab 64-tile sheet), and the rules cores' own figures.

Usage: python benchmarks/speed_bench.py [--repeats N] [--games N] [--suite] [--cpu]
After one untimed run of each command (which writes Python's bytecode and the referee's
drawn-once faces, as a user's first run does), the commands are timed in rounds: each round
runs the floor sheet and then every command once, so F and each command see the same load;
a row's figure is its median over the rounds divided by F's median. `--suite` also times
the README's test command (minutes). Prints the load (`os.getloadavg`) before and after:
on a busy machine the multiples still compare, the seconds do not. `--cpu` times each
process's CPU (user + system) instead of the wall clock, and the rules cores by this
process's CPU: what a command costs, not how long it waited, for a machine others load.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from floor import SHEET, children_cpu
from rules_bench import target_rows

ROOT = Path(__file__).resolve().parent.parent
PNP = [sys.executable, "-c", "import sys; from pnp.cli import run; sys.argv[0] = 'pnp'; run()"]
KILLS = "yellow=-2,blue=1,green=1"

# (what, arguments of pnp with {out} for the output folder, target as a multiple of F)
COMMANDS = [
    ("pnp build asterion --edition crete", ["build", "asterion", "--edition", "crete",
                                            "--out", "{out}"], 2.0),
    ("pnp build asterion --edition revised", ["build", "asterion", "--edition", "revised",
                                              "--out", "{out}"], 2.0),
    ("pnp build spider-twist", ["build", "spider-twist", "--out", "{out}"], 2.0),
    ("pnp build constructo", ["build", "constructo", "--out", "{out}"], 2.0),
    ("pnp build assyria", ["build", "assyria", "--out", "{out}"], 3.0),
    ("pnp --help", ["--help"], 0.5),
    ("pnp score asterion examples/table-wings.json",
     ["score", "asterion", "examples/table-wings.json"], 1.0),
    ("pnp referee asterion examples/endgame.jpg (README's)",
     ["referee", "asterion", "examples/endgame.jpg", "--kill-points", KILLS,
      "--overlay", "{out}/endgame-overlay.png"], 3.0),
]
SUITE = ("pytest -q -n auto (README's test command)", 180.0)
# What no command can go below, timed beside them (no target): Python itself, and any Typer
# command (Typer 0.29 imports pydantic and builds an adapter for every option it parses)
TYPER_COMMAND = """
import typer
app = typer.Typer(add_completion=False)
@app.command()
def score(game: str, path: str, as_json: bool = typer.Option(False, "--json")) -> None:
    pass
@app.command()
def other() -> None:
    pass
app(["score", "asterion", "table.json"], standalone_mode=False)
"""
# and what any photo referee run does before reading: the vision libraries and the photo
DECODE = """
import sys, cv2, numpy, PIL.Image
cv2.imdecode(numpy.fromfile(sys.argv[1], dtype=numpy.uint8), cv2.IMREAD_COLOR)
"""
REFERENCES = [
    ("(reference) python doing nothing", [sys.executable, "-c", "pass"]),
    ("(reference) a Typer command doing nothing", [sys.executable, "-c", TYPER_COMMAND]),
    ("(reference) import cv2, numpy, PIL; decode endgame.jpg",
     [sys.executable, "-c", DECODE, str(ROOT / "examples" / "endgame.jpg")]),
]


def run_once(argv: list[str], cpu: bool = False) -> float:
    """Wall time (with `cpu`, CPU time) in seconds of one whole process, run from the
    repository's root, with its bytecode cached as on a user's machine (an environment that
    forbids writing it would time Python compiling every module instead)."""
    paths = [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    start, used = time.perf_counter(), children_cpu()
    done = subprocess.run(argv, cwd=ROOT, env=env, stdout=subprocess.DEVNULL,
                          stderr=subprocess.PIPE, text=True)
    elapsed = children_cpu() - used if cpu else time.perf_counter() - start
    if done.returncode not in (0, 3):        # the referee exits 3 when unsure: still timed
        sys.exit(f"error: {' '.join(argv[3:])} failed: {done.stderr.strip()[-300:]}")
    return elapsed


def load() -> str:
    return "load " + " ".join(f"{x:.2f}" for x in os.getloadavg())


def time_commands(repeats: int, cpu: bool) -> tuple[list[float], dict[str, list[float]]]:
    """F's samples and each command's, `repeats` interleaved rounds."""
    floor: list[float] = []
    samples: dict[str, list[float]] = {label: [] for label, _, _ in COMMANDS}
    with tempfile.TemporaryDirectory() as tmp:
        for _label, args, _ in COMMANDS:         # a first run: bytecode and caches written
            run_once([*PNP, *(a.format(out=tmp) for a in args)])
        for _ in range(repeats):
            floor.append(run_once([sys.executable, "-c", SHEET, str(Path(tmp) / "floor.pdf")],
                                  cpu))
            for label, args, _ in COMMANDS:
                argv = [*PNP, *(a.format(out=tmp) for a in args)]
                samples[label].append(run_once(argv, cpu))
            for label, argv in REFERENCES:
                samples.setdefault(label, []).append(run_once(argv, cpu))
    return floor, samples


def verdict(holds: bool) -> str:
    return "holds" if holds else "MISSES"


def print_commands(repeats: int, cpu: bool) -> None:
    print(f"before the commands: {load()}")
    floor, samples = time_commands(repeats, cpu)
    f = statistics.median(floor)
    print(f"F = {f * 1000:.0f} ms{' of CPU' if cpu else ''} (plain reportlab, 64 tiles, one page; "
          f"median of {repeats}, {min(floor) * 1000:.0f}-{max(floor) * 1000:.0f} ms)")
    print(f"{'what':56s} {'xF':>6s} {'range xF':>11s} {'target':>7s}")
    for label, _, target in COMMANDS:
        times = samples[label]
        ratio = statistics.median(times) / f
        spread = f"{min(times) / f:.1f}-{max(times) / f:.1f}"
        print(f"{label:56s} {ratio:6.2f} {spread:>11s} {'<= ' + str(target):>7s}  "
              f"{verdict(ratio <= target)}")
    for label, _ in REFERENCES:
        times = samples[label]
        print(f"{label:56s} {statistics.median(times) / f:6.2f} "
              f"{f'{min(times) / f:.1f}-{max(times) / f:.1f}':>11s}")
    print(f"after the commands: {load()}")


def print_suite() -> None:
    start = time.perf_counter()
    subprocess.run([sys.executable, "-m", "pytest", "-q", "-n", "auto"], cwd=ROOT,
                   stdout=subprocess.DEVNULL, check=False)
    minutes = (time.perf_counter() - start) / 60
    print(f"{SUITE[0]:56s} {minutes:5.1f} min  <= {SUITE[1] / 60:.0f} min  "
          f"{verdict(minutes * 60 <= SUITE[1])}  ({load()})")


def print_rules(games: int, cpu: bool) -> None:
    print(f"rules cores, one core{', CPU time' if cpu else ''} ({load()}):")
    clock = time.process_time if cpu else time.perf_counter
    for label, figure, target, holds in target_rows(games, clock=clock):
        print(f"{label:56s} {figure:>11s}  {target:>24s}  {verdict(holds)}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=5, help="rounds of every command")
    parser.add_argument("--games", type=int, default=300, help="random games per rules row")
    parser.add_argument("--suite", action="store_true", help="also time the test suite")
    parser.add_argument("--cpu", action="store_true",
                        help="time each process's CPU, not the wall clock (on a loaded machine)")
    args = parser.parse_args()
    print_commands(args.repeats, args.cpu)
    print_rules(args.games, args.cpu)
    if args.suite:
        print_suite()


if __name__ == "__main__":
    main()

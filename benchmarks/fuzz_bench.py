"""Long fuzz run over every hostile-input generator the tests use.

    python benchmarks/fuzz_bench.py [--cases 10000] [--seed 1]

Prints, per target, the cases run, how they ended (exit codes), tracebacks or other
user-visible faults (must be 0) and lost files (an input changed, or a `.part` file left;
must be 0), and the time taken. The normal test run uses the same generators with ~120
cases each (tests/inputs/test_fuzz.py).
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis import strategies as st

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.inputs.fuzzing import (  # noqa: E402
    NASTY_TEXT,
    photo_bytes,
    run_cli,
    table_documents,
)


def run_target(name: str, strategy, make_argv, cases: int, rng_seed: int) -> dict:
    codes: Counter[int] = Counter()
    faults: list[str] = []
    lost = 0
    work = Path(tempfile.mkdtemp(prefix=f"fuzz-{name}-"))

    @seed(rng_seed)
    @settings(max_examples=cases, deadline=None, database=None, phases=[Phase.generate],
              suppress_health_check=list(HealthCheck))
    @given(strategy)
    def case(value) -> None:
        nonlocal lost
        argv, inputs = make_argv(work, value)
        before = {p: p.read_bytes() for p in inputs}
        outcome = run_cli(argv)
        codes[outcome.code] += 1
        for problem in outcome.problems():
            if len(faults) < 5:
                faults.append(f"{problem}: {argv[:3]} {outcome.err[:120]!r}")
            else:
                faults.append(problem)
        if any(p.read_bytes() != data for p, data in before.items()) or \
                list(work.rglob("*.part")):
            lost += 1

    start = time.perf_counter()
    try:
        case()
    finally:
        shutil.rmtree(work, ignore_errors=True)
    return {"name": name, "cases": sum(codes.values()), "codes": dict(codes),
            "faults": faults, "lost": lost, "seconds": time.perf_counter() - start}


def table_argv(work: Path, args):
    document, which = args
    path = work / "table.json"
    path.write_bytes(document)
    argv = [["score", "asterion", str(path)], ["score", "asterion", str(path), "--json"],
            ["check", "asterion", str(path), "Y07"]][which]
    return argv, [path]


def photo_argv(work: Path, data: bytes):
    path = work / "photo.jpg"
    path.write_bytes(data)
    return ["referee", "asterion", str(path), "--overlay", str(work / "o.png"),
            "--save-table", str(work / "t.json")], [path]


def option_argv(work: Path, args):
    kills, players, offset = args
    if offset is not None:
        return ["build", "asterion", "--out", str(work / "out"), "--back-offset", offset,
                "--bleed", "nan"], []
    argv = ["referee", "asterion", str(work / "none.jpg"), "--kill-points", kills]
    if players is not None:
        argv += ["--players", players]
    return argv, []


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--cases", type=int, default=10_000, help="cases in all")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    share = {"table files": 0.6, "photo bytes": 0.2, "options": 0.2}
    targets = [
        ("table files", st.tuples(table_documents(), st.integers(0, 2)), table_argv),
        ("photo bytes", photo_bytes(), photo_argv),
        ("options", st.tuples(st.one_of(NASTY_TEXT, st.text(max_size=30)),
                              st.one_of(st.none(), NASTY_TEXT, st.text(max_size=20)),
                              st.one_of(st.none(), NASTY_TEXT, st.text(max_size=20))),
         option_argv),
    ]
    results = [run_target(name, strategy, make, max(1, round(args.cases * share[name])),
                          args.seed) for name, strategy, make in targets]
    print(f"{'target':<14}{'cases':>7}{'exit 0':>8}{'exit 2':>8}{'exit 3':>8}"
          f"{'faults':>8}{'lost files':>12}{'seconds':>9}")
    for r in results:
        c = r["codes"]
        print(f"{r['name']:<14}{r['cases']:>7}{c.get(0, 0):>8}{c.get(2, 0):>8}{c.get(3, 0):>8}"
              f"{len(r['faults']):>8}{r['lost']:>12}{r['seconds']:>9.1f}")
    total = sum(r["cases"] for r in results)
    faults = sum(len(r["faults"]) for r in results)
    lost = sum(r["lost"] for r in results)
    print(f"{'all':<14}{total:>7}{'':>24}{faults:>8}{lost:>12}"
          f"{sum(r['seconds'] for r in results):>9.1f}")
    for r in results:
        for fault in r["faults"][:5]:
            print(f"  {r['name']}: {fault}")
    sys.exit(1 if faults or lost else 0)


if __name__ == "__main__":
    main()

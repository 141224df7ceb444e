"""Paper: the sheets each build takes against the area bound, for every game, paper and
print-and-cut marks on or off.

Usage: python benchmarks/paper_bench.py [--check]
Columns: sheets used; the area bound (the area of every piece with its bleed and glue tabs
over a sheet's usable area, rounded up, plus a sheet for each full-page component: see
pnp/printing/paper_use.py); their ratio; the target (sheets <= 1.3 x bound + 1); the
least-covered sheet (but for full pages and the last sheet of pieces; target: 40 %); the
board's pieces and the narrowest (a sliver: under a third of the sheet's shorter side).
`--check` exits 1 when a target is missed. Pure placement: nothing is drawn.
"""

from __future__ import annotations

import argparse
import sys
import time

from pnp import games
from pnp.printing.build import BuildRequest, plan
from pnp.printing.paper_use import area_bound, coverage, fronts, is_full_page, thin_sheets

BUILDS = [("asterion", "crete"), ("asterion", "revised"), ("assyria", None),
          ("spider-twist", None), ("constructo", None)]
PAPERS = ("a4", "letter", "a3")
LEAST = 0.40


def row(game: str, edition: str | None, paper: str, marks: bool) -> tuple[str, bool]:
    request = BuildRequest(game, edition=edition, paper=paper, cut_files=marks,
                           cut_marks=marks, printing=games.part(game, "printing"))
    start = time.perf_counter()
    context, pages = plan(request)
    took = time.perf_counter() - start
    options = context.options
    sheets = len(fronts(pages))
    bound = area_bound(pages, options)
    packed = [p for p in fronts(pages) if not is_full_page(p)]
    least = min((coverage(p, options) for p in packed[:-1]), default=1.0)
    boards = [i.component for p in packed for i in p.items if i.component.kind == "board"]
    narrowest = min((min(c.width, c.height) for c in boards), default=0.0)
    ok = sheets <= 1.3 * bound + 1 and not thin_sheets(pages, options, LEAST)
    name = f"{game} {edition or ''}".strip()
    board = f"{len(boards):3d} {narrowest:5.0f}" if boards else "  -     -"
    return (f"{name:18s} {paper:6s} {'on' if marks else 'off':4s} {sheets:6d} {bound:6d} "
            f"{sheets / bound:6.2f} {1.3 * bound + 1:7.1f} {least:6.0%} {board}  "
            f"{took:5.2f}s {'ok' if ok else 'MISSED'}", ok)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--check", action="store_true", help="exit 1 when a target is missed")
    args = parser.parse_args()
    print(f"{'build':18s} {'paper':6s} {'marks':4s} {'sheets':>6s} {'bound':>6s} {'ratio':>6s} "
          f"{'target':>7s} {'least':>6s} {'board':>3s} {'narrow':>5s}  {'plan':>6s}")
    missed = 0
    for game, edition in BUILDS:
        for paper in PAPERS:
            for marks in (False, True):
                line, ok = row(game, edition, paper, marks)
                missed += not ok
                print(line)
    print(f"{missed} configuration(s) missed a target" if missed else "every target met")
    if args.check and missed:
        sys.exit(1)


if __name__ == "__main__":
    main()

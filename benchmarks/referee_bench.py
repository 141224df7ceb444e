"""Accuracy and speed of a game's photo referee on generated photos of simulated games.

Usage: python benchmarks/referee_bench.py [--game asterion] [--photos N] [--seed 1]
                                          [--save-failures DIR] [--cache DIR]

The game's referee (the registry's `referee` part) offers an accuracy kit
(`GameReferee.accuracy()`, referee/evaluate.py): photo i is a seeded random legal game,
photographed by the shared generator (`referee.synth`) under one of its presets; the
referee reads the JPEG bytes and the kit judges its verdict against the truth. Asterion's
kit: 2-4 players, on the Crete board or an open table, every preset at 12 MP and 3 MP; the
photos cycle through every preset, then every resolution, board or not and player count, so
a multiple of 16 photos per preset is balanced (the default: 16 per preset). Assyria's kit:
2-4 players, every preset at 12 and 3 MP, given only --turn and --new-wells (no --state), so
the board, the tracks' discs and Ashur are all read from the photo; its "normal" row sums
the conditions every photo of which must be read exactly, its "held out" row those kept
out of tuning.
Prints the machine floor F (benchmarks/floor.py, before and after the run) and, per preset and
overall: pieces identified correctly (Asterion: tiles, by id, cell
and rotation), states fully correct (Asterion: boards, every placement, tomb and player,
and the score), photos flagged as uncertain, photos scored wrongly without a flag (must be
0), and the latency of `read` per preset and resolution (p50/p95, and p50 in F; generation
excluded). A kit's extra cases (Asterion: `art-only`, every tile read from its art) follow,
--extra-photos each (default 4), outside the cycle and the "all" rows.
With --cache DIR every generated JPEG is kept there (by photo name) and read back on a
later run instead of generated again: two versions of the referee (e.g. an older commit's,
with PYTHONPATH pointing at its worktree) then read the very same photos, and a rerun after
a fix costs only the reading.
Targets: every board fully correct under "default"; 0 wrong without a flag under any
preset; 12 MP p50 under 0.5 s on a 2-core machine; and for Asterion at
least 95 % of boards fully correct over every condition but the deliberate heavy
occlusion (the kit's `heavy_occlusion`: the "all but" row). A kit's `groups` (name ->
presets: Constructo's normal photos and those held out while tuning) get a row each per
resolution. A case whose scene hides places by its own make (`Case.hidden`: Spider
Twist's die leaning over a neighbour) is counted in its group's second row (the kit's
`hidden_label`), where a photo must read exactly or flag with every hidden place pinned;
the first row keeps the photos with everything in view. Figures: docs/referee.md.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from collections import Counter, defaultdict
from dataclasses import dataclass, field, replace
from pathlib import Path

from pnp.games import game_names, part
from referee.api import GameReferee
from referee.errors import RefereeError
from referee.evaluate import AccuracyKit, Outcome

# wide enough for the longest row label, a group's hidden-place row ("  die hides a piece")
LABEL = 20


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))]


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    referee = part(args.game, "referee")
    kit = referee.accuracy()
    if kit is None:
        parser.error(f"{args.game}'s referee has no accuracy kit yet")
    if args.marks is not None:
        if not hasattr(kit, "marks"):
            parser.error(f"{args.game}'s photos have one print only: no --marks")
        kit.marks = args.marks
    presets = tuple(kit.presets)
    if args.conditions:
        wanted = [c.strip() for c in args.conditions.split(",") if c.strip()]
        unknown = [c for c in wanted if c not in presets + tuple(getattr(kit, "extras", ()))]
        if unknown:
            parser.error(f"unknown condition(s) {', '.join(unknown)} (choose from: "
                         f"{', '.join(presets)})")
        presets = tuple(c for c in presets if c in wanted)
    extras = tuple(e for e in getattr(kit, "extras", ())
                   if not args.conditions or e in args.conditions.split(","))
    photos = args.photos if args.photos is not None else 16 * len(presets)
    photos = photos if presets else 0
    from floor import machine_floor  # benchmarks/floor.py, beside this script

    floor_before = machine_floor(cpu=args.cpu)
    if args.log:
        args.log.parent.mkdir(parents=True, exist_ok=True)
        args.log.write_text("")            # each photo's line is added as it is read
    run = _run(referee, kit, presets, photos, args)
    _run_extras(referee, kit, extras, args, run)
    floor = (floor_before + machine_floor(cpu=args.cpu)) / 2   # the machine's load may change
    print(f"machine floor F = {floor * 1000:.0f} ms{' of CPU' if args.cpu else ''} "
          f"(benchmarks/floor.py: before the run {floor_before * 1000:.0f} ms, after "
          f"{(2 * floor - floor_before) * 1000:.0f} ms)")
    every = _report(kit, presets, run, extras, floor)
    wrong = sum(o.wrong_unflagged for o in every)
    print("\nunpinned: places read wrong in a photo with no problem pinned there (the "
          "phone page shows them as read); counted where the kit can tell places")
    return 1 if wrong else 0


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="asterion", choices=game_names("referee"))
    parser.add_argument("--photos", type=int, default=None,
                        help="how many photos (default: 16 per preset)")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--conditions", default=None,
                        help="only these presets/conditions, comma-separated (the design's "
                             "photo numbers are kept, so each photo is the same as in a full "
                             "run)")
    parser.add_argument("--only", type=_indices, default=None,
                        help="read only these photo numbers of the design, comma-separated "
                             "(e.g. 439,211: the same photos as in a full run)")
    parser.add_argument("--log", type=Path, default=None,
                        help="write one line per photo (name, certain, state right, seconds, "
                             "problem codes) to this file, as each is read")
    parser.add_argument("--save-failures", type=Path, default=None,
                        help="write the JPEG of every photo wrong without a flag, or "
                             "flagged under the default preset, to this folder")
    parser.add_argument("--cache", type=Path, default=None,
                        help="keep generated JPEGs in this folder and reuse them")
    parser.add_argument("--extra-photos", type=int, default=4,
                        help="photos of each of the kit's extra cases (outside the cycle of "
                             "conditions; Asterion: art-only)")
    parser.add_argument("--cpu", action="store_true",
                        help="time `read` and the floor F by CPU time, not wall time (a "
                             "machine others load makes wall times wait)")
    parser.add_argument("--marks", default=None,
                        help="the pieces' machine-mark design to photograph (Asterion: "
                             "classic or discreet; default: the kit's own)")
    return parser


def _indices(text: str) -> list[int]:
    """`--only`'s photo numbers: non-negative integers, comma-separated."""
    try:
        numbers = [int(n) for n in text.split(",") if n.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"not photo numbers: {text!r}") from None
    if not numbers or min(numbers) < 0:
        raise argparse.ArgumentTypeError(f"not photo numbers: {text!r}")
    return numbers


@dataclass
class Run:
    """What a run measured: outcomes per preset, read and generation times, the photos to
    look at and the per-photo log lines."""

    outcomes: dict[str, list[Outcome]] = field(default_factory=lambda: defaultdict(list))
    sized: dict[tuple[str, float], list[Outcome]] = field(
        default_factory=lambda: defaultdict(list))
    latency: dict[tuple[str, float], list[float]] = field(
        default_factory=lambda: defaultdict(list))
    generation: dict[float, list[float]] = field(default_factory=lambda: defaultdict(list))
    failures: list[str] = field(default_factory=list)
    log: list[str] = field(default_factory=list)


def _run(referee: GameReferee, kit: AccuracyKit, presets: tuple[str, ...], photos: int,
         args: argparse.Namespace) -> Run:
    """Read `photos` photos of the chosen presets (photo i keeps its number in the full
    design) and judge each verdict."""
    run = Run()
    warm = kit.case(0, 0)
    referee.read(kit.photograph(warm, 0).jpeg, **warm.options)      # imports, caches
    if args.only is not None:
        for i in args.only:
            seed = args.seed * 100_000 + i
            _judge_one(referee, kit, kit.case(i, seed), seed, args, run)
        return run
    done, i = 0, -1
    while done < photos:
        i += 1
        seed = args.seed * 100_000 + i
        case = kit.case(i, seed)
        if case.preset not in presets:
            continue
        done += 1
        _judge_one(referee, kit, case, seed, args, run)
        print(f"\r{done}/{photos} photos", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    return run


def _with_hidden(kit: AccuracyKit, case, verdict, outcome: Outcome) -> Outcome:
    """The outcome, with how many places the case's scene hides and how many of those the
    verdict pins no problem on."""
    if not case.hidden:
        return outcome
    return replace(outcome, hidden=len(case.hidden),
                   hidden_unpinned=kit.hidden_unpinned(verdict, case.truth, case.hidden))


def _run_extras(referee: GameReferee, kit: AccuracyKit, extras: tuple[str, ...],
                args: argparse.Namespace, run: Run) -> None:
    """The kit's extra cases (`extra_case`), numbered apart from the cycle's photos."""
    for name in extras:
        for k in range(args.extra_photos):
            seed = args.seed * 100_000 + 90_000 + k
            _judge_one(referee, kit, kit.extra_case(name, k, seed), seed, args, run)


def _judge_one(referee: GameReferee, kit: AccuracyKit, case, seed: int,
               args: argparse.Namespace, run: Run) -> None:
    preset, megapixels, name = case.preset, case.megapixels, case.name
    jpeg = _photograph(kit, case, seed, args.cache, run.generation[megapixels])
    clock = time.process_time if args.cpu else time.perf_counter
    start = clock()
    try:
        verdict = referee.read(jpeg, **case.options)
    except RefereeError as exc:          # refused (exit 2): flagged, never wrong
        verdict = None
        refusal = type(exc).__name__
    run.latency[preset, megapixels].append(clock() - start)
    outcome = (kit.judge(verdict, case.truth) if verdict is not None
               else Outcome(_pieces(kit, case), 0, False, False, False, (refusal,)))
    outcome, hidden = _with_hidden(kit, case, verdict, outcome), case.hidden
    run.outcomes[preset].append(outcome)
    run.sized[preset, megapixels].append(outcome)
    right = outcome.state_right and outcome.score_right
    codes = " ".join(outcome.problems)
    run.log.append(f"{name} certain={outcome.certain} right={right} "
                   f"tiles={outcome.pieces_right}/{outcome.pieces} "
                   f"{run.latency[preset, megapixels][-1]:.3f}s {codes}"
                   + (f" hidden={','.join(hidden)} unpinned-hidden={outcome.hidden_unpinned}"
                      if hidden else ""))
    if args.log:
        with args.log.open("a") as log:     # a long run's log can be read as it grows
            log.write(run.log[-1] + "\n")
    # a grouped (normal) photo with hidden places must read exactly or pin them all
    unpinned_hidden = hidden and not outcome.hidden_ok and any(
        preset in members for members in getattr(kit, "groups", {}).values())
    if outcome.wrong_unflagged or (preset == "default" and not outcome.certain) \
            or unpinned_hidden:
        what = ("WRONG WITHOUT A FLAG" if outcome.wrong_unflagged else
                f"hidden {','.join(hidden)}, not every one pinned" if unpinned_hidden
                else "flagged")
        run.failures.append(f"{name}: {what} {', '.join(sorted(set(outcome.problems)))}")
        if args.save_failures:
            args.save_failures.mkdir(parents=True, exist_ok=True)
            (args.save_failures / f"{name}.jpg").write_bytes(jpeg)


def _report(kit: AccuracyKit, presets: tuple[str, ...], run: Run, extras: tuple[str, ...],
            floor: float) -> list[Outcome]:
    """Print the accuracy table, the problem codes, the latency table (seconds and
    multiples of the machine floor F) and the photos to look at; every outcome, in preset
    order, the extra cases' last."""
    outcomes = run.outcomes
    header = (f"{'condition':{LABEL}} {'photos':>6} {kit.pieces + ' right':>12} "
              f"{kit.states + ' right':>13} {'flagged':>8} {'wrong, no flag':>15} "
              f"{'unpinned':>9}")
    print(header)
    print("-" * len(header))
    every: list[Outcome] = []
    heavy = tuple(getattr(kit, "heavy_occlusion", ()))
    for preset in presets:
        row = outcomes[preset]
        every += row
        print(_row(preset, row))
    print("-" * len(header))
    if heavy:
        print(_row("all but", [o for p in presets if p not in heavy for o in outcomes[p]]))
        print(f"  (all but {', '.join(heavy)}: deliberate heavy occlusion)")
    for label, group in (("normal", "normal"), ("held out", "held_out")):
        names = set(getattr(kit, group, ()))
        if names & set(presets):
            _split_rows(kit, label, [o for p in presets if p in names for o in outcomes[p]])
    print(_row("all", every))
    _group_rows(kit, presets, run)
    for name in extras:
        print(_row(name, outcomes[name]))
        every += outcomes[name]
    if extras:
        print(f"  ({', '.join(extras)}: extra cases, not in the rows above)")
    print()
    print("flagged photos by problem code (a photo counts once per code):")
    for preset in (*presets, *extras):
        codes = Counter(code for o in outcomes[preset] for code in set(o.problems))
        if codes:
            print(f"  {preset:{LABEL}} " + ", ".join(f"{c} {n}" for c, n in codes.most_common()))
    print()
    print(_latency_table(run.latency, kit, presets, floor))
    if extras:
        print(_latency_table(run.latency, kit, extras, floor, every_row=False))
    for megapixels in kit.resolutions:
        if run.generation[megapixels]:
            print(f"photo generation at {megapixels:g} MP: mean "
                  f"{statistics.mean(run.generation[megapixels]):.2f} s per photo")
    if run.failures:
        print("\nphotos to look at:")
        for line in run.failures:
            print(f"  {line}")
    return every


def _group_rows(kit: AccuracyKit, presets: tuple[str, ...], run: Run) -> None:
    """The kit's groups of conditions (`kit.groups`: name -> presets, e.g. the normal
    photos and those held out while tuning), each at every resolution."""
    groups = getattr(kit, "groups", {})
    if groups:
        print()
    for name, members in groups.items():
        for mp in kit.resolutions:
            row = [o for p in presets if p in members for o in run.sized[p, mp]]
            if row:
                _split_rows(kit, f"{name} {mp:g} MP", row)


def _split_rows(kit: AccuracyKit, label: str, row: list[Outcome]) -> None:
    """A group's row of photos with everything in view, then (if any) the row of those
    where the scene hides a place (`Case.hidden`), with how many of them did what such a
    photo must: read exactly, or flag with every hidden place pinned."""
    in_view = [o for o in row if not o.hidden]
    hidden = [o for o in row if o.hidden]
    print(_row(label, in_view))
    if hidden:
        print(_row(f"  {getattr(kit, 'hidden_label', 'a piece hidden')}", hidden)
              + f"  exact or every hidden place pinned: {sum(o.hidden_ok for o in hidden)}"
              f"/{len(hidden)}")


def _photograph(kit: AccuracyKit, case, seed: int, cache: Path | None,
                times: list[float]) -> bytes:
    """The case's JPEG: from the cache folder if it holds it, else generated (and timed)."""
    kept = cache / f"{case.name}.jpg" if cache is not None else None
    if kept is not None and kept.is_file():
        return kept.read_bytes()
    start = time.perf_counter()
    jpeg = kit.photograph(case, seed).jpeg
    times.append(time.perf_counter() - start)
    if kept is not None:
        cache.mkdir(parents=True, exist_ok=True)
        part_file = kept.with_suffix(".part")
        part_file.write_bytes(jpeg)
        part_file.replace(kept)
    return jpeg


def _pieces(kit: AccuracyKit, case) -> int:
    """How many pieces the true state holds, for a refused photo (0 if the kit cannot say)."""
    count = getattr(kit, "pieces_in", None)
    return int(count(case.truth)) if count is not None else 0


def _latency_table(latency: dict[tuple[str, float], list[float]], kit: AccuracyKit,
                   presets: tuple[str, ...], floor: float, every_row: bool = True) -> str:
    """`read` seconds, p50 / p95, per preset and resolution, and over all presets (if
    `every_row`); each p50 also as a multiple of the machine floor F."""
    head = f"{'latency (s)':{LABEL}}" + "".join(f"{f'{mp:g} MP p50 / p95 (p50 in F)':>32}"
                                          for mp in kit.resolutions)
    lines = [head, "-" * len(head)]
    for preset in [*presets, "all"] if every_row else presets:
        cells = []
        for mp in kit.resolutions:
            times = [t for (name, m), ts in latency.items() for t in ts
                     if m == mp and (preset == name or (preset == "all" and name in presets))]
            p50 = statistics.median(times) if times else 0.0
            cells.append(f"{p50:.3f} / {percentile(times, 0.95):.3f} ({p50 / floor:.1f} F)"
                         if times else "-")
        lines.append(f"{preset:{LABEL}}" + "".join(f"{c:>32}" for c in cells))
    return "\n".join(lines)


def _row(label: str, row: list[Outcome]) -> str:
    if not row:
        return f"{label:{LABEL}} {0:>6}"
    tiles = sum(o.pieces for o in row)
    right = sum(o.pieces_right for o in row)
    boards = sum(o.certain and o.state_right and o.score_right for o in row)
    flagged = sum(not o.certain for o in row)
    wrong = sum(o.wrong_unflagged for o in row)
    unpinned = sum(o.unpinned for o in row)
    return (f"{label:{LABEL}} {len(row):>6} {100 * right / tiles:>11.1f}% "
            f"{100 * boards / len(row):>12.1f}% {100 * flagged / len(row):>7.1f}% {wrong:>15}"
            f" {unpinned:>9}")


if __name__ == "__main__":
    raise SystemExit(main())

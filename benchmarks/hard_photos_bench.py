"""The benchmark photos the Asterion referee reads slowest, each checked and timed: photos
read wholly or mostly from the tiles' art (no tile mark decoded, or every mark of a colour
unread), each once read wrongly or flagged, now read exactly. About 10 s of CPU each, too
slow for the test suite (the quicker photos of the same kind stay there:
tests/referee/test_discreet_art.py, test_discreet_marks.py, test_outlines.py). Also the
slowest of the test suite's harder conditions (tests/referee/test_accuracy.py's photos
steep-41, worst-45, blur-46): each may be flagged, never sure and wrong.

Usage: python benchmarks/hard_photos_bench.py [--only 133,302,blur-46]

Prints, per photo, what it checks, the referee's time on it (generation excluded) and OK
or what went wrong; exits 1 if any photo is not read as it must be.
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from contextlib import ExitStack
from dataclasses import dataclass
from pathlib import Path
from unittest import mock

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.rules.asterion.tiles import tiles_by_id
from referee.asterion.art.pose import ArtMatch
from referee.asterion.evaluate import AsterionAccuracy, judge
from referee.asterion.tints import TableTints
from referee.evaluate import Case, Outcome
from referee.image import load_photo


@dataclass
class Shot:
    case: Case
    jpeg: bytes
    verdict: object
    outcome: Outcome
    seconds: float                    # the referee's read alone


def read(number: int, marks: str = "discreet", seed: int = 1) -> Shot:
    """Photo `number` of the referee benchmark's seed `seed`, read by the pipeline."""
    import referee.asterion.pipeline as pipeline

    kit = AsterionAccuracy(marks=marks)
    case = kit.case(number, seed * 100_000 + number)
    jpeg = kit.photograph(case, seed * 100_000 + number).jpeg
    start = time.perf_counter()
    verdict = pipeline.referee_photo(jpeg, **case.options)
    seconds = time.perf_counter() - start
    return Shot(case, jpeg, verdict, judge(verdict, case.truth), seconds)


def accuracy_photo(seed: int, players: int, board: bool, preset: str,
                   megapixels: float) -> Shot:
    """A photo as tests/referee/test_accuracy.py shoots it (a simulated Crete game under a
    preset, the kill points given), read by the pipeline: right or flagged, and a flagged
    verdict says what."""
    from dataclasses import replace

    import referee.asterion.pipeline as pipeline
    from referee.asterion.synth import photo, simulated_table
    from referee.synth import PRESETS

    truth = simulated_table(seed, players, "crete", board)
    jpeg = photo(truth, replace(PRESETS[preset], megapixels=megapixels), seed).jpeg
    options = {"edition": "crete", "board": board, "kill_points": truth.get("kill_points")}
    case = Case(f"{preset}-{seed}", preset, megapixels, truth, options)
    start = time.perf_counter()
    verdict = pipeline.referee_photo(jpeg, **options)
    seconds = time.perf_counter() - start
    outcome = judge(verdict, truth)
    assert not outcome.wrong_unflagged, outcome
    assert outcome.certain or all(p.message for p in verdict.problems)
    return Shot(case, jpeg, verdict, outcome, seconds)


def read_exactly(shot: Shot) -> Shot:
    assert shot.verdict.is_certain, [p.message for p in shot.verdict.problems]
    assert shot.outcome.state_right and shot.outcome.score_right
    return shot


def photo_133() -> Shot:
    """loose, 3 MP, the board, 3 players (1.6 px/mm): no red marker decodes, so red was
    not in play and every red tile's cell was a tie between the yellow and blue tiles of
    its design ("Y16 or R16"); its walls are plainly red."""
    shot = read_exactly(read(133))
    # every tile's walls (40 tiles, 4 read by their marks) say its colour, or nothing
    photo = load_photo(shot.jpeg, work_side=4032)
    grid = shot.verdict.grid
    assert grid.design == "discreet"
    tints = TableTints(photo.image, photo.scale, grid)
    told = {p.tile: tints.colour(ArtMatch(p.tile, p.rot, p.centre, p.angle, 1.0))
            for p in grid.tiles if p.tile != "M"}
    assert len(told) >= 39
    assert all(c in (None, tiles_by_id()[t].colour) for t, c in told.items()), told
    assert sum(c is not None for c in told.values()) >= 0.9 * len(told)
    return shot


def photo_302() -> Shot:
    """blur, 3 MP: Y06's mark unread; Y04 (plain corridor) and Y05 (a chest) tied where
    Y06's blurred wing lies, and the cell was flagged unread."""
    return read_exactly(read(302))


def photo_164() -> Shot:
    """blur, 3 MP, no board: most marks unread; the art identified the tiles ring by ring,
    and four rounds did not reach the far edge."""
    return read_exactly(read(164))


def photo_317() -> Shot:
    """loose, 3 MP, the board: no tile marker detected, the Minotaur's unread; every tile
    was left to the art (B06 or B04?): the squares round the centre are read bit by bit,
    and so is each cell the art's tiles open."""
    return read_exactly(read(317))


def photo_118() -> Shot:
    """blur, 3 MP: B03 under a tomb matched R08 best, whose walls read grey; the walls of
    Y03 (B03's design), matched nearly as well, read blue."""
    return read_exactly(read(118))


def photo_26() -> Shot:
    """the whole board at 1.45 px/mm, blurred; no tile marker decodes. The first tile known
    by its art was yellow and shut out blue; the board's darker squares by the game's
    corner were judged washed out; the tiles' art scored against no reference; the blurred
    markers, which still show where they lie, were left out."""
    return read_exactly(read(26))


def photo_210() -> Shot:
    """blur, 3 MP, the board, 4 players: no red marker decodes, so the board's area was
    first judged for 3 players (41 squares); red, found by its art, makes 4 and 61
    squares. The outer ring's 18 tiles were never looked at, and the score was sure and
    wrong."""
    shot = read(210)
    assert len(shot.case.truth["players"]) == 4
    assert not shot.outcome.wrong_unflagged
    assert shot.outcome.state_right and shot.outcome.score_right
    return shot


def photo_72_marks_unread() -> Shot:
    """blur, 3 MP, a 2-player open table, with every tile mark left unread (as in photo
    256, a 4-player table): the plane from the outlines the detector still finds, every
    tile from its art, the table turned to the Minotaur: exact."""
    import referee.asterion.bits as bits
    import referee.asterion.hidden as hidden
    import referee.asterion.pipeline as pipeline

    boards_only = pipeline.identify
    with ExitStack() as patches:
        patches.enter_context(mock.patch.object(
            pipeline, "identify", lambda found: [m for m in boards_only(found) if m.tile is None]))
        patches.enter_context(mock.patch.object(bits.CellBits, "read", lambda *a, **k: []))
        patches.enter_context(mock.patch.object(hidden, "_by_bits", lambda *a, **k: None))
        shot = read(72)
    assert shot.verdict.grid.marked                  # the outlines placed the tiles' cells
    assert not any(p.markers for p in shot.verdict.grid.tiles)
    return read_exactly(shot)


def photo_steep_41() -> Shot:
    """steep, 3 MP, 4 players, no board (the suite's harder conditions)."""
    return accuracy_photo(41, 4, False, "steep", 3.0)


def photo_worst_45() -> Shot:
    """worst, 3 MP, 3 players, no board (the suite's harder conditions)."""
    return accuracy_photo(45, 3, False, "worst", 3.0)


def photo_blur_46() -> Shot:
    """blur, 3 MP, 4 players, the board (the suite's harder conditions)."""
    return accuracy_photo(46, 4, True, "blur", 3.0)


PHOTOS: dict[str, Callable[[], Shot]] = {
    "133": photo_133, "302": photo_302, "164": photo_164, "317": photo_317,
    "118": photo_118, "26": photo_26, "210": photo_210, "72": photo_72_marks_unread,
    "steep-41": photo_steep_41, "worst-45": photo_worst_45, "blur-46": photo_blur_46,
}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--only", default=",".join(PHOTOS),
                        help="photos, comma-separated: seed 1's numbers or names (blur-46)")
    args = parser.parse_args()
    names = [n.strip() for n in args.only.split(",") if n.strip()]
    unknown = [n for n in names if n not in PHOTOS]
    if unknown:
        print(f"error: no hard photo {', '.join(unknown)} (known: {', '.join(PHOTOS)})",
              file=sys.stderr)
        return 2
    failed = 0
    print(f"{'photo':>8}  {'read s':>6}  result  what")
    for name in names:
        check = PHOTOS[name]
        what = " ".join(check.__doc__.split())
        try:
            shot = check()
        except AssertionError as wrong:
            failed += 1
            print(f"{name:>8}  {'':>6}  WRONG   {what}\n{'':>18}{wrong}")
            continue
        print(f"{name:>8}  {shot.seconds:6.1f}  OK      {what}")
    print(f"{len(names) - failed}/{len(names)} read as they must be")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""The referee on realistic generated photos of simulated games, judged against the truth.

Default conditions: every board must be read fully right. Harder conditions: the verdict
may be flagged, but never certain and wrong (the benchmark runs many more photos:
benchmarks/referee_bench.py; three hard photos slow to read, steep, worst and blur, are
checked by benchmarks/hard_photos_bench.py).
"""

from __future__ import annotations

from dataclasses import replace
from functools import cache

import pytest

from pnp.rules.asterion import score, table_from_dict
from referee.asterion.evaluate import judge, normalised, turned
from referee.asterion.pipeline import referee_photo
from referee.asterion.synth import photo, simulated_table
from referee.synth import PRESETS

# (seed, players, board, preset, megapixels)
DEFAULT_CASES = [
    (31, 4, True, "default", 12.0),
    (32, 3, False, "default", 3.0),
    (33, 2, True, "default", 3.0),
]
HARD_CASES = [
    (42, 3, True, "sloppy", 3.0),
    (43, 4, True, "occluded", 3.0),
    (44, 4, False, "glare", 3.0),
    (47, 2, False, "dark", 3.0),
    (48, 4, True, "lens", 12.0),
]
# the suite reads the hardest of each sweep; the rest run in benchmarks/regression_sweeps.py
DEFAULT_IN_SUITE = DEFAULT_CASES[:2]      # 12 MP on the board; the judge test reads the 2nd
HARD_IN_SUITE = [HARD_CASES[1]]                         # fingers over four players' tiles


@cache
def _shoot(seed: int, players: int, board: bool, preset: str, megapixels: float):
    """The photo's true table and the referee's verdict on it (tests only read both)."""
    table = simulated_table(seed, players, "crete", board)
    shot = photo(table, replace(PRESETS[preset], megapixels=megapixels), seed)
    # kill points cannot be seen: the player gives them, as with --kill-points
    return table, referee_photo(shot.jpeg, edition="crete", board=board,
                                kill_points=table.get("kill_points"))


def _comparable(result: dict) -> dict:
    """Score JSON with the winners in a fixed order (the referee lists colours in seating
    order yellow, blue, red, green; the game file in its own seating order)."""
    return {**result, "winners": sorted(result["winners"])}


@pytest.mark.parametrize(("seed", "players", "board", "preset", "megapixels"), DEFAULT_IN_SUITE)
def test_default_photos_are_read_fully_right(seed, players, board, preset, megapixels):
    table, verdict = _shoot(seed, players, board, preset, megapixels)
    outcome = judge(verdict, table)
    assert outcome.certain, outcome.problems
    assert outcome.pieces_right == outcome.pieces
    assert outcome.state_right and outcome.score_right
    # the whole score, kill points included, is the rules core's on the true table
    truth = score(table_from_dict(table)).to_dict()
    assert _comparable(verdict.score().to_dict()) == _comparable(truth)


@pytest.mark.parametrize(("seed", "players", "board", "preset", "megapixels"), HARD_IN_SUITE)
def test_hard_photos_are_right_or_flagged(seed, players, board, preset, megapixels):
    table, verdict = _shoot(seed, players, board, preset, megapixels)
    outcome = judge(verdict, table)
    assert not outcome.wrong_unflagged, outcome
    if not outcome.certain:
        # a flagged verdict says what and where
        assert all(p.message for p in verdict.problems)


def test_a_wrong_table_is_caught_by_the_judge():
    """The judge itself: a table with one tile turned is not 'right'."""
    table, verdict = _shoot(*DEFAULT_CASES[1])
    assert judge(verdict, table).state_right
    wrong = normalised(table)
    victim = next(t for t in wrong["tiles"] if t["id"] != "M")
    victim["rot"] = (victim["rot"] + 90) % 360
    assert not judge(verdict, wrong).state_right
    # ... while the same table turned as a whole is still the same table
    assert judge(verdict, turned(table, 1)).state_right


def test_without_the_option_the_board_is_seen_or_not_by_its_markers():
    for board in (True, False):
        table = simulated_table(51, 2, "crete", board)
        shot = photo(table, PRESETS["3mp"], 51)
        verdict = referee_photo(shot.jpeg)            # board=None: decide from the photo
        assert verdict.board_inferred
        assert verdict.table["board"] is board
        assert judge(verdict, table).state_right

"""Reading discreet tiles (one small mark each) from their art where the mark is
lost, in 3 MP photos of whole tables: the walls' tint tells a tile's colour, a tie between
two candidates does not hide a third that beats both, a rival is judged where it lies, an
open table's plane rests on the tiles' centres, and a mark glare or blur leaves too faint
to detect is read bit by bit where the grid puts it."""

from __future__ import annotations

import math
from functools import cache

import numpy as np
import pytest

from pnp.geometry.asterion.tile import marker_places
from pnp.rules.asterion.tiles import COLOURS, tiles_by_id
from referee.asterion.art.pose import ArtMatch
from referee.asterion.evaluate import AsterionAccuracy, judge
from referee.asterion.grid import centre_px, marker_model
from referee.asterion.hidden import usurper_or_first
from referee.asterion.markers import TileMarker
from referee.asterion.pipeline import referee_photo
from referee.asterion.tints import TableTints, printed_ratio
from referee.image import load_photo


@cache
def _benchmark_photo(number: int, marks: str = "discreet", seed: int = 1):
    """Read once per session: tests that look at one photo differently share the read."""
    kit = AsterionAccuracy(marks=marks)
    case = kit.case(number, seed * 100_000 + number)
    jpeg = kit.photograph(case, seed * 100_000 + number).jpeg
    verdict = referee_photo(jpeg, **case.options)
    return case, jpeg, verdict, judge(verdict, case.truth)


def _match(tile: str, rot: int = 0, score: float = 0.6) -> ArtMatch:
    return ArtMatch(tile, rot, (0.0, 0.0), float(rot), score)


def test_the_four_colours_are_far_apart_as_printed():
    ratios = {c: printed_ratio(c, "classic") for c in COLOURS}
    for a in COLOURS:
        assert ratios[a].mean() == pytest.approx(1.0, abs=1e-5)
        for b in COLOURS:
            if a != b:
                assert np.linalg.norm(ratios[a] - ratios[b]) > 0.1, (a, b)


def test_a_tie_does_not_hide_a_rival_that_beats_the_best():
    y04, y05, y06 = _match("Y04"), _match("Y05"), _match("Y06")
    # Y05 ties with the best, Y06 beats it: Y06 takes the best's place
    outcome = usurper_or_first(iter([(y05, "tie"), (y06, "lost")]), ["Y05", "Y06"], set())
    assert outcome == (y06, "lost")
    # a rival read elsewhere by its markers takes nobody's place: the tie stands
    assert usurper_or_first(iter([(y05, "tie"), (y06, "lost")]), ["Y05"], {"Y06"}) == (
        y05, "tie")
    # the first rival the best does not beat ends it when it beats the best
    assert usurper_or_first(iter([(y04, "lost"), (y06, "lost")]), ["Y04", "Y06"],
                             set()) == (y04, "lost")
    assert usurper_or_first(iter([(y04, "won"), (y05, "won")]), [], set()) == (None, "won")
    assert usurper_or_first(iter([(y04, "won"), (y05, "tie")]), ["Y05"], set()) == (
        y05, "tie")


@pytest.mark.parametrize("turn", [-15.0, 0.0, 7.0, 90.0 + 12.0])
def test_a_tiles_centre_is_found_from_its_one_small_marker(turn):
    # a tile turned by a hand, seen at 1.6 px/mm (a 3 MP photo of a whole table): its
    # centre, through its one marker's corners, wherever it is turned
    (place,) = marker_places("discreet")
    model = marker_model("discreet")[place.corner]
    a = math.radians(turn)
    r = np.array([[math.cos(a), -math.sin(a)], [math.sin(a), math.cos(a)]])
    centre = np.array([812.0, 407.0])
    corners = (model @ r.T) * 1.6 + centre
    marker = TileMarker(1, corners, "Y01", place.corner)
    assert np.allclose(centre_px((marker,), "discreet"), centre, atol=1e-6)


def test_every_tiles_walls_tell_its_colour_or_nothing():
    # seed 1 photo 257 (glare, 3 MP, an open table of all four colours): what the walls'
    # tint says of each tile read is its colour, or nothing where the glare leaves too
    # little (seed 1 photo 133 in benchmarks/hard_photos_bench.py: a colour no marker
    # shows, told by its walls)
    _, jpeg, verdict, _ = _benchmark_photo(257, "discreet")
    photo = load_photo(jpeg, work_side=4032)
    assert verdict.grid.design == "discreet"
    tints = TableTints(photo.image, photo.scale, verdict.grid)
    told = {p.tile: tints.colour(ArtMatch(p.tile, p.rot, p.centre, p.angle, 1.0))
            for p in verdict.grid.tiles if p.tile != "M"}
    assert {tiles_by_id()[t].colour for t in told} == set(COLOURS)
    assert all(c in (None, tiles_by_id()[t].colour) for t, c in told.items()), told
    assert sum(c is not None for c in told.values()) >= 0.9 * len(told)


# Seed 1 benchmark photos flagged unread (or, classic 91, read wrongly by a first version of
# these changes), now read exactly; each names what was wrong. (The slowest, read wholly
# from the art, are checked by benchmarks/hard_photos_bench.py.)
EXACT = {
    # sloppy, 3 MP, no board: 48 of 52 marks read, but the plane fitted to their corners
    # (each tile turned up to ~15 degrees) was bent; half the tiles lay on wrong cells
    163: "discreet",
    # steep, 12 MP, no board: a plane grown from the tiles' centres alone (a similarity
    # until 16 tiles) put 19 tiles on wrong cells; the corners' plane is squarer here
    47: "discreet",
    # classic, stray tombs, 3 MP: a rival of the best's design turned over, scoring 0.34,
    # 8 mm off, was judged at its own pose and tied the best
    91: "classic",
    # glare, 3 MP, a full board: Y06 washed out on the one square left was taken for empty
    # land, a sure wrong score (a neighbour's mark outside the glare kept the window's
    # contrast); its mark, 16 grey levels over its quiet zone, is read bit by bit now
    211: "discreet",
    # glare, 3 MP, no board: R05's washed mark (17 levels) was left to its art, too faint
    257: "discreet",
}


@pytest.mark.parametrize("number", sorted(EXACT))
def test_benchmark_photos_read_exactly(number):
    _, _, verdict, outcome = _benchmark_photo(number, EXACT[number])
    assert verdict.is_certain, [p.message for p in verdict.problems]
    assert outcome.state_right and outcome.score_right


def test_a_hidden_tile_the_art_cannot_tell_is_flagged_never_guessed():
    # seed 1 photo 134 (hidden, 3 MP): a finger on Y09's mark; its art is R05 or, more like
    # it, Y04, which was read elsewhere by its marker. Every tile placed is right, and the
    # cells left unread are named.
    case, _, verdict, outcome = _benchmark_photo(134)
    truth = {(t["x"], t["y"]): (t["id"], t["rot"]) for t in case.truth["tiles"]}
    for pose in verdict.grid.tiles:
        assert truth.get(pose.cell) == (pose.tile, pose.rot), pose
    assert not outcome.wrong_unflagged
    unread = set(truth) - {p.cell for p in verdict.grid.tiles}
    assert unread and unread <= {p.cell for p in verdict.problems}

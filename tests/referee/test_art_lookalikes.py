"""Telling look-alike prints apart: the quick screen (`Comparison.clearly_best`) says a
tile wins only where the full vote (`Comparison.maps`, hidden._outcome) says so too, never
clears a wrong best against the tile really there, and leaves a finger on where two prints
differ to the full vote."""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np
import pytest

from pnp.geometry.asterion.tile import tile_spec
from pnp.rules.asterion.tiles import tiles_by_id
from referee.asterion.art.lookalikes import APART, SOFTNESS, Comparison, _softness
from referee.asterion.art.pairs import differ, turned_print
from referee.asterion.art.photometry import VOTE_PPM, print_levels
from referee.asterion.art.pose import ArtMatch
from referee.asterion.art.templates import FINE_SPAN
from referee.asterion.evaluate import AsterionAccuracy
from referee.asterion.hidden import CLEAR_VOTES, _outcome, look_alikes
from referee.asterion.pipeline import referee_photo
from referee.geometry import frame_to_photo, project
from referee.image import load_photo
from referee.threads import one_thread

PHOTO = 23          # seed 1: default, 3 MP, the board, 2 players (every tile read by its mark)


@cache
def _scene():
    kit = AsterionAccuracy(marks="discreet")
    seed = 100_000 + PHOTO
    case = kit.case(PHOTO, seed)
    jpeg = kit.photograph(case, seed).jpeg
    verdict = referee_photo(jpeg, **case.options)
    photo = load_photo(jpeg, work_side=4032)
    return photo.image, photo.scale, verdict.grid


def _pairs(limit: int = 6):
    """(the tile read, a look-alike of its colour) for the first few tiles of the photo."""
    grid = _scene()[2]
    tiles = tiles_by_id()
    for pose in [p for p in grid.tiles if p.tile != "M"][:limit]:
        best = ArtMatch(pose.tile, pose.rot, pose.centre, pose.angle, 1.0)
        for tile, rot in look_alikes(tiles[pose.tile], pose.rot):
            if tiles[tile].colour == tiles[pose.tile].colour:
                yield best, ArtMatch(tile, rot, pose.centre, pose.angle - pose.rot + rot, 0.0)


def _full_vote(comparison: Comparison, best: ArtMatch, rival: ArtMatch) -> str:
    comparison.clearly_best = lambda *_: False          # the full vote alone
    try:
        return _outcome(comparison, best, rival, set())
    finally:
        del comparison.clearly_best


def test_a_clear_win_is_one_the_full_vote_gives_too():
    image, scale, grid = _scene()
    cleared = 0
    with one_thread():
        for best, rival in _pairs():
            comparison = Comparison(image, scale, grid, best)
            if comparison.clearly_best(rival, CLEAR_VOTES):
                cleared += 1
                assert _full_vote(comparison, best, rival) == "won", (best, rival)
    assert cleared >= 5                 # the screen does clear the plain cases


def test_a_wrong_best_is_never_cleared_against_the_tile_really_there():
    image, scale, grid = _scene()
    with one_thread():
        for truth, impostor in _pairs():
            # the impostor taken as the best, where the true tile lies
            comparison = Comparison(image, scale, grid, impostor)
            assert not comparison.clearly_best(truth, CLEAR_VOTES), (impostor, truth)


def _with_finger(image: np.ndarray, scale: float, grid, at: ArtMatch, rows: slice,
                 colour: tuple[int, int, int]) -> np.ndarray:
    """The photo with a finger (a band across the tile, BGR `colour`) over `rows` of the
    tile's own frame (pairs.tile_frame_photo's px)."""
    c = tile_spec().centre
    top, bottom = (c - FINE_SPAN / 2 + r / VOTE_PPM for r in (rows.start, rows.stop))
    left, right = c - FINE_SPAN / 2, c + FINE_SPAN / 2
    band = np.array([(left, top), (right, top), (right, bottom), (left, bottom)])
    quad = project(frame_to_photo(grid.homography, at.centre, at.angle, (c, c)), band) * scale
    out = image.copy()
    cv2.fillPoly(out, [np.round(quad).astype(np.int32)], colour)
    return out


# skin in the hand's shadow, and lit (this warm photo's paper is itself a light skin tone:
# a finger the colour of the print it covers, where that print is plain, is that print)
FINGERS = ((60, 75, 120), (120, 150, 210))


def test_a_finger_where_two_prints_differ_never_makes_a_clear_win_the_full_vote_denies():
    image, scale, grid = _scene()
    deferred = 0
    with one_thread():
        for best, rival in _pairs():
            if not Comparison(image, scale, grid, best).clearly_best(rival, CLEAR_VOTES):
                continue
            quarters = (rival.rot - best.rot) // 90 % 4
            apart = differ(grid.design, best.tile, rival.tile, quarters, APART)[1]
            # a finger over most of where they differ
            ys = np.flatnonzero(apart.any(axis=1))
            rows = slice(int(ys[0]), int(ys[0] + round(0.7 * (ys[-1] - ys[0] + 1))))
            if apart[rows].sum() <= 0.5 * apart.sum():
                continue                # the band missed most of the difference
            for colour in FINGERS:
                fingered = Comparison(_with_finger(image, scale, grid, best, rows, colour),
                                      scale, grid, best)
                if fingered.clearly_best(rival, CLEAR_VOTES):
                    assert _full_vote(fingered, best, rival) == "won", (best, rival, colour)
                else:
                    deferred += 1
    assert deferred >= 3


def test_the_softness_found_is_the_prints_blur_and_its_fit_is_kept():
    # a photo of a print blurred 2 px (at VOTE_PPM), on darker levels, with noise: the
    # softness found is 2, and the print as soft and its levels are what a fit there gives
    sharp = turned_print("discreet", "R07", 0)
    rng = np.random.default_rng(2)
    photo = (0.8 * cv2.GaussianBlur(sharp, (0, 0), 2.0) + 12.0
             + rng.normal(0.0, 3.0, sharp.shape)).astype(np.float32)
    use = rng.random(sharp.shape[:2]) > 0.1
    sigma, soft, levels = _softness(photo, sharp, use)
    assert sigma == 2.0 and 2.0 in SOFTNESS
    assert np.array_equal(soft, cv2.GaussianBlur(sharp, (0, 0), 2.0))
    want = print_levels(photo, soft, use)
    assert np.array_equal(levels[0], want[0]) and levels[1:] == want[1:]
    assert levels[2] == pytest.approx(0.8, abs=0.05)


def test_a_cell_past_its_full_votes_ties_and_the_votes_say_so():
    from referee.asterion.hidden import FullVotes

    image, scale, grid = _scene()
    best, rival = next(_pairs())
    with one_thread():
        comparison = Comparison(image, scale, grid, best)
        comparison.clearly_best = lambda *_: False
        votes = FullVotes(1)
        _outcome(comparison, best, rival, set(), votes)             # the one vote
        assert votes.left == 0 and not votes.out
        comparison.maps = lambda *_: pytest.fail("a vote past the cell's votes")
        assert _outcome(comparison, best, rival, set(), votes) == "tie"
    assert votes.out and votes.left == 0

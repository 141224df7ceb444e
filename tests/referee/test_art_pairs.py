"""Prints compared in a tile's own frame (referee/asterion/art/pairs.py): a print turned by
quarter turns there is the print warped onto the table at that turn, px for px, and where
two prints differ is where the print of one, not the other, shows."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from referee.asterion.art.pairs import differ, turned_print
from referee.asterion.art.photometry import VOTE_PPM
from referee.asterion.art.templates import FINE_SPAN, warp_face


@pytest.mark.parametrize("quarters", [0, 1, 2, 3])
def test_a_print_turned_in_the_tiles_frame_is_the_print_warped_at_that_turn(quarters):
    # a tile square at the table's origin: its frame is the table's, shifted
    half = FINE_SPAN / 2
    n = round(FINE_SPAN * VOTE_PPM)
    warped, counted = warp_face("discreet", "Y05", (0.0, 0.0), 90.0 * quarters,
                                (-half, -half), n, VOTE_PPM, markers=True)
    assert np.abs(turned_print("discreet", "Y05", quarters) - warped).max() < 1.0
    # and no other turn is
    for other in {0, 1, 2, 3} - {quarters}:
        assert np.abs(turned_print("discreet", "Y05", other) - warped).mean() > 10.0
    use, _ = differ("discreet", "Y01", "Y05", quarters, 10.0)
    assert (use <= (counted > 0)).all()


@pytest.mark.parametrize("quarters", [1, 2, 3])
def test_a_soft_print_turned_is_the_turned_print_made_as_soft(quarters):
    # (kept blurred once a tile, turned on demand: the blur is the same every way)
    for sigma in (1.0, 3.0):
        soft = turned_print("discreet", "B07", quarters, sigma)
        sharp = turned_print("discreet", "B07", quarters)
        assert soft.dtype == np.float32 and soft.flags.c_contiguous
        assert np.abs(soft - cv2.GaussianBlur(sharp, (0, 0), sigma)).max() < 1e-3
        assert np.abs(soft - sharp).max() > 50.0          # and it is soft


def test_two_prints_differ_where_one_has_what_the_other_has_not():
    use, apart = differ("discreet", "Y01", "Y02", 0, 10.0)
    same_use, same_apart = differ("discreet", "Y01", "Y01", 0, 10.0)
    assert not same_apart.any() and same_use.sum() >= use.sum()
    # Y01 and Y02 share their corridors (look-alikes): they differ in a small part only
    assert 0 < apart.sum() < 0.2 * use.sum()
    # a turned copy of the same tile differs over much more
    assert differ("discreet", "Y01", "Y01", 2, 10.0)[1].sum() > 2 * apart.sum()

"""The opening stages games share: their own markers kept, refused when none, the board's
plane trusted only on enough markers."""

from __future__ import annotations

from pathlib import Path

import pytest

from referee.errors import NoMarkers
from referee.opening import fit_board, our_markers
from referee.problems import TOO_FEW_MARKERS
from referee.spider_twist import board
from referee.timing import Laps

PHOTO = Path(__file__).parents[2] / "examples" / "spider-twist.jpg"


def test_only_the_games_own_markers_are_kept_and_the_stages_timed():
    lap = Laps()
    image, ours = our_markers(PHOTO, lap, board.side_of, lambda _: "none")
    assert ours and all(board.side_of(m.id) for m in ours)
    assert image.size[0] > 0 and {"load", "detect"} <= set(lap.timings)


def test_no_marker_of_the_game_is_refused_with_its_own_words():
    with pytest.raises(NoMarkers, match=r"^nothing here at \d+ px$"):
        our_markers(PHOTO, Laps(), lambda _: False,
                    lambda image: f"nothing here at {image.size[0]} px")


def test_the_plane_is_trusted_only_on_the_least_the_game_asks():
    image, ours = our_markers(PHOTO, Laps(), board.side_of, lambda _: "none")
    side = board.side_of(ours[0].id)
    mine = [m for m in ours if board.side_of(m.id) == side]
    model = board.marker_model(side)
    enough = fit_board(image, mine, model, 3, Laps())
    assert enough.homography is not None and enough.too_few is None
    assert len(enough.ids) >= 3
    short = fit_board(image, mine, model, len(enough.ids) + 1, Laps())
    assert short.ids == enough.ids and short.too_few is not None
    assert short.too_few.code == TOO_FEW_MARKERS
    assert f"only {len(enough.ids)} of the board's {len(model)}" in short.too_few.message
    none = fit_board(image, mine[:1], model, 1, Laps())
    assert none.homography is None and none.too_few is not None

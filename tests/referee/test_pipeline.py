"""referee_photo end to end on rendered photos."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from pnp.rules.asterion import score, table_from_dict
from referee.errors import BadPhoto, NoTiles
from referee.pipeline import referee_photo

from .conftest import small_table, table


def _jpeg(image: np.ndarray, quality: int = 85) -> bytes:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return data.tobytes()


def test_a_clean_photo_gives_the_table_and_its_score(scenes):
    data = table(5, 3)
    scene = scenes.render(data, ppm=4, gap_mm=2, jitter_mm=1, jitter_deg=2, tilt_deg=35,
                          turn_deg=130, size=(2000, 1500))
    verdict = referee_photo(_jpeg(scene.image), kill_points={"yellow": 2})
    assert verdict.is_certain, verdict.problems
    assert verdict.table is not None
    seen = {(t["id"], t["x"], t["y"], t["rot"]) for t in verdict.table["tiles"]}
    assert seen == {(t["id"], t["x"], t["y"], t["rot"]) for t in data["tiles"]}
    assert sorted(verdict.table["dead"]) == sorted(data["dead"])
    assert verdict.table["players"] == data["players"] and verdict.players_inferred
    expected = score(table_from_dict({**data, "kill_points": {"yellow": 2}}))
    assert verdict.score().to_dict() == expected.to_dict()
    out = verdict.to_dict()
    assert out["players"] == expected.to_dict()["players"]
    det = out["detection"]
    assert det["certain"] and det["problems"] == [] and det["kill_points_from"] == "--kill-points"
    assert len(det["tiles"]) == len(data["tiles"])
    assert all(t["confidence"] > 0.8 and len(t["corners"]) == 4 for t in det["tiles"])
    m = next(t for t in verdict.tiles if t.id == "M")
    # the Minotaur's outline lies where the scene put it
    truth = scene.homography @ np.array([-25.0, -25.0, 1.0])
    assert np.abs(m.corners[0] - truth[:2] / truth[2]).max() < 4


def test_players_given_and_board(scenes):
    data = table(2, 2, board=True)
    scene = scenes.render(data, ppm=3, jitter_mm=0.5, jitter_deg=1, tilt_deg=20,
                          size=(2000, 1500))
    verdict = referee_photo(scene.image, board=True, players=["yellow", "blue"])
    assert verdict.is_certain, verdict.problems
    assert verdict.table["board"] is True and not verdict.players_inferred
    assert {(t["id"], t["x"], t["y"]) for t in verdict.table["tiles"]} == {
        (t["id"], t["x"], t["y"]) for t in data["tiles"]}


def test_a_12mp_photo_is_read_with_stage_timings(scenes):
    """Speed is measured by benchmarks/referee_bench.py, not asserted here."""
    data = table(5, 3)
    scene = scenes.render(data, ppm=6, gap_mm=2, jitter_mm=1, jitter_deg=2, tilt_deg=30,
                          size=(4000, 3000))
    verdict = referee_photo(_jpeg(scene.image))
    assert verdict.is_certain and verdict.photo_size == (4000, 3000)
    assert {"load", "detect", "grid"} <= set(verdict.timings)


def test_covered_markers_never_give_a_silent_wrong_table(scenes):
    data = small_table()
    scene = scenes.render(data, ppm=4, size=(1600, 1200),
                          hide={"G06": ("NE", "SW"), "Y03": ("NE",), "M": ("SW",)})
    verdict = referee_photo(scene.image)
    assert not verdict.is_certain
    # the hidden tile's cell, and the rules core: B02 beyond it seems cut off
    assert [(p.code, p.cell) for p in verdict.problems] == [
        ("cell-unidentified", (1, 1)), ("invalid-layout", (1, 2))]
    assert "not connected" in verdict.problems[1].message
    # the tiles it did read are right
    truth = {(t["id"], t["x"], t["y"], t["rot"]) for t in data["tiles"]}
    assert {(t["id"], t["x"], t["y"], t["rot"]) for t in verdict.table["tiles"]} < truth
    assert "problems" in verdict.to_dict()["detection"]


def test_no_tiles_and_bad_photos(scenes):
    blank = np.full((600, 800, 3), 140, np.uint8)
    with pytest.raises(NoTiles):
        referee_photo(_jpeg(blank))
    with pytest.raises(BadPhoto):
        referee_photo(b"GIF89a nonsense")

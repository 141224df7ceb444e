"""referee_photo end to end on rendered photos."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from pnp.rules.asterion import score, table_from_dict
from referee.asterion.pipeline import referee_photo
from referee.errors import BadOption, BadPhoto, NoMarkers

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


def _cover(scene, points_mm, radius_mm, colour=(120, 150, 215)):
    """A skin-coloured blob over each table-mm point (a fingertip, a palm)."""
    image = scene.image.copy()
    for x, y in points_mm:
        at = cv2.perspectiveTransform(np.float32([[[x, y]], [[x + radius_mm, y]]]),
                                      scene.homography).reshape(2, 2)
        r = int(np.linalg.norm(at[1] - at[0]))
        cv2.circle(image, (int(at[0][0]), int(at[0][1])), r, colour, -1, cv2.LINE_AA)
    return image


def test_a_tile_with_both_markers_covered_is_read_from_its_art(scenes):
    """G06's markers are both under a finger, Y03's and the Minotaur's one each: the grid
    and G06's art are in view, so it is identified from its print."""
    data = small_table()
    scene = scenes.render(data, ppm=4, size=(1600, 1200),
                          hide={"G06": ("NE", "SW"), "Y03": ("NE",), "M": ("SW",)})
    verdict = referee_photo(scene.image)
    assert verdict.is_certain, verdict.problems
    truth = {(t["id"], t["x"], t["y"], t["rot"]) for t in data["tiles"]}
    assert {(t["id"], t["x"], t["y"], t["rot"]) for t in verdict.table["tiles"]} == truth
    g06 = next(t for t in verdict.tiles if t.id == "G06")
    assert g06.markers == 0 and g06.confidence < 0.8        # known by its art alone
    assert sorted(verdict.table["dead"]) == sorted(data["dead"])


def test_a_tile_covered_whole_is_never_guessed(scenes):
    """A palm over all of G06: nothing of it can be read; its cell is a problem, and the
    rules core then finds B02 cut off from the rest."""
    data = small_table()
    scene = scenes.render(data, ppm=4, size=(1600, 1200))
    image = _cover(scene, [(50.0, 50.0)], 30.0)
    verdict = referee_photo(image)
    assert not verdict.is_certain
    assert [(p.code, p.cell) for p in verdict.problems] == [
        ("cell-unidentified", (1, 1)), ("invalid-layout", (1, 2))]
    assert "not connected" in verdict.problems[1].message
    # the tiles it did read are right
    truth = {(t["id"], t["x"], t["y"], t["rot"]) for t in data["tiles"]}
    assert {(t["id"], t["x"], t["y"], t["rot"]) for t in verdict.table["tiles"]} < truth
    assert "problems" in verdict.to_dict()["detection"]


def test_two_look_alikes_left_are_flagged_not_guessed(scenes):
    """G06 (a straight corridor with a wing) with its markers, its wing and its printed id
    covered: G04 (the same corridor, no wing) and G05 (a chest there) look the same. A
    problem names the candidates; no tile is put in the cell."""
    data = small_table()
    scene = scenes.render(data, ppm=4, size=(1600, 1200), hide={"G06": ("NE", "SW")})
    # G06 lies upright on cell 1,1: its frame's 0,0 is table 25,25. Its wing is printed at
    # 25,12.5, its id at 3-12, 4-8 (the NW corner).
    image = _cover(scene, [(50.0, 37.5), (32.0, 31.0)], 6.0)
    verdict = referee_photo(image)
    assert not verdict.is_certain
    problem = next(p for p in verdict.problems if p.cell == (1, 1))
    assert problem.code == "cell-unidentified"
    assert "G06" in problem.message and ("G04" in problem.message or "G05" in problem.message)
    assert "G06" not in {t["id"] for t in verdict.table["tiles"]}


def test_a_crete_photo_read_as_revised_says_so_in_one_line():
    """Crete tiles read with --edition revised are one error, not a
    problem per tile and per board square."""
    from referee.asterion.synth import photo, simulated_table
    from referee.synth import PRESETS

    table = simulated_table(3, 2, "crete", board=True)
    shot = photo(table, PRESETS["3mp"], 3)
    with pytest.raises(BadOption) as caught:
        referee_photo(shot.jpeg, edition="revised")
    message = str(caught.value)
    assert "\n" not in message and "--edition crete" in message
    assert "Crete board" in message
    # read as what it is, it is sure
    assert referee_photo(shot.jpeg, edition="crete").is_certain


def test_no_tiles_and_bad_photos(scenes):
    blank = np.full((600, 800, 3), 140, np.uint8)
    with pytest.raises(NoMarkers):
        referee_photo(_jpeg(blank))
    with pytest.raises(BadPhoto):
        referee_photo(b"GIF89a nonsense")


def test_on_the_board_a_palm_over_a_tile_is_never_an_empty_square(scenes):
    """On the board an empty square is judged against the land round it, scaled by the
    printed rings' shades and allowing a shadow; skin is not the land's colour, so a
    palm over G06 is still a cell nobody could read."""
    data = {**small_table(), "board": True}
    scene = scenes.render(data, ppm=3, size=(2000, 1500))
    image = _cover(scene, [(50.0, 50.0)], 30.0)
    verdict = referee_photo(image, board=True)
    assert not verdict.is_certain
    assert ("cell-unidentified", (1, 1)) in [(p.code, p.cell) for p in verdict.problems]
    assert "G06" not in {t["id"] for t in verdict.table["tiles"]}

"""Marker detection on rendered tables: every marker found, corners where the scene put
them; Asterion's identification maps each to its tile and corner and leaves out foreign
markers (the shared detector returns every id)."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

from pnp.geometry.asterion.markers import tile_marker_ids
from pnp.markers import dictionary_name
from referee.asterion.grid import marker_model
from referee.asterion.markers import identify, is_ours
from referee.asterion.pipeline import SQUARE_SIDES, _look_closer
from referee.detect import (
    detect_enlarged,
    detect_in_windows,
    detect_markers,
    detect_with_squares,
    merge_markers,
    square_windows,
)
from referee.geometry import project, rotation
from referee.image import load_photo

from .conftest import small_table, table

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"

# These tables are of the first print (conftest `scenes`); the stages read them as such.


def _truth_corners(scene, tile: dict, corner: str) -> np.ndarray:
    dx, dy, da = scene.jitter[tile["id"]]
    mm = (marker_model("classic")[corner] @ rotation(tile["rot"] + da).T
          + np.array([tile["x"] * 50 + dx, tile["y"] * 50 + dy]))
    return project(scene.homography, mm)


def test_every_marker_is_found_at_its_place(scenes):
    data = table(5, 3)
    scene = scenes.render(data, ppm=4, tilt_deg=30, turn_deg=40, size=(2000, 1500))
    markers = identify(detect_markers(scene.image))
    expected = {i for t in data["tiles"] for i in tile_marker_ids(t["id"])}
    assert {m.id for m in markers} == expected
    by_id = {m.id: m for m in markers}
    worst = 0.0
    for t in data["tiles"]:
        for corner, marker_id in zip(("NE", "SW"), tile_marker_ids(t["id"]), strict=True):
            m = by_id[marker_id]
            assert (m.tile, m.corner) == (t["id"], corner)
            worst = max(worst, float(np.abs(m.corners - _truth_corners(scene, t, corner)).max()))
    assert worst < 1.5


def test_scaled_detection_reports_original_pixels(scenes):
    scene = scenes.render(small_table(), ppm=8, size=(3000, 2400))
    full = detect_markers(scene.image)
    half = detect_markers(cv2.resize(scene.image, (1500, 1200), interpolation=cv2.INTER_AREA),
                          scale=0.5)
    assert [m.id for m in full] == [m.id for m in half]
    for a, b in zip(full, half, strict=True):
        assert np.abs(a.corners - b.corners).max() < 2.0


def test_foreign_markers_are_ignored(scenes):
    scene = scenes.render(small_table(), ppm=4, size=(1600, 1200))
    image = scene.image.copy()
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_250)
    for k, foreign in enumerate((150, 199, 240)):     # between the tiles' and the board's ids
        assert not is_ours(foreign)
        tag = cv2.aruco.generateImageMarker(dictionary, foreign, 70)
        y, x = 40, 40 + 120 * k
        image[y - 10:y + 80, x - 10:x + 80] = 255
        image[y:y + 70, x:x + 70] = tag[..., None]
    ours = {i for t in small_table()["tiles"] for i in tile_marker_ids(t["id"])}
    seen = detect_markers(image)
    assert {m.id for m in seen} == ours | {150, 199, 240}
    assert {m.id for m in identify(seen)} == ours


def test_windows_find_a_marker_again_and_enlarging_helps_tiny_ones(scenes):
    scene = scenes.render(small_table(), ppm=4, size=(1600, 1200))
    m = next(m for m in identify(detect_markers(scene.image)) if m.tile == "Y03")
    lo, hi = m.corners.min(axis=0) - 30, m.corners.max(axis=0) + 30
    window = (int(lo[0]), int(lo[1]), int(hi[0]), int(hi[1]))
    again = detect_in_windows(scene.image, [window])
    assert [k.id for k in again] == [m.id]
    assert np.abs(again[0].corners - m.corners).max() < 0.5
    enlarged = detect_in_windows(scene.image, [window], upsample=2)
    assert [k.id for k in enlarged] == [m.id]
    assert np.abs(enlarged[0].corners - m.corners).max() < 1.0


def test_tiny_option_reads_a_small_blurred_marker_the_plain_look_misses():
    # a 5x5 marker of 19 px (under 3 px a module: the discreet print at 3 MP), blurred
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary_name()))
    mark = cv2.resize(cv2.aruco.generateImageMarker(d, 7, 140), (19, 19),
                      interpolation=cv2.INTER_AREA).astype(np.float32) / 255 * 160 + 40
    image = np.full((240, 240), 200, np.uint8)
    image[100:119, 110:129] = mark.astype(np.uint8)
    image = cv2.GaussianBlur(image, (0, 0), 1.5)
    window = [(60, 60, 180, 180)]
    assert detect_in_windows(image, window, upsample=2) == []
    found = detect_in_windows(image, window, upsample=2, tiny=True)
    assert [m.id for m in found] == [7]
    truth = np.array([[109.5, 99.5], [128.5, 99.5], [128.5, 118.5], [109.5, 118.5]])
    # where the marker is (a blurred corner may be a px or two off: the grid fits all four)
    assert np.abs(found[0].centre - truth.mean(axis=0)).max() < 1.0
    assert np.abs(found[0].corners - truth).max() < 2.5


def test_the_whole_image_enlarged_reads_small_markers_where_they_lie():
    # three 5x5 markers of 21 px (the discreet print at 3 MP), one near the image's edge
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary_name()))
    image = np.full((300, 400), 210, np.uint8)
    places = {3: (40, 50), 11: (200, 120), 27: (372, 260)}
    for marker_id, (x, y) in places.items():
        mark = cv2.resize(cv2.aruco.generateImageMarker(d, marker_id, 140), (21, 21),
                          interpolation=cv2.INTER_AREA)
        image[y:y + 21, x:x + 21] = mark
    found = detect_enlarged(image, 0.5)
    assert [m.id for m in found] == sorted(places)
    for m in found:
        x, y = places[m.id]
        edges = np.array([[x, y], [x + 21, y], [x + 21, y + 21], [x, y + 21]], float)
        # the image is the photo at half size: its px edges at twice, as pixel centres
        assert np.abs(m.corners - (edges * 2 - 0.5)).max() < 2.0


def test_the_small_markers_the_pass_decodes_are_those_windows_read_again():
    # The README's 8 MP photo, read at its own size: the discreet print's 21-24 px markers
    # are under the default least size, decoded by the square pass all the same. Read again
    # in windows round every square the pass reported, each comes back where the pass put
    # it (within 2 px: a window's threshold differs, and its corners are no truer: one
    # comes back unrefined, on whole px); looking only round the unread squares of their
    # size loses none of them.
    photo = load_photo(EXAMPLES / "endgame.jpg")
    assert photo.scale == 1.0
    seen = detect_with_squares(photo.image, photo.scale)
    assert len(seen.small) >= 20
    every = detect_in_windows(photo.image, square_windows(seen.squares, SQUARE_SIDES), 1.0)
    for m in seen.small:
        again = [k for k in every if k.id == m.id and np.linalg.norm(k.centre - m.centre) < 3]
        assert again and np.abs(again[0].corners - m.corners).max() < 2.0
    tiles = identify(seen.markers)
    closer = merge_markers(tiles, identify(_look_closer(photo.image, tiles, seen)))
    old = merge_markers(tiles, identify(every))
    assert sorted(m.id for m in closer) == sorted(m.id for m in old)


def test_the_square_pass_reads_every_marker_the_plain_detector_reads():
    # its own threshold windows (none of 3 px) must not lose a marker of the default size
    # (kept or small: a marker on the least size may fall either side of it)
    photo = load_photo(EXAMPLES / "endgame.jpg")
    found = detect_with_squares(photo.image, photo.scale)
    seen = {m.id: m for m in found.markers + found.small}
    plain = detect_markers(photo.image, photo.scale)
    assert len(plain) >= 40 and {m.id for m in plain} <= set(seen)
    # the same outline, thresholded otherwise: a corner may move a px (1.04 here)
    assert max(np.abs(seen[m.id].corners - m.corners).max() for m in plain) < 1.5

"""The test-photo generator: deterministic, and its ground truth matches its pixels."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

from pnp.printing.asterion.art import marker_places, prisoner_points
from pnp.printing.asterion.markers import tile_for_marker, tile_marker_ids
from pnp.rules.asterion.tiles import tiles_by_id
from referee.asterion.synth import PRESETS, Conditions, photo, simulated_table, with_conditions

FLAT = Conditions(megapixels=3.0, light=0.0, shadow=False, noise=0.0, blur_sigma=0.0,
                  jpeg_quality=95)


@pytest.fixture(scope="module")
def table() -> dict:
    return simulated_table(4, players=3, edition="crete", board=False)


def _tile_frame(corners: np.ndarray) -> np.ndarray:
    """Tile frame mm (upright, top-left origin) -> photo px, from the tile's corners."""
    frame = np.float32([[0, 0], [50, 0], [50, 50], [0, 50]])
    return cv2.getPerspectiveTransform(frame, np.float32(corners))


def _to_px(h: np.ndarray, points) -> np.ndarray:
    return cv2.perspectiveTransform(np.float32(points).reshape(-1, 1, 2), h).reshape(-1, 2)


def test_the_same_seed_gives_the_same_photo(table):
    a = photo(table, PRESETS["3mp"], seed=5)
    b = photo(table, PRESETS["3mp"], seed=5)
    c = photo(table, PRESETS["3mp"], seed=6)
    assert a.jpeg == b.jpeg
    assert a.jpeg != c.jpeg
    assert a.image.shape[:2] in ((1512, 2016), (2016, 1512))


@pytest.mark.parametrize("distortion", [0.0, -0.04])
def test_markers_decode_where_the_tile_corners_put_them(table, distortion):
    """Each decoded marker's centre is where its tile's true corners say, within a pixel or
    so, with or without lens distortion (the corners are distorted with the photo)."""
    shot = photo(table, replace(FLAT, distortion=distortion), seed=1)
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_250))
    corners, ids, _ = detector.detectMarkers(cv2.cvtColor(shot.image, cv2.COLOR_BGR2GRAY))
    found = 0
    for quad, marker_id in zip(corners, ids.ravel(), strict=True):
        owner = tile_for_marker(int(marker_id))
        if owner is None:
            continue
        tile_id, _corner = owner
        m = marker_places()[tile_marker_ids(tile_id).index(int(marker_id))]
        expected = _to_px(_tile_frame(shot.corners[tile_id]),
                          [[m.x + m.size / 2, m.y + m.size / 2]])[0]
        assert np.linalg.norm(quad.reshape(4, 2).mean(axis=0) - expected) < 1.5, marker_id
        found += 1
    assert found >= 0.95 * 2 * len(table["tiles"])


def test_the_homography_maps_each_cell_centre_into_its_tile():
    table = simulated_table(2, players=2, edition="crete", board=True)
    shot = photo(table, with_conditions("3mp", light=0.0, shadow=False), seed=3)
    for t in table["tiles"]:
        centre = _to_px(shot.homography, [[50 * t["x"], 50 * t["y"]]])[0]
        quad = shot.corners[t["id"]].astype(np.float32)
        assert cv2.pointPolygonTest(quad, tuple(map(float, centre)), False) > 0


def test_tombs_lie_on_the_dead_prisoners_only(table):
    """The photo with tombs differs from the one without only around dead prisoners, and
    there it turns darker."""
    assert table["dead"], "the simulated game should have dead prisoners"
    alive = dict(table, dead=[])
    with_tombs = photo(table, FLAT, seed=2).image.astype(int).sum(axis=2)
    shot = photo(alive, FLAT, seed=2)
    without = shot.image.astype(int).sum(axis=2)
    changed = np.abs(with_tombs - without) > 60
    near = np.zeros(changed.shape, np.uint8)
    tiles = tiles_by_id()
    for tile_id in table["dead"]:
        h = _tile_frame(shot.corners[tile_id])
        for x, y in _to_px(h, prisoner_points(tiles[tile_id])):
            spot = np.zeros_like(near)
            radius = 14 * np.linalg.norm(_to_px(h, [[0, 0], [1, 0]])[1] - _to_px(h, [[0, 0]])[0])
            cv2.circle(spot, (round(x), round(y)), int(radius), 1, -1)
            assert (changed & spot.astype(bool)).sum() > 20, tile_id
            assert with_tombs[spot.astype(bool)].mean() < without[spot.astype(bool)].mean()
            # put down by hand, a few mm off, the black token still hides most of the 9 mm
            # medallion (its white headstone too sits in the middle)
            medallion = np.zeros_like(near)
            cv2.circle(medallion, (round(x), round(y)), round(radius * 4.5 / 14), 1, -1)
            seen = with_tombs[medallion.astype(bool)]
            assert (seen < 3 * 90).mean() > 0.4, tile_id
            near |= spot
    assert not (changed & ~near.astype(bool)).any()


@pytest.mark.parametrize("seed", [4, 9, 13])
def test_fingers_cover_exactly_the_markers_they_list(table, seed):
    """No skin shows on a marker that is not listed; a listed one has skin on it or within
    a few px (the list takes in the finger's soft fringe)."""
    shot = photo(table, replace(FLAT, fingers=2), seed=seed)
    assert shot.covered_markers
    hsv = cv2.cvtColor(shot.image, cv2.COLOR_BGR2HSV)
    # skin of any tone: a warm, saturated hue (tile fills are pale, markers grey)
    skin = ((hsv[..., 0] < 25) & (hsv[..., 1] > 80) & (hsv[..., 2] > 40)).astype(np.uint8)
    for t in table["tiles"]:
        h = _tile_frame(shot.corners[t["id"]])
        for marker_id, m in zip(tile_marker_ids(t["id"]), marker_places(), strict=True):
            quad = _to_px(h, [[m.x, m.y], [m.x + m.size, m.y], [m.x + m.size, m.y + m.size],
                              [m.x, m.y + m.size]])
            mask = np.zeros(skin.shape, np.uint8)
            cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 1)
            if marker_id in shot.covered_markers:
                near = cv2.dilate(mask, np.ones((7, 7), np.uint8))
                assert (skin & near).any(), marker_id
            else:
                assert float((skin & mask).sum()) / float(mask.sum()) < 0.005, marker_id


@pytest.mark.parametrize("seed", range(6))
def test_the_game_lies_a_cell_and_more_inside_the_table_top(seed):
    """Nobody plays at the table's edge: every cell next to the game is on the table, so
    the floor beyond its edge never shows in a cell the referee must judge."""
    from referee.synth.camera import affine
    from referee.synth.table import table_top

    rng = np.random.default_rng(seed)
    outline = rng.uniform(-400, 400, (30, 2)) + rng.uniform(-300, 300, 2)
    top = table_top(outline, rng)
    to_top = np.linalg.inv(affine(*top.centre, top.angle))
    local = _to_px(to_top, outline)
    assert (np.abs(local) <= np.array(top.half) - 100).all()


def test_spare_tombs_lie_a_cell_clear_of_the_game(table):
    """The tomb supply changes the photo only away from the tiles and their empty
    neighbours: nothing a referee must judge is touched."""
    plain = photo(table, FLAT, seed=8).image.astype(int).sum(axis=2)
    shot = photo(table, replace(FLAT, spare_pieces=25), seed=8)
    changed = np.abs(shot.image.astype(int).sum(axis=2) - plain) > 60
    assert changed.sum() > 25 * 20                   # the heap is there
    game = np.zeros(changed.shape, np.uint8)
    for t in table["tiles"]:
        # the tile and the cells around it: 150 mm square about its centre
        h = _tile_frame(shot.corners[t["id"]])
        cv2.fillConvexPoly(game, np.round(_to_px(h, [[-50, -50], [100, -50], [100, 100],
                                                      [-50, 100]])).astype(np.int32), 1)
    assert not (changed & game.astype(bool)).any()

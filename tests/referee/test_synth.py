"""The test-photo generator: deterministic, and its ground truth matches its pixels."""

from __future__ import annotations

import math
from dataclasses import replace

import cv2
import numpy as np
import pytest

from pnp.geometry.asterion.markers import tile_for_marker, tile_marks
from pnp.geometry.asterion.tile import marker_places, prisoner_points
from pnp.rules.asterion.tiles import tiles_by_id
from referee.asterion.synth import photo, simulated_table
from referee.synth import PRESETS, Conditions, with_conditions
from referee.synth.hands import hide_pieces

FLAT = Conditions(megapixels=3.0, light=0.0, shadow=False, noise=0.0, blur_sigma=0.0,
                  jpeg_quality=95)


def example_table() -> dict:
    return simulated_table(4, players=3, edition="crete", board=False)


@pytest.fixture(scope="module")
def table() -> dict:
    return example_table()


def _tile_frame(corners: np.ndarray) -> np.ndarray:
    """Tile frame mm (upright, top-left origin) -> photo px, from the tile's corners."""
    frame = np.float32([[0, 0], [50, 0], [50, 50], [0, 50]])
    return cv2.getPerspectiveTransform(frame, np.float32(corners))


def _to_px(h: np.ndarray, points) -> np.ndarray:
    return cv2.perspectiveTransform(np.float32(points).reshape(-1, 1, 2), h).reshape(-1, 2)


def test_the_tables_grain_streaks_are_np_interps_own_values():
    # table._streaks reads np.interp's values without its search: bit for bit the same,
    # in every cell, on a knot, past the last knot and where the modulo wraps
    from referee.synth import table as top

    rng = np.random.default_rng(3)
    g = rng.uniform(-9e4, 9e4, 20000).astype(np.float32)
    g[:6] = [0.0, -1e-30, 9.0 * 8191, 9.0 * 8191.5, 9.0 * 8192 - 1e-3, 9.0 * 17]
    knots = np.random.default_rng(7).standard_normal(8192).astype(np.float32)
    want = np.interp(np.mod(g / 9.0, 8192), np.arange(8192), knots).astype(np.float32)
    got = top._streaks(g, 9.0, np.random.default_rng(7))
    assert got.dtype == np.float32 and np.array_equal(got.view(np.uint32), want.view(np.uint32))


def test_the_same_seed_gives_the_same_photo(table):
    import referee.synth.photo as synth_photo

    a = photo(table, PRESETS["3mp"], seed=5)
    kept = photo(table, PRESETS["3mp"], seed=5)       # its table top kept from a
    synth_photo._TABLES.clear()                         # ... and made anew
    b = photo(table, PRESETS["3mp"], seed=5)
    c = photo(table, PRESETS["3mp"], seed=6)
    assert a.jpeg == b.jpeg == kept.jpeg
    assert a.jpeg != c.jpeg
    assert a.image.shape[:2] in ((1512, 2016), (2016, 1512))


DECODE_CASES = [(d, m) for d in (0.0, -0.04) for m in ("classic", "discreet")]


# each lens and each print once; all four in benchmarks/regression_sweeps.py
@pytest.mark.parametrize(("distortion", "marks"), [(0.0, "classic"), (-0.04, "discreet")])
def test_markers_decode_where_the_tile_corners_put_them(table, distortion, marks):
    """Each decoded marker's centre is where its tile's true corners say, within a pixel or
    so, with or without lens distortion (the corners are distorted with the photo)."""
    shot = photo(table, replace(FLAT, distortion=distortion), seed=1, marks=marks)
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_250))
    corners, ids, _ = detector.detectMarkers(cv2.cvtColor(shot.image, cv2.COLOR_BGR2GRAY))
    found = 0
    for quad, marker_id in zip(corners, ids.ravel(), strict=True):
        owner = tile_for_marker(int(marker_id))
        if owner is None:
            continue
        tile_id, _corner = owner
        m = next(place for place, i in tile_marks(tile_id, marks) if i == marker_id)
        expected = _to_px(_tile_frame(shot.corners[tile_id]),
                          [[m.x + m.size / 2, m.y + m.size / 2]])[0]
        assert np.linalg.norm(quad.reshape(4, 2).mean(axis=0) - expected) < 1.5, marker_id
        found += 1
    assert found >= 0.95 * len(marker_places(marks)) * len(table["tiles"])


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


FINGER_CASES = [(seed, m) for seed in (4, 9, 13) for m in ("classic", "discreet")]


# a seed for each print; all six in benchmarks/regression_sweeps.py
@pytest.mark.parametrize(("seed", "marks"), [(4, "classic"), (9, "discreet")])
def test_fingers_cover_exactly_the_markers_they_list(table, seed, marks):
    """No skin shows on a marker that is not listed; a listed one has skin on it or within
    2 mm (the list takes in the finger's soft fringe, 1.2 mm, which is too faint to pass
    for skin)."""
    shot = photo(table, replace(FLAT, fingers=2), seed=seed, marks=marks)
    assert shot.covered_markers
    hsv = cv2.cvtColor(shot.image, cv2.COLOR_BGR2HSV)
    # skin of any tone: a warm, saturated hue (tile fills are pale, markers grey)
    skin = ((hsv[..., 0] < 25) & (hsv[..., 1] > 80) & (hsv[..., 2] > 40)).astype(np.uint8)
    for t in table["tiles"]:
        h = _tile_frame(shot.corners[t["id"]])
        px_per_mm = float(np.linalg.norm(np.diff(shot.corners[t["id"]][:2], axis=0))) / 50
        reach = 2 * math.ceil(2.0 * px_per_mm) + 1
        for m, marker_id in tile_marks(t["id"], marks):
            quad = _to_px(h, [[m.x, m.y], [m.x + m.size, m.y], [m.x + m.size, m.y + m.size],
                              [m.x, m.y + m.size]])
            mask = np.zeros(skin.shape, np.uint8)
            cv2.fillConvexPoly(mask, np.round(quad).astype(np.int32), 1)
            if marker_id in shot.covered_markers:
                near = cv2.dilate(mask, np.ones((reach, reach), np.uint8))
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


# --- the conditions of real tables: tables, room light, framing, hidden pieces ------------

def _top_down(size=(800, 600), ppm=2.0):
    """px -> table mm for a camera straight above, `ppm` px per mm, table centre in the
    middle; and a table top much larger than the view."""
    from referee.synth.table import TableTop

    w, h = size
    px_to_table = np.array([[1 / ppm, 0, -w / 2 / ppm], [0, 1 / ppm, -h / 2 / ppm], [0, 0, 1]])
    return px_to_table, TableTop((0.0, 0.0), (900.0, 600.0), 10.0)


def _cell_contrast(image: np.ndarray, ppm: float = 2.0) -> float:
    """Median over 34 mm windows (an empty cell's middle, as the referee sees it) of the
    lightness spread (95th - 5th percentile) against the bright level."""
    grey = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    n = int(34 * ppm)
    spreads = []
    for y in range(0, grey.shape[0] - n, n):
        for x in range(0, grey.shape[1] - n, n):
            lo, hi = np.percentile(grey[y:y + n, x:x + n], [5, 95])
            spreads.append(float((hi - lo) / hi))
    return float(np.median(spreads))


@pytest.mark.parametrize("kind", ["grain", "check", "pattern"])
def test_patterned_tables_are_bold_where_plain_ones_are_not(kind):
    """The new table tops carry dark lines and bold shapes at the scale of a cell, which
    the plain ones (wood, cloth, light) do not; same seed, same table."""
    from referee.synth.table import texture

    px_to_table, top = _top_down()
    plain = [texture(k, (800, 600), np.random.default_rng(3), px_to_table, top)
             for k in ("wood", "cloth", "light")]
    bold = [texture(kind, (800, 600), np.random.default_rng(s), px_to_table, top)
            for s in range(4)]
    assert max(_cell_contrast(p) for p in plain) < 0.2
    assert min(_cell_contrast(b) for b in bold) > 0.3
    again = texture(kind, (800, 600), np.random.default_rng(0), px_to_table, top)
    assert np.array_equal(again, bold[0])


def _phone_on_grey(**changes) -> np.ndarray:
    """The phone's light alone on a flat mid-grey scene: no noise, blur or unevenness."""
    from referee.synth.phone import phone

    cond = replace(FLAT, light=0.0, shadow=False, **changes)
    grey = np.full((400, 600, 3), 128, np.uint8)
    rngs = [np.random.default_rng(k) for k in range(3)]
    return phone(grey, cond, rngs[0], rngs[1], np.array([[300.0, 200.0]]), rngs[2])


def test_room_light_colours_the_photo():
    centre = (slice(150, 250), slice(250, 350))
    neutral = _phone_on_grey()[centre].reshape(-1, 3).mean(axis=0)
    warm = _phone_on_grey(room_light="warm")[centre].reshape(-1, 3).mean(axis=0)
    cool = _phone_on_grey(room_light="cool")[centre].reshape(-1, 3).mean(axis=0)
    wrong = _phone_on_grey(room_light="wrong-wb")[centre].reshape(-1, 3).mean(axis=0)
    dim = _phone_on_grey(exposure=0.5)[centre].reshape(-1, 3).mean(axis=0)
    b, r = 0, 2
    # neutral: the phone's usual small cast only
    assert abs(neutral[b] / neutral[r] - 1) < 0.15
    assert warm[b] / warm[r] < 0.8 and cool[r] / cool[b] < 0.9
    assert np.ptp(wrong / neutral) > 0.05
    assert 0.4 < dim.mean() / neutral.mean() < 0.6
    # mixed: warm on one side of the frame, cool on the other
    mixed = _phone_on_grey(room_light="mixed").astype(np.float32)
    ratio = mixed[..., b] / np.maximum(mixed[..., r], 1)
    assert ratio.max() - ratio.min() > 0.2
    # the neutral photo is unchanged by the new options' defaults (old photos stay)
    assert np.array_equal(_phone_on_grey(room_light="neutral", exposure=1.0),
                          _phone_on_grey())


def test_loose_framing_fills_half_the_frame(table):
    for fill in (0.8, 0.5):
        shot = photo(table, replace(FLAT, fill=fill), seed=3)
        pts = np.concatenate(list(shot.corners.values()))
        extent = np.ptp(pts, axis=0)
        h, w = shot.image.shape[:2]
        share = max(extent[0] / w, extent[1] / h)
        assert fill - 0.12 < share < fill + 0.05, (fill, share)


def _decoded(image: np.ndarray) -> set[int]:
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_250))
    _, ids, _ = detector.detectMarkers(cv2.cvtColor(image, cv2.COLOR_BGR2GRAY))
    return set() if ids is None else {int(i) for i in ids.ravel()}


HIDDEN_CASES = [(seed, m) for seed in (1, 2) for m in ("classic", "discreet")]


# a seed for each print; all four in benchmarks/regression_sweeps.py
@pytest.mark.parametrize(("seed", "marks"), [(1, "classic"), (2, "discreet")])
def test_a_hidden_tile_has_a_finger_on_each_marker(table, seed, marks):
    shot = photo(table, replace(FLAT, hidden_pieces=1), seed=seed, marks=marks)
    assert len(shot.hidden) == 1
    ids = {i for _place, i in tile_marks(shot.hidden[0], marks)}
    assert ids <= shot.covered_markers
    seen = _decoded(shot.image)
    assert not ids & seen
    # fingers lie outwards: the other markers the same photo shows without them still read
    # (the camera is the same: the fingers draw on their own random stream)
    plain = _decoded(photo(table, FLAT, seed=seed, marks=marks).image)
    assert len(plain) > 10
    assert len(plain - shot.covered_markers - seen) <= 2


@pytest.mark.parametrize("direction", [0.0, 90.0, 200.0])
def test_a_finger_on_a_pieces_one_marker_points_away_from_the_piece(direction):
    # a piece of one marker (the discreet Asterion print): its markers' middle is the marker
    # itself, so only the piece's centre says which way is out (its finger lay across the
    # piece, at random, before: the hidden preset)
    a = math.radians(direction)
    centre = np.array([100.0, 50.0])
    mark = centre + 18.0 * np.array([math.cos(a), math.sin(a)])
    quads = {7: mark + np.array([[-4.3, -4.3], [4.3, -4.3], [4.3, 4.3], [-4.3, 4.3]])}
    for seed in range(5):
        fingers, covered, hidden = hide_pieces(1, quads, {"T": (7,)},
                                               np.random.default_rng(seed), {"T": centre})
        assert hidden == ("T",) and covered == {7}
        (finger,) = fingers
        body = finger.outline().mean(axis=0)
        # the finger's body lies beyond its marker, seen from the piece's centre
        assert np.dot(body - mark, mark - centre) > 0
        assert np.linalg.norm(body - centre) > np.linalg.norm(mark - centre)


@pytest.mark.parametrize("marks", ["classic", "discreet"])
def test_stray_tombs_lie_on_one_tiles_markers_and_more(table, marks):
    shot = photo(table, FLAT, seed=4, stray_tombs=3, marks=marks)
    plain = photo(table, FLAT, seed=4, marks=marks)
    per_tile = len(marker_places(marks))
    assert len(shot.covered_markers) == per_tile + 2 and not plain.covered_markers
    by_tile: dict[str, int] = {}
    for i in shot.covered_markers:
        owner = tile_for_marker(i)
        by_tile[owner[0]] = by_tile.get(owner[0], 0) + 1
    assert per_tile in by_tile.values()               # every marker of one tile
    assert not shot.covered_markers & _decoded(shot.image)


def test_the_kit_has_every_condition_at_its_resolution_and_board():
    from referee.asterion.evaluate import AsterionAccuracy

    kit = AsterionAccuracy()
    assert {"grain", "check", "pattern", "warm", "cool", "mixed-light", "white-balance",
            "dim", "loose", "hidden", "board-3mp", "stray-tombs"} <= set(kit.presets)
    rows = [kit.design(i) for i in range(8 * len(kit.presets))]
    board_3mp = [r for r in rows if r[0] == "board-3mp"]
    assert board_3mp and all(mp == 3.0 and board for _, mp, board, _ in board_3mp)
    warm = [r for r in rows if r[0] == "warm"]
    assert {mp for _, mp, _, _ in warm} == {12.0, 3.0}
    assert {board for _, _, board, _ in warm} == {True, False}


def test_the_art_only_case_covers_every_tiles_every_mark():
    from pnp.geometry.asterion.markers import tile_marks
    from referee.asterion.evaluate import AsterionAccuracy

    kit = AsterionAccuracy(marks="discreet")
    assert "art-only" in kit.extras and "art-only" not in kit.presets
    case = kit.extra_case("art-only", 0, 190_000)
    shot = kit.photograph(case, 190_000)
    marks = {i for t in case.truth["tiles"] for _, i in tile_marks(t["id"], "discreet")}
    assert case.options["board"] and case.megapixels == 12.0
    assert shot.covered_markers == marks
    assert not _decoded(shot.image) & marks

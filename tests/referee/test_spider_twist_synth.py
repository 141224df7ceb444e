"""Spider Twist's scene for the photo generator: deterministic, its truth a legal state, and
its ground truth matching its pixels (markers where the board puts them, tokens where the
state puts them)."""

from __future__ import annotations

from dataclasses import replace

import cv2
import numpy as np
import pytest

import referee.synth.photo as synth_photo
from pnp.geometry import spider_twist as geometry
from pnp.rules.spider_twist.read import read_state
from referee.spider_twist.synth import node_points, photo, simulated_state
from referee.synth import PRESETS, Conditions, transform

FLAT = Conditions(megapixels=3.0, tilt_deg=25.0, light=0.0, shadow=False, noise=0.0,
                  blur_sigma=0.0, jpeg_quality=95, jitter_mm=0.0)


@pytest.fixture(scope="module")
def state() -> dict:
    return simulated_state(11, "rings")


def test_random_states_are_legal_and_the_same_per_seed():
    for seed in range(6):
        for web in ("rings", "spiral"):
            data = simulated_state(seed, web)
            assert data == simulated_state(seed, web)
            read_state(data)                          # raises if the rules refuse it
            assert data["web"] == web


def test_the_same_seed_gives_the_same_photo(state):
    a = photo(state, FLAT, seed=5)
    synth_photo._TABLES.clear()                 # b's table top made anew, not kept from a
    b = photo(state, FLAT, seed=5)
    assert a.jpeg == b.jpeg
    assert a.truth == state


def test_markers_decode_where_the_board_puts_them(state):
    shot = photo(state, FLAT, seed=2)
    detector = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_250))
    corners, ids, _ = detector.detectMarkers(cv2.cvtColor(shot.image, cv2.COLOR_BGR2GRAY))
    places = {m.id: m for m in geometry.board_markers("rings")}
    seen = {int(i): q.reshape(4, 2) for q, i in zip(corners, ids.ravel(), strict=True)}
    assert set(places) <= set(seen)
    for marker_id, m in places.items():
        expected = transform(shot.homography, np.array(m.corners))
        assert np.abs(seen[marker_id] - expected).max() < 2.0, marker_id


def test_tokens_lie_on_their_nodes(state):
    """With no jitter each male's outline is centred on his node, the female's on hers."""
    shot = photo(state, FLAT, seed=3)
    points = node_points(state, shot)
    for m in state["males"]:
        centre = shot.corners[m["node"]].mean(axis=0)
        assert np.linalg.norm(centre - points[m["node"]]) < 1.5
    assert np.linalg.norm(shot.corners["female"].mean(axis=0) - points[state["female"]]) < 1.5
    if state["die"] is not None:
        assert "die" in shot.corners
    # the areas hold as many males as the state says
    for colour in ("white", "black"):
        for kind in ("mated", "eaten"):
            n = sum(name.startswith(f"{colour}-{kind}-") for name in shot.corners)
            assert n == state[kind][colour]


def test_the_default_hand_puts_males_up_to_a_third_off_never_on_each_other():
    """Tokens may lie up to a third of their width off their node; the default
    jitter reaches that (and no further), and no male lies on another (they are card).
    Two games: each reaches the third, and their males lie closest of seeds 20-23."""
    s = geometry.spec()
    centres = geometry.node_centres("rings")
    offs, gaps = [], []
    for seed in (1, 2):
        st = simulated_state(20 + seed, "rings")
        shot = photo(st, Conditions(megapixels=3.0), seed)
        inv = np.linalg.inv(shot.homography)
        at = {m["node"]: transform(inv, shot.corners[m["node"]]).mean(axis=0)
              for m in st["males"]}
        offs += [float(np.hypot(*(at[n] - centres[n]))) for n in at]
        gaps += [float(np.hypot(*(at[a] - at[b]))) for a in at for b in at if a < b]
    third = s.male * s.off_node
    assert max(offs) <= third + 0.3 and max(offs) > 0.8 * third
    assert sum(o > s.male / 4 for o in offs) >= 3       # beyond the old quarter
    assert sum(g < 1.5 * s.male for g in gaps) >= 2     # males laid close are checked
    assert min(gaps) >= s.male


def test_a_phone_framed_camera_keeps_its_principal_point_at_the_centre():
    """`Conditions.centred_lens` frames the table as a phone does (zoom, and the phone
    moved sideways): the camera the referee recovers from the board's plane, assuming a
    central principal point, is then the generator's own; the default (a crop) is not."""
    from referee.pose import camera_pose
    from referee.synth.camera import camera, frame_size

    cond = replace(PRESETS["default"], tilt_deg=30.0, megapixels=3.0, fill=0.5)
    outline = np.array([[-150.0, -100.0], [150.0, -100.0], [150.0, 100.0], [-150.0, 100.0]])
    size = frame_size(3.0, portrait=False)
    errors = {}
    for centred in (False, True):
        view = camera(outline, size, replace(cond, centred_lens=centred),
                      np.random.default_rng(7))
        pose = camera_pose(np.asarray(view), size)
        # where the recovered camera sees a point 16 mm up (a die's top) against the truth
        truth = np.asarray(view, float).copy()
        truth[:, 2] += 16.0 * np.asarray(view.up, float)
        want = truth @ np.array([40.0, 30.0, 1.0])
        got = pose.lifted(np.asarray(view), 16.0) @ np.array([40.0, 30.0, 1.0])
        errors[centred] = float(np.hypot(*(want[:2] / want[2] - got[:2] / got[2])))
        seen = np.c_[outline, np.ones(4)] @ np.asarray(view).T
        seen = seen[:, :2] / seen[:, 2:]
        assert (seen >= 0).all() and (seen <= np.array(size)).all()      # in the frame
    assert errors[True] < 0.5 < errors[False], errors


def _leaning_away(state: dict, cond: Conditions, seed: int) -> tuple[str, str]:
    """A female's node and the node next to hers (17.5 mm) that lies most nearly straight
    away from the lens of photo `seed`: where a die on her leans in the photo."""
    from referee.synth.photo import photo_camera
    from referee.synth.solids import camera_centre

    lens = camera_centre(photo_camera(np.array(geometry.outline(), float), cond, seed))[:2]
    centres = {n: np.array(c, float) for n, c in geometry.node_centres(state["web"]).items()}

    def away(pair: tuple[str, str]) -> float:
        step, out = centres[pair[1]] - centres[pair[0]], centres[pair[0]] - lens
        return float(step @ out / np.hypot(*step) / np.hypot(*out))

    pairs = [(a, b) for a in centres for b in centres
             if a != b and np.hypot(*(centres[a] - centres[b])) < 20.0]
    return max(pairs, key=away)


def test_the_die_leaning_over_a_neighbour_is_known_from_the_layout():
    """A 14 mm die on the female seen at 35 degrees leans over the male next to her,
    straight away from the lens: he is marked hidden; seen straight down, the same die
    hides nobody. The hiding is worked out from the photo's own seeded hand and camera
    (no JPEG needed), and that camera is the photo's."""
    from referee.spider_twist.synth import Pieces, die_cover, die_hides
    from referee.synth.photo import photo_camera

    die = Pieces(die_mm=(14.0, 14.0))
    tilted = replace(FLAT, tilt_deg=35.0, table_rotation=False)
    state = simulated_state(12, "rings")
    female, male = _leaning_away(state, tilted, 4)
    state = {**state, "female": female, "die": 6,
             "males": [{"node": male, "colour": "white", "done": False}]}
    assert die_hides(state, tilted, 4, pieces=die) == (male,)
    face, _middle = die_cover(state, tilted, 4, pieces=die)[male]
    assert face >= 0.1
    assert die_hides(state, replace(tilted, tilt_deg=0.0), 4, pieces=die) == ()
    assert die_hides({**state, "die": None}, tilted, 4, pieces=die) == ()
    shot = photo(state, tilted, 4, pieces=die)
    assert np.allclose(photo_camera(np.array(geometry.outline(), float), tilted, 4),
                       shot.homography)

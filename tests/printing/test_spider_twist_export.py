"""`pnp export spider-twist`: a PNG of every face and a manifest whose node centres and
marker places (mm on each side's image) are the geometry's, and are where the image has
them."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest
from PIL import Image

from pnp.geometry import spider_twist as geometry
from pnp.printing.build import BuildRequest
from pnp.printing.export import export
from pnp.printing.spider_twist import PRINTING
from pnp.rules.spider_twist import get_web

DPI = 100
SCALE = DPI / 25.4


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("spider-export")
    export(BuildRequest("spider-twist", printing=PRINTING), folder, dpi=DPI)
    return folder, json.loads((folder / "manifest.json").read_text())


def entry(manifest, component_id: str) -> dict:
    return next(c for c in manifest["components"] if c["id"] == component_id)


def test_every_face_is_written_and_listed(exported):
    folder, manifest = exported
    assert manifest["game"] == "spider-twist" and manifest["edition"] is None
    ids = [c["id"] for c in manifest["components"]]
    assert ids == ["board-rings", "board-spiral", "male-white", "male-black", "female", "die"]
    for c in manifest["components"]:
        for face in ("front", "back"):
            if face in c:
                w, h = Image.open(folder / c[face]).size
                assert abs(w - c["width_mm"] * SCALE) <= 1 and abs(h - c["height_mm"]
                                                                   * SCALE) <= 1
    assert entry(manifest, "male-white")["count"] == entry(manifest, "male-black")["count"] \
        == 10
    assert entry(manifest, "male-black")["faces"] == {"front": "picture", "back": "done"}
    spec = geometry.spec()
    assert (entry(manifest, "female")["width_mm"], entry(manifest, "male-white")["width_mm"]) \
        == (spec.female, spec.male)


@pytest.mark.parametrize("side", geometry.SIDES)
def test_manifest_node_centres_are_the_geometrys_on_the_image(exported, side):
    _folder, manifest = exported
    board = entry(manifest, f"board-{side}")
    assert board["side"] == side
    assert (board["width_mm"], board["height_mm"]) == (geometry.spec().width,
                                                        geometry.spec().height)
    assert list(board["nodes"]) == list(get_web(side).nodes)
    x0, y0, _x1, _y1 = geometry.board_box()
    for node, (x, y) in board["nodes"].items():
        gx, gy = geometry.node_centre(side, node)
        assert (x, y) == pytest.approx((gx - x0, gy - y0), abs=1e-3), node
    assert board["centre_mm"] == pytest.approx(board["nodes"]["C"])


@pytest.mark.parametrize("side", geometry.SIDES)
def test_the_image_has_a_node_at_every_listed_centre(exported, side):
    """Each node is printed as a bead with a dark core: dark at its centre, light on its
    ring just inside the rim."""
    folder, manifest = exported
    board = entry(manifest, f"board-{side}")
    image = np.array(Image.open(folder / board["front"]).convert("L")).astype(int)
    r = geometry.spec().node_radius
    for node, (x, y) in board["nodes"].items():
        if node == "C":
            continue
        core = image[round(y * SCALE), round(x * SCALE)]
        bead = image[round(y * SCALE), round((x + 0.62 * r) * SCALE)]
        assert core < 110 and bead > 200, (node, core, bead)


@pytest.mark.parametrize("side", geometry.SIDES)
def test_markers_decode_at_the_listed_places(exported, side):
    folder, manifest = exported
    board = entry(manifest, f"board-{side}")
    gray = np.array(Image.open(folder / board["front"]).convert("L"))
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_250),
        cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(gray)
    found = {int(i): q.reshape(4, 2).mean(axis=0) / SCALE
             for q, i in zip(corners, ids.ravel(), strict=True)}
    listed = {m["id"]: np.array(m["centre"]) for m in board["markers"]}
    assert sorted(found) == sorted(listed) == [m.id for m in geometry.board_markers(side)]
    for i, centre in listed.items():
        assert np.hypot(*(found[i] - centre)) < 0.5

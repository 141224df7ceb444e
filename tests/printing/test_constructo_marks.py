"""Constructo's machine marks take at most 5 % of a tile's face: the geometry, and the same
measured on the faces `pnp export constructo` writes (as Asterion's tiles are measured):
each mark's black, white and neutral pixels, its code module by module, no marker black
elsewhere."""

from __future__ import annotations

import json
import math

import cv2
import numpy as np
import pytest
from PIL import Image

from pnp.games import part
from pnp.geometry import constructo as g
from pnp.markers import dictionary_name
from pnp.printing.build import BuildRequest
from pnp.printing.constructo.marks_measure import measure_face
from pnp.printing.export import export, render_faces
from pnp.printing.mark_pixels import patches

HEXAGON = math.sqrt(3) / 2 * 60.0 ** 2            # mm2: 60 mm across flats


def build_request(**options) -> BuildRequest:
    return BuildRequest("constructo", printing=part("constructo", "printing"), **options)


@pytest.fixture(scope="module", params=[False, True], ids=["colour", "ink-saver"])
def faces(request, tmp_path_factory):
    """Every tile front, exported at 200 dpi: (tile number, RGB array)."""
    folder = tmp_path_factory.mktemp("faces")
    export(build_request(ink_saver=request.param), folder, dpi=200)
    manifest = json.loads((folder / "manifest.json").read_text())
    return [(int(e["id"].split("-")[1]), np.asarray(Image.open(folder / e["front"])
                                                   .convert("RGB")))
            for e in manifest["components"] if e["kind"] == "tile"]


def test_the_geometry_keeps_the_marks_under_5_percent_of_the_face():
    spec = g.tile_spec()
    side = (spec.modules + 2) * spec.module          # the marker and its quiet zone
    assert g.marks_share() == pytest.approx(3 * side ** 2 / HEXAGON)
    assert g.marks_share() <= 0.05


def test_every_exported_tile_measures_its_three_marks_under_5_percent(faces):
    assert [n for n, _image in faces] == list(g.tile_numbers())
    for number, image in faces:
        marks = measure_face(image, number)
        assert len(marks.areas) == 3, number
        assert marks.share <= 0.05, (number, marks.share)
        assert marks.share == pytest.approx(g.marks_share(), abs=0.002), number
        # inside the quiet zones, the code's black and white, module by module
        assert marks.checked > 4000 and marks.mismatched == 0, number
        # and no marker black anywhere else on the face
        assert marks.stray_black == 0, number


def test_the_measure_sees_a_larger_mark_and_stray_black():
    """A white margin printed for the E marker on its inner side (2 mm) counts as mark;
    a black square elsewhere on the face is stray black."""
    _stem, image = next(iter(render_faces(build_request(), 200)))
    face = np.asarray(image.convert("RGB")).copy()
    plain = measure_face(face, 1)
    px = face.shape[0] / 60.0
    quiet = np.array(next(p for p in g.marker_places() if p.corner == "E").quiet) * px
    quiet += np.array(face.shape[1::-1]) / 2
    x0, y0 = quiet.min(axis=0)
    y1 = quiet.max(axis=0)[1]
    grown = face.copy()
    grown[round(y0):round(y1), round(x0 - 2 * px):round(x0)] = 255
    assert measure_face(grown, 1).share == pytest.approx(plain.share + 2 * 7.02 / HEXAGON,
                                                         abs=0.001)
    stray = face.copy()
    mid = np.array(face.shape[:2]) // 2
    stray[mid[0]:mid[0] + round(3 * px), mid[1]:mid[1] + round(3 * px)] = 0
    assert measure_face(stray, 1).stray_black > plain.stray_black


def test_patches_are_four_connected():
    mask = np.array([[1, 0, 1],
                     [1, 0, 0],
                     [0, 1, 1]], bool)
    found = sorted(sum(b - a for _r, a, b in runs) for runs in patches(mask))
    assert found == [1, 2, 2]


@pytest.mark.parametrize("dpi", [200, 150])
def test_every_mark_still_decodes_from_a_small_render(dpi):
    """At 200 dpi (6.1 px a module) and 150 dpi (4.6 px) every tile's three markers
    decode, and only its own (the face on a grey table, not on white paper)."""
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary_name()))
    detector = cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())
    for stem, image in render_faces(build_request(), dpi):
        if not stem.startswith("tile-") or stem.endswith("-back"):
            continue
        grey = cv2.cvtColor(np.asarray(image.convert("RGB")), cv2.COLOR_RGB2GRAY)
        grey = cv2.copyMakeBorder(np.where(_on_hexagon(grey.shape), grey, 120).astype(np.uint8),
                                  20, 20, 20, 20, cv2.BORDER_CONSTANT, value=120)
        _corners, ids, _ = detector.detectMarkers(grey)
        number = int(stem.split("-")[1])
        assert ids is not None and sorted(ids.ravel()) == list(g.tile_marker_ids(number)), stem


def _on_hexagon(shape: tuple[int, int]) -> np.ndarray:
    """The face's pixels on the tile (the cut box's corners are paper)."""
    h, w = shape
    px = h / 60.0
    outline = np.array(g.hex_outline(), float) * px + np.array([w / 2, h / 2])
    mask = np.zeros(shape, np.uint8)
    cv2.fillPoly(mask, [np.round(outline).astype(np.int32)], 1)
    return mask > 0

"""Asterion's machine marks (at most 5 % of the face in the discreet print): both designs,
measured on the exported tile faces.

"classic" (the first print: two 15.4 mm markers) and "discreet" (one 8.54 mm marker in the
SW corner, at most 5 % of the face with its quiet zone) are both in layouts/asterion.toml;
`BuildRequest.marks` chooses one for a build or an export, the layout's `print` key otherwise.
"""

from __future__ import annotations

import json
import math

import cv2
import numpy as np
import pytest
from PIL import Image

from pnp.geometry.asterion import tile as art
from pnp.geometry.asterion.markers import tile_for_marker, tile_marker_ids
from pnp.markers import dictionary_name
from pnp.printing.asterion import PRINTING
from pnp.printing.asterion.marks_measure import measure_face
from pnp.printing.build import BuildRequest
from pnp.printing.export import render_faces
from pnp.rules.asterion.tiles import catalogue, load_tileset
from tests.printing.test_art import point_box_distance, samples

DESIGNS = ("classic", "discreet")
EDITIONS = ("crete", "revised")
SIZE = art.tile_spec().size


def request(edition: str, design: str | None, **options) -> BuildRequest:
    return BuildRequest("asterion", edition, printing=PRINTING, marks=design, **options)


def detector() -> cv2.aruco.ArucoDetector:
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary_name()))
    return cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())


# --- the geometry --------------------------------------------------------------------------

def test_the_layout_prints_one_design_by_default_and_knows_both():
    printed = art.printed_marks()
    assert printed in DESIGNS
    assert art.mark_designs() == DESIGNS
    assert art.tile_spec() == art.tile_spec(printed)
    assert art.marker_places() == art.marker_places(printed)
    assert art.marker_places("classic") != art.marker_places("discreet")


def test_discreet_marks_cover_at_most_5_percent_and_classic_about_a_third():
    assert art.marks_share("discreet") <= 0.05
    assert art.marks_share("classic") == pytest.approx(2 * 19.8 ** 2 / 2500)
    assert art.tile_spec("discreet").marker_size == pytest.approx(8.54)
    # one mark of at most 11 mm, quiet zone included: 4.8 % of the face
    (x0, y0, x1, y1), = art.quiet_boxes("discreet")
    assert x1 - x0 == pytest.approx(y1 - y0) and x1 - x0 <= 11.0


@pytest.mark.parametrize("design", DESIGNS)
def test_quiet_zones_lie_inside_the_tile_clear_of_corridors_icons_id_and_horns(design):
    boxes = art.quiet_boxes(design)
    corners = {"classic": ["NE", "SW"], "discreet": ["SW"]}[design]
    assert [p.corner for p in art.marker_places(design)] == corners
    for box in boxes:
        assert min(box[0], box[1], SIZE - box[2], SIZE - box[3]) > 0.3
    half_path = art.tile_spec().path_width / 2 + art.tile_spec().path_outline
    half_icon = art.tile_spec().icon / 2
    for tile in catalogue():
        for region in art.region_art(tile):
            for stroke in region.strokes:
                for point in samples(stroke):
                    assert all(point_box_distance(point, b) >= half_path for b in boxes)
            for feature in region.features:
                if feature.kind != "asterion":
                    assert all(point_box_distance(feature.at, b) >= half_icon * math.sqrt(2)
                               or design == "classic" for b in boxes), (tile.id, feature)
    for anchor in (art.id_anchor(), art.horns_anchor()):
        assert all(point_box_distance(anchor, b) > 5.0 for b in boxes)


def test_two_markers_name_the_two_mark_design_and_one_mark_has_no_spread():
    classic = art.marker_spread("classic")
    assert classic == pytest.approx(2.68, abs=0.01)
    assert art.marker_spread("discreet") is None
    # a photo measures the spread with some error: either way it names the two-mark print
    for error in (0.5, 1.0, 3.0):
        assert art.design_from_spread(classic * error) == "classic"


def test_a_design_prints_some_of_the_classic_corners_in_their_order(monkeypatch):
    from pnp import layouts

    data = layouts.load("asterion")
    bad = {**data, "markers": {**data["markers"],
                               "discreet": {**data["markers"]["discreet"],
                                            "corners": ["SW", "NE"]}}}
    monkeypatch.setattr(layouts, "load", lambda name: bad if name == "asterion"
                        else data)
    art.tile_spec.cache_clear()
    try:
        with pytest.raises(ValueError, match="corners must be some of"):
            art.tile_spec("discreet")
    finally:
        art.tile_spec.cache_clear()


def test_an_unknown_design_is_a_one_line_error():
    with pytest.raises(ValueError, match=r"unknown tile marks 'tiny'.*classic, discreet"):
        art.marker_places("tiny")


# --- measured on the exported faces --------------------------------------------------------

@pytest.fixture(scope="module")
def exports(asterion_faces):
    """Crete's faces in both designs, exported as `pnp export` writes them (once a run: the
    referee's tests read these too)."""
    return {design: asterion_faces("crete", design, 200) for design in DESIGNS}


def tile_faces(folder):
    manifest = json.loads((folder / "manifest.json").read_text())
    for entry in manifest["components"]:
        if entry["kind"] == "tile":
            yield entry["id"], np.asarray(Image.open(folder / entry["front"]).convert("RGB"))


def drawn_tiles(edition: str, design: str, ink_saver: bool = False) -> dict[str, np.ndarray]:
    """Tile id -> its face at 200 dpi: the drawing `pnp export` writes losslessly to PNG,
    in memory (exporting it too would only add the PNGs' encoding and decoding)."""
    tiles = set(load_tileset(edition))
    return {stem: np.asarray(image) for stem, image in
            render_faces(request(edition, design, ink_saver=ink_saver), 200) if stem in tiles}


def every_tile(exports, edition: str, design: str) -> dict[str, np.ndarray]:
    """Tile id -> face: Crete's as exported, the revised edition's as drawn for export."""
    if edition == "crete":
        return dict(tile_faces(exports[design]))
    return drawn_tiles(edition, design)


@pytest.mark.parametrize("design", DESIGNS)
def test_the_export_manifest_names_the_design(exports, design):
    assert json.loads((exports[design] / "manifest.json").read_text())["tile_marks"] == design


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("design", DESIGNS)
def test_measured_share_of_marks_on_every_exported_tile(exports, edition, design):
    geometry = art.quiet_boxes(design)
    px = 1 / (200 / 25.4)
    seen = []
    for tile_id, image in every_tile(exports, edition, design).items():
        marks = measure_face(image, tile_id, design)
        # its marks, where the geometry puts them, no larger (1.5 px of anti-aliasing)
        assert len(marks.boxes) == len(geometry), tile_id
        for measured, box in zip(marks.boxes, sorted(geometry), strict=True):
            assert np.allclose(measured, box, atol=1.5 * px), (tile_id, measured, box)
        assert marks.share == pytest.approx(art.marks_share(design), abs=0.004)
        # inside the quiet zones, the code's black and white, module by module
        assert marks.checked > 4000 and marks.mismatched == 0, tile_id
        # and no marker black anywhere else on the face
        assert marks.stray_black == 0, tile_id
        seen.append(tile_id)
        if design == "discreet":
            assert marks.share <= 0.05, (tile_id, marks.share)
    assert sorted(seen) == sorted(load_tileset(edition))


@pytest.mark.parametrize("design", DESIGNS)
def test_without_its_marks_a_face_holds_nothing_a_detector_reads(exports, design):
    """Paint the quiet zones over with the wall's colour: no marker is left on the face."""
    find = detector()
    for tile_id, image in tile_faces(exports[design]):
        face = image.copy()
        scale = face.shape[1] / SIZE
        wall = face[int(25 * scale) - 2, 3]     # the west edge's wall (or a corridor)
        for x0, y0, x1, y1 in art.quiet_boxes(design):
            face[int(y0 * scale) - 2:int(y1 * scale) + 3,
                 int(x0 * scale) - 2:int(x1 * scale) + 3] = wall
        grey = cv2.copyMakeBorder(cv2.cvtColor(face, cv2.COLOR_RGB2GRAY), 20, 20, 20, 20,
                                  cv2.BORDER_CONSTANT, value=255)
        _corners, ids, _rejected = find.detectMarkers(grey)
        assert ids is None or len(ids) == 0, (tile_id, ids)   # OpenCV 5: empty, not None


def test_backs_carry_no_marks(exports):
    folder = exports["discreet"]
    for colour in ("Y01", "M"):
        back = np.asarray(Image.open(folder / f"{colour}-back.png").convert("RGB"))
        assert (back.max(axis=2) <= 40).sum() == 0


# --- decoding ------------------------------------------------------------------------------

def decoded(edition: str, design: str, dpi: int) -> dict[str, dict[str, np.ndarray]]:
    """Tile id -> corner -> the decoded marker's four corners (mm, tile frame)."""
    find = detector()
    tiles = set(load_tileset(edition))
    out: dict[str, dict[str, np.ndarray]] = {}
    for stem, image in render_faces(request(edition, design), dpi):
        if stem not in tiles:
            continue
        grey = cv2.copyMakeBorder(cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2GRAY),
                                  20, 20, 20, 20, cv2.BORDER_CONSTANT, value=255)
        corners, ids, _ = find.detectMarkers(grey)
        out[stem] = {}
        for quad, marker_id in zip(corners, [] if ids is None else ids.ravel(), strict=True):
            owner = tile_for_marker(int(marker_id))
            assert owner is not None and owner[0] == stem, (stem, marker_id)
            out[stem][owner[1]] = (quad.reshape(4, 2) - 20) / (dpi / 25.4)
    return out


@pytest.mark.parametrize("edition", EDITIONS)
@pytest.mark.parametrize("dpi", [300, 150])
def test_discreet_markers_decode_where_the_geometry_puts_them(edition, dpi):
    """At 300 dpi (14 px a module) and 150 dpi (7 px) every tile's one marker decodes, at
    its place within 0.2 mm, and no other (no NE marker: that tells the print).
    (benchmarks/marks_share.py decodes at lower resolutions too.)"""
    places = {p.corner: p for p in art.marker_places("discreet")}
    found = decoded(edition, "discreet", dpi)
    assert sorted(found) == sorted(load_tileset(edition))
    for tile_id, corners in found.items():
        assert set(corners) == {"SW"}, tile_id
        for corner, quad in corners.items():
            p = places[corner]
            expected = np.array([(p.x, p.y), (p.x + p.size, p.y), (p.x + p.size, p.y + p.size),
                                 (p.x, p.y + p.size)])
            assert np.abs(quad - expected).max() < 0.2, (tile_id, corner)


def test_classic_spread_is_read_as_classic():
    found = decoded("revised", "classic", 100)
    for tile_id in ("M", "Y01", "G17"):
        corners = found[tile_id]
        side = np.linalg.norm(corners["NE"][1] - corners["NE"][0])
        spread = np.linalg.norm(corners["NE"].mean(0) - corners["SW"].mean(0)) / side
        assert art.design_from_spread(spread) == "classic"


def test_same_ids_in_both_designs():
    assert tile_marker_ids("Y01") == (2, 3)
    assert tile_marker_ids("M") == (0, 1)


def test_ink_saver_discreet_marks_measure_the_same():
    """Ink saver: pale walls and white corridors; the mark is still 4.8-4.9 % and only
    it carries marker black (a wing's outline may leave one dark pixel)."""
    faces = drawn_tiles("crete", "discreet", ink_saver=True)
    assert sorted(faces) == sorted(load_tileset("crete"))
    for tile_id, image in faces.items():
        marks = measure_face(image, tile_id, "discreet")
        assert len(marks.boxes) == 1 and marks.share <= 0.05, tile_id
        assert marks.mismatched == 0 and marks.stray_black <= 1, tile_id

"""Tile art geometry: corridors and icons keep clear of the markers' quiet zones."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.geometry.asterion import tile as art
from pnp.geometry.asterion.markers import tile_for_marker, tile_marker_ids, tile_marks
from pnp.markers import marker_bits
from pnp.printing import pen
from pnp.printing.asterion.draw import draw_tile_front
from pnp.printing.asterion.style import asterion_style
from pnp.printing.style import register_fonts
from pnp.rules.asterion.tiles import catalogue

SPEC = art.tile_spec()
TILES = catalogue()


DESIGNS = ("classic", "discreet")


def quiet_zones() -> list[tuple[float, float, float, float]]:
    """Every marker's square with its quiet zone, in both mark designs (a tile's art is the
    same in either)."""
    zones = []
    for design in DESIGNS:
        m = art.tile_spec(design).marker_module
        zones += [(p.x - m, p.y - m, p.x + p.size + m, p.y + p.size + m)
                  for p in art.marker_places(design)]
    return zones


def point_box_distance(point, box) -> float:
    dx = max(box[0] - point[0], 0, point[0] - box[2])
    dy = max(box[1] - point[1], 0, point[1] - box[3])
    return math.hypot(dx, dy)


def samples(stroke, step=0.25):
    if isinstance(stroke, art.Segment):
        (x0, y0), (x1, y1) = stroke.start, stroke.end
        n = max(2, int(math.hypot(x1 - x0, y1 - y0) / step))
        return [(x0 + (x1 - x0) * t / n, y0 + (y1 - y0) * t / n) for t in range(n + 1)]
    n = 200
    return [stroke.point(stroke.start_deg + (stroke.end_deg - stroke.start_deg) * t / n)
            for t in range(n + 1)]


def test_markers_sit_inside_the_tile_with_a_quiet_zone_and_a_margin_to_the_cut():
    for zone in quiet_zones():
        assert zone[0] >= 0 and zone[1] >= 0
        assert zone[2] <= SPEC.size and zone[3] <= SPEC.size
        # the cut edge lies beyond the quiet zone, so the table edge never touches the code
        assert min(zone[0], zone[1], SPEC.size - zone[2], SPEC.size - zone[3]) > 0.3


@pytest.mark.parametrize("tile", TILES, ids=lambda t: t.id)
def test_corridors_and_icons_stay_out_of_the_quiet_zones(tile):
    half_path = SPEC.path_width / 2 + SPEC.path_outline
    for region in art.region_art(tile):
        for stroke in region.strokes:
            for point in samples(stroke):
                for zone in quiet_zones():
                    assert point_box_distance(point, zone) >= half_path, (tile.id, point)
        for feature in region.features:
            half_icon = SPEC.icon / 2
            icon_box = (feature.at[0] - half_icon, feature.at[1] - half_icon,
                        feature.at[0] + half_icon, feature.at[1] + half_icon)
            if feature.kind == "asterion":
                continue  # the Minotaur's head sits in the middle, far from the corners
            for zone in quiet_zones():
                assert (icon_box[2] <= zone[0] or zone[2] <= icon_box[0]
                        or icon_box[3] <= zone[1] or zone[3] <= icon_box[1]), (tile.id, feature)


@pytest.mark.parametrize("tile", TILES, ids=lambda t: t.id)
def test_features_do_not_overlap_and_match_the_tile_model(tile):
    feats = art.features(tile)
    for k, a in enumerate(feats):
        for b in feats[k + 1:]:
            assert math.dist(a.at, b.at) >= SPEC.icon - 1.0, (tile.id, a, b)
    assert len(art.prisoner_points(tile)) == tile.prisoners
    assert sum(f.kind == "coin" for f in feats) == sum(r.coins for r in tile.regions)
    assert sum(f.kind == "wing" for f in feats) == sum(r.wings for r in tile.regions)


def test_marker_ids_are_unique_and_map_back_to_their_tile_and_corner():
    seen = set()
    for tile in TILES:
        ids = tile_marker_ids(tile.id)
        assert len(ids) == 2 and not seen & set(ids)
        seen |= set(ids)
        assert [tile_for_marker(i) for i in ids] == [(tile.id, "NE"), (tile.id, "SW")]
    assert max(seen) < 200  # the board's markers start at 200


def test_the_codec_file_is_opencvs_dictionary():
    dictionary = cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_250)
    for marker_id in range(250):
        image = cv2.aruco.generateImageMarker(dictionary, marker_id, 7)
        expected = (image[1:6, 1:6] > 127).astype(int)
        assert np.array_equal(np.array(marker_bits(marker_id)), expected), marker_id


def render_tiles(tiles, dpi=300, ink_saver=False, marks=None):
    """Each tile alone on a page of its cut size, in the mark design `marks` (None: the
    printed one); returns greyscale arrays."""
    register_fonts()
    import io

    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1)
    style = asterion_style(ink_saver)
    for tile in tiles:
        pen.start_page(canvas, SPEC.size, SPEC.size)
        draw_tile_front(canvas, tile, 0, 0, style, 0.0, marks)
        canvas.showPage()
    canvas.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    return [np.array(document[i].render(scale=dpi / 72, grayscale=True).to_pil())
            for i in range(len(tiles))]


@pytest.mark.parametrize("marks", DESIGNS)
@pytest.mark.parametrize("ink_saver", [False, True])
def test_rendered_quiet_zones_are_white_and_every_marker_decodes(ink_saver, marks):
    dpi = 300
    px = dpi / 25.4
    tiles = [t for t in TILES if t.colour in (None, "red")]
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_250),
        cv2.aruco.DetectorParameters())
    for tile, image in zip(tiles, render_tiles(tiles, dpi, ink_saver, marks), strict=True):
        for place in art.marker_places(marks):
            m = art.tile_spec(marks).marker_module
            outer = image[int((place.y - m) * px) + 1: int((place.y + place.size + m) * px) - 1,
                          int((place.x - m) * px) + 1: int((place.x + place.size + m) * px) - 1]
            ring = np.ones(outer.shape, bool)
            inset = int(m * px) - 3     # the ring stops short of anti-aliased marker edges
            ring[inset:-inset, inset:-inset] = False
            assert outer[ring].min() > 240, (tile.id, place.corner)
        padded = cv2.copyMakeBorder(image, 40, 40, 40, 40, cv2.BORDER_CONSTANT, value=255)
        _corners, ids, _ = detector.detectMarkers(padded)
        assert ids is not None
        printed = [marker_id for _place, marker_id in tile_marks(tile.id, marks)]
        assert sorted(ids.ravel().tolist()) == sorted(printed), tile.id

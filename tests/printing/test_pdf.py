"""The built PDF, read back: geometry from its vector objects, content from its pixels."""

from __future__ import annotations

import re

import cv2
import numpy as np
import pytest

from pnp.geometry.asterion import tile as art
from pnp.geometry.asterion.markers import tile_for_marker
from pnp.printing.placement import furniture
from pnp.rules.asterion.tiles import load_tileset
from tests.printing.pdfgeom import crop_marks, page_size, squares

TILE = 50.0
CROP = furniture().crop_length
EDITIONS = ["crete", "revised"]


def tile_boxes(page, bleed):
    """Tile-sized bleed boxes drawn on a page (the wall or back fill of each tile)."""
    return squares(page, TILE + 2 * bleed)


def mark_lines(page):
    """Crop marks as cut-line positions: x of vertical marks, y of horizontal ones."""
    xs, ys = [], []
    for m in crop_marks(page, CROP):
        if m.width < m.height:
            xs.append(((m.x0 + m.x1) / 2, m))
        else:
            ys.append(((m.y0 + m.y1) / 2, m))
    return xs, ys


def front_pages(pdf):
    """Indexes of front pages: in long/short duplex, every other page."""
    return range(0, len(pdf), 2)


@pytest.mark.parametrize("edition", EDITIONS)
def test_the_pdf_holds_every_tile_of_the_edition(builds, edition):
    pdf = builds.pdf(edition=edition)
    count = sum(len(tile_boxes(pdf[i], 2.0)) for i in front_pages(pdf))
    assert count == len(load_tileset(edition)) == {"crete": 69, "revised": 65}[edition]


@pytest.mark.parametrize("bleed", [0.0, 2.0, 3.0])
def test_every_tile_is_cut_to_50_mm_by_its_crop_marks(builds, bleed):
    pdf = builds.pdf(edition="revised", bleed=bleed)
    checked = 0
    for i in front_pages(pdf):
        page = pdf[i]
        xs, ys = mark_lines(page)
        xs_only = [x for x, _ in xs]
        ys_only = [y for y, _ in ys]
        for box in tile_boxes(page, bleed):
            # the cut lines bleed mm inside the drawn art, each marked by a crop mark
            left = min(xs_only, key=lambda x: abs(x - (box.x0 + bleed)))
            right = min(xs_only, key=lambda x: abs(x - (box.x1 - bleed)))
            top = min(ys_only, key=lambda y: abs(y - (box.y0 + bleed)))
            bottom = min(ys_only, key=lambda y: abs(y - (box.y1 - bleed)))
            assert right - left == pytest.approx(TILE, abs=0.1)
            assert bottom - top == pytest.approx(TILE, abs=0.1)
            assert abs(left - (box.x0 + bleed)) < 0.05 and abs(top - (box.y0 + bleed)) < 0.05
            checked += 1
    assert checked == 65


@pytest.mark.parametrize("edition", EDITIONS)
def test_crop_marks_never_touch_a_component(builds, edition):
    pdf = builds.pdf(edition=edition)
    bleed = 2.0
    tomb = 12.0
    marks_seen = 0
    for i in front_pages(pdf):
        page = pdf[i]
        pieces = tile_boxes(page, bleed) + squares(page, tomb + 2 * bleed)
        width, height = page_size(page)
        for mark in crop_marks(page, CROP):
            marks_seen += 1
            assert not any(mark.overlaps(p) for p in pieces)
            assert furniture().printer_margin - 0.1 <= mark.x0 and mark.x1 <= width - 4.9
            assert furniture().printer_margin - 0.1 <= mark.y0 and mark.y1 <= height - 4.9
    assert marks_seen > 100


def test_no_crop_marks_option_removes_them(builds):
    pdf = builds.pdf(edition="revised", crop_marks=False)
    assert all(not crop_marks(pdf[i], CROP) for i in range(len(pdf)))


@pytest.mark.parametrize(("duplex", "offset"), [("long", (0.0, 0.0)), ("short", (0.0, 0.0)),
                                                ("long", (1.5, -1.0)), ("short", (-0.5, 2.0))])
def test_fronts_and_backs_coincide_after_the_flip(builds, duplex, offset):
    pdf = builds.pdf(edition="revised", duplex=duplex, back_offset=offset)
    pairs = 0
    for i in front_pages(pdf):
        front, back = pdf[i], pdf[i + 1]
        width, height = page_size(front)
        fronts = sorted((round(b.x0, 2), round(b.y0, 2)) for b in tile_boxes(front, 2.0))
        flipped = []
        for b in tile_boxes(back, 2.0):
            x0, y0 = b.x0 - offset[0], b.y0 - offset[1]
            if duplex == "long":
                x0 = width - x0 - b.width
            else:
                y0 = height - y0 - b.height
            flipped.append((round(x0, 2), round(y0, 2)))
        assert sorted(flipped) == fronts
        pairs += len(fronts)
    assert pairs == 65


def test_duplex_none_prints_backs_on_their_own_pages_at_the_end(builds):
    pdf = builds.pdf(edition="revised", duplex="none")
    kinds = ["back" if "· back ·" in pdf[i].get_textpage().get_text_range() else "front"
             for i in range(len(pdf))]
    first_back = kinds.index("back")
    assert all(k == "front" for k in kinds[:first_back])
    assert all(k == "back" for k in kinds[first_back:])
    backs = sum(len(tile_boxes(pdf[i], 2.0)) for i in range(first_back, len(pdf)))
    assert backs == 65


@pytest.mark.parametrize("edition", EDITIONS)
def test_rendered_markers_decode_to_the_tiles_placed_there(builds, edition):
    """Rasterise every tile page; each marker must decode to the tile at its position."""
    pdf = builds.pdf(edition=edition)
    _context, pages = builds.plan(edition=edition)
    dpi = 150
    scale = dpi / 25.4
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_250),
        cv2.aruco.DetectorParameters())
    found: dict[str, set[str]] = {}
    for index, page in enumerate(pages):
        tiles = [i for i in page.items if i.component.kind == "tile" and i.face == "front"]
        if not tiles:
            continue
        image = np.array(pdf[index].render(scale=dpi / 72, grayscale=True).to_pil())
        corners, ids, _ = detector.detectMarkers(image)
        assert ids is not None
        for quad, marker_id in zip(corners, ids.ravel(), strict=True):
            centre = quad.reshape(4, 2).mean(axis=0) / scale
            hit = tile_for_marker(int(marker_id))
            if hit is None:                 # the board's, on a piece packed beside tiles
                assert any(i.component.kind == "board" for i in page.items)
                continue
            tile_id, corner = hit
            item = next(i for i in tiles if i.component.id == tile_id)
            place = next(p for p in art.marker_places() if p.corner == corner)
            expected = (item.x + place.x + place.size / 2, item.y + place.y + place.size / 2)
            assert np.hypot(*(centre - expected)) < 0.5, (tile_id, corner)
            found.setdefault(tile_id, set()).add(corner)
    printed = {p.corner for p in art.marker_places()}
    assert found == {t: printed for t in load_tileset(edition)}


def test_two_builds_are_byte_identical(builds, tmp_path):
    from pnp.printing.asterion import PRINTING
    from pnp.printing.build import BuildRequest, build

    first = builds.path(edition="crete").read_bytes()
    second = build(BuildRequest("asterion", "crete", printing=PRINTING),
                   tmp_path).path.read_bytes()
    assert first == second
    assert b"/CreationDate" not in first or re.search(rb"/CreationDate \(D:2000", first)


def test_fonts_are_embedded_from_the_fonts_folder(builds):
    data = builds.path(edition="revised").read_bytes()
    base_fonts = set(re.findall(rb"/BaseFont /([^\s/]+)", data))
    assert base_fonts, "no fonts found"
    # only our TrueType subsets (embedded), none of the 14 standard PDF fonts
    assert all(b"+" in name for name in base_fonts), base_fonts
    assert data.count(b"/FontFile2") >= 2


@pytest.mark.parametrize(("paper", "size"), [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))])
def test_pages_have_the_chosen_paper_size(builds, paper, size):
    pdf = builds.pdf(edition="revised", paper=paper)
    for i in range(len(pdf)):
        assert sorted(page_size(pdf[i])) == pytest.approx(sorted(size), abs=0.05)


def test_ink_saver_uses_less_ink_and_keeps_the_markers(builds):
    normal = builds.pdf(edition="revised")
    saver = builds.pdf(edition="revised", ink_saver=True)
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_250),
        cv2.aruco.DetectorParameters())
    # a page of tile fronts alone (whose black markers stay as they are) and its backs
    pages = builds.pages(edition="revised")
    front = next(k for k, p in enumerate(pages) if p.side == "front" and p.items
                 and all(i.component.kind == "tile" for i in p.items))
    for index, ratio in ((front, 0.8), (front + 1, 0.5)):
        a = np.array(normal[index].render(scale=1).to_pil()).astype(float)
        b = np.array(saver[index].render(scale=1).to_pil()).astype(float)
        assert (255 - b).mean() < ratio * (255 - a).mean()
    image = np.array(saver[front].render(scale=150 / 72, grayscale=True).to_pil())
    _, ids, _ = detector.detectMarkers(image)
    tiles = len(pages[front].items)
    assert ids is not None and len(ids) == tiles * len(art.marker_places())


def _aid_text(pdf) -> str:
    pages = [pdf[i].get_textpage().get_text_range() for i in range(len(pdf))]
    return next(t for t in pages if "player aid" in t)


def test_the_player_aid_explains_the_board_areas_only_with_the_board(builds):
    crete = _aid_text(builds.pdf(edition="crete"))
    revised = _aid_text(builds.pdf(edition="revised"))
    assert "inner 41 squares" in crete and "inner 25 squares" in crete
    assert "The Crete board" not in revised
    # each edition's own tile count and actions
    assert "17 tiles" in crete and "16 tiles" in revised
    assert "swap two" in revised and "swap two" not in crete

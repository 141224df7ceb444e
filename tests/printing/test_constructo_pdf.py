"""Constructo's PDF: every piece's printed cut outline measured in the PDF's own geometry,
tile markers decoded where the geometry puts them, white and black pieces told apart by
pattern in greyscale, backs behind fronts, and the options."""

from __future__ import annotations

import ctypes
import itertools
import math

import cv2
import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from pnp.geometry import constructo as g
from pnp.printing.build import build
from pnp.printing.constructo import PRINTING
from tests.printing.builds import Builds

MM = 25.4 / 72
# Ruling "Components": the sizes the cut outlines must measure (diameters; tile across flats).
RULED_CIRCLES = {"ring": (44.0, 26.0), "medium disc": (34.0,), "small disc": (20.0,)}
ACROSS_FLATS = 60.0
CUT_LINE = 0.2           # the cut outlines' stroke width (layouts/constructo.toml)


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> Builds:
    return Builds(tmp_path_factory.mktemp("constructo"), "constructo", PRINTING)


# --- reading the PDF's geometry --------------------------------------------------------------

def stroked_paths(page: pdfium.PdfPage, width: float = CUT_LINE) -> list[list[tuple[float, float]]]:
    """The on-curve points (mm, page frame, y down) of every stroke-only path of this line
    width: the printed cut outlines."""
    _, height = page.get_size()
    outlines = []
    for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=1):
        fill, stroke = ctypes.c_int(), ctypes.c_int()
        raw.FPDFPath_GetDrawMode(obj.raw, fill, stroke)
        line = ctypes.c_float()
        raw.FPDFPageObj_GetStrokeWidth(obj.raw, line)
        if fill.value or not stroke.value or abs(line.value - width) > 1e-4:
            continue
        a, b, c, d, e, f = obj.get_matrix().get()
        points, run = [], 0
        for i in range(raw.FPDFPath_CountSegments(obj.raw)):
            segment = raw.FPDFPath_GetPathSegment(obj.raw, i)
            x, y = ctypes.c_float(), ctypes.c_float()
            raw.FPDFPathSegment_GetPoint(segment, x, y)
            is_curve = raw.FPDFPathSegment_GetType(segment) == raw.FPDF_SEGMENT_BEZIERTO
            run = run + 1 if is_curve else 0
            if is_curve and run % 3:           # a Bézier's control points are off the curve
                continue
            px, py = a * x.value + c * y.value + e, b * x.value + d * y.value + f
            points.append((px * MM, (height - py) * MM))
        outlines.append(points)
    return outlines


def circle_of(points) -> tuple[tuple[float, float], float, float] | None:
    """(centre, smallest and largest diameter through opposite points) of a 4-arc circle."""
    ends = points[:4] if len(points) >= 5 else None
    if ends is None:
        return None
    cx, cy = sum(p[0] for p in ends) / 4, sum(p[1] for p in ends) / 4
    radii = [math.hypot(x - cx, y - cy) for x, y in points]
    return (cx, cy), 2 * min(radii), 2 * max(radii)


def hexagon_of(points) -> tuple[tuple[float, float], list[float]] | None:
    """(centre, the three distances across flats) of a printed hexagon."""
    if len(points) == 7 and math.dist(points[0], points[-1]) < 1e-6:
        points = points[:6]                   # the closing segment back to the start
    if len(points) != 6:
        return None
    cx, cy = sum(p[0] for p in points) / 6, sum(p[1] for p in points) / 6
    flats = []
    for k in range(3):
        (ax, ay), (bx, by) = points[k], points[k + 1]
        length = math.hypot(bx - ax, by - ay)
        distance = abs((bx - ax) * (cy - ay) - (by - ay) * (cx - ax)) / length
        flats.append(2 * distance)
    return (cx, cy), flats


def centre(item) -> tuple[float, float]:
    return item.x + item.width / 2, item.y + item.height / 2


# --- build --------------------------------------------------------------------------------

@pytest.mark.parametrize("paper, size", [("a4", (210.0, 297.0)), ("letter", (215.9, 279.4))])
def test_build_prints_every_piece_once_with_its_back(builds, paper, size):
    pdf = builds.pdf(paper=paper)
    pages = builds.pages(paper=paper)
    assert len(pdf) == len(pages)
    for k in range(len(pdf)):
        w, h = pdf[k].get_size()
        assert (w * MM, h * MM) == pytest.approx(size, abs=0.01)
    fronts = [i.component for p in pages if p.side == "front" for i in p.items]
    backs = [i.component for p in pages if p.side == "back" for i in p.items]
    kinds = [c.kind for c in fronts]
    assert kinds[0] == "check" and kinds[-1] == "aid"
    assert {k: kinds.count(k) for k in set(kinds)} == {
        "check": 1, "tile": 9, "ring": 6, "medium disc": 6, "small disc": 6, "aid": 1}
    assert len({c.id for c in fronts}) == len(fronts)
    # every tile and piece is two-sided; the aid's back is the making-of page
    assert sorted(c.id for c in backs) == sorted(c.id for c in fronts)
    owners = [c.id.split("-")[0] for c in fronts if c.shape == "round"]
    assert owners.count("white") == owners.count("black") == 9


def test_tiles_turn_pointy_side_up_where_that_fits_more(builds):
    """Placement turns the tiles where more fit: on A4 and Letter 9 pointy side up fill one
    sheet (8 flat side up would), every piece fits by sheet 3 and the build takes 4
    sheets; on A3 flat side up leaves the room for every piece on the same sheet."""
    def sheets(**options) -> list[list[str]]:
        return [[i.component.kind for i in p.items] for p in builds.pages(**options)
                if p.side == "front"]

    for paper in ("a4", "letter"):
        kinds = sheets(paper=paper)
        assert [k.count("tile") for k in kinds] == [0, 9, 0, 0], paper
        assert len(kinds[1]) + len(kinds[2]) == 9 + 18, paper      # every piece by sheet 3
        turns = {g.tile_turn(i.width, i.height) for p in builds.pages(paper=paper)
                 for i in p.items if i.component.kind == "tile"}
        assert turns == {90.0}, paper
    a3 = sheets(paper="a3")
    assert [len(kinds) for kinds in a3] == [1, 27, 1]
    assert {g.tile_turn(i.width, i.height) for p in builds.pages(paper="a3")
            for i in p.items if i.component.kind == "tile"} == {0.0}


@pytest.mark.parametrize("paper", ["a4", "letter"])
@pytest.mark.parametrize("side", ["front", "back"])
def test_every_cut_outline_measures_its_ruled_size(builds, paper, side):
    """Measured in the PDF's own path geometry (no raster): every round piece has its cut
    circle(s) of the ruled diameter centred on it, every tile its hexagon 60 mm across
    flats, within 0.1 mm; and no other cut outline is printed."""
    pdf = builds.pdf(paper=paper)
    measured = 0
    for index, page in enumerate(builds.pages(paper=paper)):
        if page.side != side or page.kind != "components":
            continue
        outlines = stroked_paths(pdf[index])
        pieces = [i for i in page.items if i.component.shape != "rect"]
        expected = sum(len(RULED_CIRCLES.get(i.component.kind, (0,))) for i in pieces)
        assert len(outlines) == expected, (index, len(outlines), expected)
        for item in pieces:
            cx, cy = centre(item)
            if item.component.kind == "tile":
                hexes = [h for h in map(hexagon_of, outlines)
                         if h and math.dist(h[0], (cx, cy)) < 0.1]
                assert len(hexes) == 1, item.component.id
                assert hexes[0][1] == pytest.approx([ACROSS_FLATS] * 3, abs=0.1)
                measured += 1
                continue
            circles = [c for c in map(circle_of, outlines)
                       if c and len(outlines) and math.dist(c[0], (cx, cy)) < 0.1]
            diameters = sorted((c[1] for c in circles), reverse=True)
            assert diameters == pytest.approx(list(RULED_CIRCLES[item.component.kind]),
                                              abs=0.1), item.component.id
            assert all(c[2] - c[1] < 0.1 for c in circles)        # round, not oval
            measured += 1
    assert measured == 27


def _grey(pdf, index: int, dpi: int) -> np.ndarray:
    return np.array(pdf[index].render(scale=dpi / 72, grayscale=True).to_pil())


DETECTOR = cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_250),
                                   cv2.aruco.DetectorParameters())


@pytest.mark.parametrize("options", [{}, {"paper": "letter", "ink_saver": True}])
def test_tile_markers_decode_at_their_computed_places(builds, options):
    """A 150 dpi raster: each tile's three markers decode to its ids, centred (0.5 mm) and
    turned (corner order) where geometry.marker_places() says; pieces carry none."""
    pdf = builds.pdf(**options)
    dpi = 150
    scale = dpi / 25.4
    found: set[tuple[int, str]] = set()
    places = {p.corner: p for p in g.marker_places()}
    for index, page in enumerate(builds.pages(**options)):
        if page.side != "front" or page.kind != "components":
            continue
        tiles = {int(i.component.id.split("-")[1]): i for i in page.items
                 if i.component.kind == "tile"}
        corners, ids, _ = DETECTOR.detectMarkers(_grey(pdf, index, dpi))
        ids = [] if ids is None else ids.ravel()     # OpenCV 4 says None, 5 an empty array
        assert (len(ids) == 0) == (not tiles)
        for quad, marker_id in zip(corners, ids, strict=True):
            number, corner = g.tile_for_marker(int(marker_id))
            tile = tiles[number]
            tx, ty = centre(tile)
            turn = g.tile_turn(tile.width, tile.height)
            place = places[corner]
            quad = quad.reshape(4, 2) / scale
            got = quad.mean(axis=0)
            px, py = g.rotate(place.centre, turn)
            assert np.hypot(got[0] - tx - px, got[1] - ty - py) < 0.5
            want = np.array([(tx + x, ty + y) for x, y in
                             (g.rotate(c, turn) for c in place.corners)])
            # the detector's corners are pixel corners of the outer black square: allow a pixel
            assert np.abs(quad - want).max() < 0.6, (number, corner)
            found.add((number, corner))
    assert found == {(n, c) for n in g.tile_numbers() for c in g.tile_spec().corners}


def _faces(pdf, pages, dpi: int, side: str = "front"):
    """(owner, kind, greyscale crop centred on the piece, radius in px) of every piece."""
    scale = dpi / 25.4
    for index, page in enumerate(pages):
        pieces = [i for i in page.items if i.component.shape == "round"]
        if page.side != side or not pieces:
            continue
        image = _grey(pdf, index, dpi)
        for item in pieces:
            owner, kind = g.parse_piece_id(item.component.id)
            cx, cy = (v * scale for v in centre(item))
            r = item.width / 2 * scale
            box = image[round(cy - r):round(cy + r), round(cx - r):round(cx + r)]
            yield owner, kind, box.astype(float)


def _face_mask(kind: str, shape: tuple[int, int], dpi: int) -> np.ndarray:
    """The piece's face, 0.6 mm in from its cut lines (away from the outline strokes)."""
    spec = g.piece_specs()[kind]
    scale = dpi / 25.4
    h, w = shape
    yy, xx = np.mgrid[0:h, 0:w]
    rr = np.hypot(xx - (w - 1) / 2, yy - (h - 1) / 2) / scale
    return (rr < spec.radius - 0.6) & (rr > max(spec.hole_radius + 0.6, 2.0))


@pytest.mark.parametrize("ink_saver", [False, True])
def test_white_and_black_differ_by_pattern_not_only_by_grey(builds, ink_saver):
    """In greyscale, with each face's mean grey taken away, a white and a black piece of one
    kind still differ: the black one's ring of white dots against the white one's thin line.
    So a player (or the referee) can tell them apart even where the greys come out close."""
    dpi = 150
    pdf = builds.pdf(ink_saver=ink_saver)
    faces: dict[tuple[str, str], np.ndarray] = {}
    for owner, kind, box in _faces(pdf, builds.pages(ink_saver=ink_saver), dpi):
        faces.setdefault((owner, kind), box)
    for kind in g.piece_specs():
        white, black = faces[("white", kind)], faces[("black", kind)]
        size = min(white.shape[0], black.shape[0])
        white, black = white[:size, :size], black[:size, :size]
        mask = _face_mask(kind, (size, size), dpi)
        w, b = white[mask], black[mask]
        assert w.mean() - b.mean() > 100                      # and the greys do differ
        residual = (w - w.mean()) - (b - b.mean())
        assert np.sqrt((residual ** 2).mean()) > 40, kind
        # the black piece is patterned (dots), the white one nearly plain
        assert b.std() > 2.5 * w.std(), kind
        bright = (b > 128).mean()
        assert 0.05 < bright < 0.5, kind                     # dots, not a light fill


def test_backs_lie_behind_their_fronts_for_each_duplex(builds):
    for duplex in ("long", "short"):
        pages = builds.pages(duplex=duplex, back_offset=(0.5, -1.0))
        for front, back in itertools.pairwise(pages):
            if front.side != "front" or back.side != "back" or front.kind != "components":
                continue
            backs = {i.component.id: i for i in back.items}
            for item in front.items:
                bx, by = centre(backs[item.component.id])
                fx, fy = centre(item)
                if duplex == "long":
                    assert (bx, by) == pytest.approx((front.width - fx + 0.5, fy - 1.0))
                else:
                    assert (bx, by) == pytest.approx((fx + 0.5, front.height - fy - 1.0))


def test_backs_measure_the_same_and_the_tile_back_has_no_markers(builds):
    pdf = builds.pdf(duplex="none")
    pages = builds.pages(duplex="none")
    first_back = next(k for k, p in enumerate(pages) if p.side == "back")
    assert all(p.side == "front" for p in pages[:first_back])
    for index in range(first_back, len(pages)):
        if pages[index].kind == "components":
            _corners, ids, _ = DETECTOR.detectMarkers(_grey(pdf, index, 100))
            assert ids is None or len(ids) == 0


def _centre_crosses(page) -> int:
    return sum(1 for points in stroked_paths(page, width=0.15) if len(points) == 2)


def test_centre_marks_for_a_circle_cutter_go_with_the_crop_marks(builds):
    with_marks = builds.pdf()
    without = builds.pdf(crop_marks=False)
    pages = builds.pages()
    rounds = 0
    for index, page in enumerate(pages):
        n = sum(1 for i in page.items if i.component.shape == "round")
        rounds += n if page.side == "front" else 0
        if page.kind == "components":
            assert _centre_crosses(with_marks[index]) == 2 * n      # two strokes each
            assert _centre_crosses(without[index]) == 0
            # the cut outlines stay: they are the pieces' edges
            assert len(stroked_paths(without[index])) == len(stroked_paths(with_marks[index]))
    assert rounds == 18


@pytest.mark.parametrize("bleed", [0.0, 3.0])
def test_art_runs_exactly_the_bleed_past_the_cut(builds, bleed):
    """The filled art of each round piece spans its diameter plus twice the bleed (its
    widest filled path centred on it; the cut outline is a stroke)."""
    pdf = builds.pdf(bleed=bleed)
    for index, page in enumerate(builds.pages(bleed=bleed)):
        rounds = [i for i in page.items if i.component.shape == "round"]
        if page.side != "front" or not rounds:
            continue
        _, height = pdf[index].get_size()
        boxes = []
        for obj in pdf[index].get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=1):
            fill, stroke = ctypes.c_int(), ctypes.c_int()
            raw.FPDFPath_GetDrawMode(obj.raw, fill, stroke)
            if not fill.value:
                continue
            left, bottom, right, top = obj.get_bounds()
            boxes.append(((left + right) / 2 * MM, (height - (top + bottom) / 2) * MM,
                          (right - left) * MM))
        for item in rounds:
            cx, cy = centre(item)
            widest = max(w for x, y, w in boxes if math.dist((x, y), (cx, cy)) < 0.05)
            assert widest == pytest.approx(item.width + 2 * bleed, abs=0.05)


def test_the_print_check_and_the_aid_speak_constructo(builds):
    pdf = builds.pdf()
    pages = builds.pages()

    def page_text(index: int) -> str:
        return pdf[index].get_textpage().get_text_range()

    check = page_text(0)
    assert "Constructo: print check" in check
    assert "every tile is exactly 60.0 mm across flats" in check
    aid = next(k for k, p in enumerate(pages) if p.kind == "aid" and p.side == "front")
    text = page_text(aid)
    for words in ("rhombus", "triangle", "spindle", "ring onto small disc",
                  "medium disc onto ring", "small disc onto medium disc", "not a tower",
                  "tower: white scores", "tower: black scores", "no action"):
        assert words in text, words
    making = page_text(aid + 1)
    for words in ("foam board", "circle cutter", "--duplex none", "centre cross"):
        assert words in making, words


def _filled_hexagons(page: pdfium.PdfPage, across: float) -> list[tuple[float, float]]:
    """The centres (mm, page frame) of the filled and outlined hexagons `across` mm across
    flats: the aid's pictured tiles at one scale."""
    _, height = page.get_size()
    centres = []
    for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=1):
        fill, stroke = ctypes.c_int(), ctypes.c_int()
        raw.FPDFPath_GetDrawMode(obj.raw, fill, stroke)
        if not (fill.value and stroke.value):
            continue
        a, b, c, d, e, f = obj.get_matrix().get()
        points = []
        for i in range(raw.FPDFPath_CountSegments(obj.raw)):
            x, y = ctypes.c_float(), ctypes.c_float()
            raw.FPDFPathSegment_GetPoint(raw.FPDFPath_GetPathSegment(obj.raw, i), x, y)
            px, py = a * x.value + c * y.value + e, b * x.value + d * y.value + f
            points.append((px * MM, (height - py) * MM))
        found = hexagon_of(points)
        if found and all(abs(w - across) < 0.05 for w in found[1]):
            centres.append(found[0])
    return centres


def _groups(centres: list[tuple[float, float]], reach: float) -> list[list]:
    """The centres in touching groups (neighbours nearer than `reach`), left to right."""
    groups: list[list] = []
    for p in centres:
        near = [g for g in groups if any(math.dist(p, q) < reach for q in g)]
        merged = [p] + [q for g in near for q in g]
        groups = [g for g in groups if g not in near] + [merged]
    return sorted(groups, key=lambda g: min(x for x, _y in g))


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_aid_pictures_the_three_patterns(builds, paper):
    # ruling "Components": rhombus, triangle and spindle, each 9 tiles, touching, as the
    # rules core's PATTERNS have them (the shape compared whichever way round)
    from pnp.rules.constructo.hexes import PATTERNS, canonical

    pdf, pages = builds.pdf(paper=paper), builds.pages(paper=paper)
    aid = next(k for k, p in enumerate(pages) if p.kind == "aid" and p.side == "front")
    step = 0.15 * ACROSS_FLATS                       # the aid draws the patterns at 0.15
    groups = _groups(_filled_hexagons(pdf[aid], step), 1.05 * step)
    assert len(groups) == 3
    for name, group in zip(PATTERNS, groups, strict=True):
        axial = []
        for x, y in group:
            dx, dy = x - group[0][0], y - group[0][1]
            r = round(dy / (step * math.cos(math.radians(30))))
            axial.append((round(dx / step - r / 2), r))
        assert canonical(axial) == canonical(PATTERNS[name]), name


def test_two_builds_are_byte_identical(builds, tmp_path):
    first = build(builds.request(), tmp_path / "one").path.read_bytes()
    second = build(builds.request(), tmp_path / "two").path.read_bytes()
    assert first == second


def test_the_aids_tower_pictures_are_the_rulings_worked_example():
    """Ruling "Play", worked example: (1,2) white small / black ring is not a tower; (1,0)
    white medium / black small / white ring and (0,1) black medium / white small are
    white's; (1,1) white ring / black medium / white small / black ring is black's."""
    from pnp.printing.constructo.aid import TOWERS, tower_caption

    assert [[(p.owner, p.kind) for p in stack] for stack in TOWERS] == [
        [("white", "small"), ("black", "ring")],
        [("white", "medium"), ("black", "small"), ("white", "ring")],
        [("black", "medium"), ("white", "small")],
        [("white", "ring"), ("black", "medium"), ("white", "small"), ("black", "ring")]]
    assert [tower_caption(stack)[0] for stack in TOWERS] == [
        "not a tower", "tower: white scores", "tower: white scores", "tower: black scores"]


@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_a_cutting_machines_paths_are_the_printed_outlines(builds, paper):
    """--cut-files cuts each piece where its outline is printed: a tile's hexagon at its
    corners (flat or turned), a ring's hole and rim, a disc's rim."""
    from pnp.printing import cuts

    for page in builds.pages(paper=paper):
        if page.side != "front":
            continue
        for item in page.items:
            found = cuts.item_cuts(item)
            cx, cy = centre(item)
            if item.component.kind == "tile":
                turn = g.tile_turn(item.width, item.height)
                printed = sorted((round(cx + x, 6), round(cy + y, 6)) for x, y in
                                 (g.rotate(p, turn) for p in g.hex_outline()))
                cut = sorted((round(x, 6), round(y, 6)) for x, y in found.cut[0].points)
                assert np.allclose(cut, printed, atol=1e-5)
            elif item.component.shape == "round":
                _owner, kind = g.parse_piece_id(item.component.id)
                spec = g.piece_specs()[kind]
                radii = [(e.cx, e.cy, e.rx, e.ry) for e in found.cut]
                want = [(cx, cy, r, r) for r in (spec.hole_radius, spec.radius) if r]
                assert np.allclose(radii, want)

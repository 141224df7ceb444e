"""`pnp build spider-twist` read back from the PDF: the board's sheets assemble into the
board, the spiral side lands behind the rings side, every marker decodes where the
geometry says, the tokens are their size, every option works."""

from __future__ import annotations

import ctypes
import math
from functools import cache

import cv2
import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from pnp.geometry import spider_twist as geometry
from pnp.printing.build import BuildError, BuildRequest, build, plan
from pnp.printing.cuts import Ellipse, Poly, page_cuts
from pnp.printing.placement import Paper, PlacementError, furniture, papers
from pnp.printing.spider_twist import PRINTING, board, die
from pnp.printing.spider_twist.style import spider_style
from tests.printing.builds import Builds

MM = 25.4 / 72
DPI = 150
SCALE = DPI / 25.4
CUT_GREY = (0x33, 0x33, 0x33)           # draw_split's cut outline
TOKEN_CUT = (0x8C, 0x8C, 0x8C)          # a round token's cut circle
SPEC = geometry.spec()
CUT_LINE = spider_style().cut_line


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> Builds:
    return Builds(tmp_path_factory.mktemp("spider"), "spider-twist", PRINTING)


def strokes(page: pdfium.PdfPage, colour: tuple[int, int, int]) -> list[tuple[float, ...]]:
    """Bounds (mm, y down) and stroke width (mm) of the top-level paths stroked in
    `colour`."""
    _w, height = page.get_size()
    out = []
    for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=1):
        r, g, b, a = (ctypes.c_uint() for _ in range(4))
        raw.FPDFPageObj_GetStrokeColor(obj.raw, r, g, b, a)
        if (r.value, g.value, b.value) != colour:
            continue
        width = ctypes.c_float()
        raw.FPDFPageObj_GetStrokeWidth(obj.raw, width)
        left, bottom, right, top = obj.get_bounds()
        out.append((left * MM, (height - top) * MM, right * MM, (height - bottom) * MM,
                    width.value))
    return out


def within(box, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether (x0, y0, x1, y1) lies in an item's box (grown 1 mm for strokes)."""
    return box[0] - 1 <= x0 and box[1] - 1 <= y0 and x1 <= box[2] + 1 and y1 <= box[3] + 1


def item_box(item) -> tuple[float, float, float, float]:
    return (item.x, item.y, item.x + item.width, item.y + item.height)


def cut_rectangle(page: pdfium.PdfPage, box) -> tuple[float, float, float, float]:
    """A board piece's cut outline on its page (its item's `box`): the long thin cut
    lines' centres."""
    lines = [s for s in strokes(page, CUT_GREY)
             if abs(s[4] - CUT_LINE) < 0.01 and within(box, *s[:4])]
    xs, ys = [], []
    for x0, y0, x1, y1, _w in lines:
        if x1 - x0 < 2 and y1 - y0 > 20:
            xs.append((x0 + x1) / 2)
        elif y1 - y0 < 2 and x1 - x0 > 20:
            ys.append((y0 + y1) / 2)
    return (min(xs), min(ys), max(xs), max(ys))


@cache
def _detector() -> cv2.aruco.ArucoDetector:
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_250),
                                   cv2.aruco.DetectorParameters())


def decoded(page: pdfium.PdfPage, box=None) -> dict[int, np.ndarray]:
    """Marker id -> centre (mm on the page) from a 150 dpi raster (those in `box`)."""
    image = np.array(page.render(scale=DPI / 72, grayscale=True).to_pil())
    corners, ids, _ = _detector().detectMarkers(image)
    if ids is None:
        return {}
    found = {int(i): quad.reshape(4, 2).mean(axis=0) / SCALE
             for quad, i in zip(corners, ids.ravel(), strict=True)}
    return {i: c for i, c in found.items() if box is None or within(box, *c, *c)}


def board_pages(builds: Builds, **options):
    """(front page index, back page index or None, the board item, its back item) of every
    board piece, in print order."""
    pages = builds.pages(**options)
    out = []
    for k, page in enumerate(pages):
        for item in page.items:
            if page.side != "front" or item.component.kind != "board":
                continue
            back = next((j for j, p in enumerate(pages) if p.side == "back"
                         and p.sheet == page.sheet and p.items), None)
            behind = None if back is None else next(
                i for i in pages[back].items if i.component.id == item.component.id)
            out.append((k, back, item, behind))
    return out


def assembled(builds: Builds, **options):
    """Each sheet's cut rectangle on its page and where its top-left lands on the
    assembled board (pieces butted along their cut edges, bands top to bottom, pieces
    left to right in label order): both from the PDF's geometry only."""
    document = builds.pdf(**options)
    sheets = []
    for front, back, item, behind in board_pages(builds, **options):
        rect = cut_rectangle(document[front], item_box(item))
        sheets.append((item.component.id.removeprefix("board-"), rect, (front, item),
                       (back, behind)))
    sheets.sort(key=lambda s: (s[0][0], int(s[0][1:])))
    placed = {}
    band_y, band, x = 0.0, None, 0.0
    band_height = 0.0
    for label, rect, front, back in sheets:
        if label[0] != band:
            band_y += band_height
            band, x = label[0], 0.0
        placed[label] = (rect, (x, band_y), front, back)
        x += rect[2] - rect[0]
        band_height = rect[3] - rect[1]
    return document, placed


# --- Builds with every option ------------------------------------------------------------

@pytest.mark.parametrize("options", [
    {}, {"paper": "letter"}, {"paper": "a3"}, {"duplex": "short"}, {"duplex": "none"},
    {"bleed": 0.0, "ink_saver": True, "crop_marks": False, "back_offset": (0.5, -1.0)},
])
def test_every_option_builds_the_whole_game(builds, options):
    document = builds.pdf(**options)
    pages = builds.pages(**options)
    assert len(document) == len(pages)
    fronts = [p for p in pages if p.side == "front"]
    assert fronts[0].kind == "check" and fronts[-1].kind == "aid"
    items = [i.component for p in fronts for i in p.items]
    kinds = [c.kind for c in items]
    assert kinds.count("board") == (1 if options.get("paper") == "a3" else 2)
    assert kinds.count("male") == 20 and kinds.count("female") == 1 and kinds.count("die") == 1
    assert {c.id for c in items if c.kind == "male"} == {
        f"male-{colour}-{n:02d}" for colour in ("white", "black") for n in range(1, 11)}
    text = document[len(fronts) - 1 if options.get("duplex") == "none" else len(pages) - 2]
    assert "SPIDER TWIST" in text.get_textpage().get_text_range()
    paper = {"letter": (215.9, 279.4), "a3": (297.0, 420.0)}.get(options.get("paper", ""),
                                                                 (210.0, 297.0))
    w, h = document[0].get_size()
    assert (w * MM, h * MM) == pytest.approx(paper, abs=0.01)


def test_bad_options_are_refused_in_one_line():
    with pytest.raises(BuildError, match="unknown paper"):
        plan(BuildRequest("spider-twist", paper="a5", printing=PRINTING))
    with pytest.raises(BuildError, match="unknown edition"):
        plan(BuildRequest("spider-twist", "deluxe", printing=PRINTING))
    with pytest.raises(PlacementError, match="cannot be split to fit"):
        board.plan(Paper("tiny", 60.0, 80.0), 2.0, furniture())


def test_the_seeds_garbled_side_name_is_not_printed(builds):
    document = builds.pdf()
    for k in range(len(document)):
        words = document[k].get_textpage().get_text_range().lower()
        assert "suommormorgen" not in words and "sommermorgen" not in words


def test_two_builds_are_byte_identical(builds, tmp_path):
    again = build(builds.request(), tmp_path).path
    assert again.read_bytes() == builds.path().read_bytes()


# --- The board read back from the PDF ------------------------------------------------------

@pytest.mark.parametrize("options", [{}, {"paper": "letter", "bleed": 3.0},
                                     {"paper": "a4", "bleed": 5.0}])
def test_the_sheets_assemble_into_the_board_and_its_markers_land_in_place(builds, options):
    """Cut out each sheet along its printed outline, butt them together: the board is
    its size and every rings-side marker lies where geometry.py says (within 0.5 mm)."""
    document, placed = assembled(builds, **options)
    width = max(o[0] + r[2] - r[0] for r, o, _f, _b in placed.values())
    height = max(o[1] + r[3] - r[1] for r, o, _f, _b in placed.values())
    assert (width, height) == pytest.approx((SPEC.width, SPEC.height), abs=0.5)
    x0, y0, _x1, _y1 = geometry.board_box()
    expected = {m.id: np.array(m.centre) - (x0, y0) for m in geometry.board_markers("rings")}
    found: dict[int, np.ndarray] = {}
    for rect, origin, (front, item), _back in placed.values():
        for marker_id, centre in decoded(document[front], item_box(item)).items():
            assert marker_id not in found, marker_id                # printed once
            found[marker_id] = centre - rect[:2] + origin
    assert sorted(found) == sorted(expected)
    for marker_id, centre in found.items():
        assert np.hypot(*(centre - expected[marker_id])) < 0.5, marker_id


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_the_spiral_side_lands_exactly_behind_the_rings_side(builds, duplex):
    """Every spiral-side marker, decoded from the back pages and seen through the sheet,
    lies behind the rings-side point the second side's frame puts it at: (u, v) behind
    (-u, v)."""
    document, placed = assembled(builds, duplex=duplex)
    x0, y0, _x1, _y1 = geometry.board_box()
    found = {}
    for rect, origin, _front, (back, behind) in placed.values():
        assert back is not None
        page = document[back]
        w, h = (v * MM for v in page.get_size())
        for marker_id, (bx, by) in decoded(page, item_box(behind)).items():
            # the point of the front page this back point lies behind, after the flip
            seen = (bx, h - by) if duplex == "short" else (w - bx, by)
            found[marker_id] = np.array(seen) - rect[:2] + origin
    spiral = geometry.board_markers("spiral")
    assert sorted(found) == sorted(m.id for m in spiral)
    for m in spiral:
        behind = np.array((-m.centre[0], m.centre[1])) - (x0, y0)
        assert np.hypot(*(found[m.id] - behind)) < 0.5, (duplex, m.name)


def test_a_back_offset_moves_the_spiral_side(builds):
    plain = assembled(builds, duplex="long")
    moved = assembled(builds, duplex="long", back_offset=(1.5, 0.0))
    (_rect, _o, _f, (back, _i)), (_r2, _o2, _f2, (back2, _i2)) = plain[1]["A1"], moved[1]["A1"]
    a, b = decoded(plain[0][back]), decoded(moved[0][back2])
    shared = sorted(set(a) & set(b))
    assert shared
    for i in shared:
        assert b[i] - a[i] == pytest.approx((1.5, 0.0), abs=0.3)


def test_spokes_are_dotted_and_strands_solid(builds):
    """Seed L45: the spokes' paths carry a dash pattern of dots, the strands none."""
    document = builds.pdf()
    front = board_pages(builds)[0][0]
    pdf_page = document[front]
    dashed = solid = 0
    for obj in pdf_page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=3):
        count = raw.FPDFPageObj_GetDashCount(obj.raw)
        width = ctypes.c_float()
        raw.FPDFPageObj_GetStrokeWidth(obj.raw, width)
        if abs(width.value - 0.55) < 1e-3 and count == 2:
            dashed += 1
        if abs(width.value - 0.7) < 1e-3 and count <= 0:
            solid += 1
    assert dashed >= 5 and solid >= 1


# --- Tokens ----------------------------------------------------------------------------

def test_tokens_are_cut_to_their_sizes(builds):
    """Every round token's printed cut circle, measured in the PDF: 20 males of 17 mm,
    one female of 26 mm (the bounds include the 0.2 mm stroke)."""
    document = builds.pdf()
    pages = builds.pages()
    k = next(i for i, p in enumerate(pages) if any(it.component.kind == "male"
                                                    for it in p.items))
    circles = [(x1 - x0, y1 - y0) for x0, y0, x1, y1, w in strokes(document[k], TOKEN_CUT)
               if abs(w - 0.2) < 0.01]
    males = [c for c in circles if abs(c[0] - SPEC.male) < 0.5]
    females = [c for c in circles if abs(c[0] - SPEC.female) < 0.5]
    assert len(males) == 20 and len(females) == 1
    for w, h in males + females:
        assert w == pytest.approx(h, abs=0.01)
        assert min(abs(w - SPEC.male), abs(w - SPEC.female)) <= 0.45


def _face_pixels(builds: Builds, colour: str, face_page: str) -> np.ndarray:
    """The middle of a male token's face (RGB) as printed, front or back page."""
    document = builds.pdf()
    pages = builds.pages()
    k = next(i for i, p in enumerate(pages) if any(it.component.kind == "male"
                                                    for it in p.items))
    if face_page == "back":
        k += 1
    item = next(it for it in pages[k].items if it.component.id == f"male-{colour}-01")
    image = np.array(document[k].render(scale=DPI / 72).to_pil().convert("RGB"))
    r = item.width / 2
    cx, cy = (item.x + r) * SCALE, (item.y + r) * SCALE
    half = int(r * 0.7 * SCALE)
    return image[int(cy) - half:int(cy) + half, int(cx) - half:int(cx) + half]


def test_the_faces_tell_colour_and_state_apart_in_grey(builds):
    """In a black-and-white print: white males are light, black males dark, on either
    face; and the picture face differs from the done face of the same colour."""
    grey = {(c, f): _face_pixels(builds, c, f).mean() for c in ("white", "black")
            for f in ("front", "back")}
    assert min(grey["white", "front"], grey["white", "back"]) > \
        max(grey["black", "front"], grey["black", "back"]) + 60
    for colour in ("white", "black"):
        a = _face_pixels(builds, colour, "front").astype(float).mean(axis=2)
        b = _face_pixels(builds, colour, "back").astype(float).mean(axis=2)
        assert np.abs(a - b).mean() > 25, colour


def test_tokens_carry_no_markers(builds):
    document = builds.pdf()
    pages = builds.pages()
    for k, page in enumerate(pages):
        if any(it.component.kind in ("male", "female", "die") for it in page.items):
            assert decoded(document[k]) == {}


def test_no_marker_outside_the_board_sheets(builds):
    document = builds.pdf()
    pages = builds.pages()
    for k, page in enumerate(pages):
        boards = [item_box(i) for i in page.items if i.component.kind == "board"]
        if page.kind != "check":
            assert all(any(within(b, *c, *c) for b in boards)
                       for c in decoded(document[k]).values()), page.sheet


def test_the_sheet_labels_and_the_seam_marks_are_printed(builds):
    document = builds.pdf()
    for front, _back, item, _behind in board_pages(builds):
        words = document[front].get_textpage().get_text_range()
        label = item.component.id.removeprefix("board-")
        assert label in words
        other = "A2" if label == "A1" else "A1"
        assert other in words                          # the alignment marks name it


def test_aid_pictures_agree_with_the_rules_core():
    """The aid's 'eating routes win' scene is the ruling's worked example 1: she stops on
    S1R3 and eats black, by one of two walks."""
    from pnp.printing.spider_twist import aid

    female, males, node, _came = aid.SCENES["eating"]
    data = aid.reaction("rings", female, males, node)
    assert data["reach"] == 2 and data["distance"] == 4
    assert sorted(tuple(o["path"]) for o in data["outcomes"]) == [
        ("S0R2", "S0R3", "S1R3"), ("S0R2", "S1R2", "S1R3")]
    assert {(o["stops_at"], o["eats"]) for o in data["outcomes"]} == {("S1R3", "black")}
    first = aid.reaction("rings", *aid.SCENES["first"][:3])
    assert [(o["stops_at"], o["eats"]) for o in first["outcomes"]] == [("S1R2", "white")]
    route = aid.reaction("rings", *aid.SCENES["route"][:3])
    assert route["reach"] == 2 and route["distance"] == 3
    assert [o["eats"] for o in route["outcomes"]] == [None]
    reach = aid.reaction("rings", *aid.SCENES["reach"][:3])
    assert reach["reach"] == 3 and {c["node"] for c in reach["counted"]} == {"C", "S2R2",
                                                                           "S2R4"}
    assert math.isfinite(reach["distance"])


def test_the_print_check_measures_a_round_male_token(builds):
    words = builds.pdf()[0].get_textpage().get_text_range()
    assert f"every male token is exactly {SPEC.male:.1f} mm across" in words


def test_cut_paths_are_the_round_tokens_and_the_die_net_with_its_folds(builds):
    cuts = {c.id: c for page in builds.pages() if page.side == "front"
            for c in page_cuts(page)}
    males = [c for i, c in cuts.items() if i.startswith("male-")]
    assert len(males) == 20
    assert all(isinstance(c.cut[0], Ellipse) and c.cut[0].rx == SPEC.male / 2 for c in males)
    assert cuts["female"].cut[0].rx == SPEC.female / 2
    net = cuts["die"]
    (outline,) = net.cut
    assert isinstance(outline, Poly) and len(outline.points) == len(die.outline())
    assert len(net.score) == 12                  # 5 edges between faces, 7 tabs
    # the net folds into a cube: 6 faces of `die` mm, 7 tabs, every face edge accounted for
    s = SPEC.die
    assert {round(die.face_box(v)[2] - die.face_box(v)[0], 6) for v in range(1, 7)} == {s}
    assert sorted(sum(1 for f in die.FACES if f + g == 7) for g in die.FACES) == [1] * 6


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_on_a3_the_board_prints_whole_turned_and_both_sides_decode_in_place(builds, duplex):
    """One upright A3 sheet: the board turned a quarter clockwise (its top along the
    sheet's right edge, read from the printed cut outline), every rings-side marker decoded
    at 150 dpi where the geometry puts it, every spiral-side marker behind its point."""
    document = builds.pdf(paper="a3", duplex=duplex)
    ((front, back, item, back_item),) = board_pages(builds, paper="a3", duplex=duplex)
    page = builds.pages(paper="a3", duplex=duplex)[front]
    assert page.width < page.height and back is not None
    x0, y0, x1, y1 = geometry.board_box()
    left, top, right, bottom = cut_rectangle(document[front], item_box(item))
    assert (right - left, bottom - top) == pytest.approx((y1 - y0, x1 - x0), abs=0.5)

    def on_page(p):                     # a quarter turn clockwise, from the cut outline
        return np.array((right - (p[1] - y0), top + (p[0] - x0)))

    found = decoded(document[front], item_box(item))
    rings = geometry.board_markers("rings")
    assert sorted(found) == sorted(m.id for m in rings)
    piece = split_piece(item)
    for m in rings:
        assert np.hypot(*(found[m.id] - on_page(m.centre))) < 0.5, m.name
        assert np.hypot(*(found[m.id] - piece.to_page(m.centre, item.x, item.y))) < 0.5
    w, h = (v * MM for v in document[back].get_size())
    behind = {}
    for marker_id, (bx, by) in decoded(document[back], item_box(back_item)).items():
        behind[marker_id] = np.array((bx, h - by) if duplex == "short" else (w - bx, by))
    spiral = geometry.board_markers("spiral")
    assert sorted(behind) == sorted(m.id for m in spiral)
    for m in spiral:
        seen = on_page((-m.centre[0], m.centre[1]))
        assert np.hypot(*(behind[m.id] - seen)) < 0.5, (duplex, m.name)


def test_a_whole_board_carries_no_piece_label_or_assembly_map(builds):
    """On A3 the web is one piece: nothing to assemble, so no "A1" and no "where it goes"
    map (on A4 the pieces keep their labels)."""
    def board_text(paper):
        document = builds.pdf(paper=paper)
        return [document[front].get_textpage().get_text_range()
                for front, _back, _item, _behind in board_pages(builds, paper=paper)]

    (whole,) = board_text("a3")
    assert "A1" not in whole and "where it goes" not in whole
    split_sheets = board_text("a4")
    assert len(split_sheets) > 1
    assert any("A1" in t for t in split_sheets)


def split_piece(item):
    from pnp.printing.split.pieces import piece_for

    return piece_for(board.plan(papers()["a3"], 2.0, furniture()),
                           item.component)

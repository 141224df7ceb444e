"""`pnp build assyria` read back from the PDF: the pages, the board's pieces (they assemble:
each piece's cut lines, placed by that piece's own printed hexes, meet its neighbours'),
the markers (decoded with OpenCV at 150 dpi where the geometry puts them), cards and tokens
cut to size (crop marks), backs behind their fronts for every duplex mode."""

from __future__ import annotations

import ctypes
import math
from functools import cache

import cv2
import numpy as np
import pypdfium2 as pdfium
import pypdfium2.raw as raw
import pytest

from pnp.geometry import assyria as geo
from pnp.printing.assyria import PRINTING
from pnp.printing.assyria import board as board_split
from pnp.printing.assyria import components as parts
from pnp.printing.assyria.draw_cards import card_transform
from pnp.printing.build import BuildError, BuildRequest, build, plan
from pnp.printing.cuts import MARKS
from pnp.printing.placement import Component, Item, furniture, papers
from pnp.printing.split.pieces import piece_for
from tests.printing.pdfgeom import MM, crop_marks, page_size, path_boxes
from tests.scratch import scratch_folder

R = geo.spec().side
VU = math.sqrt(3) / 2 * R
CUT_GREY = (51, 51, 51)
FOLDER = scratch_folder("assyria-build-")
DPI = 150


def request(**options) -> BuildRequest:
    return BuildRequest("assyria", printing=PRINTING, **options)


def built(**options) -> tuple[pdfium.PdfDocument, list]:
    """The PDF of a build and its planned pages (same order), built once per request."""
    return _built(request(**options))


@cache
def _built(req: BuildRequest) -> tuple[pdfium.PdfDocument, list]:
    out = FOLDER / f"build{_built.cache_info().currsize}"
    path = build(req, out).path
    _ctx, pages = plan(req)
    return pdfium.PdfDocument(path), pages


def page_text(document, index: int) -> str:
    return document[index].get_textpage().get_text_range()


def _colour(getter, obj) -> tuple[int, int, int]:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    getter(obj.raw, r, g, b, a)
    return (r.value, g.value, b.value)


def objects(page):
    """(x0, y0, x1, y1 in mm, y down; fill; stroke; dashed) for every top-level path."""
    _w, height = page.get_size()
    out = []
    for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=1):
        left, bottom, right, top = obj.get_bounds()
        out.append(((left * MM, (height - top) * MM, right * MM, (height - bottom) * MM),
                    _colour(raw.FPDFPageObj_GetFillColor, obj),
                    _colour(raw.FPDFPageObj_GetStrokeColor, obj),
                    raw.FPDFPageObj_GetDashCount(obj.raw) > 0))
    return out


def board_items(pages):
    """(page index, the item, its place among the page's board items) of every board
    piece, in print order."""
    out = []
    for k, page in enumerate(pages):
        if page.side != "front":
            continue
        boards = [i for i in page.items if i.component.kind == "board"]
        out += [(k, item, n) for n, item in enumerate(boards)]
    return out


def art_frame(page, item, n: int, paper: str, marks: bool = False) -> np.ndarray:
    """The affine map (3 x 3, board mm -> page mm) the printed art of a page's n-th board
    piece follows: the plan's, turned as placement turned it, checked against the centres
    of its 64 printed hex fills (2R x 2VU boxes, or 2VU x 2R turned; each piece paints
    them in the geometry's order)."""
    page_furniture = MARKS.reserve(furniture()) if marks else furniture()
    piece = piece_for(board_split.plan(papers()[paper], 2.0, page_furniture), item.component)
    a, b, c, d, e, f = piece.transform()
    frame = np.array([[a, c, e + item.x], [b, d, f + item.y], [0.0, 0.0, 1.0]])
    size = sorted((2 * R, 2 * VU))
    boxes = [bx for bx, _f, _s, _d in objects(page)
             if np.allclose(sorted((bx[2] - bx[0], bx[3] - bx[1])), size, atol=0.01)]
    fills = boxes[64 * n:64 * (n + 1)]
    assert len(fills) == 64
    for bx, h in zip(fills, geo.hexes(), strict=True):
        centre = ((bx[0] + bx[2]) / 2, (bx[1] + bx[3]) / 2)
        assert np.hypot(*(frame @ (*h.centre, 1.0))[:2] - centre) < 0.01
    return frame


def cut_segments(page, frame: np.ndarray, box):
    """The printed cut lines (thin, long, cut grey) inside an item's `box`, in board mm:
    ((x0, y0), (x1, y1), dashed)."""
    reach = 0.2                    # pdfium's bounds reach a line's width past its ends
    back = np.linalg.inv(frame)
    out = []
    for (x0, y0, x1, y1), _fill, stroke, dashed in objects(page):
        if stroke != CUT_GREY or not (box[0] - 1 <= x0 and box[1] - 1 <= y0
                                      and x1 <= box[2] + 1 and y1 <= box[3] + 1):
            continue
        w, h = x1 - x0, y1 - y0
        if min(w, h) > 0.45 or max(w, h) < 20:
            continue
        if w < h:
            x = (x0 + x1) / 2
            ends = ((x, y0 + reach), (x, y1 - reach))
        else:
            y = (y0 + y1) / 2
            ends = ((x0 + reach, y), (x1 - reach, y))
        a, b = (tuple(float(v) for v in (back @ (*e, 1.0))[:2]) for e in ends)
        out.append((a, b, dashed))
    return out


def covered(edge, segments, tol: float = 0.5) -> bool:
    """Whether a board-frame edge is printed as a cut line (possibly in several segments)."""
    (ax, ay), (bx, by) = edge
    vertical = abs(ax - bx) < 1e-6
    lo, hi = sorted((ay, by) if vertical else (ax, bx))
    spans = []
    for (px, py), (qx, qy), _dashed in segments:
        if vertical and abs(px - qx) < 1e-6 and abs(px - ax) <= tol:
            spans.append(sorted((py, qy)))
        if not vertical and abs(py - qy) < 1e-6 and abs(py - ay) <= tol:
            spans.append(sorted((px, qx)))
    reach = lo
    for s0, s1 in sorted(spans):
        if s0 <= reach + tol:
            reach = max(reach, s1)
    return reach >= hi - tol


# --- The build ---------------------------------------------------------------------------

@pytest.mark.parametrize(("paper", "board_pieces"), [("a4", 6), ("letter", 6), ("a3", 4)])
def test_a_build_holds_check_board_cards_tokens_and_aid(paper, board_pieces):
    document, pages = built(paper=paper)
    fronts = [p for p in pages if p.side == "front"]
    kinds = [p.kind for p in fronts]
    assert kinds[0] == "check" and kinds[-1] == "aid"
    assert set(kinds[1:-1]) == {"components"}             # pieces of every kind, packed
    counts: dict[str, int] = {}
    for p in fronts:
        for item in p.items:
            counts[item.component.kind] = counts.get(item.component.kind, 0) + 1
    # ruling "Components": 54 cards; per player (4) 10 huts, 4 of each ziggurat part,
    # 4 discs; 16 wells
    assert counts == {"check": 1, "board": board_pieces, "card": 54, "hut": 40, "base": 16,
                      "centre": 16, "roof": 16, "disc": 16, "well": 16, "aid": 1}
    assert len(document) == len(pages)
    assert "every card is exactly 63.0 x 88.0 mm" in page_text(document, 0)
    aid = page_text(document, len(pages) - 2)
    assert "Assyria: player aid" in aid and f"The board: {board_pieces} pieces" in aid
    for k, p in enumerate(pages):
        width, height = page_size(document[k])
        assert (round(width, 1), round(height, 1)) == (round(p.width, 1), round(p.height, 1))


def test_options_reach_the_pdf():
    document, pages = built(paper="a4", duplex="none", crop_marks=False, bleed=0.0)
    sides = [p.side for p in pages]
    assert sides.index("back") > max(k for k, s in enumerate(sides) if s == "front")
    card_page = next(k for k, p in enumerate(pages) if p.kind == "components")
    assert crop_marks(document[card_page], 4.0) == []
    with pytest.raises(BuildError, match="unknown edition"):
        plan(request(edition="deluxe"))


# --- The board's pieces ------------------------------------------------------------------

@pytest.mark.parametrize(("paper", "marks"), [("a4", False), ("letter", False),
                                              ("a3", False), ("a4", True)])
def test_board_pieces_assemble_within_half_a_millimetre(paper, marks):
    """Each piece's printed cut lines, placed on the board by its own printed hexes, run
    along its outline, and along every seam they meet the neighbour's (pieces packed with
    others, some turned a quarter: with registration marks on A4, two narrow pieces share
    a sheet turned)."""
    document, pages = built(paper=paper, cut_files=marks, cut_marks=marks)
    page_furniture = MARKS.reserve(furniture()) if marks else furniture()
    pieces = {p.label: p for p in board_split.plan(papers()[paper], 2.0, page_furniture)}
    if marks:
        assert any(i.component.turns for _k, i, _n in board_items(pages))
    printed = {}
    for index, item, n in board_items(pages):
        piece = pieces[item.component.id.removeprefix("board-")]
        frame = art_frame(document[index], item, n, paper, marks)
        box = (item.x, item.y, item.x + item.width, item.y + item.height)
        segments = cut_segments(document[index], frame, box)
        poly = piece.polygon
        for k in range(len(poly)):
            assert covered((poly[k], poly[(k + 1) % len(poly)]), segments), (piece.label, k)
        printed[piece.label] = segments
    # every seam: the two sheets' printed lines, each placed by its own art, coincide
    for piece in pieces.values():
        for seam in piece.seams:
            for n in seam.neighbours:
                assert covered((n.a, n.b), printed[piece.label])
                assert covered((n.a, n.b), printed[n.label])
    assert len(printed) == len(pieces)


def detector() -> cv2.aruco.ArucoDetector:
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_250),
                                   cv2.aruco.DetectorParameters())


@pytest.mark.parametrize("paper", ["a4", "a3"])
def test_every_board_marker_decodes_at_150_dpi_where_the_geometry_puts_it(paper):
    document, pages = built(paper=paper)
    expected = {m.id: m for m in geo.markers()}
    seen: dict[int, int] = {}
    scale = DPI / 25.4
    for index, item, n in board_items(pages):
        back = np.linalg.inv(art_frame(document[index], item, n, paper))
        box = (item.x, item.y, item.x + item.width, item.y + item.height)
        image = np.array(document[index].render(scale=DPI / 72, grayscale=True).to_pil())
        corners, ids, _ = detector().detectMarkers(image)
        for quad, marker_id in zip(corners or (), ids.ravel() if ids is not None else (),
                                   strict=True):
            on_page = quad.reshape(4, 2) / scale
            if not all(box[0] <= x <= box[2] and box[1] <= y <= box[3] for x, y in on_page):
                continue                                # another piece's marker
            m = expected[int(marker_id)]                 # only the board's own ids
            board = np.array([(back @ (*p, 1.0))[:2] for p in on_page])
            assert np.hypot(*(board.mean(axis=0) - m.centre)) < 0.5, m.name
            assert np.abs(board - np.array(m.corners)).max() < 1.0, m.name   # its way up
            assert int(marker_id) not in seen, m.name
            seen[int(marker_id)] = index
    assert sorted(seen) == sorted(expected)


# --- Cards and tokens --------------------------------------------------------------------

def _mark_lines(marks) -> tuple[list[float], list[float]]:
    """The cut lines the crop marks extend: x of the vertical marks, y of the horizontal."""
    xs = [(m.x0 + m.x1) / 2 for m in marks if m.width < m.height]
    ys = [(m.y0 + m.y1) / 2 for m in marks if m.height < m.width]
    return xs, ys


def _nearest(values: list[float], target: float) -> float:
    return min(values, key=lambda v: abs(v - target))


@pytest.mark.parametrize(("paper", "bleed"), [("a4", 2.0), ("letter", 2.0), ("a3", 2.0),
                                              ("a4", 0.0)])
def test_cards_and_square_tokens_are_cut_to_size(paper, bleed):
    """Every card and square token lies between printed crop-mark lines exactly its size
    apart (63 x 88 mm cards, the layout's token sizes), within 0.1 mm."""
    document, pages = built(paper=paper, bleed=bleed)
    card_w, card_h = parts.card_size()
    sizes = {"card": sorted((card_w, card_h))}
    sizes |= {k: [geo.token_size(k)] * 2 for k in ("hut", "base", "centre", "roof")}
    checked: dict[str, int] = {}
    for k, page in enumerate(pages):
        if page.kind != "components" or page.side != "front":
            continue
        xs, ys = _mark_lines(crop_marks(document[k], 4.0))
        for item in page.items:
            kind = item.component.kind
            if kind not in sizes:
                continue
            left, right = _nearest(xs, item.x), _nearest(xs, item.x + item.width)
            top, bottom = _nearest(ys, item.y), _nearest(ys, item.y + item.height)
            assert abs(left - item.x) < 0.05 and abs(top - item.y) < 0.05
            cut = sorted((right - left, bottom - top))
            assert cut == pytest.approx(sizes[kind], abs=0.1), kind
            checked[kind] = checked.get(kind, 0) + 1
    assert checked == {"card": 54, "hut": 40, "base": 16, "centre": 16, "roof": 16}


def test_round_tokens_print_their_cut_circle_to_size():
    document, pages = built(paper="a4")
    diameters = []
    for k, page in enumerate(pages):
        if page.side == "front" and any(i.component.shape == "round" for i in page.items):
            for b in path_boxes(document[k]):
                if abs(b.width - b.height) < 0.01:
                    diameters.append(round(b.width - 0.4, 2))   # bounds: + line width each side
    for kind in ("disc", "well"):
        d = geo.token_size(kind)
        assert sum(1 for v in diameters if abs(v - d) <= 0.1) >= 16, kind


# --- Backs -------------------------------------------------------------------------------

def _card_grounds(page, w: float, h: float):
    """The cards' ground rectangles (cut box plus bleed) on a page, as their top-left."""
    return sorted((round(b.x0, 2), round(b.y0, 2)) for b in path_boxes(page)
                  if abs(b.width - w) < 0.02 and abs(b.height - h) < 0.02)


@pytest.mark.parametrize(("duplex", "offset"), [("long", "0,0"), ("short", "0,0"),
                                                ("long", "1.5,-0.5")])
def test_card_backs_land_behind_their_fronts(duplex, offset):
    dx, dy = (float(v) for v in offset.split(","))
    document, pages = built(paper="a4", duplex=duplex, back_offset=(dx, dy))
    bleed = 2.0
    checked = 0
    for k, page in enumerate(pages):
        if page.side != "front" or not any(i.component.kind == "card" for i in page.items):
            continue
        comp = next(i.component for i in page.items if i.component.kind == "card")
        w, h = comp.width + 2 * bleed, comp.height + 2 * bleed
        fronts = _card_grounds(document[k], w, h)
        backs = _card_grounds(document[k + 1], w, h)
        pw, ph = page_size(document[k])
        if duplex == "short":
            mirrored = [(x + dx, ph - y - h + dy) for x, y in fronts]
        else:
            mirrored = [(pw - x - w + dx, y + dy) for x, y in fronts]
        assert len(fronts) == len(backs) == sum(1 for i in page.items
                                                 if i.component.kind == "card")
        assert np.abs(np.array(sorted(mirrored)) - np.array(backs)).max() < 0.1
        checked += 1
    assert checked == 7                      # 54 cards, 8 to an A4 sheet


class Recorder:
    """A canvas that only keeps its current affine transform (y down, mm)."""

    def __init__(self) -> None:
        self.m = np.eye(3)

    def translate(self, x: float, y: float) -> None:
        self.m = self.m @ np.array([[1, 0, x], [0, 1, y], [0, 0, 1]])

    def rotate(self, degrees: float) -> None:
        c, s = math.cos(math.radians(degrees)), math.sin(math.radians(degrees))
        self.m = self.m @ np.array([[c, -s, 0], [s, c, 0], [0, 0, 1]])

    def point(self, u: float, v: float) -> tuple[float, float]:
        x, y, _ = self.m @ np.array([u, v, 1.0])
        return float(x), float(y)


@pytest.mark.parametrize("turned", [False, True])
@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_a_cards_back_has_its_top_behind_the_fronts_top(turned, duplex):
    """Turned over like a book page (the card's own left-right flip), the back reads upright:
    the card's top-left on the back lies behind the front's top-right."""
    w, h = parts.card_size()
    pw, ph = 210.0, 297.0
    comp = Component("grape-1.1", "card", h if turned else w, w if turned else h, back="food")
    front = Item(comp, 40.0, 60.0, "front")
    if duplex == "short":
        back = Item(comp, front.x, ph - front.y - comp.height, "back")
    else:
        back = Item(comp, pw - front.x - comp.width, front.y, "back")

    def behind(p):          # the back page's point behind a front page's point
        return (p[0], ph - p[1]) if duplex == "short" else (pw - p[0], p[1])

    f, b = Recorder(), Recorder()
    card_transform(f, front, duplex)
    card_transform(b, back, duplex)
    for (fu, fv), (bu, bv) in (((w, 0.0), (0.0, 0.0)), ((0.0, 0.0), (w, 0.0)),
                               ((w, h), (0.0, h))):
        assert behind(f.point(fu, fv)) == pytest.approx(b.point(bu, bv))

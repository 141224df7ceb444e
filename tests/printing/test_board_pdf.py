"""The Crete board drawn with reportlab and read back from pixels: markers decode at the
places board.py gives the referee, land and sea and grid lines sit where the geometry says."""

from __future__ import annotations

import io
from dataclasses import replace
from functools import cache

import cv2
import numpy as np
import pypdfium2 as pdfium
import pytest
from reportlab.pdfgen.canvas import Canvas

from pnp.geometry.asterion import board
from pnp.geometry.asterion.board import board_size
from pnp.printing import pen
from pnp.printing.asterion import PRINTING
from pnp.printing.asterion import board as board_sheets
from pnp.printing.asterion.draw_board import board_style, draw_whole_board
from pnp.printing.asterion.style import asterion_style
from pnp.printing.context import DrawContext
from pnp.printing.cuts import MARKS
from pnp.printing.pdf import draw_page
from pnp.printing.placement import Options, furniture, papers, place
from pnp.printing.split.pieces import piece_for
from pnp.printing.style import FONT, register_fonts

DPI = 100
SCALE = DPI / 25.4                       # pixels per mm
SPEC = board.board_spec()
S = SPEC.square
MARKERS = board.board_marker_places()


def context(paper: str = "a4", bleed: float = 2.0, ink_saver: bool = False) -> DrawContext:
    return DrawContext(PRINTING, "crete", asterion_style(ink_saver),
                       Options(papers()[paper], bleed))


def detector() -> cv2.aruco.ArucoDetector:
    return cv2.aruco.ArucoDetector(cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_250),
                                   cv2.aruco.DetectorParameters())


@cache
def whole_board_pdf(ink_saver: bool = False) -> bytes:
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName=FONT)
    width, height = board_size()
    pen.start_page(canvas, width, height)
    draw_whole_board(canvas, 0.0, 0.0, context(ink_saver=ink_saver))
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


@cache
def whole_board_image(ink_saver: bool = False) -> np.ndarray:
    page = pdfium.PdfDocument(whole_board_pdf(ink_saver))[0]
    return np.array(page.render(scale=DPI / 72).to_pil().convert("RGB"))


def pixel(image: np.ndarray, point: tuple[float, float]) -> np.ndarray:
    """The colour at a board-frame point of the whole-board image."""
    x0, y0, _x1, _y1 = board.board_box()
    col = round((point[0] - x0) * SCALE)
    row = round((point[1] - y0) * SCALE)
    return image[row, col].astype(int)


def rgb(colour) -> np.ndarray:
    return np.array([round(colour.red * 255), round(colour.green * 255),
                     round(colour.blue * 255)])


def page_furniture(marks: bool):
    """The page furniture, keeping room for print-and-cut registration marks or not."""
    return MARKS.reserve(furniture()) if marks else furniture()


@cache
def pieces_pdf(paper: str, bleed: float, marks: bool = False) -> tuple[bytes, tuple]:
    """Every board piece, packed on pages by the placement step."""
    register_fonts()
    ctx = context(paper, bleed)
    if marks:
        ctx = replace(ctx, options=replace(ctx.options, furniture=page_furniture(True),
                                           cut_marks=True))
    comps = board_sheets.board_components(ctx.options.paper, bleed, ctx.options.furniture)
    pages = tuple(p for p in place(comps, ctx.options) if p.side == "front")
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName=FONT)
    for page in pages:
        draw_page(canvas, page, ctx, len(pages))
    canvas.save()
    return buffer.getvalue(), pages


# --- The whole board -----------------------------------------------------------------

def test_board_size_is_the_diamond():
    width, height = board_size()
    assert width == height == pytest.approx(2 * board.reach())


def test_whole_board_markers_decode_at_their_places():
    gray = cv2.cvtColor(whole_board_image(), cv2.COLOR_RGB2GRAY)
    corners, ids, _ = detector().detectMarkers(gray)
    assert ids is not None
    found = {int(i): quad.reshape(4, 2) / SCALE for quad, i in zip(corners, ids.ravel(),
                                                                   strict=True)}
    assert sorted(found) == [m.id for m in MARKERS]
    x0, y0, _x1, _y1 = board.board_box()
    for m in MARKERS:
        quad = found[m.id] + np.array([x0, y0])
        assert np.hypot(*(quad.mean(axis=0) - m.centre)) < 0.5, m.name
        # upright: OpenCV's first corner is the printed top-left
        assert np.abs(quad - np.array(m.corners)).max() < 1.0, m.name


def test_squares_are_land_and_the_coast_is_sea():
    image = whole_board_image()
    style = board_style(False)
    sea = rgb(style.sea)
    on_board = set(board.board_squares())
    for i, j in on_board:
        ring = min(p for p, r in SPEC.areas.items() if abs(i) + abs(j) <= r)
        # off the centre, where the Minotaur's square carries its name and head
        point = (S * i - 0.36 * S, S * j + 0.36 * S)
        assert np.abs(pixel(image, point) - rgb(style.land[ring])).max() <= 6, (i, j)
        for di, dj in ((1, 0), (-1, 0), (0, 1), (0, -1)):
            if (i + di, j + dj) not in on_board:
                out = (S * i + di * (S / 2 + 6), S * j + dj * (S / 2 + 6))
                assert np.abs(pixel(image, out) - sea).max() <= 6, (i, j, di, dj)
    # beyond the diamond edge: white paper
    r = board.reach()
    assert (pixel(image, (r * 0.5 + 3, -r * 0.5 - 3)) >= 250).all()


def _dark_lines(profile: np.ndarray, threshold: float) -> list[float]:
    """Centres (in pixels) of runs darker than `threshold`."""
    dark = profile < threshold
    centres, start = [], None
    for k, d in enumerate(dark):
        if d and start is None:
            start = k
        if not d and start is not None:
            centres.append((start + k - 1) / 2)
            start = None
    return centres


@pytest.mark.parametrize("axis", ["x", "y"])
def test_grid_lines_sit_on_the_square_edges(axis):
    """Along the middle row (and column) of squares, off the centre line, the only dark
    lines are the grid lines between squares and the land's edge, every 50 mm."""
    gray = cv2.cvtColor(whole_board_image(), cv2.COLOR_RGB2GRAY).astype(float)
    x0, y0, _x1, _y1 = board.board_box()
    offset = -0.36 * S                   # clear of the Minotaur's name and head
    if axis == "x":
        row = round((offset - y0) * SCALE)
        profile = gray[row, :]
    else:
        col = round((offset - x0) * SCALE)
        profile = gray[:, col]
    land = float(np.median(profile[profile > 150]))
    edge = board.reach() - abs(offset) - 2      # the whole board outlines the diamond
    lines = [(c / SCALE) + x0 for c in _dark_lines(profile, land - 25)]
    lines = [v for v in lines if abs(v) < edge]
    r = SPEC.radius
    expected = [S * k - S / 2 for k in range(-r, r + 2)]
    # the grid lines, and sea free of markers and legends either side: nothing else dark
    assert len(lines) == len(expected), lines
    assert np.abs(np.array(lines) - np.array(expected)).max() < 0.5


def test_ink_saver_board_is_lighter_with_the_same_markers():
    normal = whole_board_image(False).astype(float)
    saver = whole_board_image(True).astype(float)
    assert (255 - saver).mean() < 0.6 * (255 - normal).mean()
    _, ids, _ = detector().detectMarkers(cv2.cvtColor(whole_board_image(True),
                                                      cv2.COLOR_RGB2GRAY))
    assert ids is not None and sorted(int(i) for i in ids.ravel()) == [m.id for m in MARKERS]


# --- The pieces ----------------------------------------------------------------------

@pytest.mark.parametrize(("paper", "bleed", "marks"),
                         [("a4", 2.0, False), ("letter", 0.0, False), ("letter", 2.0, True)])
def test_each_marker_is_printed_once_where_the_plan_puts_it(paper, bleed, marks):
    """Every piece, turned as placed, prints each of its markers within 0.5 mm of where
    the plan puts it: the pieces assemble (Letter inside registration marks: a sliver, a
    turned sheet and pieces turned to nest)."""
    data, pages = pieces_pdf(paper, bleed, marks)
    pieces = board_sheets.plan_board(papers()[paper], bleed, page_furniture(marks))
    document = pdfium.PdfDocument(data)
    assert len(document) == len(pages) < len(pieces)         # pieces share sheets
    assert sorted(i.component.id for p in pages for i in p.items) == sorted(
        f"board-{p.label}" for p in pieces)
    seen: dict[int, str] = {}
    for index, page in enumerate(pages):
        width, height = (v / 72 * 25.4 for v in document[index].get_size())
        assert (width, height) == pytest.approx((page.width, page.height), abs=0.01)
        image = np.array(document[index].render(scale=DPI / 72, grayscale=True).to_pil())
        corners, ids, _ = detector().detectMarkers(image)
        found = {int(i): quad.reshape(4, 2).mean(axis=0) / SCALE
                 for quad, i in zip(corners, ids.ravel() if ids is not None else (),
                                    strict=True)}
        for item in page.items:
            piece = piece_for(pieces, item.component)            # turned as placed
            for marker in MARKERS:
                expected = piece.to_page(marker.centre, item.x, item.y)
                near = [k for k, c in found.items() if np.hypot(*(c - expected)) < 0.5]
                if marker.id in near:
                    assert marker.id not in seen, (marker.name, seen.get(marker.id))
                    seen[marker.id] = piece.label
    assert sorted(seen) == [m.id for m in MARKERS]


def test_piece_art_matches_the_whole_board():
    """A land square and a sea point look the same on a piece as on the whole board."""
    data, pages = pieces_pdf("a4", 2.0)
    pieces = board_sheets.plan_board(papers()["a4"], 2.0, furniture())
    document = pdfium.PdfDocument(data)
    whole = whole_board_image()
    placed = [(index, item) for index, page in enumerate(pages) for item in page.items]
    assert len(placed) == len(pieces)
    for index, item in placed:
        piece = piece_for(pieces, item.component)
        image = np.array(document[index].render(scale=DPI / 72).to_pil().convert("RGB"))
        for i, j in board_sheets.piece_squares(piece)[:3]:
            point = (S * i - 0.36 * S, S * j + 0.36 * S)
            x, y = piece.to_page(point, item.x, item.y)
            here = image[round(y * SCALE), round(x * SCALE)].astype(int)
            assert np.abs(here - pixel(whole, point)).max() <= 4, (piece.label, i, j)


def test_drawing_is_deterministic():
    first, _ = pieces_pdf("a4", 2.0)
    pieces_pdf.cache_clear()
    second, _ = pieces_pdf("a4", 2.0)
    assert first == second
    assert whole_board_pdf() == whole_board_pdf.__wrapped__()


def test_the_crete_build_prints_the_board_pieces(builds):
    _ctx, pages = builds.plan(edition="crete")
    board_items = [i for p in pages if p.side == "front" for i in p.items
                   if i.component.kind == "board"]
    pieces = board_sheets.plan_board(papers()["a4"], 2.0, furniture())
    assert sorted(i.component.id for i in board_items) == sorted(f"board-{p.label}"
                                                                 for p in pieces)
    _ctx, pages = builds.plan(edition="revised")
    assert not [i for p in pages for i in p.items if i.component.kind == "board"]

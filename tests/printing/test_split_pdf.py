"""A split two-sided board drawn: the second side prints exactly behind the first."""

from __future__ import annotations

import io
import math

import numpy as np
import pypdfium2 as pdfium
import pytest
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.geometry.polygon import regular_polygon
from pnp.printing import pen
from pnp.printing.draw_split import PieceStyle, draw_piece, draw_piece_back
from pnp.printing.placement import Options, furniture, papers, place
from pnp.printing.split.board import Board
from pnp.printing.split.furniture import label_spot
from pnp.printing.split.pieces import piece_components, piece_for
from pnp.printing.split.plan import plan_pieces
from pnp.printing.style import FONT, register_fonts

DPI = 30
RED, BLUE, GREEN = HexColor("#FF0000"), HexColor("#0000FF"), HexColor("#00FF00")


def board() -> Board:
    cuts = tuple(float(c) for c in range(-150, 151, 50))
    return Board(regular_polygon((0.0, 0.0), 230.0, 10), cuts, cuts,
                       glue_overlap=0.0, turn=False, bare_pieces=True)


def side_one(canvas: Canvas, grow: float) -> None:
    canvas.setFillColor(RED)                  # the west half
    canvas.rect(-1000, -1000, 1000, 2000, stroke=0, fill=1)


def side_two(canvas: Canvas, grow: float) -> None:
    canvas.setFillColor(BLUE)                 # its east half lies behind side one's west
    canvas.rect(0, -1000, 1000, 2000, stroke=0, fill=1)
    canvas.setFillColor(GREEN)
    canvas.rect(-1000, -1000, 1000, 2000, stroke=0, fill=1)


def render(b: Board, pieces, pages, duplex: str) -> pdfium.PdfDocument:
    """The pages drawn: side one on the fronts, side two on the backs."""
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName=FONT)
    style = PieceStyle(0.2, 0.35, HexColor("#DDDDDD"))
    for page in pages:
        pen.start_page(canvas, page.width, page.height)
        for item in page.items:
            if item.face == "front":
                draw_piece(canvas, item, b, pieces, side_one, style, 2.0)
            else:
                draw_piece_back(canvas, item, pieces, side_two, duplex, 2.0)
        canvas.showPage()
    canvas.save()
    return pdfium.PdfDocument(buffer.getvalue())


def seen(front_image, back_image, page, item, piece, point, duplex: str):
    """The colours of side one's `point` on the front and of what the flip puts behind
    it on the back."""
    scale = DPI / 25.4
    px, py = piece.to_page(point, item.x, item.y)
    fx, fy = (px, page.height - py) if duplex == "short" else (page.width - px, py)
    return (tuple(front_image[round(py * scale), round(px * scale)]),
            tuple(back_image[round(fy * scale), round(fx * scale)]))


@pytest.mark.parametrize("duplex", ["long", "short"])
def test_the_back_of_each_piece_is_the_second_side_behind_the_first(duplex):
    sheet = papers()["a3"]
    b = board()
    pieces = plan_pieces(b, sheet, 2.0, furniture())
    pages = place(piece_components(b, pieces, kind="web", back="web"),
                  Options(sheet, 2.0, duplex))
    document = render(b, pieces, pages, duplex)
    checked = 0
    placed = [(k, front) for k in range(0, len(pages), 2) for front in pages[k].items]
    for k, front in placed:
        front_page = pages[k]
        piece = piece_for(pieces, front.component)
        front_image = np.array(document[k].render(scale=DPI / 72).to_pil().convert("RGB"))
        back_image = np.array(document[k + 1].render(scale=DPI / 72).to_pil().convert("RGB"))
        cx = sum(p[0] for p in piece.polygon) / len(piece.polygon)
        cy = sum(p[1] for p in piece.polygon) / len(piece.polygon)
        # a point of the art well away from the piece's label
        spot = label_spot(b, piece) or (cx, cy)
        cx, cy = max([(cx, cy)] + [((cx + x) / 2, (cy + y) / 2) for x, y in piece.polygon],
                     key=lambda q: math.dist(q, spot))
        if abs(cx) < 20:
            continue                           # the piece's middle is on the halves' seam
        here, there = seen(front_image, back_image, front_page, front, piece, (cx, cy), duplex)
        if cx < 0:
            assert here == (255, 0, 0) and there == (0, 0, 255), piece.label
        else:
            assert here == (255, 255, 255) and there == (0, 255, 0), piece.label
        checked += 1
    assert checked >= 2


def wide() -> Board:
    """A two-sided 380 x 250 mm board: on A3 it fits one sheet only turned."""
    outline = ((-190.0, -125.0), (190.0, -125.0), (190.0, 125.0), (-190.0, 125.0))
    return Board(outline, (0.0,), (0.0,), glue_overlap=0.0, turn=False,
                       quarter_turn=True, bare_pieces=True)


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_a_turned_piece_s_second_side_lands_exactly_behind_the_first(duplex):
    sheet = papers()["a3"]
    b = wide()
    pieces = plan_pieces(b, sheet, 2.0, furniture())
    (piece,) = pieces
    assert piece.turned and not piece.landscape
    pages = place(piece_components(b, pieces, kind="web", back="web"),
                  Options(sheet, 2.0, duplex))
    document = render(b, pieces, pages, duplex)
    (k,) = [n for n, p in enumerate(pages) if p.side == "front"]
    (j,) = [n for n, p in enumerate(pages) if p.side == "back"]
    front_page = pages[k]
    assert front_page.width < front_page.height                 # the sheet stays upright
    (front,) = front_page.items
    front_image = np.array(document[k].render(scale=DPI / 72).to_pil().convert("RGB"))
    back_image = np.array(document[j].render(scale=DPI / 72).to_pil().convert("RGB"))
    scale = DPI / 25.4
    # turned a quarter clockwise: the board's west (red) half is the sheet's upper half
    mid_x = front.x + front.width / 2
    assert tuple(front_image[round((front.y + 40) * scale), round(mid_x * scale)]) == (255, 0, 0)
    assert tuple(front_image[round((front.y + front.height - 40) * scale),
                             round(mid_x * scale)]) == (255, 255, 255)
    for x, y in ((-120.0, -80.0), (-60.0, 90.0), (120.0, -80.0), (60.0, 90.0)):
        here, there = seen(front_image, back_image, front_page, front, piece, (x, y), duplex)
        if x < 0:
            assert here == (255, 0, 0) and there == (0, 0, 255), (x, y)
        else:
            assert here == (255, 255, 255) and there == (0, 255, 0), (x, y)

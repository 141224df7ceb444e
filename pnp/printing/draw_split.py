"""Drawing a board split over sheets (pnp/printing/split/), for any game.

A piece is drawn in the board frame, moved onto the page by one translation: the game
paints its art clipped to the piece's art outline (`paint(canvas, grow)`, where `grow` is
the bleed), then this module adds what every split board carries: glue tabs (white,
hatched, "A2 · glue under A1"), alignment half-circles on the seams with the neighbour's
label, the cut outline (dashed where a neighbour's edge lies on a tab), the piece's label
and the assembly diagram. The back of a two-sided board's piece is the second side, laid
exactly behind the first (`draw_piece_back`).
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from dataclasses import dataclass

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from pnp.geometry.polygon import Box, Point, bounds
from pnp.printing.pen import polygon as fill_polygon
from pnp.printing.pen import polygon_path, saved, text
from pnp.printing.placement import Item
from pnp.printing.replay import drawn_once
from pnp.printing.split.board import Board, BoardPiece, Seam
from pnp.printing.split.furniture import AlignMark, align_marks, diagram_spot, label_spot
from pnp.printing.split.pieces import piece_for
from pnp.printing.split.two_sided import back_transform, mirrored
from pnp.printing.style import FONT, FONT_BOLD, WHITE, font_pt
from pnp.units import PT_PER_MM

GLUE_GREY = HexColor("#9A9A9A")
CUT_GREY = HexColor("#333333")
HIGHLIGHT = HexColor("#E69F00")   # Okabe-Ito orange: this piece in the assembly diagram

Paint = Callable[[Canvas, float], None]     # (canvas in the board frame, bleed mm)


@dataclass(frozen=True)
class PieceStyle:
    """How a board piece's cut lines, marks and assembly diagram are drawn."""
    cut_line: float          # width of the cut outlines, mm
    mark_line: float         # width of the alignment marks, mm
    diagram_fill: Color      # the other pieces in the assembly diagram


def mix(a: Color, b: Color, t: float) -> Color:
    return Color(a.red + (b.red - a.red) * t, a.green + (b.green - a.green) * t,
                 a.blue + (b.blue - a.blue) * t)


def clip(canvas: Canvas, *polygons) -> None:
    path = canvas.beginPath()
    for poly in polygons:
        path.moveTo(*poly[0])
        for p in poly[1:]:
            path.lineTo(*p)
        path.close()
    canvas.clipPath(path, stroke=0, fill=0, fillMode=FILL_NON_ZERO)


def text_mm(canvas: Canvas, string: str, font: str, size_pt: float) -> float:
    return canvas.stringWidth(string, font, size_pt) / PT_PER_MM


def draw_piece(canvas: Canvas, item: Item, board: Board, pieces, paint: Paint,
               style: PieceStyle, bleed: float, art: Hashable | None = None) -> None:
    """One piece (of `pieces`, the plan) for `item`, its drawn box's top-left at
    (item.x, item.y), turned as the piece and its placement say (`piece_for`): the game's
    art, then tabs, alignment marks, cut outline, label and the assembly diagram (unless
    placement gave its room to another piece: the component keeps no `optional` part).
    `art`: a key naming what `paint` draws when it paints the same under every piece (the
    art is then drawn once and copied, `replay.drawn_once`); None: painted for each."""
    piece = piece_for(pieces, item.component)
    with saved(canvas):
        if piece.turns:             # turned on its sheet
            canvas.translate(item.x, item.y)
            canvas.transform(*piece.transform())
        else:
            canvas.translate(item.x - piece.box[0], item.y - piece.box[1])
        with saved(canvas):
            clip(canvas, piece.art_polygon)
            if art is None:
                paint(canvas, bleed)
            else:
                drawn_once(canvas, ("board art", art, bleed), lambda: paint(canvas, bleed))
        for seam in piece.tabs:
            _tab(canvas, board, piece, seam)
        with saved(canvas):
            clip(canvas, piece.art_polygon, *(s.tab_polygon for s in piece.tabs))
            for mark in align_marks(board, piece):
                _align_mark(canvas, board, mark, style)
        _cut_outline(canvas, piece, style)
        if len(pieces) == 1:
            return              # a whole board: nothing to assemble, no label or map
        spot = label_spot(board, piece)
        if spot is not None:
            h = board.label_height
            canvas.setFillColor(CUT_GREY)
            text(canvas, spot[0], spot[1] + h / 2, piece.label, font_pt(h), FONT_BOLD,
                 anchor="middle")
        box = diagram_spot(board, piece)
        if box is not None and item.component.optional:
            _diagram(canvas, board, box, piece, pieces, style)


def draw_piece_back(canvas: Canvas, item: Item, pieces, paint_back: Paint, duplex: str,
                    bleed: float) -> None:
    """The back of a two-sided board's piece: the second side (in its own frame, see
    `back_transform`) clipped to the piece's art outline, exactly behind the front.
    `item` is the back item (placement mirrors it); no marks: cut on the front."""
    piece = piece_for(pieces, item.component)
    with saved(canvas):
        canvas.translate(item.x, item.y)
        canvas.transform(*back_transform(piece, duplex))
        clip(canvas, mirrored(piece.art_polygon))
        paint_back(canvas, bleed)


def _tab(canvas: Canvas, board: Board, piece: BoardPiece,
         seam: Seam) -> None:
    """A glue tab: white, hatched, with this piece's label and the neighbours it goes under."""
    depth = board.glue_overlap
    with saved(canvas):
        clip(canvas, seam.tab_polygon)
        canvas.setFillColor(WHITE)
        fill_polygon(canvas, list(seam.tab_polygon), stroke=0, fill=1)
        x0, y0, x1, y1 = bounds(seam.tab_polygon)
        canvas.setStrokeColor(mix(GLUE_GREY, WHITE, 0.45))
        canvas.setLineWidth(0.25)
        step = depth / 4
        k = x0 - (y1 - y0)
        while k < x1:
            canvas.line(k, y1, k + (y1 - y0), y0)
            k += step
        cap = depth * 0.3
        size = font_pt(cap)
        for neighbour in seam.neighbours:
            words = f"{piece.label} · glue under {neighbour.label}"
            mx = (neighbour.a[0] + neighbour.b[0]) / 2
            my = (neighbour.a[1] + neighbour.b[1]) / 2
            length = max(abs(neighbour.a[0] - neighbour.b[0]), abs(neighbour.a[1] - neighbour.b[1]))
            with saved(canvas):
                if seam.side == "top":
                    canvas.translate(mx, my - depth / 2)
                else:
                    canvas.translate(mx - depth / 2, my)
                    canvas.rotate(-90)
                width = text_mm(canvas, words, FONT_BOLD, size) + cap
                # the tab runs along the seam, clipped by the diamond: stay in its middle
                scale = min(1.0, 0.7 * length / width)
                canvas.scale(scale, scale)
                canvas.setFillColor(WHITE)
                canvas.rect(-width / 2, -cap, width, 2 * cap, stroke=0, fill=1)
                canvas.setFillColor(GLUE_GREY)
                text(canvas, 0.0, cap / 2, words, size, FONT_BOLD, anchor="middle")


def _align_mark(canvas: Canvas, board: Board, mark: AlignMark,
                style: PieceStyle) -> None:
    """A circle across the seam with a tick through it, and the neighbour's label on this
    side: the halves on the two pieces make one circle when they are aligned."""
    r = board.align_mark
    x, y = mark.at
    canvas.setStrokeColor(CUT_GREY)
    canvas.setLineWidth(style.mark_line)
    canvas.circle(x, y, r, stroke=1, fill=0)
    inward = {"top": (0, 1), "bottom": (0, -1), "left": (1, 0), "right": (-1, 0)}[mark.side]
    canvas.line(x - inward[0] * 1.6 * r, y - inward[1] * 1.6 * r,
                x + inward[0] * 1.6 * r, y + inward[1] * 1.6 * r)
    cap = r * 0.9
    tx, ty = x + inward[0] * (r + 1.5 * cap), y + inward[1] * (r + 1.5 * cap)
    canvas.setFillColor(CUT_GREY)
    text(canvas, tx, ty + cap / 2, mark.neighbour, font_pt(cap), FONT_BOLD, anchor="middle")


def _cut_outline(canvas: Canvas, piece: BoardPiece, style: PieceStyle) -> None:
    """Cut along the solid lines; a dashed line marks where a neighbour's edge lies on the
    tab (the seam), which is not cut."""
    canvas.setStrokeColor(CUT_GREY)
    canvas.setLineWidth(style.cut_line)
    canvas.setLineCap(0)
    seams = {(s.a, s.b) for s in piece.tabs}
    poly = piece.polygon
    for k, a in enumerate(poly):
        b = poly[(k + 1) % len(poly)]
        if (a, b) in seams or (b, a) in seams:
            canvas.setDash([1.5, 1.0], 0)
        canvas.line(*a, *b)
        canvas.setDash([], 0)
    for seam in piece.tabs:
        tab = seam.tab_polygon
        for k, a in enumerate(tab):
            b = tab[(k + 1) % len(tab)]
            on_seam = all(_on_segment(p, seam.a, seam.b) for p in (a, b))
            if not on_seam:
                canvas.line(*a, *b)


def _on_segment(p: Point, a: Point, b: Point) -> bool:
    cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
    return abs(cross) < 1e-6 * max(1.0, abs(b[0] - a[0]) + abs(b[1] - a[1]))


def _diagram(canvas: Canvas, board: Board, box: Box, piece: BoardPiece,
             pieces, style: PieceStyle) -> None:
    """A small map of the assembled board: every piece's outline and label, this one
    highlighted."""
    x0, y0, x1, _y1 = box
    side = x1 - x0
    caption = side * 0.045
    bx0, by0, bx1, _by1 = bounds(board.outline)
    inner = side - 3 * caption
    scale = inner / (bx1 - bx0)
    canvas.setFillColor(CUT_GREY)
    text(canvas, x0 + side / 2, y0 + caption, f"Board sheet {piece.label}: where it goes",
         font_pt(caption * 0.8), FONT_BOLD, anchor="middle")
    with saved(canvas):
        canvas.translate(x0 + (side - inner) / 2 - bx0 * scale, y0 + 2 * caption - by0 * scale)
        canvas.scale(scale, scale)
        for other in pieces:
            fill = HIGHLIGHT if other.label == piece.label else style.diagram_fill
            canvas.setFillColor(fill)
            canvas.setStrokeColor(CUT_GREY)
            canvas.setLineWidth(0.3 / scale)
            canvas.drawPath(polygon_path(canvas, other.polygon), stroke=1, fill=1)
            cx = sum(p[0] for p in other.polygon) / len(other.polygon)
            cy = sum(p[1] for p in other.polygon) / len(other.polygon)
            cap = 2.2 / scale
            canvas.setFillColor(CUT_GREY)
            text(canvas, cx, cy + cap / 2, other.label, font_pt(cap),
                 FONT_BOLD if other.label == piece.label else FONT, anchor="middle")

"""Drawing the Crete board: the whole board (PNG export, referee test photos) and its
printable pieces (glue tabs, alignment marks, labels, cut lines, assembly diagram).

Everything is drawn in the board frame of board.py (mm, origin at the Minotaur's square,
y down), moved onto the page by one translation; this module only paints what board.py
computed. Drawing order: sea, land (shaded by player-count area), grid lines, area
outlines, the Minotaur's square, markers, legends; then, on a piece, the tabs, the
alignment marks, the cut outline, the labels and the diagram.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import FILL_NON_ZERO, Canvas

from pnp import layouts
from pnp.printing.asterion import board as geo
from pnp.printing.asterion import icons
from pnp.printing.context import DrawContext
from pnp.printing.draw_marker import draw_marker
from pnp.printing.pen import polygon as fill_polygon
from pnp.printing.pen import saved, text
from pnp.printing.placement import Item
from pnp.printing.style import FONT, FONT_BOLD, WHITE
from pnp.units import PT_PER_MM, mm

CAP_HEIGHT = 0.73            # Vera's capital height, in ems
GLUE_GREY = HexColor("#9A9A9A")
CUT_GREY = HexColor("#333333")
HIGHLIGHT = HexColor("#E69F00")   # Okabe-Ito orange: this piece in the assembly diagram


def _mix(a: Color, b: Color, t: float) -> Color:
    return Color(a.red + (b.red - a.red) * t, a.green + (b.green - a.green) * t,
                 a.blue + (b.blue - a.blue) * t)


@dataclass(frozen=True)
class BoardStyle:
    sea: Color
    land: dict[int, Color]        # players -> the land colour of the ring only they use
    line: Color
    grid_line: float
    area_line: float
    area_colours: dict[int, Color]
    area_dashes: dict[int, tuple[float, ...]]
    cut_line: float


@cache
def board_style(ink_saver: bool) -> BoardStyle:
    """Ink saver: sea and land fade towards white; lines, markers and shapes stay."""
    data = layouts.load("asterion")["board"]
    sea, land, line = HexColor(data["sea"]), HexColor(data["land"]), HexColor(data["line"])
    fade = 0.65 if ink_saver else 0.0
    rings = {}
    for k, players in enumerate(sorted(geo.board_spec().areas, reverse=True)):
        # the inner areas a little darker: the core of the labyrinth reads as the core
        rings[players] = _mix(_mix(land, line, 0.09 * k), WHITE, fade)
    return BoardStyle(
        sea=_mix(sea, WHITE, fade),
        land=rings,
        line=line,
        grid_line=mm(data["grid_line"]),
        area_line=mm(data["area_line"]),
        area_colours={int(k): HexColor(v) for k, v in data["area_line_colours"].items()},
        area_dashes={int(k): tuple(float(x) for x in v) for k, v in data["area_dashes"].items()},
        cut_line=mm(data["cut_line"]),
    )


def board_size() -> tuple[float, float]:
    """Width and height of the assembled board's bounding box, mm."""
    x0, y0, x1, y1 = geo.board_box()
    return x1 - x0, y1 - y0


def _path(canvas: Canvas, points):
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for p in points[1:]:
        path.lineTo(*p)
    path.close()
    return path


def _clip(canvas: Canvas, *polygons) -> None:
    path = canvas.beginPath()
    for poly in polygons:
        path.moveTo(*poly[0])
        for p in poly[1:]:
            path.lineTo(*p)
        path.close()
    canvas.clipPath(path, stroke=0, fill=0, fillMode=FILL_NON_ZERO)


def _font_pt(cap_mm: float) -> float:
    """The font size (pt) whose capitals are `cap_mm` tall."""
    return cap_mm / CAP_HEIGHT * PT_PER_MM


def _text_mm(canvas: Canvas, string: str, font: str, size_pt: float) -> float:
    return canvas.stringWidth(string, font, size_pt) / PT_PER_MM


# --- The board art (board frame) ---------------------------------------------------------

def _draw_art(canvas: Canvas, style: BoardStyle, sea_grow: float) -> None:
    spec = geo.board_spec()
    canvas.setFillColor(style.sea)
    fill_polygon(canvas, list(geo.diamond(sea_grow)), stroke=0, fill=1)
    for players in sorted(spec.areas, reverse=True):          # outer ring first
        canvas.setFillColor(style.land[players])
        fill_polygon(canvas, list(geo.staircase(spec.areas[players])), stroke=0, fill=1)
    canvas.setStrokeColor(style.line)
    canvas.setLineWidth(style.grid_line)
    canvas.setLineCap(2)
    for a, b in geo.grid_lines():
        canvas.line(*a, *b)
    _minotaur_square(canvas, style)
    canvas.setLineJoin(0)
    canvas.setLineCap(0)
    for players in sorted(style.area_colours):
        radius = spec.areas[players]
        if radius >= spec.radius:
            continue
        canvas.setStrokeColor(style.area_colours[players])
        canvas.setLineWidth(style.area_line)
        canvas.setDash(list(style.area_dashes.get(players, ())) or [], 0)
        canvas.drawPath(_path(canvas, geo.staircase(radius)), stroke=1, fill=0)
    canvas.setDash([], 0)
    for marker in geo.board_marker_places():
        x, y = marker.corners[0]
        draw_marker(canvas, marker.id, x, y, spec.marker_module)
    _legends(canvas, style)


def _minotaur_square(canvas: Canvas, style: BoardStyle) -> None:
    """The centre square: the Minotaur tile goes here. Faint, and away from its edges."""
    s = geo.board_spec().square
    canvas.setFillColor(_mix(style.land[min(style.land)], style.line, 0.45))
    size = _font_pt(s / 14)
    text(canvas, 0.0, s * 0.3, "MINOTAUR", size, FONT_BOLD, anchor="middle")
    with saved(canvas):
        canvas.setFillAlpha(0.35)
        canvas.setStrokeAlpha(0.35)
        icons.use(canvas, "asterion", icons.asterion, 0.0, -s * 0.04, s * 0.42)


def legend_items() -> list[tuple[int, str]]:
    """(players, text) for each area, largest first."""
    spec = geo.board_spec()
    out = []
    for players in sorted(spec.areas, reverse=True):
        count = geo.area_for_players(players)
        if spec.areas[players] >= spec.radius:
            out.append((players, f"{players} players: all {count} squares"))
        else:
            dashes = layouts.load("asterion")["board"]["area_dashes"].get(str(players), [])
            kind = "dashed" if dashes else "solid"
            out.append((players, f"{players} players: the {count} squares inside the "
                                 f"{kind} line"))
    return out


def _legends(canvas: Canvas, style: BoardStyle) -> None:
    """Along the middle of each edge: a line sample, then what it means, for each area."""
    spec = geo.board_spec()
    size = spec.legend_size * PT_PER_MM
    sample = 3 * spec.legend_size
    gap = 1.5 * spec.legend_size
    items = legend_items()
    widths = [(sample + gap / 2 if players in style.area_colours else 0.0)
              + _text_mm(canvas, string, FONT, size) for players, string in items]
    for legend in geo.legends():
        total = sum(widths) + gap * (len(items) - 1)
        scale = min(1.0, legend.length / total)
        with saved(canvas):
            canvas.translate(*legend.centre)
            canvas.rotate(legend.angle)
            canvas.scale(scale, scale)
            x = -total / 2
            for (players, string), width in zip(items, widths, strict=True):
                if players in style.area_colours:
                    canvas.setStrokeColor(style.area_colours[players])
                    canvas.setLineWidth(style.area_line)
                    canvas.setDash(list(style.area_dashes.get(players, ())) or [], 0)
                    y = -spec.legend_size * CAP_HEIGHT / 2
                    canvas.line(x, y, x + sample, y)
                    canvas.setDash([], 0)
                    x += sample + gap / 2
                canvas.setFillColor(style.line)
                text(canvas, x, 0.0, string, size, FONT)
                x += width - (sample + gap / 2 if players in style.area_colours else 0.0)
                x += gap


# --- The whole board ---------------------------------------------------------------------

def draw_whole_board(canvas: Canvas, x: float, y: float, ctx: DrawContext) -> None:
    """The assembled board (no tabs, no cut lines), its bounding box's top-left at (x, y)."""
    style = board_style(ctx.style.ink_saver)
    x0, y0, _x1, _y1 = geo.board_box()
    with saved(canvas):
        canvas.translate(x - x0, y - y0)
        with saved(canvas):
            _clip(canvas, geo.diamond())
            _draw_art(canvas, style, 0.0)
        canvas.setStrokeColor(style.line)
        canvas.setLineWidth(style.cut_line)
        canvas.drawPath(_path(canvas, geo.diamond()), stroke=1, fill=0)


# --- A piece -----------------------------------------------------------------------------

def draw_board_piece(canvas: Canvas, item: Item, ctx: DrawContext) -> None:
    """One piece of the board, its drawn box's top-left at (item.x, item.y)."""
    opts = ctx.options
    pieces = geo.plan_board(opts.paper, opts.bleed, opts.furniture)
    piece = geo.piece_for_component(item.component, opts.paper, opts.bleed, opts.furniture)
    style = board_style(ctx.style.ink_saver)
    with saved(canvas):
        canvas.translate(item.x - piece.box[0], item.y - piece.box[1])
        with saved(canvas):
            _clip(canvas, piece.art_polygon)
            _draw_art(canvas, style, opts.bleed)
        for seam in piece.tabs:
            _tab(canvas, piece, seam, style)
        with saved(canvas):
            _clip(canvas, piece.art_polygon, *(s.tab_polygon for s in piece.tabs))
            for mark in geo.align_marks(piece):
                _align_mark(canvas, piece, mark, style)
        _cut_outline(canvas, piece, style)
        spot = geo.label_spot(piece)
        if spot is not None:
            h = geo.board_spec().label_height
            canvas.setFillColor(CUT_GREY)
            text(canvas, spot[0], spot[1] + h / 2, piece.label, _font_pt(h), FONT_BOLD,
                 anchor="middle")
        box = geo.diagram_spot(piece)
        if box is not None:
            _diagram(canvas, box, piece, pieces, style)


def _tab(canvas: Canvas, piece: geo.BoardPiece, seam: geo.Seam, style: BoardStyle) -> None:
    """A glue tab: white, hatched, with this piece's label and the neighbours it goes under."""
    depth = geo.board_spec().glue_overlap
    with saved(canvas):
        _clip(canvas, seam.tab_polygon)
        canvas.setFillColor(WHITE)
        fill_polygon(canvas, list(seam.tab_polygon), stroke=0, fill=1)
        x0, y0, x1, y1 = geo.bounds(seam.tab_polygon)
        canvas.setStrokeColor(_mix(GLUE_GREY, WHITE, 0.45))
        canvas.setLineWidth(0.25)
        step = depth / 4
        k = x0 - (y1 - y0)
        while k < x1:
            canvas.line(k, y1, k + (y1 - y0), y0)
            k += step
        cap = depth * 0.3
        size = _font_pt(cap)
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
                width = _text_mm(canvas, words, FONT_BOLD, size) + cap
                # the tab runs along the seam, clipped by the diamond: stay in its middle
                scale = min(1.0, 0.7 * length / width)
                canvas.scale(scale, scale)
                canvas.setFillColor(WHITE)
                canvas.rect(-width / 2, -cap, width, 2 * cap, stroke=0, fill=1)
                canvas.setFillColor(GLUE_GREY)
                text(canvas, 0.0, cap / 2, words, size, FONT_BOLD, anchor="middle")


def _align_mark(canvas: Canvas, piece: geo.BoardPiece, mark: geo.AlignMark,
                style: BoardStyle) -> None:
    """A circle across the seam with a tick through it, and the neighbour's label on this
    side: the halves on the two pieces make one circle when they are aligned."""
    r = geo.board_spec().align_mark
    x, y = mark.at
    canvas.setStrokeColor(CUT_GREY)
    canvas.setLineWidth(style.grid_line)
    canvas.circle(x, y, r, stroke=1, fill=0)
    inward = {"top": (0, 1), "bottom": (0, -1), "left": (1, 0), "right": (-1, 0)}[mark.side]
    canvas.line(x - inward[0] * 1.6 * r, y - inward[1] * 1.6 * r,
                x + inward[0] * 1.6 * r, y + inward[1] * 1.6 * r)
    cap = r * 0.9
    tx, ty = x + inward[0] * (r + 1.5 * cap), y + inward[1] * (r + 1.5 * cap)
    canvas.setFillColor(CUT_GREY)
    text(canvas, tx, ty + cap / 2, mark.neighbour, _font_pt(cap), FONT_BOLD, anchor="middle")


def _cut_outline(canvas: Canvas, piece: geo.BoardPiece, style: BoardStyle) -> None:
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


def _on_segment(p: geo.Point, a: geo.Point, b: geo.Point) -> bool:
    cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
    return abs(cross) < 1e-6 * max(1.0, abs(b[0] - a[0]) + abs(b[1] - a[1]))


def _diagram(canvas: Canvas, box: geo.Box, piece: geo.BoardPiece,
             pieces: list[geo.BoardPiece], style: BoardStyle) -> None:
    """A small map of the assembled board: every piece's outline and label, this one
    highlighted."""
    x0, y0, x1, _y1 = box
    side = x1 - x0
    caption = side * 0.045
    bx0, by0, bx1, _by1 = geo.board_box()
    inner = side - 3 * caption
    scale = inner / (bx1 - bx0)
    canvas.setFillColor(CUT_GREY)
    text(canvas, x0 + side / 2, y0 + caption, f"Board sheet {piece.label}: where it goes",
         _font_pt(caption * 0.8), FONT_BOLD, anchor="middle")
    with saved(canvas):
        canvas.translate(x0 + (side - inner) / 2 - bx0 * scale, y0 + 2 * caption - by0 * scale)
        canvas.scale(scale, scale)
        for other in pieces:
            fill = HIGHLIGHT if other.label == piece.label else style.land[min(style.land)]
            canvas.setFillColor(fill)
            canvas.setStrokeColor(CUT_GREY)
            canvas.setLineWidth(0.3 / scale)
            canvas.drawPath(_path(canvas, other.polygon), stroke=1, fill=1)
            cx = sum(p[0] for p in other.polygon) / len(other.polygon)
            cy = sum(p[1] for p in other.polygon) / len(other.polygon)
            cap = 2.2 / scale
            canvas.setFillColor(CUT_GREY)
            text(canvas, cx, cy + cap / 2, other.label, _font_pt(cap),
                 FONT_BOLD if other.label == piece.label else FONT, anchor="middle")

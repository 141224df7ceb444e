"""Drawing the Crete board: the whole board (PNG export, referee test photos) and its
printable pieces (the shared draw_split.py adds glue tabs, alignment marks, labels, cut
lines and the assembly diagram).

Everything is drawn in the board frame of board.py (mm, origin at the Minotaur's square,
y down), moved onto the page by one translation; this module only paints what board.py
computed. Drawing order: sea, land (shaded by player-count area), grid lines, area
outlines, the Minotaur's square, markers, legends.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from reportlab.lib.colors import Color, HexColor

from pnp import layouts
from pnp.geometry.asterion import board as geo
from pnp.printing.asterion import board as board_sheets
from pnp.printing.asterion import icons
from pnp.printing.context import DrawContext
from pnp.printing.draw_marker import draw_marker
from pnp.printing.draw_split import PieceStyle, draw_piece, text_mm
from pnp.printing.draw_split import clip as _clip
from pnp.printing.draw_split import mix as _mix
from pnp.printing.drawing import Canvas
from pnp.printing.pen import polygon as fill_polygon
from pnp.printing.pen import polygon_path, saved, text, use_form
from pnp.printing.placement import Item
from pnp.printing.style import CAP_HEIGHT, FONT, FONT_BOLD, WHITE, font_pt
from pnp.units import PT_PER_MM, mm


@dataclass(frozen=True)
class BoardStyle:
    """The Crete board's colours, line widths and area dashes."""
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
        canvas.drawPath(polygon_path(canvas, geo.staircase(radius)), stroke=1, fill=0)
    canvas.setDash([], 0)
    for marker in geo.board_marker_places():
        x, y = marker.corners[0]
        draw_marker(canvas, marker.id, x, y, spec.marker_module)
    _legends(canvas, style)


def _minotaur_square(canvas: Canvas, style: BoardStyle) -> None:
    """The centre square: the Minotaur tile goes here. Faint, and away from its edges."""
    s = geo.board_spec().square
    canvas.setFillColor(_mix(style.land[min(style.land)], style.line, 0.45))
    size = font_pt(s / 14)
    text(canvas, 0.0, s * 0.3, "MINOTAUR", size, FONT_BOLD, anchor="middle")
    with saved(canvas):
        canvas.setFillAlpha(0.35)
        canvas.setStrokeAlpha(0.35)
        use_form(canvas, "asterion", icons.asterion, 0.0, -s * 0.04, s * 0.42)


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
              + text_mm(canvas, string, FONT, size) for players, string in items]
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
        canvas.drawPath(polygon_path(canvas, geo.diamond()), stroke=1, fill=0)


# --- A piece -----------------------------------------------------------------------------

def draw_board_piece(canvas: Canvas, item: Item, ctx: DrawContext) -> None:
    """One piece of the board, its drawn box's top-left at (item.x, item.y)."""
    opts = ctx.options
    style = board_style(ctx.style.ink_saver)
    pieces = board_sheets.plan_board(opts.paper, opts.bleed, opts.furniture)
    draw_piece(canvas, item, board_sheets.crete_board(), pieces,
               lambda c, bleed: _draw_art(c, style, bleed),
               PieceStyle(style.cut_line, style.grid_line, style.land[min(style.land)]),
               opts.bleed, art=("asterion crete", ctx.style.ink_saver))

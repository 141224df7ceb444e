"""Drawing Asterion's pieces: labyrinth tiles, the Minotaur, tile backs and tomb tokens.

Each function draws one face with its cut box's top-left corner at (x, y) on a canvas in
mm with y down (see pen.py), and paints `bleed` mm of art past the cut line, clipped there
so it never reaches a neighbour. Positions come from pnp/geometry/asterion/tile.py (shared
with the referee).
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor

from pnp import layouts
from pnp.geometry.asterion.markers import tile_marks
from pnp.geometry.asterion.tile import (
    Arc,
    Segment,
    horns_anchor,
    id_anchor,
    region_art,
    tile_spec,
)
from pnp.printing.asterion import icons
from pnp.printing.asterion.style import Palette, Style
from pnp.printing.context import DrawContext
from pnp.printing.draw_marker import draw_marker
from pnp.printing.drawing import Canvas
from pnp.printing.pen import clip_rect, saved, text, use_form
from pnp.printing.placement import Item
from pnp.printing.replay import drawn_once
from pnp.printing.style import FONT_BOLD, WHITE
from pnp.rules.asterion.tiles import Tile, load_tileset

ICON_SIZE = {"prisoner": 1.0, "coin": 1.0, "wing": 1.05, "asterion": 1.7}


def _stroke_path(canvas: Canvas, stroke: Segment | Arc):
    path = canvas.beginPath()
    if isinstance(stroke, Segment):
        path.moveTo(*stroke.start)
        path.lineTo(*stroke.end)
    else:
        cx, cy = stroke.centre
        r = stroke.radius
        path.arc(cx - r, cy - r, cx + r, cy + r, stroke.start_deg,
                 stroke.end_deg - stroke.start_deg)
    return path


def _corridors(canvas: Canvas, tile: Tile, style: Style, bleed: float, outline) -> None:
    spec = tile_spec()
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    for art in region_art(tile, bleed + spec.path_width):
        paths = [_stroke_path(canvas, s) for s in art.strokes]
        canvas.setStrokeColor(outline)
        canvas.setLineWidth(spec.path_width + 2 * spec.path_outline)
        for path in paths:
            canvas.drawPath(path, stroke=1, fill=0)
        canvas.setStrokeColor(style.corridor)
        canvas.setLineWidth(spec.path_width)
        for path in paths:
            canvas.drawPath(path, stroke=1, fill=0)


def _mix(a, b, t: float):
    from reportlab.lib.colors import Color

    return Color(a.red + (b.red - a.red) * t, a.green + (b.green - a.green) * t,
                 a.blue + (b.blue - a.blue) * t)


def _walls(canvas: Canvas, palette: Palette, size: float, bleed: float) -> None:
    """A tile's face before its corridors: the wall colour to its bleed, and masonry."""
    clip_rect(canvas, -bleed, -bleed, size + 2 * bleed, size + 2 * bleed)
    canvas.setFillColor(palette.wall)
    canvas.rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, stroke=0, fill=1)
    _masonry(canvas, palette, size, bleed)


def _masonry(canvas: Canvas, palette: Palette, size: float, bleed: float) -> None:
    """Faint stone courses on the walls: the labyrinth reads as built, not drawn."""
    course, block = 5.0, 10.0
    canvas.setStrokeColor(_mix(palette.wall, palette.dark, 0.14))
    canvas.setLineWidth(0.3)
    canvas.setLineCap(0)
    rows = int((size + 2 * bleed) // course) + 2
    for r in range(rows):
        y = -bleed + r * course
        canvas.line(-bleed, y, size + bleed, y)
        shift = block / 2 if r % 2 else 0.0
        x = -bleed - shift
        while x < size + bleed:
            canvas.line(x, y, x, y + course)
            x += block


def _features(canvas: Canvas, tile: Tile, palette: Palette) -> None:
    size = tile_spec().icon
    for feature in (f for art in region_art(tile) for f in art.features):
        if feature.kind == "prisoner":
            name, draw = f"prisoner-{palette.symbol}", icons.prisoner(palette)
        else:
            name, draw = feature.kind, {"coin": icons.chest, "wing": icons.wing,
                                        "asterion": icons.asterion}[feature.kind]
        use_form(canvas, name, draw, *feature.at, size * ICON_SIZE[feature.kind])


def draw_tile_front(canvas: Canvas, tile: Tile, x: float, y: float, style: Style,
                    bleed: float, marks: str | None = None) -> None:
    """A labyrinth tile (or the Minotaur) as printed: walls, corridors, features, id, markers.
    `marks`: the machine-mark design ("classic", "discreet"; None: layout `[markers] print`)."""
    spec = tile_spec(marks)
    s = spec.size
    palette = style.palette(tile.colour)
    with saved(canvas):
        canvas.translate(x, y)
        drawn_once(canvas, ("tile walls", tile.colour, style.ink_saver, s, bleed),
                   lambda: _walls(canvas, palette, s, bleed))
        outline = palette.dark if style.ink_saver else style.outline
        _corridors(canvas, tile, style, bleed, outline)
        _features(canvas, tile, palette)
        for place, marker_id in tile_marks(tile.id, marks):
            draw_marker(canvas, marker_id, place.x, place.y, spec.marker_module)
        # The id, and the colour's shape beside it: a colour-blind player reads either.
        ix, iy = id_anchor()
        canvas.setFillColor(palette.dark)
        size_pt = 7.0
        text(canvas, ix, iy, tile.id, size_pt, FONT_BOLD)
        if tile.colour:
            canvas.setFillColor(palette.fill)
            canvas.setStrokeColor(palette.dark)
            canvas.setLineWidth(0.2)
            with saved(canvas):
                id_width = canvas.stringWidth(tile.id, FONT_BOLD, size_pt) / 72 * 25.4
                canvas.translate(ix + id_width + 2.0, iy - 1.2)
                icons.symbol_path(canvas, palette.symbol, 1.3)
        if tile.horns:
            use_form(canvas, "horns", icons.horns, *horns_anchor(), 9.0)


def draw_tile_back(canvas: Canvas, colour: str | None, x: float, y: float, style: Style,
                   bleed: float) -> None:
    """One back design per colour, identical within a colour so the draw stays hidden."""
    with saved(canvas):
        canvas.translate(x, y)
        drawn_once(canvas, ("tile back", colour, style.ink_saver, bleed),
                   lambda: _tile_back(canvas, colour, style, bleed))


def _tile_back(canvas: Canvas, colour: str | None, style: Style, bleed: float) -> None:
    s = tile_spec().size
    palette = style.palette(colour)
    c = s / 2
    clip_rect(canvas, -bleed, -bleed, s + 2 * bleed, s + 2 * bleed)
    ground = palette.wall if style.ink_saver else palette.fill
    line = palette.fill if style.ink_saver else palette.wall
    canvas.setFillColor(ground)
    canvas.rect(-bleed, -bleed, s + 2 * bleed, s + 2 * bleed, stroke=0, fill=1)
    # A labyrinth of nested squares, open on alternating sides; centred, so a back
    # printed a little off still looks right.
    canvas.setStrokeColor(line)
    canvas.setLineWidth(1.6)
    canvas.setLineCap(0)
    for k, half in enumerate((22.0, 17.0, 12.0)):
        gap = 4.0
        path = canvas.beginPath()
        if k % 2 == 0:      # gap at the top centre
            path.moveTo(c + gap, c - half)
            for px, py in ((c + half, c - half), (c + half, c + half),
                           (c - half, c + half), (c - half, c - half), (c - gap, c - half)):
                path.lineTo(px, py)
        else:               # gap at the bottom centre
            path.moveTo(c - gap, c + half)
            for px, py in ((c - half, c + half), (c - half, c - half),
                           (c + half, c - half), (c + half, c + half), (c + gap, c + half)):
                path.lineTo(px, py)
        canvas.drawPath(path, stroke=1, fill=0)
    if colour is None:
        use_form(canvas, "asterion", icons.asterion, c, c, 13.0)
    else:
        canvas.setFillColor(WHITE if not style.ink_saver else palette.fill)
        canvas.setStrokeColor(palette.dark)
        canvas.setLineWidth(0.5)
        with saved(canvas):
            canvas.translate(c, c)
            icons.symbol_path(canvas, palette.symbol, 4.2)


def draw_tomb(canvas: Canvas, x: float, y: float, size: float, fill, bleed: float) -> None:
    """A tomb token: black, with a white headstone; the referee reads it by darkness."""
    with saved(canvas):
        canvas.translate(x, y)
        drawn_once(canvas, ("tomb", size, fill.hexval(), bleed),
                   lambda: _tomb(canvas, size, fill, bleed))


def _tomb(canvas: Canvas, size: float, fill, bleed: float) -> None:
    clip_rect(canvas, -bleed, -bleed, size + 2 * bleed, size + 2 * bleed)
    canvas.setFillColor(fill)
    canvas.rect(-bleed, -bleed, size + 2 * bleed, size + 2 * bleed, stroke=0, fill=1)
    use_form(canvas, "tombstone", icons.tombstone, size / 2, size / 2, size * 0.72)




def draw_item(canvas: Canvas, item: Item, ctx: DrawContext) -> None:
    """Paint one placed item of Asterion's, front or back, by its component kind."""
    comp = item.component
    if comp.kind == "tile":
        tile = load_tileset(ctx.edition)[comp.id]
        if item.face == "front":
            draw_tile_front(canvas, tile, item.x, item.y, ctx.style, ctx.bleed, ctx.marks)
        else:
            draw_tile_back(canvas, tile.colour, item.x, item.y, ctx.style, ctx.bleed)
    elif comp.kind == "tomb":
        fill = HexColor(layouts.load("asterion")["tomb"]["fill"])
        draw_tomb(canvas, item.x, item.y, comp.width, fill, ctx.bleed)
    elif comp.kind == "board":
        from pnp.printing.asterion.draw_board import draw_board_piece

        draw_board_piece(canvas, item, ctx)
    elif comp.kind == "aid":
        from pnp.printing.asterion.aid import draw_player_aid

        draw_player_aid(canvas, item, ctx)
    else:
        raise ValueError(f"no drawing for component kind {comp.kind!r}")

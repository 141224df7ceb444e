"""Drawing Constructo's tiles, their back and the pieces.

Each function draws one face around a centre on a canvas in mm with y down (pen.py) and
paints `bleed` mm of art past the cut line. Round and hexagonal pieces get no crop marks:
each prints its own cut outline (a separate stroked path exactly on the cut line), and a
round piece a centre cross for a circle cutter's pin. Positions come from geometry.py, which
the referee reads too.
"""

from __future__ import annotations

from reportlab.pdfgen.canvas import FILL_EVEN_ODD, Canvas

from pnp import layouts
from pnp.geometry.constructo import (
    dot_centres,
    hex_outline,
    marker_places,
    parse_piece_id,
    piece_radius,
    piece_specs,
    rotate,
    tile_marker_ids,
    tile_spec,
    tile_turn,
)
from pnp.printing.constructo.style import Style
from pnp.printing.context import DrawContext
from pnp.printing.draw_marker import draw_marker
from pnp.printing.pen import polygon, saved, text
from pnp.printing.placement import Item
from pnp.printing.replay import drawn_once
from pnp.printing.style import FONT_BOLD, WHITE
from pnp.units import mm


def _cutting() -> dict:
    return layouts.load("constructo")["cutting"]


def _clip_polygon(canvas: Canvas, points) -> None:
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for p in points[1:]:
        path.lineTo(*p)
    path.close()
    canvas.clipPath(path, stroke=0, fill=0)


def _hexagon(grow: float, turn: float, centre: tuple[float, float] = (0.0, 0.0)):
    cx, cy = centre
    return [(cx + x, cy + y) for x, y in (rotate(p, turn) for p in hex_outline(grow))]


def hex_cut_outline(canvas: Canvas, cx: float, cy: float, colour, turn: float = 0.0) -> None:
    """The tile's cut line: its own path, exactly on the cut hexagon."""
    with saved(canvas):
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(mm(layouts.load("constructo")["tile"]["cut_line"]))
        canvas.setLineJoin(0)
        polygon(canvas, _hexagon(0.0, turn, (cx, cy)), stroke=1, fill=0)


def draw_tile_front(canvas: Canvas, number: int, cx: float, cy: float, style: Style,
                    bleed: float, turn: float = 0.0) -> None:
    """A red hexagon with a bevel line, the dashed circle where a ring lies, and three
    markers in alternate corners (outside that circle). `turn`: 90 prints it pointy side
    up (all of it turns: the markers keep their places on the tile)."""
    data = layouts.load("constructo")["tile"]
    spec = tile_spec()
    with saved(canvas):
        canvas.translate(cx, cy)
        canvas.rotate(turn)
        _tile_ground(canvas, style, hex_outline(bleed), data)
        polygon(canvas, list(hex_outline(-mm(data["bevel_inset"]))), stroke=1, fill=0)
        canvas.setStrokeColor(style.guide)
        canvas.setLineWidth(mm(data["guide_width"]))
        canvas.setDash([2.0, 1.6], 0)
        canvas.circle(0, 0, piece_radius("ring"), stroke=1, fill=0)
        canvas.setDash([], 0)
        for place, marker_id in zip(marker_places(), tile_marker_ids(number), strict=True):
            with saved(canvas):
                canvas.rotate(place.angle)
                distance = (place.centre[0] ** 2 + place.centre[1] ** 2) ** 0.5
                draw_marker(canvas, marker_id, distance - place.size / 2, -place.size / 2,
                            spec.module)
    hex_cut_outline(canvas, cx, cy, style.tile_dark, turn)


def draw_tile_back(canvas: Canvas, cx: float, cy: float, style: Style, bleed: float,
                   turn: float = 0.0) -> None:
    """The same back on every tile: red, a bevel, a ring's rim round the game's name (kept
    upright when the hexagon is turned)."""
    with saved(canvas):
        canvas.translate(cx, cy)
        drawn_once(canvas, ("tile back", style.ink_saver, bleed, turn),
                   lambda: _tile_back(canvas, style, bleed, turn))


def _tile_ground(canvas: Canvas, style: Style, grown, data: dict) -> None:
    """A tile's red, clipped to its grown outline, and the pen set for its bevel lines."""
    _clip_polygon(canvas, grown)
    canvas.setFillColor(style.tile_fill)
    polygon(canvas, list(grown), stroke=0, fill=1)
    canvas.setStrokeColor(style.tile_line)
    canvas.setLineWidth(mm(data["bevel_width"]))
    canvas.setLineJoin(1)


def _tile_back(canvas: Canvas, style: Style, bleed: float, turn: float) -> None:
    data = layouts.load("constructo")["tile"]
    _tile_ground(canvas, style, _hexagon(bleed, turn), data)
    for k in (1, 2):                      # a double bevel
        polygon(canvas, _hexagon(-k * mm(data["bevel_inset"]), turn), stroke=1, fill=0)
    # a ring's rim, darker, round the game's name: a stamp of the game's largest piece
    ring = piece_specs()["ring"]
    rim = canvas.beginPath()
    rim.circle(0, 0, ring.radius)
    rim.circle(0, 0, ring.hole_radius)
    canvas.setFillColor(style.guide)
    canvas.drawPath(rim, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
    canvas.setFillColor(style.tile_dark if style.ink_saver else WHITE)
    text(canvas, 0.0, 1.1, layouts.load("constructo")["game"]["name"].upper(), 6.5,
         FONT_BOLD, anchor="middle")


def draw_piece(canvas: Canvas, owner: str, kind: str, cx: float, cy: float, style: Style,
               bleed: float, centre_mark: bool = True, outline: bool = True) -> None:
    """A ring or disc: the owner's colour, its pattern (a black piece's ring of white dots,
    a white piece's thin line), the cut outline(s) and a circle cutter's centre cross."""
    with saved(canvas):
        canvas.translate(cx, cy)
        drawn_once(canvas, ("piece", owner, kind, style.ink_saver, bleed, centre_mark, outline),
                   lambda: _piece(canvas, owner, kind, style, bleed, centre_mark, outline))


def _piece(canvas: Canvas, owner: str, kind: str, style: Style, bleed: float,
           centre_mark: bool, outline: bool) -> None:
    spec = piece_specs()[kind]
    colours = style.owners[owner]
    art = canvas.beginPath()
    art.circle(0, 0, spec.radius + bleed)
    if spec.hole:
        art.circle(0, 0, max(spec.hole_radius - bleed, 0.0))
    canvas.setFillColor(colours.fill)
    canvas.drawPath(art, stroke=0, fill=1, fillMode=FILL_EVEN_ODD)
    if colours.pattern == "dots":
        canvas.setFillColor(colours.ink)
        for x, y in dot_centres(kind):
            canvas.circle(x, y, spec.dot, stroke=0, fill=1)
    else:
        canvas.setStrokeColor(colours.ink)
        canvas.setLineWidth(colours.line)
        canvas.circle(0, 0, spec.pattern_radius, stroke=1, fill=0)
    canvas.setStrokeColor(colours.cut)
    if outline:
        canvas.setLineWidth(mm(_cutting()["cut_line"]))
        canvas.circle(0, 0, spec.radius, stroke=1, fill=0)
        if spec.hole:
            canvas.circle(0, 0, spec.hole_radius, stroke=1, fill=0)
    if centre_mark:
        arm = mm(_cutting()["centre_mark"])
        canvas.setLineWidth(mm(_cutting()["centre_line"]))
        canvas.line(-arm, 0, arm, 0)
        canvas.line(0, -arm, 0, arm)


def draw_item(canvas: Canvas, item: Item, ctx: DrawContext) -> None:
    """Paint one placed item of Constructo's, front or back, by its component kind."""
    comp = item.component
    cx, cy = item.x + item.width / 2, item.y + item.height / 2
    if comp.kind == "tile":
        turn = tile_turn(comp.width, comp.height)
        if item.face == "front":
            draw_tile_front(canvas, int(comp.id.rsplit("-", 1)[1]), cx, cy, ctx.style,
                            ctx.bleed, turn)
        else:
            draw_tile_back(canvas, cx, cy, ctx.style, ctx.bleed, turn)
            hex_cut_outline(canvas, cx, cy, ctx.style.tile_dark, turn)
    elif comp.kind in {spec.name for spec in piece_specs().values()}:
        # Two-sided: the back repeats the front (either face may lie up on the table).
        owner, kind = parse_piece_id(comp.id)
        draw_piece(canvas, owner, kind, cx, cy, ctx.style, ctx.bleed,
                   centre_mark=ctx.options.crop_marks)
    elif comp.kind == "aid":
        from pnp.printing.constructo import aid

        if item.face == "front":
            aid.draw_player_aid(canvas, item, ctx)
        else:
            aid.draw_making(canvas, item, ctx)
    else:
        raise ValueError(f"no drawing for component kind {comp.kind!r}")

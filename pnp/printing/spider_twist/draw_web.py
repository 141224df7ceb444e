"""Painting one side of Spider Twist's board, and its tokens, in the board frame.

`paint_side(canvas, side, style, grow)` paints a whole side centred on C (mm, y down): the
ground (`grow` mm past the outline: the bleed), the web's disc, the players' areas, the
spokes (dotted) and strands (solid: docs/rules/spider-twist.md#components), the entry
arrows, the nodes with their small names, and the markers. Positions all come from
geometry.py (shared with the referee). The tokens' faces (`male_face`, `female_face`) are
drawn centred on a point, so the same functions draw the printed tokens, the player aid's scenes and
the reaction diagram.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import Color, HexColor

from pnp.geometry import spider_twist as geometry
from pnp.geometry.polygon import Box, bounds
from pnp.printing.draw_marker import draw_marker
from pnp.printing.drawing import Canvas
from pnp.printing.pen import polygon_path, saved, text
from pnp.printing.spider_twist import icons
from pnp.printing.spider_twist.style import Style
from pnp.printing.style import FONT, FONT_BOLD, WHITE, font_pt
from pnp.rules.spider_twist.web import CENTRE
from pnp.units import PT_PER_MM

CUT_GREY = HexColor("#8C8C8C")


def curve_path(canvas: Canvas, curve, path=None, move: bool = True):
    """Add a quadratic Bezier (start, control, end) to a path as the equivalent cubic."""
    (x0, y0), (qx, qy), (x2, y2) = curve
    path = path if path is not None else canvas.beginPath()
    if move:
        path.moveTo(x0, y0)
    path.curveTo(x0 + 2 / 3 * (qx - x0), y0 + 2 / 3 * (qy - y0),
                 x2 + 2 / 3 * (qx - x2), y2 + 2 / 3 * (qy - y2), x2, y2)
    return path


# --- The web -------------------------------------------------------------------------------



def _sees(view: Box | None, x0: float, y0: float, x1: float, y1: float) -> bool:
    """Whether a box meets the view (None: everything is seen)."""
    return view is None or not (x1 < view[0] or x0 > view[2] or y1 < view[1] or y0 > view[3])


def _sees_point(view: Box | None, x: float, y: float, r: float) -> bool:
    return _sees(view, x - r, y - r, x + r, y + r)


def paint_side(canvas: Canvas, side: str, style: Style, grow: float,
               markers: bool = True, labels: bool = True, areas: bool = True,
               view: Box | None = None) -> None:
    """One whole side in its own frame (origin C). `grow`: paint the ground this far past
    the board's outline. `view`: only what meets this box (board frame) need be painted
    (a sheet's part of the board, a picture's window): the rest is left out."""
    spec = geometry.spec()
    x0, y0, x1, y1 = geometry.board_box()
    canvas.setFillColor(style.ground[side])
    canvas.rect(x0 - grow, y0 - grow, x1 - x0 + 2 * grow, y1 - y0 + 2 * grow, stroke=0, fill=1)
    _web_disc(canvas, side, style)
    if areas:
        for area in geometry.areas():
            if _sees(view, *bounds(area.polygon)):
                paint_area(canvas, area, style)
    paint_web(canvas, side, style, labels=labels, view=view)
    if markers:
        for m in geometry.board_markers(side):
            if _sees(view, *m.quiet_box()):
                draw_marker(canvas, m.id, m.corners[0][0], m.corners[0][1], spec.marker_module)


def _web_disc(canvas: Canvas, side: str, style: Style) -> None:
    """A soft disc behind the web, with a faint halo ring."""
    r = geometry.spec().spoke_end + 3.0
    canvas.setFillColor(style.web[side])
    canvas.circle(0, 0, r, stroke=0, fill=1)
    if not style.ink_saver:
        canvas.setStrokeColor(_mix(style.web[side], style.ground[side], 0.5))
        canvas.setLineWidth(2.0)
        canvas.circle(0, 0, r + 1.0, stroke=1, fill=0)


def paint_web(canvas: Canvas, side: str, style: Style, labels: bool = True,
              view: Box | None = None) -> None:
    """Spokes, strands, entry arrows, nodes (and their names) of a side."""
    spec = geometry.spec()
    with saved(canvas):
        canvas.setStrokeColor(style.spoke)
        canvas.setLineWidth(style.spoke_width)
        canvas.setLineCap(1)
        canvas.setDash([0.001, style.spoke_dot], 0)
        for a, b in geometry.spoke_paths(side):
            # from the centre node's rim outwards: the dots start clear of C
            d = math.dist(a, b)
            start = spec.centre_radius + 1.0
            canvas.line(a[0] + (b[0] - a[0]) * start / d, a[1] + (b[1] - a[1]) * start / d,
                        b[0], b[1])
    with saved(canvas):
        canvas.setStrokeColor(style.strand)
        canvas.setLineWidth(style.strand_width)
        canvas.setLineCap(1)
        canvas.setLineJoin(1)
        path = canvas.beginPath()
        for curve in geometry.strand_curves(side):
            xs, ys = [p[0] for p in curve], [p[1] for p in curve]
            if _sees(view, min(xs), min(ys), max(xs), max(ys)):
                curve_path(canvas, curve, path)
        canvas.drawPath(path, stroke=1, fill=0)
    _entry_arrows(canvas, side, style)
    room = spec.centre_radius + 1.0
    for node, (x, y) in geometry.node_centres(side).items():
        if not _sees_point(view, x, y, room):
            continue
        if node == CENTRE:
            _centre(canvas, x, y, style)
        else:
            _node(canvas, x, y, style)
    if labels:
        _node_labels(canvas, side, style, view)


def _entry_arrows(canvas: Canvas, side: str, style: Style) -> None:
    """A chevron on each spoke outside the periphery, pointing in: males enter there."""
    spec = geometry.spec()
    with saved(canvas):
        canvas.setStrokeColor(style.entry)
        canvas.setLineWidth(0.7)
        canvas.setLineCap(1)
        canvas.setLineJoin(1)
        for node in geometry.edge_nodes(side):
            x, y = geometry.node_centre(side, node)
            r = math.hypot(x, y)
            ux, uy = x / r, y / r
            tip = r + spec.node_radius + 2.2
            wing = 2.2
            base = tip + 2.4
            path = canvas.beginPath()
            path.moveTo(ux * base - uy * wing, uy * base + ux * wing)
            path.lineTo(ux * tip, uy * tip)
            path.lineTo(ux * base + uy * wing, uy * base - ux * wing)
            canvas.drawPath(path, stroke=1, fill=0)


def _node(canvas: Canvas, x: float, y: float, style: Style) -> None:
    """A node: a dew drop on the web (a light bead with a dark rim and a glint)."""
    r = geometry.spec().node_radius
    canvas.setFillColor(WHITE)
    canvas.setStrokeColor(style.node)
    canvas.setLineWidth(0.55)
    canvas.circle(x, y, r, stroke=1, fill=1)
    canvas.setFillColor(style.node)
    canvas.circle(x, y, r * 0.38, stroke=0, fill=1)


def _centre(canvas: Canvas, x: float, y: float, style: Style) -> None:
    """C, the female's start: a larger bead ringed in her yellow."""
    r = geometry.spec().centre_radius
    canvas.setFillColor(WHITE if style.ink_saver else _mix(style.female, WHITE, 0.55))
    canvas.setStrokeColor(style.node)
    canvas.setLineWidth(0.6)
    canvas.circle(x, y, r, stroke=1, fill=1)
    canvas.setStrokeColor(style.female_dark)
    canvas.setLineWidth(0.35)
    canvas.circle(x, y, r * 0.62, stroke=1, fill=0)
    canvas.setFillColor(style.node)
    canvas.circle(x, y, r * 0.22, stroke=0, fill=1)


def label_spot(side: str, node: str) -> tuple[float, float, str]:
    """Where a node's name goes: beside it, a quarter turn clockwise from outwards and a
    little out, so a token on the node leaves it half visible. (x, y of the baseline's
    anchor, anchor)."""
    x, y = geometry.node_centre(side, node)
    if node == CENTRE:
        r = geometry.spec().centre_radius
        return (x + r + 0.8, y - r - 0.4, "start")
    r = math.hypot(x, y)
    ux, uy = x / r, y / r
    tx, ty = -uy, ux                            # clockwise tangent (y down)
    d = geometry.spec().node_radius + 0.9
    lx, ly = x + (0.55 * ux + 0.83 * tx) * d, y + (0.55 * uy + 0.83 * ty) * d
    anchor = "start" if tx > 0.25 else "end" if tx < -0.25 else "middle"
    return (lx, ly + (0.9 if ty > 0.5 else 0.0), anchor)


def _node_labels(canvas: Canvas, side: str, style: Style, view: Box | None = None) -> None:
    """Every node's name, small, in one text object (upright in the y-down frame)."""
    size = style.node_label_pt / PT_PER_MM               # font size in mm
    canvas.setFillColor(style.label)
    words = canvas.beginText()
    words.setFont(FONT, size)
    for node in geometry.node_centres(side):
        x, y, anchor = label_spot(side, node)
        if not _sees_point(view, x, y, 6.0):
            continue
        width = canvas.stringWidth(node, FONT, size)
        dx = {"start": 0.0, "middle": -width / 2, "end": -width}[anchor]
        words.setTextTransform(1, 0, 0, -1, x + dx, y)
        words.textOut(node)
    canvas.drawText(words)


def paint_area(canvas: Canvas, area: geometry.Area, style: Style) -> None:
    """A player's area: a tinted field with its title, the score per token, and a ghost
    place for each token."""
    spec = geometry.spec()
    white = area.colour == "white"
    fill = WHITE if (white or style.ink_saver) else HexColor("#E3E3E3")
    with saved(canvas):
        canvas.setFillColor(fill)
        canvas.setStrokeColor(style.strand)
        canvas.setLineWidth(style.area_line)
        canvas.setLineJoin(1)
        canvas.drawPath(polygon_path(canvas, area.polygon), stroke=1, fill=1)
        canvas.setStrokeColor(_mix(style.strand, fill, 0.55))
        canvas.setLineWidth(0.3)
        canvas.setDash([1.2, 1.0], 0)
        for x, y in area.slots:
            canvas.circle(x, y, spec.male / 2, stroke=1, fill=0)
    with saved(canvas):
        tx, ty = area.title_at
        canvas.translate(tx, ty)
        canvas.rotate(area.angle)
        words = f"{area.colour} · {area.kind}".upper()
        score = "  +2 each" if area.kind == "mated" else "  −1 each"
        cap = 3.2
        bold, plain = font_pt(cap) / PT_PER_MM, font_pt(cap * 0.85) / PT_PER_MM
        width = (canvas.stringWidth(words, FONT_BOLD, bold)
                 + canvas.stringWidth(score, FONT, plain))
        icon = cap * 2.0
        left = -(icon + 1.5 + width) / 2
        if area.kind == "mated":
            icons.heart(canvas, left + icon / 2, -cap / 2, icon, style.mated)
        else:
            icons.bones(canvas, left + icon / 2, -cap / 2, icon, style.eaten)
        canvas.setFillColor(style.strand)
        x = left + icon + 1.5
        text(canvas, x, 0.0, words, font_pt(cap), FONT_BOLD)
        x += canvas.stringWidth(words, FONT_BOLD, bold)
        text(canvas, x, 0.0, score, font_pt(cap * 0.85), FONT)


def _mix(a: Color, b: Color, t: float) -> Color:
    return Color(a.red + (b.red - a.red) * t, a.green + (b.green - a.green) * t,
                 a.blue + (b.blue - a.blue) * t)


# --- Tokens --------------------------------------------------------------------------------

def male_face(canvas: Canvas, cx: float, cy: float, diameter: float, colour: str,
              face: str, style: Style, grow: float = 0.0, cut: bool = False) -> None:
    """A male token centred at (cx, cy): face "picture" (may still act: a spider) or "done"
    (turned: a tick on grey). White and black differ by more than colour: white has a plain
    light field and a solid rim, black a dark field and a rim of beads, so a black-and-white
    print tells them apart. `grow`: bleed past the cut circle; `cut`: draw the cut circle."""
    r = diameter / 2
    picture = face == "picture"
    field = style.fill[colour] if picture else style.done[colour]
    ink = style.ink[colour]
    with saved(canvas):
        canvas.setFillColor(field)
        canvas.circle(cx, cy, r + grow, stroke=0, fill=1)
        _rim(canvas, cx, cy, r, colour, ink, style)
        if picture:
            icons.male_spider(canvas, cx, cy + 0.02 * diameter, diameter * 0.66, ink)
        else:
            icons.tick(canvas, cx, cy - 0.04 * diameter, diameter * 0.46, ink)
            canvas.setFillColor(ink)
            text(canvas, cx, cy + 0.33 * diameter, "DONE", font_pt(diameter * 0.085),
                 FONT_BOLD, anchor="middle")
        if cut:
            cut_circle(canvas, cx, cy, r, style)


def _rim(canvas: Canvas, cx: float, cy: float, r: float, colour: str, ink: Color,
         style: Style) -> None:
    inner = r * 0.84
    canvas.setStrokeColor(ink)
    if colour == "white":
        canvas.setLineWidth(r * 0.07)
        canvas.circle(cx, cy, inner, stroke=1, fill=0)
    else:
        # 16 beads: a dotted circle (round caps on zero-length dashes)
        with saved(canvas):
            canvas.setLineWidth(r * 0.11)
            canvas.setLineCap(1)
            canvas.setDash([0.0001, 2 * math.pi * inner / 16 - 0.0001], 0)
            canvas.circle(cx, cy, inner, stroke=1, fill=0)


def female_face(canvas: Canvas, cx: float, cy: float, diameter: float, style: Style,
                grow: float = 0.0, cut: bool = False) -> None:
    """The female token (yellow: docs/rules/spider-twist.md#components): a big spider with
    an hourglass on her back, the same on both faces."""
    r = diameter / 2
    with saved(canvas):
        canvas.setFillColor(style.female)
        canvas.circle(cx, cy, r + grow, stroke=0, fill=1)
        canvas.setStrokeColor(style.female_dark)
        canvas.setLineWidth(r * 0.06)
        canvas.circle(cx, cy, r * 0.88, stroke=1, fill=0)
        icons.female_spider(canvas, cx, cy + 0.02 * diameter, diameter * 0.74,
                            style.female_dark, style.female)
        if cut:
            cut_circle(canvas, cx, cy, r, style)


def cut_circle(canvas: Canvas, cx: float, cy: float, r: float, style: Style) -> None:
    """The cut line of a round token: mid grey, seen on a light and on a dark field."""
    canvas.setStrokeColor(CUT_GREY)
    canvas.setLineWidth(style.cut_line)
    canvas.circle(cx, cy, r, stroke=1, fill=0)

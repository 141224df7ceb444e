"""Scenes on the web: tokens on their nodes, routes along the strands and spokes, and the
marks the player aid and the reaction diagram put on them (rings, numbered badges, a cross
for an eaten male). Everything in a side's board frame (mm, origin C, y down), so a scene
is drawn by the same code at any scale."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence

from reportlab.lib.colors import Color

from pnp.geometry import spider_twist as geometry
from pnp.printing.drawing import Canvas
from pnp.printing.pen import saved, text
from pnp.printing.spider_twist import icons
from pnp.printing.spider_twist.draw_web import curve_path, female_face, male_face
from pnp.printing.spider_twist.style import Style
from pnp.printing.style import FONT_BOLD, WHITE, font_pt

TOKEN_SCALE = 0.86      # tokens in a scene are drawn a little smaller than printed, so the
                        # routes between neighbouring nodes stay visible


def tokens(canvas: Canvas, side: str, style: Style, female: str | None,
           males: Mapping[str, str], done: Iterable[str] = (), die: int | None = None,
           scale: float = TOKEN_SCALE) -> None:
    """The males (picture face, or "done" face for those in `done`) and the female, with
    her die if she is eating."""
    spec = geometry.spec()
    done = set(done)
    for node, colour in males.items():
        x, y = geometry.node_centre(side, node)
        male_face(canvas, x, y, spec.male * scale, colour,
                  "done" if node in done else "picture", style)
        outline_token(canvas, x, y, spec.male * scale / 2, style)
    if female is not None:
        x, y = geometry.node_centre(side, female)
        female_face(canvas, x, y, spec.female * scale, style)
        outline_token(canvas, x, y, spec.female * scale / 2, style)
        if die is not None:
            d = spec.die * scale * 0.8
            icons.die_face(canvas, x + spec.female * scale * 0.12, y - d * 1.05, d, die,
                           style.die_fill, style.die_pip, style.strand, 0.3)


def outline_token(canvas: Canvas, x: float, y: float, r: float, style: Style) -> None:
    """A thin dark edge round a token, so a white token stands out on a light web."""
    with saved(canvas):
        canvas.setStrokeColor(style.strand)
        canvas.setLineWidth(0.35)
        canvas.circle(x, y, r, stroke=1, fill=0)


def area_tokens(canvas: Canvas, style: Style, mated: Mapping[str, int],
                eaten: Mapping[str, int]) -> None:
    """Mated and eaten males in their owners' areas (as many slots as there are)."""
    spec = geometry.spec()
    for area in geometry.areas():
        count = (mated if area.kind == "mated" else eaten).get(area.colour, 0)
        for x, y in area.slots[:count]:
            male_face(canvas, x, y, spec.male, area.colour, "picture", style)
            outline_token(canvas, x, y, spec.male / 2, style)


def route(canvas: Canvas, side: str, nodes: Sequence[str], colour: Color, width: float,
          dash: Sequence[float] | None = None, alpha: float = 1.0) -> None:
    """A route along the web's edges, node to node, drawn over the strands and spokes."""
    if len(nodes) < 2:
        return
    with saved(canvas):
        canvas.setStrokeColor(colour)
        canvas.setStrokeAlpha(alpha)
        canvas.setLineWidth(width)
        canvas.setLineCap(1)
        canvas.setLineJoin(1)
        if dash:
            canvas.setDash(list(dash), 0)
        path = canvas.beginPath()
        first = True
        for a, b in itertools.pairwise(nodes):
            curve_path(canvas, geometry.edge_curve(side, a, b), path, move=first)
            first = False
        canvas.drawPath(path, stroke=1, fill=0)


def arrow_head(canvas: Canvas, side: str, a: str, b: str, colour: Color, size: float,
               at: float = 0.55) -> None:
    """An arrowhead on the edge a-b, `at` of the way along, pointing towards b."""
    curve = geometry.edge_curve(side, a, b)
    (x, y), (dx, dy) = _point_and_tangent(curve, at)
    length = math.hypot(dx, dy) or 1.0
    ux, uy = dx / length, dy / length
    tip = (x + ux * size / 2, y + uy * size / 2)
    base = (x - ux * size / 2, y - uy * size / 2)
    with saved(canvas):
        canvas.setFillColor(colour)
        path = canvas.beginPath()
        path.moveTo(*tip)
        path.lineTo(base[0] - uy * size * 0.5, base[1] + ux * size * 0.5)
        path.lineTo(base[0] + uy * size * 0.5, base[1] - ux * size * 0.5)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)


def edge_point(side: str, a: str, b: str, at: float = 0.5) -> tuple[float, float]:
    return _point_and_tangent(geometry.edge_curve(side, a, b), at)[0]


def _point_and_tangent(curve, t: float):
    (x0, y0), (x1, y1), (x2, y2) = curve
    u = 1 - t
    point = (u * u * x0 + 2 * u * t * x1 + t * t * x2, u * u * y0 + 2 * u * t * y1 + t * t * y2)
    tangent = (2 * u * (x1 - x0) + 2 * t * (x2 - x1), 2 * u * (y1 - y0) + 2 * t * (y2 - y1))
    return point, tangent


def ring(canvas: Canvas, x: float, y: float, r: float, colour: Color, width: float,
         dash: Sequence[float] | None = None) -> None:
    with saved(canvas):
        canvas.setStrokeColor(colour)
        canvas.setLineWidth(width)
        if dash:
            canvas.setDash(list(dash), 0)
        canvas.circle(x, y, r, stroke=1, fill=0)


def badge(canvas: Canvas, x: float, y: float, label: str, colour: Color, size: float,
          ink: Color = WHITE) -> None:
    """A filled disc `size` mm across with a short label: a step number, a count."""
    with saved(canvas):
        canvas.setFillColor(colour)
        canvas.setStrokeColor(WHITE)
        canvas.setLineWidth(size * 0.08)
        canvas.circle(x, y, size / 2, stroke=1, fill=1)
        canvas.setFillColor(ink)
        cap = size * 0.5
        text(canvas, x, y + cap / 2, label, font_pt(cap), FONT_BOLD, anchor="middle")


def cross(canvas: Canvas, x: float, y: float, size: float, colour: Color) -> None:
    """A bold cross over a token: eaten."""
    with saved(canvas):
        canvas.setStrokeColor(WHITE)
        canvas.setLineCap(1)
        h = size / 2
        for width, col in ((size * 0.26, WHITE), (size * 0.15, colour)):
            canvas.setStrokeColor(col)
            canvas.setLineWidth(width)
            canvas.line(x - h, y - h, x + h, y + h)
            canvas.line(x - h, y + h, x + h, y - h)


def spoke_band(canvas: Canvas, side: str, spoke: int, colour: Color, width: float,
               alpha: float = 0.35) -> None:
    """A broad translucent band along one spoke: the spoke whose males give her reach."""
    (x0, y0), (x1, y1) = geometry.spoke_paths(side)[spoke]
    with saved(canvas):
        canvas.setStrokeColor(colour)
        canvas.setStrokeAlpha(alpha)
        canvas.setLineWidth(width)
        canvas.setLineCap(1)
        canvas.line(x0, y0, x1, y1)

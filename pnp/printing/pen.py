"""Small drawing helpers for a reportlab canvas set up in millimetres with y pointing down.

All our drawing code thinks in the layout's frame (mm, origin top-left, y down), like the
layout data and the placement step; only this module knows about PDF points.
"""

from __future__ import annotations

from collections.abc import Callable

from reportlab.lib.colors import Color

from pnp.printing.drawing import Canvas
from pnp.printing.style import FONT
from pnp.units import PT_PER_MM

Draw = Callable[[Canvas], None]   # draws a form's content around (0, 0)


def start_page(canvas: Canvas, width_mm: float, height_mm: float) -> None:
    """Size the current page and switch its user space to mm, y down, origin top-left."""
    canvas.setPageSize((width_mm * PT_PER_MM, height_mm * PT_PER_MM))
    canvas.translate(0, height_mm * PT_PER_MM)
    canvas.scale(PT_PER_MM, -PT_PER_MM)


class saved:                 # lower case: used as `with saved(canvas):`
    """The canvas's graphics state saved, restored on the way out. A class: a generator
    context manager costs three times as much, and a build enters thousands."""

    __slots__ = ("canvas",)

    def __init__(self, canvas: Canvas) -> None:
        self.canvas = canvas

    def __enter__(self) -> Canvas:
        self.canvas.saveState()
        return self.canvas

    def __exit__(self, *exc: object) -> None:
        self.canvas.restoreState()


def ink(canvas: Canvas, fill: Color | None, stroke: Color | None, width: float) -> None:
    """Set the fill and stroke colours (None: leave as is) and a round-joined, round-capped
    line `width` wide: how our icons are drawn."""
    if fill is not None:
        canvas.setFillColor(fill)
    if stroke is not None:
        canvas.setStrokeColor(stroke)
    canvas.setLineWidth(width)
    canvas.setLineJoin(1)
    canvas.setLineCap(1)


def clip_rect(canvas: Canvas, x: float, y: float, w: float, h: float) -> None:
    path = canvas.beginPath()
    path.rect(x, y, w, h)
    canvas.clipPath(path, stroke=0, fill=0)


def text(canvas: Canvas, x: float, y: float, string: str, size_pt: float,
         font: str = FONT, anchor: str = "start") -> None:
    """Draw upright text with its baseline at (x, y). `anchor`: start, middle or end."""
    with saved(canvas):
        canvas.translate(x, y)
        canvas.scale(1, -1)
        canvas.setFont(font, size_pt / PT_PER_MM)
        if anchor == "middle":
            canvas.drawCentredString(0, 0, string)
        elif anchor == "end":
            canvas.drawRightString(0, 0, string)
        else:
            canvas.drawString(0, 0, string)


def polygon_path(canvas: Canvas, points):
    """A closed path through `points`, to stroke, fill or clip."""
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    return path


def polygon(canvas: Canvas, points: list[tuple[float, float]], stroke: int = 1,
            fill: int = 1) -> None:
    canvas.drawPath(polygon_path(canvas, points), stroke=stroke, fill=fill)


def use_form(canvas: Canvas, name: str, draw: Draw, x: float, y: float, size: float,
             rotate: float = 0.0) -> None:
    """Place form `name` centred at (x, y), `size` mm across; define it on first use.

    An icon drawn once per PDF as a form XObject (smaller, faster files): `draw` paints it
    centred on (0, 0) with a nominal size of 1, inside [-0.75, 0.75]^2.
    """
    defined: set[str] = canvas.__dict__.setdefault("_pnp_forms", set())
    if name not in defined:
        canvas.beginForm(name, -0.75, -0.75, 0.75, 0.75)
        draw(canvas)
        canvas.endForm()
        defined.add(name)
    with saved(canvas):
        canvas.translate(x, y)
        if rotate:
            canvas.rotate(rotate)
        canvas.scale(size, size)
        canvas.doForm(name)

"""Spider Twist's pictures, drawn with paths (no font glyphs): the spiders, a heart, bones,
a tick, die pips and arrows. Each draws centred at (cx, cy) on a canvas in mm, y down."""

from __future__ import annotations

import math

from reportlab.lib.colors import Color

from pnp.printing.drawing import Canvas
from pnp.printing.pen import saved

# One side's legs of a spider one unit wide, head up: (hip, knee, foot) each; mirrored for
# the other side. A male's legs are long and thin, a female's shorter round a big abdomen.
MALE_LEGS = (((0.07, -0.13), (0.27, -0.33), (0.33, -0.47)),
             ((0.08, -0.10), (0.33, -0.17), (0.47, -0.29)),
             ((0.08, -0.06), (0.33, 0.03), (0.46, 0.16)),
             ((0.07, -0.03), (0.25, 0.22), (0.31, 0.44)))
FEMALE_LEGS = (((0.07, -0.16), (0.25, -0.33), (0.30, -0.46)),
               ((0.08, -0.13), (0.32, -0.21), (0.46, -0.31)),
               ((0.08, -0.09), (0.34, -0.02), (0.47, 0.10)),
               ((0.07, -0.06), (0.28, 0.15), (0.35, 0.36)))


def _legs(canvas: Canvas, cx: float, cy: float, size: float, legs, width: float) -> None:
    canvas.setLineWidth(width * size)
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    for sign in (1, -1):
        for hip, knee, foot in legs:
            path = canvas.beginPath()
            path.moveTo(cx + sign * hip[0] * size, cy + hip[1] * size)
            path.lineTo(cx + sign * knee[0] * size, cy + knee[1] * size)
            path.lineTo(cx + sign * foot[0] * size, cy + foot[1] * size)
            canvas.drawPath(path, stroke=1, fill=0)


def male_spider(canvas: Canvas, cx: float, cy: float, size: float, ink: Color) -> None:
    """A slender male spider with long legs and the "boxing glove" palps of a male, head
    up, `size` mm across its legs."""
    with saved(canvas):
        canvas.setStrokeColor(ink)
        canvas.setFillColor(ink)
        _legs(canvas, cx, cy, size, MALE_LEGS, 0.045)
        for sign in (1, -1):                                   # palps
            canvas.setLineWidth(0.04 * size)
            canvas.line(cx + sign * 0.03 * size, cy - 0.17 * size,
                        cx + sign * 0.07 * size, cy - 0.25 * size)
            canvas.circle(cx + sign * 0.075 * size, cy - 0.265 * size, 0.035 * size,
                          stroke=0, fill=1)
        canvas.circle(cx, cy - 0.10 * size, 0.085 * size, stroke=0, fill=1)     # head
        canvas.ellipse(cx - 0.09 * size, cy - 0.04 * size, cx + 0.09 * size,
                       cy + 0.30 * size, stroke=0, fill=1)                      # abdomen


def female_spider(canvas: Canvas, cx: float, cy: float, size: float, ink: Color,
                  mark: Color) -> None:
    """A stout female spider with a big abdomen carrying a mark, head up."""
    with saved(canvas):
        canvas.setStrokeColor(ink)
        canvas.setFillColor(ink)
        _legs(canvas, cx, cy, size, FEMALE_LEGS, 0.05)
        canvas.circle(cx, cy - 0.13 * size, 0.10 * size, stroke=0, fill=1)
        canvas.circle(cx, cy + 0.12 * size, 0.20 * size, stroke=0, fill=1)
        canvas.setFillColor(mark)                              # an hourglass on her back
        path = canvas.beginPath()
        w, top, mid, bottom = 0.07 * size, cy + 0.01 * size, cy + 0.12 * size, cy + 0.23 * size
        path.moveTo(cx - w, top)
        path.lineTo(cx + w, top)
        path.lineTo(cx + 0.015 * size, mid)
        path.lineTo(cx + w, bottom)
        path.lineTo(cx - w, bottom)
        path.lineTo(cx - 0.015 * size, mid)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)
        for sign in (1, -1):                                   # eyes
            canvas.circle(cx + sign * 0.035 * size, cy - 0.17 * size, 0.018 * size,
                          stroke=0, fill=1)


def heart(canvas: Canvas, cx: float, cy: float, size: float, fill: Color) -> None:
    """A heart `size` mm wide (the mated areas)."""
    s = size / 2
    path = canvas.beginPath()
    path.moveTo(cx, cy + 0.85 * s)
    path.curveTo(cx - 0.35 * s, cy + 0.45 * s, cx - 1.0 * s, cy + 0.1 * s, cx - 1.0 * s,
                 cy - 0.3 * s)
    path.curveTo(cx - 1.0 * s, cy - 0.8 * s, cx - 0.25 * s, cy - 0.95 * s, cx, cy - 0.45 * s)
    path.curveTo(cx + 0.25 * s, cy - 0.95 * s, cx + 1.0 * s, cy - 0.8 * s, cx + 1.0 * s,
                 cy - 0.3 * s)
    path.curveTo(cx + 1.0 * s, cy + 0.1 * s, cx + 0.35 * s, cy + 0.45 * s, cx, cy + 0.85 * s)
    path.close()
    with saved(canvas):
        canvas.setFillColor(fill)
        canvas.drawPath(path, stroke=0, fill=1)


def bones(canvas: Canvas, cx: float, cy: float, size: float, fill: Color) -> None:
    """Two crossed bones `size` mm across (the eaten areas)."""
    with saved(canvas):
        canvas.setFillColor(fill)
        canvas.setStrokeColor(fill)
        for angle in (35, -35):
            with saved(canvas):
                canvas.translate(cx, cy)
                canvas.rotate(angle)
                length, knob = size * 0.42, size * 0.085
                canvas.setLineWidth(size * 0.11)
                canvas.setLineCap(0)
                canvas.line(-length, 0, length, 0)
                for end in (-length, length):
                    canvas.circle(end, -knob * 0.9, knob, stroke=0, fill=1)
                    canvas.circle(end, knob * 0.9, knob, stroke=0, fill=1)


def tick(canvas: Canvas, cx: float, cy: float, size: float, ink: Color) -> None:
    """A bold tick, `size` mm across: done."""
    with saved(canvas):
        canvas.setStrokeColor(ink)
        canvas.setLineWidth(size * 0.16)
        canvas.setLineCap(1)
        canvas.setLineJoin(1)
        path = canvas.beginPath()
        path.moveTo(cx - 0.42 * size, cy + 0.02 * size)
        path.lineTo(cx - 0.12 * size, cy + 0.32 * size)
        path.lineTo(cx + 0.45 * size, cy - 0.32 * size)
        canvas.drawPath(path, stroke=1, fill=0)


PIPS = {1: ((0, 0),), 2: ((-1, -1), (1, 1)), 3: ((-1, -1), (0, 0), (1, 1)),
        4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
        5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
        6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1))}


def die_face(canvas: Canvas, x: float, y: float, side: float, value: int, fill: Color,
             pip: Color, outline: Color | None = None, line: float = 0.3) -> None:
    """A die face, top-left at (x, y), `side` mm, showing `value` pips."""
    with saved(canvas):
        canvas.setFillColor(fill)
        if outline is not None:
            canvas.setStrokeColor(outline)
            canvas.setLineWidth(line)
        canvas.roundRect(x, y, side, side, side * 0.14, stroke=int(outline is not None),
                         fill=1)
        canvas.setFillColor(pip)
        r = side * 0.09
        for dx, dy in PIPS[value]:
            canvas.circle(x + side / 2 + dx * side * 0.27, y + side / 2 + dy * side * 0.27, r,
                          stroke=0, fill=1)


def arrow(canvas: Canvas, a: tuple[float, float], b: tuple[float, float], colour: Color,
          width: float, head: float) -> None:
    """A straight arrow from a to b with a filled head `head` mm long."""
    length = math.dist(a, b)
    if length < 1e-9:
        return
    ux, uy = (b[0] - a[0]) / length, (b[1] - a[1]) / length
    base = (b[0] - ux * head, b[1] - uy * head)
    with saved(canvas):
        canvas.setStrokeColor(colour)
        canvas.setFillColor(colour)
        canvas.setLineWidth(width)
        canvas.setLineCap(1)
        canvas.line(a[0], a[1], base[0], base[1])
        path = canvas.beginPath()
        path.moveTo(*b)
        path.lineTo(base[0] - uy * head * 0.5, base[1] + ux * head * 0.5)
        path.lineTo(base[0] + uy * head * 0.5, base[1] - ux * head * 0.5)
        path.close()
        canvas.drawPath(path, stroke=0, fill=1)

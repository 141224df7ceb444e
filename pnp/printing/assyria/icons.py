"""Assyria's icons: the five foods, camel, hut, ziggurat, plough, well, player symbols.

Each icon is drawn centred on (0, 0) with a nominal size of 1 (it fits in the unit square
[-0.5, 0.5]^2), y down, and stored once per PDF as a form (smaller, faster files). The
foods differ in shape, not only in colour: grapes are a round cluster, the palm a tree,
salt a heap of crystals, barley an ear, dates long fruits on a stalk.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import Color

from pnp.printing.draw_split import mix
from pnp.printing.drawing import Canvas
from pnp.printing.pen import Draw, ink, polygon, saved, use_form
from pnp.printing.style import BLACK, WHITE
from pnp.printing.symbols import Symbols

SYMBOLS = Symbols(square=1.7, square_corner=0.0, diamond=1.3)   # the players' shapes


def _ellipse(canvas: Canvas, cx: float, cy: float, rx: float, ry: float, angle: float = 0.0,
             stroke: int = 1, fill: int = 1) -> None:
    with saved(canvas):
        canvas.translate(cx, cy)
        if angle:
            canvas.rotate(angle)
        canvas.ellipse(-rx, -ry, rx, ry, stroke=stroke, fill=fill)


def dark(colour: Color) -> Color:
    return mix(colour, BLACK, 0.45)


def light(colour: Color) -> Color:
    return mix(colour, WHITE, 0.35)


# --- Foods -------------------------------------------------------------------------------

def grape(colour: Color) -> Draw:
    def draw(c: Canvas) -> None:
        ink(c, mix(colour, BLACK, 0.1), dark(colour), 0.035)
        # stalk and leaf
        c.setStrokeColor(mix(colour, BLACK, 0.6))
        c.setLineWidth(0.05)
        c.line(0.0, -0.3, 0.05, -0.46)
        c.setFillColor(mix(HEX_LEAF, WHITE, 0.1))
        _ellipse(c, 0.17, -0.36, 0.13, 0.06, -25, stroke=0)
        ink(c, colour, dark(colour), 0.035)
        r = 0.105
        rows = ((-0.22, (-0.2, 0.0, 0.2)), (-0.03, (-0.2, 0.0, 0.2)), (0.15, (-0.1, 0.1)),
                (0.32, (0.0,)))
        for y, xs in rows:
            for x in xs:
                c.circle(x, y, r, stroke=1, fill=1)
                c.setFillColor(light(colour))
                c.circle(x - 0.035, y - 0.035, 0.03, stroke=0, fill=1)
                c.setFillColor(colour)
    return draw


HEX_LEAF = Color(0.30, 0.55, 0.25)


def palm(colour: Color) -> Draw:
    def draw(c: Canvas) -> None:
        trunk = Color(0.55, 0.38, 0.2)
        ink(c, trunk, dark(trunk), 0.03)
        p = c.beginPath()
        p.moveTo(-0.09, 0.48)
        p.curveTo(-0.03, 0.2, 0.0, 0.0, -0.04, -0.16)
        p.lineTo(0.06, -0.16)
        p.curveTo(0.1, 0.0, 0.08, 0.2, 0.07, 0.48)
        p.close()
        c.drawPath(p, stroke=1, fill=1)
        c.setLineWidth(0.02)
        for y in (0.05, 0.17, 0.29, 0.41):          # the trunk's rings
            c.line(-0.05, y, 0.07, y - 0.03)
        ink(c, colour, dark(colour), 0.03)
        top = (0.01, -0.2)
        for angle, length in ((-170, 0.48), (-140, 0.5), (-110, 0.42), (-70, 0.42),
                              (-40, 0.5), (-10, 0.48), (150, 0.36), (30, 0.36)):
            a = math.radians(angle)
            ex, ey = top[0] + length * math.cos(a), top[1] + length * math.sin(a) + 0.12 * length
            nx, ny = -math.sin(a) * 0.1, math.cos(a) * 0.1
            mx, my = (top[0] + ex) / 2, (top[1] + ey) / 2 - 0.06
            leaf = c.beginPath()
            leaf.moveTo(*top)
            leaf.curveTo(mx + nx, my + ny, ex, ey, ex, ey)
            leaf.curveTo(ex, ey, mx - nx, my - ny, *top)
            leaf.close()
            c.drawPath(leaf, stroke=1, fill=1)
        c.setFillColor(Color(0.45, 0.28, 0.12))
        for dx in (-0.06, 0.06):
            c.circle(top[0] + dx, top[1] + 0.06, 0.05, stroke=0, fill=1)
    return draw


def salt(colour: Color) -> Draw:
    def draw(c: Canvas) -> None:
        heap = mix(colour, WHITE, 0.55)
        ink(c, heap, dark(colour), 0.035)
        p = c.beginPath()
        p.moveTo(-0.46, 0.36)
        p.curveTo(-0.3, 0.0, -0.15, -0.2, 0.0, -0.22)
        p.curveTo(0.15, -0.2, 0.3, 0.0, 0.46, 0.36)
        p.close()
        c.drawPath(p, stroke=1, fill=1)
        ink(c, WHITE, dark(colour), 0.03)
        for x, y, s in ((-0.18, 0.16, 0.1), (0.14, 0.18, 0.11), (-0.01, -0.02, 0.1),
                        (0.0, 0.32, 0.08), (0.3, 0.3, 0.06), (-0.3, 0.3, 0.06)):
            polygon(c, [(x, y - s), (x + s, y), (x, y + s), (x - s, y)])
        ink(c, None, dark(colour), 0.03)
        c.line(-0.46, 0.36, 0.46, 0.36)
    return draw


def barley(colour: Color) -> Draw:
    def draw(c: Canvas) -> None:
        stem = dark(colour)
        ink(c, colour, stem, 0.035)
        c.setLineWidth(0.05)
        c.line(0.0, 0.48, 0.0, -0.3)
        c.setLineWidth(0.035)
        for k in range(5):
            y = 0.22 - k * 0.13
            for side in (-1, 1):
                _ellipse(c, side * 0.09, y, 0.1, 0.055, side * -55)
        _ellipse(c, 0.0, -0.38, 0.055, 0.1)
        c.setLineWidth(0.02)
        for side in (-1, 1):        # awns
            for k in range(5):
                y = 0.22 - k * 0.13
                c.line(side * 0.15, y - 0.06, side * 0.3, y - 0.26)
    return draw


def date(colour: Color) -> Draw:
    def draw(c: Canvas) -> None:
        ink(c, None, Color(0.45, 0.6, 0.2), 0.05)
        p = c.beginPath()
        p.moveTo(0.0, -0.48)
        p.curveTo(0.0, -0.3, -0.05, -0.2, -0.05, -0.15)
        c.drawPath(p, stroke=1, fill=0)
        c.line(-0.05, -0.2, -0.28, -0.05)
        c.line(-0.05, -0.2, 0.22, -0.05)
        c.line(0.0, -0.3, 0.05, 0.1)
        ink(c, colour, dark(colour), 0.035)
        for x, y, angle in ((-0.3, 0.12, 12), (-0.12, 0.2, 5), (0.06, 0.26, -4), (0.25, 0.13, -12),
                            (-0.22, 0.34, 8), (0.16, 0.36, -8)):
            _ellipse(c, x, y, 0.085, 0.15, angle)
            c.setFillColor(light(colour))
            _ellipse(c, x - 0.03, y - 0.05, 0.02, 0.05, angle, stroke=0)
            c.setFillColor(colour)
    return draw


FOOD_DRAW = {"grape": grape, "palm": palm, "salt": salt, "barley": barley, "date": date}


def food(canvas: Canvas, name: str, colour: Color, x: float, y: float, size: float,
         key: str = "") -> None:
    """A food icon, `size` mm across, centred at (x, y)."""
    use_form(canvas, f"food-{name}{key}", FOOD_DRAW[name](colour), x, y, size)


# --- Pieces and things -------------------------------------------------------------------

def camel(colour: Color) -> Draw:
    """A camel in profile, facing left."""
    def draw(c: Canvas) -> None:
        ink(c, colour, dark(colour), 0.02)
        p = c.beginPath()
        p.moveTo(-0.46, -0.14)          # nose
        p.curveTo(-0.46, -0.2, -0.4, -0.24, -0.34, -0.22)   # head top
        p.lineTo(-0.28, -0.18)
        p.curveTo(-0.24, -0.1, -0.22, 0.0, -0.16, 0.02)   # neck back
        p.curveTo(-0.12, -0.12, -0.02, -0.3, 0.1, -0.22)  # hump 1
        p.curveTo(0.16, -0.3, 0.3, -0.3, 0.36, -0.1)      # hump 2
        p.curveTo(0.42, 0.0, 0.42, 0.06, 0.4, 0.1)        # rump
        p.lineTo(0.42, 0.2)             # tail
        p.lineTo(0.38, 0.12)
        p.lineTo(0.36, 0.46)            # back leg
        p.lineTo(0.3, 0.46)
        p.lineTo(0.29, 0.16)
        p.lineTo(0.22, 0.46)
        p.lineTo(0.16, 0.46)
        p.lineTo(0.18, 0.14)
        p.lineTo(-0.02, 0.14)
        p.lineTo(-0.06, 0.46)           # front legs
        p.lineTo(-0.12, 0.46)
        p.lineTo(-0.11, 0.16)
        p.lineTo(-0.16, 0.46)
        p.lineTo(-0.22, 0.46)
        p.lineTo(-0.2, 0.1)
        p.curveTo(-0.3, 0.05, -0.36, -0.04, -0.36, -0.1)  # chest and throat
        p.lineTo(-0.44, -0.1)
        p.close()
        c.drawPath(p, stroke=1, fill=1)
    return draw


def hut(fill: Color, stroke: Color) -> Draw:
    """A round mud hut with a domed roof and a door."""
    def draw(c: Canvas) -> None:
        ink(c, fill, stroke, 0.045)
        p = c.beginPath()
        p.moveTo(-0.4, 0.38)
        p.lineTo(-0.4, 0.02)
        p.curveTo(-0.4, -0.5, 0.4, -0.5, 0.4, 0.02)
        p.lineTo(0.4, 0.38)
        p.close()
        c.drawPath(p, stroke=1, fill=1)
        c.setLineWidth(0.035)
        c.line(-0.4, 0.02, 0.4, 0.02)
        c.setFillColor(stroke)
        door = c.beginPath()
        door.moveTo(-0.1, 0.38)
        door.lineTo(-0.1, 0.2)
        door.curveTo(-0.1, 0.08, 0.1, 0.08, 0.1, 0.2)
        door.lineTo(0.1, 0.38)
        door.close()
        c.drawPath(door, stroke=0, fill=1)
    return draw


def ziggurat(fill: Color, stroke: Color) -> Draw:
    """A stepped temple: three tiers and a stair."""
    def draw(c: Canvas) -> None:
        ink(c, fill, stroke, 0.04)
        for k, (w, h) in enumerate(((0.9, 0.24), (0.62, 0.22), (0.34, 0.2))):
            y = 0.42 - sum(t for _w, t in ((0.9, 0.24), (0.62, 0.22), (0.34, 0.2))[:k + 1])
            c.rect(-w / 2, y, w, h, stroke=1, fill=1)
        c.setLineWidth(0.03)
        c.line(0.0, 0.42, 0.0, -0.24)
        for k in range(7):
            y = 0.42 - k * 0.095
            c.line(-0.05, y, 0.05, y)
    return draw


def plough(fill: Color, stroke: Color) -> Draw:
    """An ard: a long beam, a handle and a share."""
    def draw(c: Canvas) -> None:
        ink(c, fill, stroke, 0.03)
        beam = c.beginPath()
        beam.moveTo(-0.48, -0.12)
        beam.curveTo(-0.1, -0.06, 0.1, 0.02, 0.22, 0.2)
        beam.lineTo(0.17, 0.24)
        beam.curveTo(0.06, 0.08, -0.12, 0.0, -0.48, -0.06)
        beam.close()
        c.drawPath(beam, stroke=1, fill=1)
        handle = c.beginPath()
        handle.moveTo(0.12, 0.26)
        handle.lineTo(0.32, -0.42)
        handle.lineTo(0.38, -0.4)
        handle.lineTo(0.2, 0.28)
        handle.close()
        c.drawPath(handle, stroke=1, fill=1)
        c.setFillColor(Color(0.55, 0.55, 0.58))
        share = c.beginPath()
        share.moveTo(0.1, 0.22)
        share.lineTo(0.46, 0.36)
        share.lineTo(0.2, 0.4)
        share.close()
        c.drawPath(share, stroke=1, fill=1)
    return draw


def well(fill: Color, stroke: Color) -> Draw:
    """A well seen from above: a stone ring round dark water."""
    def draw(c: Canvas) -> None:
        ink(c, fill, stroke, 0.04)
        c.circle(0, 0, 0.46, stroke=1, fill=1)
        c.setFillColor(Color(0.22, 0.45, 0.66))
        c.circle(0, 0, 0.26, stroke=1, fill=1)
        c.setStrokeColor(WHITE)
        c.setLineWidth(0.035)
        c.arc(-0.15, -0.15, 0.15, 0.15, 200, 80)
        c.setStrokeColor(stroke)
        c.setLineWidth(0.025)
        for k in range(8):
            a = math.radians(22.5 + 45 * k)
            c.line(0.26 * math.cos(a), 0.26 * math.sin(a), 0.46 * math.cos(a),
                   0.46 * math.sin(a))
    return draw


def player_symbol(canvas: Canvas, symbol: str, x: float, y: float, r: float, fill: Color,
                  stroke: Color, width: float = 0.3) -> None:
    with saved(canvas):
        canvas.translate(x, y)
        canvas.setFillColor(fill)
        canvas.setStrokeColor(stroke)
        canvas.setLineWidth(width)
        canvas.setLineJoin(1)
        SYMBOLS.path(canvas, symbol, r)

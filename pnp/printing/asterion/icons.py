"""The game's icons: prisoner medallions, chests, wings, horns, Asterion, tombs.

Each icon is drawn centred on (0, 0) in mm with y down, with a nominal size of 1 unit
scaled by the caller, and stored once per PDF as a form XObject (smaller, faster files).
"""

from __future__ import annotations

import itertools

from reportlab.lib.colors import HexColor

from pnp.printing.asterion.style import Palette
from pnp.printing.drawing import Canvas
from pnp.printing.pen import Draw, ink
from pnp.printing.style import WHITE
from pnp.printing.symbols import Symbols

GOLD = HexColor("#E8B83A")
WOOD = HexColor("#8A5A2B")
WOOD_DARK = HexColor("#5E3A17")
BONE = HexColor("#F3EAD3")
INK = HexColor("#2B2320")
SYMBOLS = Symbols(square=1.72, square_corner=0.15, diamond=1.25)   # the colours' shapes


def symbol_path(canvas: Canvas, symbol: str, r: float, stroke: int = 1, fill: int = 1) -> None:
    """A colour's shape (circle, square, triangle, diamond; horns: a circle) of 'radius' r
    around (0, 0)."""
    SYMBOLS.path(canvas, "circle" if symbol == "horns" else symbol, r, stroke, fill)


def _person(canvas: Canvas, dy: float, scale: float) -> None:
    """A small white figure: head and shoulders."""
    canvas.setFillColor(WHITE)
    canvas.circle(0, dy - 0.13 * scale, 0.085 * scale, stroke=0, fill=1)
    path = canvas.beginPath()
    w, top, bottom = 0.16 * scale, dy - 0.02 * scale, dy + 0.2 * scale
    path.moveTo(-w, bottom)
    path.curveTo(-w, top, w, top, w, bottom)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)


def prisoner(palette: Palette) -> Draw:
    """A medallion in the colour's shape with a figure: colour and shape both tell the owner."""

    def draw(canvas: Canvas) -> None:
        ink(canvas, palette.fill, palette.dark, 0.06)
        symbol_path(canvas, palette.symbol, 0.46)
        dy = 0.12 if palette.symbol == "triangle" else 0.0
        scale = 0.8 if palette.symbol == "triangle" else 1.0
        _person(canvas, dy, scale)

    return draw


def chest(canvas: Canvas) -> None:
    """A treasure chest (the rules' coin)."""
    ink(canvas, WOOD, WOOD_DARK, 0.05)
    canvas.rect(-0.42, -0.06, 0.84, 0.44, stroke=1, fill=1)          # body
    lid = canvas.beginPath()
    lid.moveTo(-0.42, -0.06)
    lid.curveTo(-0.42, -0.42, 0.42, -0.42, 0.42, -0.06)
    lid.close()
    canvas.setFillColor(HexColor("#A26A33"))
    canvas.drawPath(lid, stroke=1, fill=1)
    canvas.setFillColor(GOLD)
    canvas.setStrokeColor(WOOD_DARK)
    canvas.setLineWidth(0.03)
    canvas.rect(-0.42, -0.1, 0.84, 0.08, stroke=1, fill=1)           # band
    canvas.rect(-0.09, -0.12, 0.18, 0.22, stroke=1, fill=1)          # lock
    canvas.setFillColor(WOOD_DARK)
    canvas.circle(0, 0.0, 0.025, stroke=0, fill=1)


def wing(canvas: Canvas) -> None:
    """A bird's wing: a curved leading edge and a scalloped row of flight feathers."""
    ink(canvas, WHITE, INK, 0.045)
    path = canvas.beginPath()
    path.moveTo(-0.42, 0.05)                                   # shoulder
    path.curveTo(-0.2, -0.38, 0.2, -0.46, 0.46, -0.4)          # leading edge to the tip
    # trailing edge: four feather tips, back towards the shoulder
    tips = [(0.46, -0.4), (0.3, -0.1), (0.14, 0.12), (-0.04, 0.3), (-0.24, 0.42)]
    for (x0, y0), (x1, y1) in itertools.pairwise(tips):
        path.curveTo(x0 + 0.02, y0 + 0.16, x1 + 0.12, y1 - 0.02, x1, y1)
        path.lineTo(x1 - 0.02, y1 - 0.1)
    path.curveTo(-0.34, 0.36, -0.46, 0.2, -0.42, 0.05)
    path.close()
    canvas.drawPath(path, stroke=1, fill=1)
    canvas.setLineWidth(0.03)
    for x0, y0, x1, y1 in ((-0.3, 0.0, 0.28, -0.3), (-0.28, 0.12, 0.12, -0.02),
                           (-0.26, 0.22, -0.04, 0.18)):
        line = canvas.beginPath()
        line.moveTo(x0, y0)
        line.lineTo(x1, y1)
        canvas.drawPath(line, stroke=1, fill=0)


def horns(canvas: Canvas) -> None:
    """A pair of horns: the start-player sign."""
    ink(canvas, BONE, INK, 0.05)
    for side in (-1, 1):
        path = canvas.beginPath()
        path.moveTo(side * 0.08, 0.25)
        path.curveTo(side * 0.45, 0.25, side * 0.5, -0.05, side * 0.42, -0.38)
        path.curveTo(side * 0.34, -0.12, side * 0.28, 0.05, side * 0.08, 0.05)
        path.close()
        canvas.drawPath(path, stroke=1, fill=1)
    canvas.setFillColor(INK)
    canvas.circle(0, 0.15, 0.1, stroke=0, fill=1)


def asterion(canvas: Canvas) -> None:
    """Asterion's head: the Minotaur at the centre of the labyrinth."""
    ink(canvas, HexColor("#6B4A2B"), INK, 0.035)
    for side in (-1, 1):                                             # horns
        path = canvas.beginPath()
        path.moveTo(side * 0.16, -0.16)
        path.curveTo(side * 0.52, -0.14, side * 0.6, -0.34, side * 0.5, -0.58)
        path.curveTo(side * 0.44, -0.38, side * 0.34, -0.28, side * 0.14, -0.30)
        path.close()
        canvas.setFillColor(BONE)
        canvas.drawPath(path, stroke=1, fill=1)
    canvas.setFillColor(HexColor("#6B4A2B"))
    for side in (-1, 1):                                             # ears
        canvas.ellipse(side * 0.22 - 0.12, -0.16, side * 0.22 + 0.12, -0.04, stroke=1, fill=1)
    head = canvas.beginPath()
    head.moveTo(-0.22, -0.28)
    head.curveTo(-0.26, 0.0, -0.2, 0.3, -0.14, 0.42)
    head.lineTo(0.14, 0.42)
    head.curveTo(0.2, 0.3, 0.26, 0.0, 0.22, -0.28)
    head.curveTo(0.1, -0.34, -0.1, -0.34, -0.22, -0.28)
    head.close()
    canvas.drawPath(head, stroke=1, fill=1)
    canvas.setFillColor(HexColor("#C79A6B"))                          # muzzle
    canvas.ellipse(-0.15, 0.2, 0.15, 0.44, stroke=1, fill=1)
    canvas.setFillColor(INK)
    for side in (-1, 1):
        canvas.circle(side * 0.09, -0.04, 0.035, stroke=0, fill=1)    # eyes
        canvas.circle(side * 0.06, 0.33, 0.025, stroke=0, fill=1)     # nostrils


def tombstone(canvas: Canvas) -> None:
    """The mark on a tomb token: a white headstone with a cross."""
    ink(canvas, WHITE, WHITE, 0.04)
    path = canvas.beginPath()
    path.moveTo(-0.26, 0.36)
    path.lineTo(-0.26, -0.1)
    path.arcTo(-0.26, -0.36, 0.26, 0.16, startAng=180, extent=180)
    path.lineTo(0.26, 0.36)
    path.close()
    canvas.drawPath(path, stroke=0, fill=1)
    canvas.setFillColor(HexColor("#1A1A1A"))
    canvas.rect(-0.03, -0.22, 0.06, 0.38, stroke=0, fill=1)
    canvas.rect(-0.12, -0.12, 0.24, 0.06, stroke=0, fill=1)

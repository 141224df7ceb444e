"""Player symbols: shapes that tell the colours apart without colour (game-neutral).

Each game picks its proportions (`Symbols`); the shapes are drawn centred on (0, 0) with
'radius' r: a circle, a square, a triangle and a diamond of about the same weight.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.printing.drawing import Canvas
from pnp.printing.pen import polygon


@dataclass(frozen=True)
class Symbols:
    """The proportions of the colour-blind symbols, in units of their 'radius'."""
    square: float               # the square's side, in r
    square_corner: float        # its corners' radius, in r (0: sharp corners)
    diamond: float              # the diamond's half diagonal, in r

    def path(self, canvas: Canvas, symbol: str, r: float, stroke: int = 1,
             fill: int = 1) -> None:
        """Draw `symbol` (circle, square, triangle, diamond) of 'radius' r around (0, 0)."""
        if symbol == "circle":
            canvas.circle(0, 0, r, stroke=stroke, fill=fill)
        elif symbol == "square":
            side = r * self.square
            if self.square_corner:
                canvas.roundRect(-side / 2, -side / 2, side, side, r * self.square_corner,
                                 stroke=stroke, fill=fill)
            else:
                canvas.rect(-side / 2, -side / 2, side, side, stroke=stroke, fill=fill)
        elif symbol == "triangle":
            h = r * 2.1
            polygon(canvas, [(0, -h * 0.6), (h * 0.58, h * 0.4), (-h * 0.58, h * 0.4)], stroke,
                    fill)
        elif symbol == "diamond":
            d = r * self.diamond
            polygon(canvas, [(0, -d), (d, 0), (0, d), (-d, 0)], stroke, fill)
        else:
            raise ValueError(f"unknown symbol {symbol!r}")

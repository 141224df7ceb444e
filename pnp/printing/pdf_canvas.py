"""reportlab's canvas with a faster ellipse (and so circle): the same operators, written
without recomputing the unit circle's Bézier points for every one. A build draws a
thousand circles (web nodes, dice pips, medallions), and reportlab's `bezierArc` costs
each ten times what a rectangle does.

`FullTurn` repeats `reportlab.pdfgen.pdfgeom.bezierArc(x1, y1, x2, y2, 0, 360)` operation
for operation, so every number, and every byte of the PDF, is the same
(tests/printing/test_pdf_canvas.py compares the two on many ellipses).
"""

from __future__ import annotations

from math import cos, pi, sin

from reportlab.lib.rl_accel import fp_str
from reportlab.pdfgen.canvas import PATH_OPS, Canvas


def _quarters() -> tuple[tuple[float, float, float, float, float, float, float, float], ...]:
    """Per quarter turn, as `bezierArc` computes them for a full turn (4 fragments of 90°):
    cos and sin at its start, the two control points' factors, cos and sin at its end."""
    frag = 360.0 / 4
    half = frag * pi / 360.
    kappa = abs(4. / 3. * (1. - cos(half)) / sin(half))
    quarters = []
    for i in range(4):
        t0 = (0 + i * frag) * pi / 180.
        t1 = (0 + (i + 1) * frag) * pi / 180.
        quarters.append((cos(t0), sin(t0),
                         cos(t0) - kappa * sin(t0), sin(t0) + kappa * cos(t0),
                         cos(t1) + kappa * sin(t1), sin(t1) - kappa * cos(t1),
                         cos(t1), sin(t1)))
    return tuple(quarters)


QUARTERS = _quarters()


class PdfCanvas(Canvas):
    """A reportlab canvas whose `ellipse` and `circle` write reportlab's bytes, faster."""

    def ellipse(self, x1: float, y1: float, x2: float, y2: float, stroke: int = 1,
                fill: int = 0) -> None:
        # as Canvas.ellipse -> PDFPathObject.ellipse(x, y, width, height) -> bezierArc
        x, y, width, height = x1, y1, x2 - x1, y2 - y1
        x1, y1, x2, y2 = x, y, x + width, y + height
        x1, y1, x2, y2 = min(x1, x2), max(y1, y2), max(x1, x2), min(y1, y2)
        x_cen, y_cen = (x1 + x2) / 2., (y1 + y2) / 2.
        rx, ry = (x2 - x1) / 2., (y2 - y1) / 2.
        c0, s0 = QUARTERS[0][:2]
        code = ["n", f"{fp_str(x_cen + rx * c0, y_cen - ry * s0)} m"]
        for _c0, _s0, a, b, c, d, c1, s1 in QUARTERS:
            points = fp_str(x_cen + rx * a, y_cen - ry * b, x_cen + rx * c, y_cen - ry * d,
                            x_cen + rx * c1, y_cen - ry * s1)
            code.append(f"{points} c")
        code.append(PATH_OPS[stroke, fill, self._fillMode])
        self._code.extend(code)

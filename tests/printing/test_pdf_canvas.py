"""The build's canvas writes reportlab's own operators for every ellipse and circle."""

from __future__ import annotations

import io
import random

from reportlab.pdfgen.canvas import Canvas

from pnp.printing.pdf_canvas import PdfCanvas


def test_ellipses_and_circles_write_reportlabs_bytes() -> None:
    ours, theirs = PdfCanvas(io.BytesIO()), Canvas(io.BytesIO())
    rnd = random.Random(7)
    for _ in range(3000):
        x1, y1, x2, y2 = (rnd.uniform(-300, 300) for _ in range(4))
        r = rnd.choice([rnd.uniform(0, 50), rnd.uniform(0, 1e-3), 2.2, 0.0])
        stroke, fill = rnd.randint(0, 1), rnd.randint(0, 1)
        for canvas in (ours, theirs):
            canvas.ellipse(x1, y1, x2, y2, stroke, fill)
            canvas.circle(x1, y1, r, stroke, fill)
            canvas.circle(round(x1), round(y1), round(r, 1))
    theirs.setFillColor((0.2, 0.4, 0.6))        # the probe sees a difference
    assert ours._code != theirs._code
    ours.setFillColor((0.2, 0.4, 0.6))
    assert ours._code == theirs._code
    assert len(ours._code) > 3000 * 3 * 6

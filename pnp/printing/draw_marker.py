"""Drawing an ArUco marker: the same for every game (ids come from `pnp.markers`)."""

from __future__ import annotations

from pnp.markers import marker_bits
from pnp.printing.drawing import Canvas
from pnp.printing.style import BLACK, WHITE


def draw_marker(canvas: Canvas, marker_id: int, x: float, y: float, module: float) -> None:
    """An ArUco marker, top-left at (x, y), on a white quiet zone one module wide."""
    bits = marker_bits(marker_id)
    n = len(bits) + 2
    canvas.setFillColor(WHITE)
    canvas.rect(x - module, y - module, (n + 2) * module, (n + 2) * module, stroke=0, fill=1)
    canvas.setFillColor(BLACK)
    canvas.rect(x, y, n * module, n * module, stroke=0, fill=1)
    canvas.setFillColor(WHITE)
    for r, row in enumerate(bits):
        c = 0
        while c < len(row):                    # one rectangle per run of white modules
            if row[c]:
                start = c
                while c < len(row) and row[c]:
                    c += 1
                canvas.rect(x + (start + 1) * module, y + (r + 1) * module,
                            (c - start) * module, module, stroke=0, fill=1)
            else:
                c += 1

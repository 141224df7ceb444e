"""Asterion's printed faces as the referee compares them with a photo: every tile's front
and the tomb token, drawn by the print side's own code (pnp.printing.asterion.draw) at a
few px per mm, once per process (about 0.2 s).

A tile face is in the tile frame (mm, upright as printed, origin top-left): face px
(i, j) is centred on ((i + 0.5) / ppm, (j + 0.5) / ppm) mm, as `referee.geometry.rectify`
samples a photo, so a rectified patch and a face crop line up pixel for pixel.
"""

from __future__ import annotations

import io
from functools import cache

import cv2
import numpy as np

TOMB = "tomb"


@cache
def printed_faces(ppm: float, design: str) -> dict[str, np.ndarray]:
    """BGR faces by id: every tile of the catalogue ("M", "Y01" ...) and "tomb", the tiles
    printed with the machine-mark design `design`."""
    import pypdfium2 as pdfium
    from reportlab.lib.colors import HexColor
    from reportlab.pdfgen.canvas import Canvas

    from pnp import layouts
    from pnp.printing.asterion.draw import draw_tile_front, draw_tomb
    from pnp.printing.asterion.style import asterion_style
    from pnp.printing.pen import start_page
    from pnp.printing.style import FONT, register_fonts
    from pnp.rules.asterion.tiles import catalogue

    register_fonts()
    data = layouts.load("asterion")
    size = float(data["tile"]["size"].removesuffix("mm"))
    tomb = float(data["tomb"]["size"].removesuffix("mm"))
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName=FONT)
    names = []
    for tile in catalogue():
        start_page(canvas, size, size)
        draw_tile_front(canvas, tile, 0.0, 0.0, asterion_style(), 0.0, design)
        canvas.showPage()
        names.append(tile.id)
    start_page(canvas, tomb, tomb)
    draw_tomb(canvas, 0.0, 0.0, tomb, HexColor(data["tomb"]["fill"]), 0.0)
    canvas.showPage()
    names.append(TOMB)
    canvas.save()
    document = pdfium.PdfDocument(buffer.getvalue())
    out: dict[str, np.ndarray] = {}
    try:
        for index, name in enumerate(names):
            page = document[index]
            width_mm = page.get_width() / 72 * 25.4
            pixels = round(width_mm * ppm)
            image = page.render(scale=pixels / page.get_width()).to_pil().convert("RGB")
            face = cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2BGR)
            out[name] = np.ascontiguousarray(face[:pixels, :pixels])
    finally:
        document.close()
    return out


def face_patch(face: np.ndarray, ppm: float, origin: tuple[float, float], size_mm: float
               ) -> np.ndarray:
    """A size_mm square of a face (top-left `origin`, mm in the face's frame), sampled as
    `rectify` samples a photo (white beyond the face's edge)."""
    n = round(size_mm * ppm)
    shift = np.array([[1.0, 0.0, -origin[0] * ppm], [0.0, 1.0, -origin[1] * ppm]])
    return cv2.warpAffine(face, shift, (n, n), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_CONSTANT, borderValue=(255, 255, 255))

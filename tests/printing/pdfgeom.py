"""Read geometry back from a PDF with pdfium: filled rectangles and crop-mark lines, in mm
with the origin at the page's top-left and y down (the layout's frame)."""

from __future__ import annotations

import ctypes
from dataclasses import dataclass

import pypdfium2 as pdfium
import pypdfium2.raw as raw

MM = 25.4 / 72


@dataclass(frozen=True)
class Box:
    x0: float
    y0: float
    x1: float
    y1: float
    fill: tuple[int, int, int]

    @property
    def width(self) -> float:
        return self.x1 - self.x0

    @property
    def height(self) -> float:
        return self.y1 - self.y0

    def overlaps(self, other: Box, tol: float = 1e-6) -> bool:
        return (self.x0 < other.x1 - tol and other.x0 < self.x1 - tol
                and self.y0 < other.y1 - tol and other.y0 < self.y1 - tol)


def _fill(obj) -> tuple[int, int, int]:
    r, g, b, a = (ctypes.c_uint() for _ in range(4))
    raw.FPDFPageObj_GetFillColor(obj.raw, r, g, b, a)
    return (r.value, g.value, b.value)


def page_size(page: pdfium.PdfPage) -> tuple[float, float]:
    w, h = page.get_size()
    return w * MM, h * MM


def path_boxes(page: pdfium.PdfPage) -> list[Box]:
    """Bounding boxes of the top-level path objects (not those inside forms)."""
    _, height = page.get_size()
    boxes = []
    for obj in page.get_objects(filter=[raw.FPDF_PAGEOBJ_PATH], max_depth=1):
        left, bottom, right, top = obj.get_bounds()
        boxes.append(Box(left * MM, (height - top) * MM, right * MM, (height - bottom) * MM,
                         _fill(obj)))
    return boxes


def squares(page: pdfium.PdfPage, side: float, tol: float = 0.02) -> list[Box]:
    return [b for b in path_boxes(page)
            if abs(b.width - side) < tol and abs(b.height - side) < tol]


def crop_marks(page: pdfium.PdfPage, length: float, tol: float = 0.05) -> list[Box]:
    """Thin straight strokes of the crop-mark length (bounds include the stroke width)."""
    marks = []
    for b in path_boxes(page):
        thin, long = sorted((b.width, b.height))
        if thin < 0.2 and abs(long - length) < tol + thin:
            marks.append(b)
    return marks

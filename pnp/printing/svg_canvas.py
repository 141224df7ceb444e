"""The SVG back end of the drawing interface (`pnp.printing.drawing.Canvas`), on svgwrite.

It takes the same calls as reportlab's Canvas and keeps the same meaning, so the PDF's
drawing code draws an SVG unchanged: state stack, transformation matrix (kept here and
written on each element, so the SVG needs no nesting to match the PDF), fill and stroke
colours with alpha, line width/cap/join/dash, even-odd fill (reportlab's default), paths
(reportlab's own arc and rounded-rect curves, through `SvgPath`), clip paths (a group
clipped until `restoreState`), text kept as <text> in the font's family (editable, with
`text-anchor` for centred and right-aligned strings), and forms replayed where they are
used (a PDF form inherits the state at its use: so does the replay).

The output is an SVG 1.1 document in mm: width/height "Wmm"/"Hmm" and viewBox "0 0 W H".
Deterministic: numbers to 0.0001 mm, clip ids numbered in drawing order.
"""

from __future__ import annotations

import io
import math
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field, replace
from functools import wraps
from typing import Any

import svgwrite
from reportlab.lib.colors import Color, toColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfgen.pathobject import PDFPathObject

from pnp.units import PT_PER_MM

Matrix = tuple[float, float, float, float, float, float]   # SVG/PDF (a b c d e f)
IDENTITY: Matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
CAPS = ("butt", "round", "square")
JOINS = ("miter", "round", "bevel")


def multiply(m: Matrix, n: Matrix) -> Matrix:
    """m after n: the matrix that applies n first, then m."""
    a, b, c, d, e, f = m
    p, q, r, s, t, u = n
    return (a * p + c * q, b * p + d * q, a * r + c * s, b * r + d * s,
            a * t + c * u + e, b * t + d * u + f)


def num(value: float) -> str:
    """A length to 0.0001 (mm), without trailing zeros, never "-0"."""
    text = f"{value:.4f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def _factor(value: float) -> str:
    text = f"{value:.6f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def colour(value: Any) -> tuple[str, float | None]:
    """An SVG colour and the colour's own alpha (None: it has none, as a tuple)."""
    if isinstance(value, (tuple, list)):
        rgb, alpha = tuple(value[:3]), None
    else:
        value = value if isinstance(value, Color) else toColor(value)
        rgb, alpha = (value.red, value.green, value.blue), value.alpha
    return "#" + "".join(f"{round(min(1.0, max(0.0, v)) * 255):02X}" for v in rgb), alpha


class SvgPath(PDFPathObject):
    """A path as SVG path data. reportlab's own arc, arcTo, circle, ellipse and roundRect
    (inherited) build on moveTo/lineTo/curveTo, so the curves are the PDF's curves."""

    def __init__(self) -> None:
        super().__init__()
        self.parts: list[str] = []

    def moveTo(self, x: float, y: float) -> None:
        self.parts.append(f"M{num(x)} {num(y)}")

    def lineTo(self, x: float, y: float) -> None:
        self.parts.append(f"L{num(x)} {num(y)}")

    def curveTo(self, x1: float, y1: float, x2: float, y2: float, x3: float,
                y3: float) -> None:
        self.parts.append(f"C{num(x1)} {num(y1)} {num(x2)} {num(y2)} {num(x3)} {num(y3)}")

    def rect(self, x: float, y: float, width: float, height: float) -> None:
        self.parts.append(f"M{num(x)} {num(y)}h{num(width)}v{num(height)}h{num(-width)}Z")

    def close(self) -> None:
        self.parts.append("Z")

    def data(self) -> str:
        return "".join(self.parts)


@dataclass
class SvgText:
    """A text object: runs of text, each at the text matrix of its time."""

    canvas: SvgCanvas
    font: str
    size: float
    matrix: Matrix = IDENTITY
    advance: float = 0.0                         # along the current line, text space
    runs: list[tuple[str, float, Matrix, str]] = field(default_factory=list)

    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:
        self.font, self.size = psfontname, size

    def setTextTransform(self, a: float, b: float, c: float, d: float, e: float,
                         f: float) -> None:
        self.matrix, self.advance = (a, b, c, d, e, f), 0.0

    def setTextOrigin(self, x: float, y: float) -> None:
        self.setTextTransform(1, 0, 0, 1, x, y)

    def textOut(self, text: str) -> None:
        at = multiply(self.matrix, (1, 0, 0, 1, self.advance, 0))
        self.runs.append((self.font, self.size, at, text))
        self.advance += pdfmetrics.stringWidth(text, self.font, self.size)


@dataclass(frozen=True)
class _State:
    ctm: Matrix = IDENTITY
    fill: str = "#000000"
    fill_alpha: float = 1.0
    stroke: str = "#000000"
    stroke_alpha: float = 1.0
    width: float = 1.0
    cap: int = 0
    join: int = 0
    dash: tuple[tuple[float, ...], float] = ((), 0.0)
    font: str = "Helvetica"
    font_size: float = 12.0
    sink: Any = None                             # the group new elements go into


def _recorded(method: Callable) -> Callable:
    """Inside beginForm/endForm, a call is kept to replay at each doForm (the PDF's form
    uses the state of where it is drawn); otherwise it runs."""

    @wraps(method)
    def call(self: SvgCanvas, *args: Any, **kwargs: Any) -> Any:
        if self._form is not None:
            self._form.append((method, args, kwargs))
            return None
        return method(self, *args, **kwargs)

    return call


class SvgCanvas:
    """A canvas that draws one SVG page (see the module's docstring)."""

    def __init__(self, width_mm: float = 210.0, height_mm: float = 297.0,
                 initial_font: str = "Helvetica", title: str | None = None) -> None:
        self.title = title
        self._forms: dict[str, list] = {}
        self._form: list | None = None
        self._clips = 0
        self._stack: list[_State] = []
        self._initial_font = initial_font
        self.setPageSize((width_mm * PT_PER_MM, height_mm * PT_PER_MM))

    # --- the page --------------------------------------------------------------------

    def setPageSize(self, size: tuple[float, float]) -> None:
        """Start a fresh page of `size` (points, as reportlab) in a fresh SVG."""
        self.width, self.height = size[0] / PT_PER_MM, size[1] / PT_PER_MM
        self.drawing = svgwrite.Drawing(
            size=(f"{num(self.width)}mm", f"{num(self.height)}mm"),
            viewBox=f"0 0 {num(self.width)} {num(self.height)}", profile="full", debug=False)
        self.drawing.attribs.update({"fill-rule": "evenodd", "stroke-miterlimit": "10"})
        if self.title:
            self.drawing.set_desc(title=self.title)
        # points, y up (reportlab's default user space) to the viewBox's mm, y down
        self._page = (1 / PT_PER_MM, 0.0, 0.0, -1 / PT_PER_MM, 0.0, self.height)
        self._stack.clear()
        self._state = _State(font=self._initial_font, sink=self.drawing)

    def tostring(self) -> str:
        text = io.StringIO()
        self.drawing.write(text, pretty=True, indent=1)
        return text.getvalue() + "\n"

    def showPage(self) -> None:
        """Nothing to do: one SVG holds one page."""

    # --- state and coordinates ---------------------------------------------------------

    @_recorded
    def saveState(self) -> None:
        self._stack.append(self._state)

    @_recorded
    def restoreState(self) -> None:
        self._state = self._stack.pop()

    @_recorded
    def transform(self, a: float, b: float, c: float, d: float, e: float, f: float) -> None:
        self._state = replace(self._state, ctm=multiply(self._state.ctm, (a, b, c, d, e, f)))

    def translate(self, dx: float, dy: float) -> None:
        self.transform(1, 0, 0, 1, dx, dy)

    def scale(self, x: float, y: float) -> None:
        self.transform(x, 0, 0, y, 0, 0)

    def rotate(self, theta: float) -> None:
        c, s = math.cos(math.radians(theta)), math.sin(math.radians(theta))
        self.transform(c, s, -s, c, 0, 0)

    # --- paint -------------------------------------------------------------------------

    @_recorded
    def setFillColor(self, aColor: Any, alpha: float | None = None) -> None:
        hex_colour, own = colour(aColor)
        alpha = alpha if alpha is not None else own
        self._state = replace(self._state, fill=hex_colour,
                              fill_alpha=self._state.fill_alpha if alpha is None else alpha)

    @_recorded
    def setStrokeColor(self, aColor: Any, alpha: float | None = None) -> None:
        hex_colour, own = colour(aColor)
        alpha = alpha if alpha is not None else own
        self._state = replace(self._state, stroke=hex_colour,
                              stroke_alpha=self._state.stroke_alpha if alpha is None else alpha)

    @_recorded
    def setFillAlpha(self, a: float) -> None:
        self._state = replace(self._state, fill_alpha=a)

    @_recorded
    def setStrokeAlpha(self, a: float) -> None:
        self._state = replace(self._state, stroke_alpha=a)

    @_recorded
    def setLineWidth(self, width: float) -> None:
        self._state = replace(self._state, width=width)

    @_recorded
    def setLineCap(self, mode: int) -> None:
        self._state = replace(self._state, cap=mode)

    @_recorded
    def setLineJoin(self, mode: int) -> None:
        self._state = replace(self._state, join=mode)

    @_recorded
    def setDash(self, array: Sequence[float] | float = (), phase: float = 0) -> None:
        if isinstance(array, (int, float)):          # reportlab's two-number form
            array, phase = (array, phase), 0
        self._state = replace(self._state, dash=(tuple(array), phase))

    # --- emitting elements -------------------------------------------------------------

    def _paint(self, element: Any, stroke: int, fill: int) -> None:
        """Set `element`'s paint and transform from the state, and add it."""
        s = self._state
        attrs = element.attribs
        matrix = multiply(self._page, s.ctm)
        if max(abs(v - w) for v, w in zip(matrix, IDENTITY, strict=True)) > 1e-9:
            attrs["transform"] = "matrix(" + " ".join(
                [_factor(v) for v in matrix[:4]] + [num(v) for v in matrix[4:]]) + ")"
        attrs["fill"] = s.fill if fill else "none"
        if fill and s.fill_alpha < 1:
            attrs["fill-opacity"] = _factor(s.fill_alpha)
        if stroke:
            attrs["stroke"] = s.stroke
            if s.stroke_alpha < 1:
                attrs["stroke-opacity"] = _factor(s.stroke_alpha)
            attrs["stroke-width"] = num(s.width)
            if s.cap:
                attrs["stroke-linecap"] = CAPS[s.cap]
            if s.join:
                attrs["stroke-linejoin"] = JOINS[s.join]
            array, phase = s.dash
            if array:
                attrs["stroke-dasharray"] = ",".join(num(v) for v in array)
                if phase:
                    attrs["stroke-dashoffset"] = num(phase)
        s.sink.add(element)

    def _path(self, path: SvgPath, stroke: int, fill: int, fillMode: int | None) -> None:
        element = self.drawing.path(d=path.data())
        if fill and fillMode == 1:                   # reportlab's FILL_NON_ZERO
            element.attribs["fill-rule"] = "nonzero"
        self._paint(element, stroke, fill)

    # --- shapes --------------------------------------------------------------------------

    def beginPath(self) -> SvgPath:
        return SvgPath()

    @_recorded
    def drawPath(self, aPath: SvgPath, stroke: int = 1, fill: int = 0,
                 fillMode: int | None = None) -> None:
        if stroke or fill:
            self._path(aPath, stroke, fill, fillMode)

    @_recorded
    def clipPath(self, aPath: SvgPath, stroke: int = 1, fill: int = 0,
                 fillMode: int | None = None) -> None:
        """Paint (if asked), then clip everything drawn until restoreState."""
        self.drawPath(aPath, stroke, fill, fillMode)
        self._clips += 1
        name = f"clip{self._clips}"
        clip = self.drawing.clipPath(id=name)
        shape = self.drawing.path(d=aPath.data())
        shape.attribs["clip-rule"] = "nonzero" if fillMode == 1 else "evenodd"
        matrix = multiply(self._page, self._state.ctm)
        shape.attribs["transform"] = "matrix(" + " ".join(
            [_factor(v) for v in matrix[:4]] + [num(v) for v in matrix[4:]]) + ")"
        clip.add(shape)
        self.drawing.defs.add(clip)
        group = self.drawing.g(clip_path=f"url(#{name})")
        self._state.sink.add(group)
        self._state = replace(self._state, sink=group)

    @_recorded
    def line(self, x1: float, y1: float, x2: float, y2: float) -> None:
        self._paint(self.drawing.line(start=(num(x1), num(y1)), end=(num(x2), num(y2))), 1, 0)

    @_recorded
    def rect(self, x: float, y: float, width: float, height: float, stroke: int = 1,
             fill: int = 0) -> None:
        x, width = (x, width) if width >= 0 else (x + width, -width)
        y, height = (y, height) if height >= 0 else (y + height, -height)
        self._paint(self.drawing.rect(insert=(num(x), num(y)),
                                      size=(num(width), num(height))), stroke, fill)

    @_recorded
    def roundRect(self, x: float, y: float, width: float, height: float, radius: float,
                  stroke: int = 1, fill: int = 0) -> None:
        path = SvgPath()
        path.roundRect(x, y, width, height, radius)
        self._path(path, stroke, fill, None)

    @_recorded
    def circle(self, x_cen: float, y_cen: float, r: float, stroke: int = 1,
               fill: int = 0) -> None:
        self._paint(self.drawing.circle(center=(num(x_cen), num(y_cen)), r=num(r)),
                    stroke, fill)

    @_recorded
    def ellipse(self, x1: float, y1: float, x2: float, y2: float, stroke: int = 1,
                fill: int = 0) -> None:
        element = self.drawing.ellipse(center=(num((x1 + x2) / 2), num((y1 + y2) / 2)),
                                       r=(num(abs(x2 - x1) / 2), num(abs(y2 - y1) / 2)))
        self._paint(element, stroke, fill)

    @_recorded
    def wedge(self, x1: float, y1: float, x2: float, y2: float, startAng: float,
              extent: float, stroke: int = 1, fill: int = 0) -> None:
        path = SvgPath()
        path.moveTo((x1 + x2) / 2, (y1 + y2) / 2)
        path.arcTo(x1, y1, x2, y2, startAng, extent)
        path.close()
        self._path(path, stroke, fill, None)

    @_recorded
    def arc(self, x1: float, y1: float, x2: float, y2: float, startAng: float = 0,
            extent: float = 90) -> None:
        path = SvgPath()
        path.arc(x1, y1, x2, y2, startAng, extent)
        self._path(path, 1, 0, None)

    # --- text --------------------------------------------------------------------------

    @_recorded
    def setFont(self, psfontname: str, size: float, leading: float | None = None) -> None:
        self._state = replace(self._state, font=psfontname, font_size=size)

    def stringWidth(self, text: str, fontName: str | None = None,
                    fontSize: float | None = None) -> float:
        return pdfmetrics.stringWidth(text, fontName or self._state.font,
                                      self._state.font_size if fontSize is None else fontSize)

    def _text(self, font: str, size: float, at: Matrix, text: str, anchor: str) -> None:
        """One run of text at text matrix `at` (glyphs y up, as in PDF), filled."""
        if not text:                                 # nothing to see (nor to edit)
            return
        s = self._state
        self._state = replace(s, ctm=multiply(s.ctm, multiply(at, (1, 0, 0, -1, 0, 0))))
        face = pdfmetrics.getFont(font).face
        family = face.familyName
        family = family.decode() if isinstance(family, bytes) else str(family)
        element = self.drawing.text(text, insert=(0, 0))
        element.attribs.update({"font-family": family, "font-size": num(size)})
        if b"Bold" in getattr(face, "styleName", b""):
            element.attribs["font-weight"] = "bold"
        if anchor != "start":
            element.attribs["text-anchor"] = anchor
        if "  " in text or text != text.strip():
            element.attribs["xml:space"] = "preserve"
        self._paint(element, 0, 1)
        self._state = s

    @_recorded
    def drawString(self, x: float, y: float, text: str) -> None:
        self._text(self._state.font, self._state.font_size, (1, 0, 0, 1, x, y), text, "start")

    @_recorded
    def drawCentredString(self, x: float, y: float, text: str) -> None:
        self._text(self._state.font, self._state.font_size, (1, 0, 0, 1, x, y), text,
                   "middle")

    @_recorded
    def drawRightString(self, x: float, y: float, text: str) -> None:
        self._text(self._state.font, self._state.font_size, (1, 0, 0, 1, x, y), text, "end")

    def beginText(self, x: float = 0, y: float = 0) -> SvgText:
        return SvgText(self, self._state.font, self._state.font_size, (1, 0, 0, 1, x, y))

    @_recorded
    def drawText(self, aTextObject: SvgText) -> None:
        for font, size, at, text in aTextObject.runs:
            self._text(font, size, at, text, "start")

    # --- forms: replayed at each use ------------------------------------------------------

    def beginForm(self, name: str, lowerx: float = 0, lowery: float = 0,
                  upperx: float | None = None, uppery: float | None = None) -> None:
        self._form = self._forms[name] = []

    def endForm(self) -> None:
        self._form = None

    @_recorded
    def doForm(self, name: str) -> None:
        self.saveState()
        for method, args, kwargs in self._forms[name]:
            method(self, *args, **kwargs)
        self.restoreState()

"""The print-check page: a 100 mm bar for scale and a duplex target for the back offset.

Front: a 100 mm bar, the outline of one of the game's pieces (its `check_sample`, e.g. a
50 mm tile) and a cross. Back: two rulers centred where the cross lands after the duplex
flip, shifted by the current `--back-offset` like every back.
Held up to a light, back side facing you, the front's cross falls on each ruler at the
value to pass as `--back-offset X,Y`: tick u mm from the ruler's centre is labelled
u + current offset, because a printer that shifts the back by e moves the rulers by e, and
the cross then reads -e + offset, exactly the correction that cancels e.
"""

from __future__ import annotations

from reportlab.lib.colors import HexColor

from pnp.printing.context import DrawContext
from pnp.printing.drawing import Canvas
from pnp.printing.game import CheckSample
from pnp.printing.pen import polygon, saved, text
from pnp.printing.placement import Item
from pnp.printing.style import BLACK, FONT, FONT_BOLD

BAR_LENGTH = 100.0
RULER_HALF = 8.0          # the rulers read -8..+8 mm around the current offset
GREY = HexColor("#555555")
SAMPLE_ROOM = 75.0        # height free for the sample between the bar and the target


def target_point(page_w: float, page_h: float) -> tuple[float, float]:
    """Where the front's cross sits, page frame (mm, y down)."""
    return page_w / 2, page_h * 0.7


def back_target_point(page_w: float, page_h: float, duplex: str) -> tuple[float, float]:
    """Where the cross lands on the back page after the flip (before any offset)."""
    x, y = target_point(page_w, page_h)
    return (x, page_h - y) if duplex == "short" else (page_w - x, y)


def _bar(canvas: Canvas, x: float, y: float) -> None:
    canvas.setStrokeColor(BLACK)
    canvas.setFillColor(BLACK)
    canvas.setLineWidth(0.15)
    canvas.line(x, y, x + BAR_LENGTH, y)
    for k in range(0, int(BAR_LENGTH) + 1):
        tick = 5.0 if k % 10 == 0 else 3.5 if k % 5 == 0 else 2.0
        canvas.line(x + k, y, x + k, y - tick)
        if k % 10 == 0:
            text(canvas, x + k, y + 3.5, str(k), 6, anchor="middle")
    text(canvas, x + BAR_LENGTH / 2, y + 8, "this bar must measure exactly 100 mm", 8,
         anchor="middle")


def _cross(canvas: Canvas, x: float, y: float) -> None:
    canvas.setStrokeColor(BLACK)
    canvas.setLineWidth(0.2)
    canvas.line(x - 14, y, x + 14, y)
    canvas.line(x, y - 14, x, y + 14)
    canvas.circle(x, y, 2.5, stroke=1, fill=0)


def _rulers(canvas: Canvas, x: float, y: float, offset: tuple[float, float]) -> None:
    """A horizontal ruler (X reading) and a vertical one (Y reading) centred on (x, y)."""
    canvas.setStrokeColor(BLACK)
    canvas.setFillColor(BLACK)
    canvas.setLineWidth(0.12)
    half = RULER_HALF
    canvas.line(x - half, y, x + half, y)
    canvas.line(x, y - half, x, y + half)
    for k in range(-int(half * 2), int(half * 2) + 1):
        u = k / 2
        tick = 2.5 if k % 2 == 0 else 1.3
        canvas.line(x + u, y - tick, x + u, y)           # X ticks above the line
        canvas.line(x, y + u, x + tick, y + u)           # Y ticks right of the line
        if k % 4 == 0:
            text(canvas, x + u, y - 3.6, f"{u + offset[0]:g}", 5, anchor="middle")
            if k:
                text(canvas, x + 3.6, y + u + 0.7, f"{u + offset[1]:g}", 5)
    text(canvas, x - half - 2, y + 0.7, "X", 6, FONT_BOLD, anchor="end")
    text(canvas, x, y + half + 3.5, "Y", 6, FONT_BOLD, anchor="middle")


def _cut_line(sample: CheckSample) -> str:
    if sample.shape == "round":
        return (f"Cut on the printed circles: every {sample.noun} is exactly "
                f"{sample.width:.1f} mm across.")
    if sample.shape == "hex":
        return (f"Cut on the printed outlines: every {sample.noun} is exactly "
                f"{sample.height:.1f} mm across flats.")
    if sample.width == sample.height:
        return (f"Cut on the crop marks: every {sample.noun} is exactly {sample.width:.1f} mm "
                "square.")
    return (f"Cut on the crop marks: every {sample.noun} is exactly {sample.width:.1f} x "
            f"{sample.height:.1f} mm.")


def _outline(canvas: Canvas, shape: str, x: float, y: float, w: float, h: float) -> None:
    """The sample's cut outline in its box: a rectangle, a circle or a flat-topped hexagon."""
    if shape == "round":
        canvas.circle(x + w / 2, y + h / 2, w / 2, stroke=1, fill=0)
    elif shape == "hex":
        q = w / 4
        polygon(canvas, [(x, y + h / 2), (x + q, y), (x + w - q, y), (x + w, y + h / 2),
                         (x + w - q, y + h), (x + q, y + h)], stroke=1, fill=0)
    else:
        canvas.rect(x, y, w, h, stroke=1, fill=0)


def draw_check(canvas: Canvas, item: Item, ctx: DrawContext) -> None:
    w, h = item.width, item.height
    opts = ctx.options
    with saved(canvas):
        canvas.translate(item.x, item.y)
        if item.face == "back":
            bx, by = back_target_point(w, h, opts.duplex)
            _rulers(canvas, bx, by, opts.back_offset)
            canvas.setFillColor(GREY)
            text(canvas, w / 2, by + 16, "Duplex check: hold the sheet up to a light, this side "
                 "facing you.", 8, anchor="middle")
            text(canvas, w / 2, by + 21, "Read where the front's cross falls on each ruler: "
                 "top ruler = X, side ruler = Y.", 8, anchor="middle")
            text(canvas, w / 2, by + 26, "Build again with --back-offset X,Y "
                 "(0,0: your printer is aligned).", 8, anchor="middle")
            return
        printing = ctx.printing
        edition = printing.edition_title(ctx.edition)
        title = f"{printing.title} — {edition}" if edition else printing.title
        canvas.setFillColor(BLACK)
        text(canvas, w / 2, 28, f"{title}: print check", 16, FONT_BOLD, anchor="middle")
        lines = [
            "Print this page first, at actual size (100 %, no 'fit to page'), then measure.",
            f"Paper {opts.paper.name}, bleed {opts.bleed:g} mm, duplex: "
            + {"long": "flip on the long edge", "short": "flip on the short edge",
               "none": "single-sided (backs on their own pages, to glue on)"}[opts.duplex]
            + (f", back offset {opts.back_offset[0]:g},{opts.back_offset[1]:g} mm"
               if opts.back_offset != (0.0, 0.0) else "") + ".",
            _cut_line(printing.check_sample),
        ]
        for k, line in enumerate(lines):
            text(canvas, w / 2, 40 + 6 * k, line, 9, FONT, anchor="middle")
        _bar(canvas, (w - BAR_LENGTH) / 2, 75)
        sample = printing.check_sample
        # the sample's outline at actual size, kept clear of the duplex target below
        sw, sh = min(sample.width, w - 40), min(sample.height, SAMPLE_ROOM)
        canvas.setStrokeColor(BLACK)
        canvas.setLineWidth(0.2)
        _outline(canvas, sample.shape, (w - sw) / 2, 100, sw, sh)
        size = (f"{sample.height:g} mm across flats" if sample.shape == "hex"
                else f"{sample.width:g} mm" if sample.width == sample.height
                else f"{sample.width:g} x {sample.height:g} mm")
        text(canvas, w / 2, 100 + sh / 2 + 1.2, f"{size}: one {sample.noun}", 8,
             anchor="middle")
        tx, ty = target_point(w, h)
        _cross(canvas, tx, ty)
        canvas.setFillColor(GREY)
        text(canvas, tx, ty + 20, "duplex target: read it from the back of this sheet", 8,
             anchor="middle")

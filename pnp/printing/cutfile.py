"""Cut files for cutting machines: one SVG per printed sheet, the cut paths of its front.

Laid on the PDF page, the SVG matches it: its size is the page's in mm, its viewBox the
same numbers, so one user unit is one millimetre in the page frame (origin top-left, y
down, as placement.py). Layers (groups, by id and by colour, as cutting software sorts
them): "cut" in red (the blade cuts through), "score" in blue (fold lines: a scoring tool
or a light cut), and, with registration marks, "registration" in black (printed on the
page; the cutter's software draws its own at the same place). Paths only, no raster,
SVG 1.1 (svgwrite checks it). Each path's id names its component ("cut-Y07").

The bytes depend only on the placed page: numbers are written with three decimals, the
order is placement order, and there is no date or tool version in the file.
"""

from __future__ import annotations

import io
from pathlib import Path

import svgwrite

from pnp.fileio import write_text
from pnp.printing.context import DrawContext
from pnp.printing.cuts import MARKS, Ellipse, Poly, Shape, is_cut, page_cuts
from pnp.printing.placement import Page

CUT = "#FF0000"
SCORE = "#0000FF"
MARK = "#000000"
LINE = 0.1                   # mm: a hairline, which cutting software takes as a cut line


def num(value: float) -> str:
    """A coordinate to 0.001 mm, without trailing zeros (and never "-0")."""
    text = f"{value:.3f}".rstrip("0").rstrip(".")
    return "0" if text in ("-0", "") else text


def path_data(shape: Shape) -> str:
    """SVG path data of a shape: straight lines and elliptical arcs, absolute."""
    if isinstance(shape, Poly):
        (x0, y0), *rest = shape.points
        d = [f"M{num(x0)},{num(y0)}"] + [f"L{num(x)},{num(y)}" for x, y in rest]
        return " ".join(d + (["Z"] if shape.closed else []))
    if isinstance(shape, Ellipse):
        cx, cy, rx, ry = shape.cx, shape.cy, shape.rx, shape.ry
        arc = f"A{num(rx)},{num(ry)} 0 1,1"
        return (f"M{num(cx + rx)},{num(cy)} {arc} {num(cx - rx)},{num(cy)} "
                f"{arc} {num(cx + rx)},{num(cy)} Z")
    x, y, w, h, r = shape.x, shape.y, shape.width, shape.height, shape.radius
    if r <= 0:
        return (f"M{num(x)},{num(y)} H{num(x + w)} V{num(y + h)} H{num(x)} Z")
    arc = f"A{num(r)},{num(r)} 0 0,1"
    return (f"M{num(x + r)},{num(y)} H{num(x + w - r)} {arc} {num(x + w)},{num(y + r)} "
            f"V{num(y + h - r)} {arc} {num(x + w - r)},{num(y + h)} H{num(x + r)} "
            f"{arc} {num(x)},{num(y + h - r)} V{num(y + r)} {arc} {num(x + r)},{num(y)} Z")


def page_svg(page: Page, title: str, marks: bool) -> str:
    """The cut file of one front page, as text."""
    drawing = svgwrite.Drawing(size=(f"{num(page.width)}mm", f"{num(page.height)}mm"),
                               viewBox=f"0 0 {num(page.width)} {num(page.height)}",
                               profile="full", debug=True)
    drawing.set_desc(title=title)
    cut = drawing.g(id="cut", fill="none", stroke=CUT, stroke_width=num(LINE))
    score = drawing.g(id="score", fill="none", stroke=SCORE, stroke_width=num(LINE))
    for item in page_cuts(page):
        for k, shape in enumerate(item.cut):
            suffix = f"-{k + 1}" if len(item.cut) > 1 else ""
            cut.add(drawing.path(d=path_data(shape), id=f"cut-{item.id}{suffix}"))
        for k, shape in enumerate(item.score):
            score.add(drawing.path(d=path_data(shape), id=f"score-{item.id}-{k + 1}"))
    drawing.add(cut)
    drawing.add(score)
    if marks:
        registration = drawing.g(id="registration", fill=MARK, stroke="none")
        for k, box in enumerate(MARKS.shapes(page.width, page.height)):
            registration.add(drawing.path(d=path_data(box), id=f"mark-{k + 1}"))
        drawing.add(registration)
    text = io.StringIO()
    drawing.write(text, pretty=True, indent=1)
    return text.getvalue()


def cut_file_name(pdf_path: Path, sheet: int) -> Path:
    return pdf_path.with_name(f"{pdf_path.stem}-sheet-{sheet:02d}-cut.svg")


def write_cut_files(pages: list[Page], ctx: DrawContext, pdf_path: Path) -> tuple[Path, ...]:
    """One SVG beside the PDF for every sheet whose front has something to cut (the print
    check and the player aid have not), named <pdf stem>-sheet-NN-cut.svg. Cut files of
    an earlier build that this one does not write again are removed."""
    sheets = max(p.sheet for p in pages)
    written = []
    for page in pages:
        if not is_cut(page):
            continue
        parts = [ctx.printing.title, ctx.printing.edition_title(ctx.edition),
                 f"sheet {page.sheet} of {sheets}", "cut file"]
        title = " · ".join(p for p in parts if p)
        path = cut_file_name(pdf_path, page.sheet)
        write_text(path, page_svg(page, title, ctx.options.cut_marks) + "\n")
        written.append(path)
    keep = set(written)
    for old in sorted(pdf_path.parent.glob(f"{pdf_path.stem}-sheet-*-cut.svg")):
        if old not in keep:
            old.unlink()
    return tuple(written)

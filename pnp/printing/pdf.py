"""Turn placed pages into a PDF: the only step that talks to reportlab's page model.

The output is deterministic (reportlab's invariant mode: no timestamps, fixed ids) and
written to a temporary file that is renamed into place, so a failed build never leaves a
half-written PDF behind.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp import layouts
from pnp.fileio import atomic_path
from pnp.printing import pen
from pnp.printing.context import DrawContext
from pnp.printing.pdf_canvas import PdfCanvas
from pnp.printing.placement import Item, Page
from pnp.printing.style import BLACK, FONT, register_fonts
from pnp.units import pt

Progress = Callable[[int, int], None]   # (pages done, pages in all)
LABEL_GREY = HexColor("#6F6F6F")


@dataclass(frozen=True)
class BuildResult:
    """What a build wrote: the PDF, its pages and sheets, and what it printed."""
    path: Path
    pages: int
    sheets: int
    components: dict[str, int]          # kind -> count (physical pieces, not pages)
    cut_files: tuple[Path, ...] = ()    # the cut files written beside it (--cut-files)


def draw_item(canvas: Canvas, item: Item, ctx: DrawContext) -> None:
    """Paint one placed item, front or back: the print check here, the rest by the game."""
    if item.component.kind == "check":
        from pnp.printing import draw_check

        draw_check.draw_check(canvas, item, ctx)
    else:
        ctx.printing.draw(canvas, item, ctx)


def _page_label(page: Page, ctx: DrawContext, sheets: int) -> str:
    side = "back" if page.side == "back" else "front"
    parts = [ctx.printing.title, ctx.printing.edition_title(ctx.edition),
             f"sheet {page.sheet} of {sheets}", side, ctx.options.paper.name]
    return " · ".join(p for p in parts if p)


def _fit(canvas: Canvas, label: str, size_pt: float, max_width_mm: float) -> str:
    while label and canvas.stringWidth(label, FONT, size_pt) * 25.4 / 72 > max_width_mm:
        label = label.rsplit(" · ", 1)[0] if " · " in label else label[:-1]
    return label


def draw_page(canvas: Canvas, page: Page, ctx: DrawContext, sheets: int) -> None:
    pen.start_page(canvas, page.width, page.height)
    for item in page.items:
        draw_item(canvas, item, ctx)
    if page.marks:
        canvas.setStrokeColor(BLACK)
        canvas.setLineWidth(pt("0.25pt") / pt("1mm"))
        canvas.setLineCap(0)
        for mark in page.marks:
            canvas.line(mark.x1, mark.y1, mark.x2, mark.y2)
    if ctx.options.cut_marks:
        _registration_marks(canvas, page)
    if page.label is not None:
        size = pt(layouts.load("paper")["page"]["label_font_size"])
        label = _fit(canvas, _page_label(page, ctx, sheets), size, page.label.max_width)
        canvas.setFillColor(LABEL_GREY)
        pen.text(canvas, page.label.x, page.label.y, label, size, anchor="middle")
    canvas.showPage()


def _registration_marks(canvas: Canvas, page: Page) -> None:
    """Print-and-cut registration marks, on a sheet that has cuts (the cut files' module
    loads only for a build that has them)."""
    from pnp.printing.cuts import MARKS, is_cut

    if is_cut(page):
        canvas.setFillColor(BLACK)
        for box in MARKS.shapes(page.width, page.height):
            canvas.rect(box.x, box.y, box.width, box.height, stroke=0, fill=1)


def write_pdf(pages: list[Page], ctx: DrawContext, out_path: Path,
              progress: Progress | None = None) -> BuildResult:
    register_fonts()
    with atomic_path(out_path) as temp:
        canvas = PdfCanvas(str(temp), invariant=1, pageCompression=1, initialFontName=FONT)
        canvas.setTitle(f"{ctx.printing.title} — print and play")
        canvas.setAuthor("pnp")
        canvas.setCreator("pnp")
        sheets = max(p.sheet for p in pages)
        for done, page in enumerate(pages, start=1):
            draw_page(canvas, page, ctx, sheets)
            if progress:
                progress(done, len(pages))
        canvas.save()
    counts: dict[str, int] = {}
    for page in pages:
        if page.side == "front":
            for item in page.items:
                counts[item.component.kind] = counts.get(item.component.kind, 0) + 1
    return BuildResult(out_path, len(pages), sheets, counts)

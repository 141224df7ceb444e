"""`pnp export`: one PNG per component face, plus a manifest, from the PDF drawing code.

Draw once: every face is drawn by the same functions as the PDF, onto a page of exactly
its cut size (no bleed), and rasterised with pdfium. Used by Tabletop Simulator players
and by the referee's test-photo generator.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from reportlab.pdfgen.canvas import Canvas

from pnp import layouts
from pnp.fileio import write_bytes
from pnp.printing import pen
from pnp.printing.asterion_components import tile_components
from pnp.printing.build import BuildRequest, plan
from pnp.printing.context import DrawContext
from pnp.printing.pdf import draw_item
from pnp.printing.placement import Component, Item, Options
from pnp.printing.style import FONT, register_fonts
from pnp.units import mm

MIN_DPI, MAX_DPI = 36, 1200


class ExportError(ValueError):
    """Options that cannot make an export."""


@dataclass(frozen=True)
class Face:
    file: str                   # "Y07.png"
    width: float                # mm
    height: float
    draw: Callable[[Canvas], None]


@dataclass(frozen=True)
class ExportResult:
    folder: Path
    files: int
    components: int


def _faces(ctx: DrawContext) -> tuple[list[Face], list[dict]]:
    """Every face to render, and the manifest entries that describe them."""
    no_bleed = DrawContext(ctx.game, ctx.edition, ctx.style,
                           Options(ctx.options.paper, 0.0, "long", (0.0, 0.0), False,
                                   ctx.options.furniture))
    faces: list[Face] = []
    manifest: list[dict] = []

    def add(comp: Component, back: bool, count: int = 1, name: str | None = None) -> None:
        stem = name or comp.id
        entry = {"id": stem, "kind": comp.kind, "width_mm": comp.width,
                 "height_mm": comp.height, "front": f"{stem}.png"}
        faces.append(Face(f"{stem}.png", comp.width, comp.height,
                          lambda c, comp=comp: draw_item(c, Item(comp, 0, 0, "front"), no_bleed)))
        if back:
            entry["back"] = f"{stem}-back.png"
            faces.append(Face(f"{stem}-back.png", comp.width, comp.height,
                              lambda c, comp=comp: draw_item(c, Item(comp, 0, 0, "back"),
                                                             no_bleed)))
        if count > 1:
            entry["count"] = count
        manifest.append(entry)

    for comp in tile_components(ctx.edition):
        add(comp, back=True)
    tomb = layouts.load("asterion")["tomb"]
    size = mm(tomb["size"])
    add(Component("tomb", "tomb", size, size), back=False, count=int(tomb["count"]))
    if layouts.load("asterion")["editions"][ctx.edition]["board"]:
        from pnp.printing.draw_board import board_size, draw_whole_board

        width, height = board_size()
        faces.append(Face("board.png", width, height,
                          lambda c: draw_whole_board(c, 0.0, 0.0, no_bleed)))
        manifest.append({"id": "board", "kind": "board", "width_mm": width,
                         "height_mm": height, "front": "board.png"})
    return faces, manifest


def _render_pdf(faces: list[Face]) -> bytes:
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName=FONT)
    for face in faces:
        pen.start_page(canvas, face.width, face.height)
        face.draw(canvas)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def render_faces(request: BuildRequest, dpi: int = 200):
    """Yield every component face as (file stem, PIL RGB image): "Y07", "Y07-back",
    "board", ... from the same drawing as the PDF, one at a time (the board is large).
    The referee's test-photo generator uses this in memory."""
    import pypdfium2 as pdfium

    if not MIN_DPI <= dpi <= MAX_DPI:
        raise ExportError(f"dpi must be between {MIN_DPI} and {MAX_DPI}, not {dpi}")
    ctx, _pages = plan(request)
    faces, _manifest = _faces(ctx)
    document = pdfium.PdfDocument(_render_pdf(faces))
    try:
        for index, face in enumerate(faces):
            image = document[index].render(scale=dpi / 72).to_pil().convert("RGB")
            yield face.file.removesuffix(".png"), image
    finally:
        document.close()


def export(request: BuildRequest, out_dir: Path, dpi: int = 200,
           progress: Callable[[int, int], None] | None = None) -> ExportResult:
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise ExportError(f"dpi must be between {MIN_DPI} and {MAX_DPI}, not {dpi}")
    ctx, _pages = plan(request)
    _faces_list, manifest = _faces(ctx)
    out_dir.mkdir(parents=True, exist_ok=True)
    for index, (stem, image) in enumerate(render_faces(request, dpi)):
        buffer = io.BytesIO()
        image.save(buffer, format="PNG", dpi=(dpi, dpi))
        write_bytes(out_dir / f"{stem}.png", buffer.getvalue())
        if progress:
            progress(index + 1, len(_faces_list))
    summary = {"game": ctx.game, "edition": ctx.edition, "dpi": dpi,
               "ink_saver": ctx.style.ink_saver, "components": manifest}
    write_bytes(out_dir / "manifest.json",
                  (json.dumps(summary, indent=2) + "\n").encode())
    return ExportResult(out_dir, len(_faces_list) + 1, len(manifest))

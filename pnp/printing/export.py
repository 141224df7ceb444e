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

from pnp.fileio import write_bytes
from pnp.printing import pen
from pnp.printing.build import BuildRequest, plan
from pnp.printing.context import DrawContext
from pnp.printing.pdf import draw_item
from pnp.printing.placement import Component, Item
from pnp.printing.style import FONT, register_fonts

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
    no_bleed = ctx.without_bleed()
    faces: list[Face] = []
    manifest: list[dict] = []

    def item_face(comp: Component, face: str) -> Callable[[Canvas], None]:
        return lambda c: draw_item(c, Item(comp, 0, 0, face), no_bleed)

    for piece in ctx.printing.export(ctx):
        comp = piece.component
        stem = comp.id
        entry = {"id": stem, "kind": comp.kind, "width_mm": comp.width,
                 "height_mm": comp.height, "front": f"{stem}.png"}
        front = (item_face(comp, "front") if piece.front is None
                 else lambda c, draw=piece.front: draw(c, no_bleed))
        faces.append(Face(f"{stem}.png", comp.width, comp.height, front))
        if piece.back:
            entry["back"] = f"{stem}-back.png"
            faces.append(Face(f"{stem}-back.png", comp.width, comp.height,
                              item_face(comp, "back")))
        if piece.count > 1:
            entry["count"] = piece.count
        entry.update(piece.extra)
        manifest.append(entry)
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
               "ink_saver": request.ink_saver, "components": manifest}
    write_bytes(out_dir / "manifest.json",
                  (json.dumps(summary, indent=2) + "\n").encode())
    return ExportResult(out_dir, len(_faces_list) + 1, len(manifest))

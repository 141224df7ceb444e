"""`pnp export`: one PNG (or SVG) per component face, plus a manifest, from the PDF
drawing code.

Draw once: every face is drawn by the same functions as the PDF, onto a page of exactly
its cut size (no bleed), and rasterised with pdfium. Used by Tabletop Simulator players
and by the referee's test-photo generator. With `svg=True` the same functions draw each
face through the SVG back end of the drawing interface (pnp/printing/svg_canvas.py):
vector art and editable text, in mm, for Inkscape.
"""

from __future__ import annotations

import io
import json
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pnp.fileio import atomic_folder
from pnp.inputs import InputError, read_json, some
from pnp.printing import pen
from pnp.printing.build import BuildRequest, plan
from pnp.printing.context import DrawContext
from pnp.printing.drawing import Canvas
from pnp.printing.pdf import draw_item
from pnp.printing.placement import Component, Item
from pnp.printing.style import FONT, register_fonts

MIN_DPI, MAX_DPI = 36, 1200
# One face's pixels at the most: a whole Crete board at 1200 dpi would be a
# gigapixel image that takes 8 GB to render and that Pillow refuses to open (its limit is
# ~89 MP). A larger face is rendered at the highest dpi that fits, and the manifest says so.
MAX_FACE_PIXELS = 64_000_000


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
    reduced: dict[str, int] = field(default_factory=dict)   # file -> dpi, over the pixel cap


def faces_to_render(ctx: DrawContext, suffix: str = ".png") -> tuple[list[Face], list[dict]]:
    """Every face to render, and the manifest entries that describe them (files named
    with `suffix`: .png or .svg)."""
    no_bleed = ctx.without_bleed()
    faces: list[Face] = []
    manifest: list[dict] = []

    def item_face(comp: Component, face: str) -> Callable[[Canvas], None]:
        return lambda c: draw_item(c, Item(comp, 0, 0, face), no_bleed)

    for piece in ctx.printing.export(ctx):
        comp = piece.component
        stem = comp.id
        entry = {"id": stem, "kind": comp.kind, "width_mm": comp.width,
                 "height_mm": comp.height, "front": f"{stem}{suffix}"}
        front = (item_face(comp, "front") if piece.front is None
                 else lambda c, draw=piece.front: draw(c, no_bleed))
        faces.append(Face(f"{stem}{suffix}", comp.width, comp.height, front))
        if piece.back:
            entry["back"] = f"{stem}-back{suffix}"
            faces.append(Face(f"{stem}-back{suffix}", comp.width, comp.height,
                              item_face(comp, "back")))
        if piece.count > 1:
            entry["count"] = piece.count
        entry.update(piece.extra)
        manifest.append(entry)
    return faces, manifest


def render_pdf(faces: list[Face]) -> bytes:
    from reportlab.pdfgen.canvas import Canvas as PdfCanvas

    register_fonts()
    buffer = io.BytesIO()
    canvas = PdfCanvas(buffer, invariant=1, initialFontName=FONT)
    for face in faces:
        pen.start_page(canvas, face.width, face.height)
        face.draw(canvas)
        canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def face_dpi(width_mm: float, height_mm: float, dpi: int) -> int:
    """`dpi`, or the highest whole dpi at which the face stays within MAX_FACE_PIXELS."""
    pixels = (width_mm / 25.4 * dpi) * (height_mm / 25.4 * dpi)
    if pixels <= MAX_FACE_PIXELS:
        return dpi
    return int(dpi * (MAX_FACE_PIXELS / pixels) ** 0.5)


def render_faces(request: BuildRequest, dpi: int = 200, ppm: float | None = None):
    """Yield every component face as (file stem, PIL RGB image): "Y07", "Y07-back",
    "board", ... from the same drawing as the PDF, one at a time (the board is large).
    A face over MAX_FACE_PIXELS comes at a lower dpi (`face_dpi`). The referee uses this
    in memory: its photo generator at a dpi, its templates at `ppm`, whole pixels per mm
    (a face then spans exactly round(width * ppm) px, so px i covers mm [i, i + 1] / ppm)."""
    import pypdfium2 as pdfium

    if not MIN_DPI <= dpi <= MAX_DPI:
        raise ExportError(f"dpi must be between {MIN_DPI} and {MAX_DPI}, not {dpi}")
    ctx, _pages = plan(request)
    faces, _manifest = faces_to_render(ctx)
    document = pdfium.PdfDocument(render_pdf(faces))
    try:
        for index, face in enumerate(faces):
            page = document[index]
            if ppm is None:
                scale = face_dpi(face.width, face.height, dpi) / 72
            else:
                scale = round(page.get_width() / 72 * 25.4 * ppm) / page.get_width()
            image = page.render(scale=scale).to_pil().convert("RGB")
            yield face.file.removesuffix(".png"), image
    finally:
        document.close()


def svg_face(face: Face, title: str | None = None) -> str:
    """One face as an SVG document, drawn by its drawing function through the SVG back
    end: the same calls that draw it in the PDF."""
    from pnp.printing.svg_canvas import SvgCanvas

    register_fonts()
    canvas = SvgCanvas(face.width, face.height, initial_font=FONT, title=title)
    pen.start_page(canvas, face.width, face.height)
    face.draw(canvas)
    return canvas.tostring()


def svg_faces(request: BuildRequest) -> Iterator[tuple[str, str]]:
    """Every component face as (file stem, SVG text), one at a time, as `render_faces`."""
    ctx, _pages = plan(request)
    faces, _manifest = faces_to_render(ctx, ".svg")
    titles = [ctx.printing.title, ctx.printing.edition_title(ctx.edition)]
    for face in faces:
        stem = face.file.removesuffix(".svg")
        yield stem, svg_face(face, " · ".join(t for t in [*titles, stem] if t))


def export(request: BuildRequest, out_dir: Path, dpi: int = 200,
           progress: Callable[[int, int], None] | None = None,
           svg: bool = False) -> ExportResult:
    """Write every face and manifest.json into `out_dir`, all at once: the files are written
    into a fresh folder beside it that then takes its place, so an interrupted export
    leaves the old export whole. `out_dir` must be new, empty, or an earlier export
    holding only what it wrote: a folder is never replaced over a player's files.
    `svg`: SVG faces (vector, in mm) instead of PNGs; `dpi` is then not used."""
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise ExportError(f"dpi must be between {MIN_DPI} and {MAX_DPI}, not {dpi}")
    ctx, _pages = plan(request)
    faces, manifest = faces_to_render(ctx, ".svg" if svg else ".png")
    check_replaceable(out_dir)
    reduced = {} if svg else {f.file: face_dpi(f.width, f.height, dpi) for f in faces
                              if face_dpi(f.width, f.height, dpi) != dpi}
    for entry in manifest:
        if entry["front"] in reduced:
            entry["dpi"] = reduced[entry["front"]]
    with atomic_folder(out_dir) as temp:
        if svg:
            for index, (stem, text) in enumerate(svg_faces(request)):
                (temp / f"{stem}.svg").write_text(text, encoding="utf-8")
                if progress:
                    progress(index + 1, len(faces))
        else:
            for index, (stem, image) in enumerate(render_faces(request, dpi)):
                buffer = io.BytesIO()
                used = reduced.get(f"{stem}.png", dpi)
                image.save(buffer, format="PNG", dpi=(used, used))
                (temp / f"{stem}.png").write_bytes(buffer.getvalue())
                if progress:
                    progress(index + 1, len(faces))
        resolution = {"format": "svg", "units": "mm"} if svg else {"dpi": dpi}
        summary = {"game": ctx.game, "edition": ctx.edition, **resolution,
                   "ink_saver": request.ink_saver, "components": manifest}
        if request.marks is not None:     # not the layout's default mark design
            summary["tile_marks"] = request.marks
        (temp / "manifest.json").write_text(json.dumps(summary, indent=2) + "\n")
        check_replaceable(out_dir)      # again: a file may have come in while rendering
    return ExportResult(out_dir, len(faces) + 1, len(manifest), reduced)


def check_replaceable(out_dir: Path) -> None:
    """`out_dir` must be new, empty, or an earlier export holding only the files its
    manifest lists: the new export replaces the folder whole (all old or all new), so a
    file an export did not write (a player's notes, a state file) is refused, never lost."""
    if out_dir.exists() and not out_dir.is_dir():
        raise ExportError(f"{out_dir} is a file, not a folder")
    if not out_dir.is_dir() or not any(out_dir.iterdir()):
        return
    written = exported_files(out_dir)
    if written is None:
        raise ExportError(f"{out_dir} holds other files (it is not an earlier export): "
                          "choose an empty or new folder")
    others = sorted(p.name for p in out_dir.iterdir()
                    if p.name not in written or p.is_symlink() or not p.is_file())
    if others:
        raise ExportError(f"{out_dir} holds files an export did not write "
                          f"({some(others)}): move them or choose another folder")


def exported_files(folder: Path) -> set[str] | None:
    """The names of the files an earlier export wrote into `folder`, from its manifest
    (manifest.json included: its components' faces and any `files` it lists); None when
    the folder has no readable export manifest."""
    try:
        summary = read_json(folder / "manifest.json")
    except InputError:
        return None
    components = summary.get("components") if isinstance(summary, dict) else None
    if not isinstance(components, list):
        return None
    names = {"manifest.json"}
    names.update(f for f in summary.get("files", []) if isinstance(f, str))
    for entry in components:
        if isinstance(entry, dict):
            names.update(v for k, v in entry.items()
                         if k in ("front", "back") and isinstance(v, str))
    return names


"""Regenerate the documentation pictures of docs/cutting-machines.md from the current build.

    python docs/pictures.py [--only cutting-machines|export-svg|tabletop-simulator]

Writes (same bytes every run; builds go into a temporary folder, never into output/):

- docs/cutting-machines.png: sheets 2 and 14 of `pnp build asterion --cut-files
  --cut-marks` (A4, Crete edition), side by side on light grey. Each is the PDF page
  rendered by pypdfium2 with its cut file (`<pdf stem>-sheet-NN-cut.svg`) rendered by resvg
  laid over it: cut and score lines thickened to show at picture size, the SVG's
  registration marks drawn on top of the PDF's.
- docs/img/export-svg.png: tile G15 three times: the PNG of `pnp export asterion --dpi 254`,
  the SVG of `pnp export asterion --svg` rendered by resvg at 254 dpi, and that SVG after
  two plain text edits (the floor's fill, the id G15 -> G99).
- docs/img/tabletop-simulator-assyria.png and docs/img/tabletop-simulator-games.png: the
  table of `pnp export GAME --tts` drawn from top down from the saved object's JSON and its
  images alone (pnp/printing/tts/render.py): Assyria; then Asterion (Crete), Spider Twist
  and Constructo side by side.
"""

from __future__ import annotations

import argparse
import io
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable
from pathlib import Path

import pypdfium2 as pdfium
import resvg_py
from PIL import Image

from pnp import layouts
from pnp.fileio import write_bytes

DOCS = Path(__file__).resolve().parent

# --- docs/cutting-machines.png -------------------------------------------------------------
CUT_SHEETS = (2, 14)        # a sheet of tiles; board sheet C1 (cut and score, glue tab)
CUT_DPI = 61                # an A4 page ~504 x 713 px: two fit in ~1050 px
CUT_LINE_MM = 0.8           # cut/score lines at picture size (~2 px); the file has 0.1 mm
CUT_GREY = (228, 228, 228)
CUT_MARGIN = 14

# --- docs/img/export-svg.png ---------------------------------------------------------------
TILE = "G15"
TILE_DPI = 254              # 10 px a mm: a 50 mm tile is 500 px
FLOOR_FILL, EDITED_FILL = 'fill="#CFE6C9"', 'fill="#F2C9D8"'
EDITED_ID = "G99"
TILE_GREY = (226, 226, 226)
TILE_MARGIN = 20


def pnp(*args: str) -> None:
    """Run the `pnp` command line as a user would (its default options), failing loudly."""
    script = Path(sys.executable).with_name("pnp")
    command = str(script) if script.exists() else shutil.which("pnp")
    if command is None:
        sys.exit("pictures: the `pnp` command is not installed (pip install -e .)")
    subprocess.run([command, *args], check=True, stdout=subprocess.DEVNULL)


def resvg(svg: str, **options: object) -> Image.Image:
    """An SVG rendered by resvg with the project's fonts only (same pixels on any machine)."""
    data = resvg_py.svg_to_bytes(svg_string=svg, font_dirs=[str(layouts.fonts_dir())],
                                 skip_system_fonts=True, **options)
    return Image.open(io.BytesIO(bytes(data))).convert("RGBA")


def side_by_side(images: list[Image.Image], grey: tuple[int, int, int],
                 margin: int) -> Image.Image:
    """The images in a row, `margin` px of grey around and between them, top-aligned."""
    width = sum(im.width for im in images) + margin * (len(images) + 1)
    height = max(im.height for im in images) + 2 * margin
    canvas = Image.new("RGB", (width, height), grey)
    x = margin
    for im in images:
        canvas.paste(im.convert("RGB"), (x, margin))
        x += im.width + margin
    return canvas


def save_png(image: Image.Image, path: Path) -> None:
    """Write the picture atomically, compressed (Pillow adds no timestamp: same bytes)."""
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", optimize=True)
    write_bytes(path, buffer.getvalue())
    print(f"wrote {path.relative_to(DOCS.parent)}: {image.width}x{image.height} px, "
          f"{len(buffer.getvalue()) // 1024} KiB")


def front_page(document: pdfium.PdfDocument, sheet: int) -> int:
    """Index of the page printing sheet `sheet`'s front (its label says so; backs say back)."""
    label = f"sheet {sheet} of "
    for index in range(len(document)):
        text = document[index].get_textpage().get_text_range()
        if label in text and "· back" not in text:
            return index
    raise SystemExit(f"pictures: the PDF has no front of sheet {sheet}")


def sheet_with_cuts(document: pdfium.PdfDocument, cut_svg: Path, sheet: int) -> Image.Image:
    """Sheet `sheet`'s front rendered from the PDF with its cut file laid over it."""
    page = document[front_page(document, sheet)].render(scale=CUT_DPI / 72).to_pil()
    page = page.convert("RGBA")
    # The cut and score groups carry the stroke width; the marks group is drawn last, on top.
    thick = (f"#cut, #cut *, #score, #score * {{ stroke-width: {CUT_LINE_MM} }}")
    # resvg wants a dpi for an SVG sized in mm; the width then scales it to pdfium's page
    # (pdfium rounds up); the height follows the aspect ratio, so crop to the page.
    cuts = resvg(cut_svg.read_text(encoding="utf-8"), dpi=float(CUT_DPI), width=page.width,
                 style_sheet=thick)
    return Image.alpha_composite(page, cuts.crop((0, 0, page.width, page.height)))


def cutting_machines() -> None:
    """docs/cutting-machines.png: sheets CUT_SHEETS with their cut files laid over them."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder)
        pnp("build", "asterion", "--cut-files", "--cut-marks", "--out", str(out))
        pdf = out / "asterion-crete.pdf"
        document = pdfium.PdfDocument(pdf)
        try:
            sheets = [sheet_with_cuts(document, out / f"{pdf.stem}-sheet-{n:02d}-cut.svg", n)
                      for n in CUT_SHEETS]
        finally:
            document.close()
    save_png(side_by_side(sheets, CUT_GREY, CUT_MARGIN), DOCS / "cutting-machines.png")


def edited(svg: str) -> str:
    """The SVG after the two text-editor edits the docs describe (plain replacements)."""
    if FLOOR_FILL not in svg:
        raise SystemExit(f"pictures: {TILE}.svg has no {FLOOR_FILL}: the floor's colour "
                         "changed, update FLOOR_FILL and the caption")
    return svg.replace(FLOOR_FILL, EDITED_FILL).replace(TILE, EDITED_ID)


def export_svg() -> None:
    """docs/img/export-svg.png: tile G15 as PNG export, as SVG export, as edited SVG."""
    with tempfile.TemporaryDirectory() as folder:
        png_dir, svg_dir = Path(folder) / "png", Path(folder) / "svg"
        pnp("export", "asterion", "--dpi", str(TILE_DPI), "--out", str(png_dir))
        pnp("export", "asterion", "--svg", "--out", str(svg_dir))
        with Image.open(png_dir / f"{TILE}.png") as exported:
            png = exported.convert("RGBA")
        svg = (svg_dir / f"{TILE}.svg").read_text(encoding="utf-8")
    # pdfium rounds the PNG up a pixel: the SVGs are drawn to its width, so all three match.
    tiles = [png] + [resvg(text, dpi=float(TILE_DPI), width=png.width, background="white")
                     for text in (svg, edited(svg))]
    save_png(side_by_side(tiles, TILE_GREY, TILE_MARGIN), DOCS / "img" / "export-svg.png")


# --- docs/img/tabletop-simulator-*.png ------------------------------------------------------
TTS_PX_PER_MM = {"assyria": 0.9, "asterion": 0.45, "spider-twist": 0.75, "constructo": 0.9}
TTS_GREY = (226, 226, 226)


def tts_table(game: str) -> Image.Image:
    """`pnp export GAME --tts` (its defaults), the table drawn from its JSON and images."""
    from pnp.printing.tts.render import draw_folder

    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "tts"
        pnp("export", game, "--tts", "--out", str(out))
        save = next(p.name for p in out.glob("*.json") if p.name != "manifest.json")
        return draw_folder(out, save, TTS_PX_PER_MM[game])


def tabletop_simulator() -> None:
    save_png(tts_table("assyria"), DOCS / "img" / "tabletop-simulator-assyria.png")
    others = [tts_table(game) for game in ("asterion", "spider-twist", "constructo")]
    save_png(side_by_side(others, TTS_GREY, TILE_MARGIN),
             DOCS / "img" / "tabletop-simulator-games.png")


PICTURES: dict[str, Callable[[], None]] = {
    "cutting-machines": cutting_machines,
    "export-svg": export_svg,
    "tabletop-simulator": tabletop_simulator,
}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", choices=sorted(PICTURES), help="Regenerate one picture.")
    args = parser.parse_args(argv)
    for name, make in PICTURES.items():
        if args.only in (None, name):
            make()


if __name__ == "__main__":
    main()

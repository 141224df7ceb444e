"""`pnp export --svg`: every face of every game as an SVG drawn by the PDF's own drawing
code through the SVG back end of the drawing interface. Checked: valid SVG 1.1 in mm with
a viewBox, vector art (no <image>, no data: URI), text kept as <text>; a sample of faces
rasterised (resvg) against the PNG export of the same face (pdfium) at the same dpi;
every printed page draws through the interface; same bytes; the CLI's errors."""

from __future__ import annotations

import inspect
import io
import json
import xml.etree.ElementTree as ET
from functools import cache
from pathlib import Path

import numpy as np
import pypdfium2 as pdfium
import pytest
from PIL import Image
from reportlab.lib.colors import Color, HexColor
from reportlab.pdfgen.canvas import Canvas as ReportlabCanvas

from pnp import layouts
from pnp.cli import main
from pnp.games import game_names, part
from pnp.printing import drawing, export
from pnp.printing.build import BuildRequest, plan
from pnp.printing.pdf import draw_page
from pnp.printing.style import FONT, register_fonts
from pnp.printing.svg_canvas import SvgCanvas, SvgPath, SvgText

resvg_py = pytest.importorskip("resvg_py")

SVG = "{http://www.w3.org/2000/svg}"
VECTOR = {"svg", "title", "desc", "defs", "g", "clipPath", "path", "rect", "circle",
          "ellipse", "line", "text"}
GAMES = [(g, e) for g in game_names("printing")
         for e in (list(part(g, "printing").editions) or [None])]
IDS = [f"{g}-{e}" if e else g for g, e in GAMES]


def request(game: str, edition: str | None) -> BuildRequest:
    return BuildRequest(game, edition, printing=part(game, "printing"))


@cache
def exported(folder: Path, game: str, edition: str | None) -> tuple[Path, dict]:
    out = folder / f"{game}-{edition}"
    export.export(request(game, edition), out, svg=True)
    return out, json.loads((out / "manifest.json").read_text())


@pytest.fixture(scope="module")
def folder(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("svg-export")


# --- Every face, as the rules cutting and drawing software read --------------------------

@pytest.mark.parametrize(("game", "edition"), GAMES, ids=IDS)
def test_every_face_is_a_vector_svg_in_mm(folder, game, edition):
    out, manifest = exported(folder, game, edition)
    assert manifest["format"] == "svg" and manifest["units"] == "mm"
    sizes = {}
    for entry in manifest["components"]:
        for side in ("front", "back"):
            if side in entry:
                sizes[entry[side]] = (entry["width_mm"], entry["height_mm"])
    assert sorted(p.name for p in out.glob("*.svg")) == sorted(sizes)
    kinds = {e["kind"] for e in manifest["components"]}
    assert len(kinds) >= 2
    for name, (width, height) in sizes.items():
        text = (out / name).read_text(encoding="utf-8")
        root = ET.fromstring(text)
        assert root.tag == f"{SVG}svg" and root.get("version") == "1.1"
        assert root.get("width") and root.get("width").endswith("mm")
        assert root.get("height").endswith("mm")
        w, h = float(root.get("width")[:-2]), float(root.get("height")[:-2])
        assert (w, h) == pytest.approx((width, height), abs=1e-3)
        assert [float(v) for v in root.get("viewBox").split()] == pytest.approx([0, 0, w, h])
        tags = {e.tag[len(SVG):] for e in root.iter()}
        assert tags <= VECTOR, (name, tags - VECTOR)           # no <image>, no <use>
        assert tags & {"path", "rect", "circle", "ellipse", "line"}
        assert "<image" not in text and "data:" not in text and "href" not in text
        for element in root.iter(f"{SVG}text"):                # editable text, our font
            assert element.text and element.get("font-family") == "Bitstream Vera Sans"


def test_text_stays_text(folder):
    """A tile's id is a <text> a player can retype, not outlines."""
    out, _manifest = exported(folder, "asterion", "crete")
    root = ET.parse(out / "G15.svg").getroot()
    texts = [e for e in root.iter(f"{SVG}text") if e.text == "G15"]
    assert len(texts) == 1 and texts[0].get("font-weight") == "bold"


def test_same_command_same_bytes(folder, tmp_path):
    out, _manifest = exported(folder, "spider-twist", None)
    export.export(request("spider-twist", None), tmp_path / "again", svg=True)
    for path in sorted(out.iterdir()):
        assert (tmp_path / "again" / path.name).read_bytes() == path.read_bytes(), path.name


# --- The SVG looks like the PNG: rasterised and compared ---------------------------------

def _rasters(faces: list[export.Face]) -> list[tuple[np.ndarray, np.ndarray]]:
    """(PNG export's pixels, resvg's pixels of the SVG) of each face, at a dpi that makes
    its longer side ~400 px (a board ~800 px), never over 300 dpi."""
    document = pdfium.PdfDocument(export.render_pdf(faces))
    fonts = str(layouts.fonts_dir())
    out = []
    for index, face in enumerate(faces):
        side = 800 if "board" in face.file else 400
        dpi = min(300.0, side * 25.4 / max(face.width, face.height))
        png = document[index].render(scale=dpi / 72).to_pil().convert("RGB")
        data = resvg_py.svg_to_bytes(svg_string=export.svg_face(face), dpi=dpi,
                                     font_dirs=[fonts], skip_system_fonts=True,
                                     background="white")
        svg = Image.open(io.BytesIO(bytes(data))).convert("RGB")
        a, b = np.asarray(png, dtype=np.int16), np.asarray(svg, dtype=np.int16)
        assert abs(a.shape[0] - b.shape[0]) <= 1 and abs(a.shape[1] - b.shape[1]) <= 1
        h, w = min(a.shape[0], b.shape[0]), min(a.shape[1], b.shape[1])
        out.append((a[:h, :w], b[:h, :w]))
    return out


def _best_shift(a: np.ndarray, b: np.ndarray, reach: int = 3) -> tuple[int, int]:
    h, w = a.shape[:2]
    core = b[reach:h - reach, reach:w - reach]
    scores = {(dx, dy): np.abs(a[reach + dy:h - reach + dy, reach + dx:w - reach + dx]
                               - core).mean()
              for dx in range(-reach, reach + 1) for dy in range(-reach, reach + 1)}
    return min(scores, key=scores.get)


def _sample(faces: list[export.Face]) -> list[export.Face]:
    """The first front and back, the middle face, the smallest and any board."""
    picks = [faces[0], faces[len(faces) // 2],
             min(faces, key=lambda f: f.width * f.height)]
    picks += [f for f in faces if "-back" in f.file][:1]
    picks += [f for f in faces if f.file.startswith("board")]
    return list({f.file: f for f in picks}.values())


@pytest.mark.parametrize(("game", "edition"), GAMES, ids=IDS)
def test_sample_faces_rasterise_like_their_png(game, edition):
    ctx, _pages = plan(request(game, edition))
    faces, _manifest = export.faces_to_render(ctx)
    sample = _sample(faces)
    for face, (png, svg) in zip(sample, _rasters(sample), strict=True):
        diff = np.abs(png - svg)
        assert diff.mean() < 10, (face.file, diff.mean())          # of 255: antialiasing
        dx, dy = _best_shift(png, svg)
        assert abs(dx) <= 1 and abs(dy) <= 1, (face.file, dx, dy)   # edges aligned


def test_a_different_face_does_not_pass_for_it():
    """The comparison tells faces apart: tile G15's SVG is not tile B15's PNG."""
    ctx, _pages = plan(request("asterion", "crete"))
    faces = {f.file: f for f in export.faces_to_render(ctx)[0]}
    (g15, _), (_, b15) = _rasters([faces["G15.png"], faces["B15.png"]])
    assert np.abs(g15 - b15).mean() > 15


# --- One drawing interface, two back ends --------------------------------------------------

def _methods(protocol: type) -> set[str]:
    return {n for n, v in vars(protocol).items() if callable(v) and not n.startswith("_")}


def test_both_back_ends_implement_the_interface():
    for protocol, backends in ((drawing.Canvas, (SvgCanvas, ReportlabCanvas)),
                               (drawing.Path, (SvgPath,)), (drawing.TextObject, (SvgText,))):
        for name in _methods(protocol):
            wanted = list(inspect.signature(getattr(protocol, name)).parameters)
            for backend in backends:
                have = list(inspect.signature(getattr(backend, name)).parameters)
                assert have[:len(wanted)] == wanted, (backend.__name__, name)


@pytest.mark.parametrize("game", game_names("printing"))
def test_every_printed_page_draws_through_the_interface(game):
    """The PDF's pages (print check, player aid, cut marks and labels too), drawn with
    the SVG back end: no drawing code calls a reportlab-only method."""
    register_fonts()
    ctx, pages = plan(BuildRequest(game, printing=part(game, "printing"), cut_files=True,
                                   cut_marks=True))
    sheets = max(p.sheet for p in pages)
    for page in pages:
        canvas = SvgCanvas(initial_font=FONT)
        draw_page(canvas, page, ctx, sheets)
        assert (canvas.width, canvas.height) == pytest.approx((page.width, page.height))
        assert len(canvas.drawing.elements) > 1, page.kind


# --- The SVG back end keeps reportlab's meaning -------------------------------------------

def _elements(canvas: SvgCanvas) -> list[ET.Element]:
    root = ET.fromstring(canvas.tostring())
    return [e for e in root.iter() if e.tag[len(SVG):] not in ("svg", "defs", "clipPath")]


def test_state_stack_alpha_dash_and_transform():
    canvas = SvgCanvas(10, 10)
    canvas.setFillColor(HexColor("#FF0000"))
    canvas.saveState()
    canvas.setFillColor(Color(0, 0, 1, alpha=0.5))
    canvas.setDash([1, 2], 0.5)
    canvas.translate(28.35, 0)                  # points, y up: reportlab's default space
    canvas.rect(0, 0, 10, -5, stroke=1, fill=1)
    canvas.restoreState()
    canvas.rect(0, 0, 1, 1, stroke=0, fill=1)
    first, second = _elements(canvas)
    assert (first.get("fill"), first.get("fill-opacity")) == ("#0000FF", "0.5")
    assert (first.get("stroke-dasharray"), first.get("stroke-dashoffset")) == ("1,2", "0.5")
    assert first.get("height") == "5" and first.get("y") == "-5"
    assert first.get("transform").startswith("matrix(0.352778 0 0 -0.352778 10.0012 10)")
    assert (second.get("fill"), second.get("fill-opacity"), second.get("stroke")) == (
        "#FF0000", None, None)


def test_clip_lasts_until_restore_and_forms_take_the_state_of_their_use():
    canvas = SvgCanvas(10, 10)
    canvas.saveState()
    path = canvas.beginPath()
    path.rect(0, 0, 5, 5)
    canvas.clipPath(path, stroke=0, fill=0)
    canvas.circle(1, 1, 1, stroke=0, fill=1)
    canvas.restoreState()
    canvas.beginForm("dot")
    canvas.circle(0, 0, 1, stroke=0, fill=1)    # no colour of its own: the user's
    canvas.endForm()
    canvas.setFillColor(HexColor("#00FF00"))
    canvas.doForm("dot")
    root = ET.fromstring(canvas.tostring())
    group = root.find(f"{SVG}g")
    assert group.get("clip-path") == "url(#clip1)" and len(group) == 1
    outside = root.findall(f"{SVG}circle")
    assert len(outside) == 1 and outside[0].get("fill") == "#00FF00"


def test_strings_keep_their_anchor():
    register_fonts()
    canvas = SvgCanvas(10, 10, initial_font=FONT)
    canvas.setFont(FONT, 3)
    canvas.drawString(1, 1, "a")
    canvas.drawCentredString(1, 1, "b")
    canvas.drawRightString(1, 1, "c  d")
    texts = [e for e in _elements(canvas) if e.tag == f"{SVG}text"]
    assert [(t.text, t.get("text-anchor")) for t in texts] == [
        ("a", None), ("b", "middle"), ("c  d", "end")]
    assert texts[2].get("{http://www.w3.org/XML/1998/namespace}space") == "preserve"
    assert canvas.stringWidth("abc", FONT, 3) == pytest.approx(
        ReportlabCanvas(io.BytesIO()).stringWidth("abc", FONT, 3))


# --- The command line ------------------------------------------------------------------------

def test_cli_writes_svgs(tmp_path, capsys):
    code = main(["export", "constructo", "--svg", "--out", str(tmp_path / "faces")])
    out, _err = capsys.readouterr()
    assert code == 0 and "as SVG (mm)" in out
    assert (tmp_path / "faces" / "tile-1.svg").exists()
    assert not list((tmp_path / "faces").glob("*.png"))


@pytest.mark.parametrize(("argv", "message"), [
    (["--svg", "--dpi", "300"], "--dpi is for PNGs"),
    (["--svg", "--edition", "crete"], "edition"),
])
def test_cli_refuses_bad_input_in_one_line(tmp_path, capsys, argv, message):
    code = main(["export", "constructo", *argv, "--out", str(tmp_path / "x")])
    _out, err = capsys.readouterr()
    assert code != 0 and message in err
    assert len(err.strip().splitlines()) == 1 and "Traceback" not in err
    assert not (tmp_path / "x").exists()

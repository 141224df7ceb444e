"""The per-game printing seam with a game that is not Asterion: the shared build, print
check page, page labels and export run on nothing but what its GamePrinting gives."""

from __future__ import annotations

import json
import subprocess
import sys

import pypdfium2 as pdfium
import pytest
from reportlab.lib.colors import HexColor

from pnp.printing.build import BuildError, BuildRequest, build, output_name, plan
from pnp.printing.export import export
from pnp.printing.game import CheckSample, ExportPiece, GamePrinting, lazy, page_component
from pnp.printing.placement import Component

INK = HexColor("#224466")


def components(edition, options):
    cards = [Component(f"card-{n}", "card", 63.0, 88.0, back="card") for n in range(1, 6)]
    return [*cards, page_component("aid", options.paper)]


def draw(canvas, item, ctx):
    canvas.setFillColor(INK if item.face == "front" else HexColor("#DDDDDD"))
    canvas.rect(item.x - ctx.bleed, item.y - ctx.bleed, item.width + 2 * ctx.bleed,
                item.height + 2 * ctx.bleed, stroke=0, fill=1)


CARDS = GamePrinting(
    name="cards", title="Cards", editions={}, components=components, draw=draw,
    style=lambda ink_saver: None,
    export=lambda ctx: [ExportPiece(Component("card-1", "card", 63.0, 88.0), back=True,
                                    count=5, extra={"deck": "main"})],
    check_sample=CheckSample("card", 63.0, 88.0),
)


def text(document, page: int) -> str:
    return document[page].get_textpage().get_text_range()


def test_a_one_edition_game_builds_with_the_check_page_first(tmp_path):
    request = BuildRequest("cards", printing=CARDS)
    assert output_name(request) == "cards.pdf"
    _ctx, pages = plan(request)
    assert [p.kind for p in pages if p.side == "front"] == ["check", "components", "aid"]
    result = build(request, tmp_path)
    document = pdfium.PdfDocument(result.path)
    check = text(document, 0)
    assert "Cards: print check" in check
    assert "every card is exactly 63.0 x 88.0 mm." in check
    assert "63 x 88 mm: one card" in check
    assert "Cards · sheet 2 of 3 · front · a4" in text(document, 2)
    assert result.components == {"check": 1, "card": 5, "aid": 1}


def test_editions_come_from_the_game():
    with pytest.raises(BuildError, match="unknown edition 'deluxe' for cards"):
        plan(BuildRequest("cards", "deluxe", printing=CARDS))


def test_export_writes_the_games_faces_and_manifest_extras(tmp_path):
    result = export(BuildRequest("cards", printing=CARDS), tmp_path, dpi=40)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["game"] == "cards" and manifest["edition"] is None
    assert manifest["components"] == [{"id": "card-1", "kind": "card", "width_mm": 63.0,
                                       "height_mm": 88.0, "front": "card-1.png",
                                       "back": "card-1-back.png", "count": 5,
                                       "deck": "main"}]
    assert result.files == 3
    assert (tmp_path / "card-1-back.png").exists()


def test_lazy_imports_its_target_on_the_first_call_only():
    hypot = lazy("math:hypot")
    assert hypot(3.0, 4.0) == 5.0
    missing = lazy("pnp.printing.no_such_module:draw_item")   # made without importing
    with pytest.raises(ModuleNotFoundError):
        missing()


def test_importing_the_games_printing_parts_loads_no_reportlab():
    code = ("import sys\n"
            "import pnp.printing.asterion, pnp.printing.spider_twist\n"
            "import pnp.printing.constructo, pnp.printing.assyria\n"
            "print(sorted(m for m in sys.modules if m.startswith('reportlab')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"

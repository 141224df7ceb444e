"""`pnp export constructo`: a PNG of every face at the asked resolution and a manifest that
gives each piece's ruled size, shape, owner and markers."""

from __future__ import annotations

import json

import pytest
from PIL import Image
from typer.testing import CliRunner

from pnp.cli import app
from pnp.markers import owner

# Ruling "Components": diameters (and the ring's hole), tiles 60 mm across flats.
RULED = {"ring": (44.0, 26.0), "medium": (34.0, None), "small": (20.0, None)}


@pytest.fixture(scope="module")
def exported(tmp_path_factory):
    folder = tmp_path_factory.mktemp("export")
    result = CliRunner().invoke(app, ["export", "constructo", "--dpi", "60", "--out",
                                      str(folder)])
    assert result.exit_code == 0, result.output
    assert "15 components at 60 dpi" in result.output
    return folder, json.loads((folder / "manifest.json").read_text())


def test_the_manifest_lists_every_face_with_its_ruled_size(exported):
    _folder, manifest = exported
    assert manifest["game"] == "constructo" and manifest["edition"] is None
    assert manifest["dpi"] == 60
    entries = manifest["components"]
    tiles = [e for e in entries if e["kind"] == "tile"]
    pieces = [e for e in entries if e["kind"] != "tile"]
    assert [e["id"] for e in tiles] == [f"tile-{n}" for n in range(1, 10)]
    for tile in tiles:
        assert tile["shape"] == "hex" and tile["across_flats_mm"] == 60.0
        assert tile["height_mm"] == 60.0
        assert tile["width_mm"] == pytest.approx(60.0 / 3 ** 0.5 * 2)
        assert len(tile["markers"]) == 3
        assert all(owner(m) == ("constructo", "tiles") for m in tile["markers"])
    assert len({m for t in tiles for m in t["markers"]}) == 27
    assert sorted((e["owner"], e["piece"]) for e in pieces) == sorted(
        (o, k) for o in ("white", "black") for k in RULED)
    for piece in pieces:
        diameter, hole = RULED[piece["piece"]]
        assert piece["diameter_mm"] == piece["width_mm"] == piece["height_mm"] == diameter
        assert piece.get("hole_mm") == hole
        assert piece["shape"] == "round" and piece["count"] == 3
        assert piece["id"] == f"{piece['owner']}-{piece['piece']}"


def test_every_face_is_a_png_of_its_size_at_the_dpi(exported):
    folder, manifest = exported
    files = {p.name for p in folder.iterdir()}
    assert len(files) == 31                       # 15 fronts, 15 backs, the manifest
    for entry in manifest["components"]:
        for face in (entry["front"], entry["back"]):
            assert face in files
            with Image.open(folder / face) as image:
                w, h = image.size
            assert w == pytest.approx(entry["width_mm"] / 25.4 * 60, abs=1)
            assert h == pytest.approx(entry["height_mm"] / 25.4 * 60, abs=1)


def _face_median(path, diameter: float, hole: float | None) -> float:
    """The median grey of a round face, between its hole (if any) and its rim."""
    with Image.open(path) as image:
        grey = image.convert("L")
        scale = grey.width / diameter
        c = (grey.width - 1) / 2
        values = sorted(grey.getpixel((x, y)) for x in range(grey.width)
                        for y in range(grey.height)
                        if ((hole or 0) / 2 + 1) * scale < ((x - c) ** 2 + (y - c) ** 2) ** 0.5
                        < (diameter / 2 - 1) * scale)
    return values[len(values) // 2]


def test_a_black_face_is_dark_and_a_white_face_light(exported):
    folder, _manifest = exported
    for kind, (diameter, hole) in RULED.items():
        assert _face_median(folder / f"black-{kind}.png", diameter, hole) < 60, kind
        assert _face_median(folder / f"white-{kind}.png", diameter, hole) > 220, kind

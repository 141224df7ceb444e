"""`pnp export assyria`: every face as a PNG and a manifest whose board entry gives every
hex centre and well vertex in mm on the board image (checked against the geometry, the
rules core's names, and the pixels of board.png)."""

from __future__ import annotations

import json
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest
from PIL import Image
from reportlab.lib.colors import Color

from pnp.geometry import assyria as geo
from pnp.printing.assyria import PRINTING
from pnp.printing.assyria.style import assyria_style
from pnp.printing.build import BuildRequest
from pnp.printing.draw_split import mix
from pnp.printing.export import export
from pnp.printing.style import WHITE
from pnp.rules.assyria.board import board as rules_board
from tests.scratch import scratch_folder

DPI = 72
SCALE = DPI / 25.4


@cache
def exported() -> tuple[Path, dict]:
    folder = scratch_folder("assyria-export-")
    export(BuildRequest("assyria", printing=PRINTING), folder, dpi=DPI)
    return folder, json.loads((folder / "manifest.json").read_text())


def board_entry() -> dict:
    _folder, manifest = exported()
    (entry,) = [c for c in manifest["components"] if c["id"] == "board"]
    return entry


@cache
def board_image() -> np.ndarray:
    folder, _manifest = exported()
    return np.array(Image.open(folder / board_entry()["front"]).convert("RGB")).astype(int)


def pixel(point) -> np.ndarray:
    return board_image()[round(point[1] * SCALE), round(point[0] * SCALE)]


def rgb(colour: Color) -> np.ndarray:
    return np.array([round(colour.red * 255), round(colour.green * 255),
                     round(colour.blue * 255)])


def test_the_manifest_lists_the_board_cards_and_tokens():
    folder, manifest = exported()
    assert manifest["game"] == "assyria" and manifest["edition"] is None
    entries = manifest["components"]
    for entry in entries:
        assert (folder / entry["front"]).exists()
        if "back" in entry:
            assert (folder / entry["back"]).exists()
    cards = [e for e in entries if e["kind"] == "card"]
    assert sum(e.get("count", 1) for e in cards) == 54             # ruling "Components"
    assert {(e["width_mm"], e["height_mm"]) for e in cards} == {(63.0, 88.0)}
    assert {e["deck"] for e in cards} == {"food", "plough", "expansion"}
    counts = {e["id"]: e.get("count", 1) for e in entries if e["kind"] != "card"}
    for colour in ("red", "blue", "green", "yellow"):
        assert [counts[f"{k}-{colour}"] for k in ("hut", "base", "centre", "roof", "disc")] == [
            10, 4, 4, 4, 4]
    assert counts["well"] == 16


def test_board_image_has_the_boards_size():
    entry = board_entry()
    width, height = geo.board_size()
    assert (entry["width_mm"], entry["height_mm"]) == pytest.approx((width, height))
    rows, cols, _ = board_image().shape
    assert abs(cols - width * SCALE) <= 1 and abs(rows - height * SCALE) <= 1


def test_hex_centres_match_the_geometry_and_the_rules_cores_ids():
    hexes = board_entry()["hexes"]
    assert list(hexes) == [h.name for h in rules_board().hexes]
    for h in geo.hexes():
        assert hexes[h.name] == pytest.approx(list(h.centre), abs=1e-3)


def test_well_vertices_are_the_rules_cores_well_places():
    core = rules_board()
    names = [v.name for v in core.vertices if core.can_take_well(v.index)]
    wells = board_entry()["wells"]
    assert sorted(wells) == sorted(names) and len(names) == 58
    centres = board_entry()["hexes"]
    for v in core.vertices:
        if v.name in wells:      # the vertex is a corner of each of its three hexes
            for k in v.hexes:
                d = np.hypot(*(np.array(wells[v.name]) - centres[core.hexes[k].name]))
                assert d == pytest.approx(geo.spec().side, abs=1e-2)


def test_the_board_image_shows_each_hex_and_well_where_the_manifest_says():
    """Off its food badge (top left of the centre) a hex shows its region's colour; at a well
    vertex the well spot's water. Columns 0-5 only: the others are hatched."""
    style = assyria_style(False)
    fills = {"outside": rgb(style.sand), "between": rgb(style.fertile)}
    hexes = board_entry()["hexes"]
    side, vu = geo.spec().side, geo.spec().vu
    for h in rules_board().hexes:
        if h.q > 5 or h.region not in fills:
            continue
        cx, cy = hexes[h.name]
        assert np.abs(pixel((cx - 0.55 * side, cy - 0.3 * vu)) - fills[h.region]).max() <= 6
    water = rgb(mix(style.river, WHITE, 0.1))
    for name, at in board_entry()["wells"].items():
        if max(int(n[1]) for n in name.split("/")) <= 5:
            assert np.abs(pixel(at) - water).max() <= 12, name


def test_the_board_images_markers_decode_at_the_manifests_places():
    gray = cv2.cvtColor(board_image().astype(np.uint8), cv2.COLOR_RGB2GRAY)
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_250),
        cv2.aruco.DetectorParameters())
    corners, ids, _ = detector.detectMarkers(gray)
    assert ids is not None
    places = board_entry()["markers"]
    found = {str(int(i)): q.reshape(4, 2).mean(axis=0) / SCALE
             for q, i in zip(corners, ids.ravel(), strict=True)}
    assert sorted(found) == sorted(places)
    for marker_id, centre in found.items():
        assert np.hypot(*(centre - places[marker_id])) < 0.8

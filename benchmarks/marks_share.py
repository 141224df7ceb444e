"""How much of each Asterion and Constructo tile face its machine marks take, and whether
they decode.

Usage: nice python benchmarks/marks_share.py [--game asterion|constructo|all] [--dpi 200]
                                              [--decode 300,150,100,75] [--photo 3,4,5,6,8]
Asterion: exports every face of both editions in both mark designs ("classic",
"discreet"; the discreet one covers at most 5 % of the face, quiet zones included).
Constructo: its one print (three markers a tile, at most 5 % of the hexagon with their
quiet zones). Measures every tile's marks on the PNGs, each game by its own
`marks_measure.py` over the shared pixel classes (pnp/printing/mark_pixels.py), then
decodes each tile's markers with OpenCV from flat renders at the --decode resolutions and
from photo-like ones at --photo px/mm.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
from pathlib import Path

import cv2
import numpy as np
from PIL import Image

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from pnp.games import part
from pnp.geometry import constructo as hexes
from pnp.geometry.asterion import tile as art
from pnp.geometry.asterion.markers import tile_marks
from pnp.markers import dictionary_name
from pnp.printing.asterion import PRINTING
from pnp.printing.asterion.marks_measure import FaceMarks, measure_face
from pnp.printing.build import BuildRequest
from pnp.printing.constructo import marks_measure as hex_measure
from pnp.printing.export import export, render_faces
from pnp.rules.asterion.tiles import load_tileset

EDITIONS = ("crete", "revised")


def measured(edition: str, design: str, dpi: int, ink_saver: bool) -> list[FaceMarks]:
    """Every tile front of an export, measured."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "faces"
        export(BuildRequest("asterion", edition, printing=PRINTING, marks=design,
                            ink_saver=ink_saver), out, dpi=dpi)
        manifest = json.loads((out / "manifest.json").read_text())
        return [measure_face(np.asarray(Image.open(out / e["front"]).convert("RGB")),
                             e["id"], design)
                for e in manifest["components"] if e["kind"] == "tile"]


def _photo_like(grey: np.ndarray, rng: np.random.Generator, table: int = 215) -> np.ndarray:
    """A mild camera: a little perspective, 0.8 px blur, lower contrast, noise."""
    h, w = grey.shape
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = np.float32([[0, 0], [w * 0.97, h * 0.04], [w * 0.93, h * 0.95], [w * 0.03, h]])
    out = cv2.warpPerspective(grey.astype(np.float32), cv2.getPerspectiveTransform(src, dst),
                              (w, h), borderValue=table)
    out = cv2.GaussianBlur(out, (0, 0), 0.8) * 0.8 + 20 + rng.normal(0, 4, out.shape)
    return np.clip(out, 0, 255).astype(np.uint8)


def _detector() -> cv2.aruco.ArucoDetector:
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary_name()))
    return cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())


def decoded(edition: str, design: str, dpi: int, photo: bool = False) -> tuple[int, int, int]:
    """(tiles whose every printed marker decodes, tiles with at least one, tiles) from a
    render at `dpi`, flat or `photo`-like."""
    detector = _detector()
    rng = np.random.default_rng(1)
    tiles = set(load_tileset(edition))
    both = some = 0
    for stem, image in render_faces(BuildRequest("asterion", edition, printing=PRINTING,
                                                 marks=design), dpi):
        if stem not in tiles:
            continue
        grey = cv2.copyMakeBorder(cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2GRAY),
                                  30, 30, 30, 30, cv2.BORDER_CONSTANT, value=215)
        if photo:
            grey = _photo_like(grey, rng)
        _corners, ids, _ = detector.detectMarkers(grey)
        found = set(ids.ravel().tolist()) if ids is not None else set()
        printed = {i for _place, i in tile_marks(stem, design)}
        n = len(found & printed)
        both += n == len(printed)
        some += n >= 1
    return both, some, len(tiles)


def hex_request(ink_saver: bool = False) -> BuildRequest:
    return BuildRequest("constructo", printing=part("constructo", "printing"),
                        ink_saver=ink_saver)


def hex_measured(dpi: int, ink_saver: bool) -> list[hex_measure.FaceMarks]:
    """Every Constructo tile front of an export, measured."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "faces"
        export(hex_request(ink_saver), out, dpi=dpi)
        manifest = json.loads((out / "manifest.json").read_text())
        return [hex_measure.measure_face(np.asarray(Image.open(out / e["front"])
                                                    .convert("RGB")),
                                         int(e["id"].split("-")[1]))
                for e in manifest["components"] if e["kind"] == "tile"]


def _on_table(grey: np.ndarray, table: int) -> np.ndarray:
    """A hexagonal face laid on a grey table (its cut box's corners are paper)."""
    h, w = grey.shape
    outline = np.array(hexes.hex_outline(), float) * (h / hexes.tile_spec().across_flats)
    mask = np.zeros(grey.shape, np.uint8)
    cv2.fillPoly(mask, [np.round(outline + np.array([w / 2, h / 2])).astype(np.int32)], 1)
    return np.where(mask > 0, grey, table).astype(np.uint8)


def hex_decoded(dpi: int, photo: bool = False) -> tuple[int, int, int]:
    """(Constructo tiles whose three markers decode, tiles with at least one, tiles) from a
    render at `dpi` on a grey table, flat or `photo`-like."""
    detector, rng, table = _detector(), np.random.default_rng(1), 120
    every = some = tiles = 0
    for stem, image in render_faces(hex_request(), dpi):
        if not stem.startswith("tile-") or stem.endswith("-back"):
            continue
        grey = _on_table(cv2.cvtColor(np.asarray(image.convert("RGB")), cv2.COLOR_RGB2GRAY),
                         table)
        grey = cv2.copyMakeBorder(grey, 30, 30, 30, 30, cv2.BORDER_CONSTANT, value=table)
        if photo:
            grey = _photo_like(grey, rng, table)
        _corners, ids, _ = detector.detectMarkers(grey)
        found = set(ids.ravel().tolist()) if ids is not None else set()
        n = len(found & set(hexes.tile_marker_ids(int(stem.split("-")[1]))))
        every += n == len(hexes.tile_spec().corners)
        some += n >= 1
        tiles += 1
    return every, some, tiles


def constructo_report(args: argparse.Namespace) -> None:
    spec = hexes.tile_spec()
    print(f"Constructo: {len(spec.corners)} markers a tile of {spec.modules * spec.module:.2f} "
          f"mm, module {spec.module:.2f} mm; marks on the hexagon (quiet zones included), "
          f"exported at {args.dpi} dpi")
    print(f"{'ink':5} {'geometry':>9} {'min':>7} {'max':>7} {'tiles':>5} {'marks':>5} "
          f"{'stray px':>8} {'off code':>8}")
    for ink_saver in (False, True):
        faces = hex_measured(args.dpi, ink_saver)
        s = [f.share for f in faces]
        counts = "/".join(str(n) for n in sorted({len(f.areas) for f in faces}))
        print(f"{'saver' if ink_saver else '-':5} {hexes.marks_share():9.2%} {min(s):7.2%} "
              f"{max(s):7.2%} {len(s):5d} {counts:>5} "
              f"{max(f.stray_black for f in faces):8d} {max(f.mismatched for f in faces):8d}")
    print("Constructo tiles on a grey table, every marker / one or more decoded "
          "(OpenCV ArUco, default params)")
    for dpi in (int(d) for d in args.decode.split(",")):
        every, some, total = hex_decoded(dpi)
        print(f"flat  {dpi:4d} dpi ({spec.module * dpi / 25.4:4.1f} px a module): "
              f"{every}/{total} / {some}/{total}")
    for px_mm in (float(p) for p in args.photo.split(",")):
        every, some, total = hex_decoded(round(px_mm * 25.4), photo=True)
        print(f"photo {px_mm:4.1f} px/mm ({spec.module * px_mm:4.1f} px a module): "
              f"{every}/{total} / {some}/{total}")


def asterion_report(args: argparse.Namespace) -> None:
    print(f"Asterion: machine marks on the tile face (quiet zones included), exported at "
          f"{args.dpi} dpi")
    print(f"{'design':9} {'edition':8} {'ink':5} {'geometry':>9} {'min':>7} {'max':>7} "
          f"{'tiles':>5} {'marks':>5} {'stray px':>8} {'off code':>8}")
    for design in art.mark_designs():
        for edition in EDITIONS:
            for ink_saver in (False, True):
                faces = measured(edition, design, args.dpi, ink_saver)
                s = [f.share for f in faces]
                counts = "/".join(str(n) for n in sorted({len(f.boxes) for f in faces}))
                print(f"{design:9} {edition:8} {'saver' if ink_saver else '-':5} "
                      f"{art.marks_share(design):9.2%} {min(s):7.2%} {max(s):7.2%} "
                      f"{len(s):5d} {counts:>5} {max(f.stray_black for f in faces):8d} "
                      f"{max(f.mismatched for f in faces):8d}")
    print("(marks: measured marks a tile; stray px: marker-black pixels elsewhere, most on a "
          "tile; off code: mark pixels not the code's colour, most on a tile)")
    for design in art.mark_designs():
        spec = art.tile_spec(design)
        spread = art.marker_spread(design)
        print(f"{design}: {len(art.marker_places(design))} marker(s) of {spec.marker_size:.2f} "
              f"mm, module {spec.marker_module:.2f} mm"
              + (f", centres {spread:.2f} sides apart" if spread else ""))
    print("tiles whose every marker decodes from a flat render (OpenCV ArUco, default params)")
    for design in art.mark_designs():
        for dpi in (int(d) for d in args.decode.split(",")):
            cells = []
            for edition in EDITIONS:
                both, _some, total = decoded(edition, design, dpi)
                cells.append(f"{edition} {both}/{total}")
            module_px = art.tile_spec(design).marker_module * dpi / 25.4
            print(f"{design:9} {dpi:4d} dpi ({module_px:4.1f} px a module): {', '.join(cells)}")
    print("crete tiles, photo-like (perspective, 0.8 px blur, noise): every marker / one or more")
    for design in art.mark_designs():
        for px_mm in (float(p) for p in args.photo.split(",")):
            both, some, total = decoded("crete", design, round(px_mm * 25.4), photo=True)
            module_px = art.tile_spec(design).marker_module * px_mm
            print(f"{design:9} {px_mm:4.1f} px/mm ({module_px:4.1f} px a module): "
                  f"{both}/{total} / {some}/{total}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", choices=("asterion", "constructo", "all"), default="all")
    parser.add_argument("--dpi", type=int, default=200, help="export resolution to measure")
    parser.add_argument("--decode", default="300,150,100,75", help="dpi list to decode at")
    parser.add_argument("--photo", default="3,4,5,6,8",
                        help="px/mm list for photo-like decoding (a 12 MP photo of a Crete "
                             "board is about 6 px/mm, a 3 MP one about 3)")
    args = parser.parse_args()
    if args.game in ("asterion", "all"):
        asterion_report(args)
    if args.game in ("constructo", "all"):
        constructo_report(args)


if __name__ == "__main__":
    main()

"""How much of each Asterion tile face its machine marks take, and whether they decode.

Usage: nice python benchmarks/marks_share.py [--dpi 200] [--decode 300,150,100,75]
                                              [--photo 3,4,5,6,8]
Exports every face of both editions in both mark designs ("classic", "discreet"; the
discreet one covers at most 5 % of the face, quiet zones included), measures every tile's
marks on the PNGs (pnp/printing/asterion/marks_measure.py), then decodes each tile's markers
with OpenCV from flat renders at the --decode resolutions and from photo-like ones at --photo px/mm.
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

from pnp.geometry.asterion import tile as art
from pnp.geometry.asterion.markers import tile_marks
from pnp.markers import dictionary_name
from pnp.printing.asterion import PRINTING
from pnp.printing.asterion.marks_measure import FaceMarks, measure_face
from pnp.printing.build import BuildRequest
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


def _photo_like(grey: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A mild camera: a little perspective, 0.8 px blur, lower contrast, noise."""
    h, w = grey.shape
    src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
    dst = np.float32([[0, 0], [w * 0.97, h * 0.04], [w * 0.93, h * 0.95], [w * 0.03, h]])
    out = cv2.warpPerspective(grey.astype(np.float32), cv2.getPerspectiveTransform(src, dst),
                              (w, h), borderValue=215)
    out = cv2.GaussianBlur(out, (0, 0), 0.8) * 0.8 + 20 + rng.normal(0, 4, out.shape)
    return np.clip(out, 0, 255).astype(np.uint8)


def decoded(edition: str, design: str, dpi: int, photo: bool = False) -> tuple[int, int, int]:
    """(tiles whose every printed marker decodes, tiles with at least one, tiles) from a
    render at `dpi`, flat or `photo`-like."""
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary_name()))
    detector = cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())
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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=int, default=200, help="export resolution to measure")
    parser.add_argument("--decode", default="300,150,100,75", help="dpi list to decode at")
    parser.add_argument("--photo", default="3,4,5,6,8",
                        help="px/mm list for photo-like decoding (a 12 MP photo of a Crete "
                             "board is about 6 px/mm, a 3 MP one about 3)")
    args = parser.parse_args()
    print(f"machine marks on the tile face (quiet zones included), exported at {args.dpi} dpi")
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


if __name__ == "__main__":
    main()

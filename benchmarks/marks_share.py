"""How much of each Asterion tile face its machine marks take, and whether they decode.

Usage: nice python benchmarks/marks_share.py [--dpi 200] [--decode 300,150,100,75]
Exports every face of both editions in both mark designs ("classic", "discreet"; issue 14:
at most 5 % of the face, quiet zones included), measures every tile's marks on the PNGs
(pnp/printing/asterion/marks_measure.py), then decodes each tile's two markers with OpenCV
from renders at the --decode resolutions.
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

from pnp.markers import dictionary_name
from pnp.printing.asterion import PRINTING, art
from pnp.printing.asterion.markers import tile_marker_ids
from pnp.printing.asterion.marks_measure import FaceMarks, measure_face
from pnp.printing.build import BuildRequest
from pnp.printing.export import export, render_faces
from pnp.rules.asterion.tiles import load_tileset

EDITIONS = ("crete", "revised")


def measured(edition: str, design: str, dpi: int, ink_saver: bool) -> list[FaceMarks]:
    """Every tile front of an export, measured."""
    with tempfile.TemporaryDirectory() as folder:
        out = Path(folder) / "faces"
        export(BuildRequest("asterion", edition, printing=PRINTING, tile_marks=design,
                            ink_saver=ink_saver), out, dpi=dpi)
        manifest = json.loads((out / "manifest.json").read_text())
        return [measure_face(np.asarray(Image.open(out / e["front"]).convert("RGB")),
                             e["id"], design)
                for e in manifest["components"] if e["kind"] == "tile"]


def decoded(edition: str, design: str, dpi: int) -> tuple[int, int]:
    """(tiles whose two markers both decode, tiles) from a flat render at `dpi`."""
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary_name()))
    detector = cv2.aruco.ArucoDetector(dictionary, cv2.aruco.DetectorParameters())
    tiles = set(load_tileset(edition))
    good = 0
    for stem, image in render_faces(BuildRequest("asterion", edition, printing=PRINTING,
                                                 tile_marks=design), dpi):
        if stem not in tiles:
            continue
        grey = cv2.copyMakeBorder(cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2GRAY),
                                  20, 20, 20, 20, cv2.BORDER_CONSTANT, value=255)
        _corners, ids, _ = detector.detectMarkers(grey)
        found = sorted(ids.ravel().tolist()) if ids is not None else []
        good += found == sorted(tile_marker_ids(stem))
    return good, len(tiles)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--dpi", type=int, default=200, help="export resolution to measure")
    parser.add_argument("--decode", default="300,150,100,75", help="dpi list to decode at")
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
        print(f"{design}: markers {spec.marker_size:.2f} mm, module {spec.marker_module:.2f} mm, "
              f"centres {art.marker_spread(design):.2f} sides apart")
    print("tiles whose two markers decode from a flat render (OpenCV ArUco, default params)")
    for design in art.mark_designs():
        for dpi in (int(d) for d in args.decode.split(",")):
            cells = []
            for edition in EDITIONS:
                good, total = decoded(edition, design, dpi)
                cells.append(f"{edition} {good}/{total}")
            module_px = art.tile_spec(design).marker_module * dpi / 25.4
            print(f"{design:9} {dpi:4d} dpi ({module_px:4.1f} px a module): {', '.join(cells)}")


if __name__ == "__main__":
    main()

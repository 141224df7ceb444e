"""Asterion's printed faces as the referee compares them with a photo: every tile's front
and the tomb token, the PDF's own drawing (the registry's printing part through
`pnp.printing.export.render_faces`) at a few px per mm, drawn once and kept between runs
(`referee.drawn_once`).

A tile face is in the tile frame (mm, upright as printed, origin top-left): face px
(i, j) is centred on ((i + 0.5) / ppm, (j + 0.5) / ppm) mm, as `referee.geometry.rectify`
samples a photo, so a rectified patch and a face crop line up pixel for pixel.
"""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

from referee.drawn_once import drawn_once

TOMB = "tomb"


@cache
def printed_faces(ppm: float, design: str) -> dict[str, np.ndarray]:
    """BGR faces by id: every tile of the catalogue ("M", "Y01" ...) and "tomb", the tiles
    printed with the machine-mark design `design` (drawn once, then kept between runs)."""
    return drawn_once(f"asterion-faces-{design}-{ppm!r}ppm", lambda: _draw(ppm, design))


def _draw(ppm: float, design: str) -> dict[str, np.ndarray]:
    from pnp import layouts
    from pnp.games import part
    from pnp.printing.build import BuildRequest
    from pnp.printing.export import render_faces
    from pnp.rules.asterion.tiles import catalogue
    from pnp.units import mm

    data = layouts.load("asterion")
    sizes = {tile.id: mm(data["tile"]["size"]) for tile in catalogue()}
    sizes[TOMB] = mm(data["tomb"]["size"])
    request = BuildRequest("asterion", "crete", printing=part("asterion", "printing"),
                           marks=design)
    out: dict[str, np.ndarray] = {}
    for stem, image in render_faces(request, ppm=ppm):
        if stem in sizes:
            pixels = round(sizes[stem] * ppm)
            face = cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2BGR)
            out[stem] = np.ascontiguousarray(face[:pixels, :pixels])
        if len(out) == len(sizes):
            break                   # the board comes last: not rendered
    return out


def face_patch(face: np.ndarray, ppm: float, origin: tuple[float, float], size_mm: float
               ) -> np.ndarray:
    """A size_mm square of a face (top-left `origin`, mm in the face's frame), sampled as
    `rectify` samples a photo (white beyond the face's edge)."""
    n = round(size_mm * ppm)
    shift = np.array([[1.0, 0.0, -origin[0] * ppm], [0.0, 1.0, -origin[1] * ppm]])
    return cv2.warpAffine(face, shift, (n, n), flags=cv2.INTER_LINEAR,
                          borderMode=cv2.BORDER_CONSTANT, borderValue=(255, 255, 255))

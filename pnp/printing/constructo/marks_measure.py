"""How much of an exported Constructo tile face its machine marks take, measured on the image.

Machine marks (markers and the white quiet zone printed only for them) cover at most 5 % of
a tile's face, so the table looks like a game and not a sheet of codes. The geometry says
so (`pnp.geometry.constructo.marks_share`); this reads it back from the pixels of a face
exported by `pnp export`, as Asterion's tiles are measured: a mark is a patch of black,
white and the neutral greys between them holding much black; its area is its own pixels
(Constructo's marks lie turned with their corners, so their upright bounding boxes would
overstate them). It also checks each mark module by module against its ArUco code, and
that no marker black lies elsewhere on the face. Used by tests/printing. numpy only (no
OpenCV): the print side's dependencies.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import numpy as np

from pnp.geometry.constructo import marker_places, tile_marker_ids, tile_spec
from pnp.markers import marker_bits
from pnp.printing.mark_pixels import code_problems, inked, mark_pixels, patches


@dataclass(frozen=True)
class FaceMarks:
    share: float                 # the marks' measured area over the hexagon's
    areas: tuple[float, ...]     # each mark's area, mm2, largest first
    stray_black: int             # marker-black pixels outside the marks' quiet zones
    mismatched: int              # pixels of a mark whose colour is not the code's
    checked: int                 # pixels of the marks compared with the code


def expected_code(number: int, shape: tuple[int, int]) -> np.ndarray:
    """Per pixel of tile `number`'s face (flat side up, the cut box): -1 no mark, 0 the
    code's black, 1 its white (quiet zone included), 2 too close to a module edge to say
    (anti-aliasing)."""
    height, width = shape
    px = height / tile_spec().across_flats
    xs = (np.arange(width) + 0.5) / px - width / px / 2
    ys = (np.arange(height) + 0.5) / px - height / px / 2
    x, y = np.meshgrid(xs, ys)
    out = np.full(shape, -1, np.int8)
    for place, marker_id in zip(marker_places(), tile_marker_ids(number), strict=True):
        q = place.module
        n = round(place.size / q) + 2               # modules across, quiet zone included
        grid = np.ones((n, n), np.int8)             # quiet zone: white
        grid[1:-1, 1:-1] = 0                        # black border
        grid[2:-2, 2:-2] = np.array(marker_bits(marker_id), np.int8)
        # the marker's own frame: the corner's direction turned back to east (y down)
        a = math.radians(place.angle)
        dx, dy = x - place.centre[0], y - place.centre[1]
        along = dx * math.cos(a) + dy * math.sin(a)
        across = -dx * math.sin(a) + dy * math.cos(a)
        u = (along + place.size / 2 + q) / q
        v = (across + place.size / 2 + q) / q
        inside = (u >= 0) & (u < n) & (v >= 0) & (v < n)
        code = grid[np.clip(v.astype(int), 0, n - 1), np.clip(u.astype(int), 0, n - 1)]
        margin = 0.75 / (px * q)                    # 0.75 px, in modules
        near = (np.minimum(u % 1, 1 - u % 1) < margin) | (np.minimum(v % 1, 1 - v % 1) < margin)
        out[inside] = np.where(near, 2, code)[inside]
    return out


def measure_face(image: np.ndarray, number: int) -> FaceMarks:
    """Measure tile `number`'s front face exported at any dpi (RGB array, the cut box)."""
    pixels = mark_pixels(image)
    px = image.shape[0] / tile_spec().across_flats
    areas = []
    for runs in patches(pixels.markish):
        count = sum(b - a for _r, a, b in runs)
        # a mark is some 30 % black (its border alone is 24 of 81 modules): not the white
        # paper round the hexagon
        if inked(pixels, runs) >= 0.2 * count and count >= (2 * px) ** 2:
            areas.append(count / px ** 2)
    hexagon = math.sqrt(3) / 2 * tile_spec().across_flats ** 2
    stray, mismatched, checked = code_problems(pixels, expected_code(number, image.shape[:2]))
    return FaceMarks(share=sum(areas) / hexagon, areas=tuple(sorted(areas, reverse=True)),
                     stray_black=stray, mismatched=mismatched, checked=checked)


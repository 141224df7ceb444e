"""How much of an exported tile face its machine marks take, measured on the image.

Machine marks (markers and their quiet zones) cover at most 5 % of a tile's face, so the
table looks like a game and not a sheet of codes.
The geometry says so (`tile.marks_share`); this reads it back from the pixels of a face
exported by `pnp export`, so a drawing change that leaves marker-like ink elsewhere, or draws
the markers larger than the data says, is caught. Used by tests/printing and
benchmarks/marks_share.py. numpy only (no OpenCV): the print side's dependencies.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from pnp.geometry.asterion.markers import tile_marks
from pnp.geometry.asterion.tile import tile_spec
from pnp.markers import marker_bits
from pnp.printing.mark_pixels import bounds, code_problems, inked, mark_pixels, patches


@dataclass(frozen=True)
class FaceMarks:
    share: float                 # the marks' measured bounding squares over the face
    boxes: tuple[tuple[float, float, float, float], ...]   # measured, mm, tile frame
    stray_black: int             # marker-black pixels outside the marks' quiet zones
    mismatched: int              # pixels of a mark whose colour is not the code's
    checked: int                 # pixels of the marks compared with the code


def expected_code(tile_id: str, design: str | None, shape: tuple[int, int]) -> np.ndarray:
    """Per pixel: -1 no mark, 0 the code's black, 1 its white (quiet zone included), 2 too
    close to a module edge to say (anti-aliasing)."""
    spec = tile_spec(design)
    height, width = shape
    px = width / spec.size
    out = np.full(shape, -1, np.int8)
    q = spec.marker_module
    centres_x = (np.arange(width) + 0.5) / px
    centres_y = (np.arange(height) + 0.5) / px
    for place, marker_id in tile_marks(tile_id, design):
        n = spec.marker_modules + 2                     # modules across, quiet zone included
        grid = np.ones((n, n), np.int8)                 # quiet zone: white
        grid[1:-1, 1:-1] = 0                            # black border
        grid[2:-2, 2:-2] = np.array(marker_bits(marker_id), np.int8)
        u = (centres_x - (place.x - q)) / q
        v = (centres_y - (place.y - q)) / q
        cols, rows = np.nonzero((u >= 0) & (u < n))[0], np.nonzero((v >= 0) & (v < n))[0]
        if not len(cols) or not len(rows):
            continue
        cu, rv = u[cols], v[rows]
        block = grid[np.ix_(rv.astype(int), cu.astype(int))].copy()
        margin = 0.75 / (px * q)                        # 0.75 px, in modules
        near_u = np.minimum(cu % 1, 1 - cu % 1) < margin
        near_v = np.minimum(rv % 1, 1 - rv % 1) < margin
        block[near_v[:, None] | near_u[None, :]] = 2
        out[np.ix_(rows, cols)] = block
    return out


def measure_face(image: np.ndarray, tile_id: str, design: str | None = None) -> FaceMarks:
    """Measure a tile's front face exported at any dpi (RGB array, the cut size exactly)."""
    spec = tile_spec(design)
    pixels = mark_pixels(image)
    px = image.shape[1] / spec.size
    boxes = []
    for runs in patches(pixels.markish):
        r0, c0, r1, c1 = bounds(runs)
        # A mark is a square some 30 % black (its border alone is 24 of 81 modules): not a
        # white corridor (ink saver) holding an icon's few dark pixels.
        if inked(pixels, runs) < 0.2 * (r1 - r0) * (c1 - c0) or min(r1 - r0, c1 - c0) < 2 * px:
            continue
        boxes.append((c0 / px, r0 / px, c1 / px, r1 / px))
    area = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes)
    stray, mismatched, checked = code_problems(pixels, expected_code(tile_id, design,
                                                                     image.shape[:2]))
    return FaceMarks(share=area / spec.size ** 2, boxes=tuple(sorted(boxes)),
                     stray_black=stray, mismatched=mismatched, checked=checked)

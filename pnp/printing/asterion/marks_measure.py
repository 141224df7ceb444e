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

BLACK_MAX = 40        # a channel at most this: the marker's black (the art's darkest is ~42)
WHITE_MIN = 248       # every channel at least this: the marker's white
NEUTRAL = 3           # max - min channel at most this: a grey between black and white


@dataclass(frozen=True)
class FaceMarks:
    share: float                 # the marks' measured bounding squares over the face
    boxes: tuple[tuple[float, float, float, float], ...]   # measured, mm, tile frame
    stray_black: int             # marker-black pixels outside the marks' quiet zones
    mismatched: int              # pixels of a mark whose colour is not the code's
    checked: int                 # pixels of the marks compared with the code


def _components(mask: np.ndarray) -> list[tuple[int, int, int, int, list]]:
    """4-connected components of a boolean image, labelled by runs along rows (fast: a
    face has a few thousand runs): each as (row0, col0, row1, col1) bounds, end exclusive,
    and its runs [(row, start, end)]."""
    parent: list[int] = []

    def find(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    runs: list[tuple[int, int, int]] = []
    previous: list[int] = []                      # indices of the last row's runs
    padded = np.zeros((mask.shape[0], mask.shape[1] + 2), np.int8)
    padded[:, 1:-1] = mask
    edges = np.diff(padded, axis=1)
    for row in range(mask.shape[0]):
        starts = np.flatnonzero(edges[row] == 1)
        ends = np.flatnonzero(edges[row] == -1)
        current = []
        for a, b in zip(starts.tolist(), ends.tolist(), strict=True):
            index = len(runs)
            runs.append((row, a, b))
            parent.append(index)
            for j in previous:                    # runs above that overlap join this one
                _r, pa, pb = runs[j]
                if pa < b and a < pb:
                    parent[find(j)] = find(index)
            current.append(index)
        previous = current
    groups: dict[int, list] = {}
    for index, run in enumerate(runs):
        groups.setdefault(find(index), []).append(run)
    out = []
    for members in groups.values():
        rows = [r for r, _a, _b in members]
        out.append((min(rows), min(a for _r, a, _b in members), max(rows) + 1,
                    max(b for _r, _a, b in members), members))
    return out


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
    rgb = image.astype(np.int16)
    low, high = rgb.min(axis=2), rgb.max(axis=2)
    black = high <= BLACK_MAX
    # A mark is black and white with the neutral greys between them (anti-aliased edges):
    # the art's colours are all tinted, so it has no such region holding black.
    markish = black | (low >= WHITE_MIN) | (high - low <= NEUTRAL)
    px = image.shape[1] / spec.size
    boxes = []
    for r0, c0, r1, c1, members in _components(markish):
        # A mark is a square some 30 % black (its border alone is 24 of 81 modules): not a
        # white corridor (ink saver) holding an icon's few dark pixels.
        inked = sum(int(black[r, a:b].sum()) for r, a, b in members)
        if inked < 0.2 * (r1 - r0) * (c1 - c0) or min(r1 - r0, c1 - c0) < 2 * px:
            continue
        boxes.append((c0 / px, r0 / px, c1 / px, r1 / px))
    area = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in boxes)
    code = expected_code(tile_id, design, image.shape[:2])
    sure_black, sure_white = code == 0, code == 1
    mismatched = int((sure_black & (high > 60)).sum() + (sure_white & (low < 230)).sum())
    return FaceMarks(
        share=area / spec.size ** 2,
        boxes=tuple(sorted(boxes)),
        stray_black=int((black & (code == -1)).sum()),
        mismatched=mismatched,
        checked=int((sure_black | sure_white).sum()),
    )

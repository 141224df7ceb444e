"""A tile's colour from its walls' tint, judged against its own corridors (the
discreet print's one marker is often unread; the walls' tint still tells the colour).

The four colours' tiles share their designs: one design in two colours differs only in
the walls' pale tint (and the small medallion and id). Matched by correlation, a blurred
or small tile's colour is weak evidence; measured directly it is strong. The walls' median
colour over the corridors' (the same paper, the same light a few mm away) cancels the
light's level and colour and the phone's white balance: in a 3 MP photo of a whole table
(seed 1 photo 133) each colour's ratio keeps within about 0.01 of its mean over the
tiles, while two colours lie 0.15 to 0.3 apart.

A colour is told only when the ratio is clearly nearer one colour's than any other's:
each colour's as the tiles read by their markers in this photo show it, else as printed.
Glare or a hand over the walls leaves the ratio grey, near no colour: untold.
"""

from __future__ import annotations

from functools import cached_property

import cv2
import numpy as np

from pnp import layouts
from pnp.rules.asterion.tiles import COLOURS, tiles_by_id
from referee.asterion.art.pose import ArtMatch, art_patch
from referee.asterion.art.templates import FACE_PPM, FINE_SPAN, warp_face
from referee.asterion.faces import printed_faces
from referee.asterion.grid import Grid

RATIO_PPM = 2.0             # px per mm the walls and corridors are sampled at
NEAR_PRINT = 12.0           # levels (0-255) within which a face px is a wall's or paper's
MIN_PX = 150                # px (37 mm^2) of walls and of corridors, each, to judge by
CLEAR = 0.4                 # the nearest colour's distance: at most this share of the next's


def _hex_bgr(value: str) -> np.ndarray:
    return np.array([int(value[i:i + 2], 16) for i in (5, 3, 1)], np.float32)


def _parts(face: np.ndarray, colour: str) -> tuple[np.ndarray, np.ndarray]:
    """Where a face prints its walls' tint, and its corridors' paper (bool masks)."""
    data = layouts.load("asterion")
    tint = _hex_bgr(data["colours"][colour]["tint"])
    paper = _hex_bgr(data["tile"]["corridor"])
    walls = np.abs(face - tint).max(axis=2) < NEAR_PRINT
    corridors = np.abs(face - paper).max(axis=2) < NEAR_PRINT
    return walls, corridors


def _ratio(walls: np.ndarray, corridors: np.ndarray) -> np.ndarray:
    """The walls' median colour over the corridors', its channels' mean 1."""
    r = np.median(walls, axis=0) / np.maximum(np.median(corridors, axis=0), 1.0)
    return r / max(float(r.mean()), 1e-6)


def printed_ratio(colour: str, design: str) -> np.ndarray:
    """A colour's ratio as printed with the mark design `design` (from its first tile's
    face)."""
    tile = next(t for t in tiles_by_id().values() if t.colour == colour)
    face = printed_faces(FACE_PPM, design)[tile.id].astype(np.float32)
    walls, corridors = _parts(face, colour)
    return _ratio(face[walls], face[corridors])


def measured_ratio(image: np.ndarray, scale: float, grid: Grid, tile_id: str,
                   centre: tuple[float, float], angle: float) -> np.ndarray | None:
    """The ratio the photo shows for the tile `tile_id` lying at `centre` turned `angle`
    (table mm, degrees), or None where too few of its walls or corridors are seen."""
    tile = tiles_by_id()[tile_id]
    if tile.colour is None:
        return None
    n = round(FINE_SPAN * RATIO_PPM)
    origin = (centre[0] - FINE_SPAN / 2, centre[1] - FINE_SPAN / 2)
    photo = art_patch(image, scale, grid, centre, FINE_SPAN, RATIO_PPM)
    face, counts = warp_face(grid.design, tile_id, centre, angle, origin, n, RATIO_PPM)
    walls, corridors = _parts(face, tile.colour)
    # a px a step from another print (a wall's edge, blurred) is neither's
    inner = _eroded(walls & (counts > 0)), _eroded(corridors & (counts > 0))
    if min(int(m.sum()) for m in inner) < MIN_PX:
        return None
    return _ratio(photo[inner[0]], photo[inner[1]])


def _eroded(mask: np.ndarray) -> np.ndarray:
    """`mask` less a px at its edges (4-neighbours)."""
    cross = cv2.getStructuringElement(cv2.MORPH_CROSS, (3, 3))
    return cv2.erode(mask.astype(np.uint8), cross) > 0


class TableTints:
    """Each colour's ratio in this photo: the median over the tiles read by their markers,
    else as printed."""

    def __init__(self, image: np.ndarray, scale: float, grid: Grid) -> None:
        self.image, self.scale, self.grid = image, scale, grid

    @cached_property
    def references(self) -> dict[str, np.ndarray]:
        """Measured when first asked (most photos have no tile to tell by its art). Tiles
        known by their art (no markers) never count, whenever they joined the grid."""
        seen: dict[str, list[np.ndarray]] = {c: [] for c in COLOURS}
        tiles = tiles_by_id()
        for pose in self.grid.tiles:
            colour = tiles[pose.tile].colour
            if colour is None or not pose.markers:
                continue
            r = measured_ratio(self.image, self.scale, self.grid, pose.tile, pose.centre,
                               pose.angle)
            if r is not None:
                seen[colour].append(r)
        design = self.grid.design
        return {c: (np.median(seen[c], axis=0) if seen[c] else printed_ratio(c, design))
                for c in COLOURS}

    def colour(self, m: ArtMatch) -> str | None:
        """The colour of the tile found at `m`'s pose, if its walls tell it clearly."""
        r = measured_ratio(self.image, self.scale, self.grid, m.tile, m.centre, m.angle)
        if r is None:
            return None
        near = sorted((float(np.linalg.norm(r - ref)), c) for c, ref in self.references.items())
        if near[0][0] <= CLEAR * near[1][0]:
            return near[0][1]
        return None

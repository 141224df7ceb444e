"""Two prints compared in the frame of the one a cell shows: a tile's print turned by quarter
turns needs no warp there (the faces are drawn at the resolution prints are compared at),
so where two prints differ is known for every pair before any photo (`differ`), and a
photo is rectified once per cell (`tile_frame_photo`).
"""

from __future__ import annotations

from functools import lru_cache

import cv2
import numpy as np

from pnp.geometry.asterion.tile import tile_spec
from referee.asterion.art.photometry import VOTE_PPM, channel_max
from referee.asterion.art.templates import FACE_PPM, FINE_SPAN, counts
from referee.asterion.faces import printed_faces
from referee.asterion.grid import Grid
from referee.geometry import frame_to_photo, rectify

PRINTS_KEPT = 128           # turned prints kept (a photo's rivals; 0.37 MB each)
PAIRS_KEPT = 512            # pairs' masks kept (a photo's contests; 62 kB each)


def _middle() -> slice:
    """The face px of the tile's middle FINE_SPAN mm (a square centred on the face)."""
    lo = round((tile_spec().centre - FINE_SPAN / 2) * FACE_PPM)
    return slice(lo, lo + round(FINE_SPAN * FACE_PPM))


def tile_frame_photo(image: np.ndarray, scale: float, grid: Grid, centre: tuple[float, float],
                     angle: float) -> np.ndarray:
    """The photo where a tile lies (`centre`, turned `angle`) in that tile's own frame: its
    middle FINE_SPAN mm at VOTE_PPM, px for px over `turned_print`'s, float32 BGR."""
    c = tile_spec().centre
    to_photo = frame_to_photo(grid.homography, centre, angle, (c, c))
    origin = (c - FINE_SPAN / 2, c - FINE_SPAN / 2)
    return rectify(image, to_photo, scale, origin, FINE_SPAN, VOTE_PPM).astype(np.float32)


@lru_cache(maxsize=PRINTS_KEPT)
def turned_print(design: str, tile_id: str, quarters: int, sigma: float = 0.0
                 ) -> np.ndarray:
    """A tile's print turned `quarters` quarter turns clockwise, its middle FINE_SPAN mm at
    FACE_PPM (float32 BGR), blurred by `sigma` px (a photo's softness): the blurred print
    turned (the blur is the same every way; a photo's rivals are some 250 (tile, turn)
    pairs, but only some 60 tiles)."""
    assert FACE_PPM == VOTE_PPM, "prints are compared px for px with the faces"
    return np.ascontiguousarray(np.rot90(_soft_print(design, tile_id, sigma), -quarters))


@lru_cache(maxsize=PRINTS_KEPT)
def _soft_print(design: str, tile_id: str, sigma: float) -> np.ndarray:
    face = _middle_face(design, tile_id).astype(np.float32)
    return cv2.GaussianBlur(face, (0, 0), sigma) if sigma else face


def _middle_face(design: str, tile_id: str) -> np.ndarray:
    """The print's middle FINE_SPAN mm at FACE_PPM, as printed (uint8 BGR, a view)."""
    middle = _middle()
    return printed_faces(FACE_PPM, design)[tile_id][middle, middle]


@lru_cache(maxsize=PAIRS_KEPT)
def _counted(design: str, tile_id: str, quarters: int, markers: bool) -> np.ndarray:
    middle = _middle()
    return np.ascontiguousarray(np.rot90(counts(design, tile_id, markers)[middle, middle],
                                         -quarters) > 0.5)


@lru_cache(maxsize=PAIRS_KEPT)
def differ(design: str, a: str, b: str, quarters: int, apart: float
           ) -> tuple[np.ndarray, np.ndarray]:
    """Tile `a` square, `b` turned `quarters` on it (`a`'s frame): where both prints count
    (a's without its markers' squares, b's with them: a rival's marker lies where the photo
    shows a's print), and where their prints differ there by more than `apart` levels in
    some channel (bool masks)."""
    use = _counted(design, a, 0, False) & _counted(design, b, quarters, True)
    # (the prints' own levels: whole numbers, their differences exact in int16)
    face_b = np.rot90(_middle_face(design, b), -quarters).astype(np.int16)
    differs = channel_max(np.abs(_middle_face(design, a).astype(np.int16) - face_b))
    return use, use & (differs > apart)

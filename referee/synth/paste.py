"""Putting printed faces into the photo: warped through the camera with soft edges, in a
home print's levels, with soft contact shadows under them.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from referee.synth.camera import transform


def paste_face(photo: np.ndarray, face: np.ndarray, h_face: np.ndarray,
               alpha: np.ndarray | None = None, key: str | None = None,
               tone: np.ndarray | None = None) -> None:
    """Warp `face` (face px -> photo px by `h_face`) onto the photo, with soft edges. A face
    that lands much smaller than it is gets shrunk first (area filter, no aliasing); with a
    `key` naming a big face (the board) and its alpha, the shrunk copy is kept for the next
    photo. `tone` (a 256-entry uint8 table) maps the face's levels, as a print shows them."""
    fh, fw = face.shape[:2]
    corners = transform(h_face, [[0, 0], [fw, 0], [fw, fh], [0, fh]])
    side = max(np.linalg.norm(corners[1] - corners[0]), np.linalg.norm(corners[3] - corners[0]))
    shrink = side / max(fw, fh)
    if shrink < 0.7:
        q = min(1.0, math.ceil(shrink * 1.2 * 32) / 32)     # in steps, so copies are reused
        nw, nh = max(2, round(fw * q)), max(2, round(fh * q))
        face, alpha = _shrunk(face, alpha, nw, nh, key)
        h_face = h_face @ np.diag([fw / nw, fh / nh, 1.0])
        fh, fw = nh, nw
    x0, y0 = np.floor(corners.min(axis=0)).astype(int)
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + 1
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, photo.shape[1]), min(y1, photo.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    t = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]]) @ h_face
    size = (x1 - x0, y1 - y0)
    patch = cv2.warpPerspective(face, t, size, flags=cv2.INTER_LINEAR)
    if tone is not None:
        patch = cv2.LUT(patch, tone)
    mask_src = alpha if alpha is not None else np.full((fh, fw), 255, np.uint8)
    mask = cv2.warpPerspective(mask_src, t, size, flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    roi = photo[y0:y1, x0:x1]
    if patch.shape != roi.shape or patch.dtype != roi.dtype:   # else copyTo writes elsewhere
        raise ValueError(f"a {patch.shape} face cannot be pasted on a {roi.shape} photo")
    # opaque inside: copy; blend only the soft edge (few pixels, so cheap in floats)
    inside = cv2.compare(mask, 255, cv2.CMP_EQ)
    cv2.copyTo(patch, inside, roi)                  # writes through the view, in place
    ys, xs = np.nonzero(cv2.inRange(mask, 1, 254))
    a = mask[ys, xs, None].astype(np.float32) / 255.0
    roi[ys, xs] = (patch[ys, xs] * a + roi[ys, xs] * (1 - a)).astype(np.uint8)


_SHRUNK: dict[tuple[str, int, int], tuple[np.ndarray, np.ndarray | None]] = {}


# An unnamed face (a tile's art, cached by its maker) is known by its arrays' identity:
# (id face, id alpha, nw, nh) -> the arrays themselves (kept, so an id is not reused, and
# made read-only, so they cannot change) and the shrunk copies.
_SHRUNK_BY_ID: dict[tuple[int, int, int, int], tuple[np.ndarray, np.ndarray | None,
                                                     np.ndarray, np.ndarray | None]] = {}


def _shrunk(face: np.ndarray, alpha: np.ndarray | None, nw: int, nh: int, key: str | None
            ) -> tuple[np.ndarray, np.ndarray | None]:
    if key is not None and (key, nw, nh) in _SHRUNK:
        return _SHRUNK[key, nw, nh]
    by_id = (id(face), id(alpha), nw, nh)
    if key is None and by_id in _SHRUNK_BY_ID:
        return _SHRUNK_BY_ID[by_id][2:]
    small = cv2.resize(face, (nw, nh), interpolation=cv2.INTER_AREA)
    small_alpha = (None if alpha is None
                   else cv2.resize(alpha, (nw, nh), interpolation=cv2.INTER_AREA))
    if key is not None:
        if len(_SHRUNK) > 16:                    # the board at a few resolutions (~20 MB each)
            _SHRUNK.clear()
        _SHRUNK[key, nw, nh] = (small, small_alpha)
    else:
        if len(_SHRUNK_BY_ID) > 512:             # tiles at a few resolutions (small)
            _SHRUNK_BY_ID.clear()
        for array in (face, alpha):              # a kept face must not change under its id
            if array is not None:
                array.flags.writeable = False
        _SHRUNK_BY_ID[by_id] = (face, alpha, small, small_alpha)
    return small, small_alpha


def print_tone(rng: np.random.Generator, fade: float, gamma: float = 1.0) -> np.ndarray:
    """Printed card is not black and white: ink reflects some light and paper is not a
    perfect white (colours pale with them). Levels 0..255 of the PDF's art -> what one home
    printer, photographed, makes of them: black 25-50, white 232-250 at `fade` 1. `gamma`
    below 1: the printer's greys come out lighter than the PDF's (and its black, relative to
    them, darker)."""
    black, white = rng.uniform(25, 50) * fade, 255 - rng.uniform(5, 23) * fade
    level = (np.arange(256) / 255.0) ** gamma
    return np.round(black + level * (white - black)).astype(np.uint8)


def enlarged(small: np.ndarray, k: int, box: tuple[int, int, int, int]) -> np.ndarray:
    """Part `box` (x0, y0, x1, y1, in small px) of a field made at 1/k size, at full size;
    small px i's centre is full px (i + 0.5) k - 0.5, as cv2.resize has it."""
    x0, y0, x1, y1 = box
    return cv2.resize(small[y0:y1, x0:x1], ((x1 - x0) * k, (y1 - y0) * k),
                      interpolation=cv2.INTER_LINEAR)


def scale_roi(image: np.ndarray, factor: np.ndarray, x0: int, y0: int) -> None:
    """image[roi] *= factor (uint8, 128 = 1), in place; `factor` is cropped to the photo."""
    h, w = image.shape[:2]
    factor = factor[:h - y0, :w - x0]
    roi = image[y0:y0 + factor.shape[0], x0:x0 + factor.shape[1]]
    if factor.ndim == 2:
        factor = cv2.merge([factor] * 3)
    cv2.multiply(roi, factor, dst=roi, scale=1 / 128)      # writes through the view


def shade(image: np.ndarray, polygons: list[np.ndarray], offset: np.ndarray, blur: float,
           strength: float) -> None:
    """Darken the photo in place under the soft shadows of the given photo-px polygons, cast
    `offset` px away. Drawn at a quarter size (the blur is cheap) and applied only where
    some shadow falls."""
    h, w = image.shape[:2]
    k = 4
    small = np.zeros((-(-h // k), -(-w // k)), np.float32)
    for poly in polygons:
        at = ((poly + offset + 0.5) / k - 0.5) * 8
        cv2.fillPoly(small, [np.round(at).astype(np.int32)], 1.0, lineType=cv2.LINE_AA, shift=3)
    small = cv2.GaussianBlur(small, (0, 0), max(0.5, blur / k))
    ys, xs = np.nonzero(small > 1 / 256)
    if not len(ys):
        return
    box = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
    factor = np.round(128 * (1 - strength * small)).astype(np.uint8)
    factor = cv2.merge([factor] * 3)        # three channels while small: cheaper than enlarged
    scale_roi(image, enlarged(factor, k, box), box[0] * k, box[1] * k)

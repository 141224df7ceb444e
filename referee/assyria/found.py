"""Whether the board was found well enough to read: what a refusal tells the player.

No markers read: a blurred photo (its edges soft: the phone moved or did not focus) is
told so, with what to do; otherwise the board is not in view. Markers read but the map
unlike its print (one marker misread in a blurred corner can tilt the whole plane): the
map is not read, and the player is told to shoot again.
"""

from __future__ import annotations

from functools import cache

import cv2
import numpy as np

from referee.assyria import read

SOFT = 0.12          # edge strength below this: too blurred for markers (sharp 0.3-0.45,
#                      a 1.5 px blur 0.18-0.23, a 3 px blur at 3 MP 0.09)
ALIGNED = 0.25       # the map's correlation with its print at least this (seen 0.37-0.8;
#                      a plane off by a marker 0.13)
SCALE = 0.25         # the map is compared at a quarter of its working scale


def sharpness(image: np.ndarray) -> float:
    """How sharp a photo's strongest edges are, relative to its contrast."""
    gray = cv2.cvtColor(image, cv2.COLOR_BGR2GRAY).astype(np.float32)
    gx = cv2.Sobel(gray, cv2.CV_32F, 1, 0, ksize=3)
    gy = cv2.Sobel(gray, cv2.CV_32F, 0, 1, ksize=3)
    lo, hi = np.percentile(gray[::4, ::4], [1, 99])
    return float(np.percentile(np.hypot(gx, gy), 99.9)) / max(float(hi - lo), 1.0) / 8


def no_markers(image: np.ndarray) -> str:
    """The refusal when no board marker was read: why, and what to do."""
    if sharpness(image) < SOFT:
        return ("no Assyria board markers could be read: the photo is blurred; hold the "
                "phone still, tap the board to focus, and shoot again with the board "
                "filling the frame")
    return ("no Assyria board markers in the photo: photograph the whole board, the "
            "printed squares round its edge in view")


def alignment(seen: read.Map) -> float:
    """How well the map seen square-on lines up with its print (correlation of their
    softened greys; pieces cover a small part)."""
    a = _grey(seen.bgr)
    return float(np.corrcoef(_print_grey().ravel(), a.ravel())[0, 1])


@cache
def _print_grey() -> np.ndarray:
    ref, _ = read.reference()
    return _grey(ref)


def _grey(bgr: np.ndarray) -> np.ndarray:
    small = cv2.resize(bgr, None, fx=SCALE, fy=SCALE, interpolation=cv2.INTER_AREA)
    return cv2.GaussianBlur(cv2.cvtColor(small, cv2.COLOR_BGR2GRAY).astype(np.float32),
                            (0, 0), 1.0)

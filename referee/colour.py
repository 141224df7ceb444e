"""Colour helpers every game's referee may use: hues on OpenCV's 0-180 scale (red wraps).

Printed fills are known (the game's layout file); what a photo shows of them drifts with
the light, so stages compare hues, not RGB values.
"""

from __future__ import annotations

import cv2
import numpy as np


def hue_of(fill: str) -> float:
    """OpenCV hue (0-180) of a printed fill given as "#rrggbb"."""
    fill = fill.lstrip("#")
    rgb = np.uint8([[[int(fill[k:k + 2], 16) for k in (4, 2, 0)]]])      # as BGR
    return float(cv2.cvtColor(rgb, cv2.COLOR_BGR2HSV)[0, 0, 0])


def hue_distance(a: float, b: float) -> float:
    d = abs(a - b) % 180
    return min(d, 180 - d)


def circular_median(hues: np.ndarray) -> float:
    """The median of OpenCV hues (0-180, red wraps), taken around their circular mean."""
    angle = hues * (np.pi / 90)
    mean = float(np.arctan2(np.sin(angle).mean(), np.cos(angle).mean())) * 90 / np.pi
    offsets = (hues - mean + 90) % 180 - 90
    return float((mean + np.median(offsets)) % 180)


def hue_of_bgr(colour: np.ndarray) -> float:
    """OpenCV hue (0-180) of one BGR colour given as floats (any scale); -1 if grey."""
    b, g, r = (float(v) for v in colour)
    hi, lo = max(b, g, r), min(b, g, r)
    if hi - lo <= 1e-9:
        return -1.0
    if hi == r:
        h = 60.0 * ((g - b) / (hi - lo)) % 360.0
    elif hi == g:
        h = 60.0 * ((b - r) / (hi - lo)) + 120.0
    else:
        h = 60.0 * ((r - g) / (hi - lo)) + 240.0
    return h / 2.0


def channel_gains(bgr: np.ndarray, gain: np.ndarray) -> np.ndarray:
    """A uint8 image with each channel scaled by its `gain` (one per channel),
    rounded and clipped to 0..255: the same bytes as scaling every px in float, by scaling
    each channel's 256 levels once and looking them up."""
    levels = np.arange(256, dtype=np.float32)[:, None] * gain.reshape(1, -1)
    table = cv2.convertScaleAbs(levels).reshape(256, 1, -1)
    return cv2.LUT(bgr, table)

"""The die on the female: is there one, and how many pips does its top face show.

A d6 seen from above: a white square about `[tokens] die` mm a side, with 1 to 6 dark round
pips. A window round the female is seen square-on at DIE_PPM; the die is the largest white
(unsaturated, bright) blob there; its pips are the dark blobs inside it of a pip's size.
A white blob too small, a square of the wrong size, a dark blob that is not a pip, or a
count outside 1..6 leaves the die unclear (a problem), never a guess.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np

from pnp.printing.spider_twist import geometry
from referee.geometry import rectify

DIE_PPM = 8.0
WINDOW = 44.0               # mm round the female's centre (her 26 mm and the die's reach)
PIP = 0.17                  # a pip's diameter over the die's side (usual dice: 0.15-0.2)
HER_YELLOW = 0.8            # of her disc seen yellow: no die (and nothing else) on her


@dataclass(frozen=True)
class DieLook:
    pips: int | None         # None: no die, or unclear (see `clear`)
    clear: bool
    why: str = ""
    centre: tuple[float, float] | None = None     # board mm


def read_die(image: np.ndarray, scale: float, h: np.ndarray, female: tuple[float, float],
             gain: np.ndarray | None = None) -> DieLook:
    """`gain`: BGR gains that make the paper grey (the board's white balance)."""
    side = geometry.spec().die
    origin = (female[0] - WINDOW / 2, female[1] - WINDOW / 2)
    patch = rectify(image, h, scale, origin, WINDOW, DIE_PPM)
    if gain is not None:
        patch = cv2.convertScaleAbs(patch.astype(np.float32) * gain.reshape(1, 1, 3))
    hsv = cv2.cvtColor(patch, cv2.COLOR_BGR2HSV)
    v = hsv[..., 2].astype(np.float32)
    s = hsv[..., 1].astype(np.float32) / 255.0
    top = float(np.percentile(v, 99))
    white = ((s < 0.22) & (v > 0.62 * top)).astype(np.uint8)
    # only on her: the web's paper round her is white too
    n = white.shape[0]
    on_her = np.zeros_like(white)
    cv2.circle(on_her, (n // 2, n // 2), round((geometry.spec().female / 2 - 0.6) * DIE_PPM),
               1, -1)
    white &= on_her
    white = cv2.morphologyEx(white, cv2.MORPH_CLOSE, np.ones((5, 5), np.uint8))
    count, labels, stats, centres = cv2.connectedComponentsWithStats(white)
    expected = (side * DIE_PPM) ** 2
    # her face is yellow all over (her picture in dark yellow): without a die, little else
    hue = hsv[..., 0]
    yellow = (hue >= 12) & (hue <= 40) & (s > 0.4) & (on_her > 0)
    yellow_share = float(yellow.sum()) / max(1, int(on_her.sum()))
    area = float(stats[1:, cv2.CC_STAT_AREA].max()) if count > 1 else 0.0
    if area < 0.2 * expected:
        if yellow_share < HER_YELLOW:
            return DieLook(None, False, f"only {yellow_share:.0%} of her is seen yellow and "
                           "no die is found", female)
        return DieLook(None, True)
    k = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    at = tuple(float(c) for c in np.array(origin) + centres[k] / DIE_PPM)
    if area < 0.6 * expected:
        return DieLook(None, False, "something white on the female, too small for the die",
                       at)
    blob = (labels == k).astype(np.uint8)
    # the pips are holes in the white blob: fill the outline, then look inside
    contours, _ = cv2.findContours(blob, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    rect = cv2.minAreaRect(max(contours, key=cv2.contourArea))
    (cx, cy), (w, hgt), angle = rect
    if not (0.75 * side * DIE_PPM <= min(w, hgt) and max(w, hgt) <= 1.3 * side * DIE_PPM):
        return DieLook(None, False, f"a white shape {max(w, hgt) / DIE_PPM:.0f} mm on the "
                       "female is not the die's square", at)
    inner = np.zeros_like(blob)
    box = cv2.boxPoints(((cx, cy), (w * 0.86, hgt * 0.86), angle))
    cv2.fillConvexPoly(inner, np.round(box).astype(np.int32), 1)
    level = float(np.median(v[blob > 0]))
    dark = ((v < 0.6 * level) & (inner > 0)).astype(np.uint8)
    n, _lab, st, _c = cv2.connectedComponentsWithStats(dark)
    pip_area = math.pi * (PIP * side * DIE_PPM / 2) ** 2
    pips = 0
    for j in range(1, n):
        a = float(st[j, cv2.CC_STAT_AREA])
        if a < 0.12 * pip_area:
            continue                           # noise
        if a > 2.6 * pip_area:
            return DieLook(None, False, "a dark patch on the die larger than a pip", at)
        if a < 0.35 * pip_area:
            return DieLook(None, False, "a pip seen only in part", at)
        pips += 1
    if not 1 <= pips <= 6:
        return DieLook(None, False, f"{pips} pips counted", at)
    return DieLook(pips, True, "", at)

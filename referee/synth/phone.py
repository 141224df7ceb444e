"""What the phone adds to the scene: uneven light, vignetting, a person's shadow, a colour
cast, glare, blur and sensor noise.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import cv2
import numpy as np

from referee.synth.paste import enlarged, scale_roi

if TYPE_CHECKING:
    from referee.synth.photo import Conditions


def _smooth_noise(shape: tuple[int, int], cells: int, rng: np.random.Generator) -> np.ndarray:
    """Smooth random field in [-1, 1] with about `cells` bumps across."""
    h, w = shape
    small = rng.standard_normal((max(2, cells * h // max(h, w)) + 1,
                                 max(2, cells * w // max(h, w)) + 1)).astype(np.float32)
    field_ = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    return np.clip(field_ / 2.0, -1, 1)


def _light(shape: tuple[int, int], cond: Conditions, rng: np.random.Generator,
           table_px: np.ndarray, k: int) -> np.ndarray:
    """Multiplicative light field at 1/k size: a gradient, vignetting, a person's shadow."""
    h, w = shape
    sh, sw = -(-h // k), -(-w // k)
    y, x = np.mgrid[0:sh, 0:sw].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    ramp = ((x / sw - 0.5) * math.cos(a) + (y / sh - 0.5) * math.sin(a)) * 2     # -1..1
    field_ = 1 - cond.light * (0.5 + 0.35 * ramp + 0.15 * _smooth_noise((sh, sw), 3, rng))
    r2 = ((x / sw - 0.5) ** 2 + (y / sh - 0.5) ** 2) / 0.5
    field_ *= 1 - 0.18 * r2                                                        # vignette
    if cond.shadow:
        # a soft edge across the table, the far side darker (someone leaning over)
        cx, cy = table_px[int(rng.integers(len(table_px)))] / k
        b = rng.uniform(0, 2 * math.pi)
        side = (x - cx) * math.cos(b) + (y - cy) * math.sin(b)
        soft = max(sw, sh) * 0.04
        dark = rng.uniform(0.55, 0.75)
        field_ *= 1 - (1 - dark) / (1 + np.exp(-side / soft))
    return field_.astype(np.float32)


def _glare(image: np.ndarray, rng: np.random.Generator, table_px: np.ndarray) -> None:
    """A specular spot over the table, in place: colours wash out towards white, from a
    sheen that only pales them to a patch washed out to white."""
    h, w = image.shape[:2]
    k = 8
    sh, sw = -(-h // k), -(-w // k)
    cx, cy = table_px[int(rng.integers(len(table_px)))] / k
    r = rng.uniform(0.03, 0.07) * math.hypot(sw, sh)
    stretch = rng.uniform(1.0, 2.0)
    a = rng.uniform(0, math.pi)
    y, x = np.mgrid[0:sh, 0:sw].astype(np.float32)
    u = (x - cx) * math.cos(a) + (y - cy) * math.sin(a)
    v = -(x - cx) * math.sin(a) + (y - cy) * math.cos(a)
    spot = np.exp(-((u / stretch) ** 2 + v ** 2) / (2 * r * r)) * rng.uniform(0.5, 0.95)
    ys, xs = np.nonzero(spot > 1 / 256)
    if not len(ys):
        return
    box = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
    keep = cv2.merge([np.round(128 * (1 - spot)).astype(np.uint8)] * 3)   # 3 channels while small
    x0, y0 = box[0] * k, box[1] * k
    # white - (white - image) * (1 - spot)
    # only where the spot's factor reaches: elsewhere not(not(image)) is the image
    factor = enlarged(keep, k, box)
    region = image[y0:y0 + factor.shape[0], x0:x0 + factor.shape[1]]
    inverse = cv2.bitwise_not(region)
    scale_roi(inverse, factor, 0, 0)
    region[:] = cv2.bitwise_not(inverse)


ROOM_LIGHTS = ("neutral", "warm", "cool", "mixed", "wrong-wb")


def room_light(kind: str, shape: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """The room light's colour as the phone records it, BGR gains (about 1): 3 values, or
    an (h, w, 3) field for mixed light. "warm": a tungsten or candle-warm lamp the phone's
    white balance corrects only in part (blue down to 0.55-0.75); "cool": shade, a north
    window or a cold LED (red down to 0.7-0.85); "mixed": a warm lamp on one side of the
    table and a window on the other, blending across it; "wrong-wb": the phone's white
    balance plainly off (a random cast of about 12 % per channel)."""
    if kind == "neutral":
        return np.ones(3, np.float32)
    if kind not in ROOM_LIGHTS:
        raise ValueError(f"unknown room light {kind!r} ({', '.join(ROOM_LIGHTS)})")

    def warm() -> np.ndarray:
        return np.array([rng.uniform(0.55, 0.75), rng.uniform(0.8, 0.9), 1.0], np.float32)

    def cool() -> np.ndarray:
        return np.array([1.0, rng.uniform(0.9, 0.97), rng.uniform(0.7, 0.85)], np.float32)

    if kind == "warm":
        return warm()
    if kind == "cool":
        return cool()
    if kind == "wrong-wb":
        gains = np.clip(rng.normal(1.0, 0.12, 3), 0.7, 1.3)
        return (gains / gains.mean()).astype(np.float32)
    h, w = shape
    a, b = warm(), cool()
    turn = rng.uniform(0, 2 * math.pi)
    y, x = np.mgrid[0:h, 0:w].astype(np.float32)
    ramp = ((x / w - 0.5) * math.cos(turn) + (y / h - 0.5) * math.sin(turn)) * 2.5
    t = (1 / (1 + np.exp(-ramp)))[..., None]
    return (a * (1 - t) + b * t).astype(np.float32)


def phone(image: np.ndarray, cond: Conditions, rng_light: np.random.Generator,
           rng_noise: np.random.Generator, table_px: np.ndarray,
           rng_room: np.random.Generator | None = None) -> np.ndarray:
    """What the phone adds to the scene: uneven light and a colour cast, glare, blur and
    sensor noise. All in uint8 with OpenCV: float copies of a 12 MP photo cost more than
    the rest of the photo together. `rng_room` draws the room light's colour
    (`cond.room_light`) when it is not neutral."""
    h, w = image.shape[:2]
    k = 8
    light = _light((h, w), cond, rng_light, table_px, k)
    cast = rng_light.normal(1.0, 0.03, 3).astype(np.float32)                    # white balance
    if cond.room_light != "neutral" or cond.exposure != 1.0:
        room = room_light(cond.room_light, light.shape,
                          rng_room if rng_room is not None else np.random.default_rng(0))
        cast = cast * room * np.float32(cond.exposure)
    factor = np.clip(np.round(128 * light[..., None] * cast), 0, 255).astype(np.uint8)
    # the factor covers the whole photo: one multiply makes the new image (no copy first)
    full = enlarged(factor, k, (0, 0, factor.shape[1], factor.shape[0]))[:h, :w]
    out = cv2.multiply(image, full, scale=1 / 128)
    if cond.glare:
        _glare(out, rng_light, table_px)
    if cond.blur_sigma > 0:
        out = cv2.GaussianBlur(out, (0, 0), cond.blur_sigma)
    if cond.noise > 0:
        # grain in luminance, and coarser, weaker grain in colour, as phone sensors show.
        # OpenCV's generator is fast and, seeded just before, as deterministic as numpy's.
        cv2.setRNGSeed(int(rng_noise.integers(2**31 - 1)))
        # each channel's grain is added on its own and put back in place (no split, no
        # merge of the whole photo)
        ycc = cv2.cvtColor(out, cv2.COLOR_BGR2YCrCb)
        grain = np.empty((h, w), np.int8)
        cv2.randn(grain, 0, cond.noise)
        cv2.insertChannel(cv2.add(cv2.extractChannel(ycc, 0), grain, dtype=cv2.CV_8U), ycc, 0)
        for channel in (1, 2):
            coarse = np.empty((-(-h // 2), -(-w // 2)), np.int16)
            cv2.randn(coarse, 0, cond.noise * 0.4)
            fine = cv2.resize(coarse, (coarse.shape[1] * 2, coarse.shape[0] * 2),
                              interpolation=cv2.INTER_LINEAR)[:h, :w]
            cv2.insertChannel(cv2.add(cv2.extractChannel(ycc, channel), fine,
                                      dtype=cv2.CV_8U), ycc, channel)
        out = cv2.cvtColor(ycc, cv2.COLOR_YCrCb2BGR)
    return out

"""A print mapped onto the photo's light: its white balance, gain and offset (`fit_print`),
the light across a cell (`shading`), and how far a px lies outside a print's levels.
"""

from __future__ import annotations

import cv2
import numpy as np

from referee.quantiles import median, percentile

VOTE_PPM = 4.0              # px per mm: where two prints differ (a wing's thin lines)


def fit_print(photo: np.ndarray, tpl: np.ndarray, use: np.ndarray, min_gain: float = 0.0
              ) -> tuple[np.ndarray, float]:
    """The template on the photo's levels (`print_levels`), and the gain."""
    scale, offset, gain = print_levels(photo, tpl, use, min_gain)
    return on_levels(tpl, scale, offset), gain


def on_levels(tpl: np.ndarray, scale: np.ndarray, offset: float) -> np.ndarray:
    """The template (or some of its px, n x 3) mapped by `print_levels`' scale and offset."""
    return tpl * scale + np.float32(offset)


def print_levels(photo: np.ndarray, tpl: np.ndarray, use: np.ndarray, min_gain: float = 0.0
                 ) -> tuple[np.ndarray, float, float]:
    """How the template maps onto the photo's levels, keeping the print's colours: the
    white balance from the tile's own paper (the photo's colour where the print has its
    corridors, over the print's), then one gain (the light) and one offset (glare adds
    white) for all channels, least squares over `use` (every other px), once more without
    the worst third (a finger, a glare spot). Per-channel gains and offsets would map any
    two-coloured print onto any other: a blue tile's walls onto red ones. Returns the
    per-channel scale (balance times gain, float32), the offset and the gain."""
    sample = use[::2, ::2]
    t = tpl[::2, ::2][sample].astype(np.float32, copy=False)      # n x 3
    p = photo[::2, ::2][sample].astype(np.float32, copy=False)
    low, high = channel_min(t), channel_max(t)
    paper = (low > 215) & (high - low < 40)
    balance = np.ones(3, np.float32)
    if np.count_nonzero(paper) >= 30:
        ratio = medians_by_channel(p[paper]) / np.maximum(medians_by_channel(t[paper]), 1.0)
        balance = ratio / max(float(ratio.mean()), 1e-6)
    t = t * balance
    tk, pk = t.ravel(), p.ravel()           # every px, then without the worst third
    gain, offset = 1.0, 0.0
    for last in (False, True):
        mean_t, mean_p = _mean(tk), _mean(pk)
        dt = tk - mean_t
        var = float(_mean(dt * dt))
        gain = float(_mean(dt * (pk - mean_p))) / var if var > 1e-6 else 0.0
        # a print that does not fit would shrink towards a flat grey, which "explains" any
        # grey thing (a finger): it keeps the contrast the light gives the other print
        gain = max(gain, min_gain)
        offset = float(mean_p) - gain * float(mean_t)
        if last:
            break
        err = channel_sum(np.abs(p - (t * gain + offset)))
        keep = err <= percentile(err, 67)
        tk, pk = t[keep].ravel(), p[keep].ravel()
    return (balance * gain).astype(np.float32), offset, gain


def _mean(v: np.ndarray) -> np.floating:
    """`v.mean()` of a float vector, the same value (numpy's sum, divided in float64, in
    the vector's type) without its generic reduction's overhead: thousands a photo."""
    if v.size == 0:
        return v.dtype.type(np.nan)
    return v.dtype.type(float(np.add.reduce(v)) / v.size)


def medians_by_channel(px: np.ndarray) -> np.ndarray:
    """`np.median(px, axis=0)` of n x 3 float32 px: the same values, a channel at a time."""
    return np.array([median(np.ascontiguousarray(px[:, c])) for c in range(px.shape[1])],
                    np.float32)


SHADE_BLOCK = 3.0           # mm: the light is judged in blocks this wide ...
SHADE_MIN = 0.25            # ... from at least this share of their px, else from nearby
SHADE_LIMITS = (0.5, 1.5)   # a shadow or a brighter patch, relative to the cell's level
SHADE_NEAR = 25             # px (6 mm at VOTE_PPM): how far the light's level may come from


def shading(photo: np.ndarray, fitted: tuple[np.ndarray, ...], use: np.ndarray
            ) -> np.ndarray:
    """The light across the patch relative to its one level (h x w x 1, about 1): the
    photo's lightness over the fitted prints' (equally light on `use`), in blocks (their
    median), over `use` px whose colour one of the prints explains once scaled (a
    finger's skin is no shadow), spread smoothly to blocks with too few such px. 1 where
    nothing says otherwise."""
    h, w = photo.shape[:2]
    lum_p = channel_mean(photo)
    ratio = lum_p / np.maximum(sum(channel_mean(f) for f in fitted) / len(fitted), 1.0)
    # a print's colour scaled by the ratio must be the photo's (a shadow keeps colour)
    off = np.min([px_length(photo - f * ratio[..., None]) for f in fitted], axis=0)
    good = use & (off < 0.12 * lum_p + 6.0) & (ratio > SHADE_LIMITS[0]) & (
        ratio < SHADE_LIMITS[1])
    k = max(2, round(SHADE_BLOCK * VOTE_PPM))
    by, bx = -(-h // k), -(-w // k)
    # blocks of k x k px (the edge ones padded with px that do not count)
    values = np.full((by * k, bx * k), np.nan, np.float32)
    values[:h, :w] = np.where(good, ratio, np.nan)
    blocks = values.reshape(by, k, bx, k).transpose(0, 2, 1, 3).reshape(by, bx, k * k)
    counted = np.isfinite(blocks).sum(axis=2)
    weight = (counted >= SHADE_MIN * k * k).astype(np.float32)
    if not weight.any():
        return np.ones((h, w, 1), np.float32)
    # each block's median over the px that count (NaN sorts last)
    ordered = np.sort(blocks, axis=2)
    middle = np.maximum(counted - 1, 0)[..., None] // 2
    level = np.where(weight > 0, np.take_along_axis(ordered, middle, axis=2)[..., 0], 1.0)
    # blocks without a say: the weighted mean of those near them (normalised convolution)
    around = cv2.GaussianBlur(weight, (0, 0), 1.0)
    near = cv2.GaussianBlur(level * weight, (0, 0), 1.0) / np.maximum(around, 1e-3)
    filled = np.where(weight > 0, level, np.where(around > 0.05, near, 1.0))
    smooth = cv2.resize(filled.astype(np.float32), (bx * k, by * k),
                        interpolation=cv2.INTER_LINEAR)[:h, :w]
    return np.clip(smooth, *SHADE_LIMITS)[..., None]


def off_range(photo: np.ndarray, fitted: np.ndarray, dim: np.ndarray | float = 1.0,
              bright: np.ndarray | float = 1.0) -> np.ndarray:
    """How far each photo px lies outside the levels the fitted print has within one px
    of it, scaled by `dim` to `bright` (how much darker or lighter the light may be
    there), per channel, then the length over the channels."""
    low, high = cv2.erode(fitted * dim, _NEAR), cv2.dilate(fitted * bright, _NEAR)
    # (in place: the same values, fewer arrays)
    np.subtract(low, photo, out=low)
    np.maximum(low, 0, out=low)
    np.subtract(photo, high, out=high)
    np.maximum(high, 0, out=high)
    return px_length(np.add(low, high, out=low))


_NEAR = np.ones((3, 3), np.uint8)       # off_range's one px round


def px_length(v: np.ndarray) -> np.ndarray:
    """Each px's vector length over its three channels (np.linalg.norm(v, axis=2),
    faster: the same additions, in the same order)."""
    return np.sqrt(v[..., 0] * v[..., 0] + v[..., 1] * v[..., 1] + v[..., 2] * v[..., 2])


# Reductions over the last axis of three colour channels, done channel by channel: numpy's
# own (v.mean(axis=-1) and the like) loop slowly over so short an axis, 5-10 times slower
# here; these give the very same values (the same additions, in the same order).

def channel_sum(v: np.ndarray) -> np.ndarray:
    return v[..., 0] + v[..., 1] + v[..., 2]


def channel_mean(v: np.ndarray) -> np.ndarray:
    return channel_sum(v) / 3


def channel_max(v: np.ndarray) -> np.ndarray:
    return np.maximum(np.maximum(v[..., 0], v[..., 1]), v[..., 2])


def channel_min(v: np.ndarray) -> np.ndarray:
    return np.minimum(np.minimum(v[..., 0], v[..., 1]), v[..., 2])

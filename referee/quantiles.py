"""Percentiles of 8-bit pixels from their histogram: numpy's own numbers (its default
"linear" method, the same values and dtype as `np.percentile` of the pixels as `dtype`),
in a fraction of the time of sorting a patch (the referee takes thousands a photo)."""

from __future__ import annotations

import numpy as np


def percentiles_u8(pixels: np.ndarray, percents, dtype: type = np.float64) -> np.ndarray:
    """`np.percentile(pixels.astype(dtype), percents)` for uint8 `pixels` (any shape). As
    numpy's, a single percent (a Python number) gives a `dtype` answer, several float64."""
    flat = np.ascontiguousarray(pixels).reshape(-1)
    if flat.dtype != np.uint8 or flat.size == 0:
        raise ValueError("percentiles_u8 takes a non-empty uint8 array")
    n = flat.size
    ends = np.bincount(flat, minlength=256).cumsum()     # rank just past each value
    shape = np.shape(percents)
    virtual = (n - 1) * np.true_divide(np.atleast_1d(np.asarray(percents, np.float64)), 100)
    below = np.clip(np.floor(virtual), 0, n - 1).astype(np.intp)
    above = np.clip(below + 1, 0, n - 1)
    a = np.searchsorted(ends, below, side="right").astype(dtype)
    b = np.searchsorted(ends, above, side="right").astype(dtype)
    # numpy's interpolation, from whichever end is nearer, with its rounding: one percent
    # (a Python number) weighs in `dtype`, several in float64
    t = virtual - below
    work = dtype if isinstance(percents, int | float) else np.float64
    diff = b - a
    out = np.add(a, diff * t.astype(work))
    np.subtract(b, diff * (1 - t).astype(work), out=out, where=t >= 0.5)
    return out.reshape(shape)


def median_u8(pixels: np.ndarray) -> float:
    """`np.median` of uint8 pixels."""
    return float(percentiles_u8(pixels, 50.0))


def channel_medians(pixels: np.ndarray, dtype: type = np.float64) -> np.ndarray:
    """`np.median(pixels.reshape(-1, c).astype(dtype), axis=0)` of a uint8 (..., c) image:
    `percentiles_u8`'s median of each channel, from one histogram of them all (channel k's
    values counted as 256 k + value, its ranks n k on)."""
    c = pixels.shape[-1]
    flat = np.ascontiguousarray(pixels).reshape(-1, c)
    if flat.dtype != np.uint8 or flat.size == 0:
        raise ValueError("channel_medians takes a non-empty uint8 image")
    n = flat.shape[0]
    counted = (flat + np.arange(0, 256 * c, 256, dtype=np.intp)).reshape(-1)
    ends = np.bincount(counted, minlength=256 * c).cumsum()
    virtual = (n - 1) * np.true_divide(np.float64(50.0), 100)
    below = int(np.clip(np.floor(virtual), 0, n - 1))
    above = min(below + 1, n - 1)
    starts = np.arange(c) * n
    values = np.arange(c) * 256
    a = (np.searchsorted(ends, starts + below, side="right") - values).astype(dtype)
    b = (np.searchsorted(ends, starts + above, side="right") - values).astype(dtype)
    # as `percentiles_u8` weighs one percent: in `dtype`, from the nearer end
    t = np.asarray(virtual - below)
    diff = b - a
    if t >= 0.5:
        return b - diff * (1 - t).astype(dtype)
    return a + diff * t.astype(dtype)


def column_medians(rows: np.ndarray) -> np.ndarray:
    """`np.median(rows, axis=0)` of a non-empty 2-D integer array (px, one a row), the
    same float64 numbers: numpy's own partition, without the checks and dispatch round
    it that took most of the time on the tomb check's few thousand px."""
    if rows.ndim != 2 or rows.dtype.kind not in "iu" or len(rows) == 0:
        raise ValueError("column_medians takes a non-empty 2-D integer array")
    n = len(rows)
    low, high = (n - 1) // 2, n // 2
    part = np.partition(np.ascontiguousarray(rows.T), [low, high] if low != high else low,
                        axis=1)
    # numpy's median: the mean of the middle one or two, in float64
    return (part[:, low] + part[:, high].astype(np.float64)) / 2


def median(values) -> float:
    """`float(np.median(values))`, the same number, without the NaN check by which numpy's
    median of floats imports `numpy.ma` on first use (10 ms of a referee run)."""
    a = np.asarray(values)
    if a.dtype.kind != "f" or a.size == 0:
        return float(np.median(a))               # no NaN check, or numpy's own answer
    a = a.ravel()
    if np.isnan(a).any():
        return float("nan")
    half = a.size // 2
    even = a.size % 2 == 0
    part = np.partition(a, [half - 1, half] if even else [half])
    # numpy's median: the mean of the middle one or two, in the array's own float type
    return float(np.mean(part[half - 1:half + 1] if even else part[half:half + 1]))


def percentile(values: np.ndarray, percent: float) -> np.floating:
    """`np.percentile(values, percent)` of a 1-D float array without NaN, `percent` a
    Python number: numpy's "linear" value, dtype and rounding, from one partition."""
    n = values.size
    virtual = (n - 1) * (percent / 100)
    below = min(max(int(np.floor(virtual)), 0), n - 1)
    above = min(below + 1, n - 1)
    part = np.partition(values, (below, above))
    a, b = part[below], part[above]
    # numpy's interpolation, as `percentiles_u8`'s: the weight in the array's own type
    t, kind = virtual - below, values.dtype.type
    diff = b - a
    return b - diff * kind(1 - t) if t >= 0.5 else a + diff * kind(t)

"""The histogram percentiles give numpy's own values, dtypes included."""

import subprocess
import sys

import numpy as np
import pytest

from referee.quantiles import (
    channel_medians,
    column_medians,
    median,
    median_u8,
    percentile,
    percentiles_u8,
)


@pytest.mark.parametrize("seed", range(6))
def test_percentiles_match_numpy(seed: int) -> None:
    rng = np.random.default_rng(seed)
    for _ in range(200):
        n = int(rng.integers(1, 3000))
        pixels = (rng.integers(0, 256, n) if seed % 2 else
                  np.clip(rng.normal(120, 25, n), 0, 255)).astype(np.uint8)
        percents = rng.choice([0, 0.17, 1, 5, 33.3, 50, 90, 99, 100], 3)
        for dtype in (np.float64, np.float32):
            want = np.percentile(pixels.astype(dtype), percents)
            got = percentiles_u8(pixels, percents, dtype)
            assert got.dtype == want.dtype and np.array_equal(got, want)
            for percent in (float(percents[0]), int(percents[1])):    # one, as numpy's
                want = np.percentile(pixels.astype(dtype), percent)
                got = percentiles_u8(pixels, percent, dtype)
                assert got.dtype == want.dtype and got == want


def test_medians_match_numpy() -> None:
    rng = np.random.default_rng(7)
    for shape in ((5, 7, 3), (4, 4, 3), (1, 1, 3), (9, 3)):
        image = rng.integers(0, 256, shape).astype(np.uint8)
        flat = image.reshape(-1, shape[-1])
        for dtype in (np.float64, np.float32):
            want = np.median(flat.astype(dtype), axis=0)
            got = channel_medians(image, dtype)
            assert got.dtype == want.dtype and np.array_equal(got, want)
        assert median_u8(image) == float(np.median(image))


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_a_float_percentile_is_numpys(dtype) -> None:
    # one partition instead of numpy's machinery: its value, dtype and rounding
    rng = np.random.default_rng(3)
    for _ in range(300):
        n = int(rng.integers(1, 3000))
        values = rng.random(n).astype(dtype) * rng.choice([1.0, 10.0, 255.0])
        if n % 3 == 0:
            values = np.round(values)           # ties, as in a photo's levels
        for percent in (0, 30, 50.0, 67, 95.5, 100):
            want, got = np.percentile(values, percent), percentile(values, percent)
            assert got.dtype == want.dtype and got == want


def test_refuses_what_it_cannot_count() -> None:
    with pytest.raises(ValueError):
        percentiles_u8(np.zeros(3, np.float32), 50)
    with pytest.raises(ValueError):
        percentiles_u8(np.zeros(0, np.uint8), 50)


@pytest.mark.parametrize("dtype", [np.float64, np.float32, np.int64, np.uint8])
@pytest.mark.parametrize("size", [1, 2, 3, 10, 11, 1001])
def test_median_is_numpys_median(dtype, size) -> None:
    rng = np.random.default_rng(size)
    for values in (rng.normal(0, 100, size), rng.integers(0, 9, size), np.full(size, 2.5)):
        values = values.astype(dtype)
        assert median(values) == float(np.median(values))
        assert median(list(values)) == float(np.median(list(values)))


def test_median_of_floats_with_a_nan_is_nan_and_imports_no_masked_arrays() -> None:
    assert np.isnan(median([1.0, np.nan, 3.0]))
    code = ("import sys\nfrom referee.quantiles import median\n"
            "median([3.0, 1.5, 2.25, 8.0])\nprint('numpy.ma' in sys.modules)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "False"


@pytest.mark.parametrize("dtype", [np.uint8, np.int32])
def test_column_medians_match_numpy(dtype) -> None:
    rng = np.random.default_rng(11)
    for n in (1, 2, 3, 4, 7, 64, 301):
        for _ in range(20):
            rows = rng.integers(0, 256, (n, 3)).astype(dtype)
            want = np.median(rows, axis=0)
            got = column_medians(rows)
            assert got.dtype == want.dtype and np.array_equal(got, want)


def test_column_medians_refuse_what_numpy_would_answer_otherwise() -> None:
    for bad in (np.zeros((0, 3), np.uint8), np.zeros((4, 3), np.float32),
                np.zeros(5, np.uint8)):
        with pytest.raises(ValueError):
            column_medians(bad)

"""The art's colour-channel reductions give numpy's own values exactly (the look-alike
votes' verdicts must not move by a rounding)."""

import numpy as np

from referee.asterion.art.photometry import (
    channel_max,
    channel_mean,
    channel_min,
    channel_sum,
    medians_by_channel,
    px_length,
)


def test_channel_reductions_equal_numpys() -> None:
    rng = np.random.default_rng(7)
    for dtype in (np.float32, np.float64):
        for shape in ((37, 41, 3), (500, 3)):
            v = (rng.random(shape) * 300.0 - 20.0).astype(dtype)
            assert np.array_equal(channel_sum(v), v.sum(axis=-1))
            assert np.array_equal(channel_mean(v), v.mean(axis=-1))
            assert channel_mean(v).dtype == v.mean(axis=-1).dtype
            assert np.array_equal(channel_max(v), v.max(axis=-1))
            assert np.array_equal(channel_min(v), v.min(axis=-1))


def test_a_px_length_and_the_channels_medians_equal_numpys() -> None:
    rng = np.random.default_rng(11)
    for shape in ((37, 41, 3), (1, 5, 3)):
        v = (rng.random(shape) * 300.0 - 150.0).astype(np.float32)
        want = np.linalg.norm(v, axis=2)
        assert np.allclose(px_length(v), want, rtol=1e-6)
        assert np.array_equal(px_length(v), np.sqrt((v * v).sum(axis=2)))
    for n in (1, 2, 30, 501, 1000):
        px = np.round(rng.random((n, 3)) * 255.0).astype(np.float32)   # ties, as in a photo
        want, got = np.median(px, axis=0), medians_by_channel(px)
        assert got.dtype == want.dtype and np.array_equal(got, want)

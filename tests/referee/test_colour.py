"""Shared colour helpers (referee/colour.py)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from referee.colour import channel_gains


@pytest.mark.parametrize("gain", [np.array([1.13, 0.97, 0.88], np.float32),
                                  np.array([0.5, 1.0, 1.9], np.float32),
                                  np.array([1.07, 0.93, 1.01])])
def test_channel_gains_give_the_bytes_of_scaling_every_px(gain):
    """Looking each channel's levels up gives what scaling every px in float gives,
    rounding and clipping included (a gain past 1 saturates the brightest)."""
    bgr = np.random.default_rng(3).integers(0, 256, (40, 50, 3), dtype=np.uint8)
    want = cv2.convertScaleAbs(bgr.astype(np.float32) * gain.reshape(1, 1, 3))
    got = channel_gains(bgr, gain)
    assert got.dtype == np.uint8 and np.array_equal(got, want)
    assert ((got == 255) & (bgr < 255)).any()          # some levels were clipped

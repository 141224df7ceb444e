"""The overlay's faded photo (`referee.overlay.view_of` and `faded`): each photo pixel lands
where the view says, on the resized crop `view_of` chooses as on any other view's warp."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from referee.geometry import project
from referee.image import scaling
from referee.overlay import MAX_SIDE, faded, view_of


def _dots(h: int, w: int, at: list[tuple[int, int]]) -> np.ndarray:
    """A black photo with round white dots (a blur of 4 px) centred on `at` (photo px):
    smooth, so their centre is seen to a tenth of a pixel after any resampling."""
    ys, xs = np.mgrid[-20:21, -20:21]
    dot = np.round(255 * np.exp(-(xs ** 2 + ys ** 2) / (2 * 4.0 ** 2))).astype(np.uint8)
    photo = np.zeros((h, w, 3), np.uint8)
    for x, y in at:
        photo[y - 20:y + 21, x - 20:x + 21] = dot[..., None]
    return photo


def _seen_at(canvas: np.ndarray, near: np.ndarray, radius: int = 30) -> np.ndarray:
    """The centre of the bright pixels around `near` (canvas px)."""
    x0, y0 = (int(v) - radius for v in near)
    patch = canvas[max(y0, 0):y0 + 2 * radius, max(x0, 0):x0 + 2 * radius, 0].astype(float)
    weight = np.clip(patch - 115, 0, None)         # above the fade's white (45 %)
    ys, xs = np.mgrid[:patch.shape[0], :patch.shape[1]]
    return np.array([(xs * weight).sum(), (ys * weight).sum()]) / weight.sum() + \
        [max(x0, 0), max(y0, 0)]


@pytest.mark.parametrize(("h", "w", "scale"), [(2448, 3264, 1.0), (3000, 4000, 0.5),
                                               (300, 400, 1.0), (999, 1501, 0.7)])
def test_a_photo_pixel_lands_where_the_view_puts_it(h: int, w: int, scale: float) -> None:
    dots = [(w // 5, h // 4), (w // 2, h // 2), (4 * w // 5, 3 * h // 4)]
    photo = _dots(h, w, dots)                       # original px
    image = cv2.warpAffine(photo, scaling(scale)[:2], (round(w * scale), round(h * scale)))
    side = w / 8
    outlines = [np.array([[x - side, y - side], [x + side, y - side], [x + side, y + side],
                          [x - side, y + side]]) for x, y in dots]
    view, size = view_of(image, scale, outlines, [])
    canvas = faded(image, scale, view, size)
    assert canvas.shape[1::-1] == size and max(size) <= MAX_SIDE
    for dot in dots:
        where = project(view, np.array([dot], float))[0]
        assert np.abs(_seen_at(canvas, where) - where).max() < 0.15


def test_a_view_off_the_pixel_grid_is_warped_as_it_says() -> None:
    photo = _dots(300, 400, [(100, 150), (250, 100)])
    view = np.array([[1.7, 0, -23.3], [0, 1.7, -11.9], [0, 0, 1.0]])
    canvas = faded(photo, 1.0, view, (500, 400))
    for dot in [(100, 150), (250, 100)]:
        where = project(view, np.array([dot], float))[0]
        assert np.abs(_seen_at(canvas, where) - where).max() < 0.15

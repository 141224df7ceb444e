"""The overlay's PNG writer (`referee.png.png_bytes`): any reader decodes the very pixels
it was given, and the same pixels give the same bytes."""

from __future__ import annotations

import io
import sys
import zlib

import cv2
import numpy as np
import pytest
from PIL import Image

from referee.errors import OverlayError
from referee.overlay import write_overlay
from referee.png import png_bytes


def _noisy(shape: tuple[int, ...]) -> np.ndarray:
    return np.random.default_rng(7).integers(0, 256, shape, dtype=np.uint8)


@pytest.mark.parametrize("shape", [(37, 53, 3), (37, 53), (37, 53, 4), (1, 1, 3), (2, 1, 3),
                                   (131, 53, 3), (130, 17)])
def test_opencv_and_pillow_read_back_the_same_pixels(shape) -> None:
    image = _noisy(shape)
    data = png_bytes(image)
    assert np.array_equal(cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_UNCHANGED),
                          image)
    assert zlib.decompress(data[data.index(b"IDAT") + 4:])      # its Adler-32 checked
    pil = Image.open(io.BytesIO(data))
    pil.verify()                                 # every chunk's CRC and the stream's end
    rgb = np.asarray(Image.open(io.BytesIO(data)))
    colour = {3: cv2.COLOR_RGB2BGR, 4: cv2.COLOR_RGBA2BGRA}
    as_stored = cv2.cvtColor(rgb, colour[shape[2]]) if len(shape) == 3 else rgb
    assert np.array_equal(as_stored, image)


def test_the_same_pixels_give_the_same_bytes_and_a_photo_compresses() -> None:
    gradient = np.tile(np.arange(200, dtype=np.uint8)[:, None, None], (1, 300, 3))
    assert png_bytes(gradient) == png_bytes(gradient.copy())
    assert len(png_bytes(gradient)) < gradient.size / 20


def test_without_isa_l_zlib_writes_the_same_pixels(monkeypatch: pytest.MonkeyPatch) -> None:
    image = _noisy((301, 211, 3))
    monkeypatch.setitem(sys.modules, "isal", None)      # `from isal import ...` fails
    data = png_bytes(image)
    assert zlib.decompress(data[data.index(b"IDAT") + 4:])      # a whole zlib stream
    Image.open(io.BytesIO(data)).verify()
    assert np.array_equal(cv2.imdecode(np.frombuffer(data, np.uint8), cv2.IMREAD_COLOR), image)


@pytest.mark.parametrize("image", [np.zeros((4, 4, 3), np.float32), np.zeros((4, 4, 2), np.uint8),
                                   np.zeros((0, 4, 3), np.uint8)])
def test_what_png_cannot_hold_is_an_overlay_error(image) -> None:
    with pytest.raises(OverlayError):
        png_bytes(image)


def test_write_overlay_writes_png_and_jpeg_by_extension(tmp_path) -> None:
    image = _noisy((20, 30, 3))
    write_overlay(tmp_path / "a.png", image)
    write_overlay(tmp_path / "a.JPG", image)
    assert cv2.imread(str(tmp_path / "a.png")).tolist() == image.tolist()
    assert (tmp_path / "a.JPG").read_bytes()[:2] == b"\xff\xd8"
    with pytest.raises(OverlayError):
        write_overlay(tmp_path / "a.gif", image)

"""Loading photos: formats, EXIF orientation, the reduced working copy, bad input."""

from __future__ import annotations

import io
import struct
import subprocess
import sys
import threading
import zlib

import cv2
import numpy as np
import pytest
from PIL import Image, ImageOps

from referee import image
from referee.errors import BadPhoto
from referee.image import MAX_PIXELS, load_photo, read_image


def _marked(w: int = 400, h: int = 300) -> np.ndarray:
    """A grey BGR image with a red block in its top-left corner (shows any turn)."""
    image = np.full((h, w, 3), 128, np.uint8)
    image[: h // 4, : w // 4] = (0, 0, 255)
    return image


def _jpeg(image: np.ndarray, orientation: int | None = None, quality: int = 90) -> bytes:
    pil = Image.fromarray(cv2.cvtColor(image, cv2.COLOR_BGR2RGB))
    buffer = io.BytesIO()
    exif = Image.Exif()
    if orientation:
        exif[0x0112] = orientation
    pil.save(buffer, "JPEG", quality=quality, exif=exif.tobytes())
    return buffer.getvalue()


def test_jpeg_png_path_and_array_read_the_same(tmp_path):
    image = _marked()
    ok, png = cv2.imencode(".png", image)
    assert ok
    path = tmp_path / "photo.png"
    path.write_bytes(png.tobytes())
    for source in (png.tobytes(), path, str(path), image):
        photo = load_photo(source)
        assert photo.size == (400, 300) and photo.scale == 1.0
        assert np.array_equal(photo.image, image)
    from_jpeg = load_photo(_jpeg(image)).image
    assert np.abs(from_jpeg.astype(int) - image).mean() < 3


@pytest.mark.parametrize(("orientation", "red_corner"), [(1, "tl"), (3, "br"), (6, "tr"),
                                                         (8, "bl")])
def test_exif_orientation_is_honoured(orientation, red_corner):
    photo = load_photo(_jpeg(_marked(), orientation))
    w, h = (300, 400) if orientation in (6, 8) else (400, 300)
    assert photo.size == (w, h) and photo.image.shape[:2] == (h, w)
    img = photo.image
    corners = {"tl": img[5, 5], "tr": img[5, w - 6], "br": img[h - 6, w - 6],
               "bl": img[h - 6, 5]}
    for name, pixel in corners.items():
        assert (pixel[2] > 200) == (name == red_corner), (name, pixel)


def test_a_big_jpeg_is_decoded_reduced_and_the_full_size_on_demand():
    image = cv2.resize(_marked(), (4400, 3300), interpolation=cv2.INTER_NEAREST)
    photo = load_photo(_jpeg(image, orientation=6))
    assert photo.size == (3300, 4400)
    assert photo.scale == pytest.approx(0.5, abs=0.01)
    assert photo.image.shape[:2] == (2200, 1650)
    full = photo.full()
    assert full.shape[:2] == (4400, 3300) and full[10, 3290][2] > 200   # red at top right
    assert read_image(_jpeg(image)).shape[:2] == (3300, 4400)


def test_the_full_resolution_of_a_photo_read_once_is_the_same_pixels():
    # decoded again by OpenCV (faster: the 12 MP p50 counts), upright JPEGs only
    rng = np.random.default_rng(2)
    image = cv2.resize(rng.integers(0, 255, (330, 440, 3), np.uint8), (4400, 3300))
    data = _jpeg(image)
    photo = load_photo(data)
    assert photo.scale < 1.0
    full = photo.at_full_resolution()
    assert full.scale == 1.0 and full.size == photo.size
    assert np.array_equal(full.image, read_image(data))
    turned = load_photo(_jpeg(image, orientation=6)).at_full_resolution()
    assert turned.image.shape[:2] == (4400, 3300)


def test_heic_is_read():
    pillow_heif = pytest.importorskip("pillow_heif")
    rgb = cv2.cvtColor(_marked(), cv2.COLOR_BGR2RGB)
    heif = pillow_heif.from_bytes(mode="RGB", size=(400, 300), data=rgb.tobytes())
    buffer = io.BytesIO()
    try:
        heif.save(buffer, quality=90)
    except Exception as exc:  # pragma: no cover - a build without an encoder
        pytest.skip(f"no HEIF encoder: {exc}")
    photo = load_photo(buffer.getvalue())
    assert photo.size == (400, 300) and photo.image[5, 5][2] > 180


def _png_header(width: int, height: int) -> bytes:
    """A PNG whose header claims width x height (and whose pixels are missing)."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    ihdr = struct.pack(">IIBBBBB", width, height, 8, 2, 0, 0, 0)
    return b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr) + chunk(b"IEND", b"")


@pytest.mark.parametrize(("data", "words"), [
    (b"hello, this is not a photo", "not an image"),
    (b"", "empty"),
    (_png_header(9000, 9000), "81 MP"),
    (_png_header(100000, 100000), "too large"),
])
def test_bad_input_is_one_clear_line(data, words):
    with pytest.raises(BadPhoto) as info:
        load_photo(data)
    message = str(info.value)
    assert words in message and "\n" not in message


def test_truncated_and_missing_files(tmp_path):
    data = _jpeg(cv2.resize(_marked(), (800, 600)))
    with pytest.raises(BadPhoto, match="truncated"):
        load_photo(data[: len(data) // 2])
    with pytest.raises(BadPhoto, match="no such file"):
        load_photo(tmp_path / "nope.jpg")
    with pytest.raises(BadPhoto, match="folder"):
        load_photo(tmp_path)


@pytest.mark.parametrize("mode", ["RGB", "L", "CMYK"])
def test_a_whole_jpeg_reads_as_pillow_decodes_it(mode):
    # an upright colour or gray JPEG is decoded by OpenCV: the very pixels of Pillow's
    image = cv2.resize(_marked(), (640, 480))
    image[::7] = (30, 200, 90)
    buffer = io.BytesIO()
    Image.fromarray(cv2.cvtColor(image, cv2.COLOR_BGR2RGB)).convert(mode).save(buffer, "JPEG")
    pillows = np.asarray(Image.open(io.BytesIO(buffer.getvalue())).convert("RGB"))
    assert np.array_equal(load_photo(buffer.getvalue()).image,
                          cv2.cvtColor(pillows, cv2.COLOR_RGB2BGR))


@pytest.mark.parametrize("orientation", [1, 6])
def test_a_big_jpeg_reduced_reads_as_pillows_draft(orientation):
    # decoded at half size by OpenCV: the very pixels of Pillow's DCT-scaled draft, turned
    rng = np.random.default_rng(3)
    image = cv2.resize(rng.integers(0, 255, (301, 401, 3), np.uint8), (4401, 3301))
    data = _jpeg(image, orientation)
    pil = Image.open(io.BytesIO(data))
    pil.draft("RGB", (4401 // 2, 3301 // 2))
    pillows = cv2.cvtColor(np.asarray(ImageOps.exif_transpose(pil).convert("RGB")),
                           cv2.COLOR_RGB2BGR)
    photo = load_photo(data)
    assert photo.scale < 1.0 and photo.image.shape == pillows.shape == (
        (2201, 1651, 3) if orientation == 6 else (1651, 2201, 3))
    assert photo.size == ((3301, 4401) if orientation == 6 else (4401, 3301))
    assert np.array_equal(photo.image, pillows)


def test_a_big_jpeg_is_read_without_pillow(tmp_path):
    path = tmp_path / "big.jpg"
    path.write_bytes(_jpeg(cv2.resize(_marked(), (4400, 3300)), orientation=6))
    probe = ("import sys; from referee.image import load_photo; "
             f"photo = load_photo({str(path)!r}); "
             "print(photo.scale, photo.size, 'PIL' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True,
                          check=True)
    assert done.stdout.split() == ["0.5", "(3300,", "4400)", "False"]


@pytest.mark.parametrize("tail", [b"", b"a phone's own trailer", b"\xff\xd9"])
def test_a_jpeg_with_bytes_after_its_end_reads_the_same(tail):
    data = _jpeg(cv2.resize(_marked(), (800, 600)), orientation=6)
    photo = load_photo(data + tail)
    assert photo.size == (600, 800)
    assert np.array_equal(photo.image, load_photo(data).image)


def test_arrays_are_checked():
    assert load_photo(np.zeros((10, 10), np.uint8)).image.shape == (10, 10, 3)
    with pytest.raises(BadPhoto, match="8-bit"):
        load_photo(np.zeros((10, 10, 3), np.float32))
    assert MAX_PIXELS >= 50_000_000


def test_a_jpeg_decoded_ahead_is_decoded_once_and_reads_the_same(tmp_path, monkeypatch):
    path = tmp_path / "photo.jpg"
    path.write_bytes(_jpeg(_marked()))
    fresh = load_photo(path)
    on_main = []
    decode = image._opencv_jpeg

    def counted(*args):
        if threading.current_thread() is threading.main_thread():
            on_main.append(args)
        return decode(*args)

    monkeypatch.setattr(image, "_opencv_jpeg", counted)
    image.decode_ahead(path)
    ahead = load_photo(path)
    assert on_main == []                              # the thread's decoding was taken
    assert np.array_equal(ahead.image, fresh.image)
    assert (ahead.scale, ahead.size) == (fresh.scale, fresh.size)


def test_a_photo_not_the_one_decoded_ahead_is_decoded_itself(tmp_path, capfd):
    first, other = tmp_path / "a.jpg", tmp_path / "b.jpg"
    first.write_bytes(_jpeg(_marked()))
    other.write_bytes(_jpeg(_marked(300, 200)))
    image.decode_ahead(first)
    assert load_photo(other).size == (300, 200)
    image.decode_ahead(tmp_path / "missing.jpg")      # nothing to read: nothing kept or said
    assert load_photo(first).size == (400, 300)
    first.write_bytes(b"not a photo")                 # read ahead: the reading still says so
    image.decode_ahead(first)
    with pytest.raises(BadPhoto):
        load_photo(first)
    assert capfd.readouterr().err == ""

"""Load a photo: bytes, a path or an array in, a BGR array at a working size out.

Phones make 3 to 50 MP. The markers are big (15.4 mm), so the detector works on a copy whose
long side is at least `WORK_SIDE` px; a JPEG is decoded straight at that size (libjpeg's
DCT scaling, ~4x faster than a full decode). The full resolution is decoded only if a
later stage asks for it (`Photo.full()`, to rescue small or blurred markers).

EXIF orientation is honoured (Pillow's `exif_transpose`, or OpenCV's own, the same
pixels), so a portrait iPhone photo is read the way it looks. HEIC goes through pillow-heif.
A whole colour or gray JPEG (nearly every phone photo) is read by OpenCV alone, at full size
or reduced, Pillow not even imported (`_opencv_jpeg`).
"""

from __future__ import annotations

import contextlib
import io
import threading
import warnings
from dataclasses import dataclass, field
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import cv2
import numpy as np

from pnp.inputs import MAX_PHOTO_BYTES, InputError, read_bytes
from referee.errors import BadPhoto

if TYPE_CHECKING:
    from PIL import Image

MAX_PIXELS = 60_000_000       # a 50 MP phone photo fits; a decompression bomb does not
WORK_SIDE = 2000              # px: the detector's copy has at least this long a side

PhotoInput = bytes | str | Path | np.ndarray
JPEG_START, JPEG_END = b"\xff\xd8", b"\xff\xd9"     # a JPEG's start and end-of-image markers
JPEG_FRAMES = (0xC0, 0xC1, 0xC2)    # the frame headers of baseline and progressive JPEGs
JPEG_OTHER_FRAMES = (0xC3, 0xC5, 0xC6, 0xC7, 0xC9, 0xCA, 0xCB, 0xCD, 0xCE, 0xCF)
JPEG_LONE = (0x01, *range(0xD0, 0xD8))     # markers without a length


@dataclass
class Photo:
    image: np.ndarray                    # BGR working copy (uint8)
    scale: float                         # working px per original px (1, 1/2, 1/4, 1/8)
    size: tuple[int, int]                # original (width, height), after EXIF orientation
    _source: PhotoInput | None = field(default=None, repr=False)
    _full: np.ndarray | None = field(default=None, repr=False)
    _grey: np.ndarray | None = field(default=None, repr=False)

    def grey(self) -> np.ndarray:
        """The working copy in grey (converted on first use: once a photo, not once a
        look)."""
        if self._grey is None:
            self._grey = (self.image if self.image.ndim == 2
                          else cv2.cvtColor(self.image, cv2.COLOR_BGR2GRAY))
        return self._grey

    def full(self) -> np.ndarray:
        """The photo at its original resolution (decoded on first use)."""
        if self._full is None:
            if self.scale == 1.0:
                self._full = self.image
            else:
                # (its bytes decoded once already: complete, not truncated)
                self._full = _decode(self._source, reduce=1, checked=True)[0]
        return self._full

    def at_full_resolution(self) -> Photo:
        """This photo with its full resolution as the working copy."""
        full = self.full()
        return Photo(full, 1.0, self.size, self._source, full)


def scaling(scale: float) -> np.ndarray:
    """3x3 map from original photo px to px of a copy scaled by `scale` (pixel centres)."""
    off = 0.5 * scale - 0.5
    return np.array([[scale, 0.0, off], [0.0, scale, off], [0.0, 0.0, 1.0]])


def load_photo(photo: PhotoInput, work_side: int = WORK_SIDE) -> Photo:
    """Read `photo` (JPEG/PNG/HEIC bytes or path, or a BGR/gray array); raise BadPhoto with
    one clear line if it cannot be a photo of a table."""
    if isinstance(photo, np.ndarray):
        image = _check_array(photo)
        h, w = image.shape[:2]
        reduce = _reduction(w, h, work_side)
        work = image if reduce == 1 else cv2.resize(
            image, (w // reduce, h // reduce), interpolation=cv2.INTER_AREA)
        return Photo(work, work.shape[1] / w, (w, h), None, image)
    data = _read_bytes(photo)
    image, size, reduce = _decode(data, reduce=None, work_side=work_side)
    scale = image.shape[1] / size[0]
    return Photo(image, scale, size, data, image if reduce == 1 else None)


def read_image(photo: PhotoInput) -> np.ndarray:
    """The whole photo at full resolution, BGR, EXIF orientation applied."""
    if isinstance(photo, np.ndarray):
        return _check_array(photo)
    return _decode(_read_bytes(photo), reduce=1)[0]


def _check_array(image: np.ndarray) -> np.ndarray:
    if image.ndim == 2:
        image = cv2.cvtColor(image, cv2.COLOR_GRAY2BGR)
    if image.ndim != 3 or image.shape[2] not in (3, 4) or min(image.shape[:2]) < 1:
        raise BadPhoto(f"not an image array (shape {image.shape})")
    if image.shape[2] == 4:
        image = cv2.cvtColor(image, cv2.COLOR_BGRA2BGR)
    if image.dtype != np.uint8:
        raise BadPhoto(f"image array must be 8-bit (uint8), not {image.dtype}")
    if image.shape[0] * image.shape[1] > MAX_PIXELS:
        raise BadPhoto(_too_big(image.shape[1], image.shape[0]))
    return image


def _read_bytes(photo: PhotoInput) -> bytes:
    if isinstance(photo, bytes | bytearray | memoryview):
        data = bytes(photo)
        if len(data) > MAX_PHOTO_BYTES:
            raise BadPhoto(f"{len(data) >> 20} MB is too large for a photo (at most "
                           f"{MAX_PHOTO_BYTES >> 20} MB)")
    else:
        try:  # the shared bounded reader: regular files only, size checked first
            data = read_bytes(Path(photo), MAX_PHOTO_BYTES, "photo")
        except InputError as exc:
            raise BadPhoto(str(exc)) from None
    if not data:
        raise BadPhoto("empty file (0 bytes)")
    return data


def _too_big(w: int, h: int) -> str:
    return (f"the photo is {w} x {h} px ({w * h / 1e6:.0f} MP); the referee reads photos "
            f"up to {MAX_PIXELS // 1_000_000} MP")


def _reduction(w: int, h: int, work_side: int) -> int:
    """The largest of 1, 2, 4, 8 that keeps the long side at least `work_side` px."""
    reduce = 1
    while reduce < 8 and max(w, h) / (reduce * 2) >= work_side:
        reduce *= 2
    return reduce


def _jpeg_frame(data: bytes) -> tuple[int, int, int] | None:
    """(width, height, components) of a baseline or progressive JPEG, from the frame
    header before its scan; None for anything else."""
    if not data.startswith(JPEG_START):
        return None
    at = 2
    while at + 4 <= len(data) and data[at] == 0xFF:
        marker = data[at + 1]
        if marker == 0xFF:                  # a fill byte
            at += 1
            continue
        if marker in JPEG_LONE:
            at += 2
            continue
        if marker in JPEG_FRAMES and at + 10 <= len(data):
            height = int.from_bytes(data[at + 5:at + 7], "big")
            width = int.from_bytes(data[at + 7:at + 9], "big")
            return width, height, data[at + 9]
        if marker == 0xDA or marker in JPEG_OTHER_FRAMES:   # the scan, or a rarer frame
            return None
        at += 2 + int.from_bytes(data[at + 2:at + 4], "big")
    return None


# OpenCV's decoding of a JPEG at 1/reduce (libjpeg's DCT scaling, as Pillow's draft mode)
_OPENCV_READ = {1: cv2.IMREAD_COLOR, 2: cv2.IMREAD_REDUCED_COLOR_2,
                4: cv2.IMREAD_REDUCED_COLOR_4, 8: cv2.IMREAD_REDUCED_COLOR_8}


def _opencv_jpeg(data: bytes, reduce: int | None, work_side: int
                 ) -> tuple[np.ndarray, tuple[int, int], int] | None:
    """`_decode`'s answer for a whole colour or gray JPEG within MAX_PIXELS: OpenCV's
    decoding with its EXIF orientation, at full size or reduced by the DCT scaling, the
    same pixels as Pillow's (draft mode, `exif_transpose`) in half the time and without
    importing Pillow. None for anything else (and for a JPEG cut short: OpenCV would decode
    it without a word), left to Pillow."""
    frame = _jpeg_frame(data)
    if frame is None or not data.endswith(JPEG_END):
        return None
    w, h, components = frame
    if components not in (1, 3) or not 0 < w * h <= MAX_PIXELS:
        return None
    reduce = reduce or _reduction(w, h, work_side)
    bgr = cv2.imdecode(np.frombuffer(data, np.uint8), _OPENCV_READ[reduce])
    scaled = (-(-w // reduce), -(-h // reduce))      # libjpeg rounds a scaled side up
    if bgr is None or sorted(bgr.shape[:2]) != sorted(scaled):
        return None
    turned = bgr.shape[:2] != (scaled[1], scaled[0])     # by its EXIF orientation
    return bgr, ((h, w) if turned else (w, h)), reduce


def _open(data: bytes) -> Image.Image:
    """Pillow's image of `data`; HEIC/HEIF (iPhones) through pillow-heif, loaded only for
    a photo Pillow cannot open alone (its import costs a JPEG's reading a third)."""
    from PIL import Image, UnidentifiedImageError

    try:
        return Image.open(io.BytesIO(data))
    except UnidentifiedImageError:
        if not _heif_registered():
            raise
        return Image.open(io.BytesIO(data))


@cache
def _heif_registered() -> bool:
    try:
        import pillow_heif
    except ImportError:  # pragma: no cover - a dependency, but keep plain JPEG/PNG working
        return False
    pillow_heif.register_heif_opener()
    return True


Decoded = tuple[np.ndarray, tuple[int, int], int]     # `_decode`'s answer


@dataclass
class _Ahead:
    """A photo decoded ahead (`decode_ahead`): the thread, then the bytes it read and
    `_opencv_jpeg`'s answer for them."""

    thread: threading.Thread | None = None
    data: bytes | None = None
    answer: Decoded | None = None


_ahead = _Ahead()


def decode_ahead(path: Path) -> None:
    """Start reading and decoding the JPEG at `path` on another thread (OpenCV lets go of
    the GIL while it decodes), so that a run about to read it decodes while it starts up.
    `_decode` takes the answer when it is handed the very same bytes and decodes itself
    otherwise; a file that cannot be read leaves nothing."""
    global _ahead
    ahead = _ahead = _Ahead()

    def work() -> None:
        # any failure is the reading's own to report, once, when it decodes the photo
        with contextlib.suppress(Exception):
            data = _read_bytes(path)
            ahead.data, ahead.answer = data, _opencv_jpeg(data, None, WORK_SIDE)

    # not a daemon: a run that ends before taking the answer (a bad option) waits for the
    # decode at exit, rather than the interpreter finalising under OpenCV's running code
    ahead.thread = threading.Thread(target=work, daemon=False)
    ahead.thread.start()


def _decoded_ahead(data: bytes, reduce: int | None, work_side: int) -> Decoded | None:
    """The answer decoded ahead for `data`, taken once; None if there is none for it."""
    global _ahead
    kept, _ahead = _ahead, _Ahead()
    if kept.thread is not None:
        kept.thread.join()
    if reduce is not None or work_side != WORK_SIDE or kept.data != data:
        return None
    return kept.answer


def _decode(data: bytes | PhotoInput | None, reduce: int | None,
            work_side: int = WORK_SIDE, checked: bool = False
            ) -> tuple[np.ndarray, tuple[int, int], int]:
    """(BGR image, original size after orientation, reduction used). A colour or gray JPEG
    stored upright and whole (`checked`: decoded once already; or ending in its end-of-image
    marker) is decoded by OpenCV, the same pixels as Pillow's in 60 % of the time (a 12 MP
    photo: 0.07 s, not 0.12 s); OpenCV decodes a truncated JPEG without a word, so one cut
    short is left to Pillow, which says so."""
    assert isinstance(data, bytes)
    quick = _decoded_ahead(data, reduce, work_side) or _opencv_jpeg(data, reduce, work_side)
    if quick is not None:
        return quick
    from PIL import Image, ImageOps, UnidentifiedImageError

    try:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", Image.DecompressionBombWarning)
            im = _open(data)
            w, h = im.size
    except UnidentifiedImageError:
        raise BadPhoto("not an image (expected a JPEG, PNG or HEIC photo)") from None
    except (Image.DecompressionBombError, Image.DecompressionBombWarning):
        raise BadPhoto("the photo's dimensions are too large to be a phone photo") from None
    except (OSError, ValueError, SyntaxError) as exc:
        raise BadPhoto(f"cannot read the photo: {exc}") from None
    if w < 1 or h < 1:
        raise BadPhoto(f"the photo has no pixels ({w} x {h})")
    if w * h > MAX_PIXELS:
        raise BadPhoto(_too_big(w, h))
    if reduce is None:
        reduce = _reduction(w, h, work_side)
    try:
        orientation = im.getexif().get(0x0112, 1)
    except Exception:  # a broken EXIF block: read the pixels as stored
        orientation = 1
    whole = checked or data.endswith(JPEG_END)
    if (whole and reduce == 1 and im.format == "JPEG" and im.mode in ("RGB", "L")
            and orientation == 1):
        bgr = cv2.imdecode(np.frombuffer(data, np.uint8),
                           cv2.IMREAD_COLOR | cv2.IMREAD_IGNORE_ORIENTATION)
        if bgr is not None and bgr.shape[:2] == (h, w):
            return bgr, (w, h), 1
    try:
        if reduce > 1 and im.format == "JPEG":
            # DCT scaling: decode at 1/reduce directly (may land a little larger).
            im.draft("RGB", (w // reduce, h // reduce))
        im.load()
        if orientation != 1:
            im = ImageOps.exif_transpose(im)
        if im.mode != "RGB":
            im = im.convert("RGB")
        rgb = np.asarray(im)
    except (OSError, ValueError, SyntaxError) as exc:
        raise BadPhoto(f"truncated or corrupt image ({exc})") from None
    if orientation in (5, 6, 7, 8):      # turned a quarter: width and height swap
        w, h = h, w
    target = (max(1, round(w / reduce)), max(1, round(h / reduce)))
    if rgb.shape[1] > target[0] * 1.05:  # not reduced by the decoder (PNG, HEIC)
        rgb = cv2.resize(rgb, target, interpolation=cv2.INTER_AREA)
    return cv2.cvtColor(rgb, cv2.COLOR_RGB2BGR), (w, h), reduce

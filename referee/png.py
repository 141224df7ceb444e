"""PNG files written fast: the overlay's 2000 px faded photo hardly compresses, so its
rows are filtered "up" and deflated at ISA-L's fastest level."""

from __future__ import annotations

import struct
import zlib
from typing import Any

import cv2
import numpy as np

from referee.errors import OverlayError

# PNG colour types by channels: gray, BGR (written RGB), BGRA (written RGBA)
_PNG_COLOUR = {1: (0, None), 3: (2, cv2.COLOR_BGR2RGB), 4: (6, cv2.COLOR_BGRA2RGBA)}


def png_bytes(image: np.ndarray) -> bytes:
    """An 8-bit gray, BGR or BGRA image as PNG: every row filtered "up" and deflated at
    ISA-L's fastest level. A faded photo hardly compresses, and zlib's fastest level took a
    quarter of a referee run on the 2000 px overlay; ISA-L makes a file of the same size in
    a quarter of the time. Same pixels, same bytes every time."""
    if image.dtype != np.uint8 or image.ndim not in (2, 3):
        raise OverlayError(f"cannot write a {image.dtype} image of shape {image.shape} as PNG")
    channels = 1 if image.ndim == 2 else image.shape[2]
    if channels not in _PNG_COLOUR or min(image.shape[:2]) < 1:
        raise OverlayError(f"cannot write an image of shape {image.shape} as PNG")
    colour_type, conversion = _PNG_COLOUR[channels]
    h, w = image.shape[:2]
    header = struct.pack(">IIBBBBB", w, h, 8, colour_type, 0, 0, 0)
    return b"".join([b"\x89PNG\r\n\x1a\n", _chunk(b"IHDR", header),
                     _chunk(b"IDAT", _deflated_rows(image, conversion)), _chunk(b"IEND", b"")])


def _deflated_rows(image: np.ndarray, conversion: int | None) -> bytes:
    """The rows filtered "up" (each minus the row above, the first as it is), as one zlib
    stream."""
    rows = (image if conversion is None else cv2.cvtColor(image, conversion)).reshape(
        image.shape[0], -1)
    filtered = np.empty((rows.shape[0], rows.shape[1] + 1), np.uint8)
    filtered[:, 0] = 2                                  # filter type 2, "up"
    filtered[0, 1:] = rows[0]
    np.subtract(rows[1:], rows[:-1], out=filtered[1:, 1:])
    return _engine().compress(filtered, 1)


def _engine() -> Any:
    try:
        from isal import isal_zlib
    except ImportError:          # a platform without ISA-L's wheel: zlib, slower, same pixels
        return zlib
    return isal_zlib


def _chunk(kind: bytes, data: bytes) -> bytes:
    engine = _engine()
    crc = engine.crc32(data, engine.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

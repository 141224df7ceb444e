"""PNG files written fast: the overlay's 2000 px faded photo hardly compresses, so its
rows are filtered "up" and deflated at ISA-L's fastest level, the two halves on two threads
as one zlib stream."""

from __future__ import annotations

import struct
import threading
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
    a quarter of the time. The top and bottom halves are filtered and deflated on two
    threads (each lets go of the GIL), as one zlib stream: the first half's deflate ends on
    a byte boundary, not last, and the second's follows it. Same pixels, same bytes every
    time."""
    if image.dtype != np.uint8 or image.ndim not in (2, 3):
        raise OverlayError(f"cannot write a {image.dtype} image of shape {image.shape} as PNG")
    channels = 1 if image.ndim == 2 else image.shape[2]
    if channels not in _PNG_COLOUR or min(image.shape[:2]) < 1:
        raise OverlayError(f"cannot write an image of shape {image.shape} as PNG")
    colour_type, conversion = _PNG_COLOUR[channels]
    h, w = image.shape[:2]
    bounds = [0, h // 2, h] if h > 1 else [0, h]
    parts: list[tuple[bytes, int, int]] = [(b"", 1, 0)] * (len(bounds) - 1)

    def encode(k: int) -> None:
        parts[k] = _deflated_rows(image, bounds[k], bounds[k + 1], conversion,
                                  last=k == len(parts) - 1)

    helper = threading.Thread(target=encode, args=(len(parts) - 1,))
    helper.start()
    for k in range(len(parts) - 1):
        encode(k)
    helper.join()
    adler = parts[0][1]
    for _, checksum, size in parts[1:]:
        adler = _adler32_combine(adler, checksum, size)
    stream = b"\x78\x01" + b"".join(p[0] for p in parts) + struct.pack(">I", adler)
    header = struct.pack(">IIBBBBB", w, h, 8, colour_type, 0, 0, 0)
    return b"".join([b"\x89PNG\r\n\x1a\n", _chunk(b"IHDR", header),
                     _chunk(b"IDAT", stream), _chunk(b"IEND", b"")])


def _deflated_rows(image: np.ndarray, top: int, end: int, conversion: int | None,
                   last: bool) -> tuple[bytes, int, int]:
    """Rows top..end-1 filtered "up" (each minus the row above, the image's first as it
    is) and raw-deflated, the last part finished; with their Adler-32 and length."""
    above = max(top - 1, 0)
    block = image[above:end]
    rows = (block if conversion is None else cv2.cvtColor(block, conversion)).reshape(
        end - above, -1)
    filtered = np.empty((end - top, rows.shape[1] + 1), np.uint8)
    filtered[:, 0] = 2                                  # filter type 2, "up"
    if top == 0:
        filtered[0, 1:] = rows[0]
    np.subtract(rows[1:], rows[:-1], out=filtered[1 if top == 0 else 0:, 1:])
    engine = _engine()
    squeeze = engine.compressobj(1, engine.DEFLATED, -15)      # raw: no zlib header
    data = squeeze.compress(filtered) + squeeze.flush(engine.Z_FINISH if last else
                                                      engine.Z_SYNC_FLUSH)
    return data, engine.adler32(filtered), filtered.size


def _engine() -> Any:
    try:
        from isal import isal_zlib
    except ImportError:          # a platform without ISA-L's wheel: zlib, slower, same pixels
        return zlib
    return isal_zlib


def _adler32_combine(first: int, second: int, second_length: int) -> int:
    """The Adler-32 of two byte strings joined, from theirs (zlib's adler32_combine)."""
    base = 65521
    rem = second_length % base
    low = ((first & 0xFFFF) + (second & 0xFFFF) - 1) % base
    high = (rem * (first & 0xFFFF) + (first >> 16) + (second >> 16) - rem) % base
    return low | high << 16


def _chunk(kind: bytes, data: bytes) -> bytes:
    engine = _engine()
    crc = engine.crc32(data, engine.crc32(kind))
    return struct.pack(">I", len(data)) + kind + data + struct.pack(">I", crc)

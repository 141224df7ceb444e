"""What the referee draws from the print and keeps between runs: images (numpy arrays by
name) in the user's cache folder, under a key that changes whenever what draws them may
have changed, so a run reads them in milliseconds instead of drawing them anew.

The file: MAGIC, the length of a JSON index (8 bytes, little-endian), the index (each
image's name, dtype, shape and where its bytes start) and the images' bytes, mapped into
memory (no copy, no zipfile to import).

The key: a name and parameters from the caller, the identity (name, size, modification
time) of every file of the `pnp` package, the layouts and the fonts, the Python version,
and that of the drawing libraries. (Not the files' content: reading 1.3 MB of sources
took longer than reading the images; an edit, a checkout or an install changes a file's
time.) The folder: $PNP_CACHE_DIR, else $XDG_CACHE_HOME/pnp, else
~/.cache/pnp. A cache that cannot be read or written is no cache: the images are drawn.
"""

from __future__ import annotations

import contextlib
import importlib.util
import json
import mmap
import os
import sys
from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np

from pnp.fileio import cache_dir, sha256

Images = dict[str, np.ndarray]
LIBRARIES = ("reportlab", "pypdfium2", "PIL", "numpy", "cv2")
MAGIC = b"pnp images 1\n"
SUFFIX = ".images"
KEPT = 3            # versions of one name's images kept in the cache folder


@cache
def _sources_digest() -> str:
    """The identity of everything in this checkout that draws the print."""
    import pnp
    from pnp.layouts import fonts_dir, layouts_dir

    digest = sha256(sys.version.encode())
    digest.update(files_identity([Path(pnp.__file__).parent, layouts_dir(), fonts_dir()]))
    for name in LIBRARIES:
        spec = importlib.util.find_spec(name)
        origin = Path(spec.origin) if spec and spec.origin else None
        if origin is not None and origin.exists():
            stat = origin.stat()
            digest.update(f"{name} {origin} {stat.st_size} {stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:32]


def files_identity(roots: list[Path]) -> bytes:
    """Every file's name (under its root), size and modification time, under `roots`."""
    parts = []
    for k, root in enumerate(roots):
        parts += [f"{k} {name} {size} {mtime}\n" for name, size, mtime in _files(str(root))]
    return "".join(parts).encode()


def _files(root: str, under: str = "") -> list[tuple[str, int, int]]:
    """(name under `root`, size, modification time in ns) of every file under `root` but
    Python's bytecode, sorted by name (os.scandir and plain strings: a third of the time
    os.walk and Path objects took, which a referee run paid on every start)."""
    found = []
    with os.scandir(os.path.join(root, under)) as entries:
        for entry in entries:
            name = f"{under}/{entry.name}" if under else entry.name
            if entry.is_dir(follow_symlinks=True):
                if entry.name != "__pycache__":
                    found += _files(root, name)
            else:
                stat = entry.stat()
                found.append((name, stat.st_size, stat.st_mtime_ns))
    return sorted(found)


def drawn_once(name: str, draw: Callable[[], Images], version: str = "") -> Images:
    """`draw()`'s images, from the cache when this version drew them before under `name`
    (which must say every parameter of `draw`); drawn and kept otherwise. `version`: what
    else `draw` depends on beyond this checkout's printing sources (its own code's
    identity), part of the file's name; the KEPT newest versions of `name` stay."""
    path = cache_dir() / f"{name}-{version}{_sources_digest()}{SUFFIX}"
    try:
        return _read(path)
    except (OSError, ValueError, KeyError, TypeError):
        pass
    images = draw()
    _keep(path, images)
    _forget_older(path, name)
    return images


def _forget_older(path: Path, name: str) -> None:
    """Remove `name`'s files but this one and the KEPT - 1 newest others: two checkouts
    (or installs) sharing a cache folder each keep theirs instead of redrawing in turn."""
    others = [p for p in path.parent.glob(f"{name}-*")
              if p != path and not p.name.endswith(".part")]
    others.sort(key=_age)
    for older in others[KEPT - 1:]:
        with contextlib.suppress(OSError):
            older.unlink()


def _read(path: Path) -> Images:
    """The images of a kept file (writable arrays); ValueError if it is not one, whole.
    The file is mapped copy-on-write, not read: a run touches only the pages of the
    images it uses, and a page it writes to becomes its own (reading the 8 MB of faces
    into memory was most of their cost). The files are only ever replaced whole
    (`_keep`), never rewritten in place, so a mapping never sees one change."""
    with path.open("rb") as handle:
        data = mmap.mmap(handle.fileno(), 0, access=mmap.ACCESS_COPY)
    start = len(MAGIC) + 8
    if data[:len(MAGIC)] != MAGIC:
        raise ValueError(f"{path} is not a file of images")
    end = start + int.from_bytes(data[len(MAGIC):start], "little")
    index = json.loads(data[start:end])
    images = {}
    for entry in index:
        dtype, shape = np.dtype(entry["dtype"]), tuple(entry["shape"])
        count = int(np.prod(shape))
        if end + entry["at"] + count * dtype.itemsize > len(data):
            raise ValueError(f"{path} is cut short")
        images[entry["name"]] = np.frombuffer(data, dtype, count,
                                              end + entry["at"]).reshape(shape)
    return images


def _keep(path: Path, images: Images) -> None:
    """Write the images whole or not at all (a temporary file renamed into place)."""
    import tempfile  # (a run that reads them does without)

    arrays = {name: np.ascontiguousarray(image) for name, image in images.items()}
    index, at = [], 0
    for name, image in arrays.items():
        index.append({"name": name, "dtype": image.dtype.str, "shape": image.shape, "at": at})
        at += image.nbytes
    header = json.dumps(index).encode()
    part = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, part = tempfile.mkstemp(dir=path.parent, suffix=".part")
        with os.fdopen(handle, "wb") as out:
            out.write(MAGIC + len(header).to_bytes(8, "little") + header)
            for image in arrays.values():
                out.write(image.data)
        os.replace(part, path)
    except OSError:
        if part is not None:
            with contextlib.suppress(OSError):
                os.unlink(part)


def _age(path: Path) -> int:
    """Nanoseconds since the file was written (gone: as old as can be)."""
    try:
        return -path.stat().st_mtime_ns
    except OSError:
        return 0

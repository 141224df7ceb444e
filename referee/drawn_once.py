"""What the referee draws from the print and keeps between runs: images (numpy arrays by
name) in the user's cache folder, under a key that changes whenever what draws them may
have changed, so a run reads them in milliseconds instead of drawing them anew.

The key: a name and parameters from the caller, the content of every file of the `pnp`
package, the layouts and the fonts, the Python version, and the identity (path, size,
time) of the drawing libraries. The folder: $PNP_CACHE_DIR, else $XDG_CACHE_HOME/pnp, else
~/.cache/pnp. A cache that cannot be read or written is no cache: the images are drawn.
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.util
import os
import sys
import tempfile
from collections.abc import Callable
from functools import cache
from pathlib import Path

import numpy as np

from pnp.fileio import cache_dir

Images = dict[str, np.ndarray]
LIBRARIES = ("reportlab", "pypdfium2", "PIL", "numpy", "cv2")


@cache
def _sources_digest() -> str:
    """The content of everything in this checkout that draws the print."""
    import pnp
    from pnp.layouts import fonts_dir, layouts_dir

    digest = hashlib.sha256(sys.version.encode())
    roots = [Path(pnp.__file__).parent, layouts_dir(), fonts_dir()]
    for root in roots:
        for path in sorted(p for p in root.rglob("*") if p.is_file()
                           and "__pycache__" not in p.parts):
            digest.update(str(path.relative_to(root)).encode())
            digest.update(path.read_bytes())
    for name in LIBRARIES:
        spec = importlib.util.find_spec(name)
        origin = Path(spec.origin) if spec and spec.origin else None
        if origin is not None and origin.exists():
            stat = origin.stat()
            digest.update(f"{name} {origin} {stat.st_size} {stat.st_mtime_ns}".encode())
    return digest.hexdigest()[:32]


def drawn_once(name: str, draw: Callable[[], Images]) -> Images:
    """`draw()`'s images, from the cache when this version drew them before under `name`
    (which must say every parameter of `draw`); drawn and kept otherwise."""
    path = cache_dir() / f"{name}-{_sources_digest()}.npz"
    try:
        with np.load(path, allow_pickle=False) as kept:
            return {key: kept[key] for key in kept.files}
    except (OSError, ValueError, KeyError):
        pass
    images = draw()
    _keep(path, images)
    for older in path.parent.glob(f"{name}-*.npz"):      # drawn by an earlier version
        if older != path:
            with contextlib.suppress(OSError):
                older.unlink()
    return images


def _keep(path: Path, images: Images) -> None:
    """Write the images whole or not at all (a temporary file renamed into place)."""
    part = None
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        handle, part = tempfile.mkstemp(dir=path.parent, suffix=".part")
        with os.fdopen(handle, "wb") as out:
            np.savez(out, **images)
        os.replace(part, path)
    except OSError:
        if part is not None:
            with contextlib.suppress(OSError):
                os.unlink(part)

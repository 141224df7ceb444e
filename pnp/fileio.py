"""Writing files safely: to a temporary file beside the target, then renamed into place.

A failed or interrupted write never leaves a half-written file under the final name.
Standard library only.
"""

from __future__ import annotations

import os
import signal
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextmanager
def _signals_held() -> Iterator[None]:
    """Hold SIGINT and SIGTERM until the block ends, so an interrupt cannot land between a
    temporary file's creation and the code that removes it on failure."""
    held = {signal.SIGINT, signal.SIGTERM}
    if not hasattr(signal, "pthread_sigmask"):          # Windows: no signal masks
        yield
        return
    before = signal.pthread_sigmask(signal.SIG_BLOCK, held)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, before)


@contextmanager
def atomic_path(path: Path) -> Iterator[Path]:
    """Yield a temporary path to write; on success it replaces `path` (mode 0666 & ~umask)."""
    path.parent.mkdir(parents=True, exist_ok=True)
    temp = ""
    try:
        with _signals_held():   # the name is kept before a signal can land: it is cleaned up
            temp = _new_file_beside(path)
        yield Path(temp)
        os.chmod(temp, 0o666 & ~_umask())
        os.replace(temp, path)
    except BaseException:
        if temp:
            Path(temp).unlink(missing_ok=True)
        raise


# how `tempfile.mkstemp` opens the file it makes: only ours, not through a link
_NEW_FILE = (os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0)
             | getattr(os, "O_BINARY", 0))


def _new_file_beside(path: Path) -> str:
    """A new empty file `.NAME.<random>.part` beside `path`, readable and writable by its
    owner only, as `tempfile.mkstemp` makes one (without importing `tempfile` and with it
    `shutil`: 4 ms of a referee run, which writes its overlay so)."""
    for _ in range(100):
        name = str(path.parent / f".{path.name}.{os.urandom(6).hex()}.part")
        try:
            os.close(os.open(name, _NEW_FILE, 0o600))
        except FileExistsError:
            continue
        return name
    raise FileExistsError(f"no free temporary name beside {path}")


def write_bytes(path: Path, data: bytes) -> None:
    with atomic_path(path) as temp:
        temp.write_bytes(data)


def write_text(path: Path, text: str) -> None:
    write_bytes(path, text.encode("utf-8"))


@contextmanager
def atomic_folder(path: Path) -> Iterator[Path]:
    """Yield a fresh temporary folder beside `path`; on success it takes `path`'s place
    (an earlier folder there is removed), on any failure or interrupt it is removed and
    `path` is left as it was: the folder is all old or all new."""
    import shutil
    import tempfile

    path.parent.mkdir(parents=True, exist_ok=True)
    temp = Path(tempfile.mkdtemp(prefix=f".{path.name}.", suffix=".part", dir=path.parent))
    try:
        yield temp
        os.chmod(temp, 0o777 & ~_umask())
        old = None
        if path.exists():
            old = Path(tempfile.mkdtemp(prefix=f".{path.name}.", suffix=".old",
                                        dir=path.parent))
            os.replace(path, old / "folder")
        try:
            os.replace(temp, path)
        except BaseException:
            if old is not None:              # put the old folder back
                os.replace(old / "folder", path)
            raise
        if old is not None:
            shutil.rmtree(old, ignore_errors=True)
    except BaseException:
        shutil.rmtree(temp, ignore_errors=True)
        raise


def cache_dir() -> Path:
    """The user's cache folder for `pnp`: $PNP_CACHE_DIR, else $XDG_CACHE_HOME/pnp, else
    ~/.cache/pnp."""
    if os.environ.get("PNP_CACHE_DIR"):
        return Path(os.environ["PNP_CACHE_DIR"])
    base = os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache"
    return Path(base) / "pnp"


def sha256(data: bytes = b"") -> Any:
    """`hashlib.sha256(data)`, the same digests, from Python's own SHA-256 module when it
    has one: `hashlib` loads OpenSSL's library first, 3 ms a run, for the cache keys that
    a referee run works out."""
    import importlib

    for own in ("_sha2", "_sha256"):                # Python 3.12 on; 3.11
        try:
            return importlib.import_module(own).sha256(data)
        except (ImportError, AttributeError):
            continue
    import hashlib

    return hashlib.sha256(data)

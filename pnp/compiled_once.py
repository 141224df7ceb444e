"""The methods `dataclasses` writes for each class (`__init__`, `__eq__`, `__hash__`, ...),
compiled once and kept between runs, as Python keeps a module's bytecode: a build defines
some fifty frozen dataclasses, six methods each, and compiling their source is an eighth
of its time.

`install()` hands `dataclasses` an `exec` that runs, for each method's source text, the
code object `compile` makes of that same text, read back (marshal) from a file in the
cache folder when an earlier run compiled it. The classes are exactly those `dataclasses`
makes: only the compiling is skipped. The file is keyed by the command (a referee run reads
none of the builds' texts) and the Python version; a missing, stale or unreadable one costs
only the compiling, and a run that compiled something new writes it again at exit. The
folder: `pnp.fileio.cache_dir()`.
"""

from __future__ import annotations

import atexit
import contextlib
import dataclasses
import marshal
import sys
from pathlib import Path
from types import CodeType
from typing import Any

from pnp.fileio import atomic_path, cache_dir

MAX_KEPT = 1500     # texts kept (all the games' builds use 500); beyond, only this run's
_codes: dict[str, CodeType] = {}      # source text -> its code object
_used: set[str] = set()               # the texts this run executed
_new: set[str] = set()                # those it compiled
_kind = "build"                       # whose store: each command reads only what it runs


def store() -> Path:
    return cache_dir() / f"dataclass-methods-{_kind}-{sys.implementation.cache_tag}.marshal"


def install(kind: str = "build") -> None:
    """From now on, every dataclass's methods come compiled from `kind`'s store (a
    command's name) when it has them, and every layout file parsed (`parsed`)."""
    global _kind
    from pnp import layouts

    _kind = kind
    _codes.update(_read())
    dataclasses.exec = _exec  # type: ignore[attr-defined]   # shadows the builtin there
    layouts.parse = parsed


def _read() -> dict[str, CodeType]:
    try:
        version, codes = marshal.loads(store().read_bytes())
    except (OSError, EOFError, ValueError, TypeError):
        return {}
    if version != sys.version or not isinstance(codes, dict):
        return {}
    return codes


def _exec(source: Any, globals: Any = None, locals: Any = None) -> None:
    """`exec(source, globals, locals)`, a source text's code object compiled once."""
    if isinstance(source, str):
        code = _codes.get(source)
        if code is None:
            # as exec compiles a text called from dataclasses: none of our __future__ flags
            code = _codes[source] = compile(source, "<string>", "exec", dont_inherit=True)
            if not _new:
                atexit.register(save)
            _new.add(source)
        _used.add(source)
        source = code
    exec(source, globals, locals)


def save() -> None:
    """Write the store anew when this run compiled a text it did not have."""
    if not _new:
        return
    kept = _codes if len(_codes) <= MAX_KEPT else {s: _codes[s] for s in _used}
    _new.clear()
    path = store()
    with contextlib.suppress(OSError):
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_path(path) as temp:
            temp.write_bytes(marshal.dumps((sys.version, kept)))


def parsed(text: bytes) -> dict[str, Any]:
    """A layout file's data (`layouts.parse_toml`), kept between runs under a digest of
    its bytes: parsing a game's three files cost a build as much as a tenth of its
    drawing."""
    from pnp.fileio import sha256
    from pnp.layouts import parse_toml

    key = sha256(text).hexdigest()[:32]
    path = cache_dir() / f"layout-{sys.implementation.cache_tag}-{key}.marshal"
    with contextlib.suppress(OSError, EOFError, ValueError, TypeError):
        kept = marshal.loads(path.read_bytes())
        if isinstance(kept, dict):
            return kept
    data = parse_toml(text)
    with contextlib.suppress(OSError, ValueError):      # ValueError: not marshal's types
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_path(path) as temp:
            temp.write_bytes(marshal.dumps(data))
    return data

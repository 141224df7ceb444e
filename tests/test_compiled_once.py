"""Dataclass methods compiled once and read back (pnp/compiled_once.py) make the same
classes as `dataclasses` alone: each run here is a fresh interpreter, as a build is."""

from __future__ import annotations

import json
import marshal
import os
import subprocess
import sys
from pathlib import Path

PROBE = """
import json, sys
if sys.argv[1] == "cached":
    from pnp import compiled_once
    compiled_once.install()
from dataclasses import FrozenInstanceError, dataclass, field, fields, replace

@dataclass(frozen=True)
class Point:
    x: float
    y: float = 0.0
    tags: tuple[str, ...] = field(default_factory=tuple)
    note: str = field(default="", compare=False, repr=False)

p = Point(1.0, tags=("a",))
seen = [repr(p), p == Point(1.0, 0.0, ("a",), "other"), hash(p) == hash(Point(1.0, tags=("a",))),
        repr(replace(p, y=2.0)), [f.name for f in fields(p)],
        repr(Point.__init__.__annotations__), Point.__init__.__code__.co_filename]
try:
    p.x = 3.0
except FrozenInstanceError as exc:
    seen.append(str(exc))
compiled = sorted(compiled_once._new) if sys.argv[1] == "cached" else None
print(json.dumps([seen, None if compiled is None else len(compiled)]))
"""


def _probe(mode: str, cache: Path) -> tuple[list, int | None]:
    env = {**os.environ, "PNP_CACHE_DIR": str(cache)}
    out = subprocess.run([sys.executable, "-c", PROBE, mode], capture_output=True, text=True,
                         check=True, env=env).stdout
    seen, compiled = json.loads(out)
    return seen, compiled


def test_a_class_is_the_same_compiled_now_read_back_or_without_the_store(tmp_path: Path) -> None:
    plain, _ = _probe("plain", tmp_path)
    assert plain[:2] == ["Point(x=1.0, y=0.0, tags=('a',))", True]
    first, compiled = _probe("cached", tmp_path)        # compiles, writes the store at exit
    assert (first, compiled > 0) == (plain, True)
    stores = list(tmp_path.glob("dataclass-methods-*.marshal"))
    assert len(stores) == 1
    again, compiled = _probe("cached", tmp_path)        # every method read back
    assert (again, compiled) == (plain, 0)
    stores[0].write_bytes(b"not marshal data")          # unreadable: compiled again
    broken, compiled = _probe("cached", tmp_path)
    assert (broken, compiled > 0) == (plain, True)
    assert _probe("cached", tmp_path) == (plain, 0)     # and written anew


def test_a_layout_file_is_parsed_once_and_read_back(tmp_path: Path, monkeypatch) -> None:
    from pnp.compiled_once import parsed
    from pnp.layouts import layouts_dir, parse_toml

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    text = (layouts_dir() / "asterion.toml").read_bytes()
    expected = parse_toml(text)
    assert parsed(text) == expected                     # parsed, and kept
    [kept] = tmp_path.glob("layout-*.marshal")
    kept.write_bytes(marshal.dumps({"read": "back"}))   # what a later run finds
    assert parsed(text) == {"read": "back"}
    kept.write_bytes(b"not marshal data")
    assert parsed(text) == expected
    assert parsed(text + b"\n") == expected             # other bytes: another entry
    assert len(list(tmp_path.glob("layout-*.marshal"))) == 2

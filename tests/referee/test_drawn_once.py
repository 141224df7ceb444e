"""Images drawn once and kept between runs (referee/drawn_once.py): read back exactly,
redrawn when missing or unreadable, and a cache that cannot be written is no cache."""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from referee import drawn_once


def _faces() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(3)
    return {"Y01": rng.integers(0, 256, (20, 20, 3), dtype=np.uint8),
            "tomb": rng.integers(0, 256, (8, 8, 3), dtype=np.uint8)}


def _counted(calls: list[int]):
    def draw() -> dict[str, np.ndarray]:
        calls.append(1)
        return _faces()
    return draw


def _same(a: dict[str, np.ndarray], b: dict[str, np.ndarray]) -> bool:
    return list(a) == list(b) and all(np.array_equal(a[k], b[k]) and a[k].dtype == b[k].dtype
                                      for k in a)


def test_drawn_once_then_read_back_exactly(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    calls: list[int] = []
    first = drawn_once.drawn_once("faces-a", _counted(calls))
    second = drawn_once.drawn_once("faces-a", _counted(calls))
    assert calls == [1] and _same(first, _faces()) and _same(second, _faces())
    assert [p.suffix for p in tmp_path.iterdir()] == [drawn_once.SUFFIX]      # no .part left
    second["Y01"][0, 0] = 255 - second["Y01"][0, 0]          # what is read back is writable,
    third = drawn_once.drawn_once("faces-a", _counted(calls))
    assert calls == [1] and _same(third, _faces())           # and the kept file unchanged


def test_an_unreadable_file_is_drawn_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    calls: list[int] = []
    drawn_once.drawn_once("faces-b", _counted(calls))
    for kept in tmp_path.glob(f"*{drawn_once.SUFFIX}"):
        kept.write_bytes(b"not a file of images")
    assert _same(drawn_once.drawn_once("faces-b", _counted(calls)), _faces())
    assert calls == [1, 1]


def test_only_the_newest_versions_are_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    for age, digest in enumerate(["0003", "0002", "0001"]):     # 0003 the newest
        older = tmp_path / f"faces-c-{digest}{drawn_once.SUFFIX}"
        older.write_bytes(b"drawn by an older version")
        os.utime(older, ns=(10**18 - age * 10**9, 10**18 - age * 10**9))
    drawn_once.drawn_once("faces-c", _faces)
    names = sorted(p.name for p in tmp_path.iterdir())
    assert len(names) == drawn_once.KEPT
    assert any("0003" in n for n in names) and any("0002" in n for n in names)
    assert not any("0001" in n for n in names)


def test_two_versions_sharing_a_folder_each_keep_theirs(tmp_path: Path,
                                                       monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    calls: list[int] = []
    for version in ["a", "b", "a", "b"]:                # two checkouts run in turn
        monkeypatch.setattr(drawn_once, "_sources_digest", lambda v=version: v)
        assert _same(drawn_once.drawn_once("faces-f", _counted(calls)), _faces())
    assert calls == [1, 1]


def test_an_unwritable_cache_still_draws(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    blocked = tmp_path / "file"
    blocked.write_text("a file where the folder should be")
    monkeypatch.setenv("PNP_CACHE_DIR", str(blocked / "pnp"))
    assert _same(drawn_once.drawn_once("faces-d", _faces), _faces())


def test_a_file_cut_short_is_drawn_again(tmp_path: Path, monkeypatch: pytest.MonkeyPatch):
    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    calls: list[int] = []
    drawn_once.drawn_once("faces-e", _counted(calls))
    (kept,) = tmp_path.iterdir()
    kept.write_bytes(kept.read_bytes()[:-10])
    assert _same(drawn_once.drawn_once("faces-e", _counted(calls)), _faces())
    assert calls == [1, 1]


def test_the_key_changes_with_any_file_that_draws(tmp_path: Path):
    root = tmp_path / "pnp"
    (root / "printing").mkdir(parents=True)
    source = root / "printing" / "tiles.py"
    source.write_text("WALL = 1.0\n")
    (root / "__pycache__").mkdir()
    before = drawn_once.files_identity([root])
    (root / "__pycache__" / "tiles.pyc").write_bytes(b"bytecode")     # not a source
    assert drawn_once.files_identity([root]) == before
    source.write_text("WALL = 1.5\n")                                 # edited
    edited = drawn_once.files_identity([root])
    assert edited != before
    stat = source.stat()
    os.utime(source, ns=(stat.st_atime_ns, stat.st_mtime_ns + 1))     # checked out again
    assert drawn_once.files_identity([root]) != edited
    (root / "extra.py").write_text("")                                 # a file added
    assert drawn_once.files_identity([root]) not in (before, edited)


@pytest.mark.parametrize("data", [b"", b"abc", bytes(range(256)) * 300])
def test_its_keys_digest_as_hashlib_does(data: bytes) -> None:
    # the cache keys come from Python's own SHA-256 module, not OpenSSL's: the same digests
    import hashlib

    from pnp.fileio import sha256

    assert sha256(data).hexdigest() == hashlib.sha256(data).hexdigest()
    grown = sha256(data)
    grown.update(b"more")
    assert grown.hexdigest() == hashlib.sha256(data + b"more").hexdigest()

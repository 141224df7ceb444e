"""Files written safely (pnp/fileio.py): the temporary file beside the target is new and
its owner's alone while it is written, the result gets the usual mode, and a failed write
leaves the target as it was and no temporary file behind."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest

from pnp import fileio


def test_the_temporary_file_is_new_private_and_beside_the_target(tmp_path: Path) -> None:
    target = tmp_path / "overlay.png"
    seen = []
    for _ in range(3):
        with fileio.atomic_path(target) as temp:
            assert temp.parent == tmp_path and temp.name.startswith(".overlay.png.")
            assert temp.name.endswith(".part") and temp.stat().st_size == 0
            assert stat.S_IMODE(temp.stat().st_mode) == 0o600
            seen.append(temp.name)
            temp.write_bytes(b"new")
    assert len(set(seen)) == 3
    mask = os.umask(0)
    os.umask(mask)
    assert stat.S_IMODE(target.stat().st_mode) == 0o666 & ~mask
    assert [p.name for p in tmp_path.iterdir()] == ["overlay.png"]


def test_a_failed_write_keeps_the_old_file_and_leaves_nothing_behind(tmp_path: Path) -> None:
    target = tmp_path / "state.json"
    fileio.write_text(target, "old")
    with pytest.raises(RuntimeError), fileio.atomic_path(target) as temp:
        temp.write_text("half")
        raise RuntimeError("interrupted")
    assert target.read_text() == "old"
    assert [p.name for p in tmp_path.iterdir()] == ["state.json"]


def test_a_link_in_the_way_is_not_followed(tmp_path: Path, monkeypatch) -> None:
    # a name already taken (here by a link to another file) is never written through
    victim = tmp_path / "victim"
    victim.write_text("keep")
    names = iter(["aaaaaaaaaaaa", "bbbbbbbbbbbb"])
    monkeypatch.setattr(fileio.os, "urandom", lambda n: bytes.fromhex(next(names)))
    (tmp_path / ".out.txt.aaaaaaaaaaaa.part").symlink_to(victim)
    fileio.write_text(tmp_path / "out.txt", "new")
    assert victim.read_text() == "keep" and (tmp_path / "out.txt").read_text() == "new"

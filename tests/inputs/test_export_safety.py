"""`pnp export` under hostile options: bounded pixels, and an export folder that is all old
or all new."""

from __future__ import annotations

import json

import pytest

from pnp.printing.asterion import PRINTING
from pnp.printing.build import BuildRequest
from pnp.printing.export import MAX_FACE_PIXELS, ExportError, export, face_dpi

from .fuzzing import run_cli

REQUEST = BuildRequest("asterion", "revised", printing=PRINTING)


def test_face_dpi_caps_pixels_and_leaves_small_faces_alone():
    assert face_dpi(50, 50, 1200) == 1200                  # a tile: 5.6 MP
    board = face_dpi(650, 650, 1200)
    assert board < 1200
    assert (650 / 25.4 * board) ** 2 <= MAX_FACE_PIXELS < (650 / 25.4 * (board + 1)) ** 2


def test_an_interrupted_export_leaves_the_old_export_whole(tmp_path):
    out = tmp_path / "export"
    export(REQUEST, out, dpi=36)
    before = {p.name: p.read_bytes() for p in out.iterdir()}

    def interrupt(done: int, total: int) -> None:
        if done == 10:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        export(BuildRequest("asterion", "revised", ink_saver=True, printing=PRINTING), out,
               dpi=40, progress=interrupt)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert [p.name for p in tmp_path.iterdir()] == ["export"], "no temporary folder left"


def test_a_finished_export_replaces_the_old_one_whole(tmp_path):
    out = tmp_path / "export"
    export(REQUEST, out, dpi=36)
    crete = BuildRequest("asterion", "crete", printing=PRINTING)
    export(crete, out, dpi=40)                # the revised edition's files all go
    listed = json.loads((out / "manifest.json").read_text())
    assert listed["dpi"] == 40 and listed["edition"] == "crete"
    names = {"manifest.json"} | {e[k] for e in listed["components"]
                                 for k in ("front", "back") if k in e}
    assert {p.name for p in out.iterdir()} == names


@pytest.mark.parametrize("name", ["notes.txt", "state.json", "stale.png"])
def test_export_never_replaces_a_players_file_beside_an_export(tmp_path, name):
    """A folder with a manifest.json must not be taken for an export and replaced whole,
    a player's notes or state file with it: a file the manifest does not list is refused."""
    out = tmp_path / "export"
    export(REQUEST, out, dpi=36)
    (out / name).write_text("mine")
    before = {p.name: p.read_bytes() for p in out.iterdir()}
    with pytest.raises(ExportError, match="holds files an export did not write"):
        export(REQUEST, out, dpi=40)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    outcome = run_cli(["export", "asterion", "--out", str(out), "--dpi", "36"])
    assert outcome.code == 2 and (out / name).read_text() == "mine"
    assert outcome.err.count("\n") == 1 and name in outcome.err


def test_a_folder_of_many_foreign_files_is_refused_in_one_bounded_line(tmp_path):
    (tmp_path / "manifest.json").write_text('{"components": []}')
    for i in range(500):
        (tmp_path / f"note{i:03}.txt").write_text("mine")
    outcome = run_cli(["export", "asterion", "--out", str(tmp_path), "--dpi", "36"])
    assert outcome.code == 2 and outcome.err.count("\n") == 1
    assert "note000.txt" in outcome.err and "and 497 more" in outcome.err
    assert len(outcome.err) < 300 and len(list(tmp_path.iterdir())) == 501


def test_a_manifest_that_is_not_an_exports_is_refused(tmp_path):
    (tmp_path / "manifest.json").write_text("my own manifest, not JSON")
    with pytest.raises(ExportError, match="not an earlier export"):
        export(REQUEST, tmp_path, dpi=36)
    assert (tmp_path / "manifest.json").read_text() == "my own manifest, not JSON"


def test_export_refuses_a_folder_of_other_files(tmp_path):
    (tmp_path / "notes.txt").write_text("mine")
    with pytest.raises(ExportError, match="holds other files"):
        export(REQUEST, tmp_path, dpi=36)
    assert (tmp_path / "notes.txt").read_text() == "mine"
    outcome = run_cli(["export", "asterion", "--out", str(tmp_path), "--dpi", "36"])
    assert outcome.code == 2 and "holds other files" in outcome.err

"""`pnp export GAME --tts` from the shell: it writes the folder and says so in one line;
bad input is one line and exit 2, and nothing is written, replaced or left half-done."""

from __future__ import annotations

import json

import pytest

from tests.inputs.fuzzing import run_cli


def _files(folder) -> dict[str, bytes]:
    return {p.name: p.read_bytes() for p in folder.iterdir()}


def test_export_tts_writes_the_saved_object_with_hosted_urls(tmp_path):
    out = tmp_path / "tts"
    outcome = run_cli(["export", "spider-twist", "--tts", "--dpi", "36", "--out", str(out),
                       "--url-base", "https://example.org/web"])
    assert outcome.code == 0, outcome.err
    assert outcome.out.count("\n") == 1 and "spider-twist.json" in outcome.out
    save = json.loads((out / "spider-twist.json").read_text())
    board = save["ObjectStates"][0]
    assert board["CustomImage"]["ImageURL"] == "https://example.org/web/board-rings.png"
    assert (out / "board-rings.png").is_file() and (out / "README.txt").is_file()


@pytest.mark.parametrize(("argv", "says"), [
    (["export", "chess", "--tts"], "unknown game 'chess'"),
    (["export", "constructo", "--tts", "--url-base", "example.org/x"], "--url-base must be"),
    (["export", "constructo", "--tts", "--url-base", "ftp://example.org/"], "--url-base must"),
    (["export", "constructo", "--tts", "--url-base", "https://e.org/?x=1"], "--url-base must"),
    (["export", "constructo", "--url-base", "https://example.org/"], "--url-base is for --tts"),
    (["export", "constructo", "--tts", "--svg"], "--svg and --tts"),
    (["export", "constructo", "--tts", "--dpi", "5000"], "dpi must be between"),
])
def test_bad_input_is_one_line_exit_2_and_nothing_written(tmp_path, argv, says):
    out = tmp_path / "tts"
    outcome = run_cli([*argv, "--out", str(out)])
    assert outcome.code == 2 and outcome.out == ""
    assert outcome.err.count("\n") == 1 and says in outcome.err, outcome.err
    assert list(tmp_path.iterdir()) == []


def test_a_folder_holding_other_files_is_refused_and_left_as_it_was(tmp_path):
    out = tmp_path / "tts"
    out.mkdir()
    (out / "notes.txt").write_text("my notes")
    before = _files(out)
    outcome = run_cli(["export", "constructo", "--tts", "--dpi", "36", "--out", str(out)])
    assert outcome.code == 2 and outcome.err.count("\n") == 1
    assert "holds other files" in outcome.err
    assert _files(out) == before and [p.name for p in tmp_path.iterdir()] == ["tts"]


def test_an_earlier_export_is_replaced_whole(tmp_path):
    out = tmp_path / "tts"
    assert run_cli(["export", "constructo", "--out", str(out), "--dpi", "36"]).code == 0
    outcome = run_cli(["export", "constructo", "--tts", "--dpi", "36", "--out", str(out)])
    assert outcome.code == 0, outcome.err
    listed = json.loads((out / "manifest.json").read_text())["files"]
    assert sorted(listed) == sorted(p.name for p in out.iterdir())
    assert "constructo.json" in listed

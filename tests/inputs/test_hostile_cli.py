"""Hostile inputs (bad files, bad paths, bad numbers), one test each, through the real CLI."""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .fuzzing import EXAMPLE_TABLE, run_cli

ROOT = Path(__file__).resolve().parents[2]
PHOTO = ROOT / "examples" / "endgame.jpg"


def write_table(tmp_path: Path, **changes) -> Path:
    data = json.loads(json.dumps(EXAMPLE_TABLE))
    data.update(changes)
    path = tmp_path / "table.json"
    path.write_text(json.dumps(data))
    return path


def test_referee_never_overwrites_its_photo(tmp_path):
    photo = tmp_path / "table.jpg"
    photo.write_bytes(PHOTO.read_bytes())
    for flag in ("--overlay", "--save-table"):
        outcome = run_cli(["referee", "asterion", str(photo), flag, str(photo)])
        assert outcome.code == 2 and "would overwrite the input" in outcome.err
    link = tmp_path / "same.jpg"
    os.link(photo, link)
    outcome = run_cli(["referee", "asterion", str(photo), "--overlay", str(link)])
    assert outcome.code == 2 and "would overwrite the input" in outcome.err
    assert photo.read_bytes() == PHOTO.read_bytes()


def test_two_outputs_on_one_path_are_refused(tmp_path):
    out = tmp_path / "both.png"
    outcome = run_cli(["referee", "asterion", str(PHOTO), "--overlay", str(out),
                       "--save-table", str(out)])
    assert outcome.code == 2 and "name the same file" in outcome.err
    assert not out.exists()


def test_overlay_is_written_in_the_format_its_extension_names(tmp_path):
    jpg, png = tmp_path / "o.jpg", tmp_path / "o.png"
    for path in (jpg, png):
        outcome = run_cli(["referee", "asterion", str(PHOTO), "--overlay", str(path)])
        assert outcome.code == 0, outcome.err
    assert jpg.read_bytes()[:3] == b"\xff\xd8\xff"
    assert png.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    outcome = run_cli(["referee", "asterion", str(PHOTO), "--overlay", str(tmp_path / "o.gif")])
    assert outcome.code == 2 and "must end in" in outcome.err


@pytest.mark.parametrize("device", ["/dev/zero", "/dev/urandom"])
def test_devices_are_refused_before_reading(device, tmp_path):
    for argv in (["referee", "asterion", device], ["score", "asterion", device]):
        outcome = run_cli(argv)
        assert outcome.code == 2 and "not a regular file" in outcome.err


def test_a_huge_file_named_jpg_is_refused_by_its_size(tmp_path):
    big = tmp_path / "big.jpg"
    with big.open("wb") as handle:        # sparse: no disk used, 3 GB by its size
        handle.truncate(3 * 1024**3)
    outcome = run_cli(["referee", "asterion", str(big)])
    assert outcome.code == 2 and "too large" in outcome.err


@pytest.mark.parametrize("value", ["nan,nan", "inf,0", "0,-inf"])
def test_back_offset_refuses_nan_and_infinities(value, tmp_path):
    outcome = run_cli(["build", "asterion", "--out", str(tmp_path), "--back-offset", value])
    assert outcome.code == 2 and "finite" in outcome.err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize(("text", "message"), [
    ('{"game": "asterion", "kill_points": {"yellow": ' + "9" * 5000 + "}}", "too long"),
    ("[" * 100_000 + "]" * 100_000, "nest more than"),
    ('{"game": "asterion", "game": "asterion"}', "appears twice"),
])
def test_hostile_json_is_one_error_line(tmp_path, text, message):
    path = tmp_path / "t.json"
    path.write_text(text)
    for argv in (["score", "asterion", str(path)], ["check", "asterion", str(path), "Y07"]):
        outcome = run_cli(argv)
        assert outcome.code == 2 and message in outcome.err and not outcome.problems()


def test_escape_sequences_from_a_file_never_reach_the_terminal(tmp_path):
    hostile = "\x1b]0;pwned\x07\x1b[2Jall good"
    path = write_table(tmp_path, dead=[hostile], players=["yellow", hostile],
                       kill_points={hostile: 1})
    data = json.loads(path.read_text())
    data[hostile] = 1
    path.write_text(json.dumps(data, ensure_ascii=False))
    outcome = run_cli(["score", "asterion", str(path)])
    assert outcome.code == 2
    assert "\x1b" not in outcome.err and "\\x1b]0;pwned\\x07" in outcome.err
    assert outcome.problems() == []


def test_a_long_dead_list_is_refused_quickly(tmp_path):
    path = write_table(tmp_path, dead=[f"Y{i:05d}" for i in range(50_000)])
    outcome = run_cli(["score", "asterion", str(path)])
    assert outcome.code == 2 and "at most 200" in outcome.err
    assert len(outcome.err.splitlines()) < 5


def test_duplicate_kill_points_are_refused(tmp_path):
    outcome = run_cli(["referee", "asterion", str(PHOTO), "--kill-points", "yellow=1,y=2"])
    assert outcome.code == 2 and "given twice" in outcome.err


def test_kill_points_are_bounded(tmp_path):
    outcome = run_cli(["referee", "asterion", str(PHOTO), "--kill-points", "yellow=" + "9" * 30])
    assert outcome.code == 2 and "-999 to 999" in outcome.err
    path = write_table(tmp_path, kill_points={"yellow": 10**15})
    outcome = run_cli(["score", "asterion", str(path)])
    assert outcome.code == 2 and "beyond" in outcome.err


def _pnp(*argv: str, **kwargs) -> subprocess.Popen:
    return subprocess.Popen([sys.executable, "-c", "from pnp.cli import run; run()", *argv],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            **kwargs)


def test_a_full_stdout_is_one_error_line(tmp_path):
    with open("/dev/full", "w") as full:
        proc = subprocess.run([sys.executable, "-c", "from pnp.cli import run; run()",
                               "score", "asterion", str(ROOT / "examples" / "endgame.json")],
                              stdout=full, stderr=subprocess.PIPE, text=True, check=False)
    assert proc.returncode == 1
    assert proc.stderr.strip() == "error: cannot write the output: No space left on device"


@pytest.mark.parametrize(("sig", "code"), [(signal.SIGINT, 130), (signal.SIGTERM, 130)])
def test_interrupted_builds_say_so_and_leave_no_part_files(tmp_path, sig, code):
    proc = _pnp("build", "asterion", "--out", str(tmp_path))
    deadline = time.monotonic() + 30
    while not list(tmp_path.glob("*.part")) and time.monotonic() < deadline \
            and proc.poll() is None:
        time.sleep(0.005)                      # wait until the PDF is being written
    if proc.poll() is not None:
        pytest.skip("the build finished before it could be interrupted")
    proc.send_signal(sig)
    _, err = proc.communicate(timeout=30)
    if proc.returncode == 0 and not err:
        pytest.skip("the build finished before the signal arrived")   # a loaded machine
    assert proc.returncode == code and err.strip() == "error: interrupted"
    assert not list(tmp_path.glob("*.part")) and not list(tmp_path.glob("*.pdf"))


def test_an_interrupt_inside_the_import_machinery_is_raised_just_after_it():
    from pnp.cli import _Interrupt

    # A frame of code named as the import system's own: where Python drops exceptions.
    frozen = compile("import sys\nframe = sys._getframe()", "<frozen importlib._bootstrap>",
                     "exec")
    scope: dict = {}
    exec(frozen, scope)
    with _Interrupt.installed():
        assert _Interrupt.handle(signal.SIGINT, scope["frame"]) is None   # not raised there
        with pytest.raises(KeyboardInterrupt):
            deadline = time.monotonic() + 5
            while time.monotonic() < deadline:
                time.sleep(0.001)
    assert _Interrupt.seen
    with _Interrupt.installed(), pytest.raises(KeyboardInterrupt):
        _Interrupt.handle(signal.SIGINT, sys._getframe())                # elsewhere: at once

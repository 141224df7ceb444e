"""`pnp build`'s plain command lines, read without Typer (`pnp.cli.build_args`), give the
build exactly what Typer gives it; every other command line is left to Typer. Such a build
as its own process (which ends without the interpreter's teardown) still prints its line,
and says so when it cannot."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from pnp.cli import building
from pnp.cli.build_args import DEFAULTS, FLAGS, plain_build
from pnp.cli.root import load_commands

REPO = Path(__file__).resolve().parents[2]

PLAIN = [
    ["asterion"],
    ["asterion", "--edition", "revised", "--paper", "letter", "--out", "x/y"],
    ["--paper=a3", "assyria", "-e", "crete", "--bleed", "0.5", "--bleed=1e0"],
    ["constructo", "--duplex", "short", "--back-offset", "-1,2", "--ink-saver",
     "--no-crop-marks", "--crop-marks", "--cut-files", "--cut-marks", "--marks", "discreet"],
    ["spider-twist", "--out", "", "--edition", "--paper"],
    ["nothing", "--bleed", " 1_5 ", "--no-crop-marks", "--edition=", "--back-offset=a=b"],
    ["asterion", "--bleed", "-inf", "--paper", "A4", "--duplex", "-"],
]
LEFT_TO_TYPER = [
    [], ["--help"], ["asterion", "--help"], ["asterion", "extra"], ["asterion", "--bogus"],
    ["asterion", "--bleed", "x"], ["asterion", "--out"], ["asterion", "--ink-saver=1"],
    ["asterion", "-erevised"], ["asterion", "--", "x"], ["-"], ["-e", "crete"],
]


def _typer_reads(argv: list[str], monkeypatch) -> dict:
    """The arguments Typer hands `building.build` for `pnp build ARGV`."""
    seen = []
    signature = inspect.signature(building.build)
    monkeypatch.setattr(building, "build",
                        lambda *a, **k: seen.append(dict(signature.bind(*a, **k).arguments)))
    load_commands(["build"])(args=["build", *argv], prog_name="pnp", standalone_mode=False)
    return seen[0]


@pytest.mark.parametrize("argv", PLAIN)
def test_a_plain_command_line_reads_as_typer_reads_it(argv, monkeypatch) -> None:
    plain, typers = plain_build(argv), _typer_reads(argv, monkeypatch)
    assert plain is not None
    assert plain == typers
    assert {k: type(v) for k, v in plain.items()} == {k: type(v) for k, v in typers.items()}


@pytest.mark.parametrize("argv", LEFT_TO_TYPER)
def test_anything_else_is_left_to_typer(argv) -> None:
    assert plain_build(argv) is None


def test_the_flags_are_typers() -> None:
    command = typer.main.get_command(load_commands(["build"])).commands["build"]
    options = [p for p in command.params if p.param_type_name == "option"]
    assert sorted(FLAGS) == sorted(f for p in options for f in (*p.opts, *p.secondary_opts))
    assert sorted(DEFAULTS) == sorted(p.name for p in options)
    assert {name for name, _ in FLAGS.values()} == set(DEFAULTS)


def _build_process(tmp_path, stdout) -> subprocess.CompletedProcess:
    """`pnp build constructo` as its own process (no Typer, no teardown at its end)."""
    return subprocess.run([sys.executable, "-c", "from pnp.cli import run; run()", "build",
                           "constructo", "--out", str(tmp_path)], stdout=stdout,
                          stderr=subprocess.PIPE, text=True, check=False, cwd=REPO)


def test_a_plain_build_process_writes_its_pdf_and_line(tmp_path) -> None:
    done = _build_process(tmp_path, subprocess.PIPE)
    assert (done.returncode, done.stderr) == (0, "")
    assert done.stdout.startswith(f"wrote {tmp_path / 'constructo.pdf'}: ")
    assert (tmp_path / "constructo.pdf").read_bytes().startswith(b"%PDF")


def test_a_plain_build_process_says_when_its_output_is_full(tmp_path) -> None:
    with open("/dev/full", "w") as full:
        done = _build_process(tmp_path, full)
    assert done.returncode == 1
    assert done.stderr == "error: cannot write the output: No space left on device\n"

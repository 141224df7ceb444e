"""`pnp build`'s and `pnp score`'s plain command lines, read without Typer
(`pnp.cli.plain_args`), give the command exactly what Typer gives it; every other command
line is left to Typer. Such a build
as its own process (which ends without the interpreter's teardown) still prints its line,
and says so when it cannot."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import pytest
import typer

from pnp.cli import building, scoring
from pnp.cli.plain_args import BUILD, SCORE, Plain, plain_args
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


SCORE_PLAIN = [
    ["asterion", "examples/table-wings.json"],
    ["--json", "spider-twist", "x.json"],
    ["constructo", "--json", "--json", ""],
]
SCORE_LEFT_TO_TYPER = [
    [], ["asterion"], ["asterion", "a.json", "extra"], ["asterion", "a.json", "--json=1"],
    ["asterion", "a.json", "--board"], ["asterion", "-"], ["--help"], ["asterion", "--", "x"],
]
# the command, its function's module and name
FUNCTIONS = {"build": (building, "build"), "score": (scoring, "score")}


def _typer_reads(command: str, argv: list[str], monkeypatch) -> dict:
    """The arguments Typer hands the command's function for `pnp COMMAND ARGV`."""
    seen = []
    module, name = FUNCTIONS[command]
    signature = inspect.signature(getattr(module, name))

    def record(*a, **k):
        bound = signature.bind(*a, **k)
        bound.apply_defaults()
        seen.append({n: v for n, v in bound.arguments.items() if n != "options" or v})
    monkeypatch.setattr(module, name, record)
    load_commands([command])(args=[command, *argv], prog_name="pnp", standalone_mode=False)
    return seen[0]


@pytest.mark.parametrize(("command", "plain", "argv"),
                         [("build", BUILD, a) for a in PLAIN]
                         + [("score", SCORE, a) for a in SCORE_PLAIN])
def test_a_plain_command_line_reads_as_typer_reads_it(command, plain, argv,
                                                      monkeypatch) -> None:
    ours, typers = plain_args(plain, argv), _typer_reads(command, argv, monkeypatch)
    assert ours is not None
    assert ours == typers
    assert {k: type(v) for k, v in ours.items()} == {k: type(v) for k, v in typers.items()}


@pytest.mark.parametrize(("plain", "argv"), [(BUILD, a) for a in LEFT_TO_TYPER]
                         + [(SCORE, a) for a in SCORE_LEFT_TO_TYPER])
def test_anything_else_is_left_to_typer(plain, argv) -> None:
    assert plain_args(plain, argv) is None


@pytest.mark.parametrize(("command", "plain"), [("build", BUILD), ("score", SCORE)])
def test_the_flags_are_typers(command: str, plain: Plain) -> None:
    typed = typer.main.get_command(load_commands([command])).commands[command]
    options = [p for p in typed.params if p.param_type_name == "option"]
    arguments = [p.name for p in typed.params if p.param_type_name == "argument"]
    ours = [f for f in plain.flags if f.startswith("--") or f == "-e"]
    theirs = [f for p in options for f in (*p.opts, *p.secondary_opts)]
    assert sorted(ours) == sorted(theirs)
    assert sorted(plain.defaults) == sorted(p.name for p in options)
    assert {name for name, _ in plain.flags.values()} == set(plain.defaults)
    assert [name for name, _ in plain.arguments] == arguments


@pytest.mark.parametrize("argv", [
    ["asterion", "examples/table-wings.json"], ["asterion", "examples/table-wings.json", "--json"],
    ["asterion", "no-such.json"], ["nothing", "examples/table-wings.json"],
])
def test_a_plain_score_process_answers_as_typer_does(argv) -> None:
    """The whole process, plain and forced through Typer: the same output and exit code."""
    runs = [subprocess.run([sys.executable, "-c", code, "score", *argv], capture_output=True,
                           text=True, check=False, cwd=REPO)
            for code in ("from pnp.cli import run; run()",
                         "from pnp.cli import plain_args, run; "
                         "plain_args.plain_args = lambda *a: None; run()")]
    assert (runs[0].returncode, runs[0].stdout, runs[0].stderr) == \
        (runs[1].returncode, runs[1].stdout, runs[1].stderr)
    assert runs[0].stdout or runs[0].stderr.startswith("error: ")

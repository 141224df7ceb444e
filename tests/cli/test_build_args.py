"""`pnp build`'s plain command lines, read without Typer (`pnp.cli.build_args`), give the
build exactly what Typer gives it; every other command line is left to Typer."""

from __future__ import annotations

import inspect

import pytest
import typer

from pnp.cli import building
from pnp.cli.build_args import DEFAULTS, FLAGS, plain_build
from pnp.cli.root import load_commands

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

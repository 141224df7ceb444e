"""`pnp referee`'s plain command lines, read without Typer (`pnp.cli.refereeing.plain`),
give the command exactly what Typer gives it, for every game's options; every other
command line is left to Typer; and the whole process answers the same either way."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
import typer

from pnp import games
from pnp.cli import refereeing
from pnp.cli.root import load_commands

REPO = Path(__file__).resolve().parents[2]
KILLS = "yellow=-2,blue=1,green=1"


def _every_option(game: str) -> list[str]:
    """`GAME p.jpg` with each of the game's options given once (a switch both ways)."""
    words = [game, "p.jpg"]
    for o in refereeing.offers(game):
        if o.kind == "flag":
            words.append(o.flag)
        elif o.kind == "switch":
            words += [o.flag, f"--no-{o.flag[2:]}"]
        else:
            words += [o.flag, f"{o.name}-value"]
    return words


PLAIN = [
    ["asterion", "examples/endgame.jpg", "--kill-points", KILLS, "--overlay", "o.png"],
    ["asterion", "p.jpg", "--json", "--partial", "--save-table", "s.json", "--no-board",
     "-e", "revised", "--players=yellow,blue", "--check", "Y07", "--json"],
    ["asterion", "p.jpg", "--board", "--save-state=x.json", "--edition", "--overlay="],
    ["asterion", "", "--kill-points", "--partial", "--players", "-"],
    *(_every_option(game) for game in games.game_names("referee")),
]
LEFT_TO_TYPER = [
    [], ["asterion"], ["--help"], ["asterion", "p.jpg", "--help"], ["asterion", "p.jpg", "x"],
    ["nothing", "p.jpg"], ["asterion", "p.jpg", "--bogus"], ["asterion", "p.jpg", "--json=1"],
    ["asterion", "p.jpg", "-e=crete"], ["asterion", "p.jpg", "-ecrete"],
    ["asterion", "p.jpg", "--overlay"], ["--json", "asterion", "p.jpg"],
    ["asterion", "p.jpg", "--", "x"], ["asterion", "-"], ["asterion", "p.jpg", "--web", "w"],
    ["asterion", "p.jpg", "--board=yes"],
]


def _comparable(call: dict) -> dict:
    """A call's arguments with each game option as (kind, flag, value): Typer hands over
    the options merged across games (`pnp.cli.options.merged`), help text and all."""
    values = call.pop("game_values")
    return {**call, "game_values": {n: (o.kind, o.flag, v) for n, (o, v) in values.items()}}


def _typer_reads(argv: list[str], monkeypatch) -> dict:
    """The arguments Typer hands `refereeing.referee` for `pnp referee ARGV`."""
    seen = []
    names = ("game", "photo", "as_json", "overlay", "save_state", "partial", "game_values")
    monkeypatch.setattr(refereeing, "referee",
                        lambda *a: seen.append(dict(zip(names, a, strict=True))))
    load_commands(["referee"])(args=["referee", *argv], prog_name="pnp", standalone_mode=False)
    return seen[0]


@pytest.mark.parametrize("argv", PLAIN)
def test_a_plain_command_line_reads_as_typer_reads_it(argv, monkeypatch) -> None:
    ours = refereeing.plain(argv)
    assert ours is not None
    typers = _typer_reads(argv, monkeypatch)
    assert {k: type(v) for k, v in ours.items()} == {k: type(v) for k, v in typers.items()}
    assert _comparable(ours) == _comparable(typers)


@pytest.mark.parametrize("argv", LEFT_TO_TYPER)
def test_anything_else_is_left_to_typer(argv) -> None:
    assert refereeing.plain(argv) is None


def test_its_own_flags_are_typers() -> None:
    typed = typer.main.get_command(load_commands(["referee"])).commands["referee"]
    options = [p for p in typed.params if p.param_type_name == "option"]
    arguments = [p.name for p in typed.params if p.param_type_name == "argument"]
    theirs = [f for p in options for f in (*p.opts, *p.secondary_opts)]
    assert sorted(refereeing.OWN.flags) == sorted(theirs)
    assert sorted(refereeing.OWN.defaults) == sorted(p.name for p in options)
    assert [name for name, _ in refereeing.OWN.arguments] == arguments


def _both_ways(argv: list[str], overlay: Path | None = None) -> list[tuple]:
    """`pnp referee ARGV` as a whole process, plain and forced through Typer: (exit code,
    stdout, stderr, the overlay's bytes) of each."""
    runs = []
    for code in ("from pnp.cli import run; run()",
                 "from pnp.cli import refereeing, run; refereeing.plain = lambda a: None; run()"):
        done = subprocess.run([sys.executable, "-c", code, "referee", *argv],
                              capture_output=True, text=True, check=False, cwd=REPO)
        written = overlay.read_bytes() if overlay is not None else None
        runs.append((done.returncode, done.stdout, done.stderr, written))
        if overlay is not None:
            overlay.unlink()
    return runs


def test_the_readme_command_answers_as_typer_does(tmp_path) -> None:
    overlay = tmp_path / "endgame-overlay.png"
    plain, typers = _both_ways(["asterion", "examples/endgame.jpg", "--kill-points", KILLS,
                                "--overlay", str(overlay)], overlay)
    assert plain == typers
    assert plain[0] == 0 and "winner" in plain[1] and plain[3][:4] == b"\x89PNG"


@pytest.mark.parametrize("argv", [
    ["asterion", "examples/endgame.jpg", "--kill-points", "purple=1"],
    ["asterion", "no-such.jpg", "--json"],
    ["asterion", "examples/table-wings.json", "--overlay", "x.gif"],
])
def test_bad_input_answers_as_typer_does(argv) -> None:
    plain, typers = _both_ways(argv)
    assert plain == typers
    assert plain[0] == 2 and plain[2].startswith("error: ") and plain[2].count("\n") == 1

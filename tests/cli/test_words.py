"""Words `pnp` prints that must stay true: the help names every game, and counts
are singular for one ("wrote 1 cut file", not "1 cut files")."""

from __future__ import annotations

from pathlib import Path

from pnp import games
from pnp.cli.building import build_lines, counted
from pnp.printing.pdf import BuildResult
from tests.inputs.fuzzing import run_cli


def test_the_help_names_every_game_and_promises_nothing():
    outcome = run_cli(["--help"])
    text = " ".join(outcome.out.split())
    assert outcome.code == 0 and "soon" not in text
    for name in games.game_names():
        assert games.info(name).title in text
    assert "photo referees" in text and all(games.info(n).referee for n in games.game_names())


def test_a_count_of_one_is_singular():
    assert [counted(n, "cut file") for n in (0, 1, 2)] == ["0 cut files", "1 cut file",
                                                          "2 cut files"]
    one = BuildResult(Path("out/x.pdf"), 1, 1, {"board": 1, "check": 1},
                      (Path("out/x-sheet-02-cut.svg"),))
    assert build_lines(one, cut_files=True) == [
        "wrote out/x.pdf: 1 page (1 sheet), 1 component (1 board in 1 piece)",
        "wrote 1 cut file beside it, one per sheet with pieces (x-sheet-NN-cut.svg)"]
    many = BuildResult(Path("x.pdf"), 4, 2, {"tile": 3}, ())
    assert build_lines(many, cut_files=False) == [
        "wrote x.pdf: 4 pages (2 sheets), 3 components (3 tiles)"]

"""What a player tells Assyria's referee that a photo cannot show (--turn, --new-wells): a
bad value is the option's fault, exit 2 naming the option, never exit 3 blaming the photo;
the phone page answers it 400 in one line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from referee.assyria.unseen import BadUnseen, parse_new_wells, parse_turn
from referee.errors import BadOption
from tests.inputs.fuzzing import run_cli

ROOT = Path(__file__).resolve().parents[2]
PHOTO = ROOT / "examples" / "assyria.jpg"


def test_new_wells_are_read_as_the_boards_vertices_of_the_games_colours():
    assert parse_new_wells("RED=H11/H02/H01; blue=H01/H02/H11") == {
        "red": ["H01/H02/H11"], "blue": ["H01/H02/H11"]}
    assert parse_new_wells("none") == {} and parse_new_wells(" ") is None
    assert parse_new_wells({"green": ["H02 H11 H01"]}) == {"green": ["H01/H02/H11"]}


@pytest.mark.parametrize("text, words", [
    ("purple=H01/H02/H11", '"purple" is not a colour of assyria'),
    ("red=H01/H02/H99", "'H99' is not a hex of the board"),
    ("red=H01/H02", "is not a vertex"),
    ("red=H01/H02/H40", "do not meet at a vertex"),
    ("garbage", "write colour=vertex"),
])
def test_a_bad_new_well_is_an_option_error_naming_the_option(text, words):
    with pytest.raises(BadUnseen, match="--new-wells") as caught:
        parse_new_wells(text)
    assert words in str(caught.value)
    assert isinstance(caught.value, ValueError) and isinstance(caught.value, BadOption)


@pytest.mark.parametrize("text", ["9", "0", "nan", "abc", "-1", "1.0"])
def test_a_bad_turn_is_an_option_error(text):
    with pytest.raises(BadUnseen, match="--turn must be 1 to 8"):
        parse_turn(text)


@pytest.mark.parametrize("option, value", [("--new-wells", "purple=H01/H02/H11"),
                                           ("--new-wells", "red=H01/H02/H99"),
                                           ("--turn", "9")])
def test_the_cli_refuses_a_bad_option_in_one_line_without_blaming_the_photo(option, value):
    argv = ["referee", "assyria", str(PHOTO), "--turn", "1", "--new-wells", "none"]
    argv[argv.index(option) + 1] = value
    outcome = run_cli(argv)
    assert outcome.code == 2, outcome
    assert outcome.err.count("\n") == 1 and outcome.err.startswith(f"error: {option}")
    assert str(PHOTO) not in outcome.err


def test_a_colour_not_in_play_is_an_option_error_once_the_players_are_known(tmp_path):
    """Green is a colour of the game, but not a player of this 2-player state: only known
    once the state (or the photo's map) is read, and still the option's fault."""
    out = tmp_path / "sim"
    assert run_cli(["simulate", "assyria", "--players", "2", "--seed", "3",
                    "--out", str(out)]).code == 0
    assert json.loads((out / "state.json").read_text())["players"] == ["red", "blue"]
    outcome = run_cli(["referee", "assyria", str(PHOTO), "--state", str(out / "state.json"),
                       "--new-wells", "green=H01/H02/H11"])
    assert outcome.code == 2, outcome
    assert outcome.err == "error: --new-wells: green is not in play (the players are red, blue)\n"

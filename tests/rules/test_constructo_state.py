"""Constructo's state file: JSON round trip, every problem named, unbuildable stacks
rejected with their tile, piece counts, the example file, move text round trip."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from pnp.rules.constructo import (
    ChoosePattern,
    Move,
    MoveSyntaxError,
    Place,
    StateError,
    apply,
    is_round_over,
    legal_actions,
    parse_move,
    read_state,
    round_points,
    state_and_problems,
)
from pnp.rules.constructo.game import initial_state
from tests.rules.test_constructo_rules import EXAMPLE_END, WORKED, pieces, state_data

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "constructo-state.json"


def problems(data) -> list[tuple[str, str]]:
    state, found = state_and_problems(data)
    assert state is None and found
    return [(p.code, p.where) for p in found]


def lines(data) -> list[str]:
    with pytest.raises(StateError) as info:
        read_state(data)
    return info.value.lines


# -- round trip -----------------------------------------------------------------------------
def test_json_round_trip_of_every_position_in_random_games():
    for seed in range(4):
        rng, position = random.Random(seed), initial_state(seed)
        while legal_actions(position):
            data = position.to_json()
            assert read_state(json.loads(json.dumps(data))) == position
            assert json.loads(position.to_text()) == data
            position = apply(position, rng.choice(legal_actions(position)))


def test_empty_tiles_may_be_listed_as_empty_stacks():
    data = state_data(WORKED)
    data["stacks"]["2,2"] = []
    assert read_state(data) == read_state(state_data(WORKED))


# -- unbuildable stacks ---------------------------------------------------------------------
@pytest.mark.parametrize(("text", "why"), [
    ("wR bS", "a small disc goes only onto a medium disc, never onto a ring"),
    ("wS bM", "a medium disc goes only onto a ring, never onto a small disc"),
    ("wM bR", "a ring goes only onto a small disc, never onto a medium disc"),
    ("wM bM", "never onto a medium disc"),
    ("wR wM", "its owner's own piece"),
    ("bS wR bM wR", "a ring goes only onto a small disc, never onto a medium disc"),
    ("wR bM wS wR", "its owner's own piece")])
def test_a_stack_the_rules_cannot_build_is_an_error_naming_the_tile(text, why):
    data = state_data({**WORKED, "2,2": text})
    found = lines(data)
    assert any(line.startswith("tile 2,2: the rules cannot build this stack")
               and why in line for line in found), found
    assert not any(line.startswith(("tile 1,0", "tile 1,1")) for line in found)


@pytest.mark.parametrize("text", ["wS bR", "bS wR bM", "wR bM wS", "wM bS wR bM wS bR wM",
                                  "bR wM bS wR bM"])
def test_stacks_the_cycle_builds_are_accepted(text):
    assert read_state(state_data({"1,1": text}))


def test_a_position_reached_by_play_is_accepted_with_the_same_stacks():
    position = initial_state(2, pattern="rhombus")
    for text in ("place small 1,1", "place ring 1,0", "place ring 0,0", "move 1,0 1,1",
                 "place medium 1,0", "place small 2,2", "move 1,0 1,1"):
        position = apply(position, parse_move(text))
    assert position.to_json()["stacks"]["1,1"] == pieces("wS bR wM")
    assert read_state(position.to_json()) == position


# -- other problems, each named, all at once ------------------------------------------------
def test_every_problem_is_reported_at_once_and_named():
    data = state_data(WORKED)
    data.update(game="chess", pattern="square", turn="red", round=3, extra=1)
    data["scores"]["white"] = -1
    del data["players"]
    found = problems(data)
    for expected in [("wrong-game", "game"), ("bad-pattern", "pattern"), ("bad-turn", "turn"),
                     ("bad-round", "round"), ("unknown-key", "extra"),
                     ("missing-key", "players"), ("bad-scores", "scores.white")]:
        assert expected in found


def test_pieces_on_the_tiles_and_in_the_supply_make_three_of_each():
    data = state_data(WORKED)
    data["supply"]["black"]["ring"] = 3
    assert lines(data) == ["supply.black.ring: 2 black ring(s) on the tiles + 3 in the supply "
                           "= 5, not 3"]
    four = {"0,0": "wR", "1,0": "wR", "2,0": "wR", "0,1": "wR"}
    assert ("bad-supply", "supply.white.ring") in problems(state_data(four)), "-1 in supply"
    data = state_data(four)
    data["supply"]["white"]["ring"] = 0
    assert problems(data) == [("piece-count", "supply.white.ring")]


@pytest.mark.parametrize(("change", "expected"), [
    (lambda d: d["stacks"].update({"5,5": pieces("wR")}), ("off-board", "tile 5,5")),
    (lambda d: d["stacks"].update({"01,0": pieces("wR")}), ("bad-tile", "stacks")),
    (lambda d: d["stacks"].update({"a": pieces("wR")}), ("bad-tile", "stacks")),
    (lambda d: d["stacks"].update({"2,2": "wR"}), ("bad-stack", "tile 2,2")),
    (lambda d: d["stacks"].update({"2,2": [{"owner": "red", "piece": "ring"}]}),
     ("bad-owner", "tile 2,2 level 1")),
    (lambda d: d["stacks"].update({"2,2": [{"owner": "white", "piece": "cube"}]}),
     ("bad-piece", "tile 2,2 level 1")),
    (lambda d: d["stacks"].update({"2,2": [{"owner": "white"}]}),
     ("bad-piece", "tile 2,2 level 1")),
    (lambda d: d.update(players=["white", "white"]), ("bad-players", "players")),
    (lambda d: d.update(round=True), ("bad-round", "round")),
    (lambda d: d.update(scores={"white": 1, "black": 0}), ("bad-scores", "scores")),
    (lambda d: d.update(round=2, scores={"white": 6, "black": 4}), ("bad-scores", "scores")),
    (lambda d: d.update(supply={"white": {}}), ("bad-supply", "supply")),
    (lambda d: d["supply"]["white"].update(ring=1.0), ("bad-supply", "supply.white.ring")),
    (lambda d: d.update(stacks=[]), ("bad-stacks", "stacks"))])
def test_named_problems(change, expected):
    data = state_data(WORKED)
    change(data)
    assert expected in problems(data)


def test_a_state_that_is_not_an_object():
    assert lines([1, 2]) == ["state: must be a JSON object"]


def test_tiles_of_each_pattern():
    triangle = state_data({"3,0": "wR"}, pattern="triangle")
    assert read_state(triangle)
    assert ("off-board", "tile 3,0") in problems(state_data({"3,0": "wR"}))
    assert read_state(state_data({"-2,0": "wR", "2,0": "bR"}, pattern="spindle"))
    assert ("off-board", "tile 2,-1") in problems(state_data({"2,-1": "wR"},
                                                             pattern="spindle"))


def test_a_state_naming_the_gone_flower_is_refused_in_one_line():
    assert lines(state_data({}, pattern="flower")) == [
        "pattern: unknown pattern 'flower' (choose from: rhombus, triangle, spindle; the "
        "flower was the rhombus turned, and is gone)"]


# -- the example file -----------------------------------------------------------------------
EXAMPLE_PLAY = [
    "place ring 1,1", "place medium 2,1", "place medium 1,0", "move 2,1 1,1",
    "place small 2,1", "place small 2,0", "move 2,1 1,1", "move 2,0 1,0", "place ring 2,0",
    "place ring 2,1", "move 2,0 1,0", "move 2,1 1,1", "place small 0,0", "place medium 0,1",
    "move 0,0 0,1", "place ring 0,2", "place small 1,2", "move 0,2 1,2",
    # the worked example's four tiles are built; the rest of the round:
    "place medium 0,0", "place medium 0,2", "place medium 2,0", "place small 2,1",
    "place ring 2,2", "move 2,1 2,0"]


def test_the_example_file_is_a_finished_round_1_reached_by_play():
    position = initial_state(0, pattern="rhombus")
    for text in EXAMPLE_PLAY:
        position = apply(position, parse_move(text))
    example = read_state(json.loads(EXAMPLE.read_text()))
    assert example == position == read_state(state_data(EXAMPLE_END))
    assert is_round_over(example) and example.round == 1
    worked = {t: s for t, s in example.stacks.items() if t in {(1, 0), (1, 2), (0, 1), (1, 1)}}
    assert round_points(worked) == {"white": 2, "black": 1}
    assert round_points(example.stacks) == {"white": 2, "black": 2}


# -- move text ------------------------------------------------------------------------------
def test_move_text_round_trips_for_every_legal_action():
    for seed in range(3):
        rng, position = random.Random(seed), initial_state(seed)
        while actions := legal_actions(position):
            for action in actions:
                assert parse_move(str(action)) == action
            position = apply(position, rng.choice(actions))


def test_move_text_notation():
    assert parse_move("place ring 1,0") == Place("ring", (1, 0))
    assert parse_move("move 0,0 1,0") == Move((0, 0), (1, 0))
    assert parse_move("move -2,1 -1,0") == Move((-2, 1), (-1, 0))
    assert parse_move("pattern spindle") == ChoosePattern("spindle")
    assert parse_move("  Place  SMALL 2, -1 ") == Place("small", (2, -1))
    assert str(Move((-2, 1), (-1, 1))) == "move -2,1 -1,1"


@pytest.mark.parametrize(("text", "why"), [
    ("place cube 1,0", "not a piece"), ("pattern square", "unknown pattern 'square'"),
    ("pattern flower", r"choose from: rhombus, triangle, spindle; the flower was"),
    ("move 0,0", "not an action"), ("pass", "not an action"), ("", "not an action")])
def test_bad_move_text(text, why):
    with pytest.raises(MoveSyntaxError, match=why):
        parse_move(text)

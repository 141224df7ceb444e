"""`pnp score|check|simulate constructo` through the GameRules adapter."""

from __future__ import annotations

import json

import pytest

from pnp.games import get_commands, get_game
from pnp.rules.api import GameRules, RulesError
from pnp.rules.constructo import read_state
from pnp.rules.constructo.commands import COMMANDS
from pnp.rules.options import names
from tests.rules.test_constructo_rules import EXAMPLE_END, WORKED, state, state_data
from tests.rules.test_constructo_state import EXAMPLE


def test_registered_with_the_protocols():
    assert get_commands("constructo") is COMMANDS and isinstance(COMMANDS, GameRules)
    assert get_game("constructo").player_counts == (2,)
    assert names(COMMANDS.check_options) == ("move", "tile")
    assert names(COMMANDS.simulate_options) == ("pattern",)


def test_read_state_raises_rules_error_with_one_line_per_problem():
    data = state_data({**WORKED, "2,2": "wR bS"})
    data["round"] = 0
    with pytest.raises(RulesError) as info:
        COMMANDS.read_state(data)
    assert len(info.value.lines) == 2
    assert info.value.lines[1].startswith("tile 2,2: the rules cannot build this stack")


# -- score ----------------------------------------------------------------------------------
def test_score_the_example_file():
    report = COMMANDS.score_report(COMMANDS.read_state(json.loads(EXAMPLE.read_text())))
    assert report.data["towers"] == [{"tile": "1,0", "top": "white"},
                                     {"tile": "2,0", "top": "black"},
                                     {"tile": "0,1", "top": "white"},
                                     {"tile": "1,1", "top": "black"}]
    assert report.data["round_points"] == {"white": 2, "black": 2}
    assert report.data["total"] == {"white": 2, "black": 2}
    assert report.data["winners"] == [], "round 2 is still to play"
    assert report.data["round_over"] is True
    assert "black starts round 2" in report.lines[0]
    assert "tower 1,1: 4 pieces, black ring on top" in report.lines


def test_score_after_round_2_names_the_winner_from_the_totals():
    report = COMMANDS.score_report(state(EXAMPLE_END, round_=2, scores=(3, 1)))
    assert report.data["total"] == {"white": 5, "black": 3}
    assert report.data["winners"] == ["white"] and "winner: white" in report.lines
    draw = COMMANDS.score_report(state(EXAMPLE_END, round_=2, scores=(1, 1)))
    assert draw.data["winners"] == ["white", "black"] and "draw: white and black" in draw.lines


def test_score_in_play_says_so_and_names_no_winner():
    report = COMMANDS.score_report(state(WORKED, round_=2, scores=(4, 4)))
    assert report.data["round_over"] is False and report.data["winners"] == []
    assert report.data["total"] == {"white": 6, "black": 5}
    assert "in play, white to move" in report.lines[0]


# -- check ----------------------------------------------------------------------------------
def test_check_lists_every_legal_action_of_the_player_in_turn():
    # White has only small discs left, two empty tiles, and one lone piece that can move.
    position = state({"0,0": "wM", "1,0": "wS bR", "2,2": "bS wR", "2,1": "bS wR bM",
                      "1,2": "bS wR bM", "0,2": "bR wM", "1,1": "bR wM"})
    assert position.supply["white"] == {"ring": 0, "medium": 0, "small": 2}
    report = COMMANDS.check_report(position, {})
    assert report.data["actions"] == ["place small 2,0", "place small 0,1", "move 0,0 1,0"]
    assert report.data["player"] == "white" and "  move 0,0 1,0" in report.lines


def test_check_between_rounds_offers_the_pattern_choice():
    report = COMMANDS.check_report(read_state(state_data(EXAMPLE_END)), {})
    assert report.data["player"] == "black"
    assert report.data["actions"] == ["pattern rhombus", "pattern triangle", "pattern spindle"]
    over = COMMANDS.check_report(state(EXAMPLE_END, round_=2), {})
    assert over.data["player"] is None and over.data["actions"] == []


def test_check_a_move_says_whether_it_is_legal_and_why_not():
    # "Can my medium disc go there?" White medium on 0,0; black small on 0,1, ring on 1,0.
    position = state({"0,0": "wM", "1,0": "bR", "0,1": "bS"})
    no = COMMANDS.check_report(position, {"move": "move 0,0 0,1"})
    assert no.data == {"move": "move 0,0 0,1", "player": "white", "legal": False,
                       "reason": "a medium disc goes only onto a ring, and the top piece on "
                                 "0,1 is black's small disc."}
    assert no.lines == [f"move 0,0 0,1: illegal for white: {no.data['reason']}"]
    yes = COMMANDS.check_report(position, {"move": " MOVE 0,0  1,0"})
    assert yes.data["legal"] is True and yes.data["reason"] is None
    assert yes.lines[0].startswith("move 0,0 1,0: legal for white: the white medium disc "
                                   "onto black's ring, making a tower")


def test_check_a_ring_around_a_small_disc_is_legal_but_no_tower():
    report = COMMANDS.check_report(state({"0,0": "wR", "1,0": "bS"}), {"move": "move 0,0 1,0"})
    assert report.data["legal"] and "no tower" in report.lines[0]


@pytest.mark.parametrize(("query", "why"), [
    ({"move": "jump 0,0"}, "not an action"), ({"move": 3}, "must be text"),
    ({"target": "Y07"}, "takes only a move")])
def test_check_queries_that_make_no_sense(query, why):
    with pytest.raises(RulesError, match=why):
        COMMANDS.check_report(state(WORKED), query)


# -- simulate -------------------------------------------------------------------------------
def test_simulate_is_deterministic_and_writes_a_final_state_and_a_log():
    a, b = COMMANDS.simulate(11, {}), COMMANDS.simulate(11, {})
    assert a == b and set(a.files) == {"state.json", "log.txt"}
    assert COMMANDS.simulate(12, {}).files != a.files
    final = COMMANDS.read_state(json.loads(a.files["state.json"]))
    report = COMMANDS.score_report(final)
    assert final.round == 2 and report.data["round_over"] and report.data["winners"]
    total = report.data["total"]
    assert f"white {total['white']}, black {total['black']}" in a.summary
    log = a.files["log.txt"].splitlines()
    assert log[-1].startswith(f"total: white {total['white']}, black {total['black']}")
    assert sum(line.startswith("round 2: black chooses pattern") for line in log) == 1


def test_simulate_with_a_pattern_plays_both_rounds_on_it():
    sim = COMMANDS.simulate(5, {"pattern": "spindle"})
    assert sim.summary.startswith("spindle then spindle")
    assert json.loads(sim.files["state.json"])["pattern"] == "spindle"
    with pytest.raises(RulesError, match="unknown pattern 'square'"):
        COMMANDS.simulate(5, {"pattern": "square"})
    with pytest.raises(RulesError) as info:
        COMMANDS.simulate(5, {"pattern": "flower"})
    assert info.value.lines == ["unknown pattern 'flower' (choose from: rhombus, triangle, "
                                "spindle; the flower was the rhombus turned, and is gone)"]


def test_simulated_logs_replay_to_the_final_state():
    from pnp.rules.constructo import ChoosePattern, apply, parse_move
    from pnp.rules.constructo.game import initial_state

    sim = COMMANDS.simulate(21, {})
    log = sim.files["log.txt"].splitlines()
    first = log[1].split(" on the ")[1].split()[0]
    position = initial_state(21, pattern=first)
    for line in log[2:]:
        if line.startswith(("1.", "2.")):
            position = apply(position, parse_move(line.split(None, 2)[2]))
        elif line.startswith("round 2:"):
            position = apply(position, ChoosePattern(line.split("pattern ")[1].split()[0]))
    assert position.to_text() == sim.files["state.json"]


def test_check_a_move_after_the_round_ended_names_the_player_in_turn():
    end = read_state(state_data(EXAMPLE_END))
    report = COMMANDS.check_report(end, {"move": "place ring 2,1"})
    assert report.data["player"] == "white" and report.data["legal"] is False
    assert "round 1 is over" in report.data["reason"]
    choice = COMMANDS.check_report(end, {"move": "pattern spindle"})
    assert choice.data["player"] == "black" and choice.data["legal"] is True


def test_check_a_tile_says_what_stands_there_and_the_actions_from_or_onto_it():
    """The phone page's tap on a tile: the worked example's (1,0) is a tower
    topped by white's ring (ruling "Play"); an empty tile offers each placement onto it."""
    data = json.loads(EXAMPLE.read_text())
    s = read_state(data)
    report = COMMANDS.check_report(s, {"tile": "1,0"})
    assert report.data["tower"] is True and report.data["top"] == "white"
    assert [p["piece"] for p in report.data["stack"]] == ["medium", "small", "ring"]
    empty = next(f"{q},{r}" for q in range(3) for r in range(3)
                 if f"{q},{r}" not in data["stacks"])
    here = COMMANDS.check_report(s, {"tile": empty})
    assert here.data["stack"] == [] and here.lines[0] == f"tile {empty}: empty"
    assert all(empty in a.split() for a in here.data["actions"])
    for bad in ("9,9", "1, 0", 3):
        with pytest.raises(RulesError):
            COMMANDS.check_report(s, {"tile": bad})
    with pytest.raises(RulesError):
        COMMANDS.check_report(s, {"tile": "1,0", "move": "place ring 0,0"})

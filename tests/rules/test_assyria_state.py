"""The state file: JSON in and out, every problem named, and the commands adapter
(score, check, simulate) on it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.rules.api import GameRules, RulesError
from pnp.rules.assyria.commands import COMMANDS
from pnp.rules.assyria.game import simulate
from pnp.rules.assyria.read import read_state, state_from_json
from pnp.rules.assyria.state import StateError
from pnp.rules.options import names

from .test_assyria_positions import FOUR, START, at, position

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "assyria-state.json"


def problems(data):
    with pytest.raises(StateError) as info:
        read_state(data)
    return {(p.where, p.code) for p in info.value.problems}


def test_state_json_round_trips():
    state, _ = simulate(4, 3)
    data = state.to_json()
    again = read_state(json.loads(json.dumps(data)))
    assert again.to_json() == data and again.phase == "over"


def test_a_short_hand_written_state_fills_the_piles():
    s = read_state(position(hands={"red": ["plough", "date-1", "date-1"]}))
    assert s.ploughs["red"] == 1 and s.used_ploughs == 3     # 4 in play, 1 held
    assert sum(s.deck.values()) == 38 and s.deck["date-1"] == 1
    assert sorted(s.expansion_deck.elements()) == [2, 2, 3, 3, 3, 3, 4, 4]
    assert s.hut_stock("red") == 10 and s.well_stock() == 16


def test_shape_problems_are_all_listed_by_name():
    data = position(colour="red", turn=9, phase="lunch", huts={"H99": "red", "H00": "pink"},
                    camels={"red": 11}, wells=["H00/H01/H05"], hands={"blue": ["steak"]})
    got = problems(data)
    assert {("colour", "unknown-key"), ("turn", "out-of-range"), ("phase", "bad-field"),
            ("huts.H99", "no-such-hex"), ("huts.H00", "unknown-player"),
            ("camels.red", "out-of-range"), ("wells[0]", "no-such-vertex"),
            ("hands.blue[0]", "unknown-card")} <= got


def test_rule_problems_are_all_listed_by_name():
    base = START[4]["red"]
    data = position(huts={base: "red", at(9, 1): "red"} | {
        h: "blue" for h in ("H00", "H01", "H02", "H03", "H04", "H05", "H11", "H12",
                            "H13", "H15")},
        ashur={"low": ["blue"], "high": ["red", "blue", "green", "yellow"]},
        wells=["H01/H02/H11", "H02/H03/H12"], hands={"red": ["plough", "plough"]},
        expansion=[4, 3], used_ploughs=0)
    data["ziggurats"][at(0, 4)] = {"owner": "green", "level": 1}
    got = problems(position(FOUR[:3], huts={at(9, 1): "red"}))
    assert ("huts.H95", "not-in-play") in got          # column 9 is unused with 3 players
    got = problems(data)
    assert {("huts.H10", "occupied"), ("huts", "too-many-huts"),
            ("ashur.high", "ashur-full"), ("wells.H02/H03/H12", "well-site"),
            ("ziggurats.H04", "ziggurat-site"), ("hands.red", "ploughs"),
            ("used_ploughs", "ploughs"), ("expansion", "expansion-cards")} <= got


def test_food_cards_and_phase_bookkeeping_are_checked():
    got = problems(position(deck={"wild": 5}, hands={"red": ["wild"]}))
    assert ("deck", "food-cards") in got
    got = problems(position(phase="huts", this_turn={"huts_to_place": 4}, to_move=None))
    assert ("to_move", "to-move") in got
    got = problems(position(turn=3, phase="reign_end", expansion=[2]))
    assert ("phase", "phase") in got
    got = problems(position(phase="actions", new_wells={"red": ["H01/H02/H11"]}))
    assert ("new_wells", "phase") in got and ("new_wells.red", "well-site") in got
    # decision phases the engine would have left: no move for the player
    assert ("this_turn.huts_to_place", "this-turn") in problems(
        position(phase="huts", to_move="red"))
    assert ("phase", "phase") in problems(
        position(phase="supply", to_move="red", huts={"H00": "red"},
                 hands={"red": ["date-1"]}))


def test_not_an_object_and_missing_fields():
    with pytest.raises(StateError, match="JSON object"):
        state_from_json([1, 2])
    assert {("players", "missing-field"), ("turn", "missing-field"),
            ("phase", "missing-field")} <= problems({"game": "assyria"})


# -- the commands adapter --------------------------------------------------------------------
def test_commands_follow_the_protocol():
    assert isinstance(COMMANDS, GameRules)
    assert names(COMMANDS.check_options) == ("hut", "well", "ashur")
    assert names(COMMANDS.simulate_options) == ("players",)


def test_score_report_of_the_example_file():
    state = COMMANDS.read_state(json.loads(EXAMPLE.read_text()))
    rep = COMMANDS.score_report(state)
    assert rep.data["due"] == ["reign_end"]
    players = rep.data["players"]
    # the ruling's worked example 2 (A red, B blue, C green, D yellow): 14, 9, 13, 11
    assert {c: p["score_after"] - p["score_before"] for c, p in players.items()} == \
        {"red": 14, "blue": 9, "green": 13, "yellow": 11}
    assert players["green"]["camels_after"] == 10        # 9 + 2 stops at 10
    floods = {c: next(x["count"] for x in p["lines"] if x["item"] == "flood")
              for c, p in players.items()}
    assert floods == {"red": 1, "blue": 2, "green": 1, "yellow": 2}
    assert "  green: +13 points, +2 camels" in rep.lines
    assert rep.data["scorings"][0]["ashur_cards"] == [4, 4, 3, 2]


def test_score_report_when_nothing_is_due():
    rep = COMMANDS.score_report(read_state(position()))
    assert rep.data["due"] == [] and "no scoring is due" in rep.lines[1]


def test_bad_state_file_is_one_line_per_problem():
    with pytest.raises(RulesError) as info:
        COMMANDS.read_state({"game": "assyria", "players": ["red"], "turn": 1,
                             "phase": "actions"})
    assert len(info.value.lines) == 1 and "players" in info.value.lines[0]


def test_check_hut_supplied_income_and_placement():
    state = read_state(json.loads(EXAMPLE.read_text()))
    rep = COMMANDS.check_report(state, {"hut": "blue@H13"})
    hut = rep.data["hut"]
    assert hut["region"] == "lower" and hut["supplied"] is True
    assert hut["income"] == {"river": "lower", "huts_on_river": 2, "camels": 5}
    assert hut["placement"]["allowed"] is False           # the hex is taken
    rep = COMMANDS.check_report(state, {"hut": "blue@H12"})
    assert rep.data["hut"]["placement"]["allowed"] is True   # next to blue's H13
    assert any("new hut of blue here: yes" in line for line in rep.lines)
    rep = COMMANDS.check_report(state, {"hut": "red@H05"})
    assert rep.data["hut"]["placement"]["reasons"] == ["no hut or ziggurat of red next to it"]
    # during red's supply step: fed or not yet
    s = read_state(position(phase="supply", to_move="red", hands={"red": ["date-1"]},
                            huts={at(0, 1): "red", at(0, 0): "red"},
                            this_turn={"supplied": [at(0, 0)]}))
    assert COMMANDS.check_report(s, {"hut": at(0, 0)}).data["hut"]["supplied"] is True
    data = COMMANDS.check_report(s, {"hut": at(0, 1)}).data["hut"]
    assert data["supplied"] is False and data["feeders"] == ["date-1"]


def test_check_well_and_ashur():
    state = read_state(json.loads(EXAMPLE.read_text()))
    rep = COMMANDS.check_report(state, {"well": "H15/H25/H26"})
    assert rep.data["well"]["has_well"] and not rep.data["well"]["allowed"]
    rep = COMMANDS.check_report(state, {"well": "H82/H83/H92"})
    assert "it touches a between-the-rivers hex" in rep.data["well"]["reasons"]
    s = read_state(position(huts={at(0, 1): "red", at(1, 1): "red", at(0, 2): "red"}))
    rep = COMMANDS.check_report(s, {"well": "1,1,-1"})
    assert rep.data["well"]["allowed"] and rep.data["well"]["player"] == "red"
    assert rep.data["well"]["points"] == 6
    rep = COMMANDS.check_report(state, {"ashur": True})
    assert [r["player"] for r in rep.data["ashur"]["ranking"]] == ["green", "red", "blue",
                                                                   "yellow"]
    assert rep.lines[2].startswith("1. green: influence 4, 3 hut(s)")


def test_check_well_asks_for_supplied_huts():
    # ruling II.E: three red huts in red's supply step, none supplied, one wild in hand
    huts = {at(0, 1): "red", at(1, 1): "red", at(0, 2): "red"}
    s = read_state(position(phase="supply", to_move="red", huts=huts,
                            hands={"red": ["wild"]}))
    well = COMMANDS.check_report(s, {"well": "1,1,-1"}).data["well"]
    assert not well["allowed"] and well["player"] == "red"
    assert well["reasons"] == [f"red's cards (wild) cannot supply its huts on "
                               f"{at(0, 1)}, {at(0, 2)}, {at(1, 1)}"]
    # two of them supplied already: the wild can supply the third
    s = read_state(position(phase="supply", to_move="red", huts=huts,
                            hands={"red": ["wild"]},
                            this_turn={"supplied": [at(0, 1), at(1, 1)]}))
    rep = COMMANDS.check_report(s, {"well": "1,1,-1"})
    assert rep.data["well"]["allowed"] and rep.data["well"]["to_supply"] == [at(0, 2)]
    assert f"once its huts on {at(0, 2)} are supplied" in rep.lines[-1]
    # worked example 1's cards supply all three (date-1, salt-2, wild; the plough too)
    s = read_state(position(phase="huts", to_move="red", huts=huts,
                            this_turn={"huts_to_place": 1},
                            hands={"red": ["date-1", "salt-2", "wild"]}))
    assert COMMANDS.check_report(s, {"well": "1,1,-1"}).data["well"]["allowed"]
    # the food must match: grape-3 cannot supply the date and salt huts
    s = read_state(position(phase="huts", to_move="red", huts=huts,
                            this_turn={"huts_to_place": 1},
                            hands={"red": ["grape-3"]}))
    assert not COMMANDS.check_report(s, {"well": "1,1,-1"}).data["well"]["allowed"]


def test_check_refuses_bad_queries_in_one_line():
    state = read_state(position())
    for query, text in (({}, "ask about"), ({"hut": "pink@H01"}, "not playing"),
                        ({"hut": "H01"}, "is empty"), ({"well": "H00/H01/H05"}, "do not meet"),
                        ({"hut": "red@Z9"}, "not a hex")):
        with pytest.raises(RulesError, match=text):
            COMMANDS.check_report(state, query)


def test_simulate_is_deterministic_and_readable():
    a = COMMANDS.simulate(11, {"players": 3})
    b = COMMANDS.simulate(11, {"players": 3})
    assert a == b and set(a.files) == {"state.json", "log.txt"}
    final = read_state(json.loads(a.files["state.json"]))
    assert final.phase == "over" and final.n == 3
    log = a.files["log.txt"]
    assert log.startswith("assyria seed 11, 3 players") and "end of reign 3" in log
    assert "winner" in a.summary and str(max(final.score.values())) in a.summary
    assert COMMANDS.simulate(12, {"players": 3}) != a
    with pytest.raises(RulesError, match="2, 3 or 4"):
        COMMANDS.simulate(1, {"players": 5})


def test_the_docs_example_is_worked_example_1():
    doc = (EXAMPLE.parents[1] / "docs" / "assyria-rules-core.md").read_text()
    block = doc.split("```json\n", 1)[1].split("```", 1)[0]
    rep = COMMANDS.score_report(COMMANDS.read_state(json.loads(block)))
    red = rep.data["players"]["red"]
    assert (red["score_after"], red["camels_after"]) == (9, 5)


def test_move_notation_round_trips_and_refuses_nonsense():
    from pnp.rules.assyria.moves import MoveSyntaxError, parse_move
    for text in ("start H10", "draft date-1", "harvest 2", "hut H23", "feed salt-2 H11 H12",
                 "feed wild H02", "well H01/H02/H11", "build H23", "centre H23", "roof H23",
                 "ashur high", "offer", "buy plough", "buy date-2", "pass", "continue"):
        assert str(parse_move(text)) == text
    assert str(parse_move("well 1,1,-1")) == "well H01/H02/H11"
    assert str(parse_move("feed SALT-2 h12 1,1")) == "feed salt-2 H11 H12"
    for text in ("", "hut", "hut H99", "feed date-1", "feed date-1 H01 H01", "ashur top",
                 "draft plough", "harvest 0", "well H00/H01/H05", "buy steak", "fly"):
        with pytest.raises(MoveSyntaxError):
            parse_move(text)

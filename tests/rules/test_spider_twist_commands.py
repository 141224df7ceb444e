"""`pnp score|check|simulate spider-twist` through the GameRules adapter."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.games import get_commands, get_game
from pnp.rules.api import GameRules, RulesError, random_playout
from pnp.rules.options import names
from pnp.rules.spider_twist.commands import COMMANDS
from pnp.rules.spider_twist.game import playout
from pnp.rules.spider_twist.read import position

EXAMPLE = Path(__file__).parents[2] / "examples" / "spider-twist-state.json"


def example():
    return COMMANDS.read_state(json.loads(EXAMPLE.read_text()))


def test_registered():
    assert get_commands("spider-twist") is COMMANDS and isinstance(COMMANDS, GameRules)
    game = get_game("spider-twist")
    assert game.player_counts == (2,) and game.editions == ()
    assert names(COMMANDS.check_options) == ("disturb",)
    assert names(COMMANDS.simulate_options) == ("web",)


def test_read_state_gives_every_problem_as_rules_error_lines():
    with pytest.raises(RulesError) as exc:
        COMMANDS.read_state({"game": "spider-twist", "web": "rings"})
    assert len(exc.value.lines) == 8 and all(line.startswith("missing key")
                                             for line in exc.value.lines)


def test_score_report():
    s = position("rings", "C", {"S0R1": "white", "S1R1": "black"},
                 mated={"white": 3, "black": 1}, eaten={"white": 5, "black": 8})
    report = COMMANDS.score_report(s)
    assert report.data == {"players": {"white": {"mated": 3, "eaten": 5, "points": 1},
                                       "black": {"mated": 1, "eaten": 8, "points": -6}},
                           "winners": ["white"], "over": True}
    assert report.lines[0] == "spider-twist rings: over (black has only 1 male left)"
    assert report.lines[-1] == "winner: white"
    running = COMMANDS.score_report(example())
    assert running.data["over"] is False and running.data["winners"] == []
    assert "white's turn" in running.lines[0]


def test_check_the_pending_disturbance_of_the_example():
    report = COMMANDS.check_report(example(), {})
    d = report.data
    assert (d["disturb"], d["by"], d["chooser"], d["reach"], d["distance"]) == \
        ("S3R3", "white", "black", 2, 4)
    assert d["counted"] == [{"node": "S3R1", "colour": "black"},
                            {"node": "S3R3", "colour": "white"}]
    assert len(d["routes"]) == 4 and sum(r["eating"] for r in d["routes"]) == 2
    assert {o["stops_at"] for o in d["outcomes"]} == {"S1R3"}
    assert all(o["eats"] == "black" for o in d["outcomes"])
    assert "eating routes win: 2 of 4" in report.lines
    assert report.lines[-1] == "she stops on S1R3 and eats the black male whichever walk"
    assert COMMANDS.check_report(example(), {"disturb": "S3R3"}).data == d
    assert COMMANDS.check_report(example(), {"disturb": " s3r3"}).data == d


def test_check_with_a_die_on_her():
    s = position("rings", "S0R2", {"S2R3": "white", "S5R1": "black"}, die=1)
    report = COMMANDS.check_report(s, {"disturb": "S2R3"})
    assert report.data["outcomes"] == [] and report.data["die"] == {"before": 1, "after": None}
    assert "does not react" in report.lines[-1]


def test_check_a_disturbance_on_the_centre():
    s = position("rings", "S0R1", {"C": "white", "S4R2": "black", "S4R4": "black"})
    report = COMMANDS.check_report(s, {"disturb": "C"})
    assert report.data["reach"] == 3 and report.data["spoke"] == 4
    assert "a spoke with most males" in report.lines[1]


@pytest.mark.parametrize(("query", "message"), [
    ({"disturb": "S9R9"}, "no node 'S9R9' on the rings web"),
    ({"disturb": "S0R2"}, "S0R2 is the female's node"),
    ({"disturb": "S4R4"}, "no male on S4R4"),
    ({"disturb": ["S3R3"]}, "a node name such as S3R1"),
    ({"disturb": "P14"}, "no node 'P14' on the rings web"),
    ({"target": "Y07"}, "takes only disturb"),
])
def test_check_refuses_queries_that_make_no_sense(query, message):
    with pytest.raises(RulesError, match=message):
        COMMANDS.check_report(example(), query)


def test_check_without_a_node_or_a_pending_disturbance():
    s = position("rings", "C", {"S3R1": "white"})
    with pytest.raises(RulesError, match="name the node of the disturbance"):
        COMMANDS.check_report(s, {})


@pytest.mark.parametrize("web", ["rings", "spiral"])
def test_simulate_is_deterministic_and_writes_state_and_log(web):
    a = COMMANDS.simulate(11, {"web": web})
    b = COMMANDS.simulate(11, {"web": web})
    assert a == b and set(a.files) == {"state.json", "log.txt"}
    assert COMMANDS.simulate(12, {"web": web}).files != a.files
    final = COMMANDS.read_state(json.loads(a.files["state.json"]))
    assert final.web == web and final.is_over()
    log = a.files["log.txt"].splitlines()
    assert log[0] == f"spider-twist {web} seed 11" and log[1].startswith("start rolls:")
    assert log[-1].startswith(("winner:", "draw:")) and web in a.summary


def test_simulate_plays_the_api_playout():
    game = get_game("spider-twist")
    state, moves = random_playout(game, 5, 2, web="spiral")
    played = playout(5, "spiral")
    assert played.state == state and played.moves == len(moves)
    assert f"spiral web, {played.turns} turns, {len(moves)} moves" in \
        COMMANDS.simulate(5, {"web": "spiral"}).summary


def test_simulate_default_web_and_a_bad_one():
    assert COMMANDS.simulate(2, {}).files == COMMANDS.simulate(2, {"web": "rings"}).files
    with pytest.raises(RulesError, match="unknown web 'flat'"):
        COMMANDS.simulate(2, {"web": "flat"})

"""The state file: JSON round trip and every problem named in one line."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from pnp.rules.spider_twist import StateError, read_state, state_and_problems
from pnp.rules.spider_twist.game import GAME, initial_state, random_move
from pnp.rules.spider_twist.play import apply
from pnp.rules.spider_twist.read import position

EXAMPLE = Path(__file__).parents[2] / "examples" / "spider-twist-state.json"

GOOD = {
    "game": "spider-twist", "web": "rings", "players": ["white", "black"], "turn": "white",
    "female": "S0R2", "die": None,
    "males": [{"colour": "black", "node": "S3R1", "done": False},
              {"colour": "black", "node": "S1R3", "done": False},
              {"colour": "white", "node": "S2R3", "done": False},
              {"colour": "white", "node": "S3R3", "done": True}],
    "stock": {"white": 5, "black": 6}, "mated": {"white": 1, "black": 0},
    "eaten": {"white": 2, "black": 2},
}


def codes(data):
    state, problems = state_and_problems(data)
    assert (state is None) == bool(problems)
    return [p.code for p in problems]


def changed(**changes):
    data = copy.deepcopy(GOOD)
    for key, value in changes.items():
        if value is ...:
            del data[key]
        else:
            data[key] = value
    return data


def test_the_issue_format_reads_with_the_extras_defaulted():
    s = read_state(GOOD)
    assert s.males == {"S3R1": "black", "S1R3": "black", "S2R3": "white", "S3R3": "white"}
    assert s.done == {"S3R3"} and s.react is None and not s.roll and s.moved == []
    no_done = changed(males=[{"colour": "white", "node": "S0R1"}],
                      stock={"white": 6, "black": 8})
    assert read_state(no_done).done == set()


def test_round_trip_through_json_and_text():
    s = read_state(json.loads(EXAMPLE.read_text()))
    assert s.react == "S3R3" and s.moved == [("S3R4", "S3R3")]
    assert read_state(s.to_json()) == s
    assert read_state(json.loads(s.to_text())) == s
    assert json.loads(s.to_text()) == s.to_json()


def test_round_trip_in_the_middle_of_random_games():
    import random
    for web in ("rings", "spiral"):
        rng = random.Random(3)
        state = initial_state(3, web=web)
        seen = set()
        for _ in range(120):
            if state.is_over():
                break
            assert GAME.state_from_json(json.loads(json.dumps(GAME.state_to_json(state)))) \
                == state
            seen |= {k for k in ("react", "roll", "die") if getattr(state, k)}
            state = apply(state, random_move(state, rng))
        assert {"react", "roll", "die"} <= seen, "the round trip met pending choices and dice"


def test_position_derives_the_stock():
    s = position("spiral", "P14", {"C": "white", "P6": "white", "P26": "black"},
                 mated={"white": 2}, eaten={"black": 3})
    assert s.stock == {"white": 6, "black": 6}


@pytest.mark.parametrize(("data", "code"), [
    ([], "not-an-object"),
    (changed(colour="red"), "unknown-key"),
    (changed(die=...), "missing-key"),
    (changed(game="asterion"), "wrong-game"),
    (changed(web="flat"), "unknown-web"),
    (changed(players=["white", "white"]), "bad-players"),
    (changed(turn="red"), "bad-colour"),
    (changed(female="S3R9"), "unknown-node"),
    (changed(female=12), "unknown-node"),
    (changed(die=7), "bad-die"),
    (changed(die=True), "bad-die"),
    (changed(males={"S3R1": "black"}), "wrong-type"),
    (changed(stock={"white": 5, "black": "six"}), "bad-count"),
    (changed(stock={"white": 5, "black": 11}), "bad-count"),
    (changed(stock={"white": 5}), "missing-key"),
    (changed(roll="yes"), "wrong-type"),
    (changed(react="S9R9"), "unknown-node"),
    (changed(this_turn={"placed": "S3R3"}), "not-an-entry"),
    (changed(this_turn={"moves": [["S3R1", "S3R3"]]}), "not-adjacent"),
    (changed(this_turn={"moves": "S3R1-S3R2"}), "wrong-type"),
    (changed(this_turn={"moved": []}), "unknown-key"),
])
def test_each_problem_is_named(data, code):
    assert code in codes(data)


def test_male_problems_name_the_male():
    males = copy.deepcopy(GOOD["males"])
    males[1]["node"] = "S3R1"
    males[2]["node"] = "S0R2"
    males[3]["colour"] = "grey"
    males.append({"colour": "white", "node": "S5R5", "done": "no", "hat": 1})
    with pytest.raises(StateError) as exc:
        read_state(changed(males=males))
    lines = exc.value.lines
    assert "males[1].node: two males on S3R1 (also males[0])" in lines
    assert any(line.startswith("males[3].colour: 'grey' is not a colour") for line in lines)
    assert any(line.startswith("males[4].done: must be true or false") for line in lines)
    assert any(line.startswith("males[4]: unknown key 'hat'") for line in lines)
    assert {p.code for p in exc.value.problems} >= {"shared-node", "bad-colour", "wrong-type",
                                                    "unknown-key"}


def test_a_male_on_the_female_and_counts_that_are_not_ten():
    males = [*GOOD["males"], {"colour": "white", "node": "S0R2", "done": False}]
    assert "male-on-female" in codes(changed(males=males))
    with pytest.raises(StateError) as exc:
        read_state(changed(stock={"white": 7, "black": 6}))
    assert exc.value.lines == ["white: 12 males (web 2 + stock 7 + mated 1 + eaten 2); each "
                               "player has 10"]
    assert codes(changed(stock={"white": 5, "black": 4})) == ["too-few-males"]
    eleven = [{"colour": "white", "node": f"S{s}R{r}", "done": False}
              for s in range(6) for r in (4, 5)]
    assert "too-many-males" in codes(changed(males=eleven))


def test_pending_states_must_make_sense():
    assert "react-with-die" in codes(changed(react="S3R3", die=3))
    assert "react-without-male" in codes(changed(react="S3R1"))       # black's male
    assert "two-pending" in codes(changed(react="S3R3", roll=True))
    assert "roll-with-die" in codes(changed(roll=True, die=2))
    assert "turned-out-of-turn" in codes(changed(turn="black"))       # white's S3R3 turned
    assert codes(changed(react="S3R3")) == []


def test_every_problem_at_once_one_line_each():
    data = changed(game="chess", female="X", die=0, turn=None, surprise=True)
    with pytest.raises(StateError) as exc:
        read_state(data)
    assert len(exc.value.lines) == 5
    assert all("\n" not in line and len(line) < 160 for line in exc.value.lines)


def test_a_spiral_node_on_the_rings_web_names_the_rings_nodes():
    with pytest.raises(StateError) as exc:
        read_state(changed(female="P14"))
    assert exc.value.lines == ["female: unknown node 'P14' (nodes on the rings web: C, "
                               "S0R1..S9R5 (S<spoke 0-9>R<ring 1-5>))"]

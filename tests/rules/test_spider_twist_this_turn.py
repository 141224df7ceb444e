"""Impossible turns in a Spider Twist state file are refused with a named problem, legal
ones never are; node names are read in either case everywhere."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import pytest

from pnp.rules.spider_twist import read_state, state_and_problems
from pnp.rules.spider_twist.game import initial_state
from pnp.rules.spider_twist.moves import Female, Place, Step, parse_move
from pnp.rules.spider_twist.play import apply_in_place, legal_moves
from tests.inputs.fuzzing import run_cli

EXAMPLE = Path(__file__).parents[2] / "examples" / "spider-twist-state.json"


def example(**this_turn) -> dict:
    """The example (white to move, female on S0R2, a reaction pending on S3R3) with
    `this_turn` replaced; no reaction pending unless the turn disturbed her."""
    data = json.loads(EXAMPLE.read_text())
    data["this_turn"] = {"placed": None, "moves": [], "mated": None, **this_turn}
    if not data["this_turn"]["moves"]:
        data["react"] = None
    return data


def problems(data: dict) -> list[tuple[str, str]]:
    return [(p.code, p.where) for p in state_and_problems(data)[1]]


def test_the_same_move_twice_is_refused():
    twice = [["S3R4", "S3R3"], ["S3R4", "S3R3"]]
    assert problems(example(moves=twice)) == [("moved-twice", "this_turn.moves[1]")]
    (problem,) = state_and_problems(example(moves=twice))[1]
    assert "the same move twice (this_turn.moves[0])" in problem.message


def test_a_male_who_moved_does_not_move_again():
    on = [["S3R4", "S3R3"], ["S3R3", "S4R3"]]
    assert problems(example(moves=on)) == [("moved-twice", "this_turn.moves[1]")]


def test_fifty_thousand_moves_are_one_problem():
    many = example(moves=[["S3R4", "S3R3"]] * 50_000)
    assert problems(many) == [("too-many-moves", "this_turn.moves")]


def test_a_lone_mating_came_from_next_to_her():
    """Only a placement or a move disturbs her: with neither this turn she is where the
    mating male met her (S0R2's neighbours: S0R1, S0R3, S9R2, S1R2)."""
    assert problems(example(mated="S0R3")) == []
    assert problems(example(mated="S5R5")) == [("mated-too-far", "this_turn.mated")]
    occupied = example(mated="S0R1")
    occupied["males"].append({"colour": "black", "node": "S0R1", "done": False})
    occupied["stock"]["black"] -= 1
    assert problems(occupied) == [("mated-from-occupied", "this_turn.mated")]


def test_every_state_of_random_games_reads_back_matings_included():
    """Legal play is never refused: after a mating she may walk away on a later move (her
    node then is not next to where he came from)."""
    alone = far = 0
    for web in ("rings", "spiral"):
        for seed in range(30):
            rng, state = random.Random(seed), initial_state(seed, web=web)
            while moves := legal_moves(state):
                apply_in_place(state, rng.choice(moves))
                assert read_state(state.to_json()).to_json() == state.to_json()
                if state.mating is not None:
                    alone += not state.moved and state.placed is None
                    far += not state.graph.is_adjacent(state.mating, state.female)
    assert alone > 10 and far > 10


def _lower(data: dict) -> dict:
    low = copy.deepcopy(data)
    low["female"] = low["female"].lower()
    low["react"] = low["react"].lower()
    for male in low["males"]:
        male["node"] = male["node"].lower()
    low["this_turn"]["moves"] = [[a.lower(), b] for a, b in low["this_turn"]["moves"]]
    return low


def test_lowercase_node_names_read_as_upper_case_in_a_state_file(tmp_path):
    data = json.loads(EXAMPLE.read_text())
    assert read_state(_lower(data)).to_json() == read_state(data).to_json()
    path = tmp_path / "lower.json"
    path.write_text(json.dumps(_lower(data)))
    upper = run_cli(["check", "spider-twist", str(EXAMPLE), "--disturb", "S3R3"])
    lower = run_cli(["check", "spider-twist", str(path), "--disturb", "s3r3"])
    assert lower.code == upper.code == 0 and lower.out == upper.out
    assert problems({**data, "female": "s9r9"})[0][0] == "unknown-node"


def test_lowercase_node_names_read_as_upper_case_in_moves():
    assert parse_move("place s3r1") == Place("S3R1")
    assert parse_move("s3r2-S3R3") == Step("S3R2", "S3R3")
    assert parse_move("female s0r2-c") == Female(("S0R2", "C"))


@pytest.mark.parametrize("value", [3, None, ["S3R1"], "", " s3r1x"])
def test_a_node_that_is_not_a_name_is_refused(value):
    data = json.loads(EXAMPLE.read_text())
    assert ("unknown-node", "female") in problems({**data, "female": value})

"""`pnp score|check|simulate GAME` is one generic dispatcher over every game's GameRules."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from pnp.games import game_names
from tests.inputs.fuzzing import run_cli

GAMES = game_names("commands")


def test_every_game_with_rules_is_dispatched():
    assert {"asterion", "spider-twist", "constructo"} <= set(GAMES)


@pytest.mark.parametrize("game", GAMES)
def test_simulate_then_score_the_final_state(game, tmp_path):
    first, second = tmp_path / "a", tmp_path / "b"
    for out in (first, second):
        outcome = run_cli(["simulate", game, "--seed", "5", "--out", str(out)])
        assert outcome.code == 0 and outcome.out.startswith("wrote "), outcome.err
    files = sorted(p.name for p in first.iterdir())
    assert files and files == sorted(p.name for p in second.iterdir())
    for name in files:
        assert (first / name).read_bytes() == (second / name).read_bytes(), "same seed"
    state = next(p for p in first.iterdir() if p.suffix == ".json")
    text = run_cli(["score", game, str(state)])
    data = run_cli(["score", game, str(state), "--json"])
    assert text.code == 0 and data.code == 0, text.err + data.err
    assert text.out.strip() and json.loads(data.out)


@pytest.mark.parametrize("game", GAMES)
def test_a_state_of_another_game_is_one_error_per_problem(game, tmp_path):
    path = tmp_path / "other.json"
    other = "constructo" if game != "constructo" else "spider-twist"
    path.write_text(json.dumps({"game": other}))
    outcome = run_cli(["score", game, str(path)])
    assert outcome.code == 2 and outcome.problems() == []
    assert all(line.startswith(f"error: {path}: ") for line in outcome.err.splitlines())


def test_an_option_of_another_game_is_refused(tmp_path):
    outcome = run_cli(["simulate", "constructo", "--web", "rings", "--out", str(tmp_path)])
    assert outcome.code == 2 and "--web does not apply to `pnp simulate constructo`" in outcome.err
    outcome = run_cli(["check", "asterion", "examples/endgame.json", "--disturb", "C"])
    assert outcome.code == 2 and "(it takes: TARGET)" in outcome.err
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("game", GAMES)
def test_every_game_lists_its_pieces(game):
    text = run_cli(["pieces", game])
    data = run_cli(["pieces", game, "--json"])
    assert text.code == 0 and data.code == 0, text.err + data.err
    assert text.out.startswith(game) and json.loads(data.out)["game"] == game
    edition = run_cli(["pieces", game, "--edition", "crete"])
    if game == "asterion":
        assert edition.code == 0 and edition.out == text.out
    else:
        assert edition.code == 2 and edition.err.startswith(
            f"error: --edition does not apply to `pnp pieces {game}`")


def test_the_pieces_name_what_check_takes():
    pieces = json.loads(run_cli(["pieces", "constructo", "--json"]).out)
    tile = pieces["patterns"]["rhombus"][4]
    outcome = run_cli(["check", "constructo", "examples/constructo-state.json", "--tile", tile])
    assert outcome.code == 0 and outcome.out.startswith(f"tile {tile}: ")
    nodes = json.loads(run_cli(["pieces", "spider-twist", "--json"]).out)["nodes"]["rings"]
    assert "S3R3" in nodes and len(nodes) == 51


def test_an_unknown_game_names_the_games(tmp_path):
    outcome = run_cli(["score", "chess", "examples/endgame.json"])
    assert outcome.code == 2 and "unknown game 'chess'" in outcome.err
    assert "asterion" in outcome.err


def test_spider_twist_disturbance_from_the_example():
    outcome = run_cli(["check", "spider-twist", "examples/spider-twist-state.json",
                       "--disturb", "S3R3", "--json"])
    assert outcome.code == 0, outcome.err
    data = json.loads(outcome.out)
    assert data["reach"] == 2
    assert {o["stops_at"] for o in data["outcomes"]} == {"S1R3"}
    assert {o["eats"] for o in data["outcomes"]} == {"black"}


def test_constructo_move_dispute_from_the_example():
    outcome = run_cli(["check", "constructo", "examples/constructo-state.json", "--json"])
    assert outcome.code == 0, outcome.err
    data = json.loads(outcome.out)
    assert data["round_over"] and data["player"] == "black"
    assert data["actions"] == ["pattern rhombus", "pattern triangle", "pattern spindle"]
    outcome = run_cli(["check", "constructo", "examples/constructo-state.json", "--move",
                       "place ring 2,1"])
    assert outcome.code == 0 and "illegal for white: round 1 is over" in outcome.out


def test_constructo_refuses_the_gone_flower_in_one_line(tmp_path):
    # ruling "Components": the flower was the rhombus turned; naming it is refused with a
    # line that lists the three patterns
    three = "choose from: rhombus, triangle, spindle"
    outcome = run_cli(["simulate", "constructo", "--pattern", "flower", "--out",
                       str(tmp_path / "sim")])
    assert outcome.code == 2 and three in outcome.err
    assert len(outcome.err.strip().splitlines()) == 1
    state = json.loads(Path("examples/constructo-state.json").read_text())
    (tmp_path / "flower.json").write_text(json.dumps(state | {"pattern": "flower"}))
    outcome = run_cli(["score", "constructo", str(tmp_path / "flower.json")])
    assert outcome.code == 2 and three in outcome.err
    assert len(outcome.err.strip().splitlines()) == 1
    outcome = run_cli(["check", "constructo", "examples/constructo-state.json", "--move",
                       "pattern flower"])
    assert outcome.code == 2 and three in outcome.err


def test_spider_twist_check_draws_the_reaction(tmp_path):
    picture = tmp_path / "reaction.png"
    outcome = run_cli(["check", "spider-twist", "examples/spider-twist-state.json",
                       "--disturb", "S3R3", "--overlay", str(picture)])
    assert outcome.code == 0, outcome.err
    assert picture.read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    assert f"picture written to {picture}" in outcome.err
    outcome = run_cli(["check", "spider-twist", "examples/spider-twist-state.json",
                       "--disturb", "S3R3", "--overlay", "examples/spider-twist-state.json"])
    assert outcome.code == 2 and "would overwrite the input" in outcome.err

"""`pnp simulate`'s options as a new user types them: --players 0 is refused like
1, 99 and -3 (it was taken for "not given"), an option a game does not take is refused even
when it is 0, and whatever seed simulate takes, `pnp score` reads the state it writes."""

from __future__ import annotations

import pytest

from pnp import games
from pnp.rules.api import SEEDS
from tests.inputs.fuzzing import run_cli


@pytest.mark.parametrize("game", ["asterion", "assyria"])
@pytest.mark.parametrize("players", ["0", "1", "99", "-3"])
def test_players_outside_2_to_4_are_refused_in_one_line(tmp_path, game, players):
    outcome = run_cli(["simulate", game, "--players", players, "--out", str(tmp_path)])
    assert outcome.code == 2 and outcome.out == ""
    assert outcome.err == f"error: --players must be 2, 3 or 4 for {game}, not {players}\n"
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("game", ["spider-twist", "constructo"])
@pytest.mark.parametrize("players", ["0", "3"])
def test_players_is_refused_where_it_does_not_apply(tmp_path, game, players):
    outcome = run_cli(["simulate", game, "--players", players, "--out", str(tmp_path)])
    assert outcome.code == 2 and outcome.err.count("\n") == 1
    assert outcome.err.startswith(f"error: --players does not apply to `pnp simulate {game}`")
    assert not list(tmp_path.iterdir())


@pytest.mark.parametrize("game", games.game_names("rules"))
@pytest.mark.parametrize("seed", [-1, *SEEDS])
def test_pnp_score_reads_what_pnp_simulate_writes_for_any_seed(tmp_path, game, seed):
    assert run_cli(["simulate", game, "--seed", str(seed), "--out", str(tmp_path)]).code == 0
    (state,) = tmp_path.glob("*.json")
    outcome = run_cli(["score", game, str(state)])
    assert outcome.code == 0, outcome.err


def test_a_seed_beyond_64_bits_is_refused(tmp_path):
    for seed in (SEEDS[0] - 1, SEEDS[1] + 1):
        outcome = run_cli(["simulate", "assyria", "--seed", str(seed), "--out", str(tmp_path)])
        assert outcome.code == 2 and outcome.err == "error: --seed must fit in 64 bits\n"

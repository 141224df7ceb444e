"""Constructo's phone-page seam: tap a tile for the rules' answer
about it; a stack the photo could not show offers its candidates, and the answer is
rescored by the rules core."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from pnp.rules.constructo.commands import COMMANDS
from pnp.rules.constructo.read import read_state
from referee.constructo import REFEREE
from referee.errors import CorrectionError
from tests.referee.conftest import read_once
from tests.referee.test_constructo_referee import band_hidden

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_every_tile_is_a_place_whose_query_the_rules_answer():
    verdict = read_once(REFEREE, EXAMPLES / "constructo.jpg")
    places = REFEREE.places(verdict)
    assert len(places) == 9
    for place in places:
        assert place.query == {"tile": place.label}
        assert np.asarray(place.outline).shape == (6, 2)
        report = COMMANDS.check_report(verdict.rules_state(), place.query)
        assert report.data["stack"] == verdict.state["stacks"].get(place.label, [])
    assert any(COMMANDS.check_report(verdict.rules_state(), p.query).data["tower"]
               for p in places)
    assert REFEREE.corrections(verdict) == []


def test_a_hidden_band_offers_both_stacks_and_the_answer_is_rescored():
    verdict = read_once(REFEREE, EXAMPLES / "constructo.jpg")
    tile, image = band_hidden(verdict)
    hidden = read_once(REFEREE, image)
    fixes = REFEREE.corrections(hidden)
    key = f"tile {tile.place[0]},{tile.place[1]}"
    fix = next(c for c in fixes if c.key == key)
    assert len(fix.choices) >= 2
    value = ",".join(f"{o}:{k}" for o, k in tile.look.stack())    # as seen unhidden
    assert value in {v for v, _ in fix.choices}
    fixed = REFEREE.correct(hidden, {key: value})
    assert fixed.is_certain, fixed.problems
    assert fixed.state["stacks"] == verdict.state["stacks"]
    assert fixed.score_report().data["round_points"] == COMMANDS.score_report(
        read_state(verdict.state)).data["round_points"]
    with pytest.raises(CorrectionError):
        REFEREE.correct(hidden, {key: "white:small,white:small"})
    with pytest.raises(CorrectionError):
        REFEREE.correct(hidden, {"tile 9,9": "empty"})

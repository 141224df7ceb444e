"""Assyria's photo referee on generated photos (referee/assyria/synth.py) of random legal
states due their turn's scoring, judged against the truth; a covered hex; the overlay; the
CLI on the example photo."""

from __future__ import annotations

import json
from dataclasses import replace
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest

from pnp.cli import main
from pnp.geometry import assyria as geometry
from pnp.rules.assyria.commands import COMMANDS
from referee.assyria import REFEREE
from referee.assyria.evaluate import judge, visible
from referee.assyria.problems import HEX_UNCLEAR, STATE_NEEDED
from referee.assyria.synth import photo, simulated_state
from referee.errors import BadOption, NoMarkers
from referee.synth import PRESETS, transform

from .conftest import read_once

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


@cache
def shot(seed: int, megapixels: float = 12.0):
    state = simulated_state(seed, 4)
    return state, photo(state, replace(PRESETS["default"], megapixels=megapixels), seed)


def test_a_clean_photo_reads_every_hut_and_ziggurat_exactly():
    state, picture = shot(3)
    verdict = read_once(REFEREE, picture.jpeg, state=state)
    assert verdict.is_certain, verdict.problems
    assert visible(verdict.state) == visible(state)
    assert len(state["huts"]) >= 8 and {z["level"] for z in state["ziggurats"].values()} \
        == {1, 2, 3}
    outcome = judge(verdict, state)
    assert outcome.state_right and outcome.score_right
    truth = COMMANDS.score_report(COMMANDS.read_state(state)).data
    assert verdict.score_report().data["players"] == truth["players"]


def test_the_judge_catches_a_wrong_board():
    state, picture = shot(3)
    verdict = read_once(REFEREE, picture.jpeg, state=state)
    name = next(iter(state["huts"]))
    verdict = replace(verdict, state=dict(verdict.state, huts={
        **verdict.state["huts"], name: "green" if state["huts"][name] != "green" else "red"}))
    outcome = judge(verdict, state)
    assert not outcome.state_right and outcome.pieces_right == outcome.pieces - 1


def paint(image: np.ndarray, h: np.ndarray, centre, radius_mm: float) -> np.ndarray:
    """A grey card lying on the board: a disc of `radius_mm` round `centre` (board mm)."""
    out = image.copy()
    ring = np.array([[centre[0] + radius_mm * np.cos(a), centre[1] + radius_mm * np.sin(a)]
                     for a in np.linspace(0, 2 * np.pi, 40, endpoint=False)])
    cv2.fillPoly(out, [np.round(transform(h, ring)).astype(np.int32)], (150, 152, 155))
    return out


def test_a_covered_hex_is_flagged_never_read_empty():
    state, picture = shot(3)
    places = {p.name: p for p in geometry.hexes()}
    hut = next(iter(state["huts"]))
    empty = next(p.name for p in geometry.hexes()
                 if p.name not in state["huts"] and p.name not in state["ziggurats"])
    image = picture.image
    for name in (hut, empty):
        image = paint(image, picture.homography, places[name].centre, 15.0)
    verdict = REFEREE.read(image, state=state)
    assert not verdict.is_certain
    flagged = {p.cell for p in verdict.problems if p.code == HEX_UNCLEAR}
    assert {(places[hut].q, places[hut].r), (places[empty].q, places[empty].r)} <= flagged
    assert hut not in verdict.state["huts"]          # not guessed either


def test_the_overlay_draws_pieces_and_problems():
    state, picture = shot(3)
    verdict = read_once(REFEREE, picture.jpeg, state=state)
    drawn = REFEREE.draw_overlay(verdict)
    assert drawn.ndim == 3 and drawn.shape[2] == 3 and drawn.std() > 10
    unsure = read_once(REFEREE, picture.jpeg)        # no --state: a problem, drawn too
    assert [p.code for p in unsure.problems] == [STATE_NEEDED]
    assert REFEREE.draw_overlay(unsure).shape[2] == 3


def test_without_state_the_board_is_read_but_nothing_scored():
    state, picture = shot(3)
    verdict = read_once(REFEREE, picture.jpeg)
    assert verdict.exit_code == 3 and verdict.score_report() is None
    assert visible(verdict.state) == visible(state)


def test_bad_input_is_one_clear_error(tmp_path):
    _state, picture = shot(3)
    with pytest.raises(BadOption):
        REFEREE.read(picture.jpeg, players="7")
    bad = tmp_path / "bad.json"
    bad.write_text('{"game": "assyria"}')
    with pytest.raises(BadOption):
        REFEREE.read(picture.jpeg, state=bad)
    with pytest.raises(NoMarkers):
        REFEREE.read(np.full((600, 800, 3), 200, np.uint8))


def test_the_example_photo_scores_as_its_state_file(capsys, tmp_path):
    given = EXAMPLES / "assyria-photo-state.json"
    truth = json.loads(given.read_text())
    overlay = tmp_path / "overlay.png"
    code = main(["referee", "assyria", str(EXAMPLES / "assyria.jpg"), "--state", str(given),
                 "--json", "--overlay", str(overlay)])
    seen = json.loads(capsys.readouterr().out)
    assert code == 0
    expected = COMMANDS.score_report(COMMANDS.read_state(truth)).data
    assert truth["phase"] == "income" and expected["due"] == ["income"]
    assert seen["players"] == expected["players"]
    assert overlay.stat().st_size > 0

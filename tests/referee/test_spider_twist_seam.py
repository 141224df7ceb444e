"""Spider Twist's phone-page seam: tap a male for the female's
reaction to a disturbance there; a node the photo could not read offers its candidates,
and the answer is checked and rescored by the rules core."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest

from pnp.rules.spider_twist.commands import COMMANDS
from referee.errors import CorrectionError
from referee.spider_twist import REFEREE

from .conftest import read_once

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_every_male_is_a_place_asking_the_females_reaction():
    verdict = read_once(REFEREE, EXAMPLES / "spider-twist.jpg")
    places = REFEREE.places(verdict)
    males = {m["node"] for m in verdict.state["males"]}
    assert {p.label for p in places} == males
    place = places[0]
    assert place.query == {"disturb": place.label} and place.overlay == place.query
    assert set(place.overlay) <= set(REFEREE.overlay_options)
    report = COMMANDS.check_report(verdict.rules_state(), place.query)
    assert report.lines
    assert REFEREE.draw_overlay(verdict, **place.overlay).ndim == 3
    assert REFEREE.corrections(verdict) == []


def test_a_covered_node_offers_its_candidates_and_the_answer_is_rescored():
    verdict = read_once(REFEREE, EXAMPLES / "spider-twist.jpg")
    male = next(p for p in verdict.pieces if p.what == "male")
    image = cv2.imread(str(EXAMPLES / "spider-twist.jpg"))
    scale = verdict.photo.scale
    r = 60
    at = np.round(np.array(male.point)).astype(int)
    cv2.circle(image, tuple(int(v) for v in at), r, (95, 125, 180), -1)   # a fingertip
    del scale
    covered = REFEREE.read(image)
    key = f"node {male.node}"
    fix = next((c for c in REFEREE.corrections(covered) if c.key == key), None)
    if fix is None:
        pytest.skip(f"the fingertip was not flagged at {male.node}: {covered.problems}")
    assert "empty" in {v for v, _ in fix.choices}
    value = male.colour + ("-done" if male.done else "")
    fixed = REFEREE.correct(covered, {key: value})
    assert fixed.state is not None
    assert fixed.state["males"] == verdict.state["males"] or sorted(
        map(str, fixed.state["males"])) == sorted(map(str, verdict.state["males"]))
    with pytest.raises(CorrectionError):
        REFEREE.correct(covered, {key: "purple"})

"""Assyria's phone-page seam (referee/assyria/corrections.py): a tapped hut asks the rules
`check --hut colour@hex`; each doubt offers what can be true there, and an answer is
judged by the rules core again."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from pnp.geometry import assyria as geometry
from pnp.rules.assyria.commands import COMMANDS
from referee.assyria import REFEREE
from referee.assyria.evaluate import visible
from referee.assyria.problems import HEX_UNCLEAR, LEVEL_UNCLEAR, TRACK_UNCLEAR
from referee.assyria.synth import simulated_state
from referee.errors import CorrectionError
from referee.problems import RefereeProblem

from .conftest import read_once
from .test_assyria_referee import paint, shot


def _read(image, state):
    return read_once(REFEREE, image, turn=state["turn"], new_wells=state["new_wells"])


def test_a_tapped_hut_asks_the_rules_whether_it_is_supplied():
    state, picture = shot(3)
    verdict = _read(picture.jpeg, state)
    places = REFEREE.places(verdict)
    assert {p.query["hut"] for p in places} == {f"{c}@{h}" for h, c in state["huts"].items()}
    place = places[0]
    assert len(place.outline) == 6                        # the hex, in photo px
    report = COMMANDS.check_report(verdict.rules_state(), place.query)
    assert report.lines and "hut" in report.data


def test_a_covered_hut_offers_empty_or_each_players_hut_and_the_answer_is_rescored():
    state, picture = shot(3)
    hexes = {p.name: p for p in geometry.hexes()}
    hut, colour = next(iter(state["huts"].items()))
    image = paint(picture.image, picture.homography, hexes[hut].centre, 15.0)
    verdict = _read(image, state)
    offered = {c.key: c for c in REFEREE.corrections(verdict)}
    question = offered[f"hex {hut}"]
    assert verdict.problems[question.problems[0]].code == HEX_UNCLEAR
    assert {v for v, _w in question.choices} == {"empty"} | {f"hut {c}"
                                                             for c in state["players"]}
    fixed = REFEREE.correct(verdict, {f"hex {hut}": f"hut {colour}"})
    assert fixed.is_certain, fixed.problems
    assert visible(fixed.state) == visible(state)
    truth = COMMANDS.score_report(COMMANDS.read_state(state))
    assert fixed.score_report().data == truth.data
    assert not verdict.is_certain                           # the verdict as read is kept


def test_an_unclear_level_and_a_hidden_disc_are_answered():
    state, picture = shot(3)
    verdict = _read(picture.jpeg, state)
    assert verdict.is_certain
    zig, info = next(iter(state["ziggurats"].items()))
    hx = next(p for p in geometry.hexes() if p.name == zig)
    colour = state["order"][0]
    doubted = dict(verdict.state, ziggurats={n: z for n, z in verdict.state["ziggurats"].items()
                                             if n != zig},
                   order=[*state["order"][1:], colour])
    unsure = replace(verdict, state=doubted, problems=[
        RefereeProblem(LEVEL_UNCLEAR, "level?", (hx.q, hx.r), None),
        RefereeProblem(TRACK_UNCLEAR, "turn?", ("turn", colour), None)])
    offered = {c.key: c for c in REFEREE.corrections(unsure)}
    assert set(offered) == {f"level {zig}", f"turn {colour}"}
    fixed = REFEREE.correct(unsure, {f"level {zig}": str(info["level"]),
                                     f"turn {colour}": "1"})
    assert fixed.is_certain, fixed.problems
    assert visible(fixed.state) == visible(state)


def test_answers_not_on_offer_are_refused():
    state, picture = shot(3)
    verdict = _read(picture.jpeg, state)
    with pytest.raises(CorrectionError):
        REFEREE.correct(verdict, {"hex H00": "empty"})
    assert REFEREE.correct(verdict, {}) is verdict
    hexes = {p.name: p for p in geometry.hexes()}
    hut = next(iter(state["huts"]))
    image = paint(picture.image, picture.homography, hexes[hut].centre, 15.0)
    unsure = _read(image, state)
    with pytest.raises(CorrectionError):
        REFEREE.correct(unsure, {f"hex {hut}": "hut purple"})


def test_an_answer_the_rules_refuse_stays_a_problem():
    state, picture = shot(3)
    hexes = {p.name: p for p in geometry.hexes()}
    hut = next(iter(state["huts"]))
    image = paint(picture.image, picture.homography, hexes[hut].centre, 15.0)
    unsure = _read(image, state)
    # a hut on a hex the 4-player map does not have is impossible; here: too many huts
    crowded = dict(unsure.state, huts={**{h: state["players"][0]
                                          for h in list(hexes)[:10]
                                          if h not in unsure.state["ziggurats"]},
                                       **unsure.state["huts"]})
    fixed = REFEREE.correct(replace(unsure, state=crowded), {f"hex {hut}":
                                                             f"hut {state['players'][0]}"})
    assert any(p.code == "invalid-layout" and "too-many-huts" in p.message
               for p in fixed.problems)


def test_a_colour_with_discs_but_no_piece_on_the_map_can_be_answered_as_no_player():
    from referee.assyria import pipeline, tracks, unseen
    from referee.assyria.verdict import AssyriaVerdict, PieceSeen

    truth = simulated_state(5, 2)                        # red and blue play
    players = [*truth["players"], "yellow"]              # yellow: a print's tint, read as discs
    board = {**{h: ("hut", c, None) for h, c in truth["huts"].items()},
             **{h: ("ziggurat", z["owner"], z["level"])
                for h, z in truth["ziggurats"].items()}}
    seen = [(t, c, f"{t}-{v}", (0.0, 0.0)) for t, key in (("score", "score"),
                                                          ("camel", "camels"),
                                                          ("offering", "offering"))
            for c, v in {**truth[key], "yellow": 4}.items()]
    seen += [("turn", c, f"turn-{k}", (0.0, 0.0))
             for k, c in enumerate([*truth["order"], "yellow"], 1)]
    reading = tracks.TrackReading(seen=seen)
    state = dict(unseen.neutral_state(players, truth["turn"]), **visible_parts(truth))
    state.update(score={**truth["score"], "yellow": 4}, camels={**truth["camels"], "yellow": 4},
                 offering={**truth["offering"], "yellow": 4},
                 order=[*truth["order"], "yellow"])
    verdict = AssyriaVerdict(state, pipeline.discs_without_pieces(board, players, reading,
                                                                  np.eye(3)),
                             np.eye(3), pieces=[PieceSeen(k, c, h, lv, (0.0, 0.0), (0.0, 0.0))
                                                for h, (k, c, lv) in board.items()],
                             neutral=True)
    offered = {c.key: c for c in REFEREE.corrections(verdict)}
    assert set(offered) == {"score yellow", "camel yellow", "offering yellow", "turn yellow"}
    assert all("none" in {v for v, _w in c.choices} for c in offered.values())
    fixed = REFEREE.correct(verdict, {"score yellow": "none"})
    assert fixed.is_certain, fixed.problems
    assert fixed.state["players"] == truth["players"]
    assert visible(fixed.state) == visible(truth)
    truth_score = COMMANDS.score_report(COMMANDS.read_state(truth))
    assert fixed.score_report().data == truth_score.data
    # yellow answered as a player: its discs stand as read, and the rules still refuse a
    # player with no ziggurat on the map
    kept = REFEREE.correct(verdict, {c: "4" if c != "turn yellow" else "3" for c in offered})
    assert kept.state["players"] == players
    assert any(p.code == "invalid-layout" for p in kept.problems)


def visible_parts(state):
    return {k: state[k] for k in ("huts", "ziggurats", "wells", "ashur", "new_wells", "turn")}

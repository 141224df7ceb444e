"""Assyria's tracks from the photo: each player's disc on the score, camel, offering and
turn-order tracks and the huts in Ashur (referee/assyria/tracks.py), on generated photos
whose discs the generator puts down as players do; without --state, --turn scores the
turn's income; a covered disc is a problem, never a guess."""

from __future__ import annotations

import json

import numpy as np

from pnp.cli import main
from pnp.geometry import assyria as geometry
from pnp.rules.assyria.commands import COMMANDS
from referee.assyria import REFEREE, fan, tracks
from referee.assyria.evaluate import visible
from referee.assyria.problems import STATE_NEEDED, TRACK_UNCLEAR
from referee.assyria.synth import track_places

from .conftest import read_once
from .test_assyria_referee import EXAMPLES, paint, shot


def _truth_report(state):
    return COMMANDS.score_report(COMMANDS.read_state(state))


def test_the_generator_puts_every_disc_and_ashur_hut_down():
    state, _picture = shot(3)
    places = track_places(state)
    n = len(state["players"])
    assert sum(kind == "disc" for kind, _c, _sp in places) == 4 * n     # 4 discs each
    assert (sum(kind == "hut" for kind, _c, _sp in places)
            == sum(len(v) for v in state["ashur"].values()))
    assert ("disc", state["order"][0], "turn-1") in places


def test_without_a_state_the_turn_scores_the_income_as_the_truth():
    state, picture = shot(3)
    verdict = read_once(REFEREE, picture.jpeg, turn=state["turn"], new_wells=state["new_wells"])
    assert verdict.is_certain, verdict.problems
    assert visible(verdict.state) == visible(state)          # board and tracks
    truth = _truth_report(state)
    assert verdict.score_report().lines == truth.lines
    assert verdict.score_report().data == truth.data
    assert verdict.neutral and verdict.state["hands"] == {c: [] for c in state["players"]}


def test_the_photos_tracks_win_over_the_state_files():
    state, picture = shot(3)
    stale = json.loads(json.dumps(state))
    first = state["players"][0]
    stale["score"][first] += 7
    stale["camels"][first] = (state["camels"][first] + 3) % 11
    verdict = REFEREE.read(picture.jpeg, state=stale)
    assert verdict.is_certain, verdict.problems
    assert verdict.state["score"] == state["score"]
    assert verdict.state["camels"] == state["camels"]


def test_a_covered_disc_is_a_problem_not_a_guess():
    state, picture = shot(3)
    space = next(sp for sp in geometry.turn_spaces() if sp.id == "turn-1")
    image = paint(picture.image, picture.homography, space.centre, 8.5)
    verdict = REFEREE.read(image, turn=state["turn"], new_wells={})
    codes = {(p.code, tuple(p.cell or ())) for p in verdict.problems}
    assert (TRACK_UNCLEAR, ("turn", state["order"][0])) in codes
    assert verdict.exit_code == 3


def test_no_state_and_no_turn_reads_but_does_not_score():
    state, picture = shot(3)
    verdict = read_once(REFEREE, picture.jpeg)
    assert [p.code for p in verdict.problems] == [STATE_NEEDED]
    assert verdict.score_report() is None
    assert visible(verdict.state) == visible(state)


def test_the_readme_command_scores_the_example_without_a_state(capsys):
    truth = json.loads((EXAMPLES / "assyria-photo-state.json").read_text())
    code = main(["referee", "assyria", str(EXAMPLES / "assyria.jpg"), "--turn",
                 str(truth["turn"]), "--new-wells", "none", "--json"])
    seen = json.loads(capsys.readouterr().out)
    assert code == 0
    assert seen["players"] == _truth_report(truth).data["players"]


def test_a_top_disc_seen_from_the_side_reaches_over_the_line_as_the_camera_leans():
    # seed 7's photo 061 (35 degrees, 3 MP): red on top of yellow on score 45, its top
    # face seen 2-3 mm onto score 46 (a third of its share there)
    spaces = {sp.id: sp for sp in tracks.tracked_spaces()}
    home, over = spaces["score-45"], spaces["score-46"]
    leaning = fan.reach_over(home.box, 2, tracks.space_boxes()[over.id],
                             np.array([0.63, 0.85]), tracks.TPPM)
    straight = fan.reach_over(home.box, 2, tracks.space_boxes()[over.id], np.zeros(2),
                              tracks.TPPM)
    assert straight < 0.01 < 0.06 < leaning
    share = {home.id: {"red": 0.17, "yellow": 0.056}, over.id: {"red": 0.064, "yellow": 0.0}}
    assert len(tracks.spilt_over([home, over], share, ["red", "yellow"], "red")) == 2
    assert tracks.spilt_over([home, over], share, ["red", "yellow"], "red",
                             reach=lambda a, b: leaning) == [home]
    # a disc of its own there (a whole disc's share) is more than any disc reaches over
    share[over.id]["red"] = 0.3
    assert len(tracks.spilt_over([home, over], share, ["red", "yellow"], "red",
                                 reach=lambda a, b: leaning)) == 2

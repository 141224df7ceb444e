"""The referee seam the page uses, below HTTP: read options for a form, places to tap,
corrections, and where the overlay puts a photo point (`referee.overlay.framed`)."""

from __future__ import annotations

from dataclasses import replace

import numpy as np
import pytest

from pnp import games
from pnp.rules.options import Option
from referee.api import GameReferee, Verdict
from referee.asterion.problems import TOMB_UNCERTAIN
from referee.errors import BadOption, CorrectionError
from referee.geometry import project
from referee.overlay import basic_overlay, framed
from referee.problems import RefereeProblem

ASTERION = games.part("asterion", "referee")


def test_asterion_options_read_what_a_player_types_as_the_cli_flags_do():
    options = {o.name: o for o in ASTERION.form_options()}
    assert list(options) == [o.name for o in ASTERION.read_options]
    assert options["edition"].choices == ("crete", "revised")
    assert [options["board"].value(t) for t in ("auto", "yes", "no")] == [None, True, False]
    assert options["players"].value(" y, Blue ") == ["yellow", "blue"]
    assert options["kill_points"].value("yellow=3, b=-1") == {"yellow": 3, "blue": -1}
    for name, value in (("board", True), ("board", None), ("players", ["red", "green"]),
                        ("kill_points", {"red": -2, "green": 5}), ("edition", "revised")):
        assert options[name].value(options[name].show(value)) == value
    for name, text in (("board", "maybe"), ("edition", "deluxe"), ("players", "yellow"),
                       ("players", "yellow,yellow"), ("players", "yellow,pink"),
                       ("kill_points", "yellow=1,y=2"), ("kill_points", "yellow=99999"),
                       ("kill_points", "yellow")):
        with pytest.raises(ValueError):
            options[name].value(text)


def test_a_game_that_offers_nothing_gets_free_text_and_takes_no_corrections():
    class Plain(GameReferee):
        name = "plain"
        read_options = (Option("web_side", "which side is up."),
                        Option("notes", "a file of notes.", on_page=False))

    referee = Plain()
    (option,) = referee.form_options()
    assert (option.name, option.choices) == ("web_side", ())
    assert option.value(" rings ") == "rings"
    with pytest.raises(BadOption, match="takes only web_side, notes, not colour"):
        referee.refuse_unknown({"web_side": "rings", "colour": "red"})
    verdict = Verdict({"pieces": []})
    assert referee.places(verdict) == [] and referee.corrections(verdict) == []
    assert referee.correct(verdict, {}) is verdict
    with pytest.raises(CorrectionError):
        referee.correct(verdict, {"cell 1": "empty"})


def test_framed_maps_photo_px_to_where_the_overlay_drew_them():
    photo = np.full((300, 400, 3), 120, np.uint8)
    problem = RefereeProblem("piece-hidden", "a piece is covered", None, (100.0, 220.0))
    verdict = Verdict(None, [problem])
    canvas, to_overlay = framed(lambda: basic_overlay(verdict, photo, 1.0))
    x, y = project(to_overlay, np.array([problem.point]))[0]
    magenta = (canvas[..., 0] > 200) & (canvas[..., 1] < 80) & (canvas[..., 2] > 200)
    rows, cols = np.nonzero(magenta)
    ring = rows > y - 80                                # the circle, not the banner's line
    assert abs(cols[ring].mean() - x) < 6 and abs(rows[ring].mean() - y) < 6
    assert framed(lambda: photo)[1] is None            # a drawing that framed nothing


def test_every_tile_read_is_a_place_to_tap(small):
    verdict = ASTERION.read(small[0])
    places = ASTERION.places(verdict)
    assert sorted(p.label for p in places) == sorted(t["id"] for t in small[1]["tiles"])
    y05 = next(p for p in places if p.label == "Y05")
    assert y05.query == {"target": "Y05"} and y05.overlay == {"check": "Y05"}
    assert set(y05.overlay) <= set(ASTERION.overlay_options)
    assert np.asarray(y05.outline).shape == (4, 2)


def test_an_unreadable_tomb_is_asked_and_the_answer_lands_in_the_table(small):
    sure = ASTERION.read(small[0])
    assert sure.is_certain and "Y04" in sure.table["dead"]
    cell = next((t["x"], t["y"]) for t in sure.table["tiles"] if t["id"] == "Y04")
    problem = RefereeProblem(TOMB_UNCERTAIN, "Y04: cannot tell", cell, (10.0, 10.0))
    unsure = replace(sure, state={**sure.table, "dead": [d for d in sure.table["dead"]
                                                          if d != "Y04"]},
                     problems=[problem])
    (fix,) = ASTERION.corrections(unsure)
    assert fix.key == "tomb Y04" and [v for v, _ in fix.choices] == ["tomb", "none"]
    assert fix.problems == (0,) and fix.point == (10.0, 10.0)
    dead = ASTERION.correct(unsure, {"tomb Y04": "tomb"})
    assert dead.is_certain and sorted(dead.table["dead"]) == sorted(sure.table["dead"])
    assert dead.score_report() == sure.score_report()
    alive = ASTERION.correct(unsure, {"tomb Y04": "none"})
    assert alive.is_certain and "Y04" not in alive.table["dead"]
    assert unsure.table["dead"] == [d for d in sure.table["dead"] if d != "Y04"]  # unchanged


def test_a_cell_is_offered_only_tiles_that_fit(hidden):
    verdict = ASTERION.read(hidden[0])
    (fix,) = ASTERION.corrections(verdict)
    tiles = {v.split("@")[0] for v, _ in fix.choices if v != "empty"}
    on_table = {t["id"] for t in verdict.table["tiles"]}
    assert "G06" in tiles and not tiles & on_table
    assert {t[0] for t in tiles} == {"Y", "B", "G"}       # only the colours that play
    assert all(v.split("@")[1] in ("0", "90", "180", "270")
               for v, _ in fix.choices if v != "empty")

"""Assyria's scene for the shared photo generator: deterministic, markers where the scene
says, pieces on their hexes, truth a legal state due its scoring."""

from __future__ import annotations

from dataclasses import replace

import numpy as np

import referee.synth.photo as synth_photo
from pnp.geometry import assyria as geometry
from pnp.rules.assyria.commands import COMMANDS
from referee.assyria.synth import max_offset, photo, simulated_state
from referee.detect import detect_markers
from referee.synth import PRESETS, transform

CONDITIONS = replace(PRESETS["default"], megapixels=3.0)


def test_the_truth_is_legal_and_due_its_turns_scoring():
    for seed in (1, 2):
        state = simulated_state(seed, 3)
        assert state["phase"] == "income" and len(state["players"]) == 3
        assert COMMANDS.score_report(COMMANDS.read_state(state)).data["due"][0] == "income"


def test_same_seed_same_photo_and_markers_where_the_scene_puts_them():
    state = simulated_state(4, 4)
    a = photo(state, CONDITIONS, 9)
    synth_photo._TABLES.clear()                 # b's table top made anew, not kept from a
    b = photo(state, CONDITIONS, 9)
    assert a.jpeg == b.jpeg
    seen = {m.id: m for m in detect_markers(a.image)}
    board = {m.id: m for m in geometry.markers()}
    found = sorted(set(seen) & set(board))
    assert len(found) >= 20
    for i in found:
        where = transform(a.homography, np.array([board[i].centre]))[0]
        assert np.hypot(*(seen[i].centre - where)) < 0.3 * seen[i].side


def test_pieces_lie_on_their_hexes_within_a_third_of_a_hex():
    state = simulated_state(4, 4)
    shot = photo(state, CONDITIONS, 9)
    places = {h.name: h.centre for h in geometry.hexes()}
    mm_per_px = None
    for name in [*state["huts"], *state["ziggurats"]]:
        middle = shot.corners[name].mean(axis=0)
        centre = transform(shot.homography, np.array([places[name]]))[0]
        if mm_per_px is None:
            ref = transform(shot.homography, np.array([places[name],
                                                       np.add(places[name], (10.0, 0))]))
            mm_per_px = 10.0 / np.hypot(*(ref[1] - ref[0]))
        assert np.hypot(*(middle - centre)) * mm_per_px <= max_offset() * 1.15 + 1.0

"""The board data and geometry (ruling "Components" and "Player count")."""

from __future__ import annotations

from collections import Counter

import pytest

from pnp.layouts import load
from pnp.rules.assyria.board import STEPS, BoardError, board


def test_layout_has_64_hexes_in_ten_columns():
    data = load("assyria")
    assert [h["name"] for h in data["hexes"]][:3] == ["H00", "H01", "H02"]
    sizes = Counter(h["q"] for h in data["hexes"])
    assert [sizes[q] for q in range(10)] == [6, 6, 7, 6, 7, 6, 7, 6, 7, 6]
    assert data["board"]["column_sizes"] == [6, 6, 7, 6, 7, 6, 7, 6, 7, 6]


def test_regions_and_foods_as_the_data_file_says():
    b = board()
    assert Counter(h.region for h in b.hexes) == {"outside": 32, "upper": 10,
                                                  "between": 12, "lower": 10}
    # every column has one hex on each river
    for q in range(10):
        col = [h for h in b.hexes if h.q == q]
        assert sum(h.region == "upper" for h in col) == 1
        assert sum(h.region == "lower" for h in col) == 1
    # spot checks against the published board
    expect = {(0, 0): ("palm", "outside"), (0, 2): ("grape", "upper"),
              (2, 2): ("barley", "between"), (5, 2): ("palm", "lower"),
              (9, 1): ("salt", "outside"), (4, -2): ("grape", "outside")}
    for (q, r), (food, region) in expect.items():
        h = b.hexes[b.by_coords[q, r]]
        assert (h.food, h.region) == (food, region)


def test_start_hexes_per_player_count():
    b = board()
    coords = {n: sorted((b.hexes[h].q, b.hexes[h].r) for h in b.start_hexes(n))
              for n in (2, 3, 4)}
    assert coords[4] == [(1, 0), (1, 4), (8, -3), (8, 1)]
    assert coords[3] == [(1, 4), (4, -1), (6, 2)]
    assert coords[2] == [(1, 0), (1, 4), (4, -1), (4, 3)]
    assert all(not b.hexes[h].is_river for n in (2, 3, 4) for h in b.start_hexes(n))


def test_unused_area_with_two_and_three_players():
    b = board()
    assert len(b.in_play(4)) == 64
    assert len(b.in_play(3)) == 51 and all(b.hexes[h].q <= 7 for h in b.in_play(3))
    assert len(b.in_play(2)) == 38 and all(b.hexes[h].q <= 5 for h in b.in_play(2))


def test_neighbours_follow_the_axial_steps():
    b = board()
    h = b.by_coords[2, 2]
    assert STEPS == ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
    got = sorted((b.hexes[n].q, b.hexes[n].r) for n in b.neighbours[h])
    assert got == [(1, 2), (1, 3), (2, 1), (2, 3), (3, 1), (3, 2)]
    corner = b.by_coords[0, 0]
    assert sorted((b.hexes[n].q, b.hexes[n].r) for n in b.neighbours[corner]) == \
        [(0, 1), (1, 0)]
    # neighbourhood is symmetric and every hex has 2..6 neighbours
    for h in range(64):
        assert 2 <= len(b.neighbours[h]) <= 6
        assert all(h in b.neighbours[n] for n in b.neighbours[h])


def test_98_interior_vertices_58_take_wells():
    b = board()
    assert len(b.vertices) == 98 and len(b.well_vertices) == 58
    for v in b.vertices:
        a, c, d = (b.hexes[i] for i in v.hexes)
        # the three hexes of a vertex are mutual neighbours
        assert c.index in b.neighbours[a.index] and d.index in b.neighbours[a.index]
        assert d.index in b.neighbours[c.index]
        cells = {(v.q, v.r), (v.q + v.t, v.r), (v.q + v.t, v.r - v.t)}
        assert {(b.hexes[i].q, b.hexes[i].r) for i in v.hexes} == cells
        touches_between = any(b.hexes[i].region == "between" for i in v.hexes)
        assert (v.index in b.well_vertices) == (not touches_between)


def test_vertex_names_and_coordinates_agree():
    b = board()
    # worked example 1: vertex (1,1,-1) touches hexes (1,1), (0,1), (0,2)
    v = b.parse_vertex("1,1,-1")
    assert b.vertices[v].name == "H01/H02/H11"
    assert b.parse_vertex("H11 H02 H01") == v == b.parse_vertex("(1, 1, -1)")
    assert b.parse_hex("0,2") == b.parse_hex("h02") == b.by_name["H02"]
    with pytest.raises(BoardError, match="do not meet"):
        b.parse_vertex("H00/H01/H05")
    with pytest.raises(BoardError, match="not a hex"):
        b.parse_hex("H99")
    with pytest.raises(BoardError, match="no such vertex"):
        b.parse_vertex("0,0,-1")

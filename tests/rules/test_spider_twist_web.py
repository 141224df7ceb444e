"""The two webs as graphs (ruling "Components")."""

from __future__ import annotations

import itertools
from collections import Counter

import pytest

from pnp.rules.spider_twist import Spot, UnknownWeb, get_web

RINGS, SPIRAL = get_web("rings"), get_web("spiral")


@pytest.mark.parametrize("web", [RINGS, SPIRAL], ids=["rings", "spiral"])
def test_both_sides_have_the_centre_and_fifty_nodes_on_ten_spokes(web):
    assert len(web.nodes) == 51 and web.nodes[0] == "C"
    per_spoke = Counter(web.spot(n).spoke for n in web.nodes[1:])
    assert per_spoke == dict.fromkeys(range(10), 5)
    assert len(web.entry) == 10 and {web.spot(n).ring for n in web.entry} == {1}
    assert {web.spot(n).spoke for n in web.entry} == set(range(10))


def test_rings_edges():
    assert len(RINGS.edges) == 100
    kinds = Counter(e.kind for e in RINGS.edges)
    assert kinds == {"strand": 50, "spoke": 50}
    assert RINGS.adjacent["S0R1"] == ("S1R1", "S9R1", "S0R2")    # two ring neighbours, inward
    assert set(RINGS.adjacent["S3R3"]) == {"S2R3", "S4R3", "S3R2", "S3R4"}
    assert set(RINGS.adjacent["C"]) == {f"S{s}R5" for s in range(10)}
    assert not RINGS.is_adjacent("S0R1", "S1R2")
    assert RINGS.spot("S7R4") == Spot(7, 4) and RINGS.spot("C") == Spot(None, None)


def test_spiral_edges():
    assert len(SPIRAL.edges) == 99
    assert Counter(e.kind for e in SPIRAL.edges) == {"strand": 49, "spoke": 50}
    assert set(SPIRAL.adjacent["P0"]) == {"P1", "P10"}              # the outer end
    assert set(SPIRAL.adjacent["P9"]) == {"P8", "P10", "P19"}       # strand to the next turn
    assert set(SPIRAL.adjacent["P14"]) == {"P13", "P15", "P4", "P24"}
    assert set(SPIRAL.adjacent["P49"]) == {"P48", "P39", "C"}
    assert set(SPIRAL.adjacent["C"]) == {f"P{k}" for k in range(40, 50)}
    assert SPIRAL.spot("P26") == Spot(6, 3)
    # the position along the strand follows from the spot
    assert all((s.ring - 1) * 10 + s.spoke == int(n[1:])
               for n, s in SPIRAL.spots.items() if n != "C")


@pytest.mark.parametrize("web", [RINGS, SPIRAL], ids=["rings", "spiral"])
def test_shortest_routes_are_routes_of_the_distance(web):
    for a, b in [("C", web.entry[3]), (web.entry[0], web.entry[5]), (web.nodes[7], "C"),
                 (web.nodes[12], web.nodes[44])]:
        routes = web.shortest_routes(a, b)
        assert routes and len(set(routes)) == len(routes)
        for r in routes:
            assert r[0] == a and r[-1] == b and len(r) == web.distance(a, b) + 1
            assert all(web.is_adjacent(x, y) for x, y in itertools.pairwise(r))
    assert web.distance("C", web.entry[0]) == 5
    assert all(web.distance(a, b) == web.distance(b, a) for a in web.nodes[:8]
               for b in web.nodes)


def test_unknown_web():
    with pytest.raises(UnknownWeb, match="unknown web 'flat'"):
        get_web("flat")

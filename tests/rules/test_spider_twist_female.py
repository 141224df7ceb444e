"""The female's reaction (ruling "The female's reaction"), the two worked examples first."""

from __future__ import annotations

import random

import pytest

from pnp.rules.spider_twist import countdown, get_web, reach, react
from pnp.rules.spider_twist.commands import COMMANDS
from pnp.rules.spider_twist.female import reach_count
from pnp.rules.spider_twist.read import position

RINGS, SPIRAL = get_web("rings"), get_web("spiral")

EXAMPLE_RINGS = {"S3R1": "black", "S1R3": "black", "S2R3": "white", "S3R3": "white"}
EXAMPLE_SPIRAL = {"C": "white", "P6": "white", "P15": "white", "P26": "black", "P36": "black"}


def walks(reaction):
    return [("-".join(o.path), o.stops_at, o.eats) for o in reaction.outcomes]


# --------------------------------------------------------------- worked example, rings
def test_rings_example_reach_distance_and_routes():
    r = react(RINGS, "S0R2", None, EXAMPLE_RINGS, "S3R3")
    assert (r.reach, r.spoke, r.counted) == (2, 3, ("S3R1", "S3R3"))
    assert r.distance == 4
    assert sorted(RINGS.shortest_routes("S0R2", "S3R3")) == sorted([
        ("S0R2", "S0R3", "S1R3", "S2R3", "S3R3"),
        ("S0R2", "S1R2", "S1R3", "S2R3", "S3R3"),
        ("S0R2", "S1R2", "S2R2", "S2R3", "S3R3"),
        ("S0R2", "S1R2", "S2R2", "S3R2", "S3R3"),
    ])


def test_rings_example_she_must_stop_on_s1r3_and_eat_black():
    r = react(RINGS, "S0R2", None, EXAMPLE_RINGS, "S3R3")
    assert sorted(walks(r)) == [("S0R2-S0R3-S1R3", "S1R3", "black"),
                                ("S0R2-S1R2-S1R3", "S1R3", "black")]
    assert r.to_json()["reach"] == 2 and "die" not in r.to_json()


def test_rings_example_the_white_male_three_steps_along_does_not_count():
    # S2R3 lies on two routes, but 3 steps along with reach 2: the routes through S2R2
    # stay non-eating, and so lose.
    r = react(RINGS, "S0R2", None, EXAMPLE_RINGS, "S3R3")
    assert all(o.stops_at != "S2R3" for o in r.outcomes)
    check = COMMANDS.check_report(position("rings", "S0R2", EXAMPLE_RINGS), {"disturb": "S3R3"})
    eating = {tuple(x["route"]): x["eating"] for x in check.data["routes"]}
    assert eating[("S0R2", "S1R2", "S2R2", "S2R3", "S3R3")] is False
    assert sum(eating.values()) == 2 and len(eating) == 4


# -------------------------------------------------------------- worked example, spiral
def test_spiral_example_reach_counts_the_male_on_the_centre():
    r = react(SPIRAL, "P14", None, EXAMPLE_SPIRAL, "P26")
    assert (r.reach, r.spoke) == (4, 6)
    assert set(r.counted) == {"C", "P6", "P26", "P36"}
    assert r.distance == 3


def test_spiral_example_routes_all_eat_and_the_player_chooses():
    assert sorted(SPIRAL.shortest_routes("P14", "P26")) == [
        ("P14", "P15", "P16", "P26"), ("P14", "P15", "P25", "P26"),
        ("P14", "P24", "P25", "P26")]
    r = react(SPIRAL, "P14", None, EXAMPLE_SPIRAL, "P26")
    assert sorted(walks(r)) == [("P14-P15", "P15", "white"),
                                ("P14-P24-P25-P26", "P26", "black")]
    check = COMMANDS.check_report(position("spiral", "P14", EXAMPLE_SPIRAL, turn="black"),
                                  {"disturb": "P26"})
    assert all(x["eating"] for x in check.data["routes"])
    assert check.data["chooser"] == "white" and len(check.data["outcomes"]) == 2


# ------------------------------------------------------------------------- the rules
def test_reach_counts_both_colours_and_the_mover_on_the_spoke_only():
    males = {"S4R1": "white", "S4R5": "black", "S5R1": "black"}
    assert reach(RINGS, males, "S4R1")[0] == 2
    assert reach(RINGS, males, "S5R1")[0] == 1


def test_the_simulators_reach_count_agrees_with_reach_in_random_positions():
    rng = random.Random(7)
    for web in (RINGS, SPIRAL):
        for _ in range(500):
            nodes = rng.sample(web.nodes, rng.randrange(1, 20))
            males = {n: rng.choice(("white", "black")) for n in nodes}
            node = rng.choice(nodes)
            assert reach_count(web, males, node) == reach(web, males, node)[0], (males, node)


def test_a_male_on_the_centre_counts_on_every_spoke():
    males = {"C": "black", "S4R1": "white", "S7R2": "white"}
    assert reach(RINGS, males, "S4R1")[:2] == (2, 4)
    assert reach(RINGS, males, "S7R2")[:2] == (2, 7)


def test_a_disturbance_on_the_centre_uses_the_spoke_with_most_males():
    males = {"C": "white", "S2R1": "black", "S2R3": "black", "S8R1": "white"}
    n, spoke, counted = reach(RINGS, males, "C")
    assert (n, spoke) == (3, 2) and counted == ("C", "S2R1", "S2R3")
    spiral = {"C": "white", "P3": "black", "P13": "black", "P23": "white", "P9": "white"}
    assert reach(SPIRAL, spiral, "C")[:2] == (4, 3)


def test_with_reach_at_least_the_distance_she_eats_the_disturber():
    # Female S0R1, white moved to S2R1: spoke 2 holds 3 males, distance 2.
    males = {"S2R1": "white", "S2R2": "black", "S2R4": "black"}
    r = react(RINGS, "S0R1", None, males, "S2R1")
    assert walks(r) == [("S0R1-S1R1-S2R1", "S2R1", "white")]


def test_short_reach_stops_on_an_empty_node_and_the_mover_picks_among_routes():
    r = react(RINGS, "S0R1", None, {"S2R2": "white"}, "S2R2")
    assert r.reach == 1 and not r.is_eating
    assert sorted(walks(r)) == [("S0R1-S0R2", "S0R2", None), ("S0R1-S1R1", "S1R1", None)]


def test_she_stops_on_the_first_male_she_enters():
    # Only route S0R1-S1R1-S2R1-S3R1 (along ring 1); black sits on S1R1.
    males = {"S1R1": "black", "S3R1": "white", "S3R2": "white", "S3R3": "black"}
    r = react(RINGS, "S0R1", None, males, "S3R1")
    assert r.reach == 3 and walks(r) == [("S0R1-S1R1", "S1R1", "black")]


def test_eating_routes_win_over_non_eating_ones():
    # S0R3 -> S1R1 (distance 3), reach 1: a first step to S0R2 (black) eats, a first step to
    # S1R3 does not; only the eating walk is allowed.
    r = react(RINGS, "S0R3", None, {"S1R1": "white", "S0R2": "black"}, "S1R1")
    assert (r.reach, r.distance) == (1, 3)
    assert walks(r) == [("S0R3-S0R2", "S0R2", "black")]


def test_a_male_beyond_her_reach_does_not_make_an_eating_route():
    # S0R1 -> S2R2 (distance 3), reach 1: black on S1R2 is 2 steps along two routes.
    r = react(RINGS, "S0R1", None, {"S1R2": "black", "S2R2": "white"}, "S2R2")
    assert r.reach == 1 and not r.is_eating
    assert {o.stops_at for o in r.outcomes} == {"S0R2", "S1R1"}


def test_routes_through_the_centre_are_shortest_across_the_web():
    routes = RINGS.shortest_routes("S0R4", "S5R4")
    assert routes == [("S0R4", "S0R5", "C", "S5R5", "S5R4")]


@pytest.mark.parametrize(("die", "after"), [(6, 5), (2, 1), (1, None)])
def test_with_a_die_on_her_she_does_not_react_and_the_die_counts_down(die, after):
    r = react(RINGS, "S0R2", die, EXAMPLE_RINGS, "S3R3")
    assert r.outcomes == () and (r.die_before, r.die_after) == (die, after)
    assert r.to_json()["die"] == {"before": die, "after": after}
    assert r.to_json()["outcomes"] == []
    assert countdown(die) == after


def test_react_refuses_a_node_without_a_male():
    with pytest.raises(ValueError, match="no male on S4R4"):
        react(RINGS, "S0R2", None, EXAMPLE_RINGS, "S4R4")

"""Every scoring line against hand-worked examples; every worked example of
docs/rules/assyria.md#worked-examples (1-3) is a test here or in
test_assyria_rules.py (example 1 played move by move)."""

from __future__ import annotations

from pnp.rules.assyria.read import read_state
from pnp.rules.assyria.scoring import ashur_ranking, game_end, income, reign_end, settle

from .test_assyria_positions import FOUR, START, at, position

TWO = ("red", "blue")     # the ruling's example 3 calls them white and black


def lines_of(scoring, player):
    return {x.item: x for x in scoring.lines if x.player == player}


# -- the turn's income -----------------------------------------------------------------------
def example_1_income():
    """Worked example 1 after red's phase II: huts (0,1) date/outside, (1,1) salt/upper,
    (0,2) grape/upper, (0,0) palm/outside; the well at (1,1,-1) placed this turn."""
    huts = {at(0, 1): "red", at(1, 1): "red", at(0, 2): "red", at(0, 0): "red"}
    return read_state(position(phase="income", huts=huts, wells=["1,1,-1"],
                               new_wells={"red": ["1,1,-1"]}))


def test_worked_example_1_income_lines():
    s = example_1_income()
    sc = income(s)
    red = lines_of(sc, "red")
    assert red["upper river"].count == 2 and red["upper river"].camels == 5
    assert red["lower river"].camels == 0
    assert red["huts outside"].points == 2
    assert red["huts on rivers"].count == 2 and red["huts on rivers"].points == 0
    assert red["huts between"].points == 0
    assert red["ziggurat levels"].points == 1
    assert red["new wells"].count == 1 and red["new wells"].points == 6
    assert sc.totals("red") == (9, 5, 0)               # "Turn: 9 points, 5 camels"
    assert sc.totals("blue") == (1, 0, 0)              # only blue's start base
    assert s.well_stock() == 15                        # "stock 16 -> 15"


def test_income_settles_the_tracks_and_clears_new_wells():
    s = example_1_income()
    (sc,) = settle(s)
    assert sc.due == "income"
    assert s.score["red"] == 9 and s.camels["red"] == 5
    assert s.new_wells == {} and s.phase == "actions" and s.to_move == s.order[0]


def test_river_camels_first_hut_3_each_further_2_and_the_cap_at_10():
    # lower river (q,r): (0,4) (1,3) (2,3): 3 + 2 + 2 = 7 camels; upper (2,0): 3 camels
    huts = {at(0, 4): "blue", at(1, 3): "blue", at(2, 3): "blue", at(2, 0): "blue"}
    s = read_state(position(phase="income", huts=huts, camels={"blue": 2}))
    blue = lines_of(income(s), "blue")
    assert blue["lower river"].camels == 7 and blue["upper river"].camels == 3
    settle(s)
    assert s.camels["blue"] == 10                       # 2 + 10 stops at 10


def test_between_the_rivers_2_points_outside_1_and_ziggurat_levels():
    # between: (2,1) grape, (2,2) barley; outside: (1,5); blue's start base raised to a roof
    huts = {at(2, 1): "blue", at(2, 2): "blue", at(1, 5): "blue"}
    zigs = {START[4]["blue"]: {"owner": "blue", "level": 3},
            at(0, 5): {"owner": "blue", "level": 2}}
    data = position(phase="income", huts=huts)
    data["ziggurats"].update(zigs)
    blue = lines_of(income(read_state(data)), "blue")
    assert blue["huts between"].points == 4
    assert blue["huts outside"].points == 1
    assert blue["ziggurat levels"].count == 5 and blue["ziggurat levels"].points == 5


def test_new_wells_score_6_5_4_by_reign():
    huts = {at(0, 1): "red", at(1, 1): "red", at(0, 2): "red"}
    for turn, points in ((2, 6), (3, 5), (4, 5), (7, 4)):
        expansion = {2: [4, 3], 3: [3], 4: [3, 2], 7: [2, 3]}[turn]
        s = read_state(position(phase="income", turn=turn, huts=huts, wells=["1,1,-1"],
                                new_wells={"red": ["H01/H02/H11"]}, expansion=expansion))
        assert lines_of(income(s), "red")["new wells"].points == points


# -- reign end -------------------------------------------------------------------------------
def example_2():
    """Worked example 2: 4 players, end of reign 2, cards 3, 2, 4 + the bonus 4.
    A = red, B = blue, C = green, D = yellow."""
    data = position(
        turn=5, phase="reign_end", expansion=[3, 2, 4],
        ashur={"high": ["red"], "middle": ["blue", "green", "blue"],
               "low": ["red", "green", "yellow", "green"]},
        offering={"red": 3, "blue": 7, "green": 0, "yellow": 4},
        hands={"red": ["plough"], "green": ["plough"]})
    data["ziggurats"].update({at(0, 0): {"owner": "red", "level": 1},
                              at(9, -4): {"owner": "yellow", "level": 2},
                              at(7, -3): {"owner": "yellow", "level": 1}})
    return read_state(data)


def test_worked_example_2_ranking():
    s = example_2()
    ranks = ashur_ranking(s)
    assert [r.player for r in ranks] == ["green", "red", "blue", "yellow"]   # C > A > B > D
    assert [r.influence for r in ranks] == [4, 4, 4, 1]
    assert [r.points for r in ranks] == [13, 9, 5, 2]


def test_worked_example_2_reign_end_lines():
    s = example_2()
    sc = reign_end(s)
    a, b, c, d = (lines_of(sc, x) for x in FOUR)
    assert sc.cards == [4, 4, 3, 2]
    assert a["high priest"].points == 1 and a["low priest"].camels == 1
    assert b["middle priest"].ploughs == 1              # B holds none: a plough
    assert c["middle priest"].ploughs == 0              # C holds one already
    assert c["low priest"].camels == 2 and d["low priest"].camels == 1
    assert (a["offerings"].points, b["offerings"].points, c["offerings"].points,
            d["offerings"].points) == (4, 4, 0, 9)
    assert [sc.totals(x)[0] for x in FOUR] == [14, 9, 13, 11]


def test_reign_end_settles_ploughs_camels_and_resets():
    s = example_2()
    before_used = s.used_ploughs
    settle(s)
    assert s.score == {"red": 14, "blue": 9, "green": 13, "yellow": 11}
    assert s.camels == {"red": 1, "blue": 0, "green": 2, "yellow": 1}
    assert s.ploughs["blue"] == 1 and s.used_ploughs == before_used - 1
    assert all(not v for v in s.ashur.values()) and set(s.offering.values()) == {0}
    assert s.expansion == [] and sorted(s.expansion_out) == [2, 3, 4]


def test_flood_returns_river_huts_to_stock():
    huts = {at(0, 2): "red", at(0, 4): "red", at(0, 1): "red", at(2, 2): "blue"}
    s = read_state(position(turn=2, phase="reign_end", expansion=[4, 3], huts=huts))
    red = lines_of(reign_end(s), "red")
    assert red["flood"].count == 2
    settle(s)
    assert set(s.to_json()["huts"]) == {at(0, 1), at(2, 2)} and s.hut_stock("red") == 9


def test_worked_example_3_two_players():
    # Reign 1 (cards 4, 3): white high hut, black middle hut: white 7, black 0.
    s = read_state(position(TWO, turn=2, phase="reign_end", expansion=[4, 3],
                            ashur={"high": ["red"], "middle": ["blue"]}))
    assert [(r.player, r.points) for r in ashur_ranking(s)] == [("red", 7), ("blue", 0)]
    # Reign 2 (2, 3, 3): white 2 low huts, black 1 middle hut; the influence tie goes to
    # white (more huts): white 8, black 2 (the single lowest card).
    s = read_state(position(TWO, turn=5, phase="reign_end", expansion=[2, 3, 3],
                            ashur={"middle": ["blue"], "low": ["red", "red"]}))
    assert [(r.player, r.influence, r.points) for r in ashur_ranking(s)] == \
        [("red", 2, 8), ("blue", 2, 2)]
    # Reign 3 (4, 4, 2): only black ranks (1 low hut): black 10.
    s = read_state(position(TWO, turn=8, phase="reign_end", expansion=[4, 4, 2],
                            ashur={"low": ["blue"]}))
    assert [(r.player, r.points) for r in ashur_ranking(s)] == [("blue", 10)]
    assert lines_of(reign_end(s), "red")["ashur"].points == 0


def test_three_players_third_gets_what_is_left():
    # reign 1 has two cards: 3rd gets nothing; reign 2: 3rd the lowest card
    s = read_state(position(FOUR[:3], turn=2, phase="reign_end", expansion=[4, 2],
                            ashur={"low": ["red", "blue", "green", "red", "blue", "red"]}))
    assert [(r.player, r.points) for r in ashur_ranking(s)] == \
        [("red", 6), ("blue", 2), ("green", 0)]
    s = read_state(position(FOUR[:3], turn=5, phase="reign_end", expansion=[4, 2, 3],
                            ashur={"low": ["green"], "middle": ["red"], "high": ["blue"]}))
    assert [(r.player, r.points) for r in ashur_ranking(s)] == \
        [("blue", 9), ("red", 5), ("green", 2)]


def test_ties_higher_tier_then_earlier_hut():
    # blue and green: influence 3 with 2 huts each, best tier middle; blue placed first
    s = read_state(position(turn=2, phase="reign_end", expansion=[4, 3],
                            ashur={"middle": ["blue", "green"], "low": ["green", "blue"]}))
    assert [r.player for r in ashur_ranking(s)] == ["blue", "green"]
    # reign 1, four players: no bonus card; 3rd and later get nothing
    s = read_state(position(turn=2, phase="reign_end", expansion=[4, 3],
                            ashur={"low": ["red", "blue", "green"]}))
    assert [r.points for r in ashur_ranking(s)] == [7, 3, 0]


def test_high_priest_1_4_8_points():
    for huts, points in ((1, 1), (2, 4), (3, 8)):
        s = read_state(position(turn=2, phase="reign_end", expansion=[4, 3],
                                ashur={"high": ["yellow"] * huts}))
        assert lines_of(reign_end(s), "yellow")["high priest"].points == points


def test_offering_multipliers_count_every_site():
    data = position(turn=2, phase="reign_end", expansion=[4, 3],
                    offering={"red": 1, "blue": 2, "green": 5, "yellow": 7})
    data["ziggurats"].update({at(0, 0): {"owner": "red", "level": 3},
                              at(3, -1): {"owner": "red", "level": 1}})
    sc = reign_end(read_state(data))
    # red 3 sites x1; blue 1 x2; green 1 x3; yellow 1 x4
    assert [lines_of(sc, c)["offerings"].points for c in FOUR] == [3, 2, 3, 4]


# -- game end --------------------------------------------------------------------------------
def test_game_end_bonuses():
    # red: roof on the start base + a base = 4 pieces; a plough; 5 food cards -> 2; 7 camels
    # -> 3: 4 + 1 + 2 + 3 = 10. blue: 1 piece, 1 food card -> 0, 1 camel -> 0: 1.
    data = position(TWO, turn=8, phase="game_end", expansion=[],
                    hands={"red": ["plough", "date-1", "date-2", "wild", "salt-3", "grape-1"],
                           "blue": ["palm-1"]},
                    camels={"red": 7, "blue": 1}, score={"red": 40, "blue": 41})
    data["ziggurats"] = {START[2]["red"]: {"owner": "red", "level": 3},
                         at(0, 0): {"owner": "red", "level": 1},
                         START[2]["blue"]: {"owner": "blue", "level": 1}}
    s = read_state(data)
    red = lines_of(game_end(s), "red")
    assert (red["ziggurat pieces"].points, red["ploughs"].points, red["food cards"].points,
            red["camels left"].points) == (4, 1, 2, 3)
    settle(s)
    assert s.score == {"red": 50, "blue": 42} and s.phase == "over"


def test_turn_8_reign_end_runs_the_game_end_with_the_priests_camels():
    # low priest camels (+1) count at the game end: 5 + 1 = 6 camels -> 3 points
    s = read_state(position(TWO, turn=8, phase="reign_end", expansion=[4, 4, 2],
                            ashur={"low": ["blue"]}, camels={"blue": 5}))
    first, second = settle(s)
    assert (first.due, second.due) == ("reign_end", "game_end")
    assert lines_of(second, "blue")["camels left"].points == 3
    assert s.phase == "over"

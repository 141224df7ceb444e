"""The rules in motion, phase by phase (docs/rules/assyria.md "Setup", "A turn",
"Reign end"); worked example 1 played move by move."""

from __future__ import annotations

from collections import Counter
from functools import partial

import pytest

from pnp.rules.assyria.board import board
from pnp.rules.assyria.cards import sow_key
from pnp.rules.assyria.chance import sow
from pnp.rules.assyria.game import GAME
from pnp.rules.assyria.moves import (
    Ashur,
    Build,
    Buy,
    Centre,
    Feed,
    IllegalMove,
    Offer,
    Pass,
    PlaceHut,
    Roof,
    Well,
)
from pnp.rules.assyria.phases import new_game
from pnp.rules.assyria.play import apply, legal_moves
from pnp.rules.assyria.read import read_state

from . import helpers
from .test_assyria_positions import FOUR, START, at, position

play = partial(helpers.play, GAME)


def hexes(*names):
    b = board()
    return tuple(sorted(b.parse_hex(n) for n in names))


# -- worked example 1, move by move ----------------------------------------------------------
def test_worked_example_1_played():
    s = read_state(position(phase="huts", to_move="red", this_turn={"huts_to_place": 4},
                            hands={"red": ["plough", "date-1", "salt-2", "wild"]}))
    # (0,2) is not next to red's base at (1,0) until (0,1) is placed
    assert PlaceHut(board().by_name[at(0, 2)]) not in legal_moves(s)
    with pytest.raises(IllegalMove):
        play(s, f"hut {at(0, 2)}")
    s = play(s, f"hut {at(0, 1)}", f"hut {at(1, 1)}", f"hut {at(0, 2)}", f"hut {at(0, 0)}")
    assert s.phase == "supply" and s.hut_stock("red") == 6
    moves = legal_moves(s)
    # Salt-2 feeds the one salt hut (one symbol lost); it cannot name two huts
    assert Feed("salt-2", hexes(at(1, 1))) in moves
    assert not any(isinstance(m, Feed) and m.card == "salt-2" and len(m.hexes) > 1
                   for m in moves)
    assert not any(isinstance(m, Pass) for m in moves)      # supplying is mandatory
    s = play(s, f"feed plough {at(0, 0)}", f"feed date-1 {at(0, 1)}",
             f"feed salt-2 {at(1, 1)}", f"feed wild {at(0, 2)}")
    assert s.phase == "wells" and s.used_ploughs == 4 and s.ploughs["red"] == 0
    assert legal_moves(s) == [Well(board().parse_vertex("1,1,-1")), Pass()]
    s = play(s, "well 1,1,-1")
    assert s.well_stock() == 15
    # blue, green, yellow: no cards, so their new huts starve; then income, then actions
    while s.phase != "actions":
        s = apply(s, legal_moves(s)[0])
    assert s.score["red"] == 9 and s.camels["red"] == 5       # "Turn: 9 points, 5 camels"
    assert [s.score[c] for c in ("blue", "green", "yellow")] == [1, 1, 1]
    assert len(s.huts_of("red")) == 4 and not s.huts_of("blue")


# -- setup -----------------------------------------------------------------------------------
def test_setup_bases_then_draft_in_turn_order():
    s = new_game(5, FOUR)
    assert s.phase == "setup" and s.to_move == s.order[0]
    assert sorted(s.sowing and len(c) for c in s.sowing) == [2] * 5   # turn 1's sowing
    assert s.expansion == [4] and sorted(s.expansion_deck.elements()) == [2, 2, 3, 3, 3, 3,
                                                                           4, 4]
    starts = set(board().start_hexes(4))
    assert {m.hex for m in legal_moves(s)} == starts
    for c in s.order:
        assert s.to_move == c
        s = apply(s, legal_moves(s)[-1])
    assert s.phase == "draft" and len(s.draft) == 4
    assert {c: s.ploughs[c] for c in FOUR} == dict.fromkeys(FOUR, 1)
    # seed, not BGA: the first player in turn order picks first
    for c in s.order:
        assert s.to_move == c
        s = apply(s, legal_moves(s)[0])
    assert s.phase == "harvest" and all(len(s.hands[c]) == 1 for c in FOUR)
    assert not s.draft


def test_two_players_draft_two_cards_and_sow_rows_of_three():
    s = new_game(1, FOUR[:2])
    assert len(s.sowing) == 3 and s.well_stock() == 8
    for _ in range(2):
        s = apply(s, legal_moves(s)[0])
    assert s.phase == "draft" and len(s.draft) == 2


# -- sowing and harvest ----------------------------------------------------------------------
def test_sowing_rows_are_sorted_wild_rightmost():
    for seed in range(20):
        s = new_game(seed, FOUR)
        for row in range(2):
            keys = [sow_key(col[row]) for col in s.sowing]
            assert keys == sorted(keys)
        wilds = [k for k, col in enumerate(s.sowing) if col[0] == "wild"]
        assert wilds == list(range(5 - len(wilds), 5))


def test_an_empty_deck_is_reshuffled_from_the_discards_mid_draw():
    s = read_state(position(phase="actions"))
    s.deck = Counter({"date-1": 3})
    s.discard = Counter({"salt-1": 3, "grape-2": 2, "wild": 5, "palm-3": 2})
    rest = Counter({"date-1": 3, "salt-1": 3, "grape-2": 2, "wild": 5, "palm-3": 2})
    sow(s)
    laid = Counter(card for col in s.sowing for card in col)
    assert sum(laid.values()) == 10 and laid["date-1"] == 3     # the 3 first, then more
    assert not s.discard and s.deck + laid == rest


def test_a_deck_written_with_zero_counts_is_empty_and_reshuffled():
    # a hand-written state at the end of turn 2: "deck": {"wild": 0} is an empty deck, so
    # turn 3's sowing is drawn from the 39 discards (+ the left-over salt-1)
    discard = Counter({"wild": 5, "date-1": 3, "salt-1": 2, "grape-2": 2, "palm-3": 2,
                       "barley-1": 3, "barley-2": 2, "barley-3": 2, "date-2": 2,
                       "date-3": 2, "grape-1": 3, "grape-3": 2, "palm-1": 3, "palm-2": 2,
                       "salt-2": 2, "salt-3": 2})
    s = read_state(position(turn=2, expansion=[4, 2], to_move="yellow",
                            deck={"wild": 0}, discard=dict(discard),
                            sowing=[None, ["salt-1"], None, None, None],
                            harvest={"red": 1, "blue": 3, "green": 4, "yellow": 5}))
    s = play(s, "pass")
    assert s.turn == 3 and s.phase == "harvest"
    laid = Counter(card for col in s.sowing for card in col)
    assert sum(laid.values()) == 10 and all(len(col) == 2 for col in s.sowing)
    assert not s.discard and sum(s.deck.values()) == 30


def test_harvest_sets_the_new_turn_order_by_column():
    sowing = [["date-1", "salt-1"]] * 3 + [["grape-1", "palm-1"]] * 2
    s = read_state(position(phase="harvest", turn=2, expansion=[4], sowing=sowing))
    s = play(s, "harvest 3", "harvest 1", "harvest 5", "harvest 2")
    assert s.order == ["blue", "yellow", "red", "green"]
    assert s.hands["red"] == ["date-1", "salt-1"]
    # turn 2 of reign 1 reveals its expansion card into slot 2
    assert len(s.expansion) == 2 and s.phase in ("huts", "supply", "wells")
    assert s.to_move == "blue"


# -- huts, supply, famine --------------------------------------------------------------------
def test_huts_need_a_free_in_play_hex_next_to_own_pieces():
    s = read_state(position(FOUR[:2], phase="huts", to_move="red", expansion=[4],
                            this_turn={"huts_to_place": 4},
                            huts={at(2, 0): "blue", at(5, -1): "red"}))
    got = {board().hexes[m.hex].name for m in legal_moves(s)}
    # around the base (1,0) less blue's hut at (2,0), and around the hut at (5,-1) less the
    # unused column 6 (two players use columns 0-5)
    near_base = {at(0, 0), at(0, 1), at(1, 1), at(2, -1)}
    near_hut = {at(4, -1), at(4, 0), at(5, -2), at(5, 0)}
    assert got == near_base | near_hut


def test_wells_do_not_block_huts_and_stock_limits_placement():
    huts = {at(0, 1): "red", at(1, 1): "red", at(0, 2): "red"}
    s = read_state(position(phase="huts", to_move="red", this_turn={"huts_to_place": 1},
                            huts=huts, wells=["1,1,-1"]))
    assert PlaceHut(board().by_name[at(0, 0)]) in legal_moves(s)
    many = {at(q, r): "red" for q, r in ((0, 0), (0, 1), (1, 1), (0, 2), (0, 3), (1, 2),
                                          (2, 0), (2, -1), (3, -1))}
    # blue ends its phase II; red's begins with min(expansion 4, 1 hut in stock) = 1
    s = read_state(position(phase="wells", to_move="blue", huts=many,
                            order=["blue", "red", "green", "yellow"]))
    s = play(s, "pass")
    assert s.to_move == "red" and s.phase == "huts" and s.huts_to_place == 1
    s = play(s, str(legal_moves(s)[0]))
    assert s.to_move == "green" and s.hut_stock("red") == 10     # no food: all starved


def test_plough_is_played_when_it_is_the_only_food():
    huts = {at(0, 0): "red", at(0, 1): "red"}
    s = read_state(position(phase="supply", to_move="red", huts=huts,
                            hands={"red": ["plough", "grape-3"]}))
    moves = legal_moves(s)
    assert {str(m) for m in moves} == {f"feed plough {at(0, 0)}", f"feed plough {at(0, 1)}"}
    s = play(s, f"feed plough {at(0, 1)}")
    # nothing feeds the palm hut at (0,0): famine, back to stock; grape-3 stays in hand
    assert s.huts_of("red") == [board().by_name[at(0, 1)]]
    assert s.hands["red"] == ["grape-3"] and s.to_move == "blue"


def test_a_three_symbol_card_feeds_three_of_four_huts_of_its_food():
    grapes = [h.name for h in board().hexes if h.food == "grape" and h.q <= 5][:4]
    s = read_state(position(phase="supply", to_move="red",
                            huts=dict.fromkeys(grapes, "red"), hands={"red": ["grape-3"]}))
    moves = legal_moves(s)
    assert len(moves) == 4 and all(len(m.hexes) == 3 for m in moves)


# -- wells -----------------------------------------------------------------------------------
def test_no_well_on_a_vertex_touching_between_the_rivers():
    # (1,2) between, (1,1) upper, (2,1) between: three red huts but the vertex is barred
    huts = {at(1, 1): "red", at(1, 2): "red", at(2, 1): "red"}
    s = read_state(position(phase="wells", to_move="red", huts=huts))
    b = board()
    v = b.vertex_by_hexes[frozenset(b.by_name[n] for n in huts)]
    assert v not in b.well_vertices
    assert Well(v) not in legal_moves(s)


def test_well_stock_runs_out():
    # two players have 8 wells; with 8 on the board no vertex takes one
    b = board()
    bases = {b.by_name[h] for h in START[2].values()}
    target = b.parse_vertex("1,1,-1")
    free = [v for v in sorted(b.well_vertices) if b.vertex_in_play(v, 2) and v != target
            and not bases & set(b.vertices[v].hexes)]
    wells = [b.vertices[v].name for v in free[:8]]
    huts = {at(0, 1): "red", at(1, 1): "red", at(0, 2): "red"}
    assert target in well_vertices_if_stock(huts)
    s = read_state(position(FOUR[:2], phase="wells", to_move="red", huts=huts, wells=wells))
    assert s.well_stock() == 0 and legal_moves(s) == [Pass()]


def well_vertices_if_stock(huts):
    """The vertices red could take with these huts and a full stock."""
    s = read_state(position(FOUR[:2], phase="wells", to_move="red", huts=huts))
    return [m.vertex for m in legal_moves(s) if isinstance(m, Well)]


# -- actions ---------------------------------------------------------------------------------
def test_build_rules():
    huts = {at(0, 0): "red", at(0, 1): "red", at(0, 2): "red", at(1, 1): "red",
            at(2, -1): "red"}
    s = read_state(position(huts=huts, camels={"red": 10}, wells=["1,1,-1"],
                            to_move="red"))
    builds = {board().hexes[m.hex].name for m in legal_moves(s) if isinstance(m, Build)}
    # (0,2) and (1,1) are river hexes; (0,1) touches the well; (0,0) and (2,-1) are fine
    assert builds == {at(0, 0), at(2, -1)}
    s = play(s, f"build {at(0, 0)}")
    assert s.camels["red"] == 4 and s.hut_stock("red") == 6
    assert s.ziggurats[board().by_name[at(0, 0)]] == ("red", 1)
    # a base built this turn gets no centre this turn; the start base does
    centres = {board().hexes[m.hex].name for m in legal_moves(s) if isinstance(m, Centre)}
    assert centres == {START[4]["red"]}
    s = play(s, f"centre {START[4]['red']}")
    assert not any(isinstance(m, (Centre, Roof)) for m in legal_moves(s))   # once a turn
    assert s.camels["red"] == 1


def test_at_most_four_ziggurats_and_roof_on_centre():
    data = position(huts={at(0, 0): "red"}, camels={"red": 10}, to_move="red")
    data["ziggurats"].update({at(0, 5): {"owner": "red", "level": 2},
                              at(2, 5): {"owner": "red", "level": 1},
                              at(3, 4): {"owner": "red", "level": 3}})
    s = read_state(data)
    moves = legal_moves(s)
    assert not any(isinstance(m, Build) for m in moves)
    assert {str(m) for m in moves if isinstance(m, (Centre, Roof))} == {
        f"roof {at(0, 5)}", f"centre {at(2, 5)}", f"centre {START[4]['red']}"}


def test_ashur_needs_camels_a_free_space_and_a_hut_in_stock():
    s = read_state(position(camels={"red": 3}, to_move="red",
                            ashur={"middle": ["blue", "green", "yellow", "blue"]}))
    tiers = {m.tier for m in legal_moves(s) if isinstance(m, Ashur)}
    assert tiers == {"low"}                       # high costs 4; middle is full
    s = play(s, "ashur low")
    assert s.ashur["low"] == ["red"] and s.camels["red"] == 1 and s.hut_stock("red") == 9
    names = [h.name for h in board().hexes if h.q <= 2 and h.name not in START[4].values()]
    s = read_state(position(camels={"red": 10}, to_move="red",
                            huts=dict.fromkeys(names[:10], "red")))
    assert s.hut_stock("red") == 0
    assert not any(isinstance(m, Ashur) for m in legal_moves(s))


def test_offerings_three_steps_a_turn_seven_at_most():
    s = read_state(position(camels={"red": 10}, to_move="red"))
    s = play(s, "offer", "offer", "offer")
    assert s.offering["red"] == 3 and Offer() not in legal_moves(s)
    s = read_state(position(camels={"red": 10}, to_move="red", offering={"red": 6}))
    s = play(s, "offer")
    assert s.offering["red"] == 7 and Offer() not in legal_moves(s)


def test_buy_plough_only_without_one_and_one_food_card_a_turn():
    s = read_state(position(camels={"red": 10}, to_move="red",
                            hands={"red": ["plough"]}, used_ploughs=3,
                            sowing=[None, None, ["salt-1", "wild"], None, None],
                            harvest={"red": 1, "blue": 2, "green": 4, "yellow": 5}))
    moves = legal_moves(s)
    assert Buy("plough") not in moves and {Buy("salt-1"), Buy("wild")} <= set(moves)
    s = play(s, "buy wild")
    assert s.camels["red"] == 8 and "wild" in s.hands["red"]
    assert not any(isinstance(m, Buy) for m in legal_moves(s))  # one card a turn
    s = read_state(position(camels={"red": 2}, to_move="red", used_ploughs=4))
    s = play(s, "buy plough")
    assert s.ploughs["red"] == 1 and s.used_ploughs == 3 and s.camels["red"] == 0


def test_passing_ends_the_turn_discards_the_left_over_and_sows_again():
    s = read_state(position(turn=3, expansion=[3], to_move="yellow",
                            sowing=[None, ["salt-1"], None, None, None],
                            harvest={"red": 1, "blue": 3, "green": 4, "yellow": 5}))
    s = play(s, "pass")
    assert s.turn == 4 and s.phase == "harvest" and s.discard["salt-1"] >= 1
    assert len(s.sowing) == 5 and s.expansion == [3]


def test_reign_end_then_a_new_card_in_slot_1_and_the_flood():
    huts = {at(0, 2): "red", at(0, 1): "red"}
    s = read_state(position(turn=2, expansion=[4, 2], to_move="yellow", huts=huts,
                            ashur={"high": ["red"]}, offering={"red": 2}))
    s = play(s, "pass")
    assert s.turn == 3 and s.phase == "harvest" and len(s.expansion) == 1
    assert set(s.to_json()["huts"]) == {at(0, 1)}
    assert s.ashur["high"] == [] and s.offering["red"] == 0
    # Ashur: alone, cards 4 + 2 = 6; high priest 1 hut: 1; offerings: 1 site x 2 = 2
    assert s.score["red"] == 6 + 1 + 2


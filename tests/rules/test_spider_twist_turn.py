"""The rules of a turn (ruling "A turn"), the female's reaction in play, game end, score."""

from __future__ import annotations

from functools import partial

import pytest

from pnp.rules.spider_twist import (
    Done,
    End,
    Female,
    IllegalMove,
    Mate,
    Pass,
    Place,
    Roll,
    Step,
    legal_moves,
    parse_move,
    score,
)
from pnp.rules.spider_twist.game import GAME, initial_state, start_rolls
from pnp.rules.spider_twist.play import apply, apply_in_place
from pnp.rules.spider_twist.read import position

from . import helpers

play = partial(helpers.play, GAME)


def illegal(state, text, match):
    with pytest.raises(IllegalMove, match=match):
        apply(state, parse_move(text))


# ------------------------------------------------------------------------ set-up, start
def test_new_game_female_on_the_centre_ten_males_each_in_stock():
    s = initial_state(7)
    assert s.female == "C" and s.die is None and s.males == {}
    assert s.stock == {"white": 10, "black": 10}
    assert s.turn in ("white", "black") and s.current() == s.turn


def test_start_player_rolled_higher_equal_rolls_again():
    for seed in range(40):
        rolls = start_rolls(seed)
        assert all(w == b for w, b in rolls[:-1]) and rolls[-1][0] != rolls[-1][1]
        w, b = rolls[-1]
        assert initial_state(seed).turn == ("white" if w > b else "black")
    assert any(len(start_rolls(seed)) > 1 for seed in range(40)), "a tie is rolled again"
    assert {initial_state(seed).turn for seed in range(40)} == {"white", "black"}


def test_first_turn_only_a_placement():
    s = initial_state(1)
    moves = legal_moves(s)
    assert moves == [Place(n) for n in s.graph.entry]
    s = apply(s, moves[0])
    assert legal_moves(s) == [End()], "the placed male cannot move; one placement a turn"


# ------------------------------------------------------------------------- placement
def test_placement_goes_on_an_empty_entry_node_and_disturbs_her():
    s = position("rings", "S0R3", {"S5R1": "black"})
    after = apply(s, Place("S2R1"))
    assert after.stock["white"] == s.stock["white"] - 1 and after.males["S2R1"] == "white"
    assert after.placed == "S2R1" and "S2R1" in after.done
    # reach 1 on spoke 2; distance 4: walks S0R2 or S1R3: the opponent chooses
    assert after.react == "S2R1" and after.current() == "black"
    illegal(s, "place S2R2", "periphery")
    illegal(s, "place S5R1", "black male is on S5R1")
    illegal(after.copy(), "place S3R1", "female must react")


def test_one_placement_a_turn_and_never_from_an_empty_stock():
    s = play(position("rings", "S0R5", {"S5R3": "white"}), "place S5R1")
    assert s.react is None                       # one walk: S0R5-C
    illegal(s, "place S3R1", "one placement a turn")
    empty = position("rings", "S0R5", {"S5R3": "white", "S7R3": "white"}, mated={"white": 8})
    assert empty.stock["white"] == 0
    illegal(empty, "place S3R1", "no male in stock")
    assert not any(isinstance(m, Place) for m in legal_moves(empty))


def test_no_placement_on_the_female():
    s = position("rings", "S4R1", {"S7R3": "white"})
    illegal(s, "place S4R1", "female is on S4R1")
    assert Place("S4R1") not in legal_moves(s)


# ----------------------------------------------------------------------------- moving
def test_a_move_is_one_edge_to_an_empty_node_by_an_own_male_once_a_turn():
    s = position("rings", "S5R5", {"S0R1": "white", "S0R2": "black", "S2R3": "white"})
    illegal(s, "S0R1-S0R3", "not next to")
    illegal(s, "S0R1-S0R2", "black male is on S0R2")
    illegal(s, "S0R2-S0R3", "black's; white moves only his own")
    illegal(s, "S4R4-S4R3", "no male on S4R4")
    s = apply(s, Step("S0R1", "S1R1"))
    assert s.males.get("S1R1") == "white" and "S0R1" not in s.males
    assert s.moved == [("S0R1", "S1R1")]
    while s.react or s.roll:                     # let her react
        s = apply(s, legal_moves(s)[0])
    illegal(s, "S1R1-S2R1", "already moved or turned")
    assert Step("S2R3", "S2R2") in legal_moves(s)


def test_a_male_placed_this_turn_cannot_move():
    s = play(position("rings", "S5R5", {"S9R2": "white"}), "place S0R1")
    while s.react or s.roll:
        s = apply(s, legal_moves(s)[0])
    illegal(s, "S0R1-S0R2", "placed this turn")


def test_a_move_onto_the_female_is_a_mating_written_as_such():
    s = position("rings", "S0R2", {"S0R1": "white"})
    illegal(s, "S0R1-S0R2", "mate S0R1")


# ----------------------------------------------------------------------------- mating
def test_mating_from_next_to_her_she_stays_and_it_counts_as_the_action():
    s = position("rings", "S0R2", {"S0R1": "white", "S1R2": "white", "S5R5": "black"})
    after = apply(s, Mate("S0R1"))
    assert after.mated["white"] == 1 and "S0R1" not in after.males
    assert after.female == "S0R2" and after.react is None and not after.roll
    assert End() in legal_moves(after)
    illegal(after, "mate S1R2", "one mating a turn")
    illegal(s, "mate S5R5", "black's")
    far = position("rings", "S0R3", {"S0R1": "white"})
    illegal(far, "mate S0R1", "not next to S0R1")


def test_mating_is_possible_while_she_eats_and_counts_the_die_down():
    s = position("rings", "S0R2", {"S0R1": "white", "S5R5": "black"}, die=3)
    after = apply(s, Mate("S0R1"))
    assert after.die == 2 and after.mated["white"] == 1
    one = position("rings", "S0R2", {"S0R1": "white", "S5R5": "black"}, die=1)
    assert apply(one, Mate("S0R1")).die is None


def test_a_male_placed_or_moved_this_turn_cannot_mate():
    # The die keeps her still: each disturbance only counts it down.
    s = position("rings", "S1R1", {"S3R1": "white", "S5R5": "black"}, die=5)
    s = play(s, "place S0R1", "S3R1-S2R1")
    assert s.die == 3 and s.female == "S1R1"
    assert all(s.graph.is_adjacent(n, "S1R1") for n in ("S0R1", "S2R1"))
    assert not any(isinstance(m, Mate) for m in legal_moves(s))
    illegal(s, "mate S0R1", "placed this turn")
    illegal(s, "mate S2R1", "already moved")


# ------------------------------------------------------------------ turning, end, pass
def test_turning_a_male_is_no_disturbance():
    s = position("rings", "S0R2", {"S5R3": "white", "S7R3": "white"}, die=4)
    after = apply(s, Done("S5R3"))
    assert after.die == 4 and after.female == "S0R2" and "S5R3" in after.done
    assert not after.has_acted and End() not in legal_moves(after)
    illegal(after, "S5R3-S5R2", "already moved or turned")
    moving = position("rings", "S0R2", {"S5R3": "white"})
    assert apply(moving, Done("S5R3")).female == "S0R2"


def test_turning_may_not_leave_the_player_without_an_action():
    # Stock empty; the male on S0R1 is boxed in: turning the one on S5R3 before acting
    # would make the turn impossible, turning the boxed one is fine.
    males = {"S5R3": "white", "S0R1": "white", "S1R1": "black", "S9R1": "black",
             "S0R2": "black"}
    s = position("rings", "S5R5", males, mated={"white": 8})
    assert Done("S5R3") not in legal_moves(s) and Done("S0R1") in legal_moves(s)
    illegal(s, "done S5R3", "has not acted yet")


def test_end_needs_an_action_then_the_turn_passes_and_all_are_face_up():
    s = position("rings", "S0R5", {"S5R3": "white", "S7R3": "white", "S9R1": "black"})
    illegal(s, "end", "at least one action")
    s = play(s, "done S7R3", "S5R3-S5R2")
    assert s.current() == "white" and s.react is None        # reach 1, one walk
    s = play(s, "end")
    assert s.turn == "black" and s.done == set() and s.moved == [] and s.placed is None
    assert s.current() == "black"


def test_pass_only_when_no_action_is_possible():
    # White: stock empty, his two males boxed in by black males and the web's edge.
    males = {"S0R1": "white", "S1R1": "black", "S9R1": "black", "S0R2": "black",
             "S5R1": "white", "S4R1": "black", "S6R1": "black", "S5R2": "black"}
    s = position("rings", "C", males, mated={"white": 8})
    assert legal_moves(s) == [Pass()]
    after = apply(s, Pass())
    assert after.turn == "black"
    illegal(position("rings", "S5R5", {"S0R1": "white"}), "pass", "only when no action")


# ---------------------------------------------------------- her reaction during a turn
def test_the_opponent_chooses_her_walk_and_nothing_else_happens_first():
    males = {"S3R1": "black", "S1R3": "black", "S2R3": "white", "S3R4": "white"}
    s = position("rings", "S0R2", males)
    s = apply(s, Step("S3R4", "S3R3"))                # the worked example, in play
    assert s.react == "S3R3" and s.current() == "black"
    assert sorted(str(m) for m in legal_moves(s)) == ["female S0R2-S0R3-S1R3",
                                                      "female S0R2-S1R2-S1R3"]
    illegal(s, "S2R3-S2R2", "female must react")
    illegal(s, "female S0R2-S1R2-S2R2", "not an allowed walk")
    s = apply(s, Female(("S0R2", "S0R3", "S1R3")))
    assert s.female == "S1R3" and "S1R3" not in s.males and s.eaten["black"] == 1
    assert s.roll and s.current() == "black" and legal_moves(s) == [Roll(v) for v in range(1, 7)]
    illegal(s, "S2R3-S2R2", "rolls the die first")
    s = apply(s, Roll(5))
    assert s.die == 5 and not s.roll and s.current() == "white"


def test_the_die_counts_down_per_disturbance_and_she_reacts_after_it_is_removed():
    s = position("rings", "S0R2", {"S5R1": "white", "S6R1": "white", "S7R1": "white",
                                   "S9R5": "black"}, die=2)
    s = play(s, "S5R1-S5R2")
    assert s.die == 1 and s.female == "S0R2"
    s = play(s, "S6R1-S6R2")
    assert s.die is None and s.female == "S0R2", "the disturbance removing the die: no move"
    s = play(s, "S7R1-S7R2")
    assert s.female == "S9R2", "reach 1 along the one shortest route S0R2-S9R2-S8R2-S7R2"


def test_placement_while_she_eats_only_counts_down():
    s = position("rings", "S0R2", {"S9R5": "black"}, die=6)
    s = play(s, "place S4R1")
    assert s.die == 5 and s.female == "S0R2" and s.react is None


# ------------------------------------------------------------------------- game end
def test_the_game_ends_at_once_when_a_player_has_one_male_left():
    # Black: one male on the web and one in stock; white's move makes her walk
    # S0R1-S1R1-S2R1 (the only shortest route), and she eats black on S1R1.
    s = position("rings", "S0R1", {"S1R1": "black", "S2R2": "white"},
                 mated={"black": 3}, eaten={"black": 5})
    assert s.left("black") == 2 and not s.is_over()
    events = apply_in_place(s, Step("S2R2", "S2R1"))
    assert s.eaten["black"] == 6 and s.is_over() and "game over" in events[-1]
    assert not s.roll, "the rest of the turn is not played (no die roll)"
    assert s.current() is None and legal_moves(s) == []
    illegal(s, "end", "game is over")


def test_a_mating_can_end_the_game():
    s = position("rings", "S0R2", {"S0R1": "white", "S5R5": "black"}, mated={"white": 8})
    assert s.left("white") == 2
    after = apply(s, Mate("S0R1"))
    assert after.is_over() and GAME.current_player(after) is None


# --------------------------------------------------------------------------- scoring
def test_score_two_per_mated_minus_one_per_eaten():
    s = position("rings", "C", {"S0R1": "white", "S1R1": "black"},
                 mated={"white": 3, "black": 1}, eaten={"white": 5, "black": 1})
    res = score(s)
    assert res.players["white"].points == 1 and res.players["black"].points == 1
    assert not res.over and res.winners == () and res.leaders == ("white", "black")
    over = position("rings", "C", {"S0R1": "white", "S1R1": "black"},
                    mated={"white": 3, "black": 1}, eaten={"white": 5, "black": 8})
    res = score(over)
    assert res.over and res.winners == ("white",)
    assert res.to_json() == {"players": {"white": {"mated": 3, "eaten": 5, "points": 1},
                                         "black": {"mated": 1, "eaten": 8, "points": -6}},
                             "winners": ["white"], "over": True}
    draw = position("rings", "C", {"S0R1": "white"}, mated={"white": 2, "black": 2},
                    eaten={"white": 7, "black": 7})
    assert score(draw).winners == ("white", "black")


# --------------------------------------------------------------------------- notation
@pytest.mark.parametrize("text", ["place S3R1", "S3R2-S3R3", "mate S1R3", "done C", "end",
                                  "pass", "female S0R2-S0R3-S1R3", "roll 4", "P9-P10"])
def test_notation_round_trips(text):
    assert str(parse_move(text)) == text


@pytest.mark.parametrize("text", ["place", "S3R2 S3R3", "roll 7", "female S0R2", "mate",
                                  "x" * 500])
def test_bad_notation_is_one_clear_line(text):
    from pnp.rules.spider_twist import MoveSyntaxError
    with pytest.raises(MoveSyntaxError, match="is not a move") as exc:
        parse_move(text)
    assert "\n" not in str(exc.value) and len(str(exc.value)) < 200


def test_a_node_not_on_this_web_is_an_illegal_move():
    s = position("spiral", "C", {"P3": "white"})
    illegal(s, "place S3R1", "no node S3R1 on the spiral web")
    illegal(s, "P3-P77", "no node P77")

"""Constructo's rules (docs/rules/constructo.md#play): placing, the move
cycle, lone pieces only, round end, round 2, towers, points, totals and winners."""

from __future__ import annotations

import pytest

from pnp.rules.constructo import (
    ChoosePattern,
    IllegalMove,
    Move,
    Piece,
    Place,
    apply,
    current_player,
    is_over,
    is_round_over,
    is_tower,
    legal_actions,
    read_state,
    round_points,
    totals,
    towers,
    why_illegal,
    winners,
)
from pnp.rules.constructo.game import GAME, initial_state
from pnp.rules.constructo.hexes import (
    DIRECTIONS,
    PATTERNS,
    board,
    canonical,
    degrees,
    lay_on,
    symmetry,
)

KIND = {"R": "ring", "M": "medium", "S": "small"}
OWNER = {"w": "white", "b": "black"}


def pieces(text: str) -> list[dict[str, str]]:
    """"wM bS wR" -> JSON pieces bottom to top (w/b owner, R ring, M medium, S small)."""
    return [{"owner": OWNER[p[0]], "piece": KIND[p[1]]} for p in text.split()]


def state_data(stacks: dict[str, str], turn: str = "white", pattern: str = "rhombus",
               round_: int = 1, scores: tuple[int, int] = (0, 0),
               players: tuple[str, str] = ("white", "black"),
               supply: dict[str, dict[str, int]] | None = None) -> dict:
    """A state file for `stacks` ("q,r" -> "wM bS ..."); the supply holds the rest."""
    on = [p for text in stacks.values() for p in pieces(text)]
    if supply is None:
        supply = {o: {k: 3 - on.count({"owner": o, "piece": k}) for k in KIND.values()}
                  for o in OWNER.values()}
    return {"game": "constructo", "pattern": pattern, "players": list(players), "turn": turn,
            "round": round_, "stacks": {t: pieces(s) for t, s in stacks.items()},
            "supply": supply, "scores": {"white": scores[0], "black": scores[1]}}


def state(stacks: dict[str, str], **kwargs):
    return read_state(state_data(stacks, **kwargs))


def stack(text: str) -> tuple[Piece, ...]:
    return tuple(Piece(p["owner"], p["piece"]) for p in pieces(text))


# -- the worked example ---------------------------------------------------------------------
WORKED = {"1,0": "wM bS wR", "1,2": "wS bR", "0,1": "bM wS", "1,1": "wR bM wS bR"}


def test_worked_example_white_2_black_1():
    example = state(WORKED)
    assert round_points(example.stacks) == {"white": 2, "black": 1}
    assert towers(example.stacks) == [((1, 0), "white"), ((0, 1), "white"),
                                      ((1, 1), "black")]
    assert not is_tower(example.stacks[(1, 2)]), "a lone ring around a small disc"


# -- towers ---------------------------------------------------------------------------------
@pytest.mark.parametrize(("text", "tower"), [
    ("wR", False), ("wS bR", False), ("wR bM", True), ("wM bS", True), ("bS wR bM", True),
    ("wR bM wS bR", True)])
def test_tower_is_two_or_more_pieces_except_a_ring_around_a_small_disc(text, tower):
    assert is_tower(stack(text)) is tower


# -- placing --------------------------------------------------------------------------------
def test_place_puts_a_supply_piece_on_an_empty_tile_and_passes_the_turn():
    after = apply(initial_state(1, pattern="rhombus"), Place("ring", (1, 0)))
    assert after.stacks == {(1, 0): stack("wR")}
    assert after.supply["white"]["ring"] == 2 and after.turn == "black"


def test_place_only_on_an_empty_tile_of_the_pattern():
    position = state({"1,0": "wR"}, turn="black")
    assert "not empty" in why_illegal(position, Place("medium", (1, 0)))
    assert "not a tile of the rhombus" in why_illegal(position, Place("medium", (3, 0)))
    with pytest.raises(IllegalMove, match="not empty"):
        apply(position, Place("medium", (1, 0)))


def test_place_needs_that_piece_in_the_supply():
    position = state({"0,0": "wR", "2,0": "wR", "2,2": "wR"})
    assert "no ring left" in why_illegal(position, Place("ring", (1, 1)))
    assert Place("medium", (1, 1)) in legal_actions(position)
    assert not any(isinstance(a, Place) and a.kind == "ring" for a in legal_actions(position))


# -- the move cycle -------------------------------------------------------------------------
CYCLE = {"ring": "small", "medium": "ring", "small": "medium"}


@pytest.mark.parametrize("mover", ["ring", "medium", "small"])
@pytest.mark.parametrize("top", ["ring", "medium", "small"])
def test_move_cycle_onto_the_opponents_top_piece(mover, top):
    m, t = mover[0].upper(), top[0].upper()
    position = state({"0,0": f"w{m}", "1,0": f"b{t}"})
    move = Move((0, 0), (1, 0))
    if CYCLE[mover] == top:
        assert why_illegal(position, move) is None and move in legal_actions(position)
        after = apply(position, move)
        assert after.stacks == {(1, 0): stack(f"b{t} w{m}")} and after.turn == "black"
    else:
        why = why_illegal(position, move)
        assert why and "goes only onto" in why and move not in legal_actions(position)


@pytest.mark.parametrize(("mover", "top"), [("R", "S"), ("M", "R"), ("S", "M")])
def test_never_onto_your_own_piece(mover, top):
    position = state({"0,0": f"w{mover}", "1,0": f"w{top}"})
    assert "only onto the opponent's" in why_illegal(position, Move((0, 0), (1, 0)))
    assert not any(isinstance(a, Move) for a in legal_actions(position))


def test_medium_onto_a_ring_around_a_small_disc_and_small_onto_a_medium_on_a_ring():
    position = state({"0,0": "wM", "1,0": "wS bR", "2,0": "bR wM", "2,1": "bS"},
                     turn="white")
    assert why_illegal(position, Move((0, 0), (1, 0))) is None
    assert apply(position, Move((0, 0), (1, 0))).stacks[(1, 0)] == stack("wS bR wM")
    black = state({"0,0": "wM", "1,0": "wS bR", "2,0": "bR wM", "2,1": "bS"}, turn="black")
    assert apply(black, Move((2, 1), (2, 0))).stacks[(2, 0)] == stack("bR wM bS")


def test_a_ring_goes_around_a_small_disc_even_on_top_of_a_tower():
    position = state({"0,0": "wR", "1,0": "wM bS"})
    assert apply(position, Move((0, 0), (1, 0))).stacks[(1, 0)] == stack("wM bS wR")


def test_only_a_piece_alone_on_its_tile_moves_towers_never_split():
    position = state({"0,0": "bR wM", "1,0": "bR"})
    why = why_illegal(position, Move((0, 0), (1, 0)))
    assert "only a piece alone on its tile moves" in why


@pytest.mark.parametrize("turn", ["white", "black"])
def test_neither_piece_of_a_lone_small_and_ring_moves(turn):
    # White small, black ring: each shares its tile, though it is no tower.
    position = state({"1,1": "wS bR", "0,1": "bM", "2,1": "wM", "1,0": "wR", "1,2": "bR"},
                     turn=turn)
    assert not any(isinstance(a, Move) and a.src == (1, 1) for a in legal_actions(position))
    assert "alone" in why_illegal(position, Move((1, 1), (0, 1)))


def test_move_only_your_own_piece_to_an_adjacent_occupied_tile():
    position = state({"0,0": "wM", "1,0": "bR", "2,0": "bR", "2,2": "bS"})
    assert "adjacent" in why_illegal(position, Move((0, 0), (2, 0)))
    assert "adjacent" in why_illegal(position, Move((0, 0), (2, 2)))
    assert "empty" in why_illegal(position, Move((0, 0), (0, 1)))
    assert "not white's" in why_illegal(position, Move((1, 0), (0, 0)))
    assert "no piece to move" in why_illegal(position, Move((1, 1), (1, 0)))
    assert [a for a in legal_actions(position) if isinstance(a, Move)] == \
        [Move((0, 0), (1, 0))]


def test_adjacency_follows_the_axial_directions():
    # (1,1) touches (2,0) and (0,2) but not (0,0) or (2,2) in axial coordinates.
    assert set(board("rhombus")[(1, 1)]) == {(1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2)}
    assert len(board("spindle")[(0, 0)]) == 6
    assert board("spindle")[(2, 0)] == ((1, 0),) and board("spindle")[(-2, 0)] == ((-1, 0),)
    assert all(len(tiles) == 9 for tiles in PATTERNS.values())


# -- the three patterns (ruling "Components") ----------------------------------------------
def test_the_three_patterns_are_the_rulings():
    assert tuple(PATTERNS) == ("rhombus", "triangle", "spindle")
    assert set(PATTERNS["rhombus"]) == {(q, r) for q in range(3) for r in range(3)}
    assert set(PATTERNS["triangle"]) == {(0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1),
                                         (2, 1), (0, 2), (1, 2)}
    # spindle: (0,0), its six neighbours, and (2,0), (-2,0): two steps straight out on
    # opposite sides, each touching one tile only
    assert set(PATTERNS["spindle"]) == {(0, 0), *DIRECTIONS, (2, 0), (-2, 0)}
    ends = [t for t, near in board("spindle").items() if len(near) == 1]
    assert sorted(ends) == [(-2, 0), (2, 0)]


def test_tile_degrees_as_the_ruling_gives_them():
    assert degrees("rhombus") == (2, 2, 3, 3, 4, 4, 4, 4, 6)
    assert degrees("triangle") == (2, 2, 3, 3, 4, 4, 4, 4, 6)
    assert degrees("spindle") == (1, 1, 3, 3, 3, 3, 4, 4, 6)


def test_the_three_are_distinct_under_turning_and_mirroring():
    shapes = {canonical(tiles) for tiles in PATTERNS.values()}
    assert len(shapes) == 3
    # every pattern turned and mirrored any of the 12 ways is still itself
    for tiles in PATTERNS.values():
        for k in range(12):
            assert canonical([symmetry(t, k) for t in tiles]) == canonical(tiles)


def test_the_old_flower_was_the_rhombus_turned():
    flower = ((0, 0), *DIRECTIONS, (2, -1), (-2, 1))
    assert canonical(flower) == canonical(PATTERNS["rhombus"])
    assert lay_on(list(flower), "rhombus") is not None


def test_a_pattern_laid_any_way_round_is_numbered_as_its_own():
    for name, tiles in PATTERNS.items():
        for k in range(12):
            laid = [(q + 5, r - 3) for q, r in (symmetry(t, k) for t in tiles)]
            numbered = lay_on(laid, name)
            assert numbered is not None and set(numbered) == set(tiles)
            # neighbours on the table stay neighbours in the numbering
            near = {(i, j) for i in range(9) for j in range(9)
                    if (laid[j][0] - laid[i][0], laid[j][1] - laid[i][1]) in DIRECTIONS}
            assert near == {(i, j) for i in range(9) for j in range(9)
                            if (numbered[j][0] - numbered[i][0],
                                numbered[j][1] - numbered[i][1]) in DIRECTIONS}
            others = [n for n in PATTERNS if n != name]
            assert all(lay_on(laid, n) is None for n in others)
    assert lay_on(list(PATTERNS["spindle"]), "spindle") == list(PATTERNS["spindle"])


def test_no_passing_and_the_pattern_is_chosen_only_between_rounds():
    position = initial_state(3, pattern="spindle")
    assert "not over" in why_illegal(position, ChoosePattern("rhombus"))
    assert all(isinstance(a, Place) for a in legal_actions(position))
    assert len(legal_actions(position)) == 27, "3 kinds on 9 empty tiles"


# -- round end, round 2, totals -------------------------------------------------------------
EXAMPLE_END = {**WORKED, "0,0": "wM", "2,0": "wM bS", "0,2": "bM", "2,2": "wR"}


def test_round_ends_when_the_player_to_move_has_no_action():
    # White: no supply, and no lone piece of white's can move; black could still place on
    # 2,1, but only the player to move counts (docs/rules/constructo.md#play, round end).
    end = state(EXAMPLE_END)
    assert is_round_over(end) and not is_over(end)
    assert Place("ring", (2, 1)) in legal_actions(state(EXAMPLE_END, turn="black"))
    assert current_player(end) == "black", "round 2's starter chooses its pattern"
    assert legal_actions(end) == [ChoosePattern(p) for p in ("rhombus", "triangle", "spindle")]
    assert "round 1 is over" in why_illegal(end, Place("ring", (2, 1)))
    assert totals(end) == {"white": 2, "black": 2}


def test_round_2_starts_with_the_other_player_on_their_pattern_and_every_piece_back():
    end = state(EXAMPLE_END)
    second = apply(end, ChoosePattern("spindle"))
    assert (second.round, second.pattern, second.turn) == (2, "spindle", "black")
    assert second.stacks == {} and second.scores == {"white": 2, "black": 2}
    assert all(n == 3 for stock in second.supply.values() for n in stock.values())
    flipped = apply(state(EXAMPLE_END, players=("black", "white")), ChoosePattern("triangle"))
    assert flipped.turn == "white"


@pytest.mark.parametrize(("banked", "total", "won"), [
    ((1, 3), {"white": 3, "black": 5}, ["black"]),
    ((3, 1), {"white": 5, "black": 3}, ["white"]),
    ((2, 2), {"white": 4, "black": 4}, ["white", "black"])])
def test_round_2_end_is_the_game_end_and_totals_add_up(banked, total, won):
    # This board gives white 2 and black 2 on top of round 1's banked points.
    final = state(EXAMPLE_END, round_=2, scores=banked)
    assert is_over(final) and current_player(final) is None and legal_actions(final) == []
    assert totals(final) == total and GAME.scores(final) == total
    assert winners(total) == won, "a draw lists both"
    assert "game is over" in why_illegal(final, ChoosePattern("rhombus"))
    assert "game is over" in why_illegal(final, Place("ring", (2, 1)))


def test_a_whole_game_through_the_api_ends_after_two_rounds():
    state_, rounds = initial_state(5, pattern="triangle"), set()
    while not is_over(state_):
        rounds.add(state_.round)
        state_ = apply(state_, legal_actions(state_)[-1])
    assert rounds == {1, 2} and is_round_over(state_)

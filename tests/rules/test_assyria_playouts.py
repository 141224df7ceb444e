"""Hundreds of seeded random games, invariants checked after every move with the test's own
reading of the rules (docs/rules/assyria.md), not the engine's helpers.

A longer run (thousands of games) is benchmarks/assyria_bench.py."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from pnp.layouts import load
from pnp.rules.assyria.board import board
from pnp.rules.assyria.moves import Build, Feed, PlaceHut, Well
from pnp.rules.assyria.phases import new_game
from pnp.rules.assyria.play import apply_in_place, legal_moves
from pnp.rules.assyria.validate import validate

COLOURS = ("red", "blue", "green", "yellow")
HEXES = load("assyria")["hexes"]
AT = {(h["q"], h["r"]): i for i, h in enumerate(HEXES)}
REGION = [h["region"] for h in HEXES]
FOOD = [h["food"] for h in HEXES]
Q = [h["q"] for h in HEXES]
COLUMNS = {2: 6, 3: 8, 4: 10}
WELLS = {2: 8, 3: 12, 4: 16}
STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))
GAMES_PER_COUNT = 80


def near(a: int, b: int) -> bool:
    (qa, ra), (qb, rb) = (HEXES[a]["q"], HEXES[a]["r"]), (HEXES[b]["q"], HEXES[b]["r"])
    return (qb - qa, rb - ra) in STEPS


def well_hexes(state, v):
    vx = board().vertices[v]       # (q, r, t); its hexes by the ruling's formula
    return {AT[vx.q, vx.r], AT[vx.q + vx.t, vx.r], AT[vx.q + vx.t, vx.r - vx.t]}


def check_position(s, before_score):
    n = s.n
    for c in s.players:
        on_board = sum(1 for o in s.huts.values() if o == c)
        in_ashur = sum(t.count(c) for t in s.ashur.values())
        assert on_board + in_ashur <= 10, "huts conserved"
        zigs = [lv for o, lv in s.ziggurats.values() if o == c]
        assert 1 <= len(zigs) <= 4 and all(1 <= lv <= 3 for lv in zigs)
        assert 0 <= s.camels[c] <= 10 and 0 <= s.offering[c] <= 7
        assert s.score[c] >= before_score.get(c, 0), "points are never lost"
        assert s.ploughs[c] in (0, 1)
    assert sum(s.ploughs.values()) + s.used_ploughs == n
    assert not set(s.huts) & set(s.ziggurats)
    for h in list(s.huts) + list(s.ziggurats):
        assert Q[h] < COLUMNS[n], "only in-play hexes hold pieces"
    for h in s.ziggurats:
        assert REGION[h] not in ("upper", "lower"), "no ziggurat on a river"
    assert len(s.wells) <= WELLS[n] and len(set(s.wells)) == len(s.wells)
    for v in s.wells:
        hexes = well_hexes(s, v)
        assert all(REGION[h] != "between" for h in hexes)
        assert not hexes & set(s.ziggurats), "no ziggurat touches a well"
    assert [len(s.ashur[t]) <= k for t, k in (("high", 3), ("middle", 4), ("low", 6))] == \
        [True] * 3
    loose = [*s.draft, *(x for hand in s.hands.values() for x in hand),
             *(x for col in s.sowing for x in col or ())]
    assert sum(s.deck.values()) + sum(s.discard.values()) + len(loose) == 40
    assert s.deck["wild"] + s.discard["wild"] + loose.count("wild") == 5
    assert sorted([*s.expansion_deck.elements(), *s.expansion, *s.expansion_out]) == \
        [2, 2, 3, 3, 3, 3, 4, 4, 4]


def check_move(pre, move, post):
    c = pre.to_move
    if isinstance(move, PlaceHut):
        own = [h for h, o in pre.huts.items() if o == c]
        own += [h for h, (o, _) in pre.ziggurats.items() if o == c]
        assert move.hex not in pre.huts and move.hex not in pre.ziggurats
        assert any(near(move.hex, h) for h in own), "a new hut touches own pieces"
    elif isinstance(move, Feed):
        held = pre.ploughs[c] if move.card == "plough" else pre.hands[c].count(move.card)
        assert held >= 1
        for h in move.hexes:
            assert pre.huts.get(h) == c and h not in pre.supplied
            if move.card not in ("wild", "plough"):
                assert FOOD[h] == move.card.split("-")[0]
    elif isinstance(move, Well):
        assert all(pre.huts.get(h) == c for h in well_hexes(pre, move.vertex))
    elif isinstance(move, Build):
        assert pre.huts.get(move.hex) == c and pre.camels[c] >= 6


def check_income(pre, move, post):
    """A move that ends phase II for the last player runs the income: compare the tracks
    with the ruling's income read independently."""
    wells = {c: len(v) for c, v in pre.new_wells.items()}
    if isinstance(move, Well):
        wells[pre.to_move] = wells.get(pre.to_move, 0) + 1
    for c in post.players:
        huts = [h for h, o in post.huts.items() if o == c]
        regions = Counter(REGION[h] for h in huts)
        camels = sum(3 + 2 * (regions[r] - 1) for r in ("upper", "lower") if regions[r])
        levels = sum(lv for o, lv in post.ziggurats.values() if o == c)
        points = 2 * regions["between"] + regions["outside"] + levels + \
            {1: 6, 2: 5, 3: 4}[post.reign] * wells.get(c, 0)
        assert post.score[c] - pre.score[c] == points
        assert post.camels[c] == min(10, pre.camels[c] + camels)


def play_checked(seed: int, n: int) -> int:
    s = new_game(seed, COLOURS[:n])
    rng = random.Random(seed)
    moves = 0
    incomes = 0
    while s.phase != "over":
        legal = legal_moves(s)
        assert legal
        move = legal[rng.randrange(len(legal))]
        pre = s.copy()
        apply_in_place(s, move, checked=True)
        moves += 1
        check_move(pre, move, s)
        if s.phase != "setup":
            check_position(s, pre.score)
        if pre.phase in ("huts", "supply", "wells") and s.phase == "actions" \
                and s.turn == pre.turn:
            check_income(pre, move, s)
            incomes += 1
        if moves % 7 == 0:
            assert validate(s) == []
    assert s.turn == 8 and not any(s.ashur.values()) and len(s.expansion_out) == 8
    assert validate(s) == []
    return incomes


@pytest.mark.parametrize("n", [2, 3, 4])
def test_random_games_never_reach_an_illegal_state(n):
    incomes = sum(play_checked(1000 * n + seed, n) for seed in range(GAMES_PER_COUNT))
    assert incomes > GAMES_PER_COUNT * 4        # the income check ran in most turns

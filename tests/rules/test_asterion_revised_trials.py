"""The revised simulator's shortcuts against the rules they stand for: trying an action
without building the labyrinth after it, indexing candidates instead of listing them, and
drawing their random order one at a time."""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from pnp.rules.asterion import play
from pnp.rules.asterion.game import _first_legal_action, drawn_order, initial_state, random_move
from pnp.rules.asterion.labyrinth import kind, xy
from pnp.rules.asterion.moves import IllegalMove, Rotate, Shift, Swap
from pnp.rules.asterion.play import (
    _eligible,
    _pieces,
    _shift_keeps_one_group,
    action_candidates,
    apply_in_place,
    candidate_is_legal,
    legal_actions,
    resolve,
)

from .helpers import revised_turns


def _resolves(state, move) -> bool:
    try:
        resolve(state, move)
    except IllegalMove:
        return False
    return True


def test_candidate_check_agrees_with_resolve_through_seeded_games():
    """Each sampled candidate checked alone, and with the groups its lifted tile leaves
    kept for the position's later candidates (as the simulator keeps them)."""
    tried = legal = 0
    for seed, state in revised_turns(range(8)):
        candidates = action_candidates(state)
        split: dict[int, list[set[int]]] = {}
        for index in range(seed % 7, len(candidates), 41):   # a sample each turn
            move = candidates[index]
            verdict = _resolves(state, move)
            assert candidate_is_legal(state, move) == verdict, (seed, str(move))
            assert candidate_is_legal(state, move, split) == verdict, (seed, str(move))
            tried, legal = tried + 1, legal + verdict
    assert tried > 3000 and 0 < legal < tried         # both answers were exercised


def test_the_untouched_exit_shortcut_answers_as_the_walk(monkeypatch):
    """A candidate's no-trap check first looks for an exit of Asterion's component that the
    change leaves alone; every candidate it answers for gets the answer the walk over his
    component gives without it."""
    answered: Counter[bool] = Counter()
    untouched = play._exit_untouched

    def counted(lab, changed) -> bool:
        found = untouched(lab, changed)
        answered[found] += 1
        return found

    for seed, state in revised_turns(range(6)):
        candidates = action_candidates(state)
        for index in range(seed % 5, len(candidates), 37):   # a sample each turn
            move = candidates[index]
            with monkeypatch.context() as patched:
                patched.setattr(play, "_exit_untouched", counted)
                quick = candidate_is_legal(state, move)
            with monkeypatch.context() as patched:
                patched.setattr(play, "_exit_untouched", lambda lab, changed: False)
                assert candidate_is_legal(state, move) == quick, (seed, str(move))
    assert answered[True] > 500 and answered[False] > 20, answered


def test_shift_group_shortcut_agrees_with_counting_the_pieces():
    """Moving an eligible tile to each frontier cell: the group check says one group
    exactly when the tiles after the move form one piece, alone and with the groups the
    lifted tile leaves kept from cell to cell; tiles whose lifting splits the rest in two
    and in three are among them."""
    checked = kept = 0
    splits: Counter[int] = Counter()
    for seed, state in revised_turns(range(6)):
        lab = state.lab()
        split: dict[int, list[set[int]]] = {}
        for tile in _eligible(state, lab, state.current):
            home = lab.tile_cell[tile]
            for cell in sorted(lab.frontier):
                after = (set(lab.cells) - {home}) | {cell}
                one = len(_pieces(after)) == 1
                assert _shift_keeps_one_group(lab, home, cell) == one, (seed, tile, cell)
                assert _shift_keeps_one_group(lab, home, cell, split) == one, (seed, tile, cell)
                checked, kept = checked + 1, kept + one
            if home in split:
                splits[len(split[home]) + 1] += 1
                assert len(split[home]) + 1 == len(_pieces(set(lab.cells) - {home}))
    assert checked > 20000 and 0 < kept < checked
    assert splits[1] and splits[2] and splits[3], splits


def test_drawn_order_is_every_index_once():
    for seed in range(200):
        for n in (0, 1, 2, 3, 10, 257):
            assert sorted(drawn_order(random.Random(seed), n)) == list(range(n))


def test_drawn_order_is_uniform_over_orders():
    """All 24 orders of 4 indices, each about 1000 times in 24,000 seeded draws (a standard
    deviation is about 31)."""
    counts = Counter(tuple(drawn_order(random.Random(seed), 4)) for seed in range(24_000))
    assert len(counts) == 24
    assert all(850 < count < 1150 for count in counts.values()), counts


def test_the_simulator_picks_each_legal_action_about_equally_often():
    """On one position, the random player's action (the first legal candidate in a drawn
    order) is always one of `legal_actions`, each about as often as the others."""
    state = initial_state(4, 4, "revised")
    rng = random.Random(4)
    # play on to a position with a choice of actions, most candidates illegal
    while not (12 <= len(legal_actions(state)) <= 40
               and len(action_candidates(state)) >= 3 * len(legal_actions(state))):
        apply_in_place(state, random_move(state, rng))
    legal = legal_actions(state)
    tries = 150 * len(legal)                  # about 150 each, a standard deviation ~12
    picked = Counter(_first_legal_action(state, random.Random(seed)) for seed in range(tries))
    assert set(picked) == set(legal)
    assert all(90 < count < 210 for count in picked.values()), picked


def _listed_candidates(state) -> list:
    """The candidates as the docstring lists them, built one by one."""
    lab = state.lab()
    eligible = _eligible(state, lab, state.current)
    rotations = []
    for t in eligible:
        k, now = kind(t), lab.cells[lab.tile_cell[t]][1]
        rotations += [Rotate(t, r) for r in k.rotations
                      if k.canonical[r // 90] != k.canonical[now]]
    swaps = [Swap(a, b) for a, b in combinations(eligible, 2)]
    shifts = [Shift(t, *xy(cell), r) for t in eligible for cell in sorted(lab.frontier)
              for r in kind(t).rotations]
    return rotations + swaps + shifts


def test_candidates_indexed_lazily_are_the_listed_ones():
    states = swapping = 0
    for _, state in revised_turns(range(6)):
        listed = _listed_candidates(state)
        assert list(action_candidates(state)) == listed
        states += 1
        swapping += any(isinstance(m, Swap) for m in listed)
    assert states > 200 and swapping > 100

"""The revised simulator's shortcuts against the rules they stand for: trying an action
without building the labyrinth after it, and shuffling candidate indices by hand."""

from __future__ import annotations

import random
from itertools import combinations

from pnp.rules.asterion.game import initial_state, random_move, shuffle_draws, shuffled_order
from pnp.rules.asterion.labyrinth import kind, xy
from pnp.rules.asterion.moves import IllegalMove, Rotate, Shift, Swap
from pnp.rules.asterion.play import (
    _eligible,
    _pieces,
    _shift_keeps_one_group,
    action_candidates,
    apply_in_place,
    candidate_is_legal,
    resolve,
)


def _resolves(state, move) -> bool:
    try:
        resolve(state, move)
    except IllegalMove:
        return False
    return True


def test_candidate_check_agrees_with_resolve_through_seeded_games():
    tried = legal = 0
    for seed in range(8):
        state = initial_state(seed, 2 + seed % 3, "revised")
        rng = random.Random(seed)
        while state.current is not None:
            candidates = action_candidates(state)
            for index in range(seed % 7, len(candidates), 41):   # a sample each turn
                move = candidates[index]
                verdict = candidate_is_legal(state, move)
                assert verdict == _resolves(state, move), (seed, str(move))
                tried, legal = tried + 1, legal + verdict
            apply_in_place(state, random_move(state, rng))
    assert tried > 3000 and 0 < legal < tried         # both answers were exercised


def test_shift_group_shortcut_agrees_with_counting_the_pieces():
    """Moving an eligible tile to each frontier cell: the ring shortcut says one group
    exactly when the tiles after the move form one piece."""
    checked = kept = 0
    for seed in range(6):
        state = initial_state(seed, 2 + seed % 3, "revised")
        rng = random.Random(seed)
        while state.current is not None:
            lab = state.lab()
            for tile in _eligible(state, lab, state.current):
                home = lab.tile_cell[tile]
                for cell in sorted(lab.frontier):
                    after = (set(lab.cells) - {home}) | {cell}
                    one = len(_pieces(after)) == 1
                    assert _shift_keeps_one_group(lab, home, cell) == one, (seed, tile, cell)
                    checked, kept = checked + 1, kept + one
            apply_in_place(state, random_move(state, rng))
    assert checked > 20000 and 0 < kept < checked


def test_shuffle_draws_and_order_are_random_shuffle():
    for seed in range(200):
        for n in (0, 1, 2, 3, 7, 8, 9, 10, 64, 257, 1000):
            by_hand, reference = random.Random(seed), random.Random(seed)
            order = list(range(n))
            reference.shuffle(order)
            assert list(shuffled_order(shuffle_draws(by_hand, n))) == order
            assert by_hand.random() == reference.random()      # the same bits consumed


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
    for seed in range(6):
        state = initial_state(seed, 2 + seed % 3, "revised")
        rng = random.Random(seed)
        while state.current is not None:
            listed = _listed_candidates(state)
            assert list(action_candidates(state)) == listed
            states += 1
            swapping += any(isinstance(m, Swap) for m in listed)
            apply_in_place(state, random_move(state, rng))
    assert states > 200 and swapping > 100

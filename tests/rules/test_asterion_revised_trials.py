"""The revised simulator's shortcuts against the rules they stand for: trying an action
without building the labyrinth after it, and shuffling candidate indices by hand."""

from __future__ import annotations

import random

from pnp.rules.asterion.game import initial_state, random_move, shuffled_range
from pnp.rules.asterion.moves import IllegalMove
from pnp.rules.asterion.play import (
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
    for seed in range(3):
        state = initial_state(seed, 4, "revised")
        rng = random.Random(seed)
        while state.current is not None:
            candidates = action_candidates(state)
            for index in range(0, len(candidates), 89):          # a sample each turn
                move = candidates[index]
                verdict = candidate_is_legal(state, move)
                assert verdict == _resolves(state, move), (seed, str(move))
                tried, legal = tried + 1, legal + verdict
            apply_in_place(state, random_move(state, rng))
    assert tried > 500 and 0 < legal < tried          # both answers were exercised


def test_shuffled_range_draws_as_random_shuffle():
    for seed in range(200):
        for n in (0, 1, 2, 3, 10, 64, 257, 1000):
            by_hand, reference = random.Random(seed), random.Random(seed)
            order = list(range(n))
            reference.shuffle(order)
            assert shuffled_range(by_hand, n) == order
            assert by_hand.random() == reference.random()      # the same bits consumed

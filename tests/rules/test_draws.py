"""The simulators' random draws against the standard library calls they stand for."""

from __future__ import annotations

import random

from pnp.rules.draws import drawer, randbelow


def test_randbelow_draws_what_randrange_draws_and_leaves_the_same_generator():
    for seed in range(50):
        ours, theirs = random.Random(seed), random.Random(seed)
        for n in [*range(1, 70), 127, 128, 129, 1000, 2**31 + 5]:
            assert randbelow(ours, n) == theirs.randrange(n), (seed, n)
        assert ours.getstate() == theirs.getstate()


def test_a_drawer_draws_what_randrange_draws_from_its_generator():
    for seed in range(50):
        ours, theirs = random.Random(seed), random.Random(seed)
        draw = drawer(ours)
        for n in [*range(1, 70), 127, 128, 129, 1000, 2**31 + 5]:
            assert draw(n) == theirs.randrange(n), (seed, n)
        assert ours.getstate() == theirs.getstate()


def test_one_plus_randbelow_six_is_randint_one_to_six():
    """A die roll drawn as 1 + randbelow(6) (Spider Twist's start rolls) is randint(1, 6)."""
    for seed in range(200):
        ours, theirs = random.Random(seed), random.Random(seed)
        assert [1 + randbelow(ours, 6) for _ in range(5)] == [theirs.randint(1, 6)
                                                               for _ in range(5)]
        assert ours.getstate() == theirs.getstate()

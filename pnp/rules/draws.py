"""Random draws the simulators make many of, drawing exactly the bits the standard library's
own calls draw (so a seeded game stays the same game)."""

from __future__ import annotations

import random
from collections.abc import Callable


def randbelow(rng: random.Random, n: int) -> int:
    """`rng.randrange(n)` for n > 0, from the same bits: getrandbits of n's bit length,
    again while too big (what `Random._randbelow` does), without randrange's checks."""
    bits = n.bit_length()
    j = rng.getrandbits(bits)
    while j >= n:
        j = rng.getrandbits(bits)
    return j


def drawer(rng: random.Random) -> Callable[[int], int]:
    """`partial(randbelow, rng)` as a Python closure: a simulator calling it per move pays
    a Python-to-Python call (which the interpreter inlines) instead of one through partial."""
    getrandbits = rng.getrandbits

    def draw(n: int) -> int:
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        return j

    return draw

"""Assyria's chance: the n-th chance event of a game draws from
`random.Random("assyria:<seed>:<n>")`, so a state's JSON carries all its future chance (same
state, same game). The food deck is a multiset: a draw takes a uniformly random card of it,
which is what a shuffled deck does. Rulings: docs/rules/assyria.md.
"""

from __future__ import annotations

import random
from collections import Counter

from pnp.rules.assyria.cards import SOW_KEY
from pnp.rules.assyria.state import Log, State
from pnp.rules.draws import randbelow


def chance(state: State) -> random.Random:
    """The generator of the state's next chance event (and count the event)."""
    rng = random.Random(f"assyria:{state.seed}:{state.draws}")
    state.draws += 1
    return rng


def draw_cards(state: State, rng: random.Random, count: int) -> list[str]:
    """`count` food cards from the deck, in draw order; an empty deck is reshuffled from the
    discards, even mid-draw (ruling I, Sowing). Fewer when deck and discards are both empty
    (every card is in a hand or on the table: the sowing is laid short, see the docs). A
    deck whose counts are all zero (a state file may write `"deck": {"wild": 0}`) is empty.
    Each card is the pick-th of the deck in card order, pick uniform (what a shuffled deck
    does); the deck is laid out in that order once for all the draws."""
    pile = sorted(state.deck.elements())
    drawn: list[str] = []
    for _ in range(count):
        if not pile:
            pile = sorted(state.discard.elements())
            state.discard = Counter()
            if not pile:
                break
        drawn.append(pile.pop(randbelow(rng, len(pile))))
    state.deck = Counter(pile)
    return drawn


def draw_expansion(state: State, rng: random.Random) -> int:
    cards = sorted(state.expansion_deck.elements())
    card = cards[randbelow(rng, len(cards))]
    state.expansion_deck[card] -= 1
    if not state.expansion_deck[card]:
        del state.expansion_deck[card]
    return card


def sow(state: State, log: Log = None) -> None:
    """Ruling I, Sowing: two rows of players+1 cards, each sorted by symbols (wild
    rightmost, equal counts in draw order); column k is the two cards at position k."""
    rng = chance(state)
    drawn = draw_cards(state, rng, 2 * (state.n + 1))    # a short draw leaves row 2 short
    key = SOW_KEY.__getitem__            # sow_key; sorted() is stable: draw order kept
    rows = [sorted(drawn[:state.n + 1], key=key), sorted(drawn[state.n + 1:], key=key)]
    state.sowing = [[row[k] for row in rows if k < len(row)] for k in range(state.n + 1)]
    if log is not None:
        log.append("  sowing: " + " | ".join(" ".join(col) or "-" for col in state.sowing
                                              if col is not None))

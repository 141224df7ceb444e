"""Assyria's chance: the n-th chance event of a game draws from
`random.Random("assyria:<seed>:<n>")`, so a state's JSON carries all its future chance (same
state, same game). The food deck is a multiset: a draw takes a uniformly random card of it,
which is what a shuffled deck does. Rulings: docs/rules/assyria.md.
"""

from __future__ import annotations

import random
from collections import Counter

from pnp.rules.assyria.cards import FOOD_CARDS, sow_key
from pnp.rules.assyria.state import Log, State


def chance(state: State) -> random.Random:
    """The generator of the state's next chance event (and count the event)."""
    rng = random.Random(f"assyria:{state.seed}:{state.draws}")
    state.draws += 1
    return rng


def draw_card(state: State, rng: random.Random) -> str | None:
    """One food card from the deck; an empty deck is reshuffled from the discards, even
    mid-draw (ruling I, Sowing). None when deck and discards are both empty (every card
    is in a hand or on the table: the sowing is laid short, see the docs). A deck whose
    counts are all zero (a state file may write `"deck": {"wild": 0}`) is empty."""
    total = sum(state.deck.values())
    if total == 0:
        state.deck, state.discard = state.discard, Counter()
        total = sum(state.deck.values())
        if total == 0:
            return None
    pick = rng.randrange(total)
    deck = state.deck
    for card in FOOD_CARDS:             # sorted(deck): the deck holds only food cards
        pick -= deck.get(card, 0)
        if pick < 0:
            state.deck[card] -= 1
            if not state.deck[card]:
                del state.deck[card]
            return card
    raise AssertionError("unreachable")


def draw_expansion(state: State, rng: random.Random) -> int:
    cards = sorted(state.expansion_deck.elements())
    card = cards[rng.randrange(len(cards))]
    state.expansion_deck[card] -= 1
    if not state.expansion_deck[card]:
        del state.expansion_deck[card]
    return card


def sow(state: State, log: Log = None) -> None:
    """Ruling I, Sowing: two rows of players+1 cards, each sorted by symbols (wild
    rightmost, equal counts in draw order); column k is the two cards at position k."""
    rng = chance(state)
    rows = []
    for _ in range(2):
        row = [card for _ in range(state.n + 1) if (card := draw_card(state, rng))]
        rows.append(sorted(row, key=sow_key))       # sorted() is stable: draw order kept
    state.sowing = [[row[k] for row in rows if k < len(row)] for k in range(state.n + 1)]
    if log is not None:
        log.append("  sowing: " + " | ".join(" ".join(col) or "-" for col in state.sowing
                                              if col is not None))

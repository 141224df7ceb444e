"""Assyria's cards (ruling "Components": 54 cards) and the fixed numbers of the rules.

Food cards are named "<food>-<symbols>" ("date-1", "salt-3") or "wild"; the plough is
"plough". Expansion cards are their values (2, 3, 4); the bonus card (four players) counts
as a 4.
"""

from __future__ import annotations

from collections import Counter

from pnp.rules.assyria.board import FOODS

WILD = "wild"
PLOUGH = "plough"

# Ruling "Components": per food three 1-symbol, two 2-symbol, two 3-symbol; plus 5 wild.
FOOD_DECK: Counter[str] = Counter({f"{food}-{n}": count for food in FOODS
                                   for n, count in ((1, 3), (2, 2), (3, 2))})
FOOD_DECK[WILD] = 5
FOOD_CARDS = tuple(sorted(FOOD_DECK))          # the 16 kinds of food card
assert sum(FOOD_DECK.values()) == 40

PLOUGHS = 4
# 9 expansion cards: value 2 x2, 3 x4, 4 x3 (one 4 starts face up in slot 1).
EXPANSION_CARDS: Counter[int] = Counter({2: 2, 3: 4, 4: 3})
BONUS_VALUE = 4
assert sum(FOOD_DECK.values()) + PLOUGHS + sum(EXPANSION_CARDS.values()) + 1 == 54

# Pieces per player (ruling "Components").
HUTS = 10
ZIGGURATS = 4                                  # bases; as many centres and roofs
WELLS = {2: 8, 3: 12, 4: 16}                   # ruling "Player count"
DRAFT = {2: 2, 3: 3, 4: 4}

# Tracks (ruling "Components").
SCORE_MAX = 99                                 # the track wraps; we keep the true number
CAMELS_MAX = 10
OFFERING_MAX = 7
OFFERING_MULTIPLIER = (0, 1, 2, 2, 3, 3, 3, 4)
OFFERING_STEPS_PER_TURN = 3
TIERS = ("high", "middle", "low")
TIER_SPACES = {"high": 3, "middle": 4, "low": 6}
TIER_COST = {"high": 4, "middle": 3, "low": 2}
TIER_INFLUENCE = {"high": 3, "middle": 2, "low": 1}
HIGH_PRIEST_POINTS = {0: 0, 1: 1, 2: 4, 3: 8}

# Costs in camels (ruling "A turn", III).
BUILD_COST = 6
CENTRE_COST = 3
ROOF_COST = 2
PLOUGH_COST = 2
OFFERING_COST = 1

# Reigns and turns (ruling "A turn": reign 1 = turns 1-2, reign 2 = 3-5, reign 3 = 6-8).
TURNS = 8
REIGN_OF_TURN = {1: 1, 2: 1, 3: 2, 4: 2, 5: 2, 6: 3, 7: 3, 8: 3}
REIGN_FIRST_TURN = {1: 1, 2: 3, 3: 6}
REIGN_LAST_TURN = {1: 2, 2: 5, 3: 8}
WELL_POINTS = {1: 6, 2: 5, 3: 4}               # per new well, by reign (ruling II.E)

# Income (ruling "Income"): first hut on a river 3 camels, each further one 2.
RIVER_FIRST = 3
RIVER_MORE = 2
REGION_POINTS = {"between": 2, "outside": 1, "upper": 0, "lower": 0}


class CardError(ValueError):
    """A name that is not a card."""


def is_food_card(name: str) -> bool:
    return name in FOOD_DECK


def _food_of(card: str) -> str | None:
    return None if card == WILD else card.rsplit("-", 1)[0]


def _symbols(card: str) -> int:
    return 1 if card in (WILD, PLOUGH) else int(card.rsplit("-", 1)[1])


# Looked up per move by the simulator, so read from tables rather than parsed each time.
FOOD_OF: dict[str, str | None] = {card: _food_of(card) for card in (*FOOD_CARDS, PLOUGH)}
SYMBOLS: dict[str, int] = {card: _symbols(card) for card in (*FOOD_CARDS, PLOUGH)}
CAMEL_VALUE: dict[str, int] = {card: 1 if card != WILD and SYMBOLS[card] == 1 else 2
                               for card in FOOD_CARDS}


def food_of(card: str) -> str | None:
    """The food a card feeds, None for wild (any food)."""
    return FOOD_OF[card] if card in FOOD_OF else _food_of(card)


def symbols(card: str) -> int:
    """Huts a card can supply: k for a k-symbol food card, 1 for wild and plough."""
    return SYMBOLS[card] if card in SYMBOLS else _symbols(card)


def camel_value(card: str) -> int:
    """Ruling "Components": 1-symbol cards cost 1 camel, the others (and wild) 2."""
    return CAMEL_VALUE[card] if card in CAMEL_VALUE else (2 if symbols(card) > 1 else 1)


def sow_key(card: str) -> int:
    """Sowing order (ruling I, Sowing): by symbols 1 < 2 < 3, wild always rightmost."""
    return 4 if card == WILD else symbols(card)


SOW_KEY: dict[str, int] = {card: sow_key(card) for card in FOOD_CARDS}   # sow_key by table


def parse_card(text: str) -> str:
    """A food card or the plough from its name, case and spaces forgiven."""
    name = "".join(str(text).split()).lower()
    if name == "plow":
        name = PLOUGH
    if name in FOOD_DECK or name == PLOUGH:
        return name
    raise CardError(f"{str(text)[:40]!r} is not a card (a food card such as date-1, "
                    f"salt-3, or wild, or plough)")


def can_feed(card: str, food: str) -> bool:
    """Ruling II.C: a food card feeds huts on its food; a wild or a plough any one hut."""
    return card in (WILD, PLOUGH) or food_of(card) == food

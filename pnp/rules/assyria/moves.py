"""Moves and their text notation (hexes by name, vertices by their three hexes).

    start H10            setup: put the first ziggurat base on a free start hex
    draft date-1         setup: take a card of the initial draft
    harvest 2            I: take column 2 of the sowing (columns count from 1, left)
    hut H23              II.B: place a hut
    feed salt-2 H11 H12  II.C: play a card to supply own huts (wild / plough: one hut)
    well H01/H02/H11     II.E: place a well
    build H23            III: a ziggurat base replaces the own hut on H23
    centre H23           III: a centre on the base at H23
    roof H23             III: a roof on the centre at H23
    ashur high           III: a hut on the high (middle, low) priest tier
    offer                III: the offering disc one step on
    buy plough           III: a plough from the used-plough space
    buy date-2           III: a card of the harvest's left-over column
    pass                 end the wells step or the actions
    continue             run the scoring a hand-written state is due for

Rules: "Setup", "A turn" (I, II, III) in docs/rules/assyria.md.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

from pnp.rules.api import IllegalMove as IllegalMove  # re-exported: the rules raise it
from pnp.rules.api import MoveSyntaxError
from pnp.rules.assyria.board import BoardError, board
from pnp.rules.assyria.cards import PLOUGH, TIERS, CardError, parse_card


@cache
def _hex(h: int) -> str:
    """A hex's name (every logged move asks)."""
    return board().hexes[h].name


@dataclass(frozen=True)
class _Text:
    """A move's text, built with the move (the log writes every move; equal moves are
    mostly one object, see choices.py)."""

    text: str = field(init=False, compare=False, repr=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "text", str(self))


@dataclass(frozen=True, order=True)
class Start(_Text):
    hex: int

    def __str__(self) -> str:
        return f"start {_hex(self.hex)}"


@dataclass(frozen=True, order=True)
class Draft(_Text):
    card: str

    def __str__(self) -> str:
        return f"draft {self.card}"


@dataclass(frozen=True, order=True)
class Harvest(_Text):
    column: int                 # 0-based; written from 1

    def __str__(self) -> str:
        return f"harvest {self.column + 1}"


@dataclass(frozen=True, order=True)
class PlaceHut(_Text):
    hex: int

    def __str__(self) -> str:
        return f"hut {_hex(self.hex)}"


@dataclass(frozen=True, order=True)
class Feed(_Text):
    card: str
    hexes: tuple[int, ...]      # sorted

    def __str__(self) -> str:
        return _feed_text(self.card, self.hexes)


@cache
def _feed_text(card: str, hexes: tuple[int, ...]) -> str:
    """A feed's text (every logged feed asks; the card and hexes fed are few)."""
    return f"feed {card} " + " ".join(map(_hex, hexes))


@dataclass(frozen=True, order=True)
class Well(_Text):
    vertex: int

    def __str__(self) -> str:
        return f"well {board().vertices[self.vertex].name}"


@dataclass(frozen=True, order=True)
class Build(_Text):
    hex: int

    def __str__(self) -> str:
        return f"build {_hex(self.hex)}"


@dataclass(frozen=True, order=True)
class Centre(_Text):
    hex: int

    def __str__(self) -> str:
        return f"centre {_hex(self.hex)}"


@dataclass(frozen=True, order=True)
class Roof(_Text):
    hex: int

    def __str__(self) -> str:
        return f"roof {_hex(self.hex)}"


@dataclass(frozen=True, order=True)
class Ashur(_Text):
    tier: str

    def __str__(self) -> str:
        return f"ashur {self.tier}"


@dataclass(frozen=True, order=True)
class Offer(_Text):
    def __str__(self) -> str:
        return "offer"


@dataclass(frozen=True, order=True)
class Buy(_Text):
    card: str                   # "plough" or a food card of the left-over column

    def __str__(self) -> str:
        return f"buy {self.card}"


@dataclass(frozen=True, order=True)
class Pass(_Text):
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True, order=True)
class Continue(_Text):
    def __str__(self) -> str:
        return "continue"


Move = (Start | Draft | Harvest | PlaceHut | Feed | Well | Build | Centre | Roof | Ashur
        | Offer | Buy | Pass | Continue)

_HEX_MOVES: dict[str, Callable[[int], Move]] = {
    "start": Start, "hut": PlaceHut, "build": Build, "centre": Centre, "center": Centre,
    "roof": Roof}
EXAMPLES = ("start H10, draft date-1, harvest 2, hut H23, feed salt-2 H11 H12, "
            "well H01/H02/H11, build H23, centre H23, roof H23, ashur high, offer, "
            "buy plough, buy date-2, pass, continue")


def parse_move(text: str) -> Move:
    """The move written as `text`; MoveSyntaxError otherwise."""
    words = str(text).split()
    if not words:
        raise MoveSyntaxError(f"an empty move (e.g. {EXAMPLES})")
    verb, args = words[0].lower(), words[1:]
    b = board()
    try:
        if verb in ("pass", "continue", "offer") and not args:
            simple: dict[str, Move] = {"pass": Pass(), "continue": Continue(), "offer": Offer()}
            return simple[verb]
        if verb in _HEX_MOVES and len(args) == 1:
            return _HEX_MOVES[verb](b.parse_hex(args[0]))
        if verb == "draft" and len(args) == 1:
            card = parse_card(args[0])
            if card == PLOUGH:
                raise MoveSyntaxError("the draft deals food cards, not ploughs")
            return Draft(card)
        if verb == "harvest" and len(args) == 1 and re.fullmatch(r"[1-9]", args[0]):
            return Harvest(int(args[0]) - 1)
        if verb == "feed" and len(args) >= 2:
            hexes = tuple(sorted(b.parse_hex(a) for a in args[1:]))
            if len(set(hexes)) != len(hexes):
                raise MoveSyntaxError(f"{text!r}: a hut is fed once")
            return Feed(parse_card(args[0]), hexes)
        if verb == "well" and args:
            return Well(b.parse_vertex(" ".join(args)))
        if verb == "ashur" and len(args) == 1 and args[0].lower() in TIERS:
            return Ashur(args[0].lower())
        if verb == "buy" and len(args) == 1:
            return Buy(parse_card(args[0]))
    except (BoardError, CardError) as exc:
        raise MoveSyntaxError(f"{str(text)[:60]!r}: {exc}") from None
    raise MoveSyntaxError(f"{str(text)[:60]!r} is not a move (e.g. {EXAMPLES})")

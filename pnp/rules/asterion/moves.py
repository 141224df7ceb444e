"""Moves and their text notation.

    Y07@1,0r90          place the tile in hand (Y07) at x=1, y=0, turned 90 degrees
    rotate B03 r180     revised action a): turn placed tile B03 to rotation 180 (absolute)
    swap B03 B07        revised action b): swap two placed tiles, each keeps its rotation
    move B03@2,-1r90    revised action c): move placed tile B03 to 2,-1 at rotation 90
    discard             nothing is legal: discard the tile in hand

Rulings "A turn": the three actions are revised-only and cost the tile in hand.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.rules.api import IllegalMove as IllegalMove  # re-exported: the rules raise it
from pnp.rules.api import MoveSyntaxError
from pnp.rules.asterion.tiles import ROTATIONS


def place_text(tile: str, x: int, y: int, rot: int) -> str:
    """`Y07@1,0r90`: a tile at x, y turned `rot` (a placement, and a move's destination)."""
    return f"{tile}@{x},{y}r{rot}"


@dataclass(frozen=True, order=True)
class Place:
    tile: str
    x: int
    y: int
    rot: int

    def __str__(self) -> str:
        return place_text(self.tile, self.x, self.y, self.rot)


@dataclass(frozen=True, order=True)
class Rotate:
    tile: str
    rot: int

    def __str__(self) -> str:
        return f"rotate {self.tile} r{self.rot}"


@dataclass(frozen=True, order=True)
class Swap:
    a: str
    b: str

    def __str__(self) -> str:
        return f"swap {self.a} {self.b}"


@dataclass(frozen=True, order=True)
class Shift:
    """Revised action c), "move" in the notation."""

    tile: str
    x: int
    y: int
    rot: int

    def __str__(self) -> str:
        return "move " + place_text(self.tile, self.x, self.y, self.rot)


@dataclass(frozen=True, order=True)
class Discard:
    def __str__(self) -> str:
        return "discard"


Move = Place | Rotate | Swap | Shift | Discard
Action = Rotate | Swap | Shift
ACTIONS = (Rotate, Swap, Shift)

_ID = r"(M|[YBRG]\d\d)"
_AT = _ID + r"@(-?\d+),(-?\d+)r(\d+)"
_PLACE = re.compile(_AT)
_ROTATE = re.compile(r"rotate " + _ID + r" r(\d+)")
_SWAP = re.compile(r"swap " + _ID + " " + _ID)
_SHIFT = re.compile(r"move " + _AT)


def _rot(text: str, move: str) -> int:
    rot = int(text)
    if rot not in ROTATIONS:
        raise MoveSyntaxError(f"{move!r}: rotation must be 0, 90, 180 or 270")
    return rot


def parse_move(text: str) -> Move:
    """The move written as `text` (see the module docstring); MoveSyntaxError otherwise."""
    move = " ".join(text.split())
    if move == "discard":
        return Discard()
    if m := _PLACE.fullmatch(move):
        return Place(m[1], int(m[2]), int(m[3]), _rot(m[4], move))
    if m := _ROTATE.fullmatch(move):
        return Rotate(m[1], _rot(m[2], move))
    if m := _SWAP.fullmatch(move):
        if m[1] == m[2]:
            raise MoveSyntaxError(f"{move!r}: swap needs two different tiles")
        return Swap(m[1], m[2])
    if m := _SHIFT.fullmatch(move):
        return Shift(m[1], int(m[2]), int(m[3]), _rot(m[4], move))
    raise MoveSyntaxError(f"{text!r} is not a move (e.g. Y07@1,0r90, rotate B03 r180, "
                          "swap B03 B07, move B03@2,-1r90, discard)")

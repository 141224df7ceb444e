"""Actions and their text notation (round-trips: `parse_move(str(a)) == a`).

    place ring 1,0      put a ring from your supply on the empty tile 1,0
    move 0,0 1,0        move your piece alone on 0,0 onto the adjacent tile 1,0
    pattern spindle     between rounds: round 2's starting player lays the spindle pattern

Ruling "Play": a turn is exactly one place or move. Round 1's pattern is chosen at setup
(an option of the initial state: the first player lays the board, ruling "Play"); round 2's
is the `pattern` action of round 2's starting player, in the finished round-1 position.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.rules.api import IllegalMove as IllegalMove  # re-exported: the rules raise it
from pnp.rules.api import MoveSyntaxError
from pnp.rules.constructo.hexes import PATTERN_NAMES, Tile, tile_text, unknown_pattern
from pnp.rules.constructo.pieces import KINDS


@dataclass(frozen=True, order=True)
class Place:
    kind: str
    tile: Tile

    def __str__(self) -> str:
        return f"place {self.kind} {tile_text(self.tile)}"


@dataclass(frozen=True, order=True)
class Move:
    src: Tile
    dst: Tile

    def __str__(self) -> str:
        return f"move {tile_text(self.src)} {tile_text(self.dst)}"


@dataclass(frozen=True, order=True)
class ChoosePattern:
    pattern: str

    def __str__(self) -> str:
        return f"pattern {self.pattern}"


Action = Place | Move | ChoosePattern

_T = r"(-?\d{1,3})\s*,\s*(-?\d{1,3})"
_PLACE = re.compile(rf"place\s+(\w+)\s+{_T}")
_MOVE = re.compile(rf"move\s+{_T}\s+{_T}")
_PATTERN = re.compile(r"pattern\s+(\w+)")
NOTATION = "place KIND q,r | move q,r q,r | pattern NAME"


def parse_move(text: str) -> Action:
    """An action from its text; case and extra spaces are forgiven."""
    clean = " ".join(text.lower().split())
    if m := _PLACE.fullmatch(clean):
        if m[1] not in KINDS:
            raise MoveSyntaxError(f"{m[1]!r} is not a piece (ring, medium or small)")
        return Place(m[1], (int(m[2]), int(m[3])))
    if m := _MOVE.fullmatch(clean):
        return Move((int(m[1]), int(m[2])), (int(m[3]), int(m[4])))
    if m := _PATTERN.fullmatch(clean):
        if m[1] not in PATTERN_NAMES:
            raise MoveSyntaxError(unknown_pattern(m[1]))
        return ChoosePattern(m[1])
    shown = text if len(text) <= 40 else text[:37] + "..."
    raise MoveSyntaxError(f"{shown!r} is not an action (write {NOTATION}, e.g. "
                          "'place ring 1,0' or 'move 0,0 1,0')")

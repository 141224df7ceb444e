"""What a game declares for Tabletop Simulator (the registry's "tts" part): which TTS object
each of its piece kinds becomes, their thickness, their names, and where every piece lies
when the game starts, as data. The shared table (`table.py`) turns it into TTS objects.

The table frame: mm from the table's centre, x to the right, y towards the south edge (down
in the top-down picture), as the print frame; turns are clockwise as seen from above.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from pnp.printing.context import DrawContext
    from pnp.printing.game import ExportPiece

# TTS objects a piece kind may become. Without a word from the game: a piece with a back
# is a tile (both faces), one without is a token.
OBJECTS = ("board", "card", "die", "tile", "token")
PILES = ("stack", "bag", "states")


@dataclass(frozen=True)
class Lay:
    """Pieces where they lie at the start: one, or several in one pile (bottom first).

    Cards (kind "card") always make one deck. Other pieces: "stack" lays them on each
    other; "bag" puts them in a bag; "states" makes one object whose other states (TTS:
    PgUp / PgDn) are the others: a double-sided board."""

    pieces: tuple[str, ...]      # export piece ids (a manifest id: "Y07", "hut-red")
    x: float = 0.0               # mm, the pile's centre
    y: float = 0.0
    turn: float = 0.0            # degrees clockwise, seen from above
    face_up: bool = True
    pile: str = "stack"
    name: str = ""               # the bag's, the deck's or the stack's name
    locked: bool = False         # boards: not knocked about by a sleeve

    def __post_init__(self) -> None:
        if not self.pieces:
            raise ValueError("a Lay needs at least one piece")
        if self.pile not in PILES:
            raise ValueError(f"unknown pile {self.pile!r} (choose from: {', '.join(PILES)})")


@dataclass(frozen=True)
class Name:
    nickname: str
    description: str


@dataclass(frozen=True)
class TtsGame:
    """A game's Tabletop Simulator set-up."""

    lay: Callable[[DrawContext], list[Lay]]          # where everything lies at the start
    name: Callable[[ExportPiece], Name]              # what each piece is called, and is
    objects: Mapping[str, str] = field(default_factory=dict)     # kind -> OBJECTS
    thickness: Mapping[str, float] = field(default_factory=dict)  # kind -> mm
    default_thickness: float = 1.5                   # mm: card stock
    set_up: str = ""                                 # a line: what the table shows

    def __post_init__(self) -> None:
        wrong = sorted(set(self.objects.values()) - set(OBJECTS))
        if wrong:
            raise ValueError(f"unknown TTS objects {wrong} (choose from: {', '.join(OBJECTS)})")

    def object_of(self, piece: ExportPiece) -> str:
        kind = piece.component.kind
        if kind in self.objects:
            return self.objects[kind]
        return "tile" if piece.back else "token"

    def thickness_of(self, kind: str) -> float:
        return self.thickness.get(kind, self.default_thickness)


# The players' edges of the table, clockwise from the south (the picture's bottom).
SEATS = ("south", "west", "north", "east")
_TOWARDS = {"south": (0.0, 1.0), "west": (-1.0, 0.0), "north": (0.0, -1.0), "east": (1.0, 0.0)}


def at_seat(seat: str, distance: float, along: float = 0.0) -> tuple[float, float, float]:
    """(x, y, turn): `distance` mm from the centre towards a player's edge, `along` mm to
    that player's right, turned to face that player (upright as the player looks)."""
    tx, ty = _TOWARDS[seat]
    rx, ry = ty, -tx
    return (tx * distance + rx * along, ty * distance + ry * along,
            90.0 * SEATS.index(seat))

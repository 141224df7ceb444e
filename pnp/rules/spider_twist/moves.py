"""Moves and their text notation (ruling "A turn"; docs/spider-twist-rules-core.md).

By the player in turn:
    place S3R1            place a male from stock on the empty entry node S3R1
    S3R2-S3R3             move the own male on S3R2 one edge to the empty node S3R3
    mate S1R3             the own male on S1R3 moves onto the female's (adjacent) node
    done S3R2             turn the male on S3R2 without moving it (no disturbance)
    end                   end the turn (after at least one action)
    pass                  no action is possible: the turn passes
By the opponent, who moves the female (ruling "The female's reaction"):
    female S0R2-S0R3-S1R3 her walk, her node first, where she stops last
    roll 4                the die rolled after she ate (a chance move: enter what you rolled)
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from pnp.rules.api import IllegalMove as IllegalMove  # re-exported: the rules raise it
from pnp.rules.api import MoveSyntaxError


@dataclass(frozen=True)
class Place:
    node: str

    def __str__(self) -> str:
        return f"place {self.node}"


@dataclass(frozen=True)
class Step:
    """A male moves one edge (the notation's `FROM-TO`)."""

    frm: str
    to: str

    def __str__(self) -> str:
        return f"{self.frm}-{self.to}"


@dataclass(frozen=True)
class Mate:
    frm: str

    def __str__(self) -> str:
        return f"mate {self.frm}"


@dataclass(frozen=True)
class Done:
    """Turn a male face down: he will not move this turn."""

    node: str

    def __str__(self) -> str:
        return f"done {self.node}"


@dataclass(frozen=True)
class End:
    def __str__(self) -> str:
        return "end"


@dataclass(frozen=True)
class Pass:
    def __str__(self) -> str:
        return "pass"


@dataclass(frozen=True)
class Female:
    """The female's walk chosen by the player moving her."""

    path: tuple[str, ...]

    def __str__(self) -> str:
        return "female " + "-".join(self.path)


@dataclass(frozen=True)
class Roll:
    value: int

    def __str__(self) -> str:
        return f"roll {self.value}"


Move = Place | Step | Mate | Done | End | Pass | Female | Roll

_NODE = r"(?:[Cc]|[Ss]\d{1,2}[Rr]\d{1,2}|[Pp]\d{1,2})"      # s3r1 is S3R1
_PLACE = re.compile(rf"place ({_NODE})")
_STEP = re.compile(rf"({_NODE})-({_NODE})")
_MATE = re.compile(rf"mate ({_NODE})")
_DONE = re.compile(rf"done ({_NODE})")
_FEMALE = re.compile(rf"female ({_NODE}(?:-{_NODE})+)")
_ROLL = re.compile(r"roll ([1-6])")


def parse_move(text: str) -> Move:
    """The move written as `text` (see the module docstring); MoveSyntaxError otherwise.
    Node names are checked against the web when the move is applied."""
    move = " ".join(text.split()) if isinstance(text, str) else ""
    if move == "end":
        return End()
    if move == "pass":
        return Pass()
    if m := _PLACE.fullmatch(move):
        return Place(m[1].upper())
    if m := _STEP.fullmatch(move):
        return Step(m[1].upper(), m[2].upper())
    if m := _MATE.fullmatch(move):
        return Mate(m[1].upper())
    if m := _DONE.fullmatch(move):
        return Done(m[1].upper())
    if m := _FEMALE.fullmatch(move):
        return Female(tuple(m[1].upper().split("-")))
    if m := _ROLL.fullmatch(move):
        return Roll(int(m[1]))
    shown = repr(text if len(move) <= 40 else move[:40] + "...")
    raise MoveSyntaxError(f"{shown} is not a move (e.g. place S3R1, S3R2-S3R3, mate S1R3, "
                          "done S3R2, end, pass, female S0R2-S0R3-S1R3, roll 4)")

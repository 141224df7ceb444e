"""Pieces, the move cycle, which stacks the rules can build, and what a tower is.

Rules: docs/rules/constructo.md#components and #play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

PLAYERS: tuple[str, ...] = ("white", "black")
KINDS: tuple[str, ...] = ("ring", "medium", "small")
PER_KIND = 3                          # ruling "Components": 3 of each piece per player

NAMES = {"ring": "ring", "medium": "medium disc", "small": "small disc"}

# Ruling "Play", the move cycle: the kind of top piece each kind may move onto. A ring goes
# onto (around) a small disc, a medium disc onto a ring, a small disc onto a medium disc.
# Nothing else may move onto anything.
GOES_ONTO: dict[str, str] = {"ring": "small", "medium": "ring", "small": "medium"}


@dataclass(frozen=True, order=True)
class Piece:
    """A player's piece of one kind."""
    owner: str                        # "white" | "black"
    kind: str                         # "ring" | "medium" | "small" ("piece" in JSON)

    def __str__(self) -> str:
        return f"{self.owner} {NAMES[self.kind]}"

    def to_json(self) -> dict[str, str]:
        return {"owner": self.owner, "piece": self.kind}


Stack = tuple[Piece, ...]             # bottom to top


def opponent(player: str) -> str:
    return PLAYERS[1] if player == PLAYERS[0] else PLAYERS[0]


def can_go_onto(piece: Piece, top: Piece) -> bool:
    """The move cycle: may `piece` move onto a tile whose top piece is `top`?"""
    return top.owner != piece.owner and GOES_ONTO[piece.kind] == top.kind


def why_not_onto(piece: Piece, top: Piece) -> str | None:
    """Why `piece` may not lie on `top`, in one phrase; None if it may."""
    if top.owner == piece.owner:
        return (f"a {NAMES[piece.kind]} never lies on its owner's own piece "
                f"(pieces move only onto the opponent's)")
    if GOES_ONTO[piece.kind] != top.kind:
        return (f"a {NAMES[piece.kind]} goes only onto a {NAMES[GOES_ONTO[piece.kind]]}, "
                f"never onto a {NAMES[top.kind]}")
    return None


def stack_problem(stack: Sequence[Piece]) -> str | None:
    """Why the rules cannot build `stack` (bottom to top), or None if they can.

    Ruling "Play": a piece is placed only on an empty tile, so every bottom piece was placed
    and anything may lie at the bottom. A piece joins a tile only by a move, and only a piece
    alone on its tile moves, so stacks grow one piece at a time and never split: every piece
    above the bottom was moved there onto the piece now under it, which was then the top.
    So a stack is buildable exactly when each piece may go onto the one under it by the
    cycle (ring on small, medium on ring, small on medium) and the owners alternate (a piece
    moves only onto the opponent's top piece). Too many pieces of one kind is the supply
    count's problem, not the stack's.
    """
    for level in range(1, len(stack)):
        why = why_not_onto(stack[level], stack[level - 1])
        if why:
            return (f"{stack[level]} on {stack[level - 1]} (levels {level}-{level + 1} from "
                    f"the bottom): {why}")
    return None


def is_ring_around_small(stack: Sequence[Piece]) -> bool:
    """A lone [small, ring]: side by side, not stacked (ruling "Play")."""
    return len(stack) == 2 and stack[0].kind == "small" and stack[1].kind == "ring"


def is_tower(stack: Sequence[Piece]) -> bool:
    """Ruling "Play": two or more pieces, except a ring around a small disc alone."""
    return len(stack) >= 2 and not is_ring_around_small(stack)


def tower_owner(stack: Sequence[Piece]) -> str | None:
    """Whose tower it is (its top piece's owner), None if it is no tower."""
    return stack[-1].owner if is_tower(stack) else None

"""Towers and points. Ruling "Play": at the end of a round each player scores 1 point per
tower whose top piece is theirs; a tower is two or more pieces, except a ring around a small
disc alone. Two rounds' points add up; the higher total wins, equal totals are a draw."""

from __future__ import annotations

from collections.abc import Mapping

from pnp.rules.constructo.hexes import Tile, tile_order
from pnp.rules.constructo.pieces import PLAYERS, Stack, tower_owner
from pnp.rules.constructo.state import State


def towers(stacks: Mapping[Tile, Stack]) -> list[tuple[Tile, str]]:
    """Each tower's tile and owner (its top piece's), in reading order."""
    found = []
    for tile in sorted(stacks, key=tile_order):
        owner = tower_owner(stacks[tile])
        if owner is not None:
            found.append((tile, owner))
    return found


def round_points(stacks: Mapping[Tile, Stack]) -> dict[str, int]:
    """The board's points: one per tower, to the owner of its top piece."""
    points = dict.fromkeys(PLAYERS, 0)
    for _, owner in towers(stacks):
        points[owner] += 1
    return points


def totals(state: State) -> dict[str, int]:
    """Banked points of earlier rounds plus this board's (final once the round is over)."""
    points = round_points(state.stacks)
    return {p: state.scores[p] + points[p] for p in PLAYERS}


def winners(total: Mapping[str, int]) -> list[str]:
    """The players with the highest total; both on a draw (ruling "Play")."""
    best = max(total.values())
    return [p for p in PLAYERS if total[p] == best]

"""The rules a Constructo position keeps, each broken one a named `Problem`: tiles of the
pattern, stacks the rules can build, the points a round can have banked, and 3 of each piece
per player. read.py calls each check where the parts it needs have been read.
"""

from __future__ import annotations

from collections.abc import Mapping

from pnp.rules.api import Problem
from pnp.rules.constructo.hexes import PATTERNS, Tile
from pnp.rules.constructo.pieces import KINDS, NAMES, PER_KIND, PLAYERS, Piece, Stack, stack_problem
from pnp.rules.constructo.state import MAX_ROUND_POINTS


def off_pattern(tile: Tile, pattern: str, where: str) -> list[Problem]:
    if tile in PATTERNS[pattern]:
        return []
    return [Problem("off-board", f"is not a tile of the {pattern} pattern", where)]


def unbuildable(stack: Stack, where: str) -> list[Problem]:
    why = stack_problem(stack)
    if not why:
        return []
    return [Problem("unreachable-stack", f"the rules cannot build this stack: {why}", where)]


def banked_points(scores: Mapping[str, int], round_: int | None) -> list[Problem]:
    """`scores` holds earlier rounds' points: none in round 1, one round's worth in round 2."""
    if round_ == 1 and any(scores.values()):
        return [Problem("bad-scores", "must be 0 and 0 in round 1 (they hold the points of "
                        "earlier rounds)", "scores")]
    if round_ == 2 and sum(scores.values()) > MAX_ROUND_POINTS:
        return [Problem("bad-scores", f"round 1 gives at most {MAX_ROUND_POINTS} points in all "
                        f"(one tower per tile), not {sum(scores.values())}", "scores")]
    return []


def piece_counts(stacks: Mapping[Tile, Stack],
                 supply: Mapping[str, Mapping[str, int]]) -> list[Problem]:
    """Ruling "Components": 3 of each piece per player, on the tiles or in the supply."""
    problems: list[Problem] = []
    for player in PLAYERS:
        for kind in KINDS:
            on = sum(p == Piece(player, kind) for s in stacks.values() for p in s)
            if on + supply[player][kind] != PER_KIND:
                problems.append(Problem(
                    "piece-count",
                    f"{on} {player} {NAMES[kind]}(s) on the tiles + "
                    f"{supply[player][kind]} in the supply = {on + supply[player][kind]}, "
                    f"not {PER_KIND}",
                    f"supply.{player}.{kind}"))
    return problems

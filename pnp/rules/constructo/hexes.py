"""Hex tiles in axial coordinates (q, r), the three board patterns, and adjacency.

Ruling "Components" (../shared/rulings/constructo.md): nine tiles in one of three patterns of
our design, in axial coordinates. A tile's six neighbours differ by one of `DIRECTIONS`.
"""

from __future__ import annotations

import re
from functools import cache

Tile = tuple[int, int]                 # (q, r)

# The six axial steps to a neighbour.
DIRECTIONS: tuple[Tile, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

# Ruling "Components": the three patterns, each 9 tiles (the seed's own are unknown).
PATTERNS: dict[str, tuple[Tile, ...]] = {
    # q, r in {0, 1, 2}
    "rhombus": tuple((q, r) for r in range(3) for q in range(3)),
    # rows of 4, 3 and 2
    "triangle": ((0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2)),
    # (0,0), its six neighbours, and (2,-1), (-2,1)
    "flower": ((0, 0), *DIRECTIONS, (2, -1), (-2, 1)),
}
PATTERN_NAMES: tuple[str, ...] = tuple(PATTERNS)

_TILE = re.compile(r"(-?\d{1,3}),(-?\d{1,3})")


class TileSyntaxError(ValueError):
    """Text that is not a tile written "q,r"."""


def tile_text(tile: Tile) -> str:
    return f"{tile[0]},{tile[1]}"


def parse_tile(text: str) -> Tile:
    """"q,r" -> (q, r); only the canonical form (no spaces, no leading zeros or plus)."""
    match = _TILE.fullmatch(text)
    if not match:
        raise TileSyntaxError(f"{text!r} is not a tile (write q,r, e.g. 1,0 or -1,2)")
    tile = (int(match[1]), int(match[2]))
    if tile_text(tile) != text:
        raise TileSyntaxError(f"{text!r} is not a tile in canonical form (write "
                              f"{tile_text(tile)})")
    return tile


def tile_order(tile: Tile) -> tuple[int, int]:
    """Reading order: row r, then q."""
    return (tile[1], tile[0])


def neighbours(tile: Tile) -> tuple[Tile, ...]:
    q, r = tile
    return tuple((q + dq, r + dr) for dq, dr in DIRECTIONS)


def is_adjacent(a: Tile, b: Tile) -> bool:
    return (b[0] - a[0], b[1] - a[1]) in DIRECTIONS


@cache
def board(pattern: str) -> dict[Tile, tuple[Tile, ...]]:
    """The pattern's tiles, each with its neighbours on the board, in reading order.
    Cached: callers must not mutate the result."""
    tiles = set(PATTERNS[pattern])
    return {t: tuple(sorted((n for n in neighbours(t) if n in tiles), key=tile_order))
            for t in sorted(tiles, key=tile_order)}

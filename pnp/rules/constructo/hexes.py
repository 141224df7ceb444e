"""Hex tiles in axial coordinates (q, r), the three board patterns, adjacency, and the
grid's turnings and mirrorings (canonical forms, a pattern laid any way round).

Ruling "Patterns" (docs/rules/constructo.md#patterns): nine tiles in
one of three patterns of our design, in axial coordinates, distinct under turning and
mirroring. A tile's six neighbours differ by one of `DIRECTIONS`.
"""

from __future__ import annotations

import re
from functools import cache

Tile = tuple[int, int]                 # (q, r)

# The six axial steps to a neighbour.
DIRECTIONS: tuple[Tile, ...] = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))

# Ruling "Patterns": the three patterns, each 9 tiles (the published ones are unknown).
PATTERNS: dict[str, tuple[Tile, ...]] = {
    # q, r in {0, 1, 2}
    "rhombus": tuple((q, r) for r in range(3) for q in range(3)),
    # rows of 4, 3 and 2
    "triangle": ((0, 0), (1, 0), (2, 0), (3, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2)),
    # (0,0), its six neighbours, and two tiles two steps straight out on opposite sides,
    # each touching one tile only
    "spindle": ((0, 0), *DIRECTIONS, (2, 0), (-2, 0)),
}
PATTERN_NAMES: tuple[str, ...] = tuple(PATTERNS)
# Ruling "Patterns": patterns that are gone, and why; naming one is refused.
GONE_PATTERNS: dict[str, str] = {"flower": "the flower was the rhombus turned"}

_TILE = re.compile(r"(-?\d{1,3}),(-?\d{1,3})")


class TileSyntaxError(ValueError):
    """Text that is not a tile written "q,r"."""


def unknown_pattern(name: object) -> str:
    """One line refusing a pattern name, listing the three (and why a gone one is gone)."""
    shown = repr(name) if len(repr(name)) <= 40 else repr(name)[:37] + "..."
    gone = GONE_PATTERNS.get(name) if isinstance(name, str) else None
    why = f"; {gone}, and is gone" if gone else ""
    return f"unknown pattern {shown} (choose from: {', '.join(PATTERN_NAMES)}{why})"


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


# --- turning and mirroring -----------------------------------------------------------------

def symmetry(tile: Tile, k: int) -> Tile:
    """The k-th of the hex grid's 12 symmetries about (0, 0) (k = 0: none): k mod 6 turns
    by 60 degrees each (east to south-east), k >= 6 mirrors q and r first."""
    q, r = (tile[1], tile[0]) if k >= 6 else tile
    for _ in range(k % 6):
        q, r = -r, q + r
    return (q, r)


def canonical(tiles: tuple[Tile, ...] | list[Tile]) -> tuple[Tile, ...]:
    """The shape of a set of tiles whichever way it is turned, mirrored or shifted: the
    least of its 12 images, each shifted so that its first tile in reading order is 0,0."""
    forms = []
    for k in range(12):
        image = sorted((symmetry(t, k) for t in tiles), key=tile_order)
        q0, r0 = image[0]
        forms.append(tuple((q - q0, r - r0) for q, r in image))
    return min(forms)


def degrees(pattern: str) -> tuple[int, ...]:
    """How many tiles each tile of the pattern touches, least first (ruling "Patterns"
    gives them per pattern)."""
    return tuple(sorted(len(near) for near in board(pattern).values()))


def lay_on(places: list[Tile], pattern: str) -> list[Tile] | None:
    """Tiles seen at `places` (on the grid, numbered any way round) numbered as `pattern`'s
    tiles, by a symmetry of the grid and a shift; None if they fit it no way. The first
    symmetry that fits wins, none before a turn, so a pattern laid as drawn keeps its
    numbers."""
    if not places:
        return []
    want = set(PATTERNS[pattern])
    for k in range(12):
        moved = [symmetry(t, k) for t in places]
        for target in sorted(want, key=tile_order):
            dq, dr = target[0] - moved[0][0], target[1] - moved[0][1]
            out = [(q + dq, r + dr) for q, r in moved]
            if len(set(out)) == len(out) and set(out) <= want:
                return out
    return None

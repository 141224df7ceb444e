"""Fiducial markers: which ArUco id goes on which component, and the codes' bit patterns.

Standard library only, so the print side needs no OpenCV. The referee reads the same ids.
"""

from __future__ import annotations

from functools import cache

from pnp import layouts
from pnp.rules.asterion.tiles import catalogue_index


@cache
def marker_bits(marker_id: int) -> tuple[tuple[int, ...], ...]:
    """The inner bits of an ArUco marker (1 = white module), top row first."""
    table = _codec()
    if marker_id not in table:
        raise KeyError(f"marker id {marker_id} is not in the dictionary")
    return table[marker_id]


@cache
def _codec() -> dict[int, tuple[tuple[int, ...], ...]]:
    name = layouts.load("asterion")["markers"]["codec_file"]
    codes: dict[int, tuple[tuple[int, ...], ...]] = {}
    for line in layouts.data_file(name).read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        number, *rows = line.split()
        codes[int(number)] = tuple(tuple(int(b) for b in row) for row in rows)
    return codes


def tile_marker_ids(tile_id: str) -> tuple[int, ...]:
    """Marker ids printed on a tile, in the layout's corner order (NE, SW).

    Layout `[markers]`: tile number i in catalogue order carries 2i (NE) and 2i+1 (SW).
    """
    i = catalogue_index(tile_id)
    return (2 * i, 2 * i + 1)


def tile_for_marker(marker_id: int) -> tuple[str, str] | None:
    """(tile id, corner) for a tile marker id, or None if the id is not a tile's."""
    from pnp.rules.asterion.tiles import catalogue

    tiles = catalogue()
    index, corner = divmod(marker_id, 2)
    if index >= len(tiles):
        return None
    corners = layouts.load("asterion")["markers"]["corners"]
    return tiles[index].id, corners[corner]


def board_first_marker_id() -> int:
    return int(layouts.load("asterion")["markers"]["board_first_id"])

"""Which ArUco id goes on which of Asterion's pieces (pure: the referee reads it too).

The ids are Asterion's blocks in layouts/markers.toml: "tiles" (tile number i in catalogue
order carries first + 2i at its NE corner and first + 2i + 1 at its SW corner, as
`[markers] corners` lists them) and "board" (the Crete board's markers, clockwise from the
north tip; see board.py).
"""

from __future__ import annotations

from pnp import layouts
from pnp.geometry.asterion.tile import MarkerPlace, marker_places
from pnp.markers import marker_ids
from pnp.rules.asterion.tiles import catalogue, catalogue_index


def _corners() -> list[str]:
    return layouts.load("asterion")["markers"]["corners"]


def tile_marker_ids(tile_id: str) -> tuple[int, ...]:
    """Marker ids printed on a tile, in the layout's corner order (NE, SW)."""
    n = len(_corners())
    ids = marker_ids("asterion", "tiles", n * len(catalogue()))
    i = catalogue_index(tile_id)
    return tuple(ids[n * i + k] for k in range(n))


def tile_marks(tile_id: str, design: str | None = None) -> tuple[tuple[MarkerPlace, int], ...]:
    """The markers a tile carries in the mark design `design` (None: the printed one): each
    place with its id (a corner's id is the same in every design)."""
    by_corner = dict(zip(_corners(), tile_marker_ids(tile_id), strict=True))
    return tuple((place, by_corner[place.corner]) for place in marker_places(design))


def tile_for_marker(marker_id: int) -> tuple[str, str] | None:
    """(tile id, corner) for a tile marker id, or None if the id is not a tile's."""
    corners = _corners()
    tiles = catalogue()
    ids = marker_ids("asterion", "tiles", len(corners) * len(tiles))
    if marker_id not in ids:
        return None
    index, corner = divmod(marker_id - ids.start, len(corners))
    return tiles[index].id, corners[corner]


def board_first_marker_id() -> int:
    return marker_ids("asterion", "board").start

"""Whose marker is it: Asterion's ids on tiles and on the Crete board.

Asterion's blocks in layouts/markers.toml: tile number i in catalogue order carries ids 2i
(NE corner as printed) and 2i+1 (SW); the Crete board carries ids 200-223
(pnp/geometry/asterion/markers.py). Ids that are neither (another game's markers on the
table) are left out.
"""

from __future__ import annotations

from dataclasses import dataclass

from pnp.geometry.asterion.markers import board_first_marker_id, tile_for_marker
from pnp.markers import marker_ids
from referee.detect import Marker

BOARD_MARKERS = len(marker_ids("asterion", "board"))


@dataclass(frozen=True)
class TileMarker(Marker):
    tile: str | None           # the tile's id, or None for a board marker
    corner: str                # "NE" / "SW" on a tile; "board" on the board
    fitted: bool = False       # read by fitting blurred codes (bits.py): its corners are
    #                            a search's pose in a blur, not a square's outline


def is_ours(marker_id: int) -> bool:
    first = board_first_marker_id()
    return first <= marker_id < first + BOARD_MARKERS or tile_for_marker(marker_id) is not None


def _marker(marker: Marker) -> TileMarker | None:
    first = board_first_marker_id()
    if first <= marker.id < first + BOARD_MARKERS:
        return TileMarker(marker.id, marker.corners, None, "board")
    owner = tile_for_marker(marker.id)
    if owner is None:
        return None
    return TileMarker(marker.id, marker.corners, owner[0], owner[1])


def identify(markers: list[Marker]) -> list[TileMarker]:
    """Asterion's markers among those detected, each with its tile and corner; order kept."""
    return [t for t in map(_marker, markers) if t is not None]

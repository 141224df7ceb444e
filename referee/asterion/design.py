"""Which print of the tiles a photo shows: their machine-mark design (classic:
two large markers a tile; discreet: one small one, at most 5 % of the face).

Asterion's tiles are printed with the classic marks (two 15.4 mm markers, NE and SW) or the
discreet one (one 8.5 mm marker in the SW corner: layouts/asterion.toml [markers]); a
corner carries the same id in both. Which one a photo shows:
- a tile seen by both its markers is a two-mark print; their centres' distance over a
  marker's side (scale-free, so perspective cannot change it: `tile.marker_spread`) says
  which;
- a corner that a design does not print rules it out (a NE marker: not discreet);
- several tiles seen, none by two markers: the one-mark print (a classic tile shows both
  unless one is covered, and not on every tile at once);
- else a tile marker's side against the board's, if the board is in view.

The referee reads one photo with one design: `design_of` judges it, and the fitted grid
carries it (`Grid.design`) to everything that reads the tiles: the marker geometry
(grid.marker_model), the printed faces (faces.printed_faces) and what is drawn from them
all take the design as a parameter. A table that mixes both prints is refused in one line
(MixedPrint): reading it would need the design per tile even where a tile's markers are
not seen.
"""

from __future__ import annotations

import numpy as np

from pnp.geometry.asterion.tile import (
    design_from_spread,
    mark_designs,
    marker_places,
    printed_marks,
)
from pnp.rules.asterion.connect import tile_order
from referee.asterion.markers import TileMarker
from referee.errors import RefereeError

ONE_MARK_TILES = 2     # tiles seen, none by two markers: the one-mark print
NEIGHBOUR_RATIO = 1.4  # marker sides of two nearest tiles this far apart: two prints


class MixedPrint(RefereeError):
    """The photo shows tiles of both prints (classic and discreet marks)."""


def tile_designs(markers: list[TileMarker]) -> dict[str, str]:
    """Each tile seen by exactly two markers, NE and SW: the design its spread says."""
    by_tile = _by_tile(markers)
    out = {}
    for tile, seen in by_tile.items():
        corners = {m.corner for m in seen}
        if len(seen) != 2 or corners != {"NE", "SW"}:
            continue          # one marker, or a copy of the tile: no spread to measure
        ne, sw = sorted(seen, key=lambda m: m.corner)
        dist = float(np.linalg.norm(ne.centre - sw.centre))
        side = (ne.side + sw.side) / 2
        if side > 0:
            out[tile] = design_from_spread(dist / side)
    return out


def _by_tile(markers: list[TileMarker]) -> dict[str, list[TileMarker]]:
    by_tile: dict[str, list[TileMarker]] = {}
    for m in markers:
        if m.tile is not None:
            by_tile.setdefault(m.tile, []).append(m)
    return by_tile


def design_of(markers: list[TileMarker]) -> str:
    """The photo's print (module docstring). Raises MixedPrint when tiles of both prints
    are seen."""
    designs = tile_designs(markers)
    corners = {m.corner for m in markers if m.tile is not None}
    # a tile seen by a corner that a one-mark design does not print is not of that design
    for tile, seen in _by_tile(markers).items():
        if tile not in designs:
            fits = [d for d in mark_designs()
                    if {m.corner for m in seen} <= set(printed_corners(d))]
            if len(fits) == 1:
                designs[tile] = fits[0]
    designs.update(_by_neighbours(markers, designs))
    kinds = sorted(set(designs.values()))
    if len(kinds) > 1:
        named = {k: sorted((t for t, d in designs.items() if d == k), key=tile_order)
                 for k in kinds}
        parts = "; ".join(f"{', '.join(ts[:3])}{' ...' if len(ts) > 3 else ''} with "
                          f"{k} marks" for k, ts in named.items())
        raise MixedPrint(f"this table mixes two prints of the tiles ({parts}): photograph "
                         "one print at a time, or reprint the odd tiles")
    if kinds:
        return kinds[0]
    fits = [d for d in mark_designs() if corners <= set(printed_corners(d))]
    single = [d for d in fits if len(printed_corners(d)) == 1]
    if single and len(_by_tile(markers)) >= ONE_MARK_TILES:
        return single[0]
    return _by_size(markers, fits or list(mark_designs()))


def _by_neighbours(markers: list[TileMarker], known: dict[str, str]) -> dict[str, str]:
    """Tiles whose marker is much larger or smaller than the nearest other tile's: the two
    are of different prints (classic markers are 1.8 times the discreet one's side; tiles
    next to each other differ by far less in any photo's perspective). The larger one is
    of the print with the larger markers."""
    tiles = [m for m in markers if m.tile is not None]
    sizes = {d: marker_places(d)[0].size for d in mark_designs()}
    out: dict[str, str] = {}
    if len(tiles) < 2:
        return out
    centres = np.array([m.centre for m in tiles])
    apart = np.linalg.norm(centres[:, None, :] - centres[None, :, :], axis=2)
    names = np.array([m.tile for m in tiles])
    apart[names[:, None] == names[None, :]] = np.inf        # not the tile's own marker
    for i, m in enumerate(tiles):
        j = int(np.argmin(apart[i]))
        if not np.isfinite(apart[i, j]) or m.side <= 0:
            continue
        near = tiles[j]
        if float(apart[i, j]) > 12 * max(m.side, near.side):
            continue          # too far apart to share a scale
        ratio = near.side / m.side
        if max(ratio, 1 / ratio) < NEIGHBOUR_RATIO:
            continue
        small, large = min(sizes, key=sizes.get), max(sizes, key=sizes.get)
        for tile, design in ((m.tile, small if ratio > 1 else large),
                             (near.tile, large if ratio > 1 else small)):
            if tile is not None and tile not in known:
                out[tile] = design
    return out


def printed_corners(design: str) -> tuple[str, ...]:
    return tuple(p.corner for p in marker_places(design))


def _by_size(markers: list[TileMarker], designs: list[str]) -> str:
    """A tile marker's side against the board's markers (their size never changes) says
    which print, if the board is in view; else the printed one, if it may be."""
    from pnp.geometry.asterion.board import board_marker_places

    tiles = [m.side for m in markers if m.tile is not None]
    board = [m.side for m in markers if m.tile is None]
    if not tiles or not board:
        printed = printed_marks()
        return printed if printed in designs else designs[0]
    places = board_marker_places()
    corners = np.array(places[0].corners, np.float64)
    board_mm = float(np.linalg.norm(corners[1] - corners[0]))
    ratio = float(np.median(tiles)) / float(np.median(board)) * board_mm
    return min(designs, key=lambda d: abs(np.log(ratio / marker_places(d)[0].size)))

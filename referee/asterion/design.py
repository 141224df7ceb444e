"""Which print of the tiles a photo shows: their machine-mark design (issue 14).

Asterion's tiles are printed with the classic marks (two 15.4 mm markers) or the discreet
ones (two 5.95 mm markers in the NE/SW corners: layouts/asterion.toml [markers]); both
carry the same ids at the same corners. A tile's two markers tell which: their centres'
distance over a marker's side is scale-free (`art.marker_spread`: 2.7 classic, 9.6
discreet), so perspective cannot turn one into the other.

The referee reads one photo with one design: `design_of` judges it from every tile seen by
both markers, and `reading(design)` makes it the design that the marker geometry
(grid.marker_model), the printed faces (faces.printed_faces) and everything drawn from
them use while the photo is read. A table that mixes both prints is refused in one line
(MixedPrint): reading it would need the design per tile even where a tile's markers are
not seen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import cache, wraps
from typing import Any, TypeVar

import numpy as np

from pnp.printing.asterion.art import design_from_spread, printed_marks
from pnp.rules.asterion.connect import tile_order
from referee.asterion.markers import TileMarker
from referee.errors import RefereeError

T = TypeVar("T")
_DESIGN: ContextVar[str | None] = ContextVar("asterion_marks", default=None)


class MixedPrint(RefereeError):
    """The photo shows tiles of both prints (classic and discreet marks)."""


def current() -> str:
    """The design being read (outside `reading`: the one `pnp build` prints)."""
    return _DESIGN.get() or printed_marks()


@contextmanager
def reading(design: str) -> Iterator[None]:
    token = _DESIGN.set(design)
    try:
        yield
    finally:
        _DESIGN.reset(token)


def per_design(fn: Callable[..., T]) -> Callable[..., T]:
    """`functools.cache` keyed also by the design being read: for what is drawn from the
    printed faces or the markers' places (the function itself reads `current()`)."""
    cached = cache(lambda design, *args, **kwargs: fn(*args, **kwargs))

    @wraps(fn)
    def wrapper(*args: Any, **kwargs: Any) -> T:
        return cached(current(), *args, **kwargs)

    return wrapper


def tile_designs(markers: list[TileMarker]) -> dict[str, str]:
    """Each tile seen by exactly two markers, NE and SW: the design its spread says."""
    by_tile: dict[str, dict[str, TileMarker]] = {}
    counts: dict[str, int] = {}
    for m in markers:
        if m.tile is not None:
            by_tile.setdefault(m.tile, {})[m.corner] = m
            counts[m.tile] = counts.get(m.tile, 0) + 1
    out = {}
    for tile, seen in by_tile.items():
        if counts[tile] != 2 or set(seen) != {"NE", "SW"}:
            continue          # one marker, or a copy of the tile: no spread to measure
        dist = float(np.linalg.norm(seen["NE"].centre - seen["SW"].centre))
        side = (seen["NE"].side + seen["SW"].side) / 2
        if side > 0:
            out[tile] = design_from_spread(dist / side)
    return out


def design_of(markers: list[TileMarker]) -> str:
    """The photo's print, from its tiles' marker spreads; the layout's print when no tile
    shows both markers. Raises MixedPrint when tiles of both prints are seen."""
    designs = tile_designs(markers)
    kinds = sorted(set(designs.values()))
    if len(kinds) > 1:
        named = {k: sorted((t for t, d in designs.items() if d == k), key=tile_order)
                 for k in kinds}
        parts = "; ".join(f"{', '.join(ts[:3])}{' ...' if len(ts) > 3 else ''} with "
                          f"{k} marks" for k, ts in named.items())
        raise MixedPrint(f"this table mixes two prints of the tiles ({parts}): photograph "
                         "one print at a time, or reprint the odd tiles")
    return kinds[0] if kinds else _by_size(markers)


def _by_size(markers: list[TileMarker]) -> str:
    """No tile seen by both markers: a tile marker's side against the board's markers
    (their size never changes) says which print, if the board is in view."""
    from pnp.printing.asterion.art import mark_designs, marker_places
    from pnp.printing.asterion.board import board_marker_places

    tiles = [m.side for m in markers if m.tile is not None]
    board = [m.side for m in markers if m.tile is None]
    if not tiles or not board:
        return current()
    places = board_marker_places()
    corners = np.array(places[0].corners, np.float64)
    board_mm = float(np.linalg.norm(corners[1] - corners[0]))
    ratio = float(np.median(tiles)) / float(np.median(board)) * board_mm
    return min(mark_designs(), key=lambda d: abs(np.log(ratio / marker_places(d)[0].size)))

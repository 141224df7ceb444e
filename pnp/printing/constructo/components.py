"""Everything Constructo prints, in print order: a pure function of the layout data."""

from __future__ import annotations

from pnp.geometry.constructo import (
    piece_id,
    piece_specs,
    tile_id,
    tile_numbers,
    tile_spec,
)
from pnp.printing.game import page_component
from pnp.printing.placement import Component, Options
from pnp.rules.constructo import PLAYERS


def tile_components() -> list[Component]:
    """The 9 hexagonal tiles, each with the common back, flat side up (cut box 69.3 x 60
    mm); placement turns them pointy side up where that fits more on a sheet (the drawing
    turns with the box: `geometry.tile_turn`)."""
    spec = tile_spec()
    return [Component(tile_id(n), "tile", spec.width, spec.height, back="tile", shape="hex",
                      turnable=True)
            for n in tile_numbers()]


def piece_components() -> list[Component]:
    """Per kind (rings, medium discs, small discs), white's then black's: one grid per size.
    Pieces are two-sided (either face may lie up): the back repeats the front."""
    components = []
    for kind, spec in piece_specs().items():
        for owner in PLAYERS:
            components += [Component(piece_id(owner, kind, n), spec.name, spec.diameter,
                                     spec.diameter, back=piece_id(owner, kind), shape="round",
                                     hole=spec.hole)
                           for n in range(1, spec.count + 1)]
    return components


def constructo_components(edition: str | None, options: Options) -> list[Component]:
    """Tiles, pieces, then the player aid (its back: cutting and mounting)."""
    return [*tile_components(), *piece_components(),
            page_component("aid", options.paper, back="making")]

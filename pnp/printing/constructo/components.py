"""Everything Constructo prints, in print order: a pure function of the layout data."""

from __future__ import annotations

from dataclasses import replace

from pnp.geometry.constructo import (
    piece_id,
    piece_specs,
    tile_id,
    tile_numbers,
    tile_spec,
)
from pnp.printing.game import page_component
from pnp.printing.placement import Component, Options, place
from pnp.rules.constructo import PLAYERS


def tiles_pointy(options: Options) -> bool:
    """Print the tiles pointy side up (turned 90 degrees) when that takes fewer sheets for
    everything: Letter 9 tiles on a sheet that way (8 flat) and 4 sheets in all, not 5; A4
    and A3 stay flat side up."""
    def sheets(components: list[Component]) -> int:
        return len([p for p in place(components, options) if p.side == "front"])

    flat = tile_components()
    pointy = [replace(c, width=c.height, height=c.width) for c in flat]
    pieces = piece_components()
    return sheets(pointy + pieces) < sheets(flat + pieces)


def tile_components(options: Options | None = None) -> list[Component]:
    """The 9 hexagonal tiles, each with the common back: flat side up (cut box 69.3 x 60
    mm), or turned pointy side up where that saves a sheet (the drawing turns with the box;
    `geometry.tile_turn`)."""
    spec = tile_spec()
    w, h = spec.width, spec.height
    if options is not None and tiles_pointy(options):
        w, h = h, w
    return [Component(tile_id(n), "tile", w, h, back="tile", shape="hex", turnable=True)
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
    return [*tile_components(options), *piece_components(),
            page_component("aid", options.paper, back="making")]

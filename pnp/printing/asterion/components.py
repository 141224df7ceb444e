"""The list of everything Asterion prints, per edition: a pure function of the layout data."""

from __future__ import annotations

from pnp import layouts
from pnp.printing.game import page_component
from pnp.printing.placement import Component, Options
from pnp.rules.asterion.tiles import load_tileset
from pnp.units import mm


def tile_components(edition: str) -> list[Component]:
    """The Minotaur and every labyrinth tile of the edition, each with its colour's back."""
    size = mm(layouts.load("asterion")["tile"]["size"])
    return [
        Component(tile.id, "tile", size, size, back=tile.colour or "minotaur")
        for tile in load_tileset(edition).values()
    ]


def tomb_components() -> list[Component]:
    spec = layouts.load("asterion")["tomb"]
    size = mm(spec["size"])
    # All tombs are the same black square: they share cut lines, no gutter between them.
    return [Component(f"tomb-{n:02d}", "tomb", size, size, shared_cuts=True)
            for n in range(1, spec["count"] + 1)]


def has_board(edition: str) -> bool:
    return bool(layouts.load("asterion")["editions"][edition]["board"])


def asterion_components(edition: str, options: Options) -> list[Component]:
    """In print order: tiles, tombs, board, player aid (the build puts the check first)."""
    components = tile_components(edition)
    components += tomb_components()
    if has_board(edition):
        from pnp.printing.asterion.board import board_components

        components += board_components(options.paper, options.bleed, options.furniture)
    components.append(page_component("aid", options.paper))
    return components

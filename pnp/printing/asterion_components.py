"""The list of everything Asterion prints, per edition: a pure function of the layout data."""

from __future__ import annotations

from pnp import layouts
from pnp.printing.placement import Component, Furniture, Paper
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


def page_component(kind: str, paper: Paper, back: str | None = None) -> Component:
    return Component(kind, kind, paper.width, paper.height, back=back, full_page=True)


def asterion_components(edition: str, paper: Paper, bleed: float,
                        furniture: Furniture) -> list[Component]:
    """In print order: the print check (print it first), tiles, tombs, board, player aid."""
    components = [page_component("check", paper, back="check")]
    components += tile_components(edition)
    components += tomb_components()
    if layouts.load("asterion")["editions"][edition]["board"]:
        from pnp.printing.board import board_components

        components += board_components(paper, bleed, furniture)
    components.append(page_component("aid", paper))
    return components

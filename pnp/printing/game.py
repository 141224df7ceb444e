"""What a game hands the shared print machinery: the per-game printing protocol.

The shared modules (build, pdf, export, placement, the print check, the board splitter)
never import a game; the CLI finds a game's `GamePrinting` through the registry
(`pnp.games.part(name, "printing")`) and passes it in. A game provides:

- its editions (name -> title, the first is the default; empty for a one-edition game),
- `components(edition, options)`: every `Component` it prints, in print order (the shared
  build puts the print check page in front of them),
- `draw(canvas, item, ctx)`: paints one placed item of any of its kinds, front or back,
- `style(ink_saver)`: whatever its drawing wants in `ctx.style`,
- `export(ctx)`: the faces of `pnp export` (`ExportPiece`s: one PNG each, and the manifest),
- `check_sample`: the reference piece the print check page outlines and names,
- `mark_designs`: the names of its machine-mark designs, when it prints more than one
  (Asterion: "classic", "discreet"; `pnp build --marks`); empty: one print only.

See /docs/printing.md ("Adding a game") for a walk-through.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from pnp.printing.placement import Component, Options, Paper

if TYPE_CHECKING:
    from pnp.printing.context import DrawContext
    from pnp.printing.drawing import Canvas
    from pnp.printing.placement import Item


@dataclass(frozen=True)
class CheckSample:
    """The piece the print check page draws at actual size: "every tile is exactly 50.0 mm
    square", with an outline of one."""

    noun: str                    # "tile", "card"
    width: float                 # mm
    height: float
    shape: str = "rect"          # or "round" (width = diameter), "hex" (flat side up: width
                                 # corner to corner, height across flats), as Component.shape


@dataclass(frozen=True)
class ExportPiece:
    """One component of `pnp export`: its front (and back) as PNGs and a manifest entry
    {id, kind, width_mm, height_mm, front, back?, count?, **extra}.

    The faces are drawn by the game's `draw` on an item at (0, 0) without bleed, unless
    `front` is given: a face that is not one printed component (the assembled board)."""

    component: Component         # its id is the file stem ("Y07" -> Y07.png, Y07-back.png)
    back: bool = False
    count: int = 1               # identical pieces of this face (written when > 1)
    front: Callable[[Canvas, DrawContext], None] | None = None
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, eq=False)
class GamePrinting:
    """A game's printed components and their drawing (registry part "printing")."""

    name: str                                              # "asterion": file names
    title: str                                             # "Asterion": labels, check page
    editions: Mapping[str, str]                            # edition -> its title; first = default
    components: Callable[[str | None, Options], list[Component]]
    draw: Callable[[Canvas, Item, DrawContext], None]
    style: Callable[[bool], Any]
    export: Callable[[DrawContext], list[ExportPiece]]
    check_sample: CheckSample
    mark_designs: tuple[str, ...] = ()                     # --marks choices; () = one print

    @property
    def default_edition(self) -> str | None:
        return next(iter(self.editions), None)

    def edition_title(self, edition: str | None) -> str | None:
        return None if edition is None else self.editions[edition]


def lazy(target: str) -> Callable[..., Any]:
    """A function that calls `target` ("module:attribute"), importing it on the first call.

    Keeps a game's `__init__` cheap: its drawing modules (reportlab) load only when a build
    draws, as the registry's "module:attribute" parts do.
    """
    module, _, name = target.partition(":")
    found: list[Callable[..., Any]] = []

    def call(*args: Any, **kwargs: Any) -> Any:
        if not found:
            found.append(getattr(importlib.import_module(module), name))
        return found[0](*args, **kwargs)

    call.__qualname__ = call.__name__ = f"lazy({target})"
    return call


def page_component(kind: str, paper: Paper, back: str | None = None) -> Component:
    """A component that fills a page of its own (the player aid, the print check)."""
    return Component(kind, kind, paper.width, paper.height, back=back, full_page=True)

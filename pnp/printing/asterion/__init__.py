"""Asterion's printing: its components, their drawing, its export faces.

`PRINTING` is the registry's "printing" part (`pnp.games`). Importing this package is
cheap: the drawing modules (reportlab) load on first use.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp import layouts
from pnp.geometry.asterion.tile import mark_designs
from pnp.printing.game import CheckSample, ExportPiece, GamePrinting, lazy
from pnp.printing.placement import Component, Options
from pnp.units import mm

if TYPE_CHECKING:
    from pnp.printing.context import DrawContext


def _components(edition: str | None, options: Options) -> list[Component]:
    from pnp.printing.asterion.components import asterion_components

    assert edition is not None
    return asterion_components(edition, options)


def _export(ctx: DrawContext) -> list[ExportPiece]:
    """Every tile with its back, one tomb (count 68), and the assembled board if any."""
    from pnp.printing.asterion.components import has_board, tile_components

    pieces = [ExportPiece(comp, back=True) for comp in tile_components(ctx.edition)]
    tomb = layouts.load("asterion")["tomb"]
    size = mm(tomb["size"])
    pieces.append(ExportPiece(Component("tomb", "tomb", size, size), count=int(tomb["count"])))
    if has_board(ctx.edition):
        from pnp.geometry.asterion.board import board_size
        from pnp.printing.asterion.draw_board import draw_whole_board

        width, height = board_size()
        pieces.append(ExportPiece(Component("board", "board", width, height),
                                  front=lambda canvas, c: draw_whole_board(canvas, 0.0, 0.0, c)))
    return pieces


def _editions() -> dict[str, str]:
    return {name: e["title"] for name, e in layouts.load("asterion")["editions"].items()}


PRINTING = GamePrinting(
    name="asterion",
    title=layouts.load("asterion")["game"]["name"],
    editions=_editions(),
    components=_components,
    draw=lazy("pnp.printing.asterion.draw:draw_item"),
    style=lazy("pnp.printing.asterion.style:asterion_style"),
    export=_export,
    check_sample=CheckSample("tile", mm(layouts.load("asterion")["tile"]["size"]),
                             mm(layouts.load("asterion")["tile"]["size"])),
    # classic (two large marks) or discreet (one small mark, <= 5 % of the face): [markers]
    mark_designs=mark_designs(),
)

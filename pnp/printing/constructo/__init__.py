"""Constructo's printing: its components, their drawing, its export faces.

`PRINTING` is the registry's "printing" part (`pnp.games`). Importing this package is
cheap: the drawing modules (reportlab) load on first use. The geometry the referee needs
(tile outline, marker places and ids, piece sizes) is pure: `geometry.py`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp import layouts
from pnp.geometry.constructo import (
    piece_id,
    piece_specs,
    tile_id,
    tile_marker_ids,
    tile_numbers,
    tile_spec,
)
from pnp.printing.constructo.components import constructo_components
from pnp.printing.game import CheckSample, ExportPiece, GamePrinting, lazy
from pnp.printing.placement import Component
from pnp.rules.constructo import PLAYERS

if TYPE_CHECKING:
    from pnp.printing.context import DrawContext


def _export(ctx: DrawContext) -> list[ExportPiece]:
    """Every tile (its markers differ) with the common back; one face per player and kind
    (count 3), two-sided."""
    spec = tile_spec()
    pieces = [ExportPiece(Component(tile_id(n), "tile", spec.width, spec.height, back="tile",
                                    shape="hex"), back=True,
                          extra={"shape": "hex", "across_flats_mm": spec.across_flats,
                                 "markers": list(tile_marker_ids(n))})
              for n in tile_numbers()]
    for kind, piece in piece_specs().items():
        for owner in PLAYERS:
            extra: dict[str, Any] = {"owner": owner, "piece": kind, "shape": "round",
                                     "diameter_mm": piece.diameter}
            if piece.hole:
                extra["hole_mm"] = piece.hole
            pieces.append(ExportPiece(
                Component(piece_id(owner, kind), piece.name, piece.diameter, piece.diameter,
                          back=piece_id(owner, kind), shape="round", hole=piece.hole),
                back=True, count=piece.count, extra=extra))
    return pieces


PRINTING = GamePrinting(
    name="constructo",
    title=layouts.load("constructo")["game"]["name"],
    editions={},
    components=constructo_components,
    draw=lazy("pnp.printing.constructo.draw:draw_item"),
    style=lazy("pnp.printing.constructo.style:constructo_style"),
    export=_export,
    check_sample=CheckSample("tile", tile_spec().width, tile_spec().height, shape="hex"),
)

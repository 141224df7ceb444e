"""How the shared splitter (pnp/printing/split/) cuts Assyria's board.

Pure calculation (no reportlab): the board is a rectangle with glue tabs, cut along the
lines between hexes and score spaces (`geometry.cut_lines`), every hex and space kept
whole and the markers never cut; a sheet's label stays off the map.
"""

from __future__ import annotations

from functools import cache

from pnp.geometry import assyria as geometry
from pnp.printing.split.board import Board, BoardPiece
from pnp.printing.split.plan import plan_pieces


@cache
def split_board() -> Board:
    """The board as the splitter sees it: a rectangle, cut along `cut_lines`, with every
    hex and space kept whole (by their centres) and the markers never cut."""
    s = geometry.spec()
    xs, ys = geometry.cut_lines()
    cells = tuple(h.box for h in geometry.hexes()) + geometry.keep_whole()
    return Board(
        outline=geometry.outline(),
        cuts_x=xs,
        cuts_y=ys,
        cells=cells,
        markers=tuple(m.quiet_box() for m in geometry.markers()),
        glue_overlap=s.glue_overlap,
        clear_gap=3.0,
        edge_gap=2.5,
        label_height=s.label_height,
        align_mark=s.align_mark,
        grown=geometry.grown_outline,
        keep_out=_on_the_map,
    )


def _on_the_map(px, py, room: float):
    """Points (arrays) on the map or within `room` of it: a sheet's label stays off it."""
    x0, y0, x1, y1 = geometry.map_frame()
    return (px > x0 - room) & (px < x1 + room) & (py > y0 - room) & (py < y1 + room)


def plan(paper, bleed: float, furniture) -> tuple[BoardPiece, ...]:
    """The board's pieces for a paper (see `plan_pieces`)."""
    return plan_pieces(split_board(), paper, bleed, furniture)

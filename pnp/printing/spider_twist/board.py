"""How the shared splitter (pnp/printing/split/) cuts Spider Twist's two-sided board.

Pure calculation (no reportlab). The board is butt-joined (no glue tabs: both faces are
printed, duplex, and the second side must land behind the first), its sheet always
upright (a duplex flip is portrait), and cut only where no node of either side lies
(`geometry.cut_lines`): on A4 or Letter, one cut beside spoke 0 makes two sheets; on A3
the whole board fits one sheet only turned, so it is printed whole, a quarter turn on the
upright sheet (`Board.quarter_turn`), the spiral side turned behind it.
The cells kept whole are every node of both sides (the second side's turned over into the
first side's frame) and the four areas; the markers of both sides are never cut.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

from pnp import layouts
from pnp.geometry import spider_twist as geometry
from pnp.geometry.polygon import bounds
from pnp.printing.placement import Component, Furniture, Options, Paper
from pnp.printing.split.board import Board, BoardPiece
from pnp.printing.split.pieces import piece_components
from pnp.printing.split.plan import plan_pieces
from pnp.units import mm

if TYPE_CHECKING:
    import numpy as np


@cache
def web_board() -> Board:
    """The board as the splitter sees it (built once: plans are cached per board)."""
    spec = geometry.spec()
    data = layouts.load("spider-twist")["board"]
    cells = [geometry.node_box(p) for p in geometry.node_centres("rings").values()]
    cells += [geometry.node_box((-x, y)) for x, y in geometry.node_centres("spiral").values()]
    cells += [bounds(a.polygon) for a in geometry.areas()]
    markers = {m.quiet_box() for side in geometry.SIDES for m in geometry.board_markers(side)}
    # the second side's markers, turned over (the same places: the board is symmetric)
    markers |= {(-b[2], b[1], -b[0], b[3]) for b in markers}
    cuts_x, cuts_y = geometry.cut_lines()
    return Board(
        outline=geometry.outline(),
        cuts_x=cuts_x,
        cuts_y=cuts_y,
        cells=tuple(cells),
        markers=tuple(sorted(markers)),
        glue_overlap=0.0,
        clear_gap=spec.marker_clear_gap,
        edge_gap=spec.marker_edge_gap,
        label_height=mm(data["label_height"]),
        align_mark=mm(data["align_mark"]),
        turn=False,
        quarter_turn=True,
        bare_pieces=True,
        keep_out=_in_web,
    )


def _in_web(px: np.ndarray, py: np.ndarray, room: float) -> np.ndarray:
    """Labels keep off the web: inside the circle the spokes reach, with `room`."""
    import numpy as np  # only the label search asks (builds start without numpy)

    return np.hypot(px, py) <= geometry.spec().spoke_end + room


def plan(paper: Paper, bleed: float, furniture: Furniture) -> tuple[BoardPiece, ...]:
    """The fewest sheets of `paper` the board fits on (labels A1, A2, ...)."""
    return plan_pieces(web_board(), paper, bleed, furniture)


def pieces(options: Options) -> tuple[BoardPiece, ...]:
    return plan(options.paper, options.bleed, options.furniture)


def components(options: Options) -> list[Component]:
    """One full-page component per sheet, its back the spiral side."""
    return piece_components(web_board(), pieces(options), kind="board", back="board")

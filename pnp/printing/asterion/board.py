"""How the shared splitter (pnp/printing/split/) cuts the Crete diamond board into sheets.

Splitting: every cut runs along a square boundary (a grid line) or the diamond edge. The
board is cut into row bands along full-width grid lines, and each band into pieces along
grid lines across the band, so each piece is the diamond clipped to a rectangle. The plan
with the fewest pieces that each fit a sheet (either way round) wins; see `plan_board`.
Column bands are not searched separately: the diamond, its squares and the fit test (a
piece may turn the paper) are symmetric under x <-> y, so they give the same counts.
"""

from __future__ import annotations

from functools import cache

from pnp.geometry.asterion import board as geo
from pnp.geometry.polygon import Box, Point
from pnp.printing.placement import Component, Furniture, Paper
from pnp.printing.split import furniture as split_furniture
from pnp.printing.split.board import Board, BoardPiece
from pnp.printing.split.pieces import piece_components, piece_for
from pnp.printing.split.plan import plan_pieces


@cache
def crete_board() -> Board:
    """The diamond as the splitter sees it: cut along the grid lines between rows and
    between columns, the squares whole, the markers never cut, labels clear of legends."""
    spec = geo.board_spec()
    s, r = spec.square, spec.radius
    cuts = tuple(s * k + s / 2 for k in range(-r, r))
    return Board(
        outline=geo.diamond(),
        cuts_x=cuts,
        cuts_y=cuts,
        cells=tuple(geo.square_box(i, j) for i, j in geo.board_squares()),
        markers=tuple(m.quiet_box(spec.marker_module) for m in geo.board_marker_places()),
        glue_overlap=spec.glue_overlap,
        clear_gap=spec.marker_square_gap,
        edge_gap=spec.marker_edge_gap,
        label_height=spec.label_height,
        align_mark=spec.align_mark,
        diagram=spec.diagram,
        grown=geo.diamond,
        keep_out=geo.in_legends,
    )


def plan_board(paper: Paper, bleed: float, furniture: Furniture) -> list[BoardPiece]:
    """Split the board into the fewest pieces that each fit one sheet of `paper`: bands
    of rows north to south (letters A, B, ...), pieces west to east (numbers 1, 2, ...);
    see `plan_pieces`."""
    return list(plan_pieces(crete_board(), paper, bleed, furniture))


def piece_squares(piece: BoardPiece) -> list[tuple[int, int]]:
    """The squares (i, j) wholly on a piece."""
    squares = geo.board_squares()
    return [squares[k] for k in piece.cells]


def board_components(paper: Paper, bleed: float, furniture: Furniture) -> list[Component]:
    """One full-page component per piece, sized to everything the piece draws."""
    return piece_components(crete_board(), plan_board(paper, bleed, furniture))


def piece_for_component(component: Component, paper: Paper, bleed: float,
                        furniture: Furniture) -> BoardPiece:
    return piece_for(plan_board(paper, bleed, furniture), component)


def align_marks(piece: BoardPiece) -> tuple[split_furniture.AlignMark, ...]:
    return split_furniture.align_marks(crete_board(), piece)


def label_size() -> tuple[float, float]:
    return split_furniture.label_size(crete_board())


def label_spot(piece: BoardPiece) -> Point | None:
    return split_furniture.label_spot(crete_board(), piece)


def diagram_spot(piece: BoardPiece) -> Box | None:
    return split_furniture.diagram_spot(crete_board(), piece)

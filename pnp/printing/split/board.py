"""A board as the splitter sees it (`Board`) and the pieces it is cut into (`BoardPiece`,
with their `Seam`s): the data the plan search (plan.py) fills in and the drawing
(pnp/printing/draw_split.py) reads. All mm, in the board's own frame, y down.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from pnp.geometry.polygon import Box, Point, Polygon, grow
from pnp.printing.placement import PlacementError

if TYPE_CHECKING:
    import numpy as np


class SplitError(PlacementError):
    """The board cannot be split to fit the paper (the CLI reports it in one line)."""


@dataclass(frozen=True, eq=False)
class Board:
    """What the splitter needs to know about a board (all mm, board frame, y down).

    Compared by identity (the plans are cached per board): build a game's board once,
    e.g. in a function under `functools.cache`."""

    outline: Polygon                    # the cut outline of the assembled board, convex
    cuts_x: tuple[float, ...]           # where a cut x = c may run, ascending
    cuts_y: tuple[float, ...]           # where a cut y = c may run, ascending
    cells: tuple[Box, ...] = ()         # the spaces: whole on one piece (by their centre)
    markers: tuple[Box, ...] = ()       # markers with their quiet zones: never cut
    glue_overlap: float = 10.0          # depth of a glue tab; 0: no tabs
    clear_gap: float = 4.0              # labels and marks keep this far from cells, markers
    edge_gap: float = 3.0               # ... and this far inside the cut outline
    label_height: float = 6.0           # a piece's label (A1)
    align_mark: float = 3.0             # radius of the alignment half-circles
    diagram: float = 50.0               # side of the assembly diagram
    turn: bool = True                   # a piece may turn its sheet (landscape); False
                                        # for a two-sided board (duplex flips portrait)
    quarter_turn: bool = False          # a two-sided board's piece may be drawn a quarter
                                        # turn on its upright sheet, when that takes fewer
                                        # sheets (the page stays portrait for the flip)
    bare_pieces: bool = False           # a piece may hold no cell (else, as a sliver of
                                        # margin, it is never worth a sheet)
    grown: Callable[[float], Polygon] | None = None     # the outline pushed out d mm, if
                                                        # the game has it exactly (default:
                                                        # `grow`)
    keep_out: Callable[[np.ndarray, np.ndarray, float], np.ndarray] | None = None
    # points (arrays of x and y) that labels avoid, within a room: e.g. printed legends


def outline_at(board: Board, grow_by: float) -> Polygon:
    """The board's outline pushed `grow_by` mm outwards (the art's outline with bleed)."""
    if board.grown is not None:
        return board.grown(grow_by)
    return grow(board.outline, grow_by) if grow_by else board.outline


@dataclass(frozen=True)
class Neighbour:
    """A stretch of a seam shared with one neighbouring piece."""
    label: str
    a: Point
    b: Point


@dataclass(frozen=True)
class Seam:
    """An internal edge of a piece, where it meets its neighbours.

    `tab`: this piece carries the glue tab on this edge, which slides under the neighbours
    (the piece's top and left edges); otherwise the neighbours' tabs slide under this piece
    (its bottom and right edges), or, on a board without tabs, the pieces butt together.
    """
    side: str                   # "top", "left", "bottom", "right"
    a: Point                    # the edge, on this piece's outline (board frame)
    b: Point
    neighbours: tuple[Neighbour, ...]
    tab: bool
    tab_polygon: Polygon = ()   # the tab: the edge pushed `glue_overlap` into the neighbours


@dataclass(frozen=True)
class BoardPiece:
    """One piece of a split board: its cells, cut outline, art outline and seams."""
    label: str                  # "A1": row band letter (A = top), piece number (1 = left)
    band: int                   # 0-based
    index: int                  # 0-based within the band
    cells: tuple[int, ...]      # indices into `Board.cells`
    rect: Box                   # the cut rectangle (±inf where the outline cuts)
    polygon: Polygon            # the cut outline of the visible board piece (board frame)
    art_polygon: Polygon        # the outline pushed out by the bleed: art is clipped to it
    seams: tuple[Seam, ...]
    box: Box                    # everything drawn (art with bleed and tabs), board frame
    landscape: bool             # the paper is turned for this piece
    turns: int = 0              # quarter turns clockwise it is drawn at on its sheet (1: its
                                # top edge along the sheet's right edge): a two-sided
                                # board's plan turns a piece that fits only so, page
                                # placement may turn a piece to pack it (`piece_for`)

    @property
    def turned(self) -> bool:
        """Drawn a quarter turn either way: its width and height swap on the page."""
        return self.turns % 2 == 1

    @property
    def tabs(self) -> tuple[Seam, ...]:
        return tuple(s for s in self.seams if s.tab)

    @property
    def width(self) -> float:
        return self.box[2] - self.box[0]

    @property
    def height(self) -> float:
        return self.box[3] - self.box[1]

    @property
    def offset(self) -> Point:
        """The board-frame point drawn at the component's top-left corner: unless the
        piece is turned, a board point (x, y) lands at (item.x + x - offset.x,
        item.y + y - offset.y) on the page."""
        x0, y0, x1, y1 = self.box
        return ((x0, y0), (x0, y1), (x1, y1), (x1, y0))[self.turns % 4]

    @property
    def size(self) -> tuple[float, float]:
        """The component's width and height on its page (swapped when `turned`)."""
        return (self.height, self.width) if self.turned else (self.width, self.height)

    def transform(self) -> tuple[float, ...]:
        """The affine map (as `Canvas.transform` takes it) from the board frame to the
        component, its origin the component's top-left corner; each quarter turn is
        clockwise (y down)."""
        x0, y0, x1, y1 = self.box
        return ((1.0, 0.0, 0.0, 1.0, -x0, -y0), (0.0, 1.0, -1.0, 0.0, y1, -x0),
                (-1.0, 0.0, 0.0, -1.0, x1, y1), (0.0, -1.0, 1.0, 0.0, -y0, x1))[self.turns % 4]

    def to_page(self, point: Point, item_x: float, item_y: float) -> Point:
        a, b, c, d, e, f = self.transform()
        x, y = point
        return (item_x + a * x + c * y + e, item_y + b * x + d * y + f)

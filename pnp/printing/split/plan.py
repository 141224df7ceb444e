"""The plan search: the fewest pieces, each fitting one sheet, that a board can be cut into.

Cuts: full-width cuts between row bands along `cuts_y`, then cuts across each band along
`cuts_x`; a piece is the outline clipped to a rectangle. The search is exhaustive over
this family (dynamic programming over the row cuts, and within each band over the column
cuts): fewest pieces that pack badly (slivers, narrower than a third of the sheet, and
pieces that fit only a turned sheet, which nothing with a back may share; most boards need
none), then fewest pieces, then fewest of those on a turned sheet, then least tab length,
then the smallest cut positions. A piece never cuts through a marker's quiet zone. Its
cost grows with the square of the number of cut lines per axis: offer the lines a cut may
sensibly follow (Asterion: 10 per axis).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from pnp.geometry.polygon import EPS, Box, Point, Polygon, bounds, clip_box, clip_points, is_convex
from pnp.printing.placement import Furniture, Paper
from pnp.printing.split.board import (
    Board,
    BoardPiece,
    Neighbour,
    Seam,
    SplitError,
    outline_at,
)
from pnp.printing.split.stored import stored

INF = math.inf
BAND_KEY = 1_000_000        # band ends sort after piece ends in the cut tie-break


def _lines(cuts: tuple[float, ...]) -> tuple[float, ...]:
    """The cut lines with the outline's sides: line k bounds strip k-1 and strip k."""
    return (-INF, *cuts, INF)


def piece_rect(board: Board, band: tuple[int, int], cols: tuple[int, int]) -> Box:
    """The rectangle between lines band[0] and band[1] (rows) and cols[0] and cols[1]
    (columns) of `_lines`: index 0 and the last are the outline's own sides (±inf)."""
    xs, ys = _lines(board.cuts_x), _lines(board.cuts_y)
    return (xs[cols[0]], ys[band[0]], xs[cols[1]], ys[band[1]])


@cache
def _cell_centres(board: Board) -> tuple[tuple[int, float, float], ...]:
    return tuple((k, (x0 + x1) / 2, (y0 + y1) / 2)
                 for k, (x0, y0, x1, y1) in enumerate(board.cells))


def rect_cells(board: Board, rect: Box) -> tuple[int, ...]:
    """The cells whose centre lies in the rectangle (edges included)."""
    x0, y0, x1, y1 = rect
    return tuple(k for k, cx, cy in _cell_centres(board)
                 if x0 <= cx <= x1 and y0 <= cy <= y1)


def _cuts_a_marker(board: Board, rect: Box) -> bool:
    """Whether the rectangle's edges run through a marker's quiet zone."""
    x0, y0, x1, y1 = rect
    for mx0, my0, mx1, my1 in board.markers:
        inside = x0 <= mx0 and mx1 <= x1 and y0 <= my0 and my1 <= y1
        apart = mx1 <= x0 or x1 <= mx0 or my1 <= y0 or y1 <= my0
        if not inside and not apart:
            return True
    return False


def _tab_polygon(board: Board, side: str, a: Point, b: Point) -> Polygon:
    """The edge a-b pushed `glue_overlap` outwards (up for a top edge, left for a left
    edge), kept inside the outline: it lies under the neighbours, never beyond the board."""
    g = board.glue_overlap
    if side == "top":
        x0, x1 = sorted((a[0], b[0]))
        box = (x0, a[1] - g, x1, a[1])
    else:
        y0, y1 = sorted((a[1], b[1]))
        box = (a[0] - g, y0, a[0], y1)
    return clip_box(board.outline, box)


def _edge_on(polygon: Polygon, side: str, value: float) -> tuple[Point, Point] | None:
    """The polygon's edge on the line x = value (left/right) or y = value (top/bottom)."""
    axis = 1 if side in ("top", "bottom") else 0
    on = [p for p in polygon if abs(p[axis] - value) < 1e-6]
    if len(on) < 2:
        return None
    on.sort(key=lambda p: p[1 - axis])
    return on[0], on[-1]


def piece_geometry(board: Board, rect: Box, top_tab: bool, left_tab: bool, bleed: float):
    """The cut outline, the art outline and the drawn box of one piece, and its tab edges."""
    polygon = clip_box(board.outline, rect)
    art = clip_box(outline_at(board, bleed), (rect[0] - bleed, rect[1] - bleed,
                                              rect[2] + bleed, rect[3] + bleed))
    drawn = list(art)
    tabs = []
    for side, wanted, value in (("top", top_tab, rect[1]), ("left", left_tab, rect[0])):
        if wanted and board.glue_overlap > 0:
            edge = _edge_on(polygon, side, value)
            if edge is None:
                continue            # the cut line misses the outline beside this piece
            tab = _tab_polygon(board, side, *edge)
            tabs.append((side, edge, tab))
            drawn += tab
    return polygon, art, bounds(drawn), tabs


def _fits(board: Board, width: float, height: float, paper: Paper,
          furniture: Furniture, turn: bool | None = None) -> bool | None:
    """None if the piece fits neither way; else whether the paper (or, for a
    `quarter_turn` board, the piece) must be turned. `turn`: whether turning is allowed
    (default `board.turn`)."""
    w, h = furniture.printable(paper)
    if width <= w + EPS and height <= h + EPS:
        return False
    tw, th = furniture.printable(paper.turned())
    if (board.turn if turn is None else turn) and width <= tw + EPS and height <= th + EPS:
        return True
    return None


@dataclass(frozen=True)
class _Cost:
    """A split's cost, compared field by field: the search keeps the cheapest."""
    pieces: int
    glue: float                 # total length of the tabs: less glueing, fewer seams
    cuts: tuple[int, ...]       # the cut positions, for a deterministic tie-break
    slivers: int = 0            # pieces narrower than a third of the sheet: they pack
    #                             badly and are fiddly to glue, so they cost most
    turned: int = 0             # pieces that fit only a turned sheet (even turned
    #                             themselves): no piece with a back may share that sheet,
    #                             so they pack as badly as slivers

    def _key(self) -> tuple[int, int, int, float, tuple[int, ...]]:
        return (self.slivers + self.turned, self.pieces, self.turned, round(self.glue, 6),
                self.cuts)

    def __lt__(self, other: _Cost) -> bool:
        return self._key() < other._key()

    def __add__(self, other: _Cost) -> _Cost:
        return _Cost(self.pieces + other.pieces, self.glue + other.glue,
                     self.cuts + other.cuts, self.slivers + other.slivers,
                     self.turned + other.turned)


class _Outgrown:
    """A piece that overflows the paper: so does every wider piece from the same start
    (its cells, art and tabs cover this one's), and the band search stops widening it."""


OUTGROWN = _Outgrown()


def piece_cost(board: Board, band: tuple[int, int], cols: tuple[int, int], paper: Paper,
               bleed: float, furniture: Furniture, turn: bool | None = None) -> _Cost | None:
    """One piece, or None when it is not worth a sheet (no cells) or fits none."""
    cost = _piece_verdict(board, band, cols, paper, bleed, furniture, turn)
    return cost if isinstance(cost, _Cost) else None


def _piece_verdict(board: Board, band: tuple[int, int], cols: tuple[int, int], paper: Paper,
                   bleed: float, furniture: Furniture,
                   turn: bool | None = None) -> _Cost | _Outgrown | None:
    """`piece_cost`, telling apart a piece that fits no sheet (OUTGROWN) from one not worth
    a sheet or cutting a marker (None)."""
    rect = piece_rect(board, band, cols)
    cells = rect_cells(board, rect)
    if board.cells and not cells and not board.bare_pieces:
        return None                 # a piece of bare margin: never worth a sheet
    # The piece's whole cells lie inside what it draws: if they alone do not fit the
    # paper, the piece cannot (this skips most of the search's costly clipping).
    if cells:
        x0, y0, x1, y1 = bounds([p for k in cells for p in _corners(board.cells[k])])
        if _fits(board, x1 - x0, y1 - y0, paper, furniture, turn) is None:
            return OUTGROWN
    if _cuts_a_marker(board, rect):
        return None
    extent = piece_extent(board, rect, band[0] > 0, cols[0] > 0, bleed)
    if extent is None:
        return None                 # the rectangle misses the board
    width, height, glue = extent
    if _fits(board, width, height, paper, furniture, turn) is None:
        return OUTGROWN
    return _Cost(1, glue, (), int(min(width, height) < sliver_width(paper, furniture)),
                 int(_turned_only(board, width, height, paper, furniture)))


def _turned_only(board: Board, width: float, height: float, paper: Paper,
                 furniture: Furniture) -> bool:
    """Whether a piece fits the upright sheet neither way round (a one-sided board's
    pieces turn to pack; a two-sided board never turns its sheet)."""
    return (_fits(board, width, height, paper, furniture, False) is None
            and _fits(board, height, width, paper, furniture, False) is None)


def sliver_width(paper: Paper, furniture: Furniture) -> float:
    """A piece narrower than this (a third of the printable sheet's shorter side) is a
    sliver: the search takes one only when the board cannot be cut without it or a piece
    that fits only a turned sheet."""
    return min(furniture.printable(paper)) / 3


def _corners(box: Box) -> tuple[Point, Point]:
    return (box[0], box[1]), (box[2], box[3])


@cache
def piece_extent(board: Board, rect: Box, top_tab: bool, left_tab: bool,
                 bleed: float) -> tuple[float, float, float] | None:
    """What `piece_geometry` gives the search (the drawn box's width and height, and the
    tabs' total length; None if the rectangle misses the board), without building the
    polygons: the search asks this thousands of times (tests check both agree)."""
    x0, y0, x1, y1 = rect
    art = _clipped_bounds(outline_at(board, bleed), (x0 - bleed, y0 - bleed,
                                                     x1 + bleed, y1 + bleed))
    if art is None:
        return None
    boxes = [art]
    glue = 0.0
    g = board.glue_overlap
    for wanted, axis, value, lo, hi in ((top_tab, 1, y0, x0, x1), (left_tab, 0, x0, y0, y1)):
        if not (wanted and g > 0 and math.isfinite(value)):
            continue
        chord = _chord(board.outline, axis, value)
        if chord is None:
            continue
        a, b = max(lo, chord[0]), min(hi, chord[1])     # the cut along the line
        if b - a > EPS:
            glue += b - a
            tab = _clipped_bounds(board.outline, (a, value - g, b, value) if axis == 1
                                  else (value - g, a, value, b))
            boxes += [tab] if tab else []
    return (max(b[2] for b in boxes) - min(b[0] for b in boxes),
            max(b[3] for b in boxes) - min(b[1] for b in boxes), glue)


def _clipped_bounds(polygon: Polygon, box: Box) -> Box | None:
    """The bounding box of a convex polygon clipped to a box (`clip_box` without
    building a clean polygon), or None when they do not overlap."""
    points = list(polygon)
    x0, y0, x1, y1 = box
    for a, b, c in ((-1, 0, -x0), (1, 0, x1), (0, -1, -y0), (0, 1, y1)):
        if not math.isfinite(c):
            continue
        points = clip_points(points, a, b, c)
        if len(points) < 3:
            return None
    found = bounds(points)
    if found[2] - found[0] <= EPS or found[3] - found[1] <= EPS:
        return None
    return found


def _chord(polygon: Polygon, axis: int, value: float) -> tuple[float, float] | None:
    """Where the line (y = value for axis 1, x = value for axis 0) crosses a convex
    polygon: the interval along the line, or None."""
    along = []
    for k, p in enumerate(polygon):
        q = polygon[(k + 1) % len(polygon)]
        if (p[axis] - value) * (q[axis] - value) > 0:
            continue
        if abs(q[axis] - p[axis]) < 1e-12:
            along += [p[1 - axis], q[1 - axis]] if abs(p[axis] - value) < 1e-12 else []
            continue
        t = (value - p[axis]) / (q[axis] - p[axis])
        along.append(p[1 - axis] + t * (q[1 - axis] - p[1 - axis]))
    return (min(along), max(along)) if along else None


def _best_band(board: Board, band: tuple[int, int], paper: Paper, bleed: float,
               furniture: Furniture, turn: bool) -> tuple[_Cost, tuple[int, ...]] | None:
    """The fewest pieces for one band: cuts between columns, by dynamic programming.
    Returns the cost and the closing line of each piece."""
    last = len(board.cuts_x) + 1
    best: dict[int, tuple[_Cost, tuple[int, ...]]] = {0: (_Cost(0, 0.0, ()), ())}
    outgrown: set[int] = set()      # starts whose pieces no longer fit, however they end
    for end in range(1, last + 1):
        for start in range(0, end):
            if start not in best or start in outgrown:
                continue
            cost = _piece_verdict(board, band, (start, end), paper, bleed, furniture, turn)
            if cost is OUTGROWN:
                outgrown.add(start)
                continue
            if not isinstance(cost, _Cost):
                continue
            prev_cost, prev_ends = best[start]
            total = prev_cost + cost + _Cost(0, 0.0, (end,))
            if end not in best or total < best[end][0]:
                best[end] = (total, (*prev_ends, end))
    return best.get(last)


@stored
@cache
def best_bands(board: Board, paper: Paper, bleed: float, furniture: Furniture, turn: bool):
    """Row bands by dynamic programming over the cuts between rows; each band split by
    `_best_band`. Minimises the number of pieces, then the total tab length, then prefers
    the smallest cut positions (deterministic)."""
    if not is_convex(board.outline):
        raise SplitError("the board's outline must be a convex polygon")
    last = len(board.cuts_y) + 1
    best: dict[int, tuple[_Cost, tuple]] = {0: (_Cost(0, 0.0, ()), ())}
    for end in range(1, last + 1):
        for start in range(0, end):
            if start not in best:
                continue
            band = _best_band(board, (start, end), paper, bleed, furniture, turn)
            if band is None:
                continue
            prev_cost, prev_bands = best[start]
            cost, ends = band
            total = prev_cost + _Cost(cost.pieces, cost.glue, (BAND_KEY + end, *cost.cuts),
                                      cost.slivers, cost.turned)
            if end not in best or total < best[end][0]:
                best[end] = (total, (*prev_bands, ((start, end), ends)))
    if last not in best:
        marks = " and registration marks" if furniture.reserve_x or furniture.reserve_y else ""
        raise SplitError(f"the board cannot be split to fit {paper.name} paper "
                         f"with {bleed:g} mm bleed{marks}")
    return best[last][1]


def _label(band: int, index: int) -> str:
    return f"{chr(ord('A') + band)}{index + 1}"


@cache
def plan_pieces(board: Board, paper: Paper, bleed: float,
                furniture: Furniture) -> tuple[BoardPiece, ...]:
    """Split the board into the fewest pieces that each fit one sheet of `paper`.

    Each piece must fit, with its bleed and its tabs, inside the printable area
    (`[page] printer_margin` from every paper edge) of the paper, portrait or, if only that
    way (and `board.turn`), landscape.
    """
    plan, turn = _plan(board, paper, bleed, furniture)
    rects: dict[str, Box] = {}
    layout: list[tuple[int, int, tuple[int, int], tuple[int, int]]] = []
    for b, (band, ends) in enumerate(plan):
        start = 0
        for k, end in enumerate(ends):
            layout.append((b, k, band, (start, end)))
            rects[_label(b, k)] = piece_rect(board, band, (start, end))
            start = end
    polygons = {label: clip_box(board.outline, rect) for label, rect in rects.items()}
    pieces = []
    for b, k, _band, _cols in layout:
        label = _label(b, k)
        rect = rects[label]
        polygon, art, box, tabs = piece_geometry(board, rect, b > 0, k > 0, bleed)
        landscape = _fits(board, box[2] - box[0], box[3] - box[1], paper, furniture, turn)
        assert landscape is not None
        # a quarter_turn board keeps its sheet upright and turns the piece on it
        turned = landscape and board.quarter_turn
        seams = []
        for side, value in (("top", rect[1]), ("left", rect[0]),
                            ("bottom", rect[3]), ("right", rect[2])):
            if not math.isfinite(value):
                continue
            edge = _edge_on(polygon, side, value)
            if edge is None:
                continue
            neighbours = _neighbours(label, side, edge, polygons)
            tab = next((t for s, _e, t in tabs if s == side), ())
            seams.append(Seam(side, edge[0], edge[1], neighbours, bool(tab), tab))
        pieces.append(BoardPiece(label, b, k, rect_cells(board, rect), rect, polygon, art,
                                 tuple(seams), box, landscape and not turned,
                                 1 if turned else 0))
    return tuple(pieces)


def _plan(board: Board, paper: Paper, bleed: float, furniture: Furniture):
    """The search's plan, and whether its pieces may turn. A `quarter_turn` board turns
    pieces only when that takes fewer sheets: its upright plans stay as they were."""
    if not board.quarter_turn:
        return best_bands(board, paper, bleed, furniture, board.turn), board.turn
    try:
        upright = best_bands(board, paper, bleed, furniture, False)
    except SplitError:
        return best_bands(board, paper, bleed, furniture, True), True
    turnable = best_bands(board, paper, bleed, furniture, True)
    if _count(turnable) < _count(upright):
        return turnable, True
    return upright, False


def _count(plan) -> int:
    return sum(len(ends) for _band, ends in plan)


def _neighbours(label: str, side: str, edge: tuple[Point, Point],
                polygons: dict[str, Polygon]) -> tuple[Neighbour, ...]:
    """The other pieces along an edge, in order along it, with the stretch each shares."""
    axis = 0 if side in ("top", "bottom") else 1        # the coordinate that runs along it
    lo, hi = edge[0][axis], edge[1][axis]
    value = edge[0][1 - axis]
    out = []
    for other, polygon in polygons.items():
        if other == label:
            continue
        opposite = {"top": "bottom", "bottom": "top", "left": "right", "right": "left"}[side]
        theirs = _edge_on(polygon, opposite, value)
        if theirs is None:
            continue
        a, b = max(lo, theirs[0][axis]), min(hi, theirs[1][axis])
        if b - a > EPS:
            pa = (a, value) if axis == 0 else (value, a)
            pb = (b, value) if axis == 0 else (value, b)
            out.append((a, Neighbour(other, pa, pb)))
    return tuple(n for _a, n in sorted(out, key=lambda t: t[0]))

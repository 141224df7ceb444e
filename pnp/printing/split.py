"""Splitting a board too large for one sheet into pieces that do fit, for any game.

Pure calculation (no reportlab; the drawing is draw_split.py) so the referee can read the
same geometry. A game describes its board as a `Board`: its cut outline (a convex polygon,
mm, in its own board frame with y down), the lines along which it may be cut, the spaces
a cut must keep whole, and its markers' quiet zones. `plan_pieces` returns the fewest
pieces that each fit one sheet, with:

- glue tabs: a piece carries a tab `glue_overlap` deep on its top and left inner edges,
  which slides under the neighbours above and to its left (none when `glue_overlap` is 0:
  a two-sided board is butt-joined instead, its back lands behind its front, `back_transform`);
- labels A1, A2, ... (row band letter from the top, piece number from the left), printed
  in the roomiest free spot of the piece (`label_spot`) and on its tabs;
- alignment half-circles on the seams (`align_marks`), away from the spaces;
- the assembly diagram's place, in the cut-away part of a piece's sheet (`diagram_spot`).

Cuts: full-width cuts between row bands along `cuts_y`, then cuts across each band along
`cuts_x`; a piece is the outline clipped to a rectangle. The search is exhaustive over
this family (dynamic programming over the row cuts, and within each band over the column
cuts): fewest pieces, then least tab length, then the smallest cut positions. A piece
never cuts through a marker's quiet zone. Its cost grows with the square of the number of
cut lines per axis: offer the lines a cut may sensibly follow (Asterion: 10 per axis).

Markers for a board without a natural place for them: `margin_spots` spreads them along
the margin between the spaces and the outline.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass
from functools import cache

import numpy as np

from pnp.printing.placement import Component, Furniture, Paper, PlacementError

Point = tuple[float, float]
Polygon = tuple[Point, ...]
Box = tuple[float, float, float, float]     # x0, y0, x1, y1
INF = math.inf
EPS = 1e-6
BAND_KEY = 1_000_000        # band ends sort after piece ends in the cut tie-break


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


# --- Convex polygon helpers --------------------------------------------------------------

def clip(polygon: Polygon, a: float, b: float, c: float) -> Polygon:
    """Keep the part of a convex polygon where a*x + b*y <= c (Sutherland-Hodgman)."""
    return _dedupe(_clip_points(polygon, a, b, c))


def _clip_points(polygon, a: float, b: float, c: float) -> list[Point]:
    out: list[Point] = []
    n = len(polygon)
    for k in range(n):
        p, q = polygon[k], polygon[(k + 1) % n]
        fp, fq = a * p[0] + b * p[1] - c, a * q[0] + b * q[1] - c
        if fp <= EPS:
            out.append(p)
        if (fp < -EPS and fq > EPS) or (fp > EPS and fq < -EPS):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def _dedupe(points: list[Point]) -> Polygon:
    out: list[Point] = []
    for p in points:
        if not out or math.dist(p, out[-1]) > EPS:
            out.append((round(p[0], 9) + 0.0, round(p[1], 9) + 0.0))
    if len(out) > 1 and math.dist(out[0], out[-1]) <= EPS:
        out.pop()
    return tuple(out)


def clip_box(polygon: Polygon, box: Box) -> Polygon:
    x0, y0, x1, y1 = box
    for a, b, c in ((-1, 0, -x0), (1, 0, x1), (0, -1, -y0), (0, 1, y1)):
        if math.isfinite(c):
            polygon = clip(polygon, a, b, c)
            if len(polygon) < 3:
                return ()
    return polygon


def bounds(points) -> Box:
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def area(polygon: Polygon) -> float:
    return abs(sum(p[0] * q[1] - q[0] * p[1]
                   for p, q in zip(polygon, polygon[1:] + polygon[:1], strict=True))) / 2


def contains(polygon: Polygon, point: Point, tol: float = EPS) -> bool:
    """Inside or on the boundary of a convex polygon."""
    signs = set()
    n = len(polygon)
    for k in range(n):
        (x0, y0), (x1, y1) = polygon[k], polygon[(k + 1) % n]
        cross = (x1 - x0) * (point[1] - y0) - (y1 - y0) * (point[0] - x0)
        if abs(cross) > tol * max(1.0, math.dist(polygon[k], polygon[(k + 1) % n])):
            signs.add(cross > 0)
    return len(signs) <= 1


def is_convex(polygon: Polygon) -> bool:
    n = len(polygon)
    turns = set()
    for k in range(n):
        (ax, ay), (bx, by), (cx, cy) = polygon[k], polygon[(k + 1) % n], polygon[(k + 2) % n]
        cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx)
        if abs(cross) > EPS:
            turns.add(cross > 0)
    return n >= 3 and len(turns) == 1


def _inward_normals(polygon: Polygon) -> list[tuple[Point, float, float]]:
    """Each edge as (its start, inward unit normal x, y) of a convex polygon."""
    cx = sum(p[0] for p in polygon) / len(polygon)
    cy = sum(p[1] for p in polygon) / len(polygon)
    out = []
    for k, p in enumerate(polygon):
        q = polygon[(k + 1) % len(polygon)]
        length = math.dist(p, q)
        nx, ny = (q[1] - p[1]) / length, (p[0] - q[0]) / length
        if nx * (cx - p[0]) + ny * (cy - p[1]) < 0:
            nx, ny = -nx, -ny
        out.append((p, nx, ny))
    return out


def grow(polygon: Polygon, d: float) -> Polygon:
    """A convex polygon with every edge pushed `d` mm outwards (inwards if negative),
    corners mitred: the outline of the art with `d` mm of bleed."""
    lines = [(nx, ny, nx * p[0] + ny * p[1] - d) for p, nx, ny in _inward_normals(polygon)]
    out = []
    for k in range(len(lines)):
        (a1, b1, c1), (a2, b2, c2) = lines[k - 1], lines[k]
        det = a1 * b2 - a2 * b1
        out.append(((c1 * b2 - c2 * b1) / det, (a1 * c2 - a2 * c1) / det))
    return _dedupe(out)


def regular_polygon(centre: Point, radius: float, sides: int, turn: float = 0.0) -> Polygon:
    """A regular polygon with corners `radius` from the centre, the first straight up
    (board north, -y) turned `turn` degrees clockwise: a round board's cut outline."""
    out = []
    for k in range(sides):
        a = math.radians(turn + 360.0 * k / sides)
        out.append((centre[0] + radius * math.sin(a), centre[1] - radius * math.cos(a)))
    return _dedupe(out)


# --- The plan: pieces, tabs, seams -------------------------------------------------------

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
    turned: bool = False        # the piece is drawn a quarter turn clockwise on an upright
                                # sheet: its top edge along the sheet's right edge

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
        piece is `turned`, a board point (x, y) lands at (item.x + x - offset.x,
        item.y + y - offset.y) on the page."""
        return (self.box[0], self.box[1]) if not self.turned else (self.box[0], self.box[3])

    @property
    def size(self) -> tuple[float, float]:
        """The component's width and height on its page (swapped when `turned`)."""
        return (self.height, self.width) if self.turned else (self.width, self.height)

    def transform(self) -> tuple[float, ...]:
        """The affine map (as `Canvas.transform` takes it) from the board frame to the
        component, its origin the component's top-left corner."""
        x0, y0, _x1, y1 = self.box
        if self.turned:                 # a quarter turn clockwise (y down)
            return (0.0, 1.0, -1.0, 0.0, y1, -x0)
        return (1.0, 0.0, 0.0, 1.0, -x0, -y0)

    def to_page(self, point: Point, item_x: float, item_y: float) -> Point:
        if self.turned:
            return (item_x + self.box[3] - point[1], item_y + point[0] - self.box[0])
        return (item_x + point[0] - self.box[0], item_y + point[1] - self.box[1])


def _lines(cuts: tuple[float, ...]) -> tuple[float, ...]:
    """The cut lines with the outline's sides: line k bounds strip k-1 and strip k."""
    return (-INF, *cuts, INF)


def _rect(board: Board, band: tuple[int, int], cols: tuple[int, int]) -> Box:
    """The rectangle between lines band[0] and band[1] (rows) and cols[0] and cols[1]
    (columns) of `_lines`: index 0 and the last are the outline's own sides (±inf)."""
    xs, ys = _lines(board.cuts_x), _lines(board.cuts_y)
    return (xs[cols[0]], ys[band[0]], xs[cols[1]], ys[band[1]])


@cache
def _cell_centres(board: Board) -> tuple[np.ndarray, np.ndarray]:
    boxes = np.array(board.cells, dtype=float).reshape(-1, 4)
    return (boxes[:, 0] + boxes[:, 2]) / 2, (boxes[:, 1] + boxes[:, 3]) / 2


def _cells(board: Board, rect: Box) -> tuple[int, ...]:
    """The cells whose centre lies in the rectangle (edges included)."""
    cx, cy = _cell_centres(board)
    x0, y0, x1, y1 = rect
    inside = (x0 <= cx) & (cx <= x1) & (y0 <= cy) & (cy <= y1)
    return tuple(int(k) for k in np.flatnonzero(inside))


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


def _piece_geometry(board: Board, rect: Box, top_tab: bool, left_tab: bool, bleed: float):
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
    pieces: int
    glue: float                 # total length of the tabs: less glueing, fewer seams
    cuts: tuple[int, ...]       # the cut positions, for a deterministic tie-break

    def __lt__(self, other: _Cost) -> bool:
        return ((self.pieces, round(self.glue, 6), self.cuts)
                < (other.pieces, round(other.glue, 6), other.cuts))

    def __add__(self, other: _Cost) -> _Cost:
        return _Cost(self.pieces + other.pieces, self.glue + other.glue,
                     self.cuts + other.cuts)


def _piece_cost(board: Board, band: tuple[int, int], cols: tuple[int, int], paper: Paper,
                bleed: float, furniture: Furniture, turn: bool | None = None) -> _Cost | None:
    """One piece, or None when it is not worth a sheet (no cells) or fits none."""
    rect = _rect(board, band, cols)
    cells = _cells(board, rect)
    if board.cells and not cells and not board.bare_pieces:
        return None                 # a piece of bare margin: never worth a sheet
    # The piece's whole cells lie inside what it draws: if they alone do not fit the
    # paper, the piece cannot (this skips most of the search's costly clipping).
    if cells:
        x0, y0, x1, y1 = bounds([p for k in cells for p in _corners(board.cells[k])])
        if _fits(board, x1 - x0, y1 - y0, paper, furniture, turn) is None:
            return None
    if _cuts_a_marker(board, rect):
        return None
    extent = _piece_extent(board, rect, band[0] > 0, cols[0] > 0, bleed)
    if extent is None:
        return None                 # the rectangle misses the board
    width, height, glue = extent
    if _fits(board, width, height, paper, furniture, turn) is None:
        return None
    return _Cost(1, glue, ())


def _corners(box: Box) -> tuple[Point, Point]:
    return (box[0], box[1]), (box[2], box[3])


@cache
def _piece_extent(board: Board, rect: Box, top_tab: bool, left_tab: bool,
                  bleed: float) -> tuple[float, float, float] | None:
    """What `_piece_geometry` gives the search (the drawn box's width and height, and the
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
        points = _clip_points(points, a, b, c)
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
    for end in range(1, last + 1):
        for start in range(0, end):
            if start not in best:
                continue
            cost = _piece_cost(board, band, (start, end), paper, bleed, furniture, turn)
            if cost is None:
                continue
            prev_cost, prev_ends = best[start]
            total = prev_cost + cost + _Cost(0, 0.0, (end,))
            if end not in best or total < best[end][0]:
                best[end] = (total, (*prev_ends, end))
    return best.get(last)


@cache
def _search(board: Board, paper: Paper, bleed: float, furniture: Furniture, turn: bool):
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
            total = prev_cost + _Cost(cost.pieces, cost.glue, (BAND_KEY + end, *cost.cuts))
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
            rects[_label(b, k)] = _rect(board, band, (start, end))
            start = end
    polygons = {label: clip_box(board.outline, rect) for label, rect in rects.items()}
    pieces = []
    for b, k, _band, _cols in layout:
        label = _label(b, k)
        rect = rects[label]
        polygon, art, box, tabs = _piece_geometry(board, rect, b > 0, k > 0, bleed)
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
        pieces.append(BoardPiece(label, b, k, _cells(board, rect), rect, polygon, art,
                                 tuple(seams), box, landscape and not turned, turned))
    return tuple(pieces)


def _plan(board: Board, paper: Paper, bleed: float, furniture: Furniture):
    """The search's plan, and whether its pieces may turn. A `quarter_turn` board turns
    pieces only when that takes fewer sheets: its upright plans stay as they were."""
    if not board.quarter_turn:
        return _search(board, paper, bleed, furniture, board.turn), board.turn
    try:
        upright = _search(board, paper, bleed, furniture, False)
    except SplitError:
        return _search(board, paper, bleed, furniture, True), True
    turnable = _search(board, paper, bleed, furniture, True)
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


def piece_components(pieces, kind: str = "board", back: str | None = None) -> list[Component]:
    """One full-page component per piece ("board-A1"), sized to everything it draws.
    `back`: the back design of a two-sided board (see `back_transform`)."""
    components = []
    for p in pieces:
        outlines, folds = piece_cuts(p)
        width, height = p.size

        def local(point: Point, p: BoardPiece = p) -> Point:
            return p.to_page(point, 0.0, 0.0)

        components.append(Component(
            id=f"{kind}-{p.label}", kind=kind, width=width, height=height, back=back,
            full_page=True, landscape=p.landscape,
            outline=tuple(local(q) for q in outlines[0]),
            folds=tuple((local(a), local(b)) for a, b in folds)))
    return components


def piece_cuts(piece: BoardPiece) -> tuple[tuple[Polygon, ...], tuple[tuple[Point, Point], ...]]:
    """What a cutting machine cuts and scores on a piece (board frame): the outline of the
    piece with its glue tabs, as closed polygons (one, for a convex board), and the fold
    lines (the seams the piece's tabs hinge on). The same lines draw_split draws: solid
    where cut, dashed where folded."""
    folds = tuple((s.a, s.b) for s in piece.tabs)
    on_fold = {(s.a, s.b) for s in piece.tabs} | {(s.b, s.a) for s in piece.tabs}
    poly = piece.polygon
    segments = [(a, poly[(k + 1) % len(poly)]) for k, a in enumerate(poly)
                if (a, poly[(k + 1) % len(poly)]) not in on_fold]
    for seam in piece.tabs:
        tab = seam.tab_polygon
        segments += [(a, tab[(k + 1) % len(tab)]) for k, a in enumerate(tab)
                     if not (_on_line(a, seam) and _on_line(tab[(k + 1) % len(tab)], seam))]
    return _chain(segments), folds


def _on_line(p: Point, seam: Seam) -> bool:
    a, b = seam.a, seam.b
    cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
    return abs(cross) < 1e-6 * max(1.0, abs(b[0] - a[0]) + abs(b[1] - a[1]))


def _chain(segments: list[tuple[Point, Point]]) -> tuple[Polygon, ...]:
    """Join segments that meet end to end into closed polygons, in the order given."""
    def key(p: Point) -> tuple[float, float]:
        return (round(p[0], 6), round(p[1], 6))

    left = list(segments)
    loops: list[Polygon] = []
    while left:
        a, b = left.pop(0)
        loop = [a, b]
        while key(loop[-1]) != key(loop[0]):
            nxt = next((k for k, (p, q) in enumerate(left)
                        if key(loop[-1]) in (key(p), key(q))), None)
            if nxt is None:
                raise SplitError("a piece's cut outline is not closed")
            p, q = left.pop(nxt)
            loop.append(q if key(p) == key(loop[-1]) else p)
        loops.append(_dedupe(loop[:-1]))
    return tuple(loops)


def piece_for(pieces, component: Component) -> BoardPiece:
    """The piece a component of `piece_components` prints."""
    label = component.id.removeprefix(f"{component.kind}-")
    for piece in pieces:
        if piece.label == label:
            return piece
    raise KeyError(f"no board piece {label!r}")


# --- Two-sided boards --------------------------------------------------------------------

def back_transform(piece: BoardPiece, duplex: str) -> tuple[float, ...]:
    """The affine map (a, b, c, d, e, f: x' = a*x + c*y + e, y' = b*x + d*y + f) from the
    board's second side to the back face of the piece's item, its origin the item's
    top-left corner (as `Canvas.transform` takes it).

    The second side's frame is the first side's turned over left to right: its point (u, v)
    lies behind the first side's (-u, v). The back page is the front mirrored for the
    duplex flip (pnp.printing.placement): long edge (and none, glued) mirrors x, short
    mirrors y, so the second side is drawn shifted, or turned half round. Either way it
    lands exactly behind the first side, to the bleed. A `turned` piece's second side is
    turned the quarter the other way (its front's map, turned over and flipped)."""
    x0, y0, x1, y1 = piece.box
    if piece.turned:
        if duplex == "short":
            return (0.0, 1.0, -1.0, 0.0, y1, x1)
        return (0.0, -1.0, 1.0, 0.0, -y0, -x0)
    if duplex == "short":
        return (-1.0, 0.0, 0.0, -1.0, -x0, y1)
    return (1.0, 0.0, 0.0, 1.0, x1, -y0)


def mirrored(polygon: Polygon) -> Polygon:
    """A first-side outline in the second side's frame (see `back_transform`)."""
    return tuple((-x + 0.0, y) for x, y in reversed(polygon))


# --- What the margin carries: alignment marks, labels, the diagram -----------------------

@dataclass(frozen=True)
class AlignMark:
    """A half-circle on each side of a seam: they make a circle once the pieces are
    aligned. `neighbour` is printed beside it on this piece."""
    at: Point                   # on the seam, board frame
    side: str                   # the seam's side on this piece
    neighbour: str


def _land_span(board: Board, horizontal: bool, value: float) -> tuple[float, float] | None:
    """Where a cut line runs between cells: the extent along it of the cells that have an
    edge on it (None if none has)."""
    along = []
    for x0, y0, x1, y1 in board.cells:
        edges = (y0, y1) if horizontal else (x0, x1)
        if any(abs(e - value) < EPS for e in edges):
            along += [x0, x1] if horizontal else [y0, y1]
    return (min(along), max(along)) if along else None


def align_marks(board: Board, piece: BoardPiece) -> tuple[AlignMark, ...]:
    """Alignment marks on every seam of a piece, one on each stretch of the seam beyond
    the cells, close to them (the cells' edges, which run on across the seam, align it
    there); on a seam with no cell beside it, near both of its ends."""
    out = []
    for seam in piece.seams:
        horizontal = seam.side in ("top", "bottom")
        axis = 0 if horizontal else 1
        value = seam.a[1 - axis]
        lo, hi = seam.a[axis], seam.b[axis]
        span = _land_span(board, horizontal, value)
        if span is None:
            inset = 3 * board.align_mark + board.edge_gap
            spots = ((lo, hi, lo + inset), (lo, hi, hi - inset))
        else:
            land_lo, land_hi = span
            room = board.align_mark + board.clear_gap       # from the cells, along it
            spots = ((lo, min(hi, land_lo), land_lo - room),
                     (max(lo, land_hi), hi, land_hi + room))
        for a, b, m in spots:
            if not a + board.align_mark <= m <= b - board.align_mark:
                continue
            at = (m, value) if horizontal else (value, m)
            neighbour = next(n.label for n in seam.neighbours
                             if n.a[axis] - EPS <= m <= n.b[axis] + EPS)
            out.append(AlignMark(at, seam.side, neighbour))
    return tuple(out)


def _inward_distances(polygon: Polygon, point: Point) -> list[float]:
    """Signed distance from `point` to each edge line of a convex polygon (positive
    inside)."""
    return [nx * (point[0] - p[0]) + ny * (point[1] - p[1])
            for p, nx, ny in _inward_normals(polygon)]


def _box_gap(a: Box, b: Box) -> float:
    """Distance between two boxes (negative when they overlap)."""
    dx = max(b[0] - a[2], a[0] - b[2])
    dy = max(b[1] - a[3], a[1] - b[3])
    if dx < 0 and dy < 0:
        return max(dx, dy)
    return math.hypot(max(dx, 0.0), max(dy, 0.0))


def label_size(board: Board) -> tuple[float, float]:
    """The box a piece's label (two or three characters, bold) needs, mm."""
    h = board.label_height
    return 2.4 * h, h


def _steps(lo: float, hi: float, step: float) -> list[float]:
    n = int((hi - lo) // step)
    return [lo + step * k for k in range(n + 1)]


@cache
def label_spot(board: Board, piece: BoardPiece) -> Point | None:
    """The centre of the roomiest place in the piece's margin for its label, or None when
    there is none (the label is on the piece's tabs anyway). Room: clear of the cells
    and the marker quiet zones by `clear_gap`, of `keep_out`, of the alignment marks, and
    `edge_gap` inside the cut outline."""
    w, h = label_size(board)
    gap = board.clear_gap
    x0, y0, x1, y1 = bounds(piece.polygon)
    near = (x0 - w, y0 - w, x1 + w, y1 + w)
    obstacles = list(board.cells) + list(board.markers)
    mark_room = board.align_mark + 2 * board.label_height
    obstacles += [(m.at[0] - mark_room, m.at[1] - mark_room, m.at[0] + mark_room,
                   m.at[1] + mark_room) for m in align_marks(board, piece)]
    obstacles = [o for o in obstacles if _box_gap(o, near) < 0]
    step = board.label_height / 2
    # Every candidate centre at once (numpy): the slack of a candidate is its least room
    # to any obstacle and to the cut outline; the roomiest wins, the first on a tie.
    cy, cx = np.meshgrid(np.array(_steps(y0 + h / 2, y1 - h / 2, step)),
                         np.array(_steps(x0 + w / 2, x1 - w / 2, step)), indexing="ij")
    cx, cy = cx.ravel(), cy.ravel()
    if cx.size == 0:
        return None
    boxes = np.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], axis=1)
    slack = np.full(cx.shape, INF)
    if obstacles:
        slack = _box_gaps(boxes, np.array(obstacles)).min(axis=1) - gap
    corners = [(boxes[:, 0], boxes[:, 1]), (boxes[:, 2], boxes[:, 1]),
               (boxes[:, 2], boxes[:, 3]), (boxes[:, 0], boxes[:, 3])]
    clear = slack >= 0
    lines = _inward_lines(piece.polygon)
    for px, py in corners:
        if board.keep_out is not None:
            clear &= ~board.keep_out(px, py, gap)
        for nx, ny, c in lines:
            slack = np.minimum(slack, nx * px + ny * py - c - board.edge_gap)
    clear &= slack >= 0
    if not clear.any():
        return None
    # The first candidate (row-major) within EPS of the most slack, as a scan would keep.
    top = slack[clear].max()
    k = int(np.flatnonzero(clear & (slack >= top - EPS))[0])
    return (float(cx[k]), float(cy[k]))


def _box_gaps(boxes: np.ndarray, obstacles: np.ndarray) -> np.ndarray:
    """`_box_gap` for every (candidate, obstacle) pair."""
    a = boxes[:, None, :]
    b = obstacles[None, :, :]
    dx = np.maximum(b[..., 0] - a[..., 2], a[..., 0] - b[..., 2])
    dy = np.maximum(b[..., 1] - a[..., 3], a[..., 1] - b[..., 3])
    apart = np.hypot(np.maximum(dx, 0.0), np.maximum(dy, 0.0))
    return np.where((dx < 0) & (dy < 0), np.maximum(dx, dy), apart)


def _inward_lines(polygon: Polygon) -> list[tuple[float, float, float]]:
    """Each edge of a convex polygon as (nx, ny, c): nx*x + ny*y - c is the signed
    distance to it, positive inside (as `_inward_distances`)."""
    d0s = _inward_distances(polygon, (0.0, 0.0))
    dxs = _inward_distances(polygon, (1.0, 0.0))
    dys = _inward_distances(polygon, (0.0, 1.0))
    return [(dx - d0, dy - d0, -d0) for d0, dx, dy in zip(d0s, dxs, dys, strict=True)]


def _separation(box: Box, polygon: Polygon) -> float:
    """A lower bound of the distance between a box and a convex polygon (separating axes;
    negative when they overlap)."""
    corners = ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))
    px0, py0, px1, py1 = bounds(polygon)
    best = max(box[0] - px1, px0 - box[2], box[1] - py1, py0 - box[3])
    for k, p in enumerate(polygon):
        q = polygon[(k + 1) % len(polygon)]
        length = math.dist(p, q)
        nx, ny = (q[1] - p[1]) / length, (p[0] - q[0]) / length
        poly = [nx * v[0] + ny * v[1] for v in polygon]
        ours = [nx * c[0] + ny * c[1] for c in corners]
        best = max(best, min(ours) - max(poly), min(poly) - max(ours))
    return best


@cache
def diagram_spot(board: Board, piece: BoardPiece) -> Box | None:
    """Where the assembly diagram goes: the roomiest square of side `diagram` in the
    cut-away part of the piece's drawn box (outside its art and tabs), or None."""
    d = board.diagram
    gap = board.edge_gap
    x0, y0, x1, y1 = piece.box
    shapes = [piece.art_polygon] + [s.tab_polygon for s in piece.tabs]
    step = d / 10
    # Every candidate at once (numpy), as `_separation` would score each; the roomiest
    # wins, the first (row-major) on a tie.
    top, left = np.meshgrid(np.array(_steps(y0, y1 - d, step)),
                            np.array(_steps(x0, x1 - d, step)), indexing="ij")
    top, left = top.ravel(), left.ravel()
    if top.size == 0:
        return None
    slack = np.min([_separations(left, top, d, shape) for shape in shapes], axis=0) - gap
    if not (slack >= 0).any():
        return None
    k = int(np.flatnonzero(slack >= slack.max() - EPS)[0])
    return (float(left[k]), float(top[k]), float(left[k] + d), float(top[k] + d))


def _separations(left: np.ndarray, top: np.ndarray, d: float, polygon: Polygon) -> np.ndarray:
    """`_separation` for many squares of side d at once."""
    px0, py0, px1, py1 = bounds(polygon)
    best = np.max([left - px1, px0 - (left + d), top - py1, py0 - (top + d)], axis=0)
    cx = np.stack([left, left + d, left + d, left], axis=1)
    cy = np.stack([top, top, top + d, top + d], axis=1)
    for k, p in enumerate(polygon):
        q = polygon[(k + 1) % len(polygon)]
        length = math.dist(p, q)
        nx, ny = (q[1] - p[1]) / length, (p[0] - q[0]) / length
        poly = [nx * v[0] + ny * v[1] for v in polygon]
        ours = nx * cx + ny * cy
        best = np.maximum(best, np.maximum(ours.min(axis=1) - max(poly),
                                           min(poly) - ours.max(axis=1)))
    return best


# --- Markers in the margin ---------------------------------------------------------------

def margin_spots(outline: Polygon, cells: tuple[Box, ...], quiet: float, count: int,
                 clear_gap: float = 4.0, edge_gap: float = 3.0,
                 step: float = 1.0) -> tuple[Point, ...]:
    """Up to `count` centres for upright markers whose quiet zone (a square of side
    `quiet`) lies `edge_gap` inside the outline and `clear_gap` clear of every cell,
    spread evenly round the margin clockwise from the top (board north). Fewer when the
    margin has no room for more. Deterministic; pass the result to `Board.markers` (as
    quiet boxes) so that no cut runs through them."""
    h = quiet / 2
    # The path of a centre that keeps the quiet square `edge_gap` inside each edge.
    lines = [(nx, ny, nx * p[0] + ny * p[1] + edge_gap + h * (abs(nx) + abs(ny)))
             for p, nx, ny in _inward_normals(outline)]
    path = []
    for k in range(len(lines)):
        (a1, b1, c1), (a2, b2, c2) = lines[k - 1], lines[k]
        det = a1 * b2 - a2 * b1
        path.append(((c1 * b2 - c2 * b1) / det, (a1 * c2 - a2 * c1) / det))
    start = min(range(len(path)), key=lambda k: (path[k][1], path[k][0]))
    path = path[start:] + path[:start]
    if area(tuple(path)) <= 0 or not all(contains(outline, p) for p in path):
        return ()
    samples: list[tuple[float, Point]] = []
    run = 0.0
    for k, p in enumerate(path):
        q = path[(k + 1) % len(path)]
        length = math.dist(p, q)
        for t in _steps(0.0, length - EPS, step) if length > EPS else []:
            point = (p[0] + (q[0] - p[0]) * t / length, p[1] + (q[1] - p[1]) * t / length)
            samples.append((run + t, point))
        run += length
    if _clockwise(tuple(path)) is False:
        samples = [samples[0]] + [(run - s, pt) for s, pt in reversed(samples[1:])]

    def free(point: Point) -> bool:
        box = (point[0] - h, point[1] - h, point[0] + h, point[1] + h)
        return all(_box_gap(box, cell) >= clear_gap for cell in cells)

    free_samples = [(s, pt) for s, pt in samples if free(pt)]
    chosen: list[Point] = []
    for k in range(count):
        target = run * k / max(count, 1)
        options = sorted(free_samples, key=lambda sp: (abs(sp[0] - target), sp[0]))
        for _s, point in options:
            if all(max(abs(point[0] - c[0]), abs(point[1] - c[1])) >= quiet + clear_gap
                   for c in chosen):
                chosen.append(point)
                break
    return tuple((round(x, 6) + 0.0, round(y, 6) + 0.0) for x, y in chosen)


def _clockwise(polygon: Polygon) -> bool:
    """Clockwise as seen on the board (y down): positive shoelace sum."""
    return sum(p[0] * q[1] - q[0] * p[1]
               for p, q in zip(polygon, polygon[1:] + polygon[:1], strict=True)) > 0


def quiet_box(centre: Point, quiet: float) -> Box:
    h = quiet / 2
    return (centre[0] - h, centre[1] - h, centre[0] + h, centre[1] + h)

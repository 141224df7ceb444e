"""The Crete diamond board: its geometry, its markers and how it splits into printable pieces.

Pure calculation (no reportlab): the drawing module (draw_board.py) only paints what this
module computes, and the photo referee reads the marker places from here.

The board frame: millimetres, origin at the centre of the Minotaur's square, x right, y down
(board north is -y). Square (i, j) spans [s*i - s/2, s*i + s/2] x [s*j - s/2, s*j + s/2]
with s = `[board] square`; the board's squares are those with |i| + |j| <= `radius`
(seed 002 "CRETE ISLAND UPGRADE": 61 squares; rulings "A turn" 1: players use the inner
41 or 25 with 3 or 2 players, `[board.areas]`).

Around the staircase outline of the squares the board is a true diamond: its four straight
edges run parallel to the staircase's diagonals, `coast` beyond the staircase's outer
(convex) corners. The convex corners of the NE staircase lie on x - y = (radius + 1) * s,
so the NE edge is x - y = (radius + 1) * s + coast * sqrt(2), and the whole diamond is
|x| + |y| <= `reach()`.

Splitting: every cut runs along a square boundary (a grid line) or the diamond edge. The
board is cut into row bands along full-width grid lines, and each band into pieces along
grid lines across the band, so each piece is the diamond clipped to a rectangle. The plan
with the fewest pieces that each fit a sheet (either way round) wins; see `plan_board`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

import numpy as np

from pnp import layouts
from pnp.printing.asterion.markers import board_first_marker_id
from pnp.printing.placement import Component, Furniture, Paper
from pnp.units import mm

Point = tuple[float, float]
Polygon = tuple[Point, ...]
Box = tuple[float, float, float, float]     # x0, y0, x1, y1
INF = math.inf
EPS = 1e-6
SQRT2 = math.sqrt(2.0)


# --- The layout data ---------------------------------------------------------------------

@dataclass(frozen=True)
class BoardSpec:
    square: float               # side of a square, mm
    radius: int                 # squares with |i| + |j| <= radius
    coast: float                # from the staircase's convex corners to the diamond edge
    marker_module: float
    marker_modules: int         # black border included: the marker's side is module * modules
    marker_square_gap: float    # quiet zone to the nearest square, at least
    marker_edge_gap: float      # quiet zone to the diamond edge, at least
    glue_overlap: float         # depth of a glue tab
    areas: dict[int, int]       # players -> largest |i| + |j| in use
    first_id: int
    label_height: float         # a piece's label in its coast
    legend_size: float          # font size of the legends (mm)
    align_mark: float           # radius of the alignment marks on the seams
    diagram: float              # side of the assembly diagram

    @property
    def marker_size(self) -> float:
        return self.marker_module * self.marker_modules

    @property
    def quiet_size(self) -> float:
        """The marker with its white quiet zone of one module all round."""
        return self.marker_size + 2 * self.marker_module


@cache
def board_spec() -> BoardSpec:
    data = layouts.load("asterion")
    board, markers = data["board"], data["markers"]
    return BoardSpec(
        square=mm(board["square"]),
        radius=int(board["radius"]),
        coast=mm(board["coast"]),
        marker_module=mm(board["marker_module"]),
        marker_modules=int(markers["modules"]),
        marker_square_gap=mm(board["marker_square_gap"]),
        marker_edge_gap=mm(board["marker_edge_gap"]),
        glue_overlap=mm(board["glue_overlap"]),
        areas={int(k): int(v) for k, v in board["areas"].items()},
        first_id=board_first_marker_id(),
        label_height=mm(board["label_height"]),
        legend_size=mm(board["legend_size"]),
        align_mark=mm(board["align_mark"]),
        diagram=mm(board["diagram"]),
    )


# --- Squares, areas, outlines ------------------------------------------------------------

def board_squares(radius: int | None = None) -> list[tuple[int, int]]:
    """The squares (i, j) with |i| + |j| <= radius (default: the whole board), row by row
    from the north, west to east in each row."""
    return list(_squares(board_spec().radius if radius is None else radius))


@cache
def _squares(r: int) -> tuple[tuple[int, int], ...]:
    return tuple((i, j) for j in range(-r, r + 1) for i in range(-r, r + 1)
                 if abs(i) + abs(j) <= r)


def area_radius(players: int) -> int:
    """Largest |i| + |j| in use with this many players (`[board.areas]`)."""
    areas = board_spec().areas
    if players not in areas:
        raise ValueError(f"the board has no area for {players} players (choose from "
                         f"{', '.join(str(p) for p in sorted(areas))})")
    return areas[players]


def area_for_players(players: int) -> int:
    """How many squares are in use with this many players: 61, 41 or 25."""
    return len(board_squares(area_radius(players)))


def square_box(i: int, j: int) -> Box:
    s = board_spec().square
    return (s * i - s / 2, s * j - s / 2, s * i + s / 2, s * j + s / 2)


def _rotate(point: Point, quarters: int) -> Point:
    """Turn a point clockwise (as seen on the board, y down) by quarter turns about (0, 0)."""
    x, y = point
    for _ in range(quarters % 4):
        x, y = -y, x
    return (x, y)


def staircase(radius: int) -> Polygon:
    """The outline of the squares with |i| + |j| <= radius, clockwise from the north-west
    corner of the north tip square."""
    s = board_spec().square
    h = s / 2
    quarter = [(-h, -s * radius - h)]
    for k in range(radius):
        quarter.append((s * k + h, s * (k - radius) - h))      # convex corner
        quarter.append((s * k + h, s * (k - radius) + h))      # concave corner (a notch)
    return tuple(_rotate(p, q) for q in range(4) for p in quarter)


def reach() -> float:
    """The diamond is |x| + |y| <= reach(): the edge lies `coast` beyond the convex corners."""
    spec = board_spec()
    return (spec.radius + 1) * spec.square + spec.coast * SQRT2


def diamond(grow: float = 0.0) -> Polygon:
    """The diamond outline pushed `grow` mm outwards, clockwise from the north tip."""
    r = reach() + grow * SQRT2
    return ((0.0, -r), (r, 0.0), (0.0, r), (-r, 0.0))


def board_box() -> Box:
    r = reach()
    return (-r, -r, r, r)


def grid_lines() -> list[tuple[Point, Point]]:
    """Every square edge, once: horizontal segments first (north to south), then vertical
    (west to east); each runs along a whole row or column of squares."""
    s = board_spec().square
    h = s / 2
    r = board_spec().radius
    lines = []
    for k in range(-r, r + 2):             # the line y = s*k - h, between rows k-1 and k
        span = [i for j in (k - 1, k) if abs(j) <= r for i in range(-r, r + 1)
                if abs(i) + abs(j) <= r]
        lines.append(((s * min(span) - h, s * k - h), (s * max(span) + h, s * k - h)))
    for k in range(-r, r + 2):
        span = [j for i in (k - 1, k) if abs(i) <= r for j in range(-r, r + 1)
                if abs(i) + abs(j) <= r]
        lines.append(((s * k - h, s * min(span) - h), (s * k - h, s * max(span) + h)))
    return lines


# --- Markers -----------------------------------------------------------------------------

@dataclass(frozen=True)
class BoardMarker:
    id: int
    name: str                   # "N tip", "NE 1" .. "NE 5" (north to east), "E tip", ...
    centre: Point               # board frame, mm
    size: float                 # side of the black square; the quiet zone is one module more

    @property
    def corners(self) -> tuple[Point, Point, Point, Point]:
        """Top-left, top-right, bottom-right, bottom-left as printed (marker top = north):
        the order in which OpenCV reports an upright marker's corners."""
        cx, cy = self.centre
        h = self.size / 2
        return ((cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h))

    def quiet_box(self, module: float) -> Box:
        cx, cy = self.centre
        h = self.size / 2 + module
        return (cx - h, cy - h, cx + h, cy + h)


@cache
def board_marker_places() -> tuple[BoardMarker, ...]:
    """The board's 24 markers, numbered clockwise from the north tip.

    Order: the marker beyond the north tip square (id `board_first_id`), then the five
    notches of the NE side from north to east, the east tip, the SE notches from east to
    south, the south tip, the SW notches, the west tip, the NW notches from west to north.
    Each marker is upright in the board frame and sits in the middle of the room it has:
    halfway between the closest place its quiet zone may come to the squares
    (`marker_square_gap`) and the farthest towards the diamond edge (`marker_edge_gap`).
    """
    spec = board_spec()
    s, r, q = spec.square, spec.radius, spec.quiet_size
    h = s / 2
    limit = reach() - spec.marker_edge_gap * SQRT2      # |x| + |y| of the quiet zone, at most
    # North tip: the quiet zone's bottom edge d above the tip square (d >= square gap);
    # its top corners sit at |x| + |y| = q/2 + s*r + h + d + q.
    tip_d = (spec.marker_square_gap + (limit - q / 2 - s * r - h - q)) / 2
    tip = (0.0, -(s * r + h + tip_d + q / 2))
    # NE notch k (k = 0..r-1, north to east): the concave corner C = (s*k + h, s*(k-r) + h);
    # the quiet zone's inner corner at C + (d, -d), its outer corner on x - y = s*r + 2d + 2q.
    notch_d = (spec.marker_square_gap + (limit - s * r - 2 * q) / 2) / 2
    notches = [(s * k + h + notch_d + q / 2, s * (k - r) + h - notch_d - q / 2)
               for k in range(r)]
    names = ("N", "E", "S", "W")
    sides = ("NE", "SE", "SW", "NW")
    places: list[BoardMarker] = []
    for quarter in range(4):
        places.append(BoardMarker(spec.first_id + len(places), f"{names[quarter]} tip",
                                  _rotate(tip, quarter), spec.marker_size))
        for k, centre in enumerate(notches, start=1):
            places.append(BoardMarker(spec.first_id + len(places), f"{sides[quarter]} {k}",
                                      _rotate(centre, quarter), spec.marker_size))
    return tuple(places)


# --- Convex polygon helpers --------------------------------------------------------------

def clip(polygon: Polygon, a: float, b: float, c: float) -> Polygon:
    """Keep the part of a convex polygon where a*x + b*y <= c (Sutherland-Hodgman)."""
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
    return _dedupe(out)


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
    (its bottom and right edges).
    """
    side: str                   # "top", "left", "bottom", "right"
    a: Point                    # the edge, on this piece's outline (board frame)
    b: Point
    neighbours: tuple[Neighbour, ...]
    tab: bool
    tab_polygon: Polygon = ()   # the tab: the edge pushed `glue_overlap` into the neighbours


@dataclass(frozen=True)
class BoardPiece:
    label: str                  # "A1": row band letter (A = north), piece number (1 = west)
    band: int                   # 0-based
    index: int                  # 0-based within the band
    cells: tuple[tuple[int, int], ...]
    rect: Box                   # the cut rectangle (±inf where the diamond edge cuts)
    polygon: Polygon            # the cut outline of the visible board piece (board frame)
    art_polygon: Polygon        # the outline pushed out by the bleed: art is clipped to it
    seams: tuple[Seam, ...]
    box: Box                    # everything drawn (art with bleed and tabs), board frame
    landscape: bool             # the paper is turned for this piece

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
        """The board-frame point drawn at the component's top-left corner: a board point
        (x, y) lands at (item.x + x - offset.x, item.y + y - offset.y) on the page."""
        return (self.box[0], self.box[1])

    def to_page(self, point: Point, item_x: float, item_y: float) -> Point:
        return (item_x + point[0] - self.box[0], item_y + point[1] - self.box[1])


def _cut(k: int) -> float:
    """The grid line between rows (or columns) k and k+1."""
    s = board_spec().square
    return s * k + s / 2


def _rect(band: tuple[int, int], cols: tuple[int, int]) -> Box:
    """Rows band[0]..band[1] and columns cols[0]..cols[1]; the outermost band and pieces
    reach to the diamond edge (±inf)."""
    r = board_spec().radius
    j0, j1 = band
    i0, i1 = cols
    return (-INF if i0 <= -r else _cut(i0 - 1), -INF if j0 <= -r else _cut(j0 - 1),
            INF if i1 >= r else _cut(i1), INF if j1 >= r else _cut(j1))


def _cells(rect: Box) -> tuple[tuple[int, int], ...]:
    s = board_spec().square
    x0, y0, x1, y1 = rect
    return tuple((i, j) for i, j in _squares(board_spec().radius)
                 if x0 <= s * i <= x1 and y0 <= s * j <= y1)


def _tab_polygon(side: str, a: Point, b: Point) -> Polygon:
    """The edge a-b pushed `glue_overlap` outwards (up for a top edge, left for a left
    edge), kept inside the diamond: it lies under the neighbours, never beyond the board."""
    g = board_spec().glue_overlap
    if side == "top":
        x0, x1 = sorted((a[0], b[0]))
        box = (x0, a[1] - g, x1, a[1])
    else:
        y0, y1 = sorted((a[1], b[1]))
        box = (a[0] - g, y0, a[0], y1)
    return clip_box(diamond(), box)


def _edge_on(polygon: Polygon, side: str, value: float) -> tuple[Point, Point] | None:
    """The polygon's edge on the line x = value (left/right) or y = value (top/bottom)."""
    axis = 1 if side in ("top", "bottom") else 0
    on = [p for p in polygon if abs(p[axis] - value) < 1e-6]
    if len(on) < 2:
        return None
    on.sort(key=lambda p: p[1 - axis])
    return on[0], on[-1]


def _piece_geometry(rect: Box, top_tab: bool, left_tab: bool, bleed: float):
    """The cut outline, the art outline and the drawn box of one piece, and its tab edges."""
    polygon = clip_box(diamond(), rect)
    art = clip_box(diamond(bleed), (rect[0] - bleed, rect[1] - bleed,
                                    rect[2] + bleed, rect[3] + bleed))
    drawn = list(art)
    tabs = []
    for side, wanted, value in (("top", top_tab, rect[1]), ("left", left_tab, rect[0])):
        if wanted:
            edge = _edge_on(polygon, side, value)
            if edge is None:
                continue            # the cut line misses the diamond beside this piece
            tab = _tab_polygon(side, *edge)
            tabs.append((side, edge, tab))
            drawn += tab
    return polygon, art, bounds(drawn), tabs


def _fits(width: float, height: float, paper: Paper, furniture: Furniture) -> bool | None:
    """None if the piece fits neither way; else whether the paper must be turned."""
    w = paper.width - 2 * furniture.printer_margin
    h = paper.height - 2 * furniture.printer_margin
    if width <= w + EPS and height <= h + EPS:
        return False
    if width <= h + EPS and height <= w + EPS:
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


def _piece_cost(band: tuple[int, int], cols: tuple[int, int], first_band: bool,
                first_piece: bool, paper: Paper, bleed: float,
                furniture: Furniture) -> _Cost | None:
    rect = _rect(band, cols)
    cells = _cells(rect)
    if not cells:
        return None                 # a piece of bare sea: never worth a sheet
    # The piece's whole squares lie inside what it draws: if they alone do not fit the
    # paper, the piece cannot (this skips most of the search's costly clipping).
    s = board_spec().square
    columns = max(i for i, _j in cells) - min(i for i, _j in cells) + 1
    rows = max(j for _i, j in cells) - min(j for _i, j in cells) + 1
    if _fits(columns * s, rows * s, paper, furniture) is None:
        return None
    width, height, glue = _piece_extent(rect, not first_band, not first_piece, bleed)
    if _fits(width, height, paper, furniture) is None:
        return None
    return _Cost(1, glue, ())


def _diamond_box(grow: float, box: Box) -> Box | None:
    """The bounding box of `diamond(grow)` clipped to `box`, in closed form: a point x of
    the box's x range is in the clip when |x| <= R - (least |y| in the y range)."""
    r = reach() + grow * SQRT2
    x0, y0, x1, y1 = box
    least_y = 0.0 if y0 <= 0 <= y1 else min(abs(y0), abs(y1))
    least_x = 0.0 if x0 <= 0 <= x1 else min(abs(x0), abs(x1))
    out = (max(x0, -(r - least_y)), max(y0, -(r - least_x)),
           min(x1, r - least_y), min(y1, r - least_x))
    if out[2] - out[0] <= EPS or out[3] - out[1] <= EPS:
        return None
    return out


def _piece_extent(rect: Box, top_tab: bool, left_tab: bool,
                  bleed: float) -> tuple[float, float, float]:
    """What `_piece_geometry` gives the search (the drawn box's width and height, and the
    tabs' total length), without clipping polygons: the search asks this thousands of
    times (tests check both agree)."""
    art = _diamond_box(bleed, (rect[0] - bleed, rect[1] - bleed,
                               rect[2] + bleed, rect[3] + bleed))
    assert art is not None
    boxes = [art]
    glue = 0.0
    r = reach()
    g = board_spec().glue_overlap
    x0, y0, x1, y1 = rect
    if top_tab and math.isfinite(y0):
        a, b = max(x0, -(r - abs(y0))), min(x1, r - abs(y0))      # the cut along y = y0
        if b - a > EPS:
            glue += b - a
            tab = _diamond_box(0.0, (a, y0 - g, b, y0))
            boxes += [tab] if tab else []
    if left_tab and math.isfinite(x0):
        a, b = max(y0, -(r - abs(x0))), min(y1, r - abs(x0))      # the cut along x = x0
        if b - a > EPS:
            glue += b - a
            tab = _diamond_box(0.0, (x0 - g, a, x0, b))
            boxes += [tab] if tab else []
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[2] for b in boxes)
    y1 = max(b[3] for b in boxes)
    return x1 - x0, y1 - y0, glue


def _best_band(band: tuple[int, int], first_band: bool, paper: Paper, bleed: float,
               furniture: Furniture) -> tuple[_Cost, tuple[int, ...]] | None:
    """The fewest pieces for one band: cuts between columns, by dynamic programming.
    Returns the cost and the last column of each piece."""
    r = board_spec().radius
    best: dict[int, tuple[_Cost, tuple[int, ...]]] = {-r - 1: (_Cost(0, 0.0, ()), ())}
    for end in range(-r, r + 1):
        for start in range(-r, end + 1):
            if start - 1 not in best:
                continue
            cost = _piece_cost(band, (start, end), first_band, start == -r, paper, bleed,
                               furniture)
            if cost is None:
                continue
            prev_cost, prev_ends = best[start - 1]
            total = prev_cost + cost + _Cost(0, 0.0, (end,))
            if end not in best or total < best[end][0]:
                best[end] = (total, (*prev_ends, end))
    return best.get(r)


@cache
def _search(paper: Paper, bleed: float, furniture: Furniture):
    """Row bands by dynamic programming over the cuts between rows; each band split by
    `_best_band`. Minimises the number of pieces, then the total tab length, then prefers
    the smallest cut positions (deterministic)."""
    r = board_spec().radius
    best: dict[int, tuple[_Cost, tuple]] = {-r - 1: (_Cost(0, 0.0, ()), ())}
    for end in range(-r, r + 1):
        for start in range(-r, end + 1):
            if start - 1 not in best:
                continue
            band = _best_band((start, end), start == -r, paper, bleed, furniture)
            if band is None:
                continue
            prev_cost, prev_bands = best[start - 1]
            cost, ends = band
            total = prev_cost + _Cost(cost.pieces, cost.glue, (100 + end, *cost.cuts))
            if end not in best or total < best[end][0]:
                best[end] = (total, (*prev_bands, ((start, end), ends)))
    if r not in best:
        raise ValueError(f"the board cannot be split to fit {paper.name} paper "
                         f"with {bleed:g} mm bleed")
    return best[r][1]


def _label(band: int, index: int) -> str:
    return f"{chr(ord('A') + band)}{index + 1}"


def plan_board(paper: Paper, bleed: float, furniture: Furniture) -> list[BoardPiece]:
    """Split the board into the fewest pieces that each fit one sheet of `paper`.

    Cuts run along grid lines only: full-width cuts between row bands (north to south,
    letters A, B, ...), then cuts across each band between columns (west to east, numbers
    1, 2, ...). The search is exhaustive over this family (dynamic programming over the row
    cuts, and within each band over the column cuts): it finds the fewest pieces, then the
    least tab length. Column bands are not searched separately: the diamond, its squares
    and the fit test (a piece may turn the paper) are symmetric under x <-> y, so they give
    the same counts.

    Each piece must fit, with its bleed and its tabs, inside the printable area
    (`[page] printer_margin` from every paper edge) of the paper, portrait or, if only that
    way, landscape. Glue tabs: a piece carries a tab (`[board] glue_overlap` deep) on its
    top and left internal edges; the tab slides under the neighbours above and to the left.
    """
    plan = _search(paper, bleed, furniture)
    rects: dict[str, Box] = {}
    layout: list[tuple[int, int, tuple[int, int], tuple[int, int]]] = []
    r = board_spec().radius
    for b, (band, ends) in enumerate(plan):
        start = -r
        for k, end in enumerate(ends):
            layout.append((b, k, band, (start, end)))
            rects[_label(b, k)] = _rect(band, (start, end))
            start = end + 1
    polygons = {label: clip_box(diamond(), rect) for label, rect in rects.items()}
    pieces = []
    for b, k, _band, _cols in layout:
        label = _label(b, k)
        rect = rects[label]
        polygon, art, box, tabs = _piece_geometry(rect, b > 0, k > 0, bleed)
        landscape = _fits(box[2] - box[0], box[3] - box[1], paper, furniture)
        assert landscape is not None
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
        pieces.append(BoardPiece(label, b, k, _cells(rect), rect, polygon, art, tuple(seams),
                                 box, landscape))
    return pieces


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


def board_components(paper: Paper, bleed: float, furniture: Furniture) -> list[Component]:
    """One full-page component per piece, sized to everything the piece draws."""
    return [Component(id=f"board-{p.label}", kind="board", width=p.width, height=p.height,
                      back=None, full_page=True, landscape=p.landscape)
            for p in plan_board(paper, bleed, furniture)]


def piece_for_component(component: Component, paper: Paper, bleed: float,
                        furniture: Furniture) -> BoardPiece:
    label = component.id.removeprefix("board-")
    for piece in plan_board(paper, bleed, furniture):
        if piece.label == label:
            return piece
    raise KeyError(f"no board piece {label!r} for {paper.name} paper")


# --- What the coast carries: legends, alignment marks, labels, the diagram ---------------

SIDES = ("NE", "SE", "SW", "NW")


@dataclass(frozen=True)
class Legend:
    """One line of legend along a diamond edge, read by a player sitting at that edge."""
    side: str                   # NE, SE, SW, NW
    centre: Point               # the middle of the baseline, board frame
    angle: float                # degrees clockwise (y down): the text's top faces the centre
    length: float               # room along the edge for the line, centred on `centre`


def legend_depth() -> float:
    """How far in from the diamond edge the legends reach."""
    spec = board_spec()
    return spec.marker_edge_gap + 1.25 * spec.legend_size


def legends() -> tuple[Legend, ...]:
    """A legend in the middle of each of the four edges, its baseline `marker_edge_gap`
    (plus room for descenders) inside the edge, over half the edge's length. The notch
    markers' quiet zones stay deeper inside than the legends reach (tested)."""
    spec = board_spec()
    r = reach()
    base = spec.marker_edge_gap + 0.25 * spec.legend_size
    out = []
    for q, side in enumerate(SIDES):
        mid = _rotate((r / 2, -r / 2), q)
        nx, ny = _rotate((1 / SQRT2, -1 / SQRT2), q)
        out.append(Legend(side, (mid[0] - nx * base, mid[1] - ny * base), 225.0 + 90.0 * q,
                          r * SQRT2 / 2))
    return tuple(out)


def _in_legend(point: Point, room: float) -> bool:
    """Whether a point lies in a legend's band (within `room` of it)."""
    r = reach()
    for q in range(4):
        ux, uy = _rotate((1 / SQRT2, 1 / SQRT2), q)        # along the edge
        nx, ny = _rotate((1 / SQRT2, -1 / SQRT2), q)       # outwards
        mx, my = _rotate((r / 2, -r / 2), q)
        along = (point[0] - mx) * ux + (point[1] - my) * uy
        depth = (mx - point[0]) * nx + (my - point[1]) * ny
        if abs(along) <= r * SQRT2 / 4 + room and depth <= legend_depth() + room:
            return True
    return False


@dataclass(frozen=True)
class AlignMark:
    """A half-circle on each side of a seam, in the coast: they make a circle once the
    pieces are aligned. `neighbour` is printed beside it on this piece."""
    at: Point                   # on the seam, board frame
    side: str                   # the seam's side on this piece
    neighbour: str


def _land_span(horizontal: bool, value: float) -> tuple[float, float]:
    """Where a grid line runs between squares: the extent of the squares on either side."""
    s = board_spec().square
    k = round((value - s / 2) / s)              # the line between rows (columns) k and k+1
    along = [(i if horizontal else j) for i, j in board_squares()
             if (j if horizontal else i) in (k, k + 1)]
    return s * min(along) - s / 2, s * max(along) + s / 2


def align_marks(piece: BoardPiece) -> tuple[AlignMark, ...]:
    """Alignment marks on every seam of a piece, one on each stretch of the seam that runs
    through the coast, close to the squares (away from the legends at the diamond edge).
    The land never carries marks: the grid lines, which run on across the seam, align it
    there."""
    spec = board_spec()
    out = []
    for seam in piece.seams:
        horizontal = seam.side in ("top", "bottom")
        axis = 0 if horizontal else 1
        value = seam.a[1 - axis]
        lo, hi = seam.a[axis], seam.b[axis]
        land_lo, land_hi = _land_span(horizontal, value)
        room = spec.align_mark + spec.marker_square_gap     # from the squares, along it
        for a, b, m in ((lo, min(hi, land_lo), land_lo - room),
                        (max(lo, land_hi), hi, land_hi + room)):
            if not a + spec.align_mark <= m <= b - spec.align_mark:
                continue
            at = (m, value) if horizontal else (value, m)
            neighbour = next(n.label for n in seam.neighbours
                             if n.a[axis] - EPS <= m <= n.b[axis] + EPS)
            out.append(AlignMark(at, seam.side, neighbour))
    return tuple(out)


def _inward_distances(polygon: Polygon, point: Point) -> list[tuple[float, bool]]:
    """Signed distance from `point` to each edge line of a convex polygon (positive
    inside), and whether that edge is a seam (axis-parallel; the diamond's are diagonal)."""
    cx = sum(p[0] for p in polygon) / len(polygon)
    cy = sum(p[1] for p in polygon) / len(polygon)
    out = []
    for k, p in enumerate(polygon):
        q = polygon[(k + 1) % len(polygon)]
        length = math.dist(p, q)
        nx, ny = (q[1] - p[1]) / length, (p[0] - q[0]) / length
        if nx * (cx - p[0]) + ny * (cy - p[1]) < 0:
            nx, ny = -nx, -ny
        seam = abs(p[0] - q[0]) < EPS or abs(p[1] - q[1]) < EPS
        out.append((nx * (point[0] - p[0]) + ny * (point[1] - p[1]), seam))
    return out


def _box_gap(a: Box, b: Box) -> float:
    """Distance between two boxes (negative when they overlap)."""
    dx = max(b[0] - a[2], a[0] - b[2])
    dy = max(b[1] - a[3], a[1] - b[3])
    if dx < 0 and dy < 0:
        return max(dx, dy)
    return math.hypot(max(dx, 0.0), max(dy, 0.0))


def label_size() -> tuple[float, float]:
    """The box a piece's label (two or three characters, bold) needs, mm."""
    h = board_spec().label_height
    return 2.4 * h, h


def _steps(lo: float, hi: float, step: float) -> list[float]:
    n = int((hi - lo) // step)
    return [lo + step * k for k in range(n + 1)]


@cache
def label_spot(piece: BoardPiece) -> Point | None:
    """The centre of the roomiest place in the piece's coast for its label, or None when
    there is none (the label is on the piece's tabs anyway). Room: clear of the squares
    and the marker quiet zones by `marker_square_gap`, of the legends, of the alignment
    marks, and `marker_edge_gap` inside the cut outline."""
    spec = board_spec()
    w, h = label_size()
    gap = spec.marker_square_gap
    x0, y0, x1, y1 = bounds(piece.polygon)
    near = (x0 - w, y0 - w, x1 + w, y1 + w)
    obstacles = [square_box(i, j) for i, j in board_squares()]
    obstacles += [m.quiet_box(spec.marker_module) for m in board_marker_places()]
    mark_room = spec.align_mark + 2 * spec.label_height
    obstacles += [(m.at[0] - mark_room, m.at[1] - mark_room, m.at[0] + mark_room,
                   m.at[1] + mark_room) for m in align_marks(piece)]
    obstacles = [o for o in obstacles if _box_gap(o, near) < 0]
    step = spec.label_height / 2
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
    for px, py in corners:
        clear &= ~_in_legends(px, py, gap)
        for nx, ny, c in _inward_lines(piece.polygon):
            slack = np.minimum(slack, nx * px + ny * py - c - spec.marker_edge_gap)
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
    origin = (0.0, 0.0)
    lines = []
    for (d0, _seam), k in zip(_inward_distances(polygon, origin), range(len(polygon)),
                              strict=True):
        dx = _inward_distances(polygon, (1.0, 0.0))[k][0] - d0
        dy = _inward_distances(polygon, (0.0, 1.0))[k][0] - d0
        lines.append((dx, dy, -d0))
    return lines


def _in_legends(px: np.ndarray, py: np.ndarray, room: float) -> np.ndarray:
    """`_in_legend` for arrays of points."""
    r = reach()
    out = np.zeros(px.shape, dtype=bool)
    for q in range(4):
        ux, uy = _rotate((1 / SQRT2, 1 / SQRT2), q)
        nx, ny = _rotate((1 / SQRT2, -1 / SQRT2), q)
        mx, my = _rotate((r / 2, -r / 2), q)
        along = (px - mx) * ux + (py - my) * uy
        depth = (mx - px) * nx + (my - py) * ny
        out |= (np.abs(along) <= r * SQRT2 / 4 + room) & (depth <= legend_depth() + room)
    return out


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
def diagram_spot(piece: BoardPiece) -> Box | None:
    """Where the assembly diagram goes: the roomiest square of side `[board] diagram` in
    the cut-away part of the piece's drawn box (outside its art and tabs), or None."""
    spec = board_spec()
    d = spec.diagram
    gap = spec.marker_edge_gap
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

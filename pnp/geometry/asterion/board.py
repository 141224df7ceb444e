"""The Crete diamond board: its squares, its outline, its markers and its legends.

Pure calculation (no reportlab): the drawing (pnp/printing/asterion/draw_board.py) only
paints what this module computes, and the photo referee reads the marker places from here.
How the shared splitter cuts the diamond into sheets: pnp/printing/asterion/board.py.

The board frame: millimetres, origin at the centre of the Minotaur's square, x right, y down
(board north is -y). Square (i, j) spans [s*i - s/2, s*i + s/2] x [s*j - s/2, s*j + s/2]
with s = `[board] square`; the board's squares are those with |i| + |j| <= `radius`
(61 squares; docs/rules/asterion.md#setup: players use the inner 41 or 25 with 3 or 2
players, `[board.areas]`).

Around the staircase outline of the squares the board is a true diamond: its four straight
edges run parallel to the staircase's diagonals, `coast` beyond the staircase's outer
(convex) corners. The convex corners of the NE staircase lie on x - y = (radius + 1) * s,
so the NE edge is x - y = (radius + 1) * s + coast * sqrt(2), and the whole diamond is
|x| + |y| <= `reach()`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from pnp import layouts
from pnp.geometry.asterion.markers import board_first_marker_id
from pnp.geometry.lengths import lengths
from pnp.geometry.marker_sizes import MarkerSizes
from pnp.geometry.polygon import Box, Point, Polygon

if TYPE_CHECKING:
    import numpy as np

SQRT2 = math.sqrt(2.0)


# --- The layout data ---------------------------------------------------------------------

@dataclass(frozen=True)
class BoardSpec(MarkerSizes):
    """The Crete board's printed sizes, mm (layouts/asterion.toml)."""
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


@cache
def board_spec() -> BoardSpec:
    data = layouts.load("asterion")
    board, markers = data["board"], data["markers"]
    return BoardSpec(
        **lengths(board, "square", "coast", "marker_module", "marker_square_gap",
                  "marker_edge_gap", "glue_overlap", "label_height", "legend_size",
                  "align_mark", "diagram"),
        radius=int(board["radius"]),
        marker_modules=int(markers["modules"]),
        areas={int(k): int(v) for k, v in board["areas"].items()},
        first_id=board_first_marker_id(),
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
    """A board marker: its id, name and place, board frame."""
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


def in_legends(px: np.ndarray, py: np.ndarray, room: float) -> np.ndarray:
    """Which points (arrays of x and y, mm) lie in a legend's band, or within `room` of it."""
    import numpy as np  # only the label search asks (builds start without numpy)

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


def board_size() -> tuple[float, float]:
    """Width and height of the assembled board's bounding box, mm."""
    x0, y0, x1, y1 = board_box()
    return x1 - x0, y1 - y0

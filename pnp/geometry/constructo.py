"""Constructo's printed geometry: tiles, their markers, the pieces. Pure (no reportlab).

The print side draws from these numbers and the referee reads the same ones, so a marker
found in a photo tells where its tile's centre and edges are. Sizes:
docs/rules/constructo.md#components, through layouts/constructo.toml.

Frames (mm, y down, like every layout frame):
- a tile's frame has its origin at the tile's centre, as printed: flat side up, corners at
  0, 60, ..., 300 degrees (0 = east, 60 = south-east: angles turn clockwise on the page);
- a piece's frame has its origin at the piece's centre;
- the board frame (`board_centres`) lays the tiles pointy side up, axial (q, r) with q
  east and r south-east, as the player aid draws the patterns.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from pnp import layouts
from pnp.geometry.polygon import Point
from pnp.markers import marker_ids
from pnp.rules.constructo import KINDS, PATTERNS, PLAYERS
from pnp.units import mm

GAME = "constructo"

# A corner's direction from the tile's centre, as printed (degrees, y down: clockwise).
CORNER_ANGLES: dict[str, float] = {"E": 0.0, "SE": 60.0, "SW": 120.0, "W": 180.0,
                                   "NW": 240.0, "NE": 300.0}
COS30 = math.cos(math.radians(30))


def _data() -> dict:
    return layouts.load("constructo")


def rotate(point: Point, degrees: float) -> Point:
    """Turn a point about the origin; positive angles turn clockwise on the page (y down)."""
    a = math.radians(degrees)
    x, y = point
    return (x * math.cos(a) - y * math.sin(a), x * math.sin(a) + y * math.cos(a))


# --- Tiles -----------------------------------------------------------------------------------

@dataclass(frozen=True)
class TileSpec:
    """A hex tile's printed sizes and its markers' (layouts/constructo.toml)."""
    count: int
    across_flats: float
    module: float                # marker module
    modules: int                 # marker side in modules (data bits and black border)
    clear_radius: float          # markers keep outside this circle round the centre
    corners: tuple[str, ...]     # the corners that carry a marker

    @property
    def apothem(self) -> float:
        return self.across_flats / 2

    @property
    def circumradius(self) -> float:
        return self.apothem / COS30

    @property
    def width(self) -> float:
        """Cut box, flat side up: corner to corner."""
        return 2 * self.circumradius

    @property
    def height(self) -> float:
        return self.across_flats


@cache
def tile_spec() -> TileSpec:
    tile, markers = _data()["tile"], _data()["markers"]
    return TileSpec(int(tile["count"]), mm(tile["across_flats"]), mm(markers["module"]),
                    int(markers["modules"]), mm(markers["clear_radius"]),
                    tuple(markers["corners"]))


def hex_outline(grow: float = 0.0, centre: Point = (0.0, 0.0)) -> tuple[Point, ...]:
    """The tile's outline, flat side up, from the east corner clockwise; `grow` moves every
    edge outward (the bleed), which for a hexagon is the same hexagon a little larger."""
    cx, cy = centre
    radius = (tile_spec().apothem + grow) / COS30
    return tuple((cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
                 for a in range(0, 360, 60))


def tile_turn(box_width: float, box_height: float) -> float:
    """How far a printed tile is turned from the tile frame, from its cut box: 0 degrees
    flat side up (wider than tall), 90 pointy side up (the print side does that on paper
    where more tiles fit so). Marker places turn with it: `rotate(place.centre, turn)`."""
    return 0.0 if box_width >= box_height else 90.0


def tile_numbers() -> range:
    return range(1, tile_spec().count + 1)


def tile_id(number: int) -> str:
    return f"tile-{number}"


@dataclass(frozen=True)
class MarkerPlace:
    """One marker on a tile, in the tile frame."""

    corner: str                  # "E", "SW", "NW"
    angle: float                 # the corner's direction from the centre (degrees, y down)
    centre: Point
    module: float
    size: float                  # the black square's side
    corners: tuple[Point, ...]   # the black square's corners in ArUco's order: the marker's
                                 # own top-left, top-right, bottom-right, bottom-left

    @property
    def quiet(self) -> tuple[Point, ...]:
        """The white quiet zone's corners (one module round the black square)."""
        half = self.size / 2 + self.module
        return tuple(_add(self.centre, rotate(p, self.angle))
                     for p in ((-half, -half), (half, -half), (half, half), (-half, half)))


def marks_share() -> float:
    """The share of a tile's face its machine marks take: each marker's square with its
    white quiet zone, over the hexagon (at most 5 %: the table looks like a game)."""
    spec = tile_spec()
    side = (spec.modules + 2) * spec.module
    return len(spec.corners) * side ** 2 / (math.sqrt(3) / 2 * spec.across_flats ** 2)


def _add(a: Point, b: Point) -> Point:
    return (a[0] + b[0], a[1] + b[1])


@cache
def marker_places() -> tuple[MarkerPlace, ...]:
    """Where each marker sits: radially in its corner, its quiet zone's inner side on the
    clear circle (a ring centred on the tile never covers it).

    In the corner's own frame (x outward along the corner's direction) the marker is drawn
    upright: its top side faces -y there, so its picture is turned by the corner's angle."""
    spec = tile_spec()
    size = spec.modules * spec.module
    distance = spec.clear_radius + size / 2 + spec.module
    places = []
    for corner in spec.corners:
        angle = CORNER_ANGLES[corner]
        h = size / 2
        own = ((distance - h, -h), (distance + h, -h), (distance + h, h), (distance - h, h))
        places.append(MarkerPlace(corner, angle, rotate((distance, 0.0), angle), spec.module,
                                  size, tuple(rotate(p, angle) for p in own)))
    return tuple(places)


def tile_marker_ids(number: int) -> tuple[int, ...]:
    """Tile `number` (1..9) carries ids first + k*(n-1) .. in its corners' order."""
    spec = tile_spec()
    if number not in tile_numbers():
        raise ValueError(f"no tile {number} (tiles are 1..{spec.count})")
    per = len(spec.corners)
    ids = marker_ids(GAME, "tiles", per * spec.count)
    return tuple(ids[per * (number - 1) + k] for k in range(per))


def tile_for_marker(marker_id: int) -> tuple[int, str] | None:
    """(tile number, corner) that carries a marker id, or None for an id not on a tile."""
    spec = tile_spec()
    per = len(spec.corners)
    ids = marker_ids(GAME, "tiles", per * spec.count)
    if marker_id not in ids:
        return None
    index, corner = divmod(marker_id - ids.start, per)
    return index + 1, spec.corners[corner]


# --- Pieces ----------------------------------------------------------------------------------

@dataclass(frozen=True)
class PieceSpec:
    """A kind of piece's printed sizes and pattern, mm."""
    kind: str                    # the rules' kind: "ring", "medium", "small"
    name: str                    # "ring", "medium disc", "small disc" (the component kind)
    diameter: float
    hole: float                  # hole diameter; 0 for a disc
    pattern_radius: float        # where a black piece's dots / a white piece's line sit
    dot: float                   # a dot's radius
    dots: int
    count: int                   # per player

    @property
    def radius(self) -> float:
        return self.diameter / 2

    @property
    def hole_radius(self) -> float:
        return self.hole / 2


@cache
def piece_specs() -> dict[str, PieceSpec]:
    """Every kind of piece, in the rules' order (ring, medium, small)."""
    data = _data()["pieces"]
    return {kind: PieceSpec(kind, data[kind]["name"], mm(data[kind]["diameter"]),
                            mm(data[kind].get("hole", 0)), mm(data[kind]["pattern_radius"]),
                            mm(data[kind]["dot"]), int(data[kind]["dots"]),
                            int(data[kind]["count"]))
            for kind in KINDS}


def piece_radius(kind: str) -> float:
    return piece_specs()[kind].radius


def piece_id(owner: str, kind: str, number: int | None = None) -> str:
    """"white-ring-2" (a printed piece) or "white-ring" (the face all three share)."""
    return f"{owner}-{kind}" if number is None else f"{owner}-{kind}-{number}"


def parse_piece_id(piece: str) -> tuple[str, str]:
    """(owner, kind) of a piece id written by `piece_id`."""
    owner, kind, *_ = piece.split("-")
    if owner not in PLAYERS or kind not in KINDS:
        raise ValueError(f"{piece!r} is not a Constructo piece")
    return owner, kind


def dot_centres(kind: str) -> tuple[Point, ...]:
    """A black piece's dots, piece frame: evenly round the pattern circle, the first east."""
    spec = piece_specs()[kind]
    return tuple(rotate((spec.pattern_radius, 0.0), 360.0 * k / spec.dots)
                 for k in range(spec.dots))


# --- The assembled board ------------------------------------------------------------------

def board_centres(pattern: str, across_flats: float | None = None) -> dict[tuple[int, int], Point]:
    """Each tile's centre when the pattern is laid out, tiles touching, pointy side up:
    (q, r) -> mm, board frame centred on the pattern's bounding box."""
    step = tile_spec().across_flats if across_flats is None else across_flats
    raw = {t: (step * (t[0] + t[1] / 2), step * COS30 * t[1]) for t in PATTERNS[pattern]}
    xs = [p[0] for p in raw.values()]
    ys = [p[1] for p in raw.values()]
    mx, my = (min(xs) + max(xs)) / 2, (min(ys) + max(ys)) / 2
    return {t: (x - mx, y - my) for t, (x, y) in raw.items()}

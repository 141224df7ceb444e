"""Spider Twist's board in millimetres: where every node, strand, spoke, area and marker is.

Pure calculation (standard library only, no reportlab): the drawing paints what this module
computes and the photo referee reads the same places. The graphs (which node is joined to
which) are the rules core's (`pnp.rules.spider_twist.web`); this module only places them.

The board frame of each side: mm, origin at the centre node C, x right, y down, as seen
looking at that side with board north (spoke 0) at the top. The board is a landscape
rectangle `[board] width` x `height` (ruling "Components": a double-sided board, our design):

- spokes 0..9 run clockwise from the top, 36 degrees apart;
- rings side: ring 1 (outermost) at `outer_radius`, each next ring `ring_gap` further in;
- spiral side: one strand making 5 turns inwards: P<k> on spoke k mod 10 at
  `outer_radius - k * ring_gap / 10`, so one turn brings the strand `ring_gap` inwards and
  it crosses each spoke once per turn (P0 outermost on spoke 0, P49 innermost on spoke 9);
- a strand between two neighbouring nodes bows towards C by `sag` of its chord (a web's
  threads sag towards the hub); spokes are straight from C out to `spoke_end`;
- the players' areas ("mated", "eaten") fill the four corners, outside the circle of
  `area_radius`: white sits at the south edge (mated in the south-west corner, eaten in the
  south-east, on his left and right), black at the north edge (mated north-east, eaten
  north-west); see `areas`;
- six ArUco markers per side in the margin: the four corners and the middle of the west
  and east edges, their ids from `marker_ids("spider-twist", side)` (each side has its own
  block, so a photo says which side is up).

The second side lies behind the first turned over left to right: its point (u, v) is behind
the first side's (-u, v) (pnp.printing.split.two_sided.back_transform). The board is symmetric about
x = 0, so both sides share the outline, the areas' shapes and the markers' places.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass
from functools import cache

from pnp import layouts
from pnp.geometry.lengths import lengths
from pnp.geometry.marker_sizes import MarkerSizes
from pnp.geometry.polygon import Box, Point, Polygon, bounds, edge_distance, inside
from pnp.markers import marker_ids
from pnp.rules.spider_twist.web import CENTRE, RINGS, SPOKES, WEBS, Web, get_web

GAME = "spider-twist"
SIDES = WEBS                         # rings: front (first side); spiral: back
MARKER_MODULES = 7                   # 5 x 5 data bits and a one-module black border
MARKER_NAMES = ("NE", "E", "SE", "SW", "W", "NW")   # clockwise from the north-east corner


@dataclass(frozen=True)
class BoardSpec(MarkerSizes):
    """The board's printed sizes, mm (layouts/spider-twist.toml)."""
    width: float
    height: float
    outer_radius: float
    ring_gap: float
    spoke_end: float
    node_radius: float
    centre_radius: float
    sag: float
    area_radius: float
    area_inset: float
    area_gap: float
    cut_gap: float
    marker_module: float
    marker_modules = MARKER_MODULES  # a class constant, not a layout field
    marker_edge_gap: float
    marker_clear_gap: float
    male: float                      # token diameters, mm
    female: float
    die: float
    die_tab: float
    off_node: float                  # how far a token may lie off its node, in widths

    @property
    def male_reach(self) -> float:
        """How far from his node a male token may cover: half his width, plus how far he
        may lie off the node."""
        return self.male * (0.5 + self.off_node)


@cache
def spec() -> BoardSpec:
    data = layouts.load(GAME)
    board, tokens = data["board"], data["tokens"]
    return BoardSpec(
        **lengths(board, "width", "height", "outer_radius", "ring_gap", "spoke_end",
                  "node_radius", "centre_radius", "area_radius", "area_inset", "area_gap",
                  "cut_gap", "marker_module", "marker_edge_gap", "marker_clear_gap"),
        **lengths(tokens, "male", "female", "die", "die_tab"),
        sag=float(board["sag"]), off_node=float(tokens["off_node"]),
    )


def web(side: str) -> Web:
    """The rules core's graph of a side ("rings" or "spiral")."""
    return get_web(side)


# --- Nodes ---------------------------------------------------------------------------------

def spoke_direction(spoke: int) -> Point:
    """Unit vector from C along a spoke (0 straight up, clockwise as seen, y down)."""
    a = math.radians(360.0 * spoke / SPOKES)
    return (math.sin(a), -math.cos(a))


def node_radius(side: str, node: str) -> float:
    """A node's distance from C."""
    s = spec()
    spot = web(side).spot(node)
    if spot.spoke is None:
        return 0.0
    assert spot.ring is not None               # off the centre, a node is on a ring
    inward = (spot.ring - 1) * s.ring_gap
    if side == "spiral":                       # k = (turn - 1) * 10 + spoke
        inward += spot.spoke * s.ring_gap / SPOKES
    return s.outer_radius - inward


@cache
def node_centres(side: str) -> dict[str, Point]:
    """Every node's centre on a side, in the rules core's node order (C first)."""
    out: dict[str, Point] = {}
    for node in web(side).nodes:
        spoke = web(side).spot(node).spoke
        if spoke is None:
            out[node] = (0.0, 0.0)
            continue
        r = node_radius(side, node)
        dx, dy = spoke_direction(spoke)
        out[node] = (_round(r * dx), _round(r * dy))
    return out


def node_centre(side: str, node: str) -> Point:
    return node_centres(side)[node]


def _round(v: float) -> float:
    return round(v, 6) + 0.0


# --- Strands and spokes --------------------------------------------------------------------

def _bow(a: Point, b: Point) -> tuple[Point, Point, Point]:
    """A strand from a to b as a quadratic Bezier (start, control, end) whose middle bows
    `sag` of the chord towards C."""
    s = spec().sag
    mx, my = (a[0] + b[0]) / 2, (a[1] + b[1]) / 2
    length = math.hypot(mx, my)
    chord = math.dist(a, b)
    if length < 1e-9:
        return a, (mx, my), b
    # the curve's middle is halfway between the chord's middle and the control point
    pull = min(2 * s * chord, length)
    return a, (mx - mx / length * pull, my - my / length * pull), b


def edge_curve(side: str, a: str, b: str) -> tuple[Point, Point, Point]:
    """How an edge is drawn, as a quadratic Bezier (start, control, end): strands bow
    towards C, spokes are straight (the control point is the middle)."""
    pa, pb = node_centre(side, a), node_centre(side, b)
    kind = next((e.kind for e in web(side).edges if {e.a, e.b} == {a, b}), None)
    if kind is None:
        raise ValueError(f"{a} and {b} are not joined on the {side} web")
    if kind == "strand":
        return _bow(pa, pb)
    return pa, ((pa[0] + pb[0]) / 2, (pa[1] + pb[1]) / 2), pb


def sample(curve: tuple[Point, Point, Point], steps: int = 12) -> tuple[Point, ...]:
    """Points along a quadratic Bezier, both ends included."""
    (x0, y0), (x1, y1), (x2, y2) = curve
    out = []
    for k in range(steps + 1):
        t = k / steps
        u = 1 - t
        out.append((_round(u * u * x0 + 2 * u * t * x1 + t * t * x2),
                    _round(u * u * y0 + 2 * u * t * y1 + t * t * y2)))
    return tuple(out)


@cache
def strand_curves(side: str) -> tuple[tuple[Point, Point, Point], ...]:
    """Every strand edge's curve (solid on the board: docs/rules/spider-twist.md#components),
    in the web's edge order."""
    return tuple(edge_curve(side, e.a, e.b) for e in web(side).edges if e.kind == "strand")


@cache
def strand_paths(side: str) -> tuple[tuple[Point, ...], ...]:
    """The strands as polylines: the five rings (closed, first point repeated at the end),
    or the one spiral from P0 to P49."""
    if side == "rings":
        groups = [[f"S{s}R{r}" for s in range(SPOKES)] + [f"S0R{r}"]
                  for r in range(1, RINGS + 1)]
    else:
        groups = [[f"P{k}" for k in range(SPOKES * RINGS)]]
    out = []
    for names in groups:
        points: list[Point] = []
        for a, b in itertools.pairwise(names):
            part = sample(edge_curve(side, a, b))
            points += part if not points else part[1:]
        out.append(tuple(points))
    return tuple(out)


@cache
def spoke_paths(side: str) -> tuple[tuple[Point, Point], ...]:
    """The ten spokes (dotted on the board: docs/rules/spider-twist.md#components), from C
    out to `spoke_end`: spoke 0 first. Every spoke edge of the web lies on one of them."""
    end = spec().spoke_end
    return tuple(((0.0, 0.0), (_round(end * dx), _round(end * dy)))
                 for dx, dy in map(spoke_direction, range(SPOKES)))


# --- The board -----------------------------------------------------------------------------

def outline() -> Polygon:
    """The board's cut outline, clockwise from the north-west corner."""
    w, h = spec().width / 2, spec().height / 2
    return ((-w, -h), (w, -h), (w, h), (-w, h))


def board_box() -> Box:
    w, h = spec().width / 2, spec().height / 2
    return (-w, -h, w, h)


def to_image(point: Point) -> Point:
    """A board-frame point on the whole side's image (origin at its top-left corner)."""
    x0, y0, _x1, _y1 = board_box()
    return (_round(point[0] - x0), _round(point[1] - y0))


# --- Markers -------------------------------------------------------------------------------

@dataclass(frozen=True)
class BoardMarker:
    """A board marker: its id, side and place."""
    id: int
    side: str                   # "rings" or "spiral": the side it is printed on
    name: str                   # NE, E, SE, SW, W, NW
    centre: Point               # in its side's frame, mm
    size: float                 # the black square's side; the quiet zone is a module more

    @property
    def corners(self) -> tuple[Point, Point, Point, Point]:
        """Top-left, top-right, bottom-right, bottom-left as printed (marker top = board
        north): the order in which OpenCV reports an upright marker's corners."""
        cx, cy = self.centre
        h = self.size / 2
        return ((cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h))

    def quiet_box(self) -> Box:
        cx, cy = self.centre
        h = spec().quiet_size / 2
        return (cx - h, cy - h, cx + h, cy + h)


def marker_spots() -> dict[str, Point]:
    """The markers' centres by name: the corners and the middles of the west and east
    edges, each quiet zone `marker_edge_gap` inside the board edge."""
    s = spec()
    w, h = s.width / 2, s.height / 2
    inset = s.marker_edge_gap + s.quiet_size / 2
    x, y = w - inset, h - inset
    return {"NE": (x, -y), "E": (x, 0.0), "SE": (x, y), "SW": (-x, y), "W": (-x, 0.0),
            "NW": (-x, -y)}


@cache
def board_markers(side: str) -> tuple[BoardMarker, ...]:
    """A side's markers, clockwise from the north-east corner, with that side's ids."""
    if side not in SIDES:
        raise ValueError(f"unknown side {side!r} (choose from: {', '.join(SIDES)})")
    ids = marker_ids(GAME, side, len(MARKER_NAMES))
    spots = marker_spots()
    return tuple(BoardMarker(i, side, name, spots[name], spec().marker_size)
                 for i, name in zip(ids, MARKER_NAMES, strict=True))


def marker_side(marker_id: int) -> str | None:
    """Which side a board marker id is printed on (None: not a board marker)."""
    for side in SIDES:
        if marker_id in marker_ids(GAME, side):
            return side
    return None


# --- The players' areas --------------------------------------------------------------------

@dataclass(frozen=True)
class Area:
    """A printed area where a player puts his mated or eaten males (ruling "Components")."""
    colour: str                 # "white" (sits at the south edge) or "black" (north)
    kind: str                   # "mated" or "eaten"
    polygon: Polygon            # its outline, clockwise as seen
    title_at: Point             # the middle of its title's baseline
    angle: float                # 0: read from the south edge; 180: from the north
    slots: tuple[Point, ...]    # where its tokens may lie, nearest the title first


# Each player's mated area on his left, eaten on his right (corner: x sign, y sign).
AREA_CORNERS = {("white", "mated"): (-1, 1), ("white", "eaten"): (1, 1),
                ("black", "mated"): (1, -1), ("black", "eaten"): (-1, -1)}


def _south_west_area() -> Polygon:
    """The south-west area, clockwise from its north-west corner: bounded by the board
    edge (inset), the circle of `area_radius`, the east-west centre line (`area_gap`) and
    the notches round the W and SW markers."""
    s = spec()
    w, h = s.width / 2, s.height / 2
    x_edge, y_edge = -w + s.area_inset, h - s.area_inset
    spots = marker_spots()
    q = s.quiet_size / 2 + s.marker_clear_gap
    y_top = max(s.area_gap, spots["W"][1] + q)
    corner_x, corner_y = spots["SW"][0] + q, spots["SW"][1] - q
    r = s.area_radius
    arc = []
    steps = 24
    a0 = math.asin(y_top / r)
    a1 = math.asin(y_edge / r)
    for k in range(steps + 1):
        a = a0 + (a1 - a0) * k / steps
        arc.append((_round(-r * math.cos(a)), _round(r * math.sin(a))))
    return ((x_edge, y_top), *arc, (corner_x, y_edge), (corner_x, corner_y),
            (x_edge, corner_y))


def _slots(polygon: Polygon, title_at: Point, count: int) -> tuple[Point, ...]:
    """Up to `count` token places inside an area, a male's width plus 2 mm apart on a
    hexagonal grid, at least 1.5 mm inside its outline, nearest the title first."""
    s = spec()
    pitch = s.male + 2.0
    room = s.male / 2 + 1.5
    x0, y0, x1, y1 = bounds(polygon)
    found = []
    row = 0
    y = y0 + room
    while y <= y1 - room:
        x = x0 + room + (pitch / 2 if row % 2 else 0.0)
        while x <= x1 - room:
            if inside(polygon, (x, y)) and edge_distance(polygon, (x, y)) >= room:
                found.append((x, y))
            x += pitch
        y += pitch * math.sqrt(3) / 2
        row += 1
    found.sort(key=lambda p: (math.dist(p, title_at), p))
    return tuple((_round(x), _round(y)) for x, y in found[:count])


@cache
def areas() -> tuple[Area, ...]:
    """The four areas (the same on both sides): white's mated, white's eaten, black's
    mated, black's eaten. Each has room for the title along its board edge and slots for
    the tokens."""
    s = spec()
    base = _south_west_area()
    h = s.height / 2
    out = []
    for (colour, kind), (sx, sy) in AREA_CORNERS.items():
        poly = tuple((_round(-sx * x), _round(sy * y)) for x, y in base)   # base: (-1, 1)
        if -sx * sy < 0:                    # one mirror: keep it clockwise
            poly = tuple(reversed(poly))
        x0, _y0, x1, _y1 = bounds(poly)
        title_y = sy * (h - s.area_inset - 3.5)
        # the title sits along the board edge, between the marker notch and the arc
        title_x = (x0 + x1) / 2 + sx * 0.0
        reach = _chord_at(poly, sy * (h - s.area_inset - 6.0))
        if reach is not None:
            title_x = (reach[0] + reach[1]) / 2
        title = (_round(title_x), _round(title_y))
        polygon_for_slots = _shrunk_for_title(poly, sy, h - s.area_inset - 9.0)
        slots = _slots(polygon_for_slots, title, 10)
        out.append(Area(colour, kind, poly, title, 0.0 if sy > 0 else 180.0, slots))
    return tuple(out)


def area(colour: str, kind: str) -> Area:
    return next(a for a in areas() if (a.colour, a.kind) == (colour, kind))


def _shrunk_for_title(poly: Polygon, sy: int, depth: float) -> Polygon:
    """The area without the band along its board edge where the title goes."""
    return _clip_half(poly, sy, depth)


def _clip_half(poly: Polygon, sy: int, limit: float) -> Polygon:
    """Keep the part of a polygon with sy * y <= limit (Sutherland-Hodgman, one line)."""
    out: list[Point] = []
    n = len(poly)
    for k in range(n):
        p, q = poly[k], poly[(k + 1) % n]
        fp, fq = sy * p[1] - limit, sy * q[1] - limit
        if fp <= 0:
            out.append(p)
        if (fp < 0 < fq) or (fq < 0 < fp):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return tuple(out)


def _chord_at(poly: Polygon, y: float) -> tuple[float, float] | None:
    """Where the horizontal line at y runs inside a polygon (its outermost crossings)."""
    xs = []
    n = len(poly)
    for k in range(n):
        (x0, y0), (x1, y1) = poly[k], poly[(k + 1) % n]
        if (y0 - y) * (y1 - y) <= 0 and y0 != y1:
            xs.append(x0 + (y - y0) / (y1 - y0) * (x1 - x0))
    return (min(xs), max(xs)) if len(xs) >= 2 else None


def inside_area(point: Point) -> Area | None:
    """The area a point lies in, if any."""
    return next((a for a in areas() if inside(a.polygon, point)), None)


# --- Cuts: where a sheet boundary may run --------------------------------------------------

@cache
def cut_lines() -> tuple[tuple[float, ...], tuple[float, ...]]:
    """Where the board may be cut (x = c, y = c), ascending: clear of every node of both
    sides (the second side's turned over) by at least a node's dot and 2 mm, and of the
    markers' quiet zones. The cut `cut_gap` either side of the centre line makes two sheets;
    the others serve larger bleeds and smaller papers."""
    s = spec()
    w, h = s.width / 2, s.height / 2
    clear = s.node_radius + 2.0
    points = list(node_centres("rings").values())
    points += [(-x, y) for x, y in node_centres("spiral").values()]

    def free(axis: int, c: float) -> bool:
        return all(abs(p[axis] - c) >= clear for p in points)

    xs = [c for c in (-s.cut_gap, s.cut_gap) if free(0, c)]
    for c in range(-int(w) + 40, int(w) - 39, 2):
        if abs(c) > 40 and free(0, float(c)) and all(abs(c - x) >= 24 for x in xs):
            xs.append(float(c))
    ys: list[float] = []
    for c in range(-int(h) + 40, int(h) - 39, 2):
        if free(1, float(c)) and all(abs(c - y) >= 24 for y in ys):
            ys.append(float(c))
    return tuple(sorted(xs)), tuple(sorted(ys))


def node_box(point: Point) -> Box:
    """A node's dot as a box (a cell the splitter keeps whole, labels keep clear of)."""
    r = spec().node_radius
    return (point[0] - r, point[1] - r, point[0] + r, point[1] + r)


def edge_nodes(side: str) -> tuple[str, ...]:
    """The periphery, where males enter: ring 1 or P0..P9."""
    return web(side).entry


def is_centre(node: str) -> bool:
    return node == CENTRE

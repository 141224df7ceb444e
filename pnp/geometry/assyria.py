"""Assyria's board in millimetres: hexes, wells, rivers, tracks, card slots, markers.

Pure calculation (no reportlab; the referee imports it): the drawing (draw_board.py) only
paints what this module computes, and the board splitter (pnp/printing/split/) cuts it
as pnp/printing/assyria/board.py describes it.

The board frame: mm, origin at the board's top-left corner, x right, y down. From the
outside in: the machine margin (`[print.board] margin`, markers only), the score track
0-99 (one ring of spaces, 0 in the top-left corner, clockwise), then the inner area.

One grid, "track units", runs through everything: a unit is `HU` = 3/4 of a hex side wide
and `VU` = half a hex (flat to flat) high. Hex columns step two units across, hexes in a
column two units down, so the lines x = odd unit through the map run between hex columns
(through the hexes' side corners, at most a quarter of a side deep) and the lines
y = whole unit run a quarter of a hex from every hex centre. The score spaces are one unit
along the track, so these lines are also the lines between score spaces: every cut the
splitter may make runs between spaces (`cut_lines`).

The inner area, in units (columns 0..26, rows 0..20):
- the map: columns 0-21, rows 0-14 (64 flat-topped hexes, two rivers, wells);
- the right column 22-26: camels 0-10, offerings 0-7 with multipliers, turn order 1-4,
  harvest columns 1-5, the cost legend;
- the bottom band, rows 15-20: the Ashur temple (priests), the used-plough space, the four
  expansion-card slots, the key (foods, areas, scoring).

Rules: docs/rules/assyria.md#components (board, geometry, tracks) and #player-count
(unused columns). Hexes and vertices come from the rules core (pnp.rules.assyria).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from pnp import layouts
from pnp.geometry.lengths import lengths
from pnp.geometry.marker_sizes import MarkerSizes
from pnp.geometry.polygon import Box, Point, Polygon, bounds, quiet_box
from pnp.markers import marker_ids
from pnp.rules.assyria import cards as rules_cards
from pnp.rules.assyria.board import board as rules_board
from pnp.units import mm

SQRT3 = math.sqrt(3.0)


# --- The layout data ---------------------------------------------------------------------

@dataclass(frozen=True)
class Spec(MarkerSizes):
    """The board's printed sizes, mm (layouts/assyria.toml)."""
    side: float                 # R: a hex's side (and centre-to-corner), mm
    track_columns: int          # score spaces along the top between the corners
    track_rows: int             # score spaces along each side between the corners
    margin: float               # the machine margin outside the score track
    marker_module: float
    marker_modules: int
    marker_counts: dict[str, int]
    glue_overlap: float
    label_height: float
    align_mark: float
    well_spot: float
    card_w: float
    card_h: float
    card_gap: float

    @property
    def hu(self) -> float:
        """A track unit's width: 3/4 of a hex side."""
        return 0.75 * self.side

    @property
    def vu(self) -> float:
        """A track unit's height: half a hex, flat to flat."""
        return SQRT3 / 2 * self.side


@cache
def spec() -> Spec:
    data = layouts.load("assyria")["print"]
    board, card = data["board"], data["cards"]
    return Spec(
        **lengths(board, "margin", "marker_module", "glue_overlap", "label_height",
                  "align_mark", "well_spot"),
        side=mm(board["hex_side"]),
        track_columns=int(board["track_columns"]),
        track_rows=int(board["track_rows"]),
        marker_modules=int(board["marker_modules"]),
        marker_counts={k: int(v) for k, v in board["markers"].items()},
        card_w=mm(card["width"]),
        card_h=mm(card["height"]),
        card_gap=mm(board["card_slot_gap"]),
    )


# --- The frame ---------------------------------------------------------------------------

def board_size() -> tuple[float, float]:
    """Width and height of the board, mm (the cut outline is this rectangle)."""
    s = spec()
    return (2 * s.margin + (s.track_columns + 2) * s.hu,
            2 * s.margin + (s.track_rows + 2) * s.vu)


def outline() -> Polygon:
    w, h = board_size()
    return ((0.0, 0.0), (w, 0.0), (w, h), (0.0, h))


def grown_outline(d: float) -> Polygon:
    w, h = board_size()
    return ((-d, -d), (w + d, -d), (w + d, h + d), (-d, h + d))


def inner_origin() -> Point:
    """The inner area's top-left corner (inside the score track)."""
    s = spec()
    return (s.margin + s.hu, s.margin + s.vu)


def inner_units() -> tuple[int, int]:
    """The inner area in units: columns, rows."""
    return spec().track_columns, spec().track_rows


def unit_x(column: float) -> float:
    """x of the inner grid's line `column` (0 = the inner area's left edge)."""
    return inner_origin()[0] + column * spec().hu


def unit_y(row: float) -> float:
    return inner_origin()[1] + row * spec().vu


def unit_box(column: float, row: float, columns: float = 1, rows: float = 1) -> Box:
    """The box of `columns` x `rows` units with its top-left at inner (column, row)."""
    return (unit_x(column), unit_y(row), unit_x(column + columns), unit_y(row + rows))


# The inner area's parts, in units: (column, row, columns, rows).
MAP = (0, 0, 22, 15)
RIGHT = (22, 0, 5, 21)
BOTTOM = (0, 15, 22, 6)


def map_frame() -> Box:
    return unit_box(*MAP)


# --- Spaces ------------------------------------------------------------------------------

@dataclass(frozen=True)
class Space:
    """A place on the board where a piece or a card goes."""

    id: str                     # "score-42", "camel-3", "ashur-high-2", "expansion-1"
    kind: str                   # score, camel, turn, offering, ashur, harvest, expansion, plough
    box: Box
    value: int | None = None    # the number it stands for (score 42, camels 3, slot 1, ...)
    extra: tuple[tuple[str, int | str], ...] = ()   # multiplier, tier, cost ...

    @property
    def centre(self) -> Point:
        return ((self.box[0] + self.box[2]) / 2, (self.box[1] + self.box[3]) / 2)

    def get(self, key: str) -> int | str:
        return dict(self.extra)[key]


def score_spaces() -> tuple[Space, ...]:
    """The score track 0-99, clockwise from 0 in the top-left corner (ruling
    "Components": score track 0-99). Corners are one unit each way; 100 spaces."""
    return _score_spaces()


@cache
def _score_spaces() -> tuple[Space, ...]:
    s = spec()
    m, hu, vu = s.margin, s.hu, s.vu
    nx, ny = s.track_columns, s.track_rows
    boxes: list[Box] = []
    for j in range(nx + 2):                       # top, left to right (corners included)
        boxes.append((m + j * hu, m, m + (j + 1) * hu, m + vu))
    for j in range(1, ny + 1):                    # right side, downwards
        x = m + (nx + 1) * hu
        boxes.append((x, m + j * vu, x + hu, m + (j + 1) * vu))
    for j in range(nx + 1, -1, -1):               # bottom, right to left
        y = m + (ny + 1) * vu
        boxes.append((m + j * hu, y, m + (j + 1) * hu, y + vu))
    for j in range(ny, 0, -1):                    # left side, upwards
        boxes.append((m, m + j * vu, m + hu, m + (j + 1) * vu))
    assert len(boxes) == rules_cards.SCORE_MAX + 1, len(boxes)
    return tuple(Space(f"score-{k}", "score", b, k) for k, b in enumerate(boxes))


@cache
def camel_spaces() -> tuple[Space, ...]:
    """Camels 0-10 (ruling "Components"), a column at the right: 10 on top, 0 at the
    bottom."""
    top = rules_cards.CAMELS_MAX
    return tuple(Space(f"camel-{v}", "camel", unit_box(22, 1 + top - v), v)
                 for v in range(top + 1))


@cache
def offering_spaces() -> tuple[Space, ...]:
    """Offerings 0-7, each with its multiplier 0,1,2,2,3,3,3,4 (in the unit to its right;
    `multiplier_box`), 7 on top, 0 at the bottom, level with camels 0-7."""
    top = rules_cards.OFFERING_MAX
    out = []
    for v in range(top + 1):
        mult = rules_cards.OFFERING_MULTIPLIER[v]
        out.append(Space(f"offering-{v}", "offering", unit_box(24, 4 + top - v), v,
                         (("multiplier", mult),)))
    return tuple(out)


def multiplier_box(space: Space) -> Box:
    """Where an offering space's multiplier is printed: the unit to its right."""
    x0, y0, x1, y1 = space.box
    return (x1, y0, x1 + (x1 - x0), y1)


@cache
def turn_spaces() -> tuple[Space, ...]:
    """Turn order 1-4, left to right."""
    return tuple(Space(f"turn-{k}", "turn", unit_box(22 + k - 1, 13), k) for k in range(1, 5))


@cache
def harvest_spaces() -> tuple[Space, ...]:
    """The five harvest columns (ruling I, Harvest): a player's disc on the column taken;
    the new turn order is the columns' order, leftmost first."""
    return tuple(Space(f"harvest-{k}", "harvest", unit_box(22 + k - 1, 15), k)
                 for k in range(1, 6))


# The bottom band's blocks (units): Ashur (the temple, and its captions right of the line
# x = unit 7, which stays free for a cut), used ploughs, expansion slots, key.
ASHUR_BLOCK = (0, 15, 7, 6)
ASHUR_CAPTIONS = (7, 15, 2, 6)
PLOUGH_BLOCK = (9, 15, 4, 6)
EXPANSION_BLOCK = (13, 15, 6, 6)
KEY_BLOCK = (19, 15, 3, 6)
# The right column's text blocks (units).
CAMEL_TITLE = (22, 0, 2, 1)
OFFERING_TITLE = (24, 0, 3, 1)
OFFERING_NOTE = (24, 1, 3, 3)
TURN_TITLE = (22, 12, 5, 1)
HARVEST_TITLE = (22, 14, 5, 1)
HARVEST_NOTE = (22, 16, 5, 1)
COST_BLOCK = (22, 17, 5, 4)

ASHUR_SPACE = 16.0              # side of a priest space, mm (a 14 mm hut fits)
ASHUR_GAP = 2.0
ASHUR_TIER = 24.0               # a tier's height


@cache
def ashur_spaces() -> tuple[Space, ...]:
    """The Ashur priests (ruling "Components"): high 3 spaces (4 camels), middle 4 (3),
    low 6 (2), a stepped temple, high on top; spaces numbered left to right (the next
    free space is the leftmost free one)."""
    x0, _y0, _x1, y1 = unit_box(*ASHUR_BLOCK)
    widest = max(rules_cards.TIER_SPACES.values())
    temple_w = widest * ASHUR_SPACE + (widest - 1) * ASHUR_GAP
    left = x0 + 4.5
    base = y1 - 6.0                              # the temple's foot
    out = []
    for level, tier in enumerate(reversed(rules_cards.TIERS)):   # low, middle, high
        n = rules_cards.TIER_SPACES[tier]
        width = n * ASHUR_SPACE + (n - 1) * ASHUR_GAP
        top = base - (level + 1) * ASHUR_TIER
        sy = top + (ASHUR_TIER - ASHUR_SPACE) / 2
        sx = left + (temple_w - width) / 2
        for k in range(n):
            x = sx + k * (ASHUR_SPACE + ASHUR_GAP)
            out.append(Space(f"ashur-{tier}-{k + 1}", "ashur",
                             (x, sy, x + ASHUR_SPACE, sy + ASHUR_SPACE), k + 1,
                             (("tier", tier), ("cost", rules_cards.TIER_COST[tier]),
                              ("influence", rules_cards.TIER_INFLUENCE[tier]))))
    order = {t: i for i, t in enumerate(rules_cards.TIERS)}
    return tuple(sorted(out, key=lambda sp: (order[str(sp.get("tier"))], sp.value)))


def ashur_tier_box(tier: str) -> Box:
    """The step of the temple that carries one tier's spaces."""
    spaces = [s for s in ashur_spaces() if s.get("tier") == tier]
    x0 = min(s.box[0] for s in spaces) - ASHUR_GAP
    x1 = max(s.box[2] for s in spaces) + ASHUR_GAP
    y0 = spaces[0].box[1] - (ASHUR_TIER - ASHUR_SPACE) / 2
    return (x0, y0, x1, y0 + ASHUR_TIER)


def _card_box(x: float, y: float) -> Box:
    s = spec()
    g = s.card_gap
    return (x - g, y - g, x + s.card_w + g, y + s.card_h + g)


@cache
def expansion_slots() -> tuple[Space, ...]:
    """The four expansion-card slots of a reign (ruling "Setup": slot 1 holds the face-up
    4), overlapping left to right: a card leaves the left strip of the one beneath it,
    with its value, in view."""
    s = spec()
    x0, y0, x1, _y1 = unit_box(*EXPANSION_BLOCK)
    room = x1 - x0 - 2 * (s.card_gap + 1.0)
    step = (room - s.card_w) / 3
    top = y0 + 9.0
    return tuple(Space(f"expansion-{k + 1}", "expansion",
                       _card_box(x0 + s.card_gap + 1.0 + k * step, top), k + 1)
                 for k in range(4))


@cache
def plough_slot() -> Space:
    """The used-plough space (ruling II.C: a plough used for supply goes here; III: bought
    back from here)."""
    s = spec()
    x0, y0, x1, _y1 = unit_box(*PLOUGH_BLOCK)
    return Space("plough", "plough", _card_box((x0 + x1 - s.card_w) / 2, y0 + 9.0))


def track_spaces() -> tuple[Space, ...]:
    """Every space of the board but the hexes, in a fixed order."""
    return (score_spaces() + camel_spaces() + offering_spaces() + turn_spaces()
            + harvest_spaces() + ashur_spaces() + expansion_slots() + (plough_slot(),))


def text_blocks() -> dict[str, Box]:
    """Titles, notes and legends: kept whole by the cuts like the spaces."""
    pad = 2.5                   # a cut may run between the temple and its captions
    boxes = {"ashur": _inset(unit_box(*ASHUR_BLOCK), right=pad),
             "ashur-captions": _inset(unit_box(*ASHUR_CAPTIONS), left=pad)}
    blocks = {"plough": PLOUGH_BLOCK, "expansion": EXPANSION_BLOCK,
              "key": KEY_BLOCK, "camel-title": CAMEL_TITLE, "offering-title": OFFERING_TITLE,
              "offering-note": OFFERING_NOTE, "turn-title": TURN_TITLE,
              "harvest-title": HARVEST_TITLE, "harvest-note": HARVEST_NOTE,
              "costs": COST_BLOCK}
    return boxes | {name: unit_box(*units) for name, units in blocks.items()}


def _inset(box: Box, left: float = 0.0, right: float = 0.0) -> Box:
    return (box[0] + left, box[1], box[2] - right, box[3])


# --- Hexes, wells, rivers, areas ---------------------------------------------------------

@dataclass(frozen=True)
class HexPlace:
    """Where a hex is printed, and its food and region."""
    index: int                  # the rules core's hex index (0..63)
    name: str                   # "H23"
    q: int
    r: int
    centre: Point
    food: str
    region: str
    start: tuple[int, ...]      # player counts for which it is a start hex

    @property
    def corners(self) -> tuple[Point, ...]:
        """Six corners, clockwise (y down) from the east corner."""
        return hex_corners(self.centre)

    @property
    def box(self) -> Box:
        return bounds(self.corners)


def hex_corners(centre: Point, side: float | None = None) -> tuple[Point, ...]:
    r = spec().side if side is None else side
    cx, cy = centre
    return tuple((cx + r * math.cos(math.radians(60 * k)), cy + r * math.sin(math.radians(60 * k)))
                 for k in range(6))


def hex_centre(q: int, y: float) -> Point:
    """The centre of the hex in column q at height y = r + q/2 (the layout's `y`)."""
    s = spec()
    x0, y0, _x1, _y1 = map_frame()
    return (x0 + (2 + 2 * q) * s.hu, y0 + (1.5 + 2 * y) * s.vu)


@cache
def hexes() -> tuple[HexPlace, ...]:
    """The 64 hexes, in the rules core's order (its hex index = position here)."""
    return tuple(HexPlace(h.index, h.name, h.q, h.r, hex_centre(h.q, h.y), h.food, h.region,
                          tuple(sorted(h.start)))
                 for h in rules_board().hexes)


@dataclass(frozen=True)
class WellPlace:
    """Where a well is printed: a vertex of three hexes."""
    index: int                  # the rules core's vertex index
    name: str                   # "H01/H10/H11"
    coords: tuple[int, int, int]
    at: Point


@cache
def wells() -> tuple[WellPlace, ...]:
    """The 58 vertices where wells may go (ruling "Components": touching no hex between
    the rivers). Vertex (q, r, t) touches (q, r), (q+t, r), (q+t, r-t): the east (t = 1)
    or west (t = -1) corner of hex (q, r)."""
    b = rules_board()
    places = hexes()
    out = []
    for v in b.vertices:
        if not b.can_take_well(v.index):
            continue
        cx, cy = places[b.by_coords[v.q, v.r]].centre
        out.append(WellPlace(v.index, v.name, v.coords, (cx + v.t * spec().side, cy)))
    return tuple(out)


def river_path(river: str) -> tuple[Point, ...]:
    """A river's course: from the map's left edge through the centre of its hex in every
    column to the right edge (ruling "Components": each column has one hex on each river).
    `river` is "upper" or "lower"."""
    if river not in ("upper", "lower"):
        raise ValueError(f"no river {river!r} (upper or lower)")
    x0, _y0, x1, _y1 = map_frame()
    centres = [h.centre for h in sorted(hexes(), key=lambda h: h.q) if h.region == river]
    return ((x0, centres[0][1]), *centres, (x1, centres[-1][1]))


def columns_in_play(players: int) -> int:
    return rules_board().columns_in_play[players]


def unused_boundary(players: int) -> tuple[Point, ...]:
    """The line between the columns in play and the unused ones with `players` (ruling
    "Player count": 2 players columns 0-5, 3 players 0-7), top to bottom along the west
    edges of the first unused column's hexes, from the map frame's top to its bottom."""
    first = columns_in_play(players)
    if first >= max(h.q for h in hexes()) + 1:
        return ()
    column = sorted((h for h in hexes() if h.q == first), key=lambda h: h.centre[1])
    pts: list[Point] = []
    for h in column:
        c = h.corners               # 3 = west, 4 = north-west, 2 = south-west (y down)
        for p in (c[4], c[3], c[2]):
            if not pts or math.dist(p, pts[-1]) > 1e-6:
                pts.append(p)
    _x0, y0, _x1, y1 = map_frame()
    return ((pts[0][0], y0), *pts, (pts[-1][0], y1))


def unused_area(players: int) -> Polygon:
    """The unused part of the map with `players` (empty with 4): right of the boundary."""
    line = unused_boundary(players)
    if not line:
        return ()
    _x0, y0, x1, y1 = map_frame()
    return (*line, (x1, y1), (x1, y0))


# --- Markers -----------------------------------------------------------------------------

@dataclass(frozen=True)
class BoardMarker:
    """A board marker: its id, name and place."""
    id: int
    name: str                   # "corner NW", "top 3", "right 2", ...
    centre: Point
    size: float                 # the black square's side

    @property
    def corners(self) -> tuple[Point, Point, Point, Point]:
        """Top-left, top-right, bottom-right, bottom-left as printed (upright): the order
        in which OpenCV reports an upright marker's corners."""
        cx, cy = self.centre
        h = self.size / 2
        return ((cx - h, cy - h), (cx + h, cy - h), (cx + h, cy + h), (cx - h, cy + h))

    def quiet_box(self) -> Box:
        return quiet_box(self.centre, self.size + 2 * spec().marker_module)


def _spread(count: int, allowed: list[int], span: int) -> list[int]:
    """`count` of the allowed slots 0..span-1, as evenly spread as they can be."""
    chosen: list[int] = []
    for k in range(count):
        target = span * (k + 0.5) / count
        best = min((a for a in allowed if a not in chosen), key=lambda a: (abs(a - target), a))
        chosen.append(best)
    return sorted(chosen)


@cache
def markers() -> tuple[BoardMarker, ...]:
    """The board's markers, all in the machine margin, upright, numbered clockwise from
    the top-left corner: corner NW, the top ones left to right, corner NE, the right ones
    downwards, corner SE, the bottom ones right to left, corner SW, the left ones upwards.

    Along the top and bottom a marker sits centred on a score column, along the sides on a
    score row (its quiet zone is narrower than a unit), never beside a line the splitter
    may cut along: so no cut and no alignment mark ever touches one."""
    s = spec()
    w, h = board_size()
    m = s.margin
    counts = s.marker_counts
    xs, ys = cut_lines()
    cols = s.track_columns + 2
    rows = s.track_rows + 2
    # a cut at x = X lies between score columns j-1 and j, j = round((X - m) / hu)
    bad_cols = {j + d for x in xs for j in [round((x - m) / s.hu)] for d in (-1, 0)}
    bad_rows = {j + d for y in ys for j in [round((y - m) / s.vu)] for d in (-1, 0)}
    top = _spread(counts["top"], [j for j in range(1, cols - 1) if j not in bad_cols], cols)
    bottom = _spread(counts["bottom"], [j for j in range(1, cols - 1) if j not in bad_cols],
                     cols)
    right = _spread(counts["right"], [j for j in range(1, rows - 1) if j not in bad_rows], rows)
    left = _spread(counts["left"], [j for j in range(1, rows - 1) if j not in bad_rows], rows)
    col_x = [m + (j + 0.5) * s.hu for j in range(cols)]
    row_y = [m + (j + 0.5) * s.vu for j in range(rows)]
    places: list[tuple[str, Point]] = [("corner NW", (m / 2, m / 2))]
    places += [(f"top {k + 1}", (col_x[j], m / 2)) for k, j in enumerate(top)]
    places.append(("corner NE", (w - m / 2, m / 2)))
    places += [(f"right {k + 1}", (w - m / 2, row_y[j])) for k, j in enumerate(right)]
    places.append(("corner SE", (w - m / 2, h - m / 2)))
    places += [(f"bottom {k + 1}", (col_x[j], h - m / 2))
               for k, j in enumerate(reversed(bottom))]
    places.append(("corner SW", (m / 2, h - m / 2)))
    places += [(f"left {k + 1}", (m / 2, row_y[j])) for k, j in enumerate(reversed(left))]
    ids = marker_ids("assyria", "board", len(places))
    assert counts["corners"] == 4
    return tuple(BoardMarker(i, name, centre, s.marker_size)
                 for i, (name, centre) in zip(ids, places, strict=True))


# --- The split into sheets ---------------------------------------------------------------

def keep_whole() -> tuple[Box, ...]:
    """What no cut may run through (its edges may be cut along): every space and text
    block off the map."""
    return tuple(sp.box for sp in track_spaces()) + tuple(text_blocks().values()) + tuple(
        multiplier_box(sp) for sp in offering_spaces())


@cache
def cut_lines() -> tuple[tuple[float, ...], tuple[float, ...]]:
    """The lines the splitter may cut along: grid lines of the inner area that run through
    no space or text block, and through the map only where they cut hexes least (between
    hex columns: odd columns; any row line)."""
    cols, rows = inner_units()
    blocks = keep_whole()
    eps = 1e-6
    mc, _mr, mw, _mh = MAP
    xs = []
    for k in range(1, cols):
        x = unit_x(k)
        if mc < k < mc + mw and (k - mc) % 2 == 0:
            continue                # through the hexes' centres
        if any(b[0] + eps < x < b[2] - eps for b in blocks):
            continue
        xs.append(x)
    ys = []
    for k in range(1, rows):
        y = unit_y(k)
        if any(b[1] + eps < y < b[3] - eps for b in blocks):
            continue
        ys.append(y)
    return tuple(xs), tuple(_useful(ys))


def _useful(ys: list[float]) -> list[float]:
    """The row lines worth offering: a few (each one offered keeps markers off two score
    rows beside it): those the plans for A4, Letter and A3 use, with and without the
    print-and-cut marks' reserved corners (tests check the plans)."""
    wanted = (6, 7, 10, 14, 15)
    return [y for y in ys if any(abs(y - unit_y(k)) < 1e-6 for k in wanted)]


_SIZE_KEYS = {"hut": "hut", "base": "ziggurat_base", "centre": "ziggurat_centre",
              "roof": "ziggurat_roof", "disc": "disc", "well": "well"}


def token_size(kind: str) -> float:
    """A token's side or diameter (mm): hut, base, centre, roof, disc or well."""
    return mm(layouts.load("assyria")["print"]["tokens"][_SIZE_KEYS[kind]])


# --- For the manifest and the referee ----------------------------------------------------

def manifest_extra() -> dict:
    """The board image's geometry for `pnp export` (mm on the board image, whose top-left
    is the board frame's origin): every hex's centre, every well vertex, every marker."""
    def pt(p: Point) -> list[float]:
        return [round(p[0], 3), round(p[1], 3)]

    return {
        "hexes": {h.name: pt(h.centre) for h in hexes()},
        "wells": {w.name: pt(w.at) for w in wells()},
        "markers": {str(m.id): pt(m.centre) for m in markers()},
        "marker_size_mm": round(spec().marker_size, 3),
    }

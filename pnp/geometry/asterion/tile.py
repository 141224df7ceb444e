"""Where things sit on a tile: corridors, feature icons, markers, the printed id.

Pure geometry in the tile frame (millimetres, origin at the tile's top-left corner, x to
the right, y down, tile upright as printed). The drawing code and the referee both read
it, so the referee knows exactly where a prisoner or a marker was printed.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

from pnp import layouts
from pnp.geometry.lengths import lengths
from pnp.geometry.marker_sizes import MarkerSizes
from pnp.geometry.polygon import Point
from pnp.rules.asterion.tiles import Region, Tile
from pnp.units import mm


@dataclass(frozen=True)
class TileSpec(MarkerSizes):
    """A tile's printed sizes, mm (layouts/asterion.toml)."""
    size: float
    path_width: float
    path_outline: float
    icon: float
    marker_module: float
    marker_modules: int
    marker_inset: float
    marker_corners: tuple[str, ...]
    marks: str = "classic"       # the machine-mark design these marker_* values describe

    @property
    def centre(self) -> float:
        return self.size / 2


def mark_designs() -> tuple[str, ...]:
    """The tiles' machine-mark designs: "classic" (layout `[markers]`) and each sub-table
    of it ("discreet")."""
    markers = layouts.load("asterion")["markers"]
    return ("classic", *(k for k, v in markers.items() if isinstance(v, dict)))


def printed_marks() -> str:
    """The design `pnp build` draws unless asked for another (layout `[markers] print`)."""
    return str(layouts.load("asterion")["markers"].get("print", "classic"))


def _design_table(design: str) -> dict:
    markers = layouts.load("asterion")["markers"]
    if design not in mark_designs():
        raise ValueError(f"unknown tile marks {design!r} for asterion "
                         f"(choose from: {', '.join(mark_designs())})")
    table = markers if design == "classic" else markers[design]
    # Every design prints a corner's id at that corner (pnp/geometry/asterion/markers.py
    # maps ids to corners from the classic table): a design's corners are some of them.
    corners = list(table["corners"])
    if not corners or corners != [c for c in markers["corners"] if c in corners]:
        raise ValueError(f"asterion [markers.{design}] corners must be some of "
                         f"{markers['corners']}, in that order")
    return table


@cache
def tile_spec(design: str | None = None) -> TileSpec:
    """The tile's geometry with the marker sizes of `design` (None: the printed one)."""
    design = design or printed_marks()
    data = layouts.load("asterion")
    tile, markers = data["tile"], _design_table(design)
    return TileSpec(
        **lengths(tile, "size", "path_width", "path_outline"),
        icon=mm(tile["icon_size"]),
        marker_module=mm(markers["module"]),
        marker_modules=int(markers["modules"]),
        marker_inset=mm(markers["inset"]),
        marker_corners=tuple(markers["corners"]),
        marks=design,
    )


@dataclass(frozen=True)
class Segment:
    """A straight stretch of corridor, tile frame."""
    start: Point
    end: Point
    round_end: bool = False      # a dead end: the corridor stops here with a rounded cap


@dataclass(frozen=True)
class Arc:
    """A curved stretch of corridor: a circle's arc, tile frame."""
    centre: Point
    radius: float
    start_deg: float             # angles from +x towards +y (clockwise on the page)
    end_deg: float

    def point(self, deg: float) -> Point:
        a = math.radians(deg)
        return (self.centre[0] + self.radius * math.cos(a),
                self.centre[1] + self.radius * math.sin(a))


Stroke = Segment | Arc


@dataclass(frozen=True)
class Feature:
    """Something printed on a corridor: a prisoner, coin, wing or Asterion."""
    kind: str                    # "prisoner", "coin", "wing" or "asterion"
    at: Point


@dataclass(frozen=True)
class RegionArt:
    """What a region of a tile draws: its corridor strokes and features."""
    strokes: tuple[Stroke, ...]
    features: tuple[Feature, ...]


@dataclass(frozen=True)
class MarkerPlace:
    """Where a tile's marker is printed, tile frame."""
    corner: str                  # "NE" or "SW" as printed
    x: float                     # the marker's top-left corner, tile frame
    y: float
    size: float                  # the black square's side; the quiet zone is one module more


def port_point(port: str, size: float, overshoot: float = 0.0) -> Point:
    """The midpoint of an edge, pushed `overshoot` mm outwards (into the bleed)."""
    c = size / 2
    return {
        "N": (c, -overshoot),
        "E": (size + overshoot, c),
        "S": (c, size + overshoot),
        "W": (-overshoot, c),
    }[port]


def _towards(port: str, size: float, distance_from_edge: float) -> Point:
    c = size / 2
    d = distance_from_edge
    return {"N": (c, d), "E": (size - d, c), "S": (c, size - d), "W": (d, c)}[port]


# Features are laid out prisoners first, then chests, then wings (a prisoner sits at the hub
# or the dead end, where a tomb placed on it covers nothing else).
def _feature_kinds(region: Region) -> list[str]:
    kinds = ["asterion"] if region.asterion else []
    return (kinds + ["prisoner"] * region.prisoners + ["coin"] * region.coins
            + ["wing"] * region.wings)


def _place(kinds: list[str], slots: list[Point], where: str) -> tuple[Feature, ...]:
    if len(kinds) > len(slots):
        raise ValueError(f"{where}: {len(kinds)} features but room for {len(slots)}")
    return tuple(Feature(kind, at) for kind, at in zip(kinds, slots, strict=False))


def _hub_region(region: Region, spec: TileSpec, bleed: float, where: str) -> RegionArt:
    """A single-region tile: one straight corridor from each port to the centre."""
    c, size = spec.centre, spec.size
    ports = [p for p in "NESW" if p in region.ports]
    dead_end = len(ports) == 1
    strokes = tuple(Segment(port_point(p, size, bleed), (c, c), round_end=dead_end) for p in ports)
    # Slots: the hub, then halfway along each corridor (an icon there clears the NE/SW
    # marker quiet zones by a few tenths of a millimetre; tests/printing check it).
    slots = [(c, c)] + [_towards(p, size, size / 4) for p in ports]
    return RegionArt(strokes, _place(_feature_kinds(region), slots, where))


def _two_region_art(regions: tuple[Region, ...], spec: TileSpec, bleed: float,
                    where: str) -> list[RegionArt]:
    """Tiles with two regions. Only the pairs the layout data allows are drawn:
    {N,W}+{E,S} (two quarter arcs), {N}+{S} (two dead ends), {N}+{E,S,W} (dead end and T)."""
    size, c = spec.size, spec.centre
    by_ports = {_key(r): r for r in regions}
    arts: dict[str, RegionArt] = {}
    if set(by_ports) == {"NW", "ES"}:
        nw = Arc((0.0, 0.0), c, 0.0, 90.0)
        se = Arc((size, size), c, 180.0, 270.0)
        for key, arc, ends in (("NW", nw, ("N", "W")), ("ES", se, ("S", "E"))):
            stubs = tuple(Segment(port_point(p, size, bleed), port_point(p, size)) for p in ends)
            mid = (arc.start_deg + arc.end_deg) / 2
            slots = [arc.point(mid), arc.point(mid - 25), arc.point(mid + 25)]
            arts[key] = RegionArt((arc, *stubs),
                                  _place(_feature_kinds(by_ports[key]), slots, f"{where} {key}"))
    elif set(by_ports) == {"N", "S"}:
        end = c - spec.path_width
        for port, end_y, slots in (
            ("N", end, [(c, end), (c, end - size / 5)]),
            ("S", size - end, [(c, size - end), (c, size - end + size / 5)]),
        ):
            stroke = Segment(port_point(port, size, bleed), (c, end_y), round_end=True)
            arts[port] = RegionArt((stroke,), _place(_feature_kinds(by_ports[port]), slots,
                                                     f"{where} {port}"))
    elif set(by_ports) == {"N", "ESW"}:
        end = c - 1.5 * spec.path_width
        stroke = Segment(port_point("N", size, bleed), (c, end), round_end=True)
        arts["N"] = RegionArt((stroke,), _place(_feature_kinds(by_ports["N"]),
                                                [(c, end)], f"{where} N"))
        strokes = tuple(Segment(port_point(p, size, bleed), (c, c)) for p in "ESW")
        slots = [_towards("S", size, size / 4), _towards("W", size, size / 4),
                 _towards("E", size, size / 4)]
        arts["ESW"] = RegionArt(strokes, _place(_feature_kinds(by_ports["ESW"]), slots,
                                                f"{where} ESW"))
    else:
        raise ValueError(f"{where}: no art for regions {sorted(by_ports)}")
    return [arts[_key(r)] for r in regions]


def _key(region: Region) -> str:
    return "".join(p for p in "NESW" if p in region.ports)


@cache
def region_art(tile: Tile, bleed: float = 0.0) -> tuple[RegionArt, ...]:
    """Corridors and feature positions for each region of `tile`, in the tile's order."""
    spec = tile_spec()
    if len(tile.regions) == 1:
        return (_hub_region(tile.regions[0], spec, bleed, tile.id),)
    if len(tile.regions) == 2:
        return tuple(_two_region_art(tile.regions, spec, bleed, tile.id))
    raise ValueError(f"{tile.id}: no art for {len(tile.regions)} regions")


def features(tile: Tile) -> tuple[Feature, ...]:
    return tuple(f for art in region_art(tile) for f in art.features)


def prisoner_points(tile: Tile) -> tuple[Point, ...]:
    """Where the prisoner medallions are printed: the referee looks there for tombs."""
    return tuple(f.at for f in features(tile) if f.kind == "prisoner")


def marker_places(design: str | None = None) -> tuple[MarkerPlace, ...]:
    """The marker squares of every tile, in the order of `markers.corners` (classic NE, SW;
    discreet SW alone), for the mark design `design` (None: the one `pnp build` prints)."""
    spec = tile_spec(design)
    s, m, i = spec.size, spec.marker_size, spec.marker_inset
    far = s - i - m
    corners = {"NE": (far, i), "SW": (i, far), "NW": (i, i), "SE": (far, far)}
    return tuple(MarkerPlace(c, *corners[c], m) for c in spec.marker_corners)


def quiet_boxes(design: str | None = None) -> tuple[tuple[float, float, float, float], ...]:
    """Each marker with its one-module white quiet zone (x0, y0, x1, y1), tile frame: the
    whole of the face's machine marks."""
    q = tile_spec(design).marker_module
    return tuple((p.x - q, p.y - q, p.x + p.size + q, p.y + p.size + q)
                 for p in marker_places(design))


def marks_share(design: str | None = None) -> float:
    """The share of the tile's face that its machine marks cover, quiet zones included."""
    spec = tile_spec(design)
    area = sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in quiet_boxes(design))
    return area / spec.size ** 2


def marker_spread(design: str | None = None) -> float | None:
    """Distance between the two markers' centres over a marker's side: scale-free, so a
    photo's two markers of one tile tell which two-mark design was printed (classic 2.7;
    `design_from_spread`). None for a design of one mark."""
    places = marker_places(design)
    if len(places) < 2:
        return None
    a, b = places[:2]
    return math.dist((a.x + a.size / 2, a.y + a.size / 2),
                     (b.x + b.size / 2, b.y + b.size / 2)) / a.size


def design_from_spread(spread: float) -> str:
    """The two-mark design whose `marker_spread` is nearest (in ratio) to a measured one."""
    spreads = {d: s for d in mark_designs() if (s := marker_spread(d)) is not None}
    return min(spreads, key=lambda d: abs(math.log(spread / spreads[d])))


def id_anchor() -> Point:
    """Baseline start of the printed tile id, in the NW corner that no corridor reaches."""
    return (3.0, 6.5)


def horns_anchor() -> Point:
    """Centre of the horns icon, in the SE corner that no corridor reaches."""
    s = tile_spec().size
    return (s - 7.5, s - 7.0)

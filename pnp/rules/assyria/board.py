"""The Assyria board: 64 flat-topped hexes, their food and region, start hexes, the vertices
where wells go, and the unused area with 2 or 3 players.

Read from `layouts/assyria.toml` (sections [board] and [[hexes]]). Rulings "Components"
(geometry, 58 well vertices of 98 interior ones) and "Player count" (columns in play, start
hexes) in docs/rules/assyria.md.

Hexes are numbered 0..63 in the layout's order (column by column, top to bottom); a hex's
name is "H" + column + row (H00 top left, H96 bottom right). A vertex is (q, r, t) with
t = +1 or -1: it touches hexes (q,r), (q+t,r) and (q+t,r-t); its name lists its three hexes,
"H01/H02/H11".
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cache

from pnp.layouts import load

FOODS = ("grape", "palm", "salt", "barley", "date")
REGIONS = ("outside", "upper", "between", "lower")
RIVERS = ("upper", "lower")
# Neighbour steps of a flat-topped axial hex (ruling "Components": geometry).
STEPS = ((1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1))


class BoardError(ValueError):
    """A hex or vertex name that is not on the board."""


@dataclass(frozen=True)
class Hex:
    """A hex of the board: its index, name and coordinates."""
    index: int
    name: str
    q: int
    r: int
    row: int
    y: float
    food: str
    region: str
    start: frozenset[int]          # player counts for which this is a start hex

    @property
    def column(self) -> int:
        return self.q

    @property
    def is_river(self) -> bool:
        return self.region in RIVERS


@dataclass(frozen=True)
class Vertex:
    """An interior vertex: where three hexes meet."""
    index: int
    q: int
    r: int
    t: int
    hexes: tuple[int, int, int]     # hex indices, sorted
    name: str

    @property
    def coords(self) -> tuple[int, int, int]:
        return (self.q, self.r, self.t)


@dataclass(frozen=True)
class Board:
    """The board as a graph: hexes, their neighbours and the vertices between them."""
    hexes: tuple[Hex, ...]
    neighbours: tuple[tuple[int, ...], ...]     # per hex, on-board neighbours (sorted)
    vertices: tuple[Vertex, ...]                # interior vertices (all three hexes exist)
    well_vertices: frozenset[int]               # vertices touching no between-rivers hex
    hex_vertices: tuple[tuple[int, ...], ...]   # per hex, the interior vertices it touches
    columns_in_play: dict[int, int]             # players -> columns 0..n-1 in play
    by_name: dict[str, int]
    by_coords: dict[tuple[int, int], int]
    vertex_by_coords: dict[tuple[int, int, int], int]
    vertex_by_hexes: dict[frozenset[int], int]

    def hex(self, index: int) -> Hex:
        return self.hexes[index]

    def is_in_play(self, index: int, players: int) -> bool:
        """Ruling "Player count": 3 players use columns 0-7, 2 players columns 0-5."""
        return self.hexes[index].q < self.columns_in_play[players]

    def vertex_in_play(self, vertex: int, players: int) -> bool:
        return all(self.is_in_play(h, players) for h in self.vertices[vertex].hexes)

    def start_hexes(self, players: int) -> list[int]:
        return [h.index for h in self.hexes if players in h.start]

    def in_play(self, players: int) -> list[int]:
        return [h.index for h in self.hexes if self.is_in_play(h.index, players)]

    def region_hexes(self, region: str) -> list[int]:
        return [h.index for h in self.hexes if h.region == region]

    def can_take_well(self, vertex: int) -> bool:
        """Ruling "Components": wells go on vertices touching no between-the-rivers hex."""
        return vertex in self.well_vertices

    # -- names --------------------------------------------------------------------------
    def parse_hex(self, text: str) -> int:
        """A hex from its name ("H23") or axial coordinates ("2,2" or "(2,2)")."""
        raw = str(text).strip()
        name = raw.upper()
        if name in self.by_name:
            return self.by_name[name]
        m = re.fullmatch(r"\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*\)?", raw)
        if m and (int(m[1]), int(m[2])) in self.by_coords:
            return self.by_coords[int(m[1]), int(m[2])]
        raise BoardError(f"{raw[:40]!r} is not a hex of the board "
                         "(a name H00..H96 such as H23, or axial coordinates q,r)")

    def parse_vertex(self, text: str) -> int:
        """A vertex from its three hexes ("H01/H02/H11", any order) or "q,r,t"."""
        raw = str(text).strip()
        m = re.fullmatch(r"\(?\s*(-?\d+)\s*,\s*(-?\d+)\s*,\s*([+-]?1)\s*\)?", raw)
        if m:
            key = (int(m[1]), int(m[2]), int(m[3]))
            if key in self.vertex_by_coords:
                return self.vertex_by_coords[key]
            raise BoardError(f"{raw[:40]!r}: no such vertex inside the board "
                             "(its three hexes must all be on the board)")
        parts = [p for p in re.split(r"[/\s]+", raw) if p]
        if len(parts) == 3:
            try:
                hexes = frozenset(self.parse_hex(p) for p in parts)
            except BoardError as exc:
                raise BoardError(f"{raw[:40]!r}: {exc}") from None
            if hexes in self.vertex_by_hexes:
                return self.vertex_by_hexes[hexes]
            raise BoardError(f"{raw[:40]!r}: these three hexes do not meet at a vertex")
        raise BoardError(f"{raw[:40]!r} is not a vertex (three hexes that meet, such as "
                         "H01/H02/H11, or q,r,t with t = 1 or -1)")


def _vertex_hexes(q: int, r: int, t: int) -> tuple[tuple[int, int], ...]:
    return ((q, r), (q + t, r), (q + t, r - t))


@cache
def board() -> Board:
    """The board, built once from the layout data."""
    data = load("assyria")
    hexes = []
    for i, h in enumerate(data["hexes"]):
        hexes.append(Hex(i, h["name"], h["q"], h["r"], h["row"], float(h["y"]), h["food"],
                         h["region"], frozenset(h.get("start", ()))))
    by_coords = {(h.q, h.r): h.index for h in hexes}
    neighbours = tuple(
        tuple(sorted(by_coords[h.q + dq, h.r + dr] for dq, dr in STEPS
                     if (h.q + dq, h.r + dr) in by_coords))
        for h in hexes)
    vertices: list[Vertex] = []
    for h in hexes:
        for t in (1, -1):
            cells = _vertex_hexes(h.q, h.r, t)
            if all(c in by_coords for c in cells):
                idx = tuple(sorted(by_coords[c] for c in cells))
                name = "/".join(hexes[i].name for i in idx)
                vertices.append(Vertex(len(vertices), h.q, h.r, t, idx, name))  # type: ignore[arg-type]
    well = frozenset(v.index for v in vertices
                     if all(hexes[i].region != "between" for i in v.hexes))
    hex_vertices = tuple(tuple(v.index for v in vertices if h.index in v.hexes) for h in hexes)
    in_play = {int(k): int(v) for k, v in data["board"]["columns_in_play"].items()}
    return Board(tuple(hexes), neighbours, tuple(vertices), well, hex_vertices, in_play,
                 {h.name: h.index for h in hexes}, by_coords,
                 {v.coords: v.index for v in vertices},
                 {frozenset(v.hexes): v.index for v in vertices})


@cache
def colours() -> tuple[str, ...]:
    """The four player colours, in seating order (layout [game] colours)."""
    return tuple(load("assyria")["game"]["colours"])

"""The Asterion tile model, read from `layouts/asterion.toml`.

Rules (docs/rules/asterion.md#the-tile-model):
- A tile is a square; its edges are N, E, S, W as printed (label upright).
- Each edge has at most one opening, at its midpoint (a port).
- A tile has one or more regions: path networks touching a set of ports; a region carries
  prisoners (of the tile's colour), coins and wings. Two regions of one tile never touch.
- The Minotaur tile has one region touching all four ports; Asterion stands in it.
- Rotation is a clockwise quarter turn: 0, 90, 180, 270. At 90 the printed N port faces E.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pnp import layouts

PORTS = ("N", "E", "S", "W")
ROTATIONS = (0, 90, 180, 270)
COLOURS = ("yellow", "blue", "red", "green")
EDITIONS = ("crete", "revised")
MINOTAUR_ID = "M"
# Unit steps for N, E, S, W with x to the right and y downwards (N is y - 1).
STEPS = ((0, -1), (1, 0), (0, 1), (-1, 0))
OPPOSITE = {"N": "S", "E": "W", "S": "N", "W": "E"}


class TilesetError(ValueError):
    """The tileset in the layout data breaks the tile model."""


def rotate_port(port: str, rot: int) -> str:
    """Where a printed port faces after turning the tile `rot` degrees clockwise."""
    if rot not in ROTATIONS:
        raise ValueError(f"rotation must be one of {ROTATIONS}, not {rot!r}")
    return PORTS[(PORTS.index(port) + rot // 90) % 4]


def unrotate_port(direction: str, rot: int) -> str:
    """The printed port that faces `direction` when the tile is turned `rot` degrees."""
    return rotate_port(direction, (360 - rot) % 360)


@dataclass(frozen=True)
class Region:
    """A region of a tile: the ports its corridors join and what lies on them."""
    ports: frozenset[str]
    prisoners: int = 0
    coins: int = 0
    wings: int = 0
    asterion: bool = False

    def ports_facing(self, rot: int) -> frozenset[str]:
        return frozenset(rotate_port(p, rot) for p in self.ports)

    def mask_facing(self, rot: int) -> int:
        """The facing ports as a bit mask: bit 0 N, 1 E, 2 S, 3 W (turned `rot` degrees)."""
        return sum(1 << PORTS.index(rotate_port(p, rot)) for p in self.ports)


@dataclass(frozen=True)
class Tile:
    """A tile of the catalogue: its id, colour, design and regions."""
    id: str                     # "Y07", or "M" for the Minotaur
    colour: str | None          # None for the Minotaur
    design: int                 # 1-based design number shared by all colours; 0 for M
    regions: tuple[Region, ...]
    horns: bool = False

    @property
    def ports(self) -> frozenset[str]:
        return frozenset().union(*(r.ports for r in self.regions))

    @property
    def is_minotaur(self) -> bool:
        return self.id == MINOTAUR_ID

    @property
    def prisoners(self) -> int:
        return sum(r.prisoners for r in self.regions)

    @property
    def coins(self) -> int:
        return sum(r.coins for r in self.regions)

    @property
    def wings(self) -> int:
        return sum(r.wings for r in self.regions)

    def distinct_rotations(self) -> tuple[int, ...]:
        """Rotations that give different tiles on the table (a cross looks the same at every
        rotation): the smallest rotation of each look, in increasing order."""
        seen: set[tuple] = set()
        result = []
        for rot in ROTATIONS:
            look = tuple(sorted((r.mask_facing(rot), r.prisoners, r.coins, r.wings, r.asterion)
                                for r in self.regions))
            if look not in seen:
                seen.add(look)
                result.append(rot)
        return tuple(result)


def _region(raw: dict, where: str) -> Region:
    ports = raw.get("ports", "")
    if not ports or any(p not in PORTS for p in ports) or len(set(ports)) != len(ports):
        raise TilesetError(f"{where}: ports must be distinct letters from NESW, got {ports!r}")
    counts = {k: raw.get(k, 0) for k in ("prisoners", "coins", "wings")}
    if any(not isinstance(v, int) or v < 0 for v in counts.values()):
        raise TilesetError(f"{where}: feature counts must be non-negative integers")
    unknown = set(raw) - {"ports", "prisoners", "coins", "wings", "asterion"}
    if unknown:
        raise TilesetError(f"{where}: unknown keys {sorted(unknown)}")
    return Region(frozenset(ports), asterion=bool(raw.get("asterion", False)), **counts)


def _regions(raw_regions: list, where: str) -> tuple[Region, ...]:
    regions = tuple(_region(r, f"{where} region {i + 1}") for i, r in enumerate(raw_regions))
    seen: set[str] = set()
    for region in regions:
        if seen & region.ports:
            raise TilesetError(f"{where}: two regions share a port")
        seen |= region.ports
    return regions


@cache
def catalogue() -> tuple[Tile, ...]:
    """Every tile of the largest (crete) deck, in catalogue order: M, Y01..Y17, B.., R.., G..

    The catalogue order numbers the tiles for their printed markers (layout `[markers]`).
    """
    data = layouts.load("asterion")
    minotaur = data["minotaur"]
    tiles = [Tile(MINOTAUR_ID, None, 0, _regions(minotaur["regions"], "minotaur"), True)]
    designs = data["designs"]
    for colour in data["game"]["colours"]:
        letter = data["colours"][colour]["letter"]
        for number, design in enumerate(designs, start=1):
            where = f"design {number:02d}"
            regions = _regions(design["regions"], where)
            if sum(r.prisoners for r in regions) != 1:
                raise TilesetError(f"{where}: every tile carries exactly one prisoner")
            tiles.append(Tile(f"{letter}{number:02d}", colour, number, regions,
                              bool(design.get("horns", False))))
    return tuple(tiles)


@cache
def load_tileset(edition: str) -> dict[str, Tile]:
    """The tiles of one edition by id, the Minotaur first, then in catalogue order."""
    data = layouts.load("asterion")
    if edition not in data["editions"]:
        raise TilesetError(f"unknown edition {edition!r} (choose from: {', '.join(EDITIONS)})")
    spec = data["editions"][edition]
    removed = set(spec.get("removed_designs", []))
    tiles = {t.id: t for t in catalogue() if t.is_minotaur or t.design not in removed}
    per_colour = len(tiles) - 1
    if per_colour != spec["tiles_per_colour"] * len(COLOURS):
        raise TilesetError(f"edition {edition}: expected {spec['tiles_per_colour']} tiles "
                           f"per colour, the designs give {per_colour // len(COLOURS)}")
    return tiles


@cache
def tiles_by_id() -> dict[str, Tile]:
    """Every tile of the catalogue (all editions) by id."""
    return {t.id: t for t in catalogue()}


def colour_letter(colour: str) -> str:
    return layouts.load("asterion")["colours"][colour]["letter"]


def catalogue_index(tile_id: str) -> int:
    for index, tile in enumerate(catalogue()):
        if tile.id == tile_id:
            return index
    raise KeyError(tile_id)


def tileset_json(edition: str) -> dict:
    """The tileset of one edition in a canonical JSON form (`pnp tiles --json`): ports as
    printed (tile upright) in N E S W order, features per region and per tile."""
    tiles = []
    for tile in load_tileset(edition).values():
        regions = [{"ports": "".join(p for p in PORTS if p in r.ports),
                    "prisoners": r.prisoners, "coins": r.coins, "wings": r.wings,
                    **({"asterion": True} if r.asterion else {})} for r in tile.regions]
        tiles.append({"id": tile.id, "colour": tile.colour, "design": tile.design,
                      "horns": tile.horns, "prisoners": tile.prisoners, "coins": tile.coins,
                      "wings": tile.wings, "regions": regions})
    return {"game": "asterion", "edition": edition, "tiles": tiles}

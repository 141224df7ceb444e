"""Asterion rules core. Rulings: ../shared/rulings/asterion.md."""

from pnp.rules.asterion.tiles import (
    COLOURS,
    EDITIONS,
    PORTS,
    Region,
    Tile,
    TilesetError,
    load_tileset,
    rotate_port,
)

__all__ = [
    "COLOURS",
    "EDITIONS",
    "PORTS",
    "Region",
    "Tile",
    "TilesetError",
    "load_tileset",
    "rotate_port",
]

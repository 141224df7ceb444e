"""Constructo's colours, read from its layout data; the ink-saver switch."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from reportlab.lib.colors import Color, HexColor

from pnp import layouts
from pnp.units import mm


@dataclass(frozen=True)
class Owner:
    """How one player's pieces are printed: colours and pattern."""
    fill: Color
    ink: Color           # the pattern: a black piece's dots, a white piece's line
    cut: Color           # the cut outline and centre mark
    pattern: str         # "dots" or "line"
    line: float          # the line pattern's width, mm


@dataclass(frozen=True)
class Style:
    """Constructo's colours (ink-saver or full) and each player's."""
    ink_saver: bool
    tile_fill: Color
    tile_line: Color
    tile_dark: Color
    guide: Color
    owners: dict[str, Owner]


@cache
def constructo_style(ink_saver: bool = False) -> Style:
    """Ink saver: the tiles (most of the ink) get a light red; the pieces keep their colours
    and patterns, which is what the referee and the players read."""
    data = layouts.load("constructo")
    tile = data["tile"]
    owners = {}
    for name, o in data["owners"].items():
        owners[name] = Owner(HexColor(o["fill"]), HexColor(o["ink"]),
                             HexColor(o.get("cut", o["ink"])), o["pattern"],
                             mm(o.get("line", 0)))
    prefix = "ink_saver_" if ink_saver else ""
    return Style(ink_saver, HexColor(tile[prefix + "fill"]), HexColor(tile[prefix + "line"]),
                 HexColor(tile["dark"]), HexColor(tile[prefix + "guide"]), owners)

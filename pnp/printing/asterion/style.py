"""Asterion's colours, read from its layout data; the ink-saver switch."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from reportlab.lib.colors import Color, HexColor

from pnp import layouts


@dataclass(frozen=True)
class Palette:
    """One tile colour's inks and symbol."""
    fill: Color          # the colour itself: prisoners, backs
    wall: Color          # the tile's background between corridors
    dark: Color          # outlines and text on this colour
    symbol: str          # circle, square, triangle, diamond, horns


@dataclass(frozen=True)
class Style:
    """Asterion's colours (ink-saver or full) and each tile colour's palette."""
    ink_saver: bool
    corridor: Color
    outline: Color
    palettes: dict[str, Palette]

    def palette(self, colour: str | None) -> Palette:
        return self.palettes[colour or "minotaur"]


@cache
def asterion_style(ink_saver: bool = False) -> Style:
    """Ink saver: walls and backs get a faint tint instead of a full one; shapes stay."""
    data = layouts.load("asterion")
    palettes = {
        name: Palette(
            fill=HexColor(c["fill"]),
            wall=HexColor(c["ink_saver_tint"] if ink_saver else c["tint"]),
            dark=HexColor(c["dark"]),
            symbol=c["symbol"],
        )
        for name, c in data["colours"].items()
    }
    tile = data["tile"]
    return Style(
        ink_saver=ink_saver,
        corridor=HexColor("#FFFFFF" if ink_saver else tile["corridor"]),
        outline=HexColor(tile["outline"]),
        palettes=palettes,
    )

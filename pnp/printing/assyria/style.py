"""Assyria's colours, read from its layout data (`[print.*]` in layouts/assyria.toml), and
the ink-saver switch: fills fade towards white, lines, shapes and markers stay."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from reportlab.lib.colors import Color, HexColor

from pnp import layouts
from pnp.printing.draw_split import mix
from pnp.printing.style import WHITE

FADE = 0.6          # how far the ink saver moves a fill towards white


@dataclass(frozen=True)
class Player:
    """One player's colours and symbol."""
    name: str           # "red"
    fill: Color
    dark: Color         # outlines and the symbol on the fill
    symbol: str         # circle, square, triangle, diamond


@dataclass(frozen=True)
class Style:
    """Assyria's colours (ink-saver or full) and each player's."""
    ink_saver: bool
    ink: Color
    sand: Color
    fertile: Color
    river_hex: Color
    river: Color
    frame: Color
    panel: Color
    space: Color
    accent: Color
    unused: dict[int, Color]             # players -> the colour of that area's line
    unused_dash: tuple[float, ...]       # the 2-player line's dashes
    well: Color
    foods: dict[str, Color]
    players: dict[str, Player]

    def fill(self, colour: Color) -> Color:
        """A fill as printed: faded with the ink saver."""
        return mix(colour, WHITE, FADE) if self.ink_saver else colour

    def food(self, food: str) -> Color:
        return self.foods[food]

    def player(self, name: str) -> Player:
        return self.players[name]


@cache
def assyria_style(ink_saver: bool = False) -> Style:
    data = layouts.load("assyria")["print"]
    c = {k: HexColor(v) for k, v in data["colours"].items() if isinstance(v, str)}
    fade = (lambda col: mix(col, WHITE, FADE)) if ink_saver else (lambda col: col)
    players = {name: Player(name, HexColor(p["fill"]), HexColor(p["dark"]), p["symbol"])
               for name, p in data["players"].items()}
    return Style(
        ink_saver=ink_saver,
        ink=c["ink"],
        sand=fade(c["sand"]),
        fertile=fade(c["fertile"]),
        river_hex=fade(c["river_hex"]),
        river=fade(c["river"]) if ink_saver else c["river"],
        frame=fade(c["frame"]),
        panel=fade(c["panel"]),
        space=fade(c["space"]) if not ink_saver else WHITE,
        accent=c["accent"],
        unused={3: c["unused_3"], 2: c["unused_2"]},
        unused_dash=tuple(float(x) for x in data["colours"]["unused_dash"]),
        well=c["well"],
        foods={name: HexColor(f["colour"]) for name, f in data["foods"].items()},
        players=players,
    )

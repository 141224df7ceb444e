"""Spider Twist's colours and line widths, read from its layout; the ink-saver switch."""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from reportlab.lib.colors import Color, HexColor

from pnp import layouts
from pnp.units import mm


@dataclass(frozen=True)
class Style:
    """Spider Twist's colours (ink-saver or full), per side where they differ."""
    ink_saver: bool
    ground: dict[str, Color]        # side -> the board round the web
    web: dict[str, Color]           # side -> the disc behind the web
    strand: Color
    spoke: Color
    node: Color
    label: Color
    entry: Color
    female: Color
    female_dark: Color
    fill: dict[str, Color]          # colour -> a male's picture face
    ink: dict[str, Color]           # colour -> the spider on it
    done: dict[str, Color]          # colour -> a male's "done" face
    mated: Color
    eaten: Color
    die_fill: Color
    die_pip: Color
    accent: Color
    accent_2: Color
    warn: Color
    strand_width: float             # mm
    spoke_width: float
    spoke_dot: float
    area_line: float
    cut_line: float
    node_label_pt: float


@cache
def spider_style(ink_saver: bool = False) -> Style:
    """Ink saver: white ground and web, lighter "done" faces; the same shapes."""
    data = layouts.load("spider-twist")
    c = dict(data["colours"])
    if ink_saver:
        c.update(data["ink_saver"])
    board = data["board"]

    def h(key: str) -> Color:
        return HexColor(c[key])

    return Style(
        ink_saver=ink_saver,
        ground={"rings": h("ground_rings"), "spiral": h("ground_spiral")},
        web={"rings": h("web_rings"), "spiral": h("web_spiral")},
        strand=h("strand"), spoke=h("spoke"), node=h("node"), label=h("label"),
        entry=h("entry"), female=h("female"), female_dark=h("female_dark"),
        fill={"white": h("white_fill"), "black": h("black_fill")},
        ink={"white": h("white_ink"), "black": h("black_ink")},
        done={"white": h("done_white"), "black": h("done_black")},
        mated=h("mated"), eaten=h("eaten"), die_fill=h("die_fill"), die_pip=h("die_pip"),
        accent=h("accent"), accent_2=h("accent_2"), warn=h("warn"),
        strand_width=mm(board["strand_width"]), spoke_width=mm(board["spoke_width"]),
        spoke_dot=mm(board["spoke_dot"]), area_line=mm(board["area_line"]),
        cut_line=mm(board["cut_line"]), node_label_pt=mm(board["node_label_size"]) * 72 / 25.4,
    )

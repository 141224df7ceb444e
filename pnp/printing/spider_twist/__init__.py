"""Spider Twist's printing: its components, their drawing, its export faces.

`PRINTING` is the registry's "printing" part (`pnp.games`). Importing this package is cheap:
the drawing (reportlab) and the board's split (numpy) load on first use.

Components, in print order (ruling "Components"): the double-sided board (rings side on
the front, spiral side behind it, split over sheets by the shared splitter), 10 white and
10 black two-faced male tokens (picture face / "done" face), the yellow female, a die net,
and the player aid. Geometry: geometry.py (pure, shared with the referee); docs:
docs/spider-twist-board.md.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp import layouts
from pnp.printing.game import CheckSample, ExportPiece, GamePrinting, lazy, page_component
from pnp.printing.placement import Component, Options
from pnp.rules.spider_twist.state import COLOURS, MALES
from pnp.units import mm

if TYPE_CHECKING:
    from pnp.printing.context import DrawContext


def _tokens() -> dict[str, Any]:
    return layouts.load("spider-twist")["tokens"]


def token_components() -> list[Component]:
    """The males (round, picture face on the front, "done" face on the back), the female
    (round, the same picture both sides) and the die net (cut along its outline)."""
    from pnp.printing.spider_twist import die

    male, female = mm(_tokens()["male"]), mm(_tokens()["female"])
    comps = [Component(f"male-{colour}-{n:02d}", "male", male, male, back=f"male-{colour}",
                       shape="round")
             for colour in COLOURS for n in range(1, MALES + 1)]
    comps.append(Component("female", "female", female, female, back="female", shape="round"))
    width, height = die.net_size()
    comps.append(Component("die", "die", width, height, shape="net", outline=die.outline(),
                           folds=tuple(die.folds())))
    return comps


def _components(edition: str | None, options: Options) -> list[Component]:
    from pnp.printing.spider_twist import board

    return [*board.components(options), *token_components(),
            page_component("aid", options.paper)]


def side_extra(side: str) -> dict[str, Any]:
    """A board side's manifest entry extras: its nodes' centres and its markers, in mm on
    the side's image (origin top-left, y down)."""
    from pnp.geometry import spider_twist as geometry

    def point(p):
        return [round(v, 3) for v in geometry.to_image(p)]

    return {
        "side": side,
        "centre_mm": point((0.0, 0.0)),
        "nodes": {name: point(p) for name, p in geometry.node_centres(side).items()},
        "markers": [{"id": m.id, "name": m.name, "centre": point(m.centre),
                     "size_mm": round(m.size, 3)} for m in geometry.board_markers(side)],
    }


def _export(ctx: DrawContext) -> list[ExportPiece]:
    """Both sides of the board whole (with node centres and markers), one face of each
    token kind (with its back and count), and the die net."""
    from pnp.geometry import spider_twist as geometry
    from pnp.printing.spider_twist.draw import draw_whole_side

    x0, y0, x1, y1 = geometry.board_box()
    pieces = [ExportPiece(Component(f"board-{side}", "board", x1 - x0, y1 - y0),
                          front=lambda canvas, c, side=side: draw_whole_side(canvas, side, c),
                          extra=side_extra(side))
              for side in geometry.SIDES]
    tokens = token_components()
    for colour in COLOURS:
        first = next(t for t in tokens if t.id == f"male-{colour}-01")
        male = Component(f"male-{colour}", "male", first.width, first.height,
                         back=first.back, shape="round")
        pieces.append(ExportPiece(male, back=True, count=MALES,
                                  extra={"colour": colour, "faces": {"front": "picture",
                                                                     "back": "done"}}))
    female = next(t for t in tokens if t.kind == "female")
    net = next(t for t in tokens if t.kind == "die")
    pieces += [ExportPiece(female, back=True), ExportPiece(net)]
    return pieces


PRINTING = GamePrinting(
    name="spider-twist",
    title=layouts.load("spider-twist")["game"]["name"],
    editions={},
    components=_components,
    draw=lazy("pnp.printing.spider_twist.draw:draw_item"),
    style=lazy("pnp.printing.spider_twist.style:spider_style"),
    export=_export,
    check_sample=CheckSample("male token", mm(_tokens()["male"]), mm(_tokens()["male"]),
                             shape="round"),
)

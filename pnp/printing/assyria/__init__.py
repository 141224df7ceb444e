"""Assyria's printing: the board (split over sheets), 54 cards, the tokens, a player aid.

`PRINTING` is the registry's "printing" part (`pnp.games`). Importing this package is cheap
(no reportlab): the drawing modules load on first use, and the referee imports the pure
board geometry (`pnp.geometry.assyria`) without them.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp import layouts
from pnp.printing.game import CheckSample, ExportPiece, GamePrinting, lazy
from pnp.printing.placement import Component, Options

if TYPE_CHECKING:
    from pnp.printing.context import DrawContext
    from pnp.printing.drawing import Canvas
    from pnp.printing.placement import Item

TOKEN_KINDS = ("hut", "base", "centre", "roof", "disc", "well")      # drawn as tokens


def _components(edition: str | None, options: Options) -> list[Component]:
    from pnp.printing.assyria.components import assyria_components

    return assyria_components(options)


def _draw(canvas: Canvas, item: Item, ctx: DrawContext) -> None:
    kind = item.component.kind
    if kind == "board":
        from pnp.printing.assyria.draw_board import draw_board_piece

        if item.face == "front":
            draw_board_piece(canvas, item, ctx)
    elif kind == "card":
        from pnp.printing.assyria.draw_cards import draw_card

        draw_card(canvas, item, ctx)
    elif kind in TOKEN_KINDS:
        from pnp.printing.assyria.draw_tokens import draw_token

        draw_token(canvas, item, ctx)
    elif kind == "aid":
        from pnp.printing.assyria.aid import draw_player_aid

        draw_player_aid(canvas, item, ctx)
    else:
        raise ValueError(f"no drawing for component kind {kind!r}")


def _export(ctx: DrawContext) -> list[ExportPiece]:
    """The assembled board (with every hex centre, well vertex and marker in mm on its
    image), one face per distinct card with its back and count, one per token kind and
    colour with its count."""
    from pnp.geometry import assyria as geometry
    from pnp.printing.assyria import components as parts
    from pnp.printing.assyria.draw_board import draw_whole_board

    width, height = geometry.board_size()
    pieces = [ExportPiece(Component("board", "board", width, height),
                          front=lambda canvas, c: draw_whole_board(canvas, 0.0, 0.0, c),
                          extra=geometry.manifest_extra())]
    w, h = parts.card_size()
    pieces += [ExportPiece(Component(face.key, "card", w, h, back=face.deck), back=True,
                           count=face.count, extra={"deck": face.deck})
               for face in parts.card_faces()]
    for kind in parts.PLAYER_TOKEN_KINDS:
        size = geometry.token_size(kind)
        pieces += [ExportPiece(Component(f"{kind}-{player}", kind, size, size,
                                         shape=parts.token_shape(kind)),
                               count=parts.TOKEN_COUNTS[kind], extra={"player": player})
                   for player in parts.players()]
    size = geometry.token_size("well")
    from pnp.rules.assyria.cards import WELLS

    pieces.append(ExportPiece(Component("well", "well", size, size, shape="round"),
                              count=max(WELLS.values())))
    return pieces


def _check_sample() -> CheckSample:
    from pnp.units import mm

    cards = layouts.load("assyria")["print"]["cards"]
    return CheckSample("card", mm(cards["width"]), mm(cards["height"]))


PRINTING = GamePrinting(
    name="assyria",
    title=layouts.load("assyria")["game"]["name"],
    editions={},
    components=_components,
    draw=_draw,
    style=lazy("pnp.printing.assyria.style:assyria_style"),
    export=_export,
    check_sample=_check_sample(),
)

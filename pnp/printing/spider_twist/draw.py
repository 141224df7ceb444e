"""Drawing every Spider Twist component: the board's sheets (both sides), the tokens, the
die net and the player aid. `draw_item` is the game's `GamePrinting.draw`."""

from __future__ import annotations

from reportlab.lib.colors import HexColor

from pnp.geometry import spider_twist as geometry
from pnp.geometry.polygon import bounds
from pnp.printing.context import DrawContext
from pnp.printing.draw_split import PieceStyle, draw_piece, draw_piece_back
from pnp.printing.drawing import Canvas
from pnp.printing.pen import saved
from pnp.printing.placement import Item
from pnp.printing.spider_twist import board, die
from pnp.printing.spider_twist.draw_web import female_face, male_face, paint_side
from pnp.printing.split.pieces import piece_for

DIAGRAM_GREY = HexColor("#DDDDDD")


def draw_item(canvas: Canvas, item: Item, ctx: DrawContext) -> None:
    kind = item.component.kind
    style = ctx.style
    if kind == "board":
        pieces = board.pieces(ctx.options)
        # each sheet paints only its part of the side (the rest would be clipped away)
        x0, y0, x1, y1 = bounds(piece_for(pieces, item.component).art_polygon)
        if item.face == "front":
            draw_piece(canvas, item, board.web_board(), pieces,
                       lambda c, grow: paint_side(c, "rings", style, grow,
                                                  view=(x0, y0, x1, y1)),
                       PieceStyle(style.cut_line, 0.35, DIAGRAM_GREY), ctx.bleed)
        else:                      # the second side's frame: the first's turned over
            draw_piece_back(canvas, item, pieces,
                            lambda c, grow: paint_side(c, "spiral", style, grow,
                                                       view=(-x1, y0, -x0, y1)),
                            ctx.options.duplex, ctx.bleed)
    elif kind == "male":
        colour = item.component.id.split("-")[1]            # male-white-03
        face = "picture" if item.face == "front" else "done"
        r = item.width / 2
        male_face(canvas, item.x + r, item.y + r, item.width, colour, face, style,
                  grow=ctx.bleed, cut=item.face == "front")
    elif kind == "female":
        r = item.width / 2
        female_face(canvas, item.x + r, item.y + r, item.width, style, grow=ctx.bleed,
                    cut=item.face == "front")
    elif kind == "die":
        die.draw_net(canvas, item.x, item.y, style, ctx.bleed)
    elif kind == "aid":
        from pnp.printing.spider_twist.aid import draw_aid

        draw_aid(canvas, item, ctx)
    else:
        raise ValueError(f"spider-twist has no component kind {kind!r}")


def draw_whole_side(canvas: Canvas, side: str, ctx: DrawContext) -> None:
    """A whole side of the board, its top-left corner at (0, 0) (export faces)."""
    x0, y0, _x1, _y1 = geometry.board_box()
    with saved(canvas):
        canvas.translate(-x0, -y0)
        paint_side(canvas, side, ctx.style, ctx.bleed)

"""Drawing Assyria's tokens: huts, ziggurat bases, centres and roofs, discs, wells.

A player's pieces carry the player's colour and symbol (circle, square, triangle,
diamond), so players tell them apart without colour. Square tokens get crop marks from the
placement; round ones (discs, wells) print their own cut circle.
"""

from __future__ import annotations

from pnp.printing.assyria import icons
from pnp.printing.assyria.components import token_player
from pnp.printing.assyria.style import Player, Style
from pnp.printing.context import DrawContext
from pnp.printing.draw_split import mix
from pnp.printing.drawing import Canvas
from pnp.printing.pen import clip_rect, saved, use_form
from pnp.printing.placement import Item
from pnp.printing.replay import drawn_once
from pnp.printing.style import WHITE

CUT = 0.2


def _fill(st: Style, p: Player):
    return st.fill(p.fill)


def _corner_symbols(canvas: Canvas, p: Player, s: float, inset: float, r: float) -> None:
    for x in (inset, s - inset):
        for y in (inset, s - inset):
            icons.player_symbol(canvas, p.symbol, x, y, r, WHITE, p.dark, 0.25)


def _hut(canvas: Canvas, st: Style, p: Player, s: float) -> None:
    use_form(canvas, f"hut-{p.name}", icons.hut(WHITE, p.dark), s / 2, s / 2 + 0.6, s * 0.62)
    icons.player_symbol(canvas, p.symbol, s / 2, s / 2 + 2.6, s * 0.09, _fill(st, p), p.dark,
                        0.2)


def _base(canvas: Canvas, st: Style, p: Player, s: float) -> None:
    """The base: bricks round the place where the centre stands, a symbol in each corner."""
    canvas.setStrokeColor(mix(p.dark, _fill(st, p), 0.4))
    canvas.setLineWidth(0.25)
    course = s / 8
    for k in range(1, 8):
        canvas.line(0, k * course, s, k * course)
    canvas.setStrokeColor(p.dark)
    canvas.setLineWidth(0.35)
    inner = s * 0.73
    canvas.rect((s - inner) / 2, (s - inner) / 2, inner, inner, stroke=1, fill=0)
    _corner_symbols(canvas, p, s, s * 0.075 + 0.6, s * 0.05)
    use_form(canvas, f"zig-{p.name}", icons.ziggurat(WHITE, p.dark), s / 2, s / 2, s * 0.42)


def _centre(canvas: Canvas, st: Style, p: Player, s: float) -> None:
    canvas.setStrokeColor(p.dark)
    canvas.setLineWidth(0.35)
    inner = s * 0.63
    canvas.rect((s - inner) / 2, (s - inner) / 2, inner, inner, stroke=1, fill=0)
    _corner_symbols(canvas, p, s, s * 0.09 + 0.5, s * 0.06)


def _roof(canvas: Canvas, st: Style, p: Player, s: float) -> None:
    icons.player_symbol(canvas, p.symbol, s / 2, s / 2, s * 0.26, WHITE, p.dark, 0.35)


def _square_token(canvas: Canvas, item: Item, st: Style, bleed: float) -> None:
    comp = item.component
    s = comp.width
    p = st.player(token_player(comp.id) or "")
    with saved(canvas):
        canvas.translate(item.x, item.y)
        drawn_once(canvas, (comp.kind, token_player(comp.id), s, st.ink_saver, bleed),
                   lambda: _square_face(canvas, comp.kind, st, p, s, bleed))


def _square_face(canvas: Canvas, kind: str, st: Style, p: Player, s: float,
                 bleed: float) -> None:
    clip_rect(canvas, -bleed, -bleed, s + 2 * bleed, s + 2 * bleed)
    canvas.setFillColor(_fill(st, p))
    canvas.rect(-bleed, -bleed, s + 2 * bleed, s + 2 * bleed, stroke=0, fill=1)
    {"hut": _hut, "base": _base, "centre": _centre, "roof": _roof}[kind](canvas, st, p, s)


def _round_token(canvas: Canvas, item: Item, st: Style, bleed: float) -> None:
    comp = item.component
    s = comp.width
    r = s / 2
    player = token_player(comp.id)
    with saved(canvas):
        canvas.translate(item.x + r, item.y + r)
        drawn_once(canvas, (comp.kind, player, s, st.ink_saver, bleed),
                   lambda: _round_face(canvas, player, st, s, bleed))


def _round_face(canvas: Canvas, player: str | None, st: Style, s: float,
                bleed: float) -> None:
    r = s / 2
    if player is None:                       # a well
        canvas.setFillColor(st.fill(st.well))
        canvas.circle(0, 0, r + bleed, stroke=0, fill=1)
        use_form(canvas, "well-token", icons.well(mix(st.well, WHITE, 0.5), st.ink), 0, 0,
                 s * 0.8)
    else:
        p = st.player(player)
        canvas.setFillColor(_fill(st, p))
        canvas.circle(0, 0, r + bleed, stroke=0, fill=1)
        icons.player_symbol(canvas, p.symbol, 0, 0, r * 0.5, WHITE, p.dark, 0.35)
    canvas.setStrokeColor(st.ink)
    canvas.setLineWidth(CUT)
    canvas.circle(0, 0, r, stroke=1, fill=0)


def draw_token(canvas: Canvas, item: Item, ctx: DrawContext) -> None:
    if item.component.shape == "round":
        _round_token(canvas, item, ctx.style, ctx.bleed)
    else:
        _square_token(canvas, item, ctx.style, ctx.bleed)

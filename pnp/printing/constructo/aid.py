"""The player aid (the three patterns, a turn, the move cycle, towers, the round end, all as
pictures of the printed pieces) and its back: printing, mounting and cutting.

Rule texts summarise docs/rules/constructo.md for players; the rules
core is the authority, and the tower pictures ask it what is a tower and whose.
"""

from __future__ import annotations

import math

from reportlab.lib.colors import HexColor

from pnp import layouts
from pnp.geometry.constructo import (
    board_centres,
    hex_outline,
    piece_specs,
    rotate,
    tile_spec,
)
from pnp.printing.aid import Heading, Prose, wrap
from pnp.printing.constructo.draw import draw_piece
from pnp.printing.constructo.style import Style
from pnp.printing.context import DrawContext
from pnp.printing.drawing import Canvas
from pnp.printing.pen import polygon, saved, text
from pnp.printing.placement import Item
from pnp.printing.style import BLACK, FONT, FONT_BOLD
from pnp.rules.constructo import PATTERN_NAMES, Piece, is_tower
from pnp.rules.constructo.pieces import NAMES, tower_owner

BODY_PT = 9.0
LEADING = 4.3                  # mm between lines of body text
PROSE = Prose(BODY_PT, LEADING)
HEADING = Heading(11.5, 5.8)
GREY = HexColor("#555555")
EDGE = HexColor("#333333")
EXAMPLE = 0.36                 # scale of the pictured stacks
THICK = 3.0                    # a piece's thickness in the side views, mm at scale 1


# --- text -------------------------------------------------------------------------------


def _bullets(canvas: Canvas, x: float, y: float, width: float,
             items: list[tuple[str, str]]) -> float:
    """Lines that start with a bold word: ("Place:", "one of your pieces ...")."""
    for lead, rest in items:
        canvas.setFillColor(BLACK)
        text(canvas, x, y, lead, BODY_PT, FONT_BOLD)
        indent = canvas.stringWidth(lead + " ", FONT_BOLD, BODY_PT) * 25.4 / 72
        lines = wrap(rest, FONT, BODY_PT, width - indent)
        first, rest_text = lines[0], " ".join(lines[1:])
        text(canvas, x + indent, y, first, BODY_PT)
        y += LEADING
        if rest_text:
            y = PROSE.paragraph(canvas, x + indent, y, width - indent, rest_text)
        y += 0.8
    return y


# --- pictures -----------------------------------------------------------------------------

def _small_hex(canvas: Canvas, cx: float, cy: float, scale: float, style: Style,
               pointy: bool = True) -> None:
    points = [rotate(p, 30.0 if pointy else 0.0) for p in hex_outline()]
    canvas.setFillColor(style.tile_fill)
    canvas.setStrokeColor(style.tile_dark)
    canvas.setLineWidth(0.25)
    polygon(canvas, [(cx + x * scale, cy + y * scale) for x, y in points], stroke=1, fill=1)


def _pattern(canvas: Canvas, pattern: str, cx: float, cy: float, scale: float,
             style: Style) -> None:
    for x, y in board_centres(pattern).values():
        _small_hex(canvas, cx + x * scale, cy + y * scale, scale, style)


def _top_view(canvas: Canvas, stack: list[Piece], cx: float, cy: float, scale: float,
              style: Style, tile: bool = True) -> None:
    """The pieces as printed, bottom to top, seen from above (on a tile)."""
    if tile:
        _small_hex(canvas, cx, cy, scale, style)
    with saved(canvas):
        canvas.translate(cx, cy)
        canvas.scale(scale, scale)
        for piece in stack:
            draw_piece(canvas, piece.owner, piece.kind, 0.0, 0.0, style, 0.0,
                       centre_mark=False)


def _levels(stack: list[Piece]) -> list[int]:
    """Each piece's level in a side view: a ring around a small disc lies beside it."""
    levels: list[int] = []
    for k, piece in enumerate(stack):
        if k and piece.kind == "ring" and stack[k - 1].kind == "small":
            levels.append(levels[-1])
        else:
            levels.append(levels[-1] + 1 if levels else 0)
    return levels


def _side_view(canvas: Canvas, stack: list[Piece], cx: float, base: float, scale: float,
               style: Style) -> None:
    """Profiles of the pieces, bottom to top, on a tile's edge (thickness exaggerated)."""
    specs = piece_specs()
    tile_half = tile_spec().apothem * scale
    canvas.setFillColor(style.tile_fill)
    canvas.setStrokeColor(style.tile_dark)
    canvas.setLineWidth(0.25)
    canvas.rect(cx - tile_half, base, 2 * tile_half, THICK * scale, stroke=1, fill=1)
    t = THICK * scale
    for piece, level in zip(stack, _levels(stack), strict=True):
        colours = style.owners[piece.owner]
        canvas.setFillColor(colours.fill)
        canvas.setStrokeColor(EDGE)
        y = base - (level + 1) * t
        r = specs[piece.kind].radius * scale
        if piece.kind == "ring":
            h = specs["ring"].hole_radius * scale
            canvas.rect(cx - r, y, r - h, t, stroke=1, fill=1)
            canvas.rect(cx + h, y, r - h, t, stroke=1, fill=1)
        else:
            canvas.rect(cx - r, y, 2 * r, t, stroke=1, fill=1)


def _arrow(canvas: Canvas, start: tuple[float, float], end: tuple[float, float],
           width: float = 0.5, head: float = 2.2) -> None:
    (x1, y1), (x2, y2) = start, end
    angle = math.atan2(y2 - y1, x2 - x1)
    bx, by = x2 - head * math.cos(angle), y2 - head * math.sin(angle)
    canvas.setStrokeColor(BLACK)
    canvas.setFillColor(BLACK)
    canvas.setLineWidth(width)
    canvas.line(x1, y1, bx, by)
    left = (bx + head * 0.5 * math.sin(angle), by - head * 0.5 * math.cos(angle))
    right = (bx - head * 0.5 * math.sin(angle), by + head * 0.5 * math.cos(angle))
    polygon(canvas, [(x2, y2), left, right], stroke=0, fill=1)


def _cycle(canvas: Canvas, cx: float, cy: float, style: Style) -> None:
    """Ring -> small disc -> medium disc -> ring: 'goes onto', as a loop."""
    radius, scale = 17.0, 0.38
    places = {"ring": -90.0, "small": 30.0, "medium": 150.0}
    centre = {k: (cx + radius * math.cos(math.radians(a)), cy + radius * math.sin(math.radians(a)))
              for k, a in places.items()}
    owners = {"ring": "white", "small": "black", "medium": "white"}
    for kind, (x, y) in centre.items():
        _top_view(canvas, [Piece(owners[kind], kind)], x, y, scale, style, tile=False)
        below = y + piece_specs()[kind].radius * scale + 3.2
        canvas.setFillColor(BLACK)
        text(canvas, x, below, NAMES[kind], 7, anchor="middle")
    for mover, target in (("ring", "small"), ("small", "medium"), ("medium", "ring")):
        (x1, y1), (x2, y2) = centre[mover], centre[target]
        d = math.hypot(x2 - x1, y2 - y1)
        ux, uy = (x2 - x1) / d, (y2 - y1) / d
        r1 = piece_specs()[mover].radius * scale + 1.5
        r2 = piece_specs()[target].radius * scale + 1.5
        _arrow(canvas, (x1 + ux * r1, y1 + uy * r1), (x2 - ux * r2, y2 - uy * r2))
    canvas.setFillColor(GREY)
    text(canvas, cx, cy + 1.0, "goes onto", 7, anchor="middle")


def _example(canvas: Canvas, stack: list[Piece], cx: float, top: float, scale: float,
             style: Style, caption: list[str]) -> float:
    """A stack as seen from above (on its tile) and from the side, with a caption; returns
    the baseline below the caption."""
    _top_view(canvas, stack, cx, top + tile_spec().circumradius * scale, scale, style)
    side_top = top + 2 * tile_spec().circumradius * scale + 3.0 + 4 * THICK * scale
    _side_view(canvas, stack, cx, side_top, scale, style)
    canvas.setFillColor(BLACK)
    y = side_top + THICK * scale + 4.2
    for k, line in enumerate(caption):
        text(canvas, cx, y + 3.5 * k, line, 7.5, FONT_BOLD if k == 0 else FONT,
             anchor="middle")
    return y + 3.5 * len(caption) + 1.5


# --- pages --------------------------------------------------------------------------------

TURN = [
    ("Place:", "put one of your pieces from your supply on an empty tile."),
    ("Move:", "take one of your pieces that is alone on its tile to an adjacent tile whose "
              "top piece is your opponent's, by the cycle: a ring goes onto a small disc "
              "(around it), a medium disc onto a ring, a small disc onto a medium disc. "
              "Nothing else may move onto anything."),
    ("Top piece:", "the last piece put on a tile; a ring around a small disc is the top. "
                   "Only a piece alone on its tile moves, so towers never split; a ring "
                   "around a small disc is not alone, so neither of them moves."),
]

END = [
    ("Round end:", "when the player to move has no action, the round is over. Each player "
                   "scores 1 point per tower whose top piece is theirs."),
    ("Round two:", "every piece goes back to its owner, the board is laid anew, and the "
                   "other player starts and chooses the pattern. The higher total wins; "
                   "equal totals are a draw."),
]

# The ruling's worked example ("Play"), bottom to top: what is a tower, and whose.
TOWERS = [
    [Piece("white", "small"), Piece("black", "ring")],
    [Piece("white", "medium"), Piece("black", "small"), Piece("white", "ring")],
    [Piece("black", "medium"), Piece("white", "small")],
    [Piece("white", "ring"), Piece("black", "medium"), Piece("white", "small"),
     Piece("black", "ring")],
]

MOVES = [   # the cycle's three moves, each onto the opponent's piece
    ([Piece("black", "small"), Piece("white", "ring")], "ring onto small disc",
     "around it, on its tile"),
    ([Piece("black", "ring"), Piece("white", "medium")], "medium disc onto ring",
     "even one around a small disc"),
    ([Piece("black", "medium"), Piece("white", "small")], "small disc onto medium disc",
     "even one on a ring"),
]


def tower_caption(stack: list[Piece]) -> list[str]:
    """What the rules core says of a stack, for the pictures: tower or not, and whose."""
    if not is_tower(stack):
        return ["not a tower", "a ring around a small disc"]
    return [f"tower: {tower_owner(stack)} scores", f"{len(stack)} pieces, "
            f"{tower_owner(stack)} on top"]


def draw_player_aid(canvas: Canvas, item: Item, ctx: DrawContext) -> None:
    style: Style = ctx.style
    w = item.width
    margin = 16.0
    width = w - 2 * margin
    name = layouts.load("constructo")["game"]["name"]
    with saved(canvas):
        canvas.translate(item.x, item.y)
        canvas.setFillColor(BLACK)
        text(canvas, w / 2, 19, f"{name}: player aid", 16, FONT_BOLD, anchor="middle")
        canvas.setFillColor(GREY)
        text(canvas, w / 2, 25.5, "2 players, 2 rounds. Each player: 3 rings, 3 medium discs "
             "and 3 small discs. 9 red tiles make the board.", 8.5, anchor="middle")
        y = HEADING.draw(canvas, margin, 35, "The board: three patterns")
        canvas.setFillColor(BLACK)
        y = PROSE.paragraph(canvas, margin, y, width,
                            "Each round, the player who starts chooses a pattern and lays the 9 "
                            "tiles, edges touching, in the middle of the table. In a first game, "
                            "use the same pattern in both rounds. Other shapes may be agreed, but "
                            "may play oddly.")
        scale = 0.15
        slot = width / len(PATTERN_NAMES)
        pattern_cy = y + 14.0
        for k, pattern in enumerate(PATTERN_NAMES):
            cx = margin + slot * (k + 0.5)
            _pattern(canvas, pattern, cx, pattern_cy, scale, style)
            canvas.setFillColor(BLACK)
            text(canvas, cx, pattern_cy + 19.0, pattern, 9, FONT_BOLD, anchor="middle")
        y = pattern_cy + 27.0
        y = HEADING.draw(canvas, margin, y, "Your turn: exactly one action (no passing)")
        y = _bullets(canvas, margin, y, width, TURN[:2])
        # the cycle as a loop, then each move's result from above and from the side
        top = y + 0.5
        _cycle(canvas, margin + 22.0, top + 25.0, style)
        slot = (width - 48.0) / len(MOVES)
        y = max(_example(canvas, stack, margin + 48.0 + slot * (k + 0.5), top, EXAMPLE,
                         style, [caption, note])
                for k, (stack, caption, note) in enumerate(MOVES))
        y = _bullets(canvas, margin, y + 2.0, width, TURN[2:])
        y = HEADING.draw(canvas, margin, y + 2.0, "Towers")
        canvas.setFillColor(BLACK)
        y = PROSE.paragraph(canvas, margin, y, width,
                            "A tower is a tile with two or more pieces, except a ring around a "
                            "small disc with nothing else: those two lie side by side. A tower "
                            "belongs to the owner of its top piece.")
        top = y + 0.5
        slot = width / len(TOWERS)
        y = max(_example(canvas, stack, margin + slot * (k + 0.5), top, EXAMPLE, style,
                         tower_caption(stack))
                for k, stack in enumerate(TOWERS))
        y = HEADING.draw(canvas, margin, y + 3.0, "The end of a round")
        _bullets(canvas, margin, y, width, END)


MAKING = [
    ("Print", [
        "At actual size (100 %, never 'fit to page'). Print sheet 1 first: its bar must "
        "measure 100 mm; its back calibrates double-sided printing (--back-offset).",
        "Tiles and pieces are two-sided: the backs are on the reverse pages, placed for the "
        "flip you chose (--duplex long or short), or on pages of their own at the end "
        "(--duplex none) to glue on.",
    ]),
    ("Mount", [
        "Printed on 250-300 g/m² card, the pieces need nothing more. Thicker pieces stack "
        "better: glue the sheets on greyboard (1.5-2 mm) or foam board (3-5 mm) with spray "
        "glue or a glue stick, edge to edge, before cutting.",
        "Two-sided pieces on board: print with --duplex none, glue a front sheet on one face "
        "and its back page on the other. Push a pin through two or three centre crosses from "
        "the front: they must come out on the back's centre crosses. Mount every piece on "
        "the same board: a ring must lie around a small disc, level with it.",
    ]),
    ("Cut", [
        "Tiles: a hobby knife and a steel ruler, six straight cuts along the printed hexagon.",
        "Discs: a circle cutter with its pin in the centre cross, set to the radius (17 mm "
        "medium, 10 mm small); or a sharp knife along the printed circle, turning the card, "
        "not the blade.",
        "Rings: with the pin in the centre cross, cut the outside (radius 22 mm) first, then "
        "the hole (radius 13 mm): the centre stays in the hole until the last cut.",
        "Cut on the line or just outside it: the colour runs past it (bleed), so a cut a "
        "little off shows no white edge.",
    ]),
    ("Photos and the referee", [
        "Pieces carry no markers: the referee knows them by size (44, 34, 20 mm), colour "
        "and pattern (a black piece has a ring of white dots, a white piece one thin grey "
        "line). Keep their faces clean, and put pieces in the middle of their tile, on the "
        "dashed circle: each tile's three corner markers must stay in view.",
    ]),
]


def draw_making(canvas: Canvas, item: Item, ctx: DrawContext) -> None:
    """The aid's back: how to print, mount and cut the pieces, with a cutting diagram."""
    style: Style = ctx.style
    w = item.width
    margin = 16.0
    width = w - 2 * margin
    name = layouts.load("constructo")["game"]["name"]
    with saved(canvas):
        canvas.translate(item.x, item.y)
        canvas.setFillColor(BLACK)
        text(canvas, w / 2, 19, f"Making {name}", 16, FONT_BOLD, anchor="middle")
        y = 32.0
        for title, lines in MAKING:
            y = HEADING.draw(canvas, margin, y, title)
            canvas.setFillColor(BLACK)
            for line in lines:
                y = PROSE.paragraph(canvas, margin, y, width, line) + 1.0
            y += 3.0
        _cutting_diagram(canvas, w / 2, y + 30.0, style)


def _cutting_diagram(canvas: Canvas, cx: float, cy: float, style: Style) -> None:
    """A ring at actual size with its centre cross and the order of its two cuts."""
    ring = piece_specs()["ring"]
    draw_piece(canvas, "white", "ring", cx - 45.0, cy, style, 0.0)
    canvas.setFillColor(BLACK)
    text(canvas, cx - 45.0 + ring.radius + 2.0, cy - ring.radius + 4.0, "1", 11, FONT_BOLD)
    text(canvas, cx - 45.0 + ring.hole_radius - 5.0, cy - 4.0, "2", 11, FONT_BOLD)
    lines = ["1  the outside, 44 mm",
             "2  then the hole, 26 mm",
             "the pin stays in the centre",
             "cross for both cuts"]
    for k, line in enumerate(lines):
        text(canvas, cx - 15.0, cy - 6.0 + 4.6 * k, line, 9, FONT_BOLD if k < 2 else FONT)
    _small_hex(canvas, cx + 50.0, cy, 0.55, style, pointy=False)
    canvas.setFillColor(BLACK)
    text(canvas, cx + 50.0, cy + 22.0, "tiles: six straight cuts", 9, anchor="middle")

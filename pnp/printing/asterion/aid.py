"""The player aid: setup, a turn, the end and scoring, with the icons as printed.

Rule texts summarise docs/rules/asterion.md for players; the rules
core is the authority.
"""

from __future__ import annotations

from pnp import layouts
from pnp.printing.aid import Heading, Prose
from pnp.printing.asterion import icons
from pnp.printing.context import DrawContext
from pnp.printing.drawing import Canvas
from pnp.printing.pen import saved, text, use_form
from pnp.printing.placement import Item
from pnp.printing.style import BLACK, FONT_BOLD

BODY_PT = 9.5
LEADING = 4.6      # mm between lines of body text
PROSE = Prose(BODY_PT, LEADING)
HEADING = Heading(12, 6.5)


def _setup_lines(ctx: DrawContext) -> list[str]:
    game = layouts.load("asterion")
    edition = game["editions"][ctx.edition]
    n = edition["tiles_per_colour"]
    lines = [
        f"Each player takes the {n} tiles of one colour, shuffles them face down and draws "
        "one without showing it. The Minotaur tile goes in the middle.",
        "The player whose tile shows horns starts (several or none: choose peacefully). "
        "Play goes anticlockwise.",
    ]
    if edition["board"]:
        areas = game["board"]["areas"]
        lines.append(
            "With the Crete board: the Minotaur on the centre square; before play each player "
            f"discards 2 tiles (4 players, all {1 + 2 * areas['4'] * (areas['4'] + 1)} "
            f"squares), 4 (3 players, inner {1 + 2 * areas['3'] * (areas['3'] + 1)}) or 5 "
            f"(2 players, inner {1 + 2 * areas['2'] * (areas['2'] + 1)})."
        )
    return lines


def _turn_lines(ctx: DrawContext) -> list[str]:
    lines = [
        "1. Place your tile on the grid, any way round, next to at least one placed tile "
        "(on the board: only on squares of the area in use).",
        "2. Never trap Asterion: afterwards at least one of his paths must still lead off "
        "the labyrinth (to an open edge).",
        "3. Every living prisoner now connected to Asterion dies: put a tomb on it. You "
        "score +1 for each opponent's prisoner killed and -1 for each of your own.",
        "4. Draw your next tile. If you cannot place legally, discard your tile.",
    ]
    if layouts.load("asterion")["editions"][ctx.edition]["actions"]:
        lines.insert(3, "Or, instead of placing: discard your tile to rotate one, swap two, "
                        "or move one of your tiles that still has a living prisoner and an "
                        "open side. The tiles must stay connected and Asterion untrapped.")
    return lines


END_LINES = [
    "The game ends when the last tile has been played.",
    "A living prisoner escapes if its paths reach an open edge, or at least two wings. "
    "Each escaping prisoner scores 1 point per chest its paths reach (chests are shared).",
    "Score = escape points + kill points. Tie: more escaping prisoners wins; still tied, "
    "share the win.",
    "A prisoner connected to Asterion at the end is dead, tomb or not.",
]


def _legend(canvas: Canvas, x: float, y: float, ctx: DrawContext) -> float:
    style = ctx.style
    entries = []
    for colour in layouts.load("asterion")["game"]["colours"]:
        palette = style.palette(colour)
        entries.append((f"prisoner-{palette.symbol}", icons.prisoner(palette),
                        f"{colour} prisoner ({palette.symbol})"))
    entries += [
        ("coin", icons.chest, "chest: 1 point per escaping prisoner"),
        ("wing", icons.wing, "wing: two let prisoners fly out"),
        ("horns", icons.horns, "horns: start player"),
        ("asterion", icons.asterion, "Asterion, the Minotaur"),
    ]
    col_w = 90.0
    for k, (name, draw, label) in enumerate(entries):
        cx = x + (k % 2) * col_w
        cy = y + (k // 2) * 13.0
        use_form(canvas, name, draw, cx + 5, cy, 9.0)
        canvas.setFillColor(BLACK)
        text(canvas, cx + 12, cy + 1.2, label, BODY_PT)
    # the tomb token, as printed
    cy = y + ((len(entries) + 1) // 2) * 13.0
    canvas.setFillColor(BLACK)
    canvas.rect(x, cy - 6, 10, 10, stroke=0, fill=1)
    use_form(canvas, "tombstone", icons.tombstone, x + 5, cy - 1, 7.2)
    text(canvas, x + 12, cy + 1.2, "tomb: a dead prisoner", BODY_PT)
    return cy + 10


def draw_player_aid(canvas: Canvas, item: Item, ctx: DrawContext) -> None:
    w = item.width
    margin = 18.0
    width = w - 2 * margin
    edition = layouts.load("asterion")["editions"][ctx.edition]["title"]
    with saved(canvas):
        canvas.translate(item.x, item.y)
        canvas.setFillColor(BLACK)
        text(canvas, w / 2, 24, f"Asterion — {edition}: player aid", 16, FONT_BOLD,
             anchor="middle")
        y = 38.0
        for title, lines in (("Setup", _setup_lines(ctx)), ("Your turn", _turn_lines(ctx)),
                             ("End and scoring", END_LINES)):
            y = HEADING.draw(canvas, margin, y, title)
            for line in lines:
                y = PROSE.paragraph(canvas, margin, y, width, line) + 1.2
            y += 4
        y = HEADING.draw(canvas, margin, y, "Icons")
        y = _legend(canvas, margin, y + 4, ctx)
        if layouts.load("asterion")["editions"][ctx.edition]["board"]:
            _board_key(canvas, margin, y + 4, ctx)


def _board_key(canvas: Canvas, x: float, y: float, ctx: DrawContext) -> float:
    """The board's area outlines, drawn as on the board, with what each one means."""
    from pnp.geometry.asterion.board import area_for_players, area_radius
    from pnp.printing.asterion.draw_board import board_style

    style = board_style(ctx.style.ink_saver)
    y = HEADING.draw(canvas, x, y, "The Crete board")
    for players in sorted(style.area_colours, reverse=True):
        with saved(canvas):
            canvas.setStrokeColor(style.area_colours[players])
            canvas.setLineWidth(style.area_line)
            canvas.setDash(list(style.area_dashes.get(players, ())) or [], 0)
            canvas.line(x, y, x + 14, y)
        canvas.setFillColor(BLACK)
        text(canvas, x + 18, y + 1.2,
             f"{players} players: play inside this outline only (the inner "
             f"{area_for_players(players)} squares, up to {area_radius(players)} steps from "
             "the Minotaur)", BODY_PT)
        y += 8
    text(canvas, x + 18, y + 1.2, "4 players: the whole board "
         f"({area_for_players(4)} squares)", BODY_PT)
    return y + 8

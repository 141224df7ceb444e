"""Spider Twist's player aid: the turn in a few lines, and the female's reaction as pictures.

The texts summarise docs/rules/spider-twist.md ("A turn", "The female's reaction", "End
and score"); the rules core is the authority. The pictures are scenes on
the rings web whose reactions the rules core computes (`COMMANDS.check_report`), drawn by
the reaction diagram's code: what the aid shows is what `pnp check` answers.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from pnp.geometry import spider_twist as geometry
from pnp.printing.aid import Prose, wrap
from pnp.printing.context import DrawContext
from pnp.printing.drawing import Canvas
from pnp.printing.pen import saved, text
from pnp.printing.placement import Item
from pnp.printing.spider_twist import icons, scene
from pnp.printing.spider_twist.diagram import draw_reaction
from pnp.printing.spider_twist.draw_web import female_face, male_face, paint_side
from pnp.printing.spider_twist.style import Style
from pnp.printing.style import FONT, FONT_BOLD, WHITE
from pnp.rules.spider_twist.state import COLOURS

BODY_PT = 8.6
LEADING = 3.9          # mm between lines of body text
PROSE = Prose(BODY_PT, LEADING)
MARGIN = 12.0
GAP = 5.0

TURN = [
    ("Place", "at most one male from your stock on an empty entry node (the arrows at "
              "the rim). He cannot move this turn."),
    ("Move", "each of your males that began the turn on the web at most once: one node "
             "along a spoke or a strand, to an empty node."),
    ("Mate", "a male next to the female may step onto her node: he goes to your MATED "
             "area. At most once a turn. She does not move (a die on her counts down)."),
    ("Act", "at least once (a mating counts); if you cannot, the turn passes. On the first "
            "turn only a placement is possible."),
    ("Done", "turn a male to show he will not move (that is no disturbance). The turn ends "
             "when all your males are turned and she has finished: turn them all back."),
    ("React", "every placement and every move disturbs the female: she reacts at once, "
              "before your next action. Your opponent moves her."),
    ("End", "as soon as a player has only one male left (web and stock together), at "
            "once. 2 points per mated male, −1 per eaten male; the higher total wins."),
]


@cache
def reaction(side: str, female: str, males: tuple[tuple[str, str], ...], node: str,
             die: int | None = None) -> dict[str, Any]:
    """The rules core's answer for a scene (its check report's data)."""
    from pnp.rules.spider_twist.commands import COMMANDS
    from pnp.rules.spider_twist.read import position

    state = position(side, female, dict(males), turn=dict(males)[node], die=die)
    report = COMMANDS.check_report(state, {"disturb": node})
    return report.data


# The scenes: (female, males, disturbed node, where the male came from, window centre,
# window scale). Worked example 1 of the ruling is "eating routes win".
SCENES = {
    "reach": ("S0R2", (("S2R2", "white"), ("S2R4", "black"), ("C", "white"),
                       ("S1R3", "black")), "S2R2", "S2R1"),
    "route": ("S0R2", (("S3R2", "white"), ("S3R4", "black")), "S3R2", "S3R1"),
    "first": ("S0R2", (("S3R2", "black"), ("S3R4", "white"), ("S1R2", "white")), "S3R2",
              "S3R1"),
    "eating": ("S0R2", (("S3R1", "black"), ("S1R3", "black"), ("S2R3", "white"),
                        ("S3R3", "white")), "S3R3", "S3R4"),
}

PANELS = [
    ("reach", "1  Reach",
     "Count the males on the spoke of the disturbed node, the mover too (a male on C "
     "counts on every spoke). Here: 3."),
    ("route", "2  A shortest route",
     "She moves that many nodes along a shortest route (fewest edges) towards the "
     "disturber. Here 2 of 3: she stops short. With reach enough she eats him."),
    ("first", "3  The first male is eaten",
     "She stops on the first node with a male (either colour) and eats him: to his "
     "owner's EATEN area. Roll the die and put it on her."),
    ("eating", "4  Eating routes win",
     "Several shortest routes? Those on which she eats within her reach win (a male "
     "beyond her reach does not count); among those, the player moving her chooses."),
    ("die", "5  The die counts down",
     "With a die on her she does not react: each disturbance or mating turns it down "
     "one; at 1 it is removed, and she reacts again."),
    ("tokens", "The tokens",
     "Picture up: the male may still act this turn. Turned (DONE): he will not. White: "
     "a plain ring; black: a ring of beads."),
]


def draw_aid(canvas: Canvas, item: Item, ctx: DrawContext) -> None:
    style: Style = ctx.style
    x, y, w = item.x + MARGIN, item.y + MARGIN, item.width - 2 * MARGIN
    h = item.height - 2 * MARGIN
    with saved(canvas):
        female_face(canvas, x + 7.0, y + 7.0, 14.0, style)
        canvas.setFillColor(style.strand)
        text(canvas, x + 17.0, y + 6.0, "SPIDER TWIST", 17, FONT_BOLD)
        canvas.setFillColor(style.label)
        text(canvas, x + 17.0, y + 12.0, "player aid: a turn, and how the female reacts",
             9.5, FONT)
    top = y + 20.0
    bottom = _turn(canvas, x, top, w, style)
    panel_top = bottom + 4.0
    rows, cols = 2, 3
    pw = (w - (cols - 1) * GAP) / cols
    ph = (y + h - panel_top - (rows - 1) * GAP) / rows
    for k, (key, title, words) in enumerate(PANELS):
        r, c = divmod(k, cols)
        _panel(canvas, x + c * (pw + GAP), panel_top + r * (ph + GAP), pw, ph, title, words,
               style, _PICTURES[key])


def _turn(canvas: Canvas, x: float, y: float, w: float, style: Style) -> float:
    """The turn summary in two columns; returns the y below it."""
    canvas.setFillColor(style.strand)
    text(canvas, x, y + 4.5, "YOUR TURN", 11, FONT_BOLD)
    y += 10.0
    col_w = (w - GAP) / 2
    ys = [y, y]
    for k, (word, words) in enumerate(TURN):
        col = 0 if k < 4 else 1
        cx = x + col * (col_w + GAP)
        cy = ys[col]
        canvas.setFillColor(style.accent if word != "React" else style.warn)
        canvas.roundRect(cx, cy - 3.4, 13.0, 4.6, 1.0, stroke=0, fill=1)
        canvas.setFillColor(WHITE)
        text(canvas, cx + 6.5, cy, word.upper(), 7.2, FONT_BOLD, anchor="middle")
        canvas.setFillColor(style.strand)
        ys[col] = PROSE.paragraph(canvas, cx + 15.0, cy, col_w - 15.0, words) + 1.6
    return max(ys)


def _panel(canvas: Canvas, x: float, y: float, w: float, h: float, title: str, words: str,
           style: Style, picture: Callable[[Canvas, float, float, float, float, Style], None],
           ) -> None:
    with saved(canvas):
        canvas.setStrokeColor(style.label)
        canvas.setLineWidth(0.35)
        canvas.setFillColor(WHITE)
        canvas.roundRect(x, y, w, h, 2.5, stroke=1, fill=1)
    canvas.setFillColor(style.strand)
    text(canvas, x + 3.0, y + 6.0, title, 10, FONT_BOLD)
    lines = wrap(words, FONT, BODY_PT, w - 6.0)
    text_h = len(lines) * LEADING + 2.0
    pic_y, pic_h = y + 9.0, h - 9.0 - text_h - 2.0
    with saved(canvas):
        path = canvas.beginPath()
        path.roundRect(x + 2.0, pic_y, w - 4.0, pic_h, 1.5)
        canvas.clipPath(path, stroke=0, fill=0)
        picture(canvas, x + 2.0, pic_y, w - 4.0, pic_h, style)
    canvas.setFillColor(style.strand)
    PROSE.paragraph(canvas, x + 3.0, y + h - text_h + 2.2, w - 6.0, words)


def _web_scene(key: str, only_reach: bool = False):
    """A picture of scene `key`: the window of the rings web round every node it involves
    (her node, the males', the routes'), as large as the panel allows. `only_reach`: show
    the reach, not the routes."""
    def draw(canvas: Canvas, x: float, y: float, w: float, h: float, style: Style) -> None:
        female, males, node, came = SCENES[key]
        data = reaction("rings", female, males, node)
        if only_reach:
            data = {k: v for k, v in data.items() if k not in ("routes", "outcomes")}
        nodes = {female, node, came, *(n for n, _c in males)}
        nodes |= {n for r in data.get("routes", ()) for n in r["route"]}
        points = [geometry.node_centre("rings", n) for n in nodes]
        room = geometry.spec().female / 2 + 3.0
        x0 = min(p[0] for p in points) - room
        x1 = max(p[0] for p in points) + room
        y0 = min(p[1] for p in points) - room
        y1 = max(p[1] for p in points) + room
        scale = min(w / (x1 - x0), h / (y1 - y0))
        cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
        with saved(canvas):
            canvas.setFillColor(style.ground["rings"])
            canvas.rect(x, y, w, h, stroke=0, fill=1)
            canvas.translate(x + w / 2 - cx * scale, y + h / 2 - cy * scale)
            canvas.scale(scale, scale)
            view = (cx - w / 2 / scale, cy - h / 2 / scale, cx + w / 2 / scale,
                    cy + h / 2 / scale)
            paint_side(canvas, "rings", style, 0.0, markers=False, labels=False, areas=False,
                       view=view)
            draw_reaction(canvas, "rings", style, female, dict(males), (), None, node, data,
                          labels=False, areas=False, moved_from=came, paint=False,
                          marks=1.7)
    return draw


def _die_picture(canvas: Canvas, x: float, y: float, w: float, h: float,
                 style: Style) -> None:
    """The female with a die: 3, 2, 1, gone: one step per disturbance or mating."""
    canvas.setFillColor(style.web["rings"])
    canvas.rect(x, y, w, h, stroke=0, fill=1)
    cy = y + h / 2
    step = w / 4
    size = min(step * 0.62, h * 0.5)
    for k, value in enumerate((3, 2, 1, None)):
        cx = x + step * (k + 0.5)
        female_face(canvas, cx, cy, size, style)
        scene.outline_token(canvas, cx, cy, size / 2, style)
        if value is not None:
            d = size * 0.5
            icons.die_face(canvas, cx + size * 0.1, cy - size * 0.62, d, value, style.die_fill,
                           style.die_pip, style.strand, 0.3)
        if k < 3:
            icons.arrow(canvas, (cx + size * 0.56, cy + size * 0.05),
                        (cx + step - size * 0.56, cy + size * 0.05), style.accent, 0.8, 2.0)
    canvas.setFillColor(style.strand)
    for k in range(3):
        text(canvas, x + step * (k + 1), cy + size * 0.45, "−1", 7, FONT_BOLD, anchor="middle")
    text(canvas, x + step * 3.5, cy + size * 0.5 + 4.0, "reacts", 7, FONT, anchor="middle")
    text(canvas, x + step * 3.5, cy + size * 0.5 + 7.0, "again", 7, FONT, anchor="middle")


def _tokens_picture(canvas: Canvas, x: float, y: float, w: float, h: float,
                    style: Style) -> None:
    """Both faces of a white and a black male."""
    canvas.setFillColor(style.web["rings"])
    canvas.rect(x, y, w, h, stroke=0, fill=1)
    d = min(w / 5.2, h / 2.6)
    for row, colour in enumerate(COLOURS):
        cy = y + h * (0.28 + 0.46 * row)
        for col, face in enumerate(("picture", "done")):
            cx = x + w * (0.28 + 0.44 * col)
            male_face(canvas, cx, cy, d, colour, face, style)
            scene.outline_token(canvas, cx, cy, d / 2, style)
        canvas.setFillColor(style.strand)
        text(canvas, x + w * 0.5, cy + 1.2, colour, 7, FONT_BOLD, anchor="middle")
    canvas.setFillColor(style.label)
    text(canvas, x + w * 0.28, y + h - 1.5, "may still act", 6.5, FONT, anchor="middle")
    text(canvas, x + w * 0.72, y + h - 1.5, "done (turned)", 6.5, FONT, anchor="middle")


_PICTURES = {
    "reach": _web_scene("reach", only_reach=True),
    "route": _web_scene("route"),
    "first": _web_scene("first"),
    "eating": _web_scene("eating"),
    "die": _die_picture,
    "tokens": _tokens_picture,
}

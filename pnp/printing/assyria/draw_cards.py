"""Drawing Assyria's 54 cards and their three backs.

A card is drawn in its own upright frame (u across 0..63 mm, v down 0..88 mm), moved onto
the page by one transform: upright, or turned a quarter when the sheet holds the cards
turned (components.cards_landscape). A back is drawn so that its top lies behind the
front's top after the duplex flip (long edge: mirrored left-right; short edge: top-bottom).

Everything a player reads while the cards lie in the sowing rows overlapping is in the
top band: the camel value in the top-left corner (ruling "Components": 1-symbol cards 1
camel, the others 2), the food and its number of symbols.
"""

from __future__ import annotations

from reportlab.lib.colors import Color, HexColor

from pnp.printing.assyria import icons
from pnp.printing.assyria.components import CardFace, card_corner, card_size, face_of
from pnp.printing.assyria.draw_board import wrapped
from pnp.printing.assyria.style import Style
from pnp.printing.context import DrawContext
from pnp.printing.draw_split import mix
from pnp.printing.drawing import Canvas
from pnp.printing.pen import clip_rect, saved, text, use_form
from pnp.printing.placement import Item
from pnp.printing.replay import drawn_once
from pnp.printing.style import FONT, FONT_BOLD, WHITE
from pnp.rules.assyria import cards as rules_cards

FOOD_NAMES = {"grape": "GRAPES", "palm": "PALM", "salt": "SALT", "barley": "BARLEY",
              "date": "DATES"}
EXPANSION = HexColor("#8C3B1F")
PLOUGH = HexColor("#6B5B45")
WILD = HexColor("#5E6B3A")


def card_transform(canvas: Canvas, item: Item, duplex: str) -> None:
    """Move the canvas so that the card's upright frame lands on the item's cut box."""
    comp = item.component
    turned = comp.width > comp.height
    back = item.face == "back"
    if not turned:
        if back and duplex == "short":
            canvas.translate(item.x + comp.width, item.y + comp.height)
            canvas.rotate(180)
        else:
            canvas.translate(item.x, item.y)
    elif back and duplex != "short":          # the front's top (page right) is behind the
        canvas.translate(item.x, item.y + comp.height)     # back page's left
        canvas.rotate(-90)
    else:
        canvas.translate(item.x + comp.width, item.y)
        canvas.rotate(90)


def draw_card(canvas: Canvas, item: Item, ctx: DrawContext) -> None:
    face = face_of(item.component.id)
    w, h = card_size()
    b = ctx.bleed
    st: Style = ctx.style
    back = item.face == "back"
    with saved(canvas):
        card_transform(canvas, item, ctx.options.duplex)
        drawn_once(canvas, ("card", face.deck if back else face.key, back, st.ink_saver, b),
                   lambda: _card(canvas, face, back, st, w, h, b))


def _card(canvas: Canvas, face: CardFace, back: bool, st: Style, w: float, h: float,
          b: float) -> None:
    """A card's face in its upright frame, clipped to its bleed."""
    clip_rect(canvas, -b, -b, w + 2 * b, h + 2 * b)
    if back:
        draw_back(canvas, face.deck, st, w, h, b)
    else:
        draw_front(canvas, face, st, w, h, b)


# --- Fronts ------------------------------------------------------------------------------

def _ground(canvas: Canvas, st: Style, colour: Color, w: float, h: float, b: float) -> None:
    canvas.setFillColor(st.fill(mix(colour, WHITE, 0.55)))
    canvas.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
    inset = 2.6
    canvas.setFillColor(mix(colour, WHITE, 0.88))
    canvas.setStrokeColor(colour)
    canvas.setLineWidth(0.8)
    canvas.roundRect(inset, inset, w - 2 * inset, h - 2 * inset, card_corner(), stroke=1,
                     fill=1)


def _camel_value(canvas: Canvas, st: Style, value: int) -> None:
    """The camel value, top-left: what the card costs when bought in phase III."""
    canvas.setFillColor(mix(st.frame, WHITE, 0.3))
    canvas.setStrokeColor(st.ink)
    canvas.setLineWidth(0.4)
    canvas.circle(10.0, 10.0, 6.2, stroke=1, fill=1)
    canvas.setFillColor(st.ink)
    text(canvas, 10.0, 10.4, str(value), 13.0, FONT_BOLD, anchor="middle")
    use_form(canvas, "card-camel", icons.camel(mix(st.frame, st.ink, 0.45)), 10.0, 13.4, 4.2)


def _food_front(canvas: Canvas, face: CardFace, st: Style, w: float, h: float) -> None:
    food = face.food
    assert food is not None
    colour = st.food(food)
    n = face.value
    key = "c" if not st.ink_saver else "ci"
    # top band: the food, as many times as the card has symbols
    for k in range(n):
        icons.food(canvas, food, colour, w - 9.0 - k * 9.5, 10.0, 8.5, key)
    canvas.setFillColor(mix(colour, st.ink, 0.4))
    text(canvas, w - 5.0, 21.5, f"{FOOD_NAMES[food]} × {n}", 8.0, FONT_BOLD, anchor="end")
    # the picture
    spots = {1: [(w / 2, 47.0, 30.0)],
             2: [(w / 2 - 12.0, 42.0, 22.0), (w / 2 + 12.0, 54.0, 22.0)],
             3: [(w / 2 - 14.0, 40.0, 19.0), (w / 2 + 14.0, 40.0, 19.0),
                 (w / 2, 58.0, 19.0)]}[n]
    for x, y, size in spots:
        canvas.setFillColor(WHITE)
        canvas.setStrokeColor(mix(colour, WHITE, 0.5))
        canvas.setLineWidth(0.4)
        canvas.circle(x, y, size * 0.58, stroke=1, fill=1)
        icons.food(canvas, food, colour, x, y, size, key)
    canvas.setFillColor(mix(colour, st.ink, 0.35))
    hut_word = "hut" if n == 1 else "huts"
    text(canvas, w / 2, h - 13.0, f"feeds {n} {hut_word}", 8.5, FONT_BOLD, anchor="middle")
    text(canvas, w / 2, h - 8.5, f"on {food} hexes", 7.5, FONT, anchor="middle")


def _wild_front(canvas: Canvas, st: Style, w: float, h: float) -> None:
    import math

    key = "c" if not st.ink_saver else "ci"
    names = ("grape", "palm", "salt", "barley", "date")
    for k, food in enumerate(names):
        icons.food(canvas, food, st.food(food), w - 7.0 - k * 6.8, 10.0, 6.2, key)
    canvas.setFillColor(mix(WILD, st.ink, 0.3))
    text(canvas, w - 5.0, 21.5, "WILD × 1", 8.0, FONT_BOLD, anchor="end")
    cx, cy = w / 2, 48.0
    canvas.setFillColor(WHITE)
    canvas.setStrokeColor(mix(WILD, WHITE, 0.4))
    canvas.setLineWidth(0.5)
    canvas.circle(cx, cy, 19.0, stroke=1, fill=1)
    for k, food in enumerate(names):
        a = math.radians(-90 + 72 * k)
        icons.food(canvas, food, st.food(food), cx + 12.0 * math.cos(a), cy + 12.0 * math.sin(a),
                   10.5, key)
    canvas.setFillColor(mix(WILD, st.ink, 0.3))
    text(canvas, w / 2, h - 13.0, "feeds 1 hut", 8.5, FONT_BOLD, anchor="middle")
    text(canvas, w / 2, h - 8.5, "of any food", 7.5, FONT, anchor="middle")


def _plough_front(canvas: Canvas, st: Style, w: float, h: float) -> None:
    canvas.setFillColor(mix(PLOUGH, st.ink, 0.2))
    text(canvas, w / 2, 14.0, "PLOUGH", 13.0, FONT_BOLD, anchor="middle")
    use_form(canvas, "card-plough", icons.plough(mix(st.frame, PLOUGH, 0.3), st.ink),
             w / 2, 42.0, 36.0)
    canvas.setFillColor(st.ink)
    y = wrapped(canvas, 6.0, h - 24.0, w - 12.0, "Feeds 1 hut of any food; then it goes to "
                "the used-plough space.", 7.0, anchor="middle", leading=1.2)
    wrapped(canvas, 6.0, y + 0.6, w - 12.0, "Held at the game's end: +1 point.", 7.0,
            FONT_BOLD, anchor="middle")


def _huts_row(canvas: Canvas, st: Style, n: int, w: float, y: float, colour: Color) -> None:
    size = 9.0 if n <= 3 else 8.0
    step = size + 2.0
    x0 = w / 2 - step * (n - 1) / 2
    for k in range(n):
        use_form(canvas, "card-hut", icons.hut(mix(colour, WHITE, 0.7), colour), x0 + k * step,
                 y, size)


def _expansion_front(canvas: Canvas, face: CardFace, st: Style, w: float, h: float) -> None:
    v = face.value
    bonus = face.key == "bonus"
    colour = EXPANSION
    # the left strip stays in view when the next card overlaps: the value, twice
    canvas.setFillColor(colour)
    canvas.roundRect(2.6, 2.6, 9.0, h - 5.2, card_corner(), stroke=0, fill=1)
    canvas.setFillColor(WHITE)
    text(canvas, 7.1, 12.5, str(v), 16.0, FONT_BOLD, anchor="middle")
    text(canvas, 7.1, h - 6.5, str(v), 16.0, FONT_BOLD, anchor="middle")
    canvas.setFillColor(mix(colour, st.ink, 0.2))
    title = "BONUS" if bonus else "EXPANSION"
    text(canvas, (w + 11.6) / 2, 14.0, title, 10.5, FONT_BOLD, anchor="middle")
    text(canvas, (w + 11.6) / 2, 50.0, str(v), 48.0, FONT_BOLD, anchor="middle")
    if bonus:
        canvas.setFillColor(st.ink)
        wrapped(canvas, 14.0, 62.0, w - 19.0, "4 players only: counts as a 4 among the "
                "expansion cards of reigns 2 and 3 for Ashur.", 6.8, anchor="middle",
                leading=1.2)
    else:
        with saved(canvas):
            canvas.translate(5.8, 0)
            _huts_row(canvas, st, v, w - 11.6, 62.0, colour)
        canvas.setFillColor(st.ink)
        wrapped(canvas, 14.0, 74.0, w - 19.0, f"this turn each player places {v} huts",
                6.8, anchor="middle", leading=1.2)


def draw_front(canvas: Canvas, face: CardFace, st: Style, w: float, h: float,
               b: float) -> None:
    if face.deck == "food" and face.food is not None:
        _ground(canvas, st, st.food(face.food), w, h, b)
        _camel_value(canvas, st, rules_cards.camel_value(face.key))
        _food_front(canvas, face, st, w, h)
    elif face.key == rules_cards.WILD:
        _ground(canvas, st, WILD, w, h, b)
        _camel_value(canvas, st, rules_cards.camel_value(face.key))
        _wild_front(canvas, st, w, h)
    elif face.deck == "plough":
        _ground(canvas, st, PLOUGH, w, h, b)
        _plough_front(canvas, st, w, h)
    else:
        _ground(canvas, st, EXPANSION, w, h, b)
        _expansion_front(canvas, face, st, w, h)


# --- Backs -------------------------------------------------------------------------------

def draw_back(canvas: Canvas, deck: str, st: Style, w: float, h: float, b: float) -> None:
    """One design per deck, the same on every card of it (the draw stays hidden); centred
    and symmetric, so a back printed a little off still looks right."""
    colour = {"food": HexColor("#7A5A2A"), "plough": PLOUGH, "expansion": EXPANSION}[deck]
    ground = st.fill(colour)
    line = mix(colour, WHITE, 0.35) if not st.ink_saver else colour
    canvas.setFillColor(ground)
    canvas.rect(-b, -b, w + 2 * b, h + 2 * b, stroke=0, fill=1)
    canvas.setStrokeColor(line)
    canvas.setLineWidth(0.6)
    canvas.roundRect(4.0, 4.0, w - 8.0, h - 8.0, card_corner(), stroke=1, fill=0)
    canvas.roundRect(6.0, 6.0, w - 12.0, h - 12.0, card_corner(), stroke=1, fill=0)
    # a band of steps, top and bottom: a ziggurat frieze
    canvas.setFillColor(line)
    for y, sign in ((10.0, 1), (h - 10.0, -1)):
        for k in range(-3, 4):
            x = w / 2 + k * 6.0
            for level, half in enumerate((2.6, 1.7, 0.8)):
                canvas.rect(x - half, y + sign * level * 1.2 - (1.2 if sign < 0 else 0), 2 * half,
                            1.2, stroke=0, fill=1)
    canvas.setFillColor(WHITE if not st.ink_saver else colour)
    text(canvas, w / 2, h / 2 - 8.0, "ASSYRIA", 14.0, FONT_BOLD, anchor="middle")
    label = {"food": "FOOD", "plough": "PLOUGH", "expansion": "EXPANSION"}[deck]
    text(canvas, w / 2, h / 2 + 14.0, label, 9.0, FONT, anchor="middle")
    emblem = {"food": lambda: icons.food(canvas, "barley", HexColor("#E8C25A"), w / 2,
                                         h / 2 + 3.0, 12.0, "back"),
              "plough": lambda: use_form(canvas, "back-plough",
                                         icons.plough(HexColor("#D9C9A8"), WHITE), w / 2,
                                         h / 2 + 3.0, 13.0),
              "expansion": lambda: use_form(canvas, "back-zig",
                                            icons.ziggurat(HexColor("#E2B07A"), WHITE), w / 2,
                                            h / 2 + 3.0, 13.0)}
    emblem[deck]()

"""Drawing Assyria's board: the whole board (PNG export, referee test photos) and its
printable pieces (the shared draw_split.py adds glue tabs, alignment marks, labels and cut
lines).

Everything is drawn in the board frame of geometry.py (mm, origin at the board's top-left,
y down); this module only paints what geometry.py computed. Order: ground, score track,
map (hexes, rivers, unused areas, hex outlines, foods, names, start hexes, well spots),
the right column's tracks, the bottom band (Ashur, used ploughs, expansion slots, key),
markers last.
"""

from __future__ import annotations

from reportlab.lib.colors import Color
from reportlab.lib.utils import simpleSplit

from pnp.geometry import assyria as geo
from pnp.geometry.polygon import bounds
from pnp.printing.assyria import icons
from pnp.printing.assyria.board import plan, split_board
from pnp.printing.assyria.style import Style, assyria_style
from pnp.printing.context import DrawContext
from pnp.printing.draw_marker import draw_marker
from pnp.printing.draw_split import PieceStyle, draw_piece, mix
from pnp.printing.draw_split import clip as clip_polygons
from pnp.printing.drawing import Canvas
from pnp.printing.pen import polygon, polygon_path, saved, text, use_form
from pnp.printing.placement import Item
from pnp.printing.style import FONT, FONT_BOLD, WHITE
from pnp.rules.assyria import cards as rules_cards
from pnp.units import PT_PER_MM

LINE = 0.3
CUT_LINE = 0.2
FOOD_ICON = 14.5          # mm across, at a hex's centre
BADGE = 8.3               # radius of the light disc behind a food (a cut line passes 9.5 mm
                          # from a hex centre: the badge stays whole)


def text_width(canvas: Canvas, string: str, size_pt: float, font: str = FONT) -> float:
    return canvas.stringWidth(string, font, size_pt) / PT_PER_MM


def wrapped(canvas: Canvas, x: float, y: float, width: float, string: str, size_pt: float,
            font: str = FONT, leading: float = 1.25, anchor: str = "start") -> float:
    """Draw wrapped text from baseline y; return the baseline below the last line."""
    step = size_pt / PT_PER_MM * leading
    for line in simpleSplit(string, font, size_pt, width * PT_PER_MM):
        tx = x + width / 2 if anchor == "middle" else x
        text(canvas, tx, y, line, size_pt, font, anchor=anchor)
        y += step
    return y


def _box_path(canvas: Canvas, box, radius: float = 0.0, stroke: int = 1, fill: int = 1) -> None:
    x0, y0, x1, y1 = box
    if radius:
        canvas.roundRect(x0, y0, x1 - x0, y1 - y0, radius, stroke=stroke, fill=fill)
    else:
        canvas.rect(x0, y0, x1 - x0, y1 - y0, stroke=stroke, fill=fill)


def _centred(canvas: Canvas, box, string: str, size_pt: float, font: str = FONT_BOLD,
             dy: float = 0.0) -> None:
    """Text centred in a box (by its capital height)."""
    cx = (box[0] + box[2]) / 2
    cy = (box[1] + box[3]) / 2 + 0.36 * size_pt / PT_PER_MM + dy
    text(canvas, cx, cy, string, size_pt, font, anchor="middle")


# --- Ground and score track --------------------------------------------------------------

def _ground(canvas: Canvas, st: Style, grow: float) -> None:
    canvas.setFillColor(st.frame)
    polygon(canvas, list(geo.grown_outline(grow)), stroke=0, fill=1)
    _x0, _y0 = geo.inner_origin()
    cols, rows = geo.inner_units()
    canvas.setFillColor(st.panel)
    _box_path(canvas, geo.unit_box(0, 0, cols, rows), stroke=0)


def _score_track(canvas: Canvas, st: Style) -> None:
    canvas.setLineWidth(LINE)
    canvas.setStrokeColor(st.ink)
    for sp in geo.score_spaces():
        v = sp.value or 0
        fill = st.space
        if v % 10 == 0:
            fill = mix(st.frame, st.accent, 0.35) if not st.ink_saver else st.space
        elif v % 5 == 0:
            fill = mix(st.space, st.frame, 0.55)
        canvas.setFillColor(fill)
        _box_path(canvas, sp.box)
        canvas.setFillColor(WHITE if v % 10 == 0 and not st.ink_saver else st.ink)
        _centred(canvas, sp.box, str(v), 8.5 if v % 5 == 0 else 7.0,
                 FONT_BOLD if v % 5 == 0 else FONT)


# --- The map -----------------------------------------------------------------------------

def _smooth(canvas: Canvas, points) -> object:
    """A Catmull-Rom curve through the points, as Bezier segments."""
    path = canvas.beginPath()
    path.moveTo(*points[0])
    pts = [points[0], *points, points[-1]]
    for k in range(1, len(pts) - 2):
        p0, p1, p2, p3 = pts[k - 1], pts[k], pts[k + 1], pts[k + 2]
        c1 = (p1[0] + (p2[0] - p0[0]) / 6, p1[1] + (p2[1] - p0[1]) / 6)
        c2 = (p2[0] - (p3[0] - p1[0]) / 6, p2[1] - (p3[1] - p1[1]) / 6)
        path.curveTo(*c1, *c2, *p2)
    return path


def _hex_fill(st: Style, region: str) -> Color:
    if region == "between":
        return st.fertile
    if region in ("upper", "lower"):
        return st.river_hex
    return st.sand


def _map(canvas: Canvas, st: Style) -> None:
    frame = geo.map_frame()
    canvas.setFillColor(mix(st.sand, st.frame, 0.35))
    canvas.setStrokeColor(st.ink)
    canvas.setLineWidth(0.5)
    _box_path(canvas, frame)
    with saved(canvas):
        clip_polygons(canvas, ((frame[0], frame[1]), (frame[2], frame[1]),
                               (frame[2], frame[3]), (frame[0], frame[3])))
        for h in geo.hexes():
            canvas.setFillColor(_hex_fill(st, h.region))
            polygon(canvas, list(h.corners), stroke=0, fill=1)
        canvas.setLineCap(1)
        canvas.setLineJoin(1)
        for river in ("upper", "lower"):
            path = _smooth(canvas, geo.river_path(river))
            canvas.setStrokeColor(mix(st.river, WHITE, 0.25))
            canvas.setLineWidth(7.0)
            canvas.drawPath(path, stroke=1, fill=0)
            canvas.setStrokeColor(st.river)
            canvas.setLineWidth(4.2)
            canvas.drawPath(path, stroke=1, fill=0)
        _unused_areas(canvas, st)
        canvas.setStrokeColor(st.ink)
        canvas.setLineWidth(LINE)
        for h in geo.hexes():
            polygon(canvas, list(h.corners), stroke=1, fill=0)
    for h in geo.hexes():
        _hex_contents(canvas, st, h)
    for w in geo.wells():
        _well_spot(canvas, st, w.at)
    canvas.setStrokeColor(st.ink)
    canvas.setLineWidth(0.5)
    _box_path(canvas, frame, fill=0)
    _area_labels(canvas, st)


def _unused_areas(canvas: Canvas, st: Style) -> None:
    """Hatching over the columns not in play with 2 (blue) and 3 players (vermilion), and
    their boundary lines: solid for 3 players, dashed for 2 (ruling "Player count")."""
    _x0, y0, _x1, y1 = geo.map_frame()
    for players, direction in ((2, 1), (3, -1)):
        area = geo.unused_area(players)
        colour = st.unused[players]
        with saved(canvas):
            clip_polygons(canvas, area)
            canvas.setStrokeColor(colour)
            canvas.setStrokeAlpha(0.45)
            canvas.setLineWidth(0.35)
            ax0, _ay0, ax1, _ay1 = bounds(area)
            height = y1 - y0
            x = ax0 - height
            while x < ax1 + height:
                if direction > 0:
                    canvas.line(x, y0, x + height, y1)
                else:
                    canvas.line(x + height, y0, x, y1)
                x += 6.0
    for players in (3, 2):
        _boundary_line(canvas, st, players, geo.unused_boundary(players))


def _boundary_line(canvas: Canvas, st: Style, players: int, points) -> None:
    canvas.setStrokeColor(st.unused[players])
    canvas.setLineWidth(1.3)
    canvas.setLineCap(0)
    canvas.setDash(list(st.unused_dash) if players == 2 else [], 0)
    path = canvas.beginPath()
    path.moveTo(*points[0])
    for p in points[1:]:
        path.lineTo(*p)
    canvas.drawPath(path, stroke=1, fill=0)
    canvas.setDash([], 0)


def _area_labels(canvas: Canvas, st: Style) -> None:
    """At the top and bottom of each boundary line, in the map's margin: who plays left of it."""
    _x0, y0, _x1, y1 = geo.map_frame()
    pad = (geo.hexes()[0].centre[1] - geo.spec().vu) - y0
    for players in (3, 2):
        line = geo.unused_boundary(players)
        x = line[0][0]
        canvas.setFillColor(st.unused[players])
        for y in (y0 + pad / 2 + 1.0, y1 - pad / 2 + 1.0):
            text(canvas, x - 1.5, y, f"{players} players", 6.5, FONT_BOLD, anchor="end")
            text(canvas, x + 1.5, y, "not used", 6.5, FONT, anchor="start")


def _hex_contents(canvas: Canvas, st: Style, h: geo.HexPlace) -> None:
    cx, cy = h.centre
    vu = geo.spec().vu
    canvas.setFillColor(mix(_hex_fill(st, h.region), WHITE, 0.6))
    canvas.setStrokeColor(mix(st.ink, WHITE, 0.55))
    canvas.setLineWidth(0.2)
    canvas.circle(cx, cy, BADGE, stroke=1, fill=1)
    icons.food(canvas, h.food, st.food(h.food), cx, cy, FOOD_ICON, "i" if st.ink_saver else "")
    canvas.setFillColor(mix(st.ink, WHITE, 0.2))
    text(canvas, cx, cy - vu + 4.6, h.name, 5.5, FONT_BOLD, anchor="middle")
    if h.start:
        _start_mark(canvas, st, h, cx, cy + vu - 5.2)


def _start_mark(canvas: Canvas, st: Style, h: geo.HexPlace, x: float, y: float) -> None:
    """A start hex: a small ziggurat and the player counts it serves ("2 3 4")."""
    counts = " ".join(str(p) for p in h.start)
    size = 6.0
    width = size + 1.0 + text_width(canvas, counts, 6.5, FONT_BOLD)
    left = x - width / 2
    canvas.setFillColor(WHITE)
    canvas.setStrokeColor(st.accent)
    canvas.setLineWidth(0.3)
    canvas.roundRect(left - 1.2, y - 3.6, width + 2.4, 7.2, 1.5, stroke=1, fill=1)
    use_form(canvas, "zig-start", icons.ziggurat(st.accent, st.ink), left + size / 2, y - 0.2,
             size)
    canvas.setFillColor(st.accent)
    text(canvas, left + size + 1.0, y + 1.6, counts, 6.5, FONT_BOLD)


def _well_spot(canvas: Canvas, st: Style, at) -> None:
    r = geo.spec().well_spot
    canvas.setFillColor(mix(st.well, WHITE, 0.6))
    canvas.setStrokeColor(mix(st.well, st.ink, 0.5))
    canvas.setLineWidth(0.35)
    canvas.circle(at[0], at[1], r, stroke=1, fill=1)
    canvas.setFillColor(mix(st.river, WHITE, 0.1))
    canvas.circle(at[0], at[1], r * 0.45, stroke=0, fill=1)


# --- The right column --------------------------------------------------------------------

def _space(canvas: Canvas, st: Style, box, label: str, size: float = 9.0,
           fill: Color | None = None) -> None:
    canvas.setFillColor(fill or st.space)
    canvas.setStrokeColor(st.ink)
    canvas.setLineWidth(LINE)
    _box_path(canvas, box)
    canvas.setFillColor(st.ink)
    _centred(canvas, box, label, size)


def _title(canvas: Canvas, st: Style, box, string: str, icon=None) -> None:
    canvas.setFillColor(st.accent)
    x0, y0, x1, y1 = box
    size = 9.0
    if icon is None:
        _centred(canvas, box, string.upper(), size)
        return
    name, draw = icon
    width = 7.0 + 1.5 + text_width(canvas, string.upper(), size, FONT_BOLD)
    left = (x0 + x1 - width) / 2
    use_form(canvas, name, draw, left + 3.5, (y0 + y1) / 2, 7.0)
    canvas.setFillColor(st.accent)
    text(canvas, left + 8.5, (y0 + y1) / 2 + 0.36 * size / PT_PER_MM, string.upper(), size,
         FONT_BOLD)


def _note(canvas: Canvas, st: Style, box, string: str, size: float = 6.3,
          anchor: str = "middle") -> None:
    x0, y0, x1, y1 = box
    lines = simpleSplit(string, FONT, size, (x1 - x0 - 3.0) * PT_PER_MM)
    step = size / PT_PER_MM * 1.25
    y = (y0 + y1) / 2 - step * (len(lines) - 1) / 2 + 0.36 * size / PT_PER_MM
    canvas.setFillColor(st.ink)
    for line in lines:
        text(canvas, (x0 + x1) / 2 if anchor == "middle" else x0 + 1.5, y, line, size,
             anchor=anchor)
        y += step


def _right_column(canvas: Canvas, st: Style) -> None:
    blocks = geo.text_blocks()
    camel = ("camel", icons.camel(mix(st.frame, st.ink, 0.25)))
    _title(canvas, st, blocks["camel-title"], "Camels", camel)
    for sp in geo.camel_spaces():
        _space(canvas, st, sp.box, str(sp.value))
    # beside the camels: the river income, read upwards
    x0, _y0, x1, _y1 = geo.unit_box(23, 1)
    top, bottom = geo.camel_spaces()[-1].box[1], geo.camel_spaces()[0].box[3]
    with saved(canvas):
        canvas.translate((x0 + x1) / 2 + 1.2, (top + bottom) / 2)
        canvas.rotate(-90)
        canvas.setFillColor(st.ink)
        text(canvas, 0, -1.6, "Income per river: 1st hut 3 camels,", 6.3, anchor="middle")
        text(canvas, 0, 1.6, "each further hut 2 · at most 10", 6.3, anchor="middle")
    _title(canvas, st, blocks["offering-title"], "Offerings")
    _note(canvas, st, blocks["offering-note"],
          "1 camel a step, at most 3 steps a turn. Reign end: your ziggurat sites x the "
          "multiplier; then back to 0.")
    for sp in geo.offering_spaces():
        _space(canvas, st, sp.box, str(sp.value))
        mult = sp.get("multiplier")
        _space(canvas, st, geo.multiplier_box(sp), f"×{mult}", 8.0,
               fill=mix(st.space, st.frame, 0.25 + 0.12 * int(mult)))
    _title(canvas, st, blocks["turn-title"], "Turn order")
    for sp in geo.turn_spaces():
        _space(canvas, st, sp.box, str(sp.value))
    _title(canvas, st, blocks["harvest-title"], "Harvest columns")
    for sp in geo.harvest_spaces():
        _space(canvas, st, sp.box, str(sp.value), fill=mix(st.space, st.fertile, 0.5))
    _note(canvas, st, blocks["harvest-note"],
          "Your disc on the column you take. New turn order: leftmost first.", 6.0)
    _costs(canvas, st, blocks["costs"])


def _costs(canvas: Canvas, st: Style, box) -> None:
    x0, y0, x1, _y1 = box
    canvas.setFillColor(st.accent)
    text(canvas, (x0 + x1) / 2, y0 + 5.0, "COSTS IN CAMELS", 8.0, FONT_BOLD, anchor="middle")
    rows = [
        ("Ziggurat (on your hut)", str(rules_cards.BUILD_COST)),
        ("Centre / roof", f"{rules_cards.CENTRE_COST} / {rules_cards.ROOF_COST}"),
        ("Ashur high / mid / low", " / ".join(str(rules_cards.TIER_COST[t])
                                              for t in rules_cards.TIERS)),
        ("Offering, a step (max 3)", str(rules_cards.OFFERING_COST)),
        ("Plough (holding none)", str(rules_cards.PLOUGH_COST)),
        ("Left-over food card", "1 or 2"),
    ]
    y = y0 + 11.5
    for label, value in rows:
        canvas.setFillColor(st.ink)
        text(canvas, x0 + 2.0, y, label, 6.6)
        text(canvas, x1 - 2.0, y, value, 6.6, FONT_BOLD, anchor="end")
        canvas.setStrokeColor(mix(st.ink, WHITE, 0.7))
        canvas.setLineWidth(0.15)
        canvas.line(x0 + 2.0, y + 1.3, x1 - 2.0, y + 1.3)
        y += 4.6
    canvas.setFillColor(st.accent)
    wells = " / ".join(str(rules_cards.WELL_POINTS[r]) for r in (1, 2, 3))
    text(canvas, (x0 + x1) / 2, y + 2.6, f"Well: {wells} points in reign 1 / 2 / 3", 6.6,
         FONT_BOLD, anchor="middle")
    canvas.setFillColor(st.ink)
    text(canvas, (x0 + x1) / 2, y + 7.0, "Huts: between rivers 2, outside 1, river 0",
         6.3, anchor="middle")


# --- The bottom band ---------------------------------------------------------------------

def _ashur(canvas: Canvas, st: Style) -> None:
    blocks = geo.text_blocks()
    x0, y0, x1, _y1 = blocks["ashur"]
    canvas.setFillColor(st.accent)
    text(canvas, x0 + 4.0, y0 + 7.5, "ASHUR", 11.0, FONT_BOLD)
    canvas.setFillColor(st.ink)
    text(canvas, x0 + 25.0, y0 + 7.3, "the priests: a hut from your stock on the next free "
         "space", 6.3)
    wrapped(canvas, x0 + 4.0, y0 + 14.0, x1 - x0 - 8.0, "Reign end: the sum of the reign's "
            "expansion cards to the most influence; less the highest card, to the next; and "
            "so on.", 6.0, leading=1.15)
    captions = {
        "high": ("High · 4 camels", "influence 3", "1 / 4 / 8 points for 1 / 2 / 3 huts"),
        "middle": ("Middle · 3 camels", "influence 2", "a plough (if you hold none)"),
        "low": ("Low · 2 camels", "influence 1", "1 camel per hut"),
    }
    cx0, _cy0, cx1, _cy1 = blocks["ashur-captions"]
    for tier in rules_cards.TIERS:
        tx0, ty0, tx1, ty1 = geo.ashur_tier_box(tier)
        canvas.setFillColor(mix(st.frame, st.ink, 0.12))
        canvas.setStrokeColor(st.ink)
        canvas.setLineWidth(LINE)
        _box_path(canvas, (tx0, ty0, tx1, ty1))
        for sp in (s for s in geo.ashur_spaces() if s.get("tier") == tier):
            _space(canvas, st, sp.box, "")
            canvas.setFillColor(mix(st.ink, WHITE, 0.5))
            _centred(canvas, sp.box, str(sp.get("cost")), 9.0)
        name, influence, bonus = captions[tier]
        canvas.setFillColor(st.accent)
        text(canvas, cx0 + 1.0, ty0 + 5.0, name, 6.8, FONT_BOLD)
        canvas.setFillColor(st.ink)
        text(canvas, cx0 + 1.0, ty0 + 8.8, influence, 6.1)
        wrapped(canvas, cx0 + 1.0, ty0 + 12.4, cx1 - cx0 - 1.5, bonus, 6.1, leading=1.1)


def _card_slot(canvas: Canvas, st: Style, box, fill: Color) -> None:
    canvas.setFillColor(fill)
    canvas.setStrokeColor(st.ink)
    canvas.setLineWidth(0.4)
    canvas.setDash([2.0, 1.2], 0)
    _box_path(canvas, box, radius=3.0)
    canvas.setDash([], 0)


def _ploughs(canvas: Canvas, st: Style) -> None:
    x0, y0, x1, _y1 = geo.text_blocks()["plough"]
    canvas.setFillColor(st.accent)
    text(canvas, (x0 + x1) / 2, y0 + 6.5, "USED PLOUGHS", 8.0, FONT_BOLD, anchor="middle")
    slot = geo.plough_slot().box
    _card_slot(canvas, st, slot, mix(st.space, st.frame, 0.2))
    with saved(canvas):
        canvas.setFillAlpha(0.35)
        canvas.setStrokeAlpha(0.35)
        use_form(canvas, "plough", icons.plough(mix(st.frame, st.ink, 0.3), st.ink),
                 (slot[0] + slot[2]) / 2, (slot[1] + slot[3]) / 2, 40.0)
    canvas.setFillColor(st.ink)
    wrapped(canvas, x0 + 2.0, slot[3] + 5.0, x1 - x0 - 4.0, "A plough used for a hut comes "
            "here. Buy one back: 2 camels.", 6.0, anchor="middle", leading=1.15)


def _expansion(canvas: Canvas, st: Style) -> None:
    x0, y0, x1, _y1 = geo.text_blocks()["expansion"]
    canvas.setFillColor(st.accent)
    text(canvas, (x0 + x1) / 2, y0 + 6.5, "EXPANSION CARDS OF THE REIGN", 8.0, FONT_BOLD,
         anchor="middle")
    slots = geo.expansion_slots()
    for k, sp in enumerate(slots):
        _card_slot(canvas, st, sp.box, mix(st.space, st.frame, 0.1 + 0.08 * k))
        canvas.setFillColor(st.ink)
        strip = (slots[k + 1].box[0] if k + 1 < len(slots) else sp.box[2])
        text(canvas, (sp.box[0] + strip) / 2 if k + 1 < len(slots) else sp.box[0] + 6.0,
             sp.box[1] + 8.5, str(sp.value), 11.0, FONT_BOLD, anchor="middle")
    canvas.setFillColor(st.ink)
    last = slots[-1].box
    wrapped(canvas, last[0] + 6.0, last[1] + 22.0, last[2] - last[0] - 12.0,
            "Turn by turn, a new card on the next slot, each on top of the last (its value "
            "in view). Slot 1 at the start: a 4.", 6.0, leading=1.15)
    wrapped(canvas, x0 + 2.0, slots[0].box[3] + 5.0, x1 - x0 - 4.0, "The card's value: huts "
            "each player places this turn.", 6.0, anchor="middle", leading=1.15)


def _key(canvas: Canvas, st: Style) -> None:
    x0, y0, x1, _y1 = geo.text_blocks()["key"]
    canvas.setFillColor(st.accent)
    text(canvas, (x0 + x1) / 2, y0 + 6.5, "KEY", 8.0, FONT_BOLD, anchor="middle")
    y = y0 + 12.5
    row = 7.0
    for food in ("grape", "palm", "salt", "barley", "date"):
        icons.food(canvas, food, st.food(food), x0 + 6.0, y, 6.5, "i" if st.ink_saver else "")
        canvas.setFillColor(st.ink)
        text(canvas, x0 + 11.5, y + 1.1, food, 6.8)
        y += row
    for fill, label in ((st.fertile, "between rivers"), (st.river_hex, "on a river"),
                        (st.sand, "outside")):
        canvas.setFillColor(fill)
        canvas.setStrokeColor(st.ink)
        canvas.setLineWidth(0.25)
        polygon(canvas, list(geo.hex_corners((x0 + 6.0, y), 3.4)))
        canvas.setFillColor(st.ink)
        text(canvas, x0 + 11.5, y + 1.1, label, 6.3)
        y += row
    _well_spot(canvas, st, (x0 + 6.0, y))
    canvas.setFillColor(st.ink)
    text(canvas, x0 + 11.5, y + 1.1, "well spot", 6.3)
    y += row
    use_form(canvas, "zig-start", icons.ziggurat(st.accent, st.ink), x0 + 6.0, y, 6.0)
    canvas.setFillColor(st.ink)
    text(canvas, x0 + 11.5, y + 1.1, "start (players)", 6.3)
    y += row
    for players in (3, 2):
        _boundary_line(canvas, st, players, ((x0 + 2.0, y), (x0 + 10.0, y)))
        canvas.setFillColor(st.ink)
        text(canvas, x0 + 11.5, y + 1.1, f"{players} players: left", 6.3)
        y += row - 1.0


# --- The whole art -----------------------------------------------------------------------

def paint(canvas: Canvas, st: Style, grow: float) -> None:
    """The board's art in the board frame, `grow` mm of bleed round the outline."""
    _ground(canvas, st, grow)
    _score_track(canvas, st)
    _map(canvas, st)
    _right_column(canvas, st)
    _ashur(canvas, st)
    _ploughs(canvas, st)
    _expansion(canvas, st)
    _key(canvas, st)
    module = geo.spec().marker_module
    for m in geo.markers():
        draw_marker(canvas, m.id, *m.corners[0], module)


def board_style(ctx: DrawContext) -> Style:
    return assyria_style(ctx.style.ink_saver)


def draw_whole_board(canvas: Canvas, x: float, y: float, ctx: DrawContext) -> None:
    """The assembled board (no tabs, no cut marks), its top-left at (x, y)."""
    st = board_style(ctx)
    with saved(canvas):
        canvas.translate(x, y)
        with saved(canvas):
            clip_polygons(canvas, geo.outline())
            paint(canvas, st, 0.0)
        canvas.setStrokeColor(st.ink)
        canvas.setLineWidth(CUT_LINE)
        canvas.drawPath(polygon_path(canvas, geo.outline()), stroke=1, fill=0)


def draw_board_piece(canvas: Canvas, item: Item, ctx: DrawContext) -> None:
    """One piece of the board, its drawn box's top-left at (item.x, item.y)."""
    opts = ctx.options
    st = board_style(ctx)
    pieces = plan(opts.paper, opts.bleed, opts.furniture)
    draw_piece(canvas, item, split_board(), pieces, lambda c, bleed: paint(c, st, bleed),
               PieceStyle(CUT_LINE, LINE, mix(st.sand, st.frame, 0.5)), opts.bleed,
               art=("assyria", st.ink_saver))

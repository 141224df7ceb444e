"""The player aid: setup, the turn sequence, the reign end and the final scoring, in two
columns on one page, and a table of what changes with the player count.

The texts summarise docs/rules/assyria.md (the section named in each heading's
comment); the rules core is the authority. Numbers come from the rules core.
"""

from __future__ import annotations

from reportlab.lib.utils import simpleSplit

from pnp.printing.assyria import icons
from pnp.printing.assyria.components import players
from pnp.printing.context import DrawContext
from pnp.printing.drawing import Canvas
from pnp.printing.pen import polygon, saved, text
from pnp.printing.placement import Item
from pnp.printing.style import BLACK, FONT, FONT_BOLD, WHITE
from pnp.rules.assyria import cards as c
from pnp.units import PT_PER_MM

BODY = 7.6            # pt
A4_WIDTH = 210.0      # the aid is laid out this wide, then scaled to the paper
LEADING = 1.22


def _tiers(values: dict[str, int]) -> str:
    return " / ".join(str(values[t]) for t in c.TIERS)


def sections() -> list[tuple[str, list[str]]]:
    """(heading, paragraphs). A paragraph starting "**" is set in bold up to the next "**"."""
    wells = " / ".join(str(c.WELLS[p]) for p in (2, 3, 4))
    points = " / ".join(str(c.WELL_POINTS[r]) for r in (1, 2, 3))
    mult = ", ".join(str(m) for m in c.OFFERING_MULTIPLIER)
    return [
        ("Setup", [   # ruling "Setup"
            "Each player: one colour (10 huts, 4 ziggurat bases, centres and roofs, 4 discs) "
            "and 1 plough. Discs on 0 of the score, camel and offering tracks; turn order at "
            f"random. Wells beside the board: {wells} with 2 / 3 / 4 players.",
            "A 4 expansion card face up on slot 1; the other 8 shuffled face down. 4 players: "
            "the bonus card waits for reigns 2 and 3. The other ploughs are out of the game.",
            "Sow the first turn (below). In turn order each player puts a ziggurat base on a "
            "free start hex for this player count. Draft: draw one food card per player; in "
            "turn order each takes one.",
        ]),
        ("A turn (8 turns: reign 1 = turns 1-2, reign 2 = 3-5, reign 3 = 6-8)", []),
        ("I. Farming", [   # ruling "A turn", I
            "**Sowing:** draw players + 1 cards into a row, sorted left to right by symbols "
            "(1, 2, 3; wild always rightmost, equal counts keep draw order); then a second "
            "row the same way. Column k = the two cards at position k.",
            "**Harvest:** in turn order take a whole column (your disc on its harvest space). "
            "New turn order: the columns' order, leftmost first. The left-over column can be "
            "bought in III, else it is discarded.",
        ]),
        ("II. Expansion (each player in turn order does A-E)", [   # ruling II
            "**A.** The next expansion card on the next slot (turn 1: the 4).",
            "**B. Huts:** place as many as the card says (fewer if your stock runs out) on "
            "free hexes in play next to your huts or ziggurats (huts just placed count). "
            "Rivers allowed; wells do not block.",
            "**C. Supply:** every hut of yours needs food now: a card with k symbols of a food "
            "feeds up to k of your huts on that food; a wild card or your plough feeds 1 hut "
            "of any food (the plough goes to the used-plough space). Keep playing cards while "
            "one can feed a hut.",
            "**D. Famine:** unfed huts go back to your stock.",
            f"**E. Wells (optional):** on a free well spot whose 3 hexes hold your fed huts: "
            f"{points} points in reign 1 / 2 / 3. Wells stay.",
            "**Income:** per river, the first fed hut on it 3 camels, each further one 2 "
            f"(at most {c.CAMELS_MAX}). Points: 2 per hut between the rivers, 1 outside, 0 "
            "on a river; 1 per ziggurat level on the board.",
        ]),
        ("III. Actions (in turn order, any number, any order)", [   # ruling III
            f"**Ziggurat:** {c.BUILD_COST} camels, replaces one of your huts (not on a river, "
            "not touching a well); 4 at most, the start one included.",
            f"**Centre** {c.CENTRE_COST} camels on a base, **roof** {c.ROOF_COST} on a centre; "
            "each ziggurat one level a turn.",
            f"**Ashur:** a hut from stock on the next free space of a tier: high / middle / "
            f"low {_tiers(c.TIER_COST)} camels.",
            f"**Offering:** {c.OFFERING_COST} camel a step, at most "
            f"{c.OFFERING_STEPS_PER_TURN} steps a turn, up to {c.OFFERING_MAX}.",
            f"**Plough:** {c.PLOUGH_COST} camels from the used-plough space, only if you hold "
            "none. **A left-over card:** its camel value (1 or 2), one per player a turn.",
            "End of turn: discard the left-over column; every hut is unfed again.",
        ]),
        ("Reign end (after turns 2, 5 and 8)", [   # ruling "Reign end"
            "**1. Flood:** huts on river hexes go back to their stocks.",
            f"**2. Ashur:** influence {_tiers(c.TIER_INFLUENCE)} per hut on high / middle / "
            "low; only influence > 0 ranks. Ties: more huts in Ashur, then the hut on the "
            "higher tier, then the earlier hut. 1st scores the sum of the reign's expansion "
            "cards (4 players: the bonus counts as a 4 in reigns 2 and 3); remove the highest; "
            "2nd scores the sum of the rest; and so on. 2 players: 1st the full sum; 2nd 0 in "
            "reign 1, the lowest card in reigns 2 and 3.",
            "**3. Priests:** high 1 / 4 / 8 points for 1 / 2 / 3 huts; middle a plough if you "
            "hold none; low 1 camel per hut.",
            f"**4. Offerings:** your ziggurat sites x the multiplier ({mult}).",
            "**5. Reset:** Ashur huts back to stock, offering discs to 0, expansion cards "
            "cleared; a new card on slot 1 (4 players: and the bonus card).",
        ]),
        ("Game end (after reign 3)", [   # ruling "Game end"
            "+1 per ziggurat piece on the board, +1 per plough held, +1 per two food cards "
            "left, +1 per two camels left. Most points wins; no tie-break.",
        ]),
    ]


def _paragraph(canvas: Canvas, x: float, y: float, width: float, para: str) -> float:
    """A paragraph with bold stretches between "**" marks; returns the next y."""
    words = [(w, FONT_BOLD if k % 2 else FONT)
             for k, part in enumerate(para.split("**")) for w in part.split()]
    step = BODY / PT_PER_MM * LEADING
    limit = width * PT_PER_MM
    space = canvas.stringWidth(" ", FONT, BODY)
    line: list[tuple[str, str]] = []
    used = 0.0

    def flush(line, y):
        cx = x
        for word, font in line:
            text(canvas, cx, y, word, BODY, font)
            cx += (canvas.stringWidth(word, font, BODY) + space) / PT_PER_MM
    for word, font in words:
        wlen = canvas.stringWidth(word, font, BODY)
        if line and used + space + wlen > limit:
            flush(line, y)
            y += step
            line, used = [], 0.0
        used += (space if line else 0.0) + wlen
        line.append((word, font))
    if line:
        flush(line, y)
        y += step
    return y


def _height(canvas: Canvas, width: float, para: str) -> float:
    plain = para.replace("**", "")
    lines = simpleSplit(plain, FONT_BOLD, BODY, width * PT_PER_MM)
    return len(lines) * BODY / PT_PER_MM * LEADING


def _counts_table(canvas: Canvas, x: float, y: float, width: float) -> float:
    rows = [
        ("", "2 players", "3 players", "4 players"),
        ("columns in play", "0-5", "0-7", "0-9"),
        ("start hexes", "4", "3", "4"),
        ("wells", *(str(c.WELLS[p]) for p in (2, 3, 4))),
        ("ploughs in play", "2", "3", "4"),
        ("draft / sowing row", *(f"{c.DRAFT[p]} / {p + 1}" for p in (2, 3, 4))),
        ("bonus card", "no", "no", "reigns 2, 3"),
    ]
    col = [0.34 * width, 0.22 * width, 0.22 * width, 0.22 * width]
    step = 4.4
    for k, row in enumerate(rows):
        cx = x
        for j, cell in enumerate(row):
            font = FONT_BOLD if k == 0 or j == 0 else FONT
            text(canvas, cx, y, cell, BODY, font)
            cx += col[j]
        if k == 0:
            canvas.setStrokeColor(BLACK)
            canvas.setLineWidth(0.2)
            canvas.line(x, y + 1.3, x + width, y + 1.3)
        y += step
    return y


def _players(canvas: Canvas, x: float, y: float, ctx: DrawContext) -> float:
    """Each colour with its symbol, as on the pieces, two to a line."""
    st = ctx.style
    for k, name in enumerate(players()):
        cx = x + (k % 2) * 40.0
        if k and k % 2 == 0:
            y += 8.0
        p = st.player(name)
        with saved(canvas):
            canvas.translate(cx + 3.0, y - 1.2)
            canvas.setFillColor(st.fill(p.fill))
            canvas.setStrokeColor(p.dark)
            canvas.setLineWidth(0.3)
            canvas.rect(-3.0, -3.0, 6.0, 6.0, stroke=1, fill=1)
        icons.player_symbol(canvas, p.symbol, cx + 3.0, y - 1.2, 1.6, WHITE, p.dark, 0.25)
        canvas.setFillColor(BLACK)
        text(canvas, cx + 7.5, y, f"{name}: {p.symbol}", BODY)
    return y + 8.0


def draw_player_aid(canvas: Canvas, item: Item, ctx: DrawContext) -> None:
    """Laid out on an A4-wide page and scaled to the paper's width (A3: the A4 aid, larger)."""
    k = item.width / A4_WIDTH
    w, h = A4_WIDTH, item.height / k
    margin = 14.0
    gap = 8.0
    col_w = (w - 2 * margin - gap) / 2
    top = 30.0
    bottom = h - 14.0
    with saved(canvas):
        canvas.translate(item.x, item.y)
        canvas.scale(k, k)
        canvas.setFillColor(BLACK)
        text(canvas, w / 2, 19.0, "Assyria: player aid", 15, FONT_BOLD, anchor="middle")
        column = 0
        x, y = margin, top
        for heading, paras in sections():
            need = 6.0 + (_height(canvas, col_w, paras[0]) if paras else 0.0)
            if y + need > bottom and column == 0:
                column, x, y = 1, margin + col_w + gap, top
            canvas.setFillColor(BLACK)
            y = _paragraph(canvas, x, y + 1.0, col_w, f"**{heading}**") + 0.8
            for para in paras:
                if y + _height(canvas, col_w, para) > bottom and column == 0:
                    column, x, y = 1, margin + col_w + gap, top
                y = _paragraph(canvas, x, y, col_w, para) + 1.1
            y += 1.6
        y += 1.0
        canvas.setFillColor(BLACK)
        y = _paragraph(canvas, x, y, col_w, "**Player count**") + 1.0
        y = _counts_table(canvas, x, y + 1.0, col_w) + 2.0
        y = _paragraph(canvas, x, y, col_w, "**Colours and symbols**") + 2.0
        y = _players(canvas, x, y + 1.0, ctx) + 3.0
        _assembly(canvas, x, y, col_w, bottom, ctx)


def _assembly(canvas: Canvas, x: float, y: float, width: float, bottom: float,
              ctx: DrawContext) -> None:
    """How the board's pieces go together, for the paper of this build."""
    from pnp.geometry import assyria as geometry
    from pnp.printing.assyria.board import plan

    opts = ctx.options
    pieces = plan(opts.paper, opts.bleed, opts.furniture)
    canvas.setFillColor(BLACK)
    y = _paragraph(canvas, x, y, width, f"**The board: {len(pieces)} pieces**") + 0.6
    y = _paragraph(canvas, x, y, width, "Cut each piece along its solid outline; keep the "
                   "hatched glue tabs. Lay the pieces out as below: each tab under the "
                   "neighbour its label names, the neighbour's edge on the dashed line, the "
                   "half circles making whole ones. Glue, then back it with card.") + 1.5
    bw, bh = geometry.board_size()
    scale = min(width / bw, max(bottom - y, 20.0) / bh, 0.14)
    canvas.setStrokeColor(BLACK)
    canvas.setLineWidth(0.3)
    for piece in pieces:
        points = [(x + px * scale, y + py * scale) for px, py in piece.polygon]
        canvas.setFillColor(WHITE)
        polygon(canvas, points)
        cx = sum(p[0] for p in points) / len(points)
        cy = sum(p[1] for p in points) / len(points)
        canvas.setFillColor(BLACK)
        text(canvas, cx, cy + 1.5, piece.label, 10, FONT_BOLD, anchor="middle")

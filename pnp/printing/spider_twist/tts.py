"""Spider Twist on Tabletop Simulator (the registry's "tts" part): the web (rings side up;
PgUp/PgDn turns it to the spiral side), the female on the centre node, each player's 10
males in his stock before him, picture face up, and a d6 (docs/rules/spider-twist.md#setup).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.printing.tts.setup import Lay, Name, TtsGame, at_seat

if TYPE_CHECKING:
    from pnp.printing.context import DrawContext
    from pnp.printing.game import ExportPiece

SEAT = {"white": "south", "black": "north"}
STOCK_GAP = 4.0                 # mm between two males in a stock row


def lay(ctx: DrawContext) -> list[Lay]:
    pieces = {p.component.id: p for p in ctx.printing.export(ctx)}
    rings, spiral = pieces["board-rings"], pieces["board-spiral"]
    w, h = rings.component.width, rings.component.height
    cx, cy = rings.extra["nodes"]["C"]
    lays = [Lay(("board-rings", "board-spiral"), pile="states", locked=True, name="Web"),
            Lay(("female",), cx - w / 2, cy - h / 2)]
    assert spiral.extra["nodes"]["C"] == rings.extra["nodes"]["C"]
    for colour, seat in SEAT.items():
        male = pieces[f"male-{colour}"]
        step = male.component.width + STOCK_GAP
        for k in range(male.count):
            x, y, turn = at_seat(seat, h / 2 + 30.0, (k - (male.count - 1) / 2) * step)
            lays.append(Lay((male.component.id,), x, y, turn))
    x, y, _turn = at_seat("south", h / 2 + 30.0, w / 2 + 40.0)
    lays.append(Lay(("die",), x, y))
    return lays


def name(piece: ExportPiece) -> Name:
    comp = piece.component
    if comp.kind == "board":
        return Name("Web", "Two-sided: rings (beginners) up; PgUp/PgDn turns it to the "
                    "spiral. Males enter on the outer ring; mated and eaten areas per player.")
    if comp.kind == "female":
        return Name("Female", "Starts on the centre node; reacts to every disturbance. "
                    "Put the die on her while she eats.")
    if comp.kind == "die":
        return Name("Die", "On the female while she eats: counts down one a disturbance.")
    colour = comp.id.removeprefix("male-")
    return Name(f"{colour} male", "Picture up: may still act this turn; turn him over "
                "when done.")


TTS = TtsGame(lay=lay, name=name, objects={"board": "board", "die": "die"},
              thickness={"board": 3.0, "male": 2.0, "female": 3.0},
              set_up="The web rings side up (PgUp/PgDn: the spiral), the female on the "
                     "centre, each player's 10 males in his stock, a d6.")

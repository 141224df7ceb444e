"""Assyria on Tabletop Simulator (the registry's "tts" part): four players' table as the
rules core sets it up (docs/rules/assyria.md#setup): the board in the middle; every
player's score, camel and offering disc on 0 and his fourth disc on his place in the
random turn order; the face-up 4 in expansion slot 1 and the other eight expansion cards
face down beside the board (the bonus card waiting for reign 2); the first turn's sowing
laid out in its five columns below the board, the food deck face down beside it; before
each player his plough, huts and ziggurat pieces (he puts a base on a free start hex, in
turn order: the start hexes are marked); the 16 wells in a pile."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pnp.geometry import assyria as geometry
from pnp.printing.assyria.components import players
from pnp.printing.tts.setup import SEATS, Lay, Name, TtsGame, at_seat
from pnp.rules.assyria.cards import PLOUGH
from pnp.rules.assyria.game import GAME

if TYPE_CHECKING:
    from pnp.geometry.polygon import Point
    from pnp.printing.context import DrawContext
    from pnp.printing.game import ExportPiece
    from pnp.rules.assyria.state import State

SEED = 1                        # the turn order, the sowing and the decks' order
CARD_STEP = (70.0, 95.0)        # mm between cards laid side by side, and row to row
SUPPLY = ("hut", "base", "centre", "roof")
SUPPLY_STEP = 36.0


def lay(ctx: DrawContext) -> list[Lay]:
    state = GAME.initial_state(SEED, len(players()))
    width, height = geometry.board_size()

    def on_board(point: Point) -> tuple[float, float]:
        return point[0] - width / 2, point[1] - height / 2

    rng = random.Random(SEED)
    lays = [Lay(("board",), locked=True, name="Board")]
    discs = tuple(f"disc-{c}" for c in players())
    for space in (geometry.score_spaces()[0], geometry.camel_spaces()[0],
                  geometry.offering_spaces()[0]):
        lays.append(Lay(discs, *on_board(space.centre), name=f"Discs on {space.id}"))
    for space, colour in zip(geometry.turn_spaces(), state.order, strict=True):
        lays.append(Lay((f"disc-{colour}",), *on_board(space.centre)))
    lays.append(Lay((f"expansion-{state.expansion[0]}",),
                    *on_board(geometry.expansion_slots()[0].centre)))
    lays += _beside_board(state, height, rng)
    lays += _supplies(width, height)
    return lays


def _beside_board(state: State, height: float, rng: random.Random) -> list[Lay]:
    """Below the board: the sowing's columns (left to right, two cards each), the food deck
    left of them, the expansion deck, the bonus card and the wells right of them."""
    dx, dy = CARD_STEP
    top = height / 2 + 20.0 + dy / 2
    lays = []
    for k, column in enumerate(state.sowing):
        for row, card in enumerate(column):
            lays.append(Lay((card,), (k - 2) * dx, top + row * dy))
    food = sorted(state.deck.elements())
    rng.shuffle(food)
    lays.append(Lay(tuple(food), -3.5 * dx, top + dy / 2, face_up=False, name="Food deck"))
    expansion = [f"expansion-{v}" for v in sorted(state.expansion_deck.elements())]
    rng.shuffle(expansion)
    lays.append(Lay(tuple(expansion), 3.5 * dx, top, face_up=False, name="Expansion cards"))
    lays.append(Lay(("bonus",), 3.5 * dx, top + dy))
    lays.append(Lay(("well",) * 16, 4.7 * dx, top + dy / 2, name="Wells"))
    return lays


def _supplies(width: float, height: float) -> list[Lay]:
    """Before each player (seated clockwise from the south), his plough, huts, ziggurat
    bases, centres and roofs."""
    lays = []
    for colour, seat in zip(players(), SEATS, strict=True):
        reach = {"south": height / 2 + 270.0, "north": height / 2 + 80.0}.get(
            seat, width / 2 + 80.0)
        x, y, turn = at_seat(seat, reach, -2 * SUPPLY_STEP - 20.0)
        lays.append(Lay((PLOUGH,), x, y, turn, name=f"{colour}'s plough"))
        for k, kind in enumerate(SUPPLY):
            x, y, turn = at_seat(seat, reach, (k - 1) * SUPPLY_STEP)
            count = {"hut": 10}.get(kind, 4)
            lays.append(Lay((f"{kind}-{colour}",) * count, x, y, turn,
                            name=f"{colour} {kind}s"))
    return lays


DESCRIPTIONS = {
    "hut": "Placed in phase II next to your huts or ziggurats; fed every turn.",
    "base": "Ziggurat base: the first on a start hex; later 6 camels in place of a hut.",
    "centre": "Ziggurat centre: 3 camels, on a base.",
    "roof": "Ziggurat roof: 2 camels, on a centre.",
    "disc": "Score, camels, offerings and turn order (the harvest column you take).",
    "well": "On a vertex of three of your supplied huts: 6 / 5 / 4 points in reign 1 / 2 / 3.",
}


def name(piece: ExportPiece) -> Name:
    comp = piece.component
    if comp.kind == "board":
        return Name("Assyria board", "64 hexes, two rivers, the tracks, Ashur's temple.")
    if comp.kind == "card":
        deck = piece.extra.get("deck", "")
        return Name(comp.id, f"A {deck} card." if deck else "A card.")
    colour = piece.extra.get("player")
    title = f"{colour} {comp.kind}" if colour else comp.kind
    return Name(title, DESCRIPTIONS.get(comp.kind, ""))


TTS = TtsGame(lay=lay, name=name, objects={"board": "board", "card": "card"},
              thickness={"board": 3.0, "hut": 4.0, "base": 4.0, "centre": 4.0,
                         "roof": 4.0, "disc": 3.0, "well": 3.0},
              set_up="Four players: the board, the discs on 0 and in turn order, expansion "
                     "slot 1, the first sowing below the board and the decks; each "
                     "player's plough, huts and ziggurat pieces before him.")

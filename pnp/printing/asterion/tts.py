"""Asterion on Tabletop Simulator (the registry's "tts" part): the Minotaur tile in the
middle of the table (on the Crete board's centre square), each colour's tiles shuffled face
down in a pile before its player, the tombs in a bag (docs/rules/asterion.md#setup)."""

from __future__ import annotations

import random
from typing import TYPE_CHECKING

from pnp.printing.tts.setup import SEATS, Lay, Name, TtsGame, at_seat

if TYPE_CHECKING:
    from pnp.printing.context import DrawContext
    from pnp.printing.game import ExportPiece

COLOURS = {"Y": "yellow", "B": "blue", "R": "red", "G": "green"}
SHUFFLE_SEED = "asterion"         # the piles' order: the same export, the same piles


def lay(ctx: DrawContext) -> list[Lay]:
    pieces = {p.component.id: p for p in ctx.printing.export(ctx)}
    board = pieces.get("board")
    lays = [Lay(("board",), locked=True, name="Crete board")] if board else []
    lays.append(Lay(("M",)))                       # the middle of the table / the board
    reach = (board.component.width / 2 + 60) if board else 230.0
    rng = random.Random(SHUFFLE_SEED)
    for seat, letter in zip(SEATS, COLOURS, strict=True):
        tiles = sorted(p for p in pieces if p[0] == letter and p[1:].isdigit())
        rng.shuffle(tiles)
        x, y, turn = at_seat(seat, reach)
        lays.append(Lay(tuple(tiles), x, y, turn, face_up=False,
                        name=f"{COLOURS[letter]} tiles"))
    tomb = pieces["tomb"]
    x, y, _turn = at_seat("south", reach, 120.0)
    lays.append(Lay(("tomb",) * tomb.count, x, y, pile="bag", name="Tombs"))
    return lays


def name(piece: ExportPiece) -> Name:
    comp = piece.component
    if comp.kind == "board":
        return Name("Crete board", "The diamond board: the Minotaur on its centre square; "
                    "4 players use all 61 squares, 3 the inner 41, 2 the inner 25.")
    if comp.kind == "tomb":
        return Name("Tomb", "Put one on every prisoner killed by Asterion.")
    if comp.id == "M":
        return Name("M - Minotaur", "Asterion's tile: in the middle, he never moves.")
    colour = COLOURS[comp.id[0]]
    return Name(comp.id, f"A {colour} labyrinth tile (its id is printed on it); "
                "place it next to a placed tile, any turn, never trapping Asterion.")


TTS = TtsGame(lay=lay, name=name, objects={"board": "board"},
              thickness={"tile": 2.0, "board": 3.0, "tomb": 3.0},
              set_up="The Minotaur in the middle; each colour's tiles shuffled face down "
                     "before its player; the tombs in a bag. On the Crete board each player "
                     "first discards 2, 4 or 5 tiles (4, 3 or 2 players).")

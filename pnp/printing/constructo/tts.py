"""Constructo on Tabletop Simulator (the registry's "tts" part): round 1's board of 9
tiles in the middle of the table, in the first pattern (the rules advise one pattern for
both rounds of a first game; lay another for the second round if you like), and each
player's 9 pieces in his supply before him (docs/rules/constructo.md#play)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from pnp.geometry.constructo import board_centres, tile_turn
from pnp.printing.tts.setup import Lay, Name, TtsGame, at_seat
from pnp.rules.constructo.hexes import PATTERN_NAMES

if TYPE_CHECKING:
    from pnp.printing.context import DrawContext
    from pnp.printing.game import ExportPiece

SEAT = {"white": "south", "black": "north"}
PIECES = ("ring", "medium", "small")
GAP = 6.0                      # mm between pieces in a supply row
ROUND_1 = PATTERN_NAMES[0]


def lay(ctx: DrawContext) -> list[Lay]:
    pieces = {p.component.id: p for p in ctx.printing.export(ctx)}
    tiles = sorted((p for p in pieces.values() if p.component.kind == "tile"),
                   key=lambda p: p.component.id)
    centres = board_centres(ROUND_1)
    # The board frame lays tiles pointy side up; a face exported wider than tall is flat
    # side up, so it turns a quarter (tile_turn of the board's tile box).
    turn = 90.0 - tile_turn(tiles[0].component.width, tiles[0].component.height)
    lays = [Lay((t.component.id,), x, y, turn)
            for t, (x, y) in zip(tiles, (centres[k] for k in sorted(centres)), strict=True)]
    reach = max(y for _x, y in centres.values()) + 100.0
    for owner, seat in SEAT.items():
        row = [pieces[f"{owner}-{kind}"] for kind in PIECES]
        widths = [p.component.width for p in row for _ in range(p.count)]
        along = -(sum(widths) + GAP * (len(widths) - 1)) / 2
        for piece in row:
            for _ in range(piece.count):
                along += piece.component.width / 2
                x, y, t = at_seat(seat, reach, along)
                lays.append(Lay((piece.component.id,), x, y, t))
                along += piece.component.width / 2 + GAP
    return lays


def name(piece: ExportPiece) -> Name:
    comp = piece.component
    if comp.kind == "tile":
        return Name(comp.id, f"A board tile (round 1: the {ROUND_1} pattern).")
    owner, kind = piece.extra["owner"], piece.extra["piece"]
    moves = {"ring": "goes onto a small disc (around it)",
             "medium": "goes onto a ring", "small": "goes onto a medium disc"}[kind]
    return Name(f"{owner} {comp.kind}", f"Place it on an empty tile, or move it alone to "
                f"a neighbour topped by the opponent: it {moves}.")


TTS = TtsGame(lay=lay, name=name, thickness={"tile": 2.0, "ring": 3.0, "medium disc": 3.0,
                                             "small disc": 3.0},
              set_up=f"Round 1's board ({ROUND_1}) in the middle; each player's 9 pieces "
                     "before him.")

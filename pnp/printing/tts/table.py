"""The laid-out table: a game's `Lay`s turned into TTS objects (objects.py), every piece as
the object its kind makes, at its real size, cards from their deck sheets."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from pnp.printing.tts import objects
from pnp.printing.tts.guids import Guids
from pnp.printing.tts.setup import Lay, TtsGame
from pnp.printing.tts.sheets import Sheet
from pnp.printing.tts.units import card_scale, image_scale, units

if TYPE_CHECKING:
    from pnp.printing.game import ExportPiece

Url = Callable[[str], str]          # a file the export writes -> its URL in the JSON
DIE_SCALE = 1.0                     # TTS's standard d6 as it comes


def front_file(piece_id: str) -> str:
    return f"{piece_id}.png"


def back_file(piece_id: str) -> str:
    return f"{piece_id}-back.png"


@dataclass
class Table:
    """Builds the objects of one game's table, lay by lay."""

    game: TtsGame
    pieces: dict[str, ExportPiece]
    sheets: list[Sheet]
    url: Url
    guids: Guids
    boards: list[tuple[tuple[float, float, float, float], float]] = field(default_factory=list)

    def lay_out(self, lays: list[Lay]) -> list[dict[str, Any]]:
        """Every object on the table. A stack is its pieces, each lying on the one below
        (TTS piles stackable pieces that lie on each other)."""
        out: list[dict[str, Any]] = []
        for lay in lays:
            out += self._lay(lay)
        return out

    def _lay(self, lay: Lay) -> list[dict[str, Any]]:
        unknown = sorted({p for p in lay.pieces if p not in self.pieces})
        if unknown:
            raise ValueError(f"the set-up names pieces the game does not export: {unknown}")
        place = objects.Place(lay.x, lay.y, self._under(lay.x, lay.y), lay.turn, lay.face_up)
        if {self.game.object_of(self.pieces[p]) for p in lay.pieces} == {"card"}:
            return [self._cards(lay, place)]
        if lay.pile == "bag":
            contents = [self._piece(p, place) for p in lay.pieces]
            holder = objects.base("Bag", self.guids.next(), place, 1.0, lay.name,
                                  f"{len(contents)} pieces")
            return [objects.bag(holder, contents)]
        if lay.pile == "states":
            first, *others = [self._piece(p, place, lay.locked) for p in lay.pieces]
            if others:
                first["States"] = {str(i + 2): o for i, o in enumerate(others)}
            self._note_board(lay.pieces[0], place)
            return [first]
        made = []
        for piece_id in lay.pieces:
            made.append(self._piece(piece_id, place, lay.locked))
            self._note_board(piece_id, place)
            kind = self.pieces[piece_id].component.kind
            place = replace(place, lift=place.lift + self.game.thickness_of(kind))
        return made

    def _under(self, x: float, y: float) -> float:
        """How high the boards laid so far lift a piece at (x, y)."""
        return max([h for (x0, y0, x1, y1), h in self.boards
                    if x0 <= x <= x1 and y0 <= y <= y1], default=0.0)

    def _note_board(self, piece_id: str, place: objects.Place) -> None:
        piece = self.pieces[piece_id]
        if self.game.object_of(piece) != "board":
            return
        w, h = piece.component.width, piece.component.height
        if round(place.turn) % 180:
            w, h = h, w
        top = place.lift + self.game.thickness_of(piece.component.kind)
        self.boards.append(((place.x - w / 2, place.y - h / 2,
                             place.x + w / 2, place.y + h / 2), top))

    def _piece(self, piece_id: str, place: objects.Place, locked: bool = False
               ) -> dict[str, Any]:
        piece = self.pieces[piece_id]
        comp = piece.component
        name = self.game.name(piece)
        what = self.game.object_of(piece)
        if what == "die":
            return objects.base("Die_6", self.guids.next(), place, DIE_SCALE, name.nickname,
                                name.description)
        if what == "card":
            return self._card(piece_id, place)
        scale = image_scale(comp.width, comp.height)
        thickness = units(self.game.thickness_of(comp.kind)) / scale
        kinds = {"board": "Custom_Board", "tile": "Custom_Tile", "token": "Custom_Token"}
        obj = objects.base(kinds[what], self.guids.next(), place, scale, name.nickname,
                           name.description, locked or what == "board")
        front = self.url(front_file(comp.id))
        if what == "board":
            return objects.board(obj, front)
        if what == "tile":
            back = self.url(back_file(comp.id)) if piece.back else front
            return objects.tile(obj, front, back, comp.shape, thickness)
        return objects.token(obj, front, thickness)

    def sheet_of(self, piece_id: str) -> Sheet:
        return next(s for s in self.sheets if piece_id in s.cards)

    def _card(self, piece_id: str, place: objects.Place) -> dict[str, Any]:
        piece = self.pieces[piece_id]
        sheet = self.sheet_of(piece_id)
        name = self.game.name(piece)
        obj = objects.base("Card", self.guids.next(), place,
                           card_scale(piece.component.height), name.nickname,
                           name.description)
        deck = objects.custom_deck(self.url(sheet.faces_file), self.url(sheet.backs_file),
                                   sheet.columns, sheet.rows)
        return objects.card(obj, sheet.card_id(piece_id), deck)

    def _cards(self, lay: Lay, place: objects.Place) -> dict[str, Any]:
        """One card, or a deck of them (the last piece on top)."""
        cards = [self._card(p, place) for p in reversed(lay.pieces)]
        if len(cards) == 1:
            return cards[0]
        holder = objects.base("DeckCustom", self.guids.next(), place,
                              cards[0]["Transform"]["scaleX"], lay.name,
                              f"{len(cards)} cards")
        return objects.deck(holder, cards)

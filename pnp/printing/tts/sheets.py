"""Deck sheets: card faces in a grid on one image, as TTS's custom decks take them.

TTS's limits (its knowledge base, Custom Deck and Asset Creation): at most 10 cards across
and 7 down, at least 2 each way; the last slot holds the hidden card (what others see of a
card in a hand), so a sheet holds 69 cards at most; an image is best kept within 4096 x 4096
pixels. A card's CardID is its deck id x 100 + its slot (left to right, top to bottom). The
backs come on a sheet of the same grid (unique backs), slot for slot.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from PIL import Image

MAX_COLUMNS, MAX_ROWS = 10, 7
MIN_COLUMNS, MIN_ROWS = 2, 2
CAPACITY = MAX_COLUMNS * MAX_ROWS - 1
MAX_SIDE = 4096                  # px, any image the export writes


@dataclass(frozen=True)
class Sheet:
    deck_id: int                 # the CustomDeck key, 1..
    columns: int
    rows: int
    cards: tuple[str, ...]       # the card faces in slot order (export piece ids)

    @property
    def hidden_slot(self) -> int:
        return self.columns * self.rows - 1

    def card_id(self, card: str) -> int:
        return self.deck_id * 100 + self.cards.index(card)

    @property
    def faces_file(self) -> str:
        return f"deck-{self.deck_id}-faces.png"

    @property
    def backs_file(self) -> str:
        return f"deck-{self.deck_id}-backs.png"


def grid(count: int) -> tuple[int, int]:
    """Columns and rows for `count` cards and the hidden card."""
    if not 1 <= count <= CAPACITY:
        raise ValueError(f"a sheet holds 1 to {CAPACITY} cards, not {count}")
    columns = max(MIN_COLUMNS, min(MAX_COLUMNS, count + 1))
    return columns, max(MIN_ROWS, math.ceil((count + 1) / columns))


def plan_sheets(groups: list[list[str]], first_id: int = 1) -> list[Sheet]:
    """Sheets for groups of cards (one group a card size), each group cut into sheets of
    at most CAPACITY cards, numbered from `first_id` in order."""
    sheets: list[Sheet] = []
    for cards in groups:
        for start in range(0, len(cards), CAPACITY):
            chunk = tuple(cards[start:start + CAPACITY])
            sheets.append(Sheet(first_id + len(sheets), *grid(len(chunk)), chunk))
    return sheets


def cell_size(face: tuple[int, int], columns: int, rows: int) -> tuple[int, int]:
    """A slot's pixels: the face's, shrunk (keeping its aspect) until the sheet fits."""
    w, h = face
    f = min(1.0, MAX_SIDE / (columns * w), MAX_SIDE / (rows * h))
    return max(1, math.floor(w * f)), max(1, math.floor(h * f))


def compose(sheet: Sheet, images: dict[str, Image.Image], hidden: Image.Image) -> Image.Image:
    """The sheet image: each card's image in its slot, `hidden` in the last slot; slots
    between stay white."""
    first = images[sheet.cards[0]]
    cw, ch = cell_size(first.size, sheet.columns, sheet.rows)
    out = Image.new("RGB", (cw * sheet.columns, ch * sheet.rows), "white")
    slots = [*((i, images[c]) for i, c in enumerate(sheet.cards)), (sheet.hidden_slot, hidden)]
    for index, image in slots:
        x, y = (index % sheet.columns) * cw, (index // sheet.columns) * ch
        out.paste(image.convert("RGB").resize((cw, ch), Image.Resampling.LANCZOS), (x, y))
    return out


def crop(sheet_image: Image.Image, columns: int, rows: int, slot: int) -> Image.Image:
    """The image in one slot of a sheet of `columns` x `rows` (what TTS shows for it)."""
    cw, ch = sheet_image.width // columns, sheet_image.height // rows
    x, y = (slot % columns) * cw, (slot // columns) * ch
    return sheet_image.crop((x, y, x + cw, y + ch))

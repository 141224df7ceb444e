"""What every drawing function needs to know besides the item it draws."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from pnp.printing.placement import Options

if TYPE_CHECKING:
    from pnp.printing.game import GamePrinting


@dataclass(frozen=True)
class DrawContext:
    """What a game's drawing code is given besides the item: game, edition, style, options."""
    printing: GamePrinting   # the game's part: its drawing, titles, editions
    edition: str | None      # "crete" or "revised"; None for a game with one edition
    style: Any               # the game's style (`printing.style(ink_saver)`)
    options: Options         # paper, bleed, duplex, back offset, crop marks
    marks: str | None = None   # the game's machine-mark design, one of its GamePrinting's
    #                            `mark_designs`; None: its layout's default

    @property
    def game(self) -> str:
        return self.printing.name

    @property
    def bleed(self) -> float:
        return self.options.bleed

    def without_bleed(self) -> DrawContext:
        """The same context with no bleed and no crop marks: a face at its cut size."""
        return replace(self, options=replace(self.options, bleed=0.0, duplex="long",
                                             back_offset=(0.0, 0.0), crop_marks=False))

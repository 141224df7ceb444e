"""What every drawing function needs to know besides the item it draws."""

from __future__ import annotations

from dataclasses import dataclass

from pnp.printing.placement import Options
from pnp.printing.style import Style


@dataclass(frozen=True)
class DrawContext:
    game: str                # "asterion"
    edition: str             # "crete" or "revised"
    style: Style
    options: Options         # paper, bleed, duplex, back offset, crop marks

    @property
    def bleed(self) -> float:
        return self.options.bleed

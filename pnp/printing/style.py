"""The fonts and plain colours every game's drawing shares.

A game's own colours live in its layout and its style (`GamePrinting.style`).
"""

from __future__ import annotations

from functools import cache

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp import layouts

FONT = "PnpSans"
FONT_BOLD = "PnpSans-Bold"
WHITE = HexColor("#FFFFFF")
BLACK = HexColor("#000000")
REGISTRATION = HexColor("#000000")


@cache
def register_fonts() -> None:
    """Embed the fonts from `fonts/` (Bitstream Vera): nothing depends on system fonts."""
    folder = layouts.fonts_dir()
    pdfmetrics.registerFont(TTFont(FONT, str(folder / "Vera.ttf")))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(folder / "VeraBd.ttf")))

"""The fonts and plain colours every game's drawing shares.

A game's own colours live in its layout and its style (`GamePrinting.style`).
"""

from __future__ import annotations

from functools import cache

from reportlab.lib.colors import HexColor
from reportlab.pdfbase import pdfmetrics
from reportlab.pdfbase.ttfonts import TTFont

from pnp import layouts
from pnp.units import PT_PER_MM

FONT = "PnpSans"
FONT_BOLD = "PnpSans-Bold"
WHITE = HexColor("#FFFFFF")
BLACK = HexColor("#000000")
REGISTRATION = HexColor("#000000")
CAP_HEIGHT = 0.73            # Vera's capital height, in ems


@cache
def register_fonts() -> None:
    """Embed the fonts from `fonts/` (Bitstream Vera): nothing depends on system fonts."""
    folder = layouts.fonts_dir()
    pdfmetrics.registerFont(TTFont(FONT, str(folder / "Vera.ttf")))
    pdfmetrics.registerFont(TTFont(FONT_BOLD, str(folder / "VeraBd.ttf")))


def font_pt(cap_mm: float) -> float:
    """The font size (pt) whose capitals are `cap_mm` tall."""
    return cap_mm / CAP_HEIGHT * PT_PER_MM

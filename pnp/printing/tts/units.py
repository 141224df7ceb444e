"""Millimetres on the table to Tabletop Simulator's units and scales.

TTS measures in its own units, "about an inch" (its knowledge base, Custom Token); we take
one unit as 25.4 mm. An image object's size is not written in the save file: TTS sizes it
from its scale (and the image's aspect), so each object type has a size at scale 1, here.
A standard card at scale 1 is a poker card (TTS's deck templates), 88.9 mm tall; a tile, a
token or a board at scale 1 has its longer side 1.32 in (community measurements of published
mods). Change these two numbers, and nothing else, should TTS be found to differ.
"""

from __future__ import annotations

MM_PER_UNIT = 25.4
TABLE_TOP = 1.0            # units: the height objects are laid at, above which piles rise
# The size of an object at scale 1, in mm: a card's height; an image object's longer side.
SIZE_AT_SCALE_1 = {"Card": 88.9, "image": 33.5}
DIGITS = 4                 # decimals written: 0.0025 mm at most, and stable text


def units(mm: float) -> float:
    return round(mm / MM_PER_UNIT, DIGITS) + 0.0        # + 0.0: never "-0.0"


def card_scale(height_mm: float) -> float:
    """The scale at which a card is `height_mm` tall."""
    return round(height_mm / SIZE_AT_SCALE_1["Card"], DIGITS)


def image_scale(width_mm: float, height_mm: float) -> float:
    """The scale at which a tile, token or board spans `width_mm` x `height_mm`."""
    return round(max(width_mm, height_mm) / SIZE_AT_SCALE_1["image"], DIGITS)


def card_size(scale: float, aspect: float) -> tuple[float, float]:
    """A card's width and height in mm at `scale`, its face `aspect` (width / height)."""
    height = SIZE_AT_SCALE_1["Card"] * scale
    return height * aspect, height


def image_size(scale: float, aspect: float) -> tuple[float, float]:
    """An image object's width and height in mm at `scale`, its image `aspect`."""
    longer = SIZE_AT_SCALE_1["image"] * scale
    return (longer, longer / aspect) if aspect >= 1 else (longer * aspect, longer)

"""Text layout for a player aid: wrapped paragraphs and headings (game-neutral).

A game's aid picks its sizes (`Prose(9.5, 4.6)`, `Heading(12, 6.5)`); the wrapping and
the line steps are the same for every game.
"""

from __future__ import annotations

from dataclasses import dataclass

from reportlab.lib.utils import simpleSplit

from pnp.printing.drawing import Canvas
from pnp.printing.pen import text
from pnp.printing.style import BLACK, FONT, FONT_BOLD


def wrap(string: str, font: str, size: float, width: float) -> list[str]:
    """`string` broken into lines no wider than `width` mm at `size` pt."""
    return simpleSplit(string, font, size, width * 72 / 25.4)


@dataclass(frozen=True)
class Prose:
    """A player aid's body text: its size and leading."""
    size: float         # body text, pt
    leading: float      # mm between lines of body text

    def paragraph(self, canvas: Canvas, x: float, y: float, width: float, string: str) -> float:
        """Wrapped text from baseline y; returns the baseline after the last line."""
        for line in wrap(string, FONT, self.size, width):
            text(canvas, x, y, line, self.size)
            y += self.leading
        return y


@dataclass(frozen=True)
class Heading:
    """A player aid's heading: its size and the step to the next baseline."""
    size: float         # pt, bold, black
    step: float         # mm from its baseline to the next baseline

    def draw(self, canvas: Canvas, x: float, y: float, string: str) -> float:
        """The heading at baseline y; returns the baseline below it."""
        canvas.setFillColor(BLACK)
        text(canvas, x, y, string, self.size, FONT_BOLD)
        return y + self.step

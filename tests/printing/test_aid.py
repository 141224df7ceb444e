"""The shared player-aid text layout (pnp/printing/aid.py)."""

from io import BytesIO

from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas

from pnp.printing.aid import Heading, Prose, wrap
from pnp.printing.style import FONT, register_fonts

WORDS = ("The female reacts at once to every placement and every move, before the next "
         "action; an eaten male leaves the web and counts minus one.")


def setup_module():
    register_fonts()


def test_wrap_keeps_every_word_and_each_line_fits_the_width():
    lines = wrap(WORDS, FONT, 9.0, 40.0)
    assert len(lines) > 2
    assert " ".join(lines).split() == WORDS.split()
    assert all(stringWidth(line, FONT, 9.0) * 25.4 / 72 <= 40.0 for line in lines)


def test_a_paragraph_steps_one_leading_a_line_and_a_heading_its_step():
    canvas = Canvas(BytesIO())
    prose = Prose(9.0, 4.25)
    y = prose.paragraph(canvas, 10.0, 20.0, 40.0, WORDS)
    assert y == 20.0 + 4.25 * len(wrap(WORDS, FONT, 9.0, 40.0))
    assert prose.paragraph(canvas, 10.0, 20.0, 500.0, WORDS) == 24.25
    assert Heading(12.0, 6.5).draw(canvas, 10.0, 20.0, "Setup") == 26.5

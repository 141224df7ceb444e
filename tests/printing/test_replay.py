"""Drawing copied from a first take (`replay.drawn_once`) writes the same PDF as drawing it
again: for every game's build, and for the canvas states a copy must respect."""

from __future__ import annotations

import io

import pytest
from reportlab.lib.colors import HexColor
from reportlab.pdfgen.canvas import Canvas

from pnp.games import part
from pnp.printing import replay
from pnp.printing.build import BuildRequest, build
from pnp.printing.svg_canvas import SvgCanvas

BUILDS = [
    ("asterion", {"edition": "crete"}),
    ("asterion", {"edition": "revised", "ink_saver": True, "paper": "letter"}),
    ("assyria", {}),
    ("assyria", {"ink_saver": True, "duplex": "short", "paper": "a3"}),
    ("constructo", {"crop_marks": False}),
    ("spider-twist", {}),
]


@pytest.mark.parametrize(("game", "options"), BUILDS)
def test_a_build_is_the_same_drawn_afresh(game, options, tmp_path, monkeypatch) -> None:
    """VERIFY draws every take afresh and fails on a copy that would differ; the PDF it
    writes is byte for byte the one the copies write."""
    request = BuildRequest(game, printing=part(game, "printing"), **options)
    copied = build(request, tmp_path / "copied").path.read_bytes()
    monkeypatch.setattr(replay, "VERIFY", True)
    fresh = build(request, tmp_path / "fresh").path.read_bytes()
    assert copied == fresh


def _badge(canvas: Canvas, colour: str, alpha: float | None = None) -> None:
    """A small drawing that may change the alpha without restoring it."""
    if alpha is not None:
        canvas.setFillAlpha(alpha)
    canvas.setFillColor(HexColor(colour))
    canvas.circle(5, 5, 4, stroke=0, fill=1)
    canvas.drawString(0, 0, "A")


def _turned_badge(canvas: Canvas, colour: str) -> None:
    """A drawing that starts with a transformation (merges into one just before it)."""
    canvas.rotate(30)
    _badge(canvas, colour)
    canvas.rotate(-30)


def _draw(canvas: Canvas, copy: bool, key: tuple, draw) -> None:
    if copy:
        replay.drawn_once(canvas, key, draw)
    else:
        draw()


def _pdf(copy: bool) -> bytes:
    """Two pages of badges at many places, alphas changing between them, drawn plainly or
    through `drawn_once`."""
    out = io.BytesIO()
    canvas = Canvas(out, invariant=1, pageCompression=0)
    badges = [("#112233", None), ("#112233", 0.5), ("#445566", 0.25), ("#112233", None),
              ("#112233", 0.5), ("#112233", 1.0), ("#112233", 0.25)]
    for page in range(2):      # the second page names its alphas in another order
        for k, (colour, alpha) in enumerate(badges if page == 0 else badges[::-1]):
            canvas.saveState()
            canvas.translate(20 * k, 30)
            _draw(canvas, copy, ("badge", colour, alpha),
                  lambda c=colour, a=alpha: _badge(canvas, c, a))
            canvas.translate(0, 15)
            _draw(canvas, copy, ("turned", colour), lambda c=colour: _turned_badge(canvas, c))
            canvas.restoreState()
        canvas.showPage()
    canvas.save()
    return out.getvalue()


def test_copies_respect_the_state_they_start_from() -> None:
    """An alpha left set, a page's own alpha names (in another order on another page), a
    first transformation merged into the one before: copied where it is exact, drawn
    again where it is not, same bytes."""
    assert _pdf(copy=True) == _pdf(copy=False)


def test_verify_catches_a_key_that_misses_what_the_drawing_depends_on(monkeypatch) -> None:
    canvas = Canvas(io.BytesIO(), invariant=1)

    def badge(colour: str) -> None:
        canvas.saveState()
        replay.drawn_once(canvas, "badge", lambda: _badge(canvas, colour))
        canvas.restoreState()

    badge("#112233")
    badge("#445566")
    assert ".266667 .333333 .4 rg" not in canvas._code      # the first take was copied
    monkeypatch.setattr(replay, "VERIFY", True)
    with pytest.raises(replay.ReplayMismatch, match="badge"):
        badge("#445566")


def test_other_canvases_just_draw() -> None:
    svg = SvgCanvas(10, 10)
    calls = []
    for _ in range(2):
        replay.drawn_once(svg, "same", lambda: calls.append(1))
    assert calls == [1, 1]


@pytest.mark.parametrize(("game", "edition", "modules", "kinds"), [
    ("asterion", "crete", ("pnp.printing.draw_split", "pnp.printing.asterion.draw"),
     {"board art": 1, "tomb": 1, "tile back": 5, "tile walls": 5}),
    ("assyria", None, ("pnp.printing.draw_split", "pnp.printing.assyria.draw_cards",
                       "pnp.printing.assyria.draw_tokens"),
     {"board art": 1, "card": 24}),
])
def test_a_build_draws_each_repeated_drawing_once(game, edition, modules, kinds, tmp_path,
                                                  monkeypatch) -> None:
    """What is worth the copying is copied: every key is drawn once in a whole build (the
    board's art once for all its pieces, each back design once), not once a page."""
    drawn: dict = {}

    def counting(canvas, key, draw) -> None:
        def counted() -> None:
            drawn[key] = drawn.get(key, 0) + 1
            draw()
        replay.drawn_once(canvas, key, counted)

    for module in modules:
        monkeypatch.setattr(f"{module}.drawn_once", counting)
    build(BuildRequest(game, edition, printing=part(game, "printing")), tmp_path)
    assert set(drawn.values()) == {1}
    by_kind: dict = {}
    for key in drawn:
        by_kind[key[0]] = by_kind.get(key[0], 0) + 1
    assert {kind: by_kind.get(kind) for kind in kinds} == kinds

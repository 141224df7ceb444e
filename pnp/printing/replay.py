"""Drawing a PDF prints many times, drawn once: a board's art under each of its pieces, a
back design, a token. The first time reportlab draws it and the content-stream operators
it wrote are kept; after that they are copied, which writes the same bytes in a fraction
of the time (a reportlab form would change the bytes: this does not).

Copying is exact when the drawing depends only on its key and on the graphics state it
starts from (reportlab writes an alpha only when it changes, by a name in the page's own
resources), so a take is copied only into the state it was drawn from, on a page that
names the alpha states it writes as they were named then. Only a self-contained take is
kept: it leaves the transformation and the state stack as it found them, starts with no
operator that merges into the one before (a transformation), and adds nothing to the
page but operators and forms (no annotation, spot colour or shading).

`VERIFY = True` (the tests) draws every time and checks that a copy would have been the
same: a key that does not say everything the drawing depends on fails there.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable
from typing import Any, NamedTuple

from reportlab.pdfgen.canvas import Canvas as PdfCanvas

VERIFY = False
# the graphics state but the transformation (no operator depends on it) and the alpha
# state (compared by its values)
_STATE = tuple(a for a in PdfCanvas.STATE_ATTRIBUTES
               if a not in ("_currentMatrix", "_extgstate"))
_TAKES = "_pnp_takes"       # canvas attribute: key -> the takes kept for it


class ReplayMismatch(AssertionError):
    """A copy would have differed from drawing afresh: the key misses something."""


class _Take(NamedTuple):     # not a dataclass: making one costs a build 0.4 ms at import
    start: tuple[Any, ...]       # the graphics state it was drawn from
    named: frozenset             # the alpha states the page had named then
    code: tuple[str, ...]        # the operators it wrote
    forms: tuple[str, ...]       # the forms it placed (the page's resources)
    end: tuple[Any, ...]         # the graphics state it left
    used: frozenset              # the named alpha states it writes
    added: frozenset             # those it named on the page

    def fits(self, start: tuple[Any, ...], named: frozenset) -> bool:
        """Whether drawing afresh from here writes this take: the same state, and the page
        names the alpha states as it did then, or already names every one it writes as it
        did (then drawing afresh names none)."""
        return self.start == start and (self.named == named or self.used <= named)


def _state(canvas: PdfCanvas) -> tuple[Any, ...]:
    """The graphics state, with the alpha values in force."""
    values = canvas.__dict__
    return tuple(values[a] for a in _STATE), sorted(canvas._extgstate._d.items())


def _named(canvas: PdfCanvas) -> frozenset:
    """The alpha states the page has named so far (its own resources: reportlab names the
    next one after them, and writes an alpha state by its name)."""
    return frozenset(canvas._extgstate._c.items())


def _copy(canvas: PdfCanvas, take: _Take) -> None:
    canvas._code.extend(take.code)
    canvas._formsinuse.extend(take.forms)
    values, alpha = take.end
    canvas.__dict__.update(zip(_STATE, values, strict=True))
    canvas._extgstate._d = dict(alpha)
    canvas._extgstate._c.update(take.added)    # shared by the page's saved states


def drawn_once(canvas: Any, key: Hashable, draw: Callable[[], None]) -> None:
    """`draw()` on `canvas`, or a copy of what it wrote the last time under `key` from the
    same state. `key` must name everything the drawing depends on within one document
    (the canvas's transformation excepted). Any other canvas (SVG) just draws."""
    if not isinstance(canvas, PdfCanvas):
        draw()
        return
    takes: list[_Take] = canvas.__dict__.setdefault(_TAKES, {}).setdefault(key, [])
    start, named = _state(canvas), _named(canvas)
    kept = next((t for t in takes if t.fits(start, named)), None)
    if kept is not None and not VERIFY:
        _copy(canvas, kept)
        return
    take = _record(canvas, start, named, draw)
    if kept is not None and take is not None and (
            (take.code, take.forms, take.end, named | take.added) !=
            (kept.code, kept.forms, kept.end, named | kept.added)):
        raise ReplayMismatch(f"drawing under key {key!r} differs from its first take")
    if kept is None and take is not None:
        takes.append(take)


def _record(canvas: PdfCanvas, start: tuple[Any, ...], named: frozenset,
            draw: Callable[[], None]) -> _Take | None:
    """Draw, and return what it wrote when it is self-contained (see the module's doc)."""
    code, forms = canvas._code, canvas._formsinuse
    n, n_forms = len(code), len(forms)
    before = code[-1] if code else None
    page = (canvas._currentMatrix, len(canvas.state_stack), len(canvas._annotationrefs),
            len(canvas._colorsUsed), len(canvas._shadingUsed), canvas._formData)
    draw()
    after = (canvas._currentMatrix, len(canvas.state_stack), len(canvas._annotationrefs),
             len(canvas._colorsUsed), len(canvas._shadingUsed), canvas._formData)
    merged = n > 0 and code[n - 1] is not before        # a transformation merged into it
    if merged or after != page or canvas._code is not code or canvas._formsinuse is not forms:
        return None
    written = tuple(code[n:])
    names = _named(canvas)
    gs = {op[1:-3] for op in written if op.endswith(" gs")}    # "/gRLs0 gs"
    return _Take(start, named, written, tuple(forms[n_forms:]), _state(canvas),
                 frozenset(item for item in names if item[1] in gs), names - named)

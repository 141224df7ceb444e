"""The board-split searches' and the page packing's answers for every build with the
default bleed, kept as data.

The split search (`plan._search`), the label and diagram spots (`furniture`), a piece's
cover boxes (`pieces._cover`) and the packing of a build's pieces on sheets
(`placement._packed`) are pure functions of their arguments: every build with the same
options asks them the same questions, and answering costs more than drawing the board (and
the split imports numpy).
`stored_plans.json` beside this module holds their answers, keyed by a digest of the
arguments (a board's functions by their names); a question not in it (another bleed, a
board whose data changed) is answered by the search itself. A change to the search's code
or to a board's functions keeps the questions: the test that recomputes every answer fails
until `python -m pnp.cli.stored_plans` writes the file anew.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import json
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:
    from pnp.printing.build import BuildRequest

STORE = Path(__file__).with_name("stored_plans.json")
_MISSING = object()
_recording: dict[str, Any] | None = None

F = TypeVar("F", bound=Callable[..., Any])


def describe(value: Any) -> Any:
    """`value` as JSON data that says everything the split functions read of it: a
    dataclass by its fields, a function by its name, floats exactly."""
    # the commonest first: a board is mostly tuples of floats
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, (tuple, list)):         # faster than the union type
        return [describe(v) for v in value]
    if dataclasses.is_dataclass(value) and not isinstance(value, type):
        return [type(value).__name__,
                [describe(getattr(value, f.name)) for f in dataclasses.fields(value)]]
    if callable(value):   # a function by its name (anything else by a repr never stored)
        return f"{value.__module__}.{getattr(value, '__qualname__', repr(value))}"
    return value


def _digest(value: Any) -> str:
    text = json.dumps(describe(value), separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


# a board or piece's digest by identity (they are built once per process and asked about
# again for every piece); the object is kept with it so that its id is not reused
_digests: dict[int, tuple[Any, str]] = {}


def _digest_once(value: Any) -> str:
    if not dataclasses.is_dataclass(value):
        return _digest(value)
    kept = _digests.get(id(value))
    if kept is None or kept[0] is not value:
        kept = _digests[id(value)] = (value, _digest(value))
    return kept[1]


def key(name: str, args: tuple[Any, ...]) -> str:
    """The question: the function's name and a digest of each argument."""
    text = json.dumps([name, [_digest_once(a) for a in args]], separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()


def _as_tuples(value: Any) -> Any:
    """JSON arrays back to the tuples the functions return."""
    return tuple(_as_tuples(v) for v in value) if isinstance(value, list) else value


@functools.cache
def _answers() -> dict[str, Any]:
    if not STORE.exists():
        return {}
    return json.loads(STORE.read_text())


def stored(function: F) -> F:
    """Answer from the store when it has the question; otherwise (and while recording)
    call `function`."""
    name = function.__name__

    @functools.wraps(function)
    def answer(*args: Any) -> Any:
        question = key(name, args)
        if _recording is None:
            known = _answers().get(question, _MISSING)
            if known is not _MISSING:
                return _as_tuples(known)
            return function(*args)
        value = function(*args)
        _recording[question] = value
        return value

    if hasattr(function, "cache_clear"):             # a cached search stays clearable
        answer.cache_clear = function.cache_clear  # type: ignore[attr-defined]
    return answer  # type: ignore[return-value]


@contextmanager
def recording() -> Iterator[dict[str, Any]]:
    """Within: every stored function computes its answer, and the answers are collected
    (question -> answer) in the dict yielded."""
    global _recording
    _recording = {}
    try:
        yield _recording
    finally:
        _recording = None


def kept_builds(printings: Iterable[Any]) -> Iterator[BuildRequest]:
    """The builds whose answers are kept, for the games' printing parts: every edition and
    paper, with and without registration marks, the default bleed."""
    from pnp.printing.build import BuildRequest

    for printing in printings:
        for edition in printing.editions or (None,):
            for paper in ("a4", "letter", "a3"):
                for marks in (False, True):
                    for design in (None, *printing.mark_designs):
                        yield BuildRequest(printing.name, edition, paper, printing=printing,
                                           cut_files=marks, cut_marks=marks, marks=design)


def record_all(requests: Iterable[BuildRequest]) -> dict[str, Any]:
    """Every answer the builds ask for, computed by the search itself, as JSON data."""
    import tempfile

    from pnp.printing.build import plan, write_pdf

    with recording() as answers, tempfile.TemporaryDirectory() as tmp:
        for request in requests:
            context, pages = plan(request)
            write_pdf(pages, context, Path(tmp) / "answers.pdf", None)
    return json.loads(json.dumps(answers, sort_keys=True))

"""The seam between the shared referee and each game's: what a game's referee returns and
offers.

A game's referee is one `GameReferee` object (e.g. `referee/asterion/__init__.py:
REFEREE`), registered in `pnp/games.py` as `referee="referee.<game>:REFEREE"`:

    verdict = REFEREE.read("table.jpg", **options)   # options: REFEREE.read_options
    verdict.is_certain          # no problems: the score can be trusted (exit 0, else 3)
    verdict.state               # what was seen, as the game's state JSON (`pnp score` reads it)
    verdict.score_report()      # the game's GameRules.score_report of it, or None
    verdict.to_dict()           # the score JSON plus a "detection" section
    REFEREE.draw_overlay(verdict, **overlay_options)   # BGR array; referee.overlay writes it

`read` raises a `referee.errors.RefereeError` (one line, exit 2) for input it cannot take
(not a photo, none of the game's markers, bad options); everything it is unsure about is a
problem in the verdict, never a silently wrong state. Shared modules never import a game:
the game hands its rules (`GameRules`) to its own verdicts. `read_options` are data
(pnp.rules.options.Option): `pnp referee` and the phone page build their options from them.

What a phone page (`pnp serve`) asks of a referee beyond that, each optional with a
default that offers nothing:

    REFEREE.form_options()              # the read options a phone can give
    REFEREE.places(verdict)             # Place: what a player may tap to settle a dispute
    REFEREE.corrections(verdict)        # Correction: a doubt the player can answer
    REFEREE.correct(verdict, answers)   # a new verdict with those answers applied
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, ClassVar

import numpy as np

from pnp.inputs import quote
from pnp.rules.api import GameRules, Report, RulesError
from pnp.rules.options import Option, names
from referee.errors import EXIT_SURE, EXIT_UNSURE, BadOption, CorrectionError
from referee.image import Photo, PhotoInput
from referee.problems import RefereeProblem

if TYPE_CHECKING:
    from referee.evaluate import AccuracyKit


@dataclass
class Verdict:
    """What a game's referee saw in one photo. A game subclasses it with what it read
    (tiles, pieces, readings) and its `seen()` JSON, and may draw its own overlay."""

    state: dict[str, Any] | None                 # the game's state JSON; None: nothing usable
    problems: list[RefereeProblem] = field(default_factory=list)
    homography: np.ndarray | None = None         # table mm -> photo px
    photo_size: tuple[int, int] = (0, 0)         # original px (after EXIF orientation)
    timings: dict[str, float] = field(default_factory=dict)   # seconds per stage
    photo: Photo | None = field(default=None, repr=False)   # the working copy, for overlays

    rules: ClassVar[GameRules | None] = None     # the game's rules core (set by the game)

    @property
    def is_certain(self) -> bool:
        return not self.problems

    @property
    def exit_code(self) -> int:
        """0 sure, 3 unsure (referee.errors)."""
        return EXIT_SURE if self.is_certain else EXIT_UNSURE

    def rules_state(self) -> Any | None:
        """`state` as the rules core's state (`GameRules.read_state`), or None if the rules
        cannot take it. A game may loosen this to score a partial table (Asterion does)."""
        if self.state is None or self.rules is None:
            return None
        try:
            return self.rules.read_state(self.state)
        except RulesError:
            return None

    def score_report(self) -> Report | None:
        """The rules core's score of what was seen (text lines and JSON data), or None."""
        state = self.rules_state()
        if state is None or self.rules is None:
            return None
        return self.rules.score_report(state)

    def seen(self) -> dict[str, Any]:
        """The game's part of `detection()`: what it read, and where each fact came from."""
        return {}

    def detection(self) -> dict[str, Any]:
        return {
            "certain": self.is_certain,
            "photo": {"width": self.photo_size[0], "height": self.photo_size[1]},
            **self.seen(),
            "problems": [p.to_dict() for p in self.problems],
        }

    def to_dict(self) -> dict[str, Any]:
        report = self.score_report()
        data: dict[str, Any] = dict(report.data) if report is not None else {}
        data["detection"] = self.detection()
        return data

    def draw_overlay(self, image: np.ndarray | None = None, image_scale: float | None = None,
                     **options: Any) -> np.ndarray:
        """The overlay (BGR). `image` is the photo scaled by `image_scale`; by default the
        verdict's working copy. A game overrides `_draw` with its own drawing."""
        if image is None:
            if self.photo is None:
                raise ValueError("no photo to draw on: pass the image")
            image, image_scale = self.photo.image, self.photo.scale
        return self._draw(image, 1.0 if image_scale is None else image_scale, **options)

    def _draw(self, image: np.ndarray, image_scale: float, **options: Any) -> np.ndarray:
        from referee.overlay import basic_overlay

        return basic_overlay(self, image, image_scale)


@dataclass(frozen=True)
class Place:
    """Something in the photo a player may point at to settle a dispute (a tile, a node):
    its outline in original photo px (a polygon, or one point) and the question for the
    rules (`GameRules.check_report`'s query) and the overlay (`overlay_options`)."""

    label: str                                       # e.g. "Y07"
    outline: Any                                     # n x 2 array, photo px
    query: dict[str, Any]                            # e.g. {"target": "Y07"}
    overlay: dict[str, Any] = field(default_factory=dict)   # e.g. {"check": "Y07"}


@dataclass(frozen=True)
class Correction:
    """A doubt the player can settle by looking at the table: a question, the values that
    can be true there (`choices`: (value, words)), and which of the verdict's problems an
    answer settles (indices into `verdict.problems`)."""

    key: str                                         # names it in `correct`'s answers
    question: str
    choices: tuple[tuple[str, str], ...]
    problems: tuple[int, ...]
    point: tuple[float, float] | None = None         # photo px


def answered(offered: Sequence[Correction], answers: Mapping[str, str]
             ) -> tuple[list[tuple[str, str]], set[int]]:
    """The player's answers checked against the corrections on offer: (key, value) in the
    order given, and the problems they settle (indices into the verdict's problems).
    CorrectionError, one line with the player's text quoted, for a key not on offer or a
    value not among its choices."""
    by_key = {c.key: c for c in offered}
    pairs: list[tuple[str, str]] = []
    settled: set[int] = set()
    for key, value in answers.items():
        c = by_key.get(key)
        if c is None:
            raise CorrectionError(f"nothing to correct at {quote(key)}")
        if value not in {v for v, _ in c.choices}:
            raise CorrectionError(f"{quote(value)} is not one of the answers for {key}")
        pairs.append((key, value))
        settled.update(c.problems)
    return pairs, settled


class GameReferee:
    """One game's photo referee. A game sets `name` and the options its `read` and its
    overlay take (the CLI and the phone page offer those), and implements `read`."""

    name: str = ""
    read_options: tuple[Option, ...] = ()    # what a photo cannot show: edition, players...
    overlay_options: tuple[str, ...] = ()    # draw_overlay's keywords, e.g. ("check",)

    def read(self, photo: PhotoInput, **options: Any) -> Verdict:
        """Read one photo (JPEG/PNG/HEIC bytes or path, or a BGR array)."""
        raise NotImplementedError

    def draw_overlay(self, verdict: Verdict, image: np.ndarray | None = None,
                     image_scale: float | None = None, **options: Any) -> np.ndarray:
        return verdict.draw_overlay(image, image_scale, **options)

    def refuse_unknown(self, options: Mapping[str, Any]) -> None:
        """BadOption for a keyword of `read` that is not one of `read_options`."""
        taken = names(self.read_options)
        unknown = sorted(set(options) - set(taken))
        if unknown:
            raise BadOption(f"{self.name}'s referee takes only {', '.join(taken) or 'nothing'}"
                            f", not {', '.join(unknown)}")

    # --- what the shell asks (pnp referee GAME ...); defaults fit most games ------------

    def summary_lines(self, verdict: Verdict) -> list[str]:
        """What was seen, in a line or two for people, before problems and the score."""
        n = len(verdict.problems)
        return [f"{self.name}: {'sure' if verdict.is_certain else f'{n} problem(s)'}"]

    def score_notes(self, verdict: Verdict) -> list[str]:
        """Lines after the score: where facts the photo cannot show came from."""
        return []

    def state_text(self, verdict: Verdict) -> str:
        """The state seen, as the file `pnp score` reads (`--save-state`)."""
        import json

        return json.dumps(verdict.state, indent=2, ensure_ascii=False) + "\n"

    def accuracy(self) -> AccuracyKit | None:
        """The benchmark's generated photos and judge (referee.evaluate), if the game has
        them yet."""
        return None

    def form_options(self) -> tuple[Option, ...]:
        """The read options a form on a phone can give (not a file on the computer)."""
        return tuple(o for o in self.read_options if o.on_page)

    # The phone page's seam: a game's module with `places(verdict)`,
    # `corrections(verdict)` and `correct(verdict, answers)` (e.g. referee.asterion.
    # corrections); None: nothing to tap, nothing to correct.
    seam: Any = None

    def places(self, verdict: Verdict) -> list[Place]:
        """What in the photo a player may tap to ask the rules about it (none by default)."""
        return self.seam.places(verdict) if self.seam is not None else []

    def corrections(self, verdict: Verdict) -> list[Correction]:
        """The verdict's doubts a player can answer by looking (none by default)."""
        return self.seam.corrections(verdict) if self.seam is not None else []

    def correct(self, verdict: Verdict, answers: Mapping[str, str]) -> Verdict:
        """A new verdict: `answers` (Correction.key -> one of its values) applied to the
        state, the problems they settle gone, the rules' own checks run again. Raises
        CorrectionError for an answer that is not on offer."""
        if self.seam is not None:
            return self.seam.correct(verdict, answers)
        if answers:
            raise CorrectionError(f"the {self.name} referee takes no corrections")
        return verdict

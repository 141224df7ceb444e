"""A verdict judged against the truth: what every game's accuracy tests and benchmark
count. Each game's `judge(verdict, truth) -> Outcome` says what "right" means for it
(Asterion's: referee/asterion/evaluate.py); benchmarks/referee_bench.py tabulates them,
photographing the `Case`s of the game's `AccuracyKit`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from referee.synth import SynthPhoto


@dataclass(frozen=True)
class Outcome:
    pieces: int                 # pieces on the true table (tiles, tokens ...)
    pieces_right: int           # identified, where they are, as they are
    certain: bool               # the referee claimed certainty (no problems)
    state_right: bool           # the whole state seen equals the truth
    score_right: bool           # its score equals the truth's (what a photo can show)
    problems: tuple[str, ...]   # the problem codes it raised
    unpinned: int = 0           # places read wrong with no problem pinned there
    hidden: int = 0             # places the scene itself hides (Case.hidden)
    hidden_unpinned: int = 0    # of those, places with no problem pinned there

    @property
    def wrong_unflagged(self) -> bool:
        """The worst failure: certain, yet the state or the score is wrong."""
        return self.certain and not (self.state_right and self.score_right)

    @property
    def exact(self) -> bool:
        return self.certain and self.state_right and self.score_right

    @property
    def hidden_ok(self) -> bool:
        """What a photo with hidden places must do: read exactly, or flag with a problem
        pinned on every hidden place (never wrong without a flag)."""
        return self.exact or (not self.certain and self.hidden_unpinned == 0)


@dataclass(frozen=True)
class Case:
    """One benchmark photo's truth: what to photograph and what the player tells the
    referee."""

    name: str                   # e.g. "003-glare-12mp-board-4p-seed100003" (a file name)
    preset: str                 # a referee.synth preset
    megapixels: float
    truth: dict[str, Any]       # the true state JSON
    options: dict[str, Any]     # the referee's read options (what a photo cannot show)
    # places the scene hides by its own make (Spider Twist: nodes the die on the female
    # leans over), worked out from its seeded layout and camera: a photo of a normal
    # condition with some is not plainly in view, and is counted apart
    hidden: tuple[str, ...] = ()


class AccuracyKit(Protocol):
    """What benchmarks/referee_bench.py needs of a game (`GameReferee.accuracy()`)."""

    pieces: str                 # what Outcome.pieces counts, for the table: "tiles"
    states: str                 # what Outcome.state_right judges: "boards"
    presets: tuple[str, ...]    # the presets the benchmark cycles through, in row order
    resolutions: tuple[float, ...]    # megapixels the latency table shows

    def case(self, i: int, seed: int) -> Case:
        """Photo i of a balanced design (presets change fastest), from a seeded game."""

    def photograph(self, case: Case, seed: int) -> SynthPhoto: ...

    def judge(self, verdict: Any, truth: dict[str, Any]) -> Outcome: ...

    # A kit whose cases may have `hidden` places also has
    # hidden_unpinned(verdict, truth, places) -> int: how many of them no problem pins.


# A kit's own conditions: name -> (shared preset, changes to its conditions, keyword
# arguments of the game's own piece maker).
OwnConditions = dict[str, tuple[str, dict[str, Any], dict[str, Any]]]


def shared_presets() -> tuple[str, ...]:
    """Every shared preset's name but "3mp" (each benchmark row runs at 12 and 3 MP)."""
    from referee.synth import PRESETS

    return tuple(name for name in PRESETS if name != "3mp")


def conditions_of(preset: str, own: OwnConditions) -> Any:
    """A shared preset's conditions, or one of a kit's own."""
    from referee.synth import PRESETS, with_conditions

    if preset in PRESETS:
        return PRESETS[preset]
    base, changes, _pieces = own[preset]
    return with_conditions(base, **changes)


def pieces_of(preset: str, own: OwnConditions, make: Any) -> Any:
    """How the pieces of a preset's photos are made (`make`: the game's piece maker)."""
    return make(**own[preset][2]) if preset in own else make()

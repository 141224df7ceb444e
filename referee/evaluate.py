"""A verdict judged against the truth: what every game's accuracy tests and benchmark
count. Each game's `judge(verdict, truth) -> Outcome` says what "right" means for it
(Asterion's: referee/asterion/evaluate.py); benchmarks/referee_bench.py tabulates them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Outcome:
    pieces: int                 # pieces on the true table (tiles, tokens ...)
    pieces_right: int           # identified, where they are, as they are
    certain: bool               # the referee claimed certainty (no problems)
    state_right: bool           # the whole state seen equals the truth
    score_right: bool           # its score equals the truth's (what a photo can show)
    problems: tuple[str, ...]   # the problem codes it raised

    @property
    def wrong_unflagged(self) -> bool:
        """The worst failure: certain, yet the state or the score is wrong."""
        return self.certain and not (self.state_right and self.score_right)

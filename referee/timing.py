"""Seconds per stage of one reading, for the benchmarks (game-neutral)."""

from __future__ import annotations

import time


class Laps:
    """`lap("detect")` ends a stage: the time since the last lap is added to its name (a
    stage run twice, e.g. after a second look, adds up)."""

    def __init__(self) -> None:
        self.timings: dict[str, float] = {}
        self._clock = time.perf_counter()

    def __call__(self, stage: str) -> None:
        now = time.perf_counter()
        self.timings[stage] = self.timings.get(stage, 0.0) + now - self._clock
        self._clock = now

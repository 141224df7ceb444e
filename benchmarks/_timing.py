"""Timing helpers for the rules benchmarks (`python benchmarks/<game>_bench.py`: this folder is
on the import path when a benchmark runs as a script)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any

Clock = Callable[[], float]


def per_second(play: Callable[[int], Any], count: int,
               clock: Clock = time.perf_counter) -> float:
    """How many `play(seed)` calls a second, over seeds 0..count-1 (`clock`:
    `time.process_time` counts this process's CPU, for a machine others load)."""
    start = clock()
    for seed in range(count):
        play(seed)
    return count / (clock() - start)


def per_call(call: Callable[[], Any], repeats: int, unit: float = 1e3,
             clock: Clock = time.perf_counter) -> float:
    """The time of one `call()`, the median of 5 batches of `repeats`, in seconds x `unit`
    (1e3: milliseconds, 1e6: microseconds)."""
    samples = []
    for _ in range(5):
        start = clock()
        for _ in range(repeats):
            call()
        samples.append((clock() - start) / repeats * unit)
    return statistics.median(samples)

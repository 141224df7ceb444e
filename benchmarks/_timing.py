"""Timing helpers for the rules benchmarks (`python benchmarks/<game>_bench.py`: this folder is
on the import path when a benchmark runs as a script)."""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable
from typing import Any


def per_second(play: Callable[[int], Any], count: int) -> float:
    """How many `play(seed)` calls a second, over seeds 0..count-1."""
    start = time.perf_counter()
    for seed in range(count):
        play(seed)
    return count / (time.perf_counter() - start)


def per_call(call: Callable[[], Any], repeats: int, unit: float = 1e3) -> float:
    """The time of one `call()`, the median of 5 batches of `repeats`, in seconds x `unit`
    (1e3: milliseconds, 1e6: microseconds)."""
    samples = []
    for _ in range(5):
        start = time.perf_counter()
        for _ in range(repeats):
            call()
        samples.append((time.perf_counter() - start) / repeats * unit)
    return statistics.median(samples)

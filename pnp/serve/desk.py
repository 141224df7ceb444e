"""The referee's desk: photos are read one at a time, in the order their uploads finished,
by one worker thread; each upload waits for its own job, so every phone sees its own result.

A job keeps what the page may ask about later (the verdict, for taps and corrections, and
the overlay file). The newest `RECENT` jobs keep their photo in memory (to draw a check on
the overlay); older ones drop it, and the oldest are forgotten past `REMEMBER`.
"""

from __future__ import annotations

import asyncio
import secrets
import threading
import time
from collections import OrderedDict
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

RECENT = 8          # jobs that keep their photo (a 12 MP photo's working copy is ~16 MB)
REMEMBER = 200      # jobs the page may still ask about


class DeskBusy(Exception):
    """Too many photos are waiting; the message is one sentence for the player."""


@dataclass
class Job:
    id: str                                   # random: the page names a job by it
    game: str
    options: dict[str, Any]                   # the referee's read options, parsed
    texts: dict[str, str]                     # the same as the player typed them
    number: int = 0                           # 1, 2, ... in the order photos arrived
    photo: Path | None = None                 # server-chosen name in the folder
    verdict: Any = None                       # the referee's Verdict
    current: Any = None                       # the verdict after the player's corrections
    overlay: Path | None = None               # JPEG, the same drawing as --overlay
    overlay_size: tuple[int, int] = (0, 0)
    to_overlay: np.ndarray | None = None      # photo px -> overlay px
    error: str | None = None                  # one sentence: why there is no verdict
    seconds: float = 0.0
    lock: threading.Lock = field(default_factory=threading.Lock, repr=False)


class Desk:
    def __init__(self, max_waiting: int = 32) -> None:
        self.max_waiting = max_waiting
        self._worker = ThreadPoolExecutor(1, thread_name_prefix="pnp-referee")
        self._jobs: OrderedDict[str, Job] = OrderedDict()
        self._lock = threading.Lock()
        self._count = 0
        self._waiting = 0

    def new_job(self, game: str, options: dict[str, Any], texts: dict[str, str]) -> Job:
        return Job(secrets.token_hex(8), game, options, texts)

    def arrived(self, job: Job) -> int:
        """Number the job in arrival order and remember it; raises DeskBusy when full."""
        with self._lock:
            if self._waiting >= self.max_waiting:
                raise DeskBusy(f"{self._waiting} photos are waiting to be read; try again in a "
                               "moment")
            self._waiting += 1
            self._count += 1
            job.number = self._count
            self._jobs[job.id] = job
            while len(self._jobs) > REMEMBER:
                self._jobs.popitem(last=False)
            for old in list(self._jobs.values())[:-RECENT]:
                if old.verdict is not None and old.verdict.photo is not None:
                    with old.lock:
                        old.verdict.photo = None
                        if old.current is not None:
                            old.current.photo = None
        return job

    async def read(self, job: Job, work: Callable[[Job], None]) -> Job:
        """Run `work(job)` on the desk's one worker, after every job that arrived before."""
        started = time.perf_counter()

        def run() -> None:
            try:
                work(job)
            finally:
                with self._lock:
                    self._waiting -= 1

        try:
            future = self._worker.submit(run)
        except RuntimeError:         # shutting down
            with self._lock:
                self._waiting -= 1
            raise DeskBusy("the server is stopping") from None
        await asyncio.wrap_future(future)
        job.seconds = time.perf_counter() - started
        return job

    def job(self, job_id: str) -> Job | None:
        with self._lock:
            return self._jobs.get(job_id)

    @property
    def waiting(self) -> int:
        return self._waiting

    def close(self) -> None:
        self._worker.shutdown(wait=True, cancel_futures=True)

"""numpy's BLAS on one thread round small matrix products (game-neutral)."""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache
from typing import Any


@cache
def _threads() -> Any:
    from threadpoolctl import ThreadpoolController  # (not needed where OpenBLAS is told)

    return ThreadpoolController()


@contextmanager
def one_thread() -> Iterator[None]:
    """The products on one thread: they are small (a cell's windows), and BLAS threads
    waiting for a busy core made them 10-30 times slower on a loaded 2-core machine.
    Skipped where OpenBLAS was told to start on one thread (`pnp referee` says so before
    numpy loads): finding the libraries to limit costs ~10-20 ms a process."""
    if os.environ.get("OPENBLAS_NUM_THREADS") == "1":
        yield
        return
    with _threads().limit(limits=1, user_api="blas"):
        yield

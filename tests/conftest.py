"""Fixtures every test folder shares."""

from __future__ import annotations

import os
from collections.abc import Callable
from pathlib import Path

import pytest

# The referee keeps faces it drew once in a cache folder; the tests keep theirs inside the
# checkout (ignored by git), never in the user's own cache. Subprocesses inherit it.
os.environ.setdefault("PNP_CACHE_DIR", str(Path(__file__).resolve().parents[1]
                                           / ".pytest_cache" / "pnp-cache"))

# `pytest -n auto` runs one worker a core: each worker's OpenCV and BLAS (and its
# subprocesses') keep to one thread, so the workers do not fight over the cores. The
# photos and verdicts are the same on one thread; the CPU a photo takes is less.
if int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")) > 1:
    for _name in ("OPENCV_FOR_THREADS_NUM", "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
        os.environ.setdefault(_name, "1")


@pytest.fixture(scope="session")
def asterion_faces(tmp_path_factory) -> Callable[[str, str, int], Path]:
    """`faces(edition, marks, dpi)`: the folder of Asterion's faces exported as `pnp export`
    writes them, once a session for each set of inputs (about 1.5 s each). Tests only read
    these folders."""
    from pnp.printing.asterion import PRINTING
    from pnp.printing.build import BuildRequest
    from pnp.printing.export import export

    folders: dict[tuple[str, str, int], Path] = {}

    def faces(edition: str, marks: str, dpi: int) -> Path:
        key = (edition, marks, dpi)
        if key not in folders:
            folder = tmp_path_factory.mktemp(f"asterion-{edition}-{marks}-{dpi}")
            export(BuildRequest("asterion", edition, printing=PRINTING, marks=marks),
                   folder, dpi=dpi)
            folders[key] = folder
        return folders[key]

    return faces

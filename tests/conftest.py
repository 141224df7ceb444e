"""Fixtures every test folder shares."""

from __future__ import annotations

import contextlib
import os
import shutil
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

try:
    import fcntl
except ImportError:                         # Windows
    fcntl = None  # type: ignore[assignment]

# The referee keeps faces it drew once in a cache folder; the tests keep theirs inside the
# checkout (ignored by git), never in the user's own cache. Subprocesses inherit it.
os.environ.setdefault("PNP_CACHE_DIR", str(Path(__file__).resolve().parents[1]
                                           / ".pytest_cache" / "pnp-cache"))

# Bytecode off (PYTHONDONTWRITEBYTECODE, as container images set it): every worker then
# rewrote the asserts of every test module and compiled the checkout's modules anew, and
# every `python -m pnp` a test starts compiled pnp again, each time (collecting took 7.6 s
# of CPU a worker, 2.3 s with the bytecode kept). The tests keep it, in the __pycache__
# folders git ignores; the workers and subprocesses inherit that.
if sys.dont_write_bytecode:
    sys.dont_write_bytecode = False
    os.environ.pop("PYTHONDONTWRITEBYTECODE", None)

# `pytest -n auto` runs one worker a core: each worker's OpenCV and BLAS (and its
# subprocesses') keep to one thread, so the workers do not fight over the cores. The
# photos and verdicts are the same on one thread; the CPU a photo takes is less.
if int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1")) > 1:
    for _name in ("OPENCV_FOR_THREADS_NUM", "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS"):
        os.environ.setdefault(_name, "1")

# glibc hands every block over 32 MB (a 12 MP photo, its float copies) straight back to
# the system when freed, so the next one is fresh pages the kernel must zero: a sixth of
# a photo test's CPU. Told to keep them (up to 1 GB), a worker reuses them instead. It
# reads this when a process starts: the workers (and their subprocesses) get it.
MALLOC_KEEPS = "glibc.malloc.mmap_threshold=1073741824:glibc.malloc.trim_threshold=1073741824"


def pytest_configure(config) -> None:
    if config.getoption("numprocesses", None) and "GLIBC_TUNABLES" not in os.environ:
        os.environ["GLIBC_TUNABLES"] = MALLOC_KEEPS


def shared_folder(tmp_path_factory, name: str, make: Callable[[Path], object]) -> Path:
    """The folder `make(folder)` fills, made once a run: under `pytest -n` the workers share
    it (the first to ask makes it while the others wait), so no two of them make the same.
    Tests only read it."""
    base = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER") and fcntl is not None:
        base = base.parent                  # the run's folder, above each worker's own
    folder = base / "shared" / name
    done = folder.with_name(name + ".done")
    folder.parent.mkdir(parents=True, exist_ok=True)
    with _locked(folder.with_name(name + ".lock")):
        if not done.exists():
            shutil.rmtree(folder, ignore_errors=True)       # a worker that died half-way
            folder.mkdir()
            make(folder)
            done.touch()
    return folder


@contextlib.contextmanager
def _locked(path: Path):
    """An exclusive lock on `path` between processes (none without fcntl: then each
    worker keeps its own folders)."""
    if fcntl is None:
        yield
        return
    with path.open("a") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)


@pytest.fixture(scope="session")
def asterion_faces(tmp_path_factory) -> Callable[[str, str, int], Path]:
    """`faces(edition, marks, dpi)`: the folder of Asterion's faces exported as `pnp export`
    writes them, once a run for each set of inputs (about 1.5 s each), shared by the
    workers. Tests only read these folders."""
    from pnp.printing.asterion import PRINTING
    from pnp.printing.build import BuildRequest
    from pnp.printing.export import export

    def faces(edition: str, marks: str, dpi: int) -> Path:
        return shared_folder(
            tmp_path_factory, f"asterion-{edition}-{marks}-{dpi}",
            lambda folder: export(BuildRequest("asterion", edition, printing=PRINTING,
                                               marks=marks), folder, dpi=dpi))

    return faces

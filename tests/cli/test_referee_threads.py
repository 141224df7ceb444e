"""`pnp referee` keeps OpenBLAS to one thread and OpenCV's pool from spinning between its
jobs (CPU burnt for nothing), unless the user's environment says otherwise, and malloc
keeping what is freed for the next allocation; other commands are left alone."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

from pnp.cli import OPENCV_SPIN

REPO = Path(__file__).resolve().parents[2]
SETTINGS = ("OPENBLAS_NUM_THREADS", *OPENCV_SPIN)
# `pnp ARGV` through `run()`, its command replaced by a probe of the settings OpenCV and
# OpenBLAS start with
PROBE = f"""
import sys
from pnp import cli

def probe(argv=None):
    print(" ".join(cli.os.environ.get(name, "-") for name in {SETTINGS!r}))
    return 0

cli.main = probe
cli._exit_without_teardown = sys.exit
sys.argv = ["pnp", *sys.argv[1:]]
cli.run()
"""


def _settings(argv: list[str], **env: str) -> list[str]:
    clean = {k: v for k, v in os.environ.items() if k not in SETTINGS}
    out = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True,
                         check=True, cwd=REPO, env={**clean, **env}).stdout
    return out.split()


def test_a_referee_run_keeps_openblas_to_one_thread_and_opencv_from_spinning() -> None:
    assert _settings(["referee", "asterion", "table.jpg"]) == ["1", "0", "0"]


def test_other_commands_and_a_users_setting_are_left_alone() -> None:
    assert _settings(["score", "asterion", "t.json"]) == ["-", "-", "-"]
    assert _settings(["referee", "asterion", "table.jpg"],
                     OPENCV_THREAD_POOL_ACTIVE_WAIT_WORKER="500") == ["1", "500", "0"]


# `pnp referee` through `run()`, its command replaced by a probe: the page faults of
# allocating and filling 24 MB (a photo's size) again after freeing the same
REUSE_PROBE = """
import resource, sys
from pnp import cli

def faults():
    return resource.getrusage(resource.RUSAGE_SELF).ru_minflt

def probe(argv=None):
    del argv
    first = bytearray(24 << 20)
    del first
    before = faults()
    again = bytearray(24 << 20)
    print(faults() - before, len(again))
    return 0

cli.main = probe
cli._exit_without_teardown = sys.exit
sys.argv = ["pnp", "referee", "asterion", "table.jpg"]
cli.run()
"""


def test_a_referee_run_reuses_freed_memory_without_new_page_faults() -> None:
    out = subprocess.run([sys.executable, "-c", REUSE_PROBE], capture_output=True, text=True,
                         check=True, cwd=REPO).stdout.split()
    pages = (24 << 20) // 4096
    assert int(out[1]) == 24 << 20
    assert int(out[0]) < pages / 10       # by default: a fresh page for nearly every one

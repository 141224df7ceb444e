"""`pnp referee` runs OpenCV and OpenBLAS on one thread (their pools spin while they wait:
CPU for nothing on a busy machine), unless the user's environment says otherwise."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
THREADS = ("OPENCV_FOR_THREADS_NUM", "OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS")
# `pnp ARGV` through `run()`, its command replaced by a probe of OpenCV's thread count
PROBE = """
import sys
from pnp import cli

def probe(argv=None):
    import cv2
    print(cv2.getNumThreads(), cli.os.environ.get("OPENBLAS_NUM_THREADS"))
    return 0

cli.main = probe
cli._exit_without_teardown = sys.exit
sys.argv = ["pnp", *sys.argv[1:]]
cli.run()
"""


def _threads_in(argv: list[str], **env: str) -> list[str]:
    clean = {k: v for k, v in os.environ.items() if k not in THREADS}
    out = subprocess.run([sys.executable, "-c", PROBE, *argv], capture_output=True, text=True,
                         check=True, cwd=REPO, env={**clean, **env}).stdout
    return out.split()


def test_a_referee_run_keeps_opencv_and_openblas_to_one_thread() -> None:
    assert _threads_in(["referee", "asterion", "table.jpg"]) == ["1", "1"]


@pytest.mark.skipif((os.cpu_count() or 1) < 2, reason="one core: OpenCV's pool is 1 anyway")
def test_other_commands_and_a_users_setting_are_left_alone() -> None:
    assert _threads_in(["score", "asterion", "t.json"])[0] != "1"
    assert _threads_in(["referee", "asterion", "table.jpg"],
                       OPENCV_FOR_THREADS_NUM="2") == ["2", "1"]

"""The sha256 of every file `pnp build` writes, over every game, edition and paper, with and
without cut files: a change meant to make builds faster must leave this list unchanged.

Usage: python benchmarks/build_digests.py > before.txt   (then again after, and diff the two)
Each line: the build's options, a file it wrote, its sha256. Runs the builds in this checkout's
`pnp` as separate processes (2 at a time) so that each starts as a user's does.
"""

from __future__ import annotations

import hashlib
import os
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PNP = [sys.executable, "-c", "import sys; from pnp.cli import run; sys.argv[0] = 'pnp'; run()"]
GAMES = [
    ["asterion", "--edition", "crete"],
    ["asterion", "--edition", "revised"],
    ["asterion", "--edition", "crete", "--marks", "classic"],
    ["spider-twist"],
    ["constructo"],
    ["assyria"],
]
VARIANTS = [
    ["--paper", "a4"],
    ["--paper", "letter"],
    ["--paper", "a4", "--cut-files"],
    ["--paper", "letter", "--cut-files", "--cut-marks"],
    ["--paper", "a3", "--duplex", "short", "--ink-saver"],
]


def digests(options: list[str], folder: Path) -> list[str]:
    """Build once into `folder` and return one line per file written."""
    command = [*PNP, "build", *options, "--out", str(folder)]
    paths = [str(ROOT), *filter(None, [os.environ.get("PYTHONPATH")])]
    env = {**os.environ, "PYTHONPATH": os.pathsep.join(paths)}
    subprocess.run(command, check=True, stdout=subprocess.DEVNULL, env=env)
    return [f"{' '.join(options)}  {path.name}  {hashlib.sha256(path.read_bytes()).hexdigest()}"
            for path in sorted(folder.iterdir())]


def main() -> None:
    with tempfile.TemporaryDirectory() as tmp:
        jobs = [game + variant for game in GAMES for variant in VARIANTS]
        folders = [Path(tmp) / str(i) for i in range(len(jobs))]
        with ThreadPoolExecutor(max_workers=2) as pool:
            for lines in pool.map(digests, jobs, folders):
                print("\n".join(lines))


if __name__ == "__main__":
    main()

"""The machine floor F: the median whole-process time of a plain reportlab script drawing 64
simple tiles on one page. Every speed target is a multiple of F, measured in the same run, so a
figure means the same on a fast machine, a slow one and a busy one.

`python benchmarks/floor.py` prints F; other benchmarks call `machine_floor()`.
"""

from __future__ import annotations

import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

# A 4 x 4 cm tile grid, 8 x 8 on one A4 page: outline, a fill, a label. Nothing of pnp.
SHEET = """
import sys
from reportlab.lib.pagesizes import A4
from reportlab.lib.units import mm
from reportlab.pdfgen import canvas

c = canvas.Canvas(sys.argv[1], pagesize=A4)
for i in range(64):
    x, y = 10 * mm + (i % 8) * 24 * mm, 20 * mm + (i // 8) * 32 * mm
    c.setFillGray(0.85)
    c.rect(x, y, 22 * mm, 22 * mm, stroke=1, fill=1)
    c.setFillGray(0)
    c.drawString(x + 2 * mm, y + 2 * mm, f"tile {i}")
c.save()
"""


def time_process(argv: list[str], repeats: int = 5, cpu: bool = False) -> float:
    """The median wall time in seconds of running `argv` as a whole process `repeats` times
    (with `cpu`, its CPU time: on a machine others load, what it costs, not how long it
    waited)."""
    samples = []
    for _ in range(repeats):
        start, used = time.perf_counter(), children_cpu()
        subprocess.run(argv, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        samples.append(children_cpu() - used if cpu else time.perf_counter() - start)
    return statistics.median(samples)


def children_cpu() -> float:
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    return usage.ru_utime + usage.ru_stime


def machine_floor(repeats: int = 7, cpu: bool = False) -> float:
    """F in seconds: the median time (or CPU time) of the plain reportlab sheet as a whole
    process."""
    with tempfile.TemporaryDirectory() as tmp:
        pdf = str(Path(tmp) / "floor.pdf")
        return time_process([sys.executable, "-c", SHEET, pdf], repeats, cpu)


if __name__ == "__main__":
    print(f"F = {machine_floor() * 1000:.0f} ms (plain reportlab, 64 tiles, one page)")

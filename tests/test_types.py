"""The typed layers pass the type checker (mypy, configured in pyproject.toml)."""

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
TYPED = ("pnp/rules", "pnp/geometry")      # the pure layers: every function fully typed


def test_pure_layers_type_check() -> None:
    paths = [p for p in TYPED if (ROOT / p).is_dir()]
    assert "pnp/rules" in paths
    run = subprocess.run([sys.executable, "-m", "mypy", *paths], cwd=ROOT,
                         capture_output=True, text=True, timeout=600)
    assert run.returncode == 0, run.stdout + run.stderr

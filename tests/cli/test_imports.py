"""Each command imports what it uses: `pnp --help` starts without Typer, `pnp score` without
the drawing and vision libraries or the other commands, a build without Typer or the photo
referee, a referee run without Typer, the PDF drawing or Pillow."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

REPO = Path(__file__).resolve().parents[2]
HEAVY = ("cv2", "numpy", "PIL", "reportlab", "referee", "pnp.printing")


def _modules_after(argv: list[str]) -> set[str]:
    """The modules a fresh interpreter holds after `pnp ARGV` (output discarded)."""
    code = ("import contextlib, io, json, sys\n"
            "from pnp.cli import main\n"
            "with contextlib.redirect_stdout(io.StringIO()):\n"
            f"    code = main({argv!r})\n"
            "print(json.dumps([code, sorted(sys.modules)]))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, cwd=REPO).stdout
    code, modules = json.loads(out.splitlines()[-1])
    assert code == 0
    return set(modules)


def test_help_imports_not_even_typer() -> None:
    modules = _modules_after(["--help"])
    assert "pnp.cli" in modules                    # the probe sees what was imported
    assert [m for m in ("typer", *HEAVY) if m in modules] == []


def test_score_imports_no_drawing_vision_referee_or_other_command() -> None:
    modules = _modules_after(["score", "asterion", "examples/table-wings.json"])
    assert "pnp.rules.asterion" in modules         # the probe sees what was imported
    others = ("typer", "pnp.cli.build", "pnp.cli.referee", "pnp.cli.serve")
    assert [m for m in (*HEAVY, *others) if m in modules] == []


@pytest.mark.parametrize("game", ["asterion", "spider-twist", "assyria"])
def test_a_build_imports_no_vision_no_referee_and_no_numpy(game: str, tmp_path: Path) -> None:
    # numpy only serves the board-split search, whose answers for the default builds are
    # kept as data: it is imported here only when those answers are stale
    modules = _modules_after(["build", game, "--out", str(tmp_path)])
    assert "reportlab" in modules
    assert [m for m in ("cv2", "referee", "numpy") if m in modules] == [], \
        "numpy imported: run `python -m pnp.cli.stored_plans` to store the answers anew"
    assert "typer" not in modules          # a plain build's options are read without it
    assert list(tmp_path.glob("*.pdf"))


def test_the_readme_referee_run_imports_no_typer_pdf_drawing_pillow_or_openssl(
        tmp_path: Path) -> None:
    from referee.asterion.faces import printed_faces
    from referee.asterion.tombs import PPM

    printed_faces(PPM, "discreet")          # drawn once (with reportlab) and kept on disk
    modules = _modules_after(["referee", "asterion", "examples/endgame.jpg", "--kill-points",
                              "yellow=-2,blue=1,green=1", "--overlay", str(tmp_path / "o.png")])
    assert "referee.asterion" in modules           # the probe sees what was imported
    # (an 8 MP JPEG, whole: OpenCV alone reads it)
    # (nor OpenSSL's, through hashlib: the cache keys' SHA-256 is Python's own)
    unused = ("typer", "click", "rich", "pydantic", "reportlab", "svgwrite", "pnp.printing",
              "pnp.cli.root", "pnp.cli.options", "PIL", "hashlib", "_hashlib")
    assert [m for m in unused if m in modules] == []
    assert (tmp_path / "o.png").stat().st_size > 0

"""`pnp games`, `pnp build`, `pnp export` from the command line: options, output, errors."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from PIL import Image

from pnp.cli import main


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(autouse=True)
def in_tmp(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    return tmp_path


def test_games_lists_games_and_editions(capsys):
    code, out, _ = run(capsys, "games")
    assert code == 0
    assert "asterion" in out and "crete" in out and "revised" in out


def test_help_shows_every_build_option(capsys):
    code, out, _ = run(capsys, "build", "--help")
    assert code == 0
    for option in ("--edition", "--paper", "--out", "--bleed", "--duplex", "--back-offset",
                   "--ink-saver", "--crop-marks", "--no-crop-marks"):
        assert option in out


def test_build_writes_the_pdf_and_a_one_line_summary(capsys, in_tmp):
    code, out, err = run(capsys, "build", "asterion", "--edition", "crete")
    assert code == 0, err
    path = in_tmp / "output" / "asterion-crete.pdf"
    assert path.read_bytes().startswith(b"%PDF")
    lines = out.strip().splitlines()
    assert len(lines) == 1
    assert "output/asterion-crete.pdf" in lines[0]
    assert "69 tiles" in lines[0] and "68 tombs" in lines[0] and "board" in lines[0]
    assert not [p for p in (in_tmp / "output").iterdir() if p.name.endswith(".part")]


def test_every_option_is_honoured(capsys, in_tmp):
    code, _out, err = run(capsys, "build", "asterion", "--edition", "revised", "--paper",
                         "letter", "--out", "sheets", "--bleed", "1.5", "--duplex", "short",
                         "--back-offset", "0.5,-1", "--ink-saver", "--no-crop-marks")
    assert code == 0, err
    import pypdfium2 as pdfium

    pdf = pdfium.PdfDocument(in_tmp / "sheets" / "asterion-revised.pdf")
    width, height = pdf[0].get_size()
    assert (round(width), round(height)) == (612, 792)
    text = pdf[0].get_textpage().get_text_range()
    assert "bleed 1.5 mm" in text and "short edge" in text and "0.5,-1" in text


def test_the_edition_defaults_to_crete(capsys, in_tmp):
    code, _, err = run(capsys, "build", "asterion")
    assert code == 0, err
    assert (in_tmp / "output" / "asterion-crete.pdf").exists()


@pytest.mark.parametrize(("argv", "message"), [
    (["build", "chess"], "unknown game 'chess' (choose from: "),
    (["build", "asterion", "--edition", "deluxe"],
     "unknown edition 'deluxe' for asterion (choose from: crete, revised)"),
    (["build", "asterion", "--paper", "a2"], "unknown paper 'a2' (choose from: a4, a3, letter)"),
    (["build", "asterion", "--duplex", "both"],
     "unknown duplex mode 'both' (choose from: long, short, none)"),
    (["build", "asterion", "--bleed", "12"], "bleed must be between 0 and 5 mm"),
    (["build", "asterion", "--back-offset", "3"], "--back-offset must be X,Y in mm"),
    (["build", "asterion", "--back-offset", "20,0"], "back offset must be within"),
    (["build", "asterion", "--bleed", "lots"], "'--bleed'"),
    (["build", "asterion", "--frobnicate"], "No such option: --frobnicate"),
    (["export", "asterion", "--dpi", "5"], "dpi must be between 36 and 1200"),
    (["build", "asterion", "--marks", "fancy"],
     "unknown marks 'fancy' for asterion (choose from: classic, discreet)"),
    (["build", "spider-twist", "--marks", "classic"],
     "spider-twist has one print of its machine marks: drop --marks"),
])
def test_bad_input_gets_one_line_exit_2_and_writes_nothing(capsys, in_tmp, argv, message):
    code, _out, err = run(capsys, *argv)
    assert code == 2
    lines = err.strip().splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: ")
    assert message in lines[0]
    assert not (in_tmp / "output").exists() or not any((in_tmp / "output").rglob("*"))


def _tile_markers_on_page(path: Path, index: int) -> int:
    import cv2
    import numpy as np
    import pypdfium2 as pdfium

    page = pdfium.PdfDocument(path)[index]
    image = np.array(page.render(scale=150 / 72, grayscale=True).to_pil())
    detector = cv2.aruco.ArucoDetector(
        cv2.aruco.getPredefinedDictionary(cv2.aruco.DICT_5X5_250))
    _, ids, _ = detector.detectMarkers(image)
    return 0 if ids is None else len(ids)


@pytest.mark.parametrize("marks", ["classic", "discreet"])
def test_marks_prints_either_design_in_a_file_of_its_own(capsys, in_tmp, marks):
    """`--marks` prints the tiles with either machine-mark design (to reprint odd
    tiles of a set printed with the other), beside the default build."""
    from pnp.geometry.asterion.tile import printed_marks

    assert run(capsys, "build", "asterion", "-e", "revised")[0] == 0
    code, out, err = run(capsys, "build", "asterion", "-e", "revised", "--marks", marks)
    assert code == 0, err
    assert f"output/asterion-revised-{marks}.pdf" in out
    default = in_tmp / "output" / "asterion-revised.pdf"
    asked = in_tmp / "output" / f"asterion-revised-{marks}.pdf"
    # page 3 is a sheet of 15 tile fronts: one marker each (discreet), or two (classic)
    per_tile = {"classic": 2, "discreet": 1}
    assert _tile_markers_on_page(default, 2) == 15 * per_tile[printed_marks()]
    assert _tile_markers_on_page(asked, 2) == 15 * per_tile[marks]


def test_an_unwritable_output_folder_is_one_line(capsys, in_tmp):
    (in_tmp / "blocker").write_text("a file, not a folder")
    code, _, err = run(capsys, "build", "asterion", "-e", "revised", "--out", "blocker/sub")
    assert code == 2
    assert err.startswith("error: cannot write to blocker/sub") and err.count("\n") == 1


def test_export_writes_one_png_per_face_and_a_manifest(capsys, in_tmp):
    code, _out, err = run(capsys, "export", "asterion", "--edition", "crete", "--dpi", "60",
                         "--out", "png")
    assert code == 0, err
    folder = in_tmp / "png"
    manifest = json.loads((folder / "manifest.json").read_text())
    ids = {c["id"]: c for c in manifest["components"]}
    assert len([c for c in ids.values() if c["kind"] == "tile"]) == 69
    assert ids["Y07"]["width_mm"] == 50.0 and ids["tomb"]["count"] == 68
    for entry in ids.values():
        for face in ("front", "back"):
            if face in entry:
                image = Image.open(folder / entry[face])
                expected = round(entry["width_mm"] / 25.4 * 60)
                assert abs(image.width - expected) <= 1
    assert (folder / "Y07.png").exists() and (folder / "Y07-back.png").exists()
    assert (folder / "M.png").exists() and (folder / "board.png").exists()


def test_the_installed_command_runs(tmp_path):
    """The console script itself (not just main()): help and an error exit code."""
    exe = Path(sys.executable).with_name("pnp")
    ok = subprocess.run([exe, "games"], capture_output=True, text=True, cwd=tmp_path)
    assert ok.returncode == 0 and "asterion" in ok.stdout
    bad = subprocess.run([exe, "build", "asterion", "--paper", "a5"], capture_output=True,
                         text=True, cwd=tmp_path)
    assert bad.returncode == 2
    assert bad.stderr == "error: unknown paper 'a5' (choose from: a4, a3, letter)\n"
    assert "Traceback" not in bad.stderr

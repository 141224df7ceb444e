"""`pnp serve` as a player runs it: the QR code and URL, the token, Ctrl-C stops it
cleanly and removes the temporary folder (or keeps --keep's), bad options in one line."""

from __future__ import annotations

import json
import signal
import socket
import subprocess
import sys
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from pnp.cli import main

from .conftest import endgame

PNP = [sys.executable, "-c", "import sys; from pnp.cli import main; sys.exit(main())"]


def _start(*args: str) -> tuple[subprocess.Popen, list[str]]:
    proc = subprocess.Popen([*PNP, "serve", "--local", "--port", "0", *args],
                            stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True,
                            cwd=Path(__file__).resolve().parents[2])
    lines = []
    assert proc.stdout is not None
    for line in proc.stdout:
        lines.append(line.rstrip("\n"))
        if line.startswith("Photos and results:"):
            break
    return proc, lines


def _stop(proc: subprocess.Popen) -> tuple[int, str, str]:
    proc.send_signal(signal.SIGINT)
    out, err = proc.communicate(timeout=20)
    return proc.returncode, out, err


def test_serve_prints_a_qr_code_and_its_url_and_stops_cleanly_on_ctrl_c():
    proc, lines = _start()
    try:
        url = next(line for line in lines if line.startswith("http://127.0.0.1:"))
        assert "?t=" in url and len(url.split("?t=")[1]) >= 20
        qr = [line for line in lines if "█" in line or "▀" in line]
        assert len(qr) >= 12                                     # the code, drawn in text
        folder = Path(lines[-1].split(": ", 1)[1].split(" (temporary")[0])
        assert folder.is_dir()
        base = url.split("/?t=")[0]
        with pytest.raises(urllib.error.HTTPError) as denied:
            urllib.request.urlopen(base + "/api/games", timeout=10)
        assert denied.value.code == 403
        with urllib.request.urlopen(url.replace("/?t=", "/api/games?t="), timeout=10) as r:
            assert "asterion" in [g["name"] for g in json.load(r)["games"]]
        photo, _ = endgame()
        request = urllib.request.Request(url.replace("/?t=", "/api/photos?game=asterion&t="),
                                         data=photo, method="POST")
        with urllib.request.urlopen(request, timeout=30) as r:
            assert json.load(r)["certain"] is True
        assert len(list(folder.iterdir())) == 3                  # photo, overlay, result
    finally:
        code, out, err = _stop(proc)
    assert code == 0 and "stopped" in out
    assert "photo 1 (asterion): SURE" in err and "Traceback" not in err
    assert not folder.exists()


def test_keep_keeps_the_photos_and_results(tmp_path):
    keep = tmp_path / "kept"
    proc, lines = _start("--keep", str(keep))
    try:
        url = next(line for line in lines if line.startswith("http://"))
        request = urllib.request.Request(url.replace("/?t=", "/api/photos?game=asterion&t="),
                                         data=endgame()[0], method="POST")
        urllib.request.urlopen(request, timeout=30).close()
    finally:
        code, _, _ = _stop(proc)
    assert code == 0
    names = sorted(p.name for p in keep.iterdir())
    assert names == ["0001-asterion-overlay.jpg", "0001-asterion-photo.jpg",
                     "0001-asterion-result.json"]
    result = json.loads((keep / "0001-asterion-result.json").read_text())
    assert result["winners"] == ["blue"] and result["state"]["game"] == "asterion"


def test_bad_options_are_one_line(tmp_path, capsys):
    afile = tmp_path / "a-file"
    afile.write_text("x")
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = str(taken.getsockname()[1])
        for args, words in ((["--port", "70000"], "--port must be a whole number from 0 to "
                                                  "65535"),
                            (["--port", "x"], "--port must be a whole number"),
                            (["--keep", str(afile)], "is a file; name a folder"),
                            (["--port", port], f"cannot listen on port {port}")):
            assert main(["serve", "--local", *args]) == 2
            err = capsys.readouterr().err
            assert words in err and err.count("\n") == 1, err

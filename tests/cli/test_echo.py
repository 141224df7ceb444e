"""`echo_lines` writes what Typer's echo writes, on every kind of stream, whether or not it
loads Typer to do it."""

from __future__ import annotations

import io
import sys

import pytest
import typer

from pnp.cli.errors import echo_lines
from pnp.inputs import escape

LINES = ["wrote output/Ärger.pdf: 3 pages", "a \x1b[31mred\x1b[0m word", "日本"]


def _streams() -> dict[str, object]:
    return {"in memory": io.StringIO(),
            "utf-8": io.TextIOWrapper(io.BytesIO(), encoding="utf-8"),
            "ascii": io.TextIOWrapper(io.BytesIO(), encoding="ascii"),
            "latin-1": io.TextIOWrapper(io.BytesIO(), encoding="latin-1", errors="replace")}


def _written(stream) -> bytes | str:
    if isinstance(stream, io.StringIO):
        return stream.getvalue()
    stream.flush()
    return stream.buffer.getvalue()


@pytest.mark.parametrize("kind", list(_streams()))
@pytest.mark.parametrize("err", [False, True])
def test_echo_lines_writes_what_typer_writes(kind, err, monkeypatch) -> None:
    name = "stderr" if err else "stdout"
    ours, typers = _streams()[kind], _streams()[kind]
    monkeypatch.setattr(sys, name, ours)
    echo_lines(LINES, err=err)
    monkeypatch.setattr(sys, name, typers)
    for line in LINES:
        typer.echo(escape(line), err=err)
    assert _written(ours) == _written(typers)

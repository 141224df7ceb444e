"""Errors the CLI reports as one clear line and an exit code, never a traceback; and the one
way the CLI prints text that may quote a user's file (escaped: a file's text
must never drive the terminal)."""

from __future__ import annotations

import codecs
import json
import sys
from collections.abc import Iterable
from typing import TextIO

from pnp.inputs import InputError, escape, first_few

USAGE = 2       # bad input: unknown game/edition/paper, unreadable or invalid file
UNSURE = 3      # the referee could not see everything it needs to score


class CliError(Exception):
    """A user-facing failure. `lines` are printed to stderr, each prefixed by 'error: ':
    the first few and a count of the rest (`inputs.first_few`), however many are given."""

    def __init__(self, *lines: str, code: int = USAGE) -> None:
        super().__init__(lines[0] if lines else "")
        self.lines = tuple(first_few(lines))
        self.code = code


def choice(kind: str, value: str, valid: list[str] | tuple[str, ...]) -> str:
    """Check `value` against `valid`; else a one-line error naming the valid choices."""
    if value not in valid:
        raise CliError(f"unknown {kind} {value!r} (choose from: {', '.join(valid)})")
    return value


def option(parse, *args, **kwargs):
    """Run an input-layer parser for an option; its InputError becomes a CliError."""
    try:
        return parse(*args, **kwargs)
    except InputError as exc:
        raise CliError(str(exc)) from None


def echo_lines(lines: Iterable[str], err: bool = False) -> None:
    """Print lines that may quote a file's values, with control characters escaped, each
    flushed: as Typer's echo prints them, without importing Typer where its echo writes the
    text as it is (a UTF-8 stream, or text kept in memory)."""
    stream = sys.stderr if err else sys.stdout
    if not _as_is(stream):
        import typer

        for line in lines:
            typer.echo(escape(line), err=err)
        return
    for line in lines:
        stream.write(escape(line) + "\n")
        stream.flush()


def _as_is(stream: TextIO) -> bool:
    """Whether Typer's echo would write to `stream` as it is: a UTF-8 stream, or text in
    memory (it may wrap another stream in an encoding of its own choice)."""
    encoding = getattr(stream, "encoding", None)
    if encoding is None:
        return not hasattr(stream, "buffer")
    try:
        return codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        return False


def dumps(data: object) -> str:
    """JSON for stdout: ASCII only, so no byte of a file's text can reach the terminal raw."""
    return json.dumps(data, indent=2, ensure_ascii=True) + "\n"

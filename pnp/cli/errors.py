"""Errors the CLI reports as one clear line and an exit code, never a traceback."""

from __future__ import annotations

USAGE = 2       # bad input: unknown game/edition/paper, unreadable or invalid file
UNSURE = 3      # the referee could not see everything it needs to score


class CliError(Exception):
    """A user-facing failure. `lines` are printed to stderr, each prefixed by 'error: '."""

    def __init__(self, *lines: str, code: int = USAGE) -> None:
        super().__init__(lines[0] if lines else "")
        self.lines = lines
        self.code = code


def choice(kind: str, value: str, valid: list[str] | tuple[str, ...]) -> str:
    """Check `value` against `valid`; else a one-line error naming the valid choices."""
    if value not in valid:
        raise CliError(f"unknown {kind} {value!r} (choose from: {', '.join(valid)})")
    return value

"""Checks on the files a command will write, made before any work starts:
never over an input, never two outputs on one path, the format an extension promises."""

from __future__ import annotations

import os
from pathlib import Path

from pnp.cli.errors import CliError


def _same(a: Path, b: Path) -> bool:
    try:
        if a.exists() and b.exists():
            return os.path.samefile(a, b)
    except OSError:
        pass
    return a.resolve() == b.resolve()


def check_outputs(inputs: Path | list[Path], outputs: dict[str, Path | None],
                  extensions: dict[str, tuple[str, ...]] | None = None) -> None:
    """`outputs`: option -> path (None when not given). Raises CliError for an output on an
    input, two outputs on one path, a folder as an output, or a wrong extension."""
    sources = [inputs] if isinstance(inputs, Path) else list(inputs)
    given = [(flag, path) for flag, path in outputs.items() if path is not None]
    for flag, path in given:
        for source in sources:
            if _same(path, source):
                raise CliError(f"{flag} {path} would overwrite the input {source}; "
                               "choose another file")
        if path.is_dir():
            raise CliError(f"{flag} {path} is a folder; name a file")
        allowed = (extensions or {}).get(flag)
        if allowed and path.suffix.lower() not in allowed:
            raise CliError(f"{flag} {path}: the file name must end in "
                           f"{' or '.join(allowed)}")
    for i, (flag, path) in enumerate(given):
        for other_flag, other in given[i + 1:]:
            if _same(path, other):
                raise CliError(f"{flag} and {other_flag} name the same file {path}; "
                               "each output needs its own")

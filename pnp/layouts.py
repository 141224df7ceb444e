"""Find and read the layout data in `layouts/` (TOML, read with the standard library).

Standard library only: the rules core reads the tileset through this module.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any


class LayoutError(ValueError):
    """The layout data is missing or malformed."""


def layouts_dir() -> Path:
    """The `layouts/` folder: $PNP_LAYOUTS if set, else the one beside the `pnp` package."""
    override = os.environ.get("PNP_LAYOUTS")
    folder = Path(override) if override else Path(__file__).resolve().parent.parent / "layouts"
    if not folder.is_dir():
        raise LayoutError(f"layout folder not found: {folder}")
    return folder


def fonts_dir() -> Path:
    return layouts_dir().parent / "fonts"


def parse_toml(text: bytes) -> dict[str, Any]:
    import tomllib  # imported when a file is parsed: a build reads them kept parsed

    return tomllib.loads(text.decode())


# how a layout file's bytes become its data: a build reads them kept between runs
# (`pnp.compiled_once.install`)
parse: Callable[[bytes], dict[str, Any]] = parse_toml


@cache
def load(name: str) -> dict[str, Any]:
    """Parse `layouts/<name>.toml`. Cached: callers must not mutate the result."""
    path = layouts_dir() / f"{name}.toml"
    try:
        text = path.read_bytes()
    except FileNotFoundError as exc:
        raise LayoutError(f"no layout file {path}") from exc
    try:
        return parse(text)
    except (UnicodeDecodeError, ValueError) as exc:    # tomllib.TOMLDecodeError included
        raise LayoutError(f"{path}: {exc}") from exc


def data_file(name: str) -> Path:
    return layouts_dir() / name

"""Find and read the layout data in `layouts/` (TOML, read with the standard library).

Standard library only: the rules core reads the tileset through this module.
"""

from __future__ import annotations

import os
import tomllib
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


@cache
def load(name: str) -> dict[str, Any]:
    """Parse `layouts/<name>.toml`. Cached: callers must not mutate the result."""
    path = layouts_dir() / f"{name}.toml"
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError as exc:
        raise LayoutError(f"no layout file {path}") from exc
    except tomllib.TOMLDecodeError as exc:
        raise LayoutError(f"{path}: {exc}") from exc


def data_file(name: str) -> Path:
    return layouts_dir() / name

"""Reading a game's layout spec: its lengths in mm (pure; any game's geometry uses it)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnp.units import mm


def lengths(table: Mapping[str, Any], *keys: str) -> dict[str, float]:
    """`{key: table[key] in mm}`: a spec's length fields, named as in the layout data."""
    return {key: mm(table[key]) for key in keys}

"""Lengths with units, as written in the layout data ("50mm", "8.5in", "7pt")."""

from __future__ import annotations

import re

MM_PER_UNIT = {"mm": 1.0, "cm": 10.0, "in": 25.4, "pt": 25.4 / 72.0}
PT_PER_MM = 72.0 / 25.4

_LENGTH = re.compile(r"^\s*(-?\d+(?:\.\d+)?)\s*(mm|cm|in|pt)\s*$")


class UnitError(ValueError):
    """A length in the layout data has no unit or an unknown one."""


def mm(value: str | float | int) -> float:
    """Return a length in millimetres. Bare numbers are already millimetres."""
    if isinstance(value, (int, float)):
        return float(value)
    match = _LENGTH.match(value)
    if not match:
        raise UnitError(f"not a length with a unit (mm, cm, in, pt): {value!r}")
    number, unit = match.groups()
    return float(number) * MM_PER_UNIT[unit]


def pt(value: str | float | int) -> float:
    """Return a length in PDF points (1/72 in)."""
    return mm(value) * PT_PER_MM

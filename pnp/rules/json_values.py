"""Small checks every game's state reader makes on values parsed from JSON."""

from __future__ import annotations

from typing import Any, TypeGuard


def is_int(value: Any) -> TypeGuard[int]:
    """A JSON integer: `true` and `false` parse as Python bools, which are ints; not here."""
    return isinstance(value, int) and not isinstance(value, bool)


def shown(value: Any) -> str:
    """A value as a problem message quotes it: its repr, cut to 40 characters."""
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."

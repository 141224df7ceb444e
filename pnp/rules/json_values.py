"""Small checks every game's state reader makes on values parsed from JSON."""

from __future__ import annotations

from typing import Any, TypeGuard


def is_int(value: Any) -> TypeGuard[int]:
    """A JSON integer: `true` and `false` parse as Python bools, which are ints; not here."""
    return isinstance(value, int) and not isinstance(value, bool)

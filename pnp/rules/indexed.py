"""A sequence whose items are worked out when indexed, not listed: a simulator picks one of
many legal choices, so building them all would be wasted."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypeVar, overload

T = TypeVar("T")


class Indexed(Sequence[T]):
    """`size` items; a subclass sets `size` and gives `_at(i)` for 0 <= i < size."""

    __slots__ = ("size",)
    size: int

    def __len__(self) -> int:
        return self.size

    @overload
    def __getitem__(self, index: int) -> T: ...
    @overload
    def __getitem__(self, index: slice) -> list[T]: ...

    def __getitem__(self, index: int | slice) -> T | list[T]:
        if isinstance(index, slice):
            return [self._at(i) for i in range(*index.indices(self.size))]
        if index < 0:
            index += self.size
        if not 0 <= index < self.size:
            raise IndexError(index)
        return self._at(index)

    def at(self, index: int) -> T:
        """The item at 0 <= index < size, unchecked: for a caller that drew the index."""
        return self._at(index)

    def _at(self, index: int) -> T:
        raise NotImplementedError

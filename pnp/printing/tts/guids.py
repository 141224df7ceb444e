"""GUIDs from a seed: the same export writes the same GUIDs, every one unique.

TTS's GUID is six hexadecimal digits, unique on the table (its save file format)."""

from __future__ import annotations

import hashlib


class Guids:
    def __init__(self, seed: str) -> None:
        self._seed = seed
        self._count = 0
        self._given: set[str] = set()

    def next(self) -> str:
        while True:
            self._count += 1
            digest = hashlib.sha256(f"{self._seed}:{self._count}".encode()).hexdigest()
            guid = digest[:6]
            if guid not in self._given:
                self._given.add(guid)
                return guid

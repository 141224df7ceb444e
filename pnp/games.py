"""The registry of games pnp knows: names and editions. Pure data, no drawing."""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class GameInfo:
    name: str
    title: str
    editions: tuple[str, ...]
    default_edition: str


GAMES: dict[str, GameInfo] = {
    "asterion": GameInfo("asterion", "Asterion", ("crete", "revised"), "crete"),
}

"""Fiducial markers for every game: the ArUco codes' bit patterns and each game's ids.

Game-neutral and standard library only, so the print side needs no OpenCV and the referee
reads the same ids. Which id goes on which piece is each game's business, written once as
data in `layouts/markers.toml` (a game's named blocks of ids, e.g. Asterion's "tiles" and
"board"); a game maps its pieces onto its blocks (Asterion: pnp/geometry/asterion/markers.py).
"""

from __future__ import annotations

from functools import cache
from typing import Any

from pnp import layouts


class MarkerError(ValueError):
    """A marker id or block that the allocation does not have."""


@cache
def marker_bits(marker_id: int) -> tuple[tuple[int, ...], ...]:
    """The inner bits of an ArUco marker (1 = white module), top row first."""
    rows = _codec_rows().get(marker_id)
    if rows is None:
        raise KeyError(f"marker id {marker_id} is not in the dictionary")
    return tuple(tuple(map(int, row)) for row in rows)


def _data() -> dict[str, Any]:
    return layouts.load("markers")


@cache
def _codec_rows() -> dict[int, list[str]]:
    """Each id's rows of bits as written in the codec file (read into bits by the id: a
    build prints a few of the 250)."""
    name = _data()["dictionary"]["codec_file"]
    codes: dict[int, list[str]] = {}
    for line in layouts.data_file(name).read_text().splitlines():
        if not line.strip() or line.startswith("#"):
            continue
        number, *rows = line.split()
        codes[int(number)] = rows
    return codes


def dictionary_name() -> str:
    """The OpenCV dictionary every game prints (e.g. "DICT_5X5_250")."""
    return str(_data()["dictionary"]["name"])


@cache
def blocks(game: str) -> dict[str, range]:
    """A game's blocks of ids by name, e.g. {"tiles": range(0, 138), "board": ...}.
    Cached: callers must not mutate the result."""
    games = _data()["games"]
    if game not in games:
        raise MarkerError(f"no marker ids for {game!r} in layouts/markers.toml")
    return {name: range(int(a), int(b)) for name, (a, b) in games[game].items()}


@cache
def marker_ids(game: str, block: str, count: int | None = None) -> range:
    """The ids of one of a game's blocks; with `count`, its first `count` ids (an error if
    the block has fewer)."""
    ids = blocks(game).get(block)
    if ids is None:
        raise MarkerError(f"{game} has no marker block {block!r} "
                          f"(it has: {', '.join(blocks(game))})")
    if count is None:
        return ids
    if count > len(ids):
        raise MarkerError(f"{game} needs {count} marker ids for {block!r}, its block has "
                          f"{len(ids)} ({ids.start}..{ids.stop - 1})")
    return ids[:count]


def owner(marker_id: int) -> tuple[str, str] | None:
    """(game, block) whose range holds this id, or None if no game's does."""
    for game in _data()["games"]:
        for name, ids in blocks(game).items():
            if marker_id in ids:
                return game, name
    return None


def allocation_problems(data: dict[str, Any] | None = None) -> list[str]:
    """What is wrong with an allocation (by default layouts/markers.toml's): ranges outside
    the dictionary, or overlapping."""
    data = _data() if data is None else data
    size = int(data["dictionary"]["size"])
    spans = sorted((int(a), int(b), f"{game}.{name}")
                   for game, named in data["games"].items() for name, (a, b) in named.items())
    problems = [f"{label}: {a}..{b - 1} is not in the dictionary's 0..{size - 1}"
                for a, b, label in spans if a < 0 or b > size or a >= b]
    for k, (start, _end, label) in enumerate(spans):
        problems += [f"{other} and {label} overlap"
                     for _a, end, other in spans[:k] if start < end]
    return problems


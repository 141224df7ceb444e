"""Shared fixtures for the referee's tests: tile PNGs exported once per session, and small
tables to photograph."""

from __future__ import annotations

import hashlib
import json
from collections import OrderedDict
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from pnp.rules.asterion.game import simulate

from .scenes import Scenes


@pytest.fixture(scope="session")
def scenes(asterion_faces) -> Scenes:
    """Tables of the first print (two markers a tile): the stage tests measure each stage
    against that geometry, which the referee keeps reading (tables printed
    before the discreet print)."""
    return Scenes(asterion_faces("crete", "classic", 200), dpi=200, marks="classic")


@pytest.fixture(scope="session")
def discreet_scenes(asterion_faces) -> Scenes:
    """Tables of the print with one small marker a tile."""
    return Scenes(asterion_faces("crete", "discreet", 200), dpi=200, marks="discreet")


_VERDICTS: OrderedDict[tuple[str, str, str], Any] = OrderedDict()
KEPT_VERDICTS = 8      # tests sharing a read run one after another; a verdict holds its photo


def read_once(referee, photo, **options):
    """`referee.read(photo, **options)`, read once for the tests that ask the same of the
    same photo (within a worker, the last few reads kept). They share the verdict and do not
    change it: a correction or `dataclasses.replace` makes a new one. Never under a patch
    of the referee: that read is not the one shared."""
    key = (referee.name, _content(photo), json.dumps(options, sort_keys=True, default=repr))
    if key not in _VERDICTS:
        _VERDICTS[key] = referee.read(photo, **options)
        while len(_VERDICTS) > KEPT_VERDICTS:
            _VERDICTS.popitem(last=False)
    _VERDICTS.move_to_end(key)
    return _VERDICTS[key]


def _content(photo) -> str:
    """A digest of a photo as a read takes it: JPEG bytes, a BGR array or a file."""
    if isinstance(photo, np.ndarray):
        data = f"{photo.shape} {photo.dtype.str}".encode() + np.ascontiguousarray(photo).tobytes()
    elif isinstance(photo, Path):
        data = photo.read_bytes()
    else:
        data = bytes(photo)
    return hashlib.sha256(data).hexdigest()


@cache
def game_table(seed: int, players: int, board: bool) -> str:
    """A finished random legal game's table file, as JSON text (copy it before changing)."""
    return simulate(seed, players, "crete", board).table().to_json()


def table(seed: int = 5, players: int = 3, board: bool = False) -> dict:
    data = json.loads(game_table(seed, players, board))
    data.pop("kill_points", None)
    return data


def small_table() -> dict:
    """Seven tiles around the Minotaur, two of them with tombs."""
    return {"game": "asterion", "edition": "crete", "board": False,
            "players": ["yellow", "blue", "green"],
            "tiles": [{"id": "M", "x": 0, "y": 0, "rot": 0},
                      {"id": "Y03", "x": 1, "y": 0, "rot": 180},
                      {"id": "G06", "x": 1, "y": 1, "rot": 0},
                      {"id": "B02", "x": 1, "y": 2, "rot": 0},
                      {"id": "Y04", "x": 0, "y": -1, "rot": 0},
                      {"id": "B14", "x": 0, "y": -2, "rot": 90},
                      {"id": "Y05", "x": -1, "y": -2, "rot": 90},
                      {"id": "G08", "x": -1, "y": 0, "rot": 270}],
            "dead": ["Y04", "B14"]}

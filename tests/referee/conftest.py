"""Shared fixtures for the referee's tests: tile PNGs exported once per session, and small
tables to photograph."""

from __future__ import annotations

import json
from functools import cache

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

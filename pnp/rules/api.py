"""The small game API every rules core implements, and the registry of games.

Modelled on OpenSpiel and boardgame.io: a state is plain data; `apply` returns a new state
and never changes the old one; moves have a text notation that round-trips. Standard library
only. Later games register here too.
"""

from __future__ import annotations

import importlib
import random
from collections.abc import Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Game(Protocol):
    name: str
    editions: tuple[str, ...]

    def initial_state(self, seed: int, players: int | Sequence[str], **options: Any) -> Any:
        """A new game, shuffled and set up from `seed` (same seed, same game)."""

    def current_player(self, state: Any) -> str | None:
        """Who moves next; None when the game is over."""

    def legal_moves(self, state: Any) -> list[Any]:
        """Every legal move for the player in turn, in a deterministic order."""

    def apply(self, state: Any, move: Any) -> Any:
        """The state after `move` (a new object); raises the game's IllegalMove."""

    def is_over(self, state: Any) -> bool: ...

    def scores(self, state: Any) -> dict[str, int]:
        """Each player's score (final once `is_over`)."""

    def random_move(self, state: Any, rng: random.Random) -> Any:
        """The simulator's random legal move."""

    def move_text(self, move: Any) -> str: ...

    def parse_move(self, text: str) -> Any: ...

    def state_to_json(self, state: Any) -> dict[str, Any]: ...

    def state_from_json(self, data: dict[str, Any]) -> Any: ...


# name -> "module:attribute", imported on first use so listing games stays cheap.
_REGISTRY: dict[str, str] = {
    "asterion": "pnp.rules.asterion.game:GAME",
}


def register(name: str, target: str) -> None:
    """Register a game implemented at "module:attribute"."""
    _REGISTRY[name] = target


def game_names() -> list[str]:
    return sorted(_REGISTRY)


def get_game(name: str) -> Game:
    if name not in _REGISTRY:
        raise KeyError(f"unknown game {name!r} (choose from: {', '.join(game_names())})")
    module, _, attribute = _REGISTRY[name].partition(":")
    return getattr(importlib.import_module(module), attribute)


def random_playout(game: Game, seed: int, players: int | Sequence[str],
                   **options: Any) -> tuple[Any, list[Any]]:
    """Play a seeded random game through the public API; return the final state and moves."""
    rng = random.Random(seed)
    state = game.initial_state(seed, players, **options)
    moves = []
    while not game.is_over(state):
        move = game.random_move(state, rng)
        moves.append(move)
        state = game.apply(state, move)
    return state, moves

"""Assyria (Ystari 2009, first edition): board, cards, state, moves, scoring and the game.

Standard library only; never draws. See docs/assyria-rules-core.md (the code) and
docs/rules/assyria.md (the rules, cited by section as `ruling "..."`).
"""

from typing import Any

from pnp.rules.lazy import Exports

# the exports by submodule, each imported on first use (pnp/rules/lazy.py)
_EXPORTS = Exports(__name__, {
    "board": ("Board", "BoardError", "board"),
    "moves": ("IllegalMove", "MoveSyntaxError", "parse_move"),
    "phases": ("new_game",),
    "play": ("apply", "legal_moves"),
    "read": ("read_state",),
    "scoring": ("Line", "Scoring", "ashur_ranking", "game_end", "income", "reign_end", "settle"),
    "state": ("Problem", "State", "StateError"),
    "validate": ("validate",),
})
__all__ = _EXPORTS.names


def __getattr__(name: str) -> Any:
    return _EXPORTS.load(name)

"""Constructo's rules core (rules: docs/rules/constructo.md). Standard library only.

Modules: hexes (tiles, patterns, adjacency), pieces (move cycle, stacks, towers), state
(the state and its JSON), read (the JSON read back), validate (the rules a position keeps),
moves (notation), play (legal actions, apply, round end), scoring,
game (the `Game` API and a random game), commands (the `GameRules` adapter for the CLI).
"""

from typing import Any

from pnp.rules.lazy import Exports

# the exports by submodule, each imported on first use (pnp/rules/lazy.py)
_EXPORTS = Exports(__name__, {
    "pnp.rules.api": ("Problem",),
    "hexes": ("PATTERN_NAMES", "PATTERNS", "Tile", "parse_tile", "tile_text"),
    "moves": ("Action", "ChoosePattern", "IllegalMove", "Move", "MoveSyntaxError", "Place",
              "parse_move"),
    "pieces": ("KINDS", "PLAYERS", "Piece", "is_tower", "stack_problem"),
    "play": ("apply", "current_player", "is_over", "is_round_over", "legal_actions", "why_illegal"),
    "read": ("read_state", "state_and_problems"),
    "scoring": ("round_points", "totals", "towers", "winners"),
    "state": ("State", "StateError"),
})
__all__ = _EXPORTS.names


def __getattr__(name: str) -> Any:
    return _EXPORTS.load(name)

"""Constructo's rules core (rules: docs/rules/constructo.md). Standard library only.

Modules: hexes (tiles, patterns, adjacency), pieces (move cycle, stacks, towers), state
(JSON and validation), moves (notation), play (legal actions, apply, round end), scoring,
game (the `Game` API and a random game), commands (the `GameRules` adapter for the CLI).
"""

from pnp.rules.constructo.hexes import PATTERN_NAMES, PATTERNS, Tile, parse_tile, tile_text
from pnp.rules.constructo.moves import (
    Action,
    ChoosePattern,
    IllegalMove,
    Move,
    MoveSyntaxError,
    Place,
    parse_move,
)
from pnp.rules.constructo.pieces import KINDS, PLAYERS, Piece, is_tower, stack_problem
from pnp.rules.constructo.play import (
    apply,
    current_player,
    is_over,
    is_round_over,
    legal_actions,
    why_illegal,
)
from pnp.rules.constructo.scoring import round_points, totals, towers, winners
from pnp.rules.constructo.state import Problem, State, StateError, read_state, validate

__all__ = [
    "KINDS", "PATTERNS", "PATTERN_NAMES", "PLAYERS", "Action", "ChoosePattern", "IllegalMove",
    "Move", "MoveSyntaxError", "Piece", "Place", "Problem", "State", "StateError", "Tile",
    "apply", "current_player", "is_over", "is_round_over", "is_tower", "legal_actions",
    "parse_move", "parse_tile", "read_state", "round_points", "stack_problem", "tile_text",
    "totals", "towers", "validate", "why_illegal", "winners",
]

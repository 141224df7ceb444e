"""Constructo's rules core (rules: docs/rules/constructo.md). Standard library only.

Modules: hexes (tiles, patterns, adjacency), pieces (move cycle, stacks, towers), state
(the state and its JSON), read (the JSON read back), validate (the rules a position keeps),
moves (notation), play (legal actions, apply, round end), scoring,
game (the `Game` API and a random game), commands (the `GameRules` adapter for the CLI).
"""

from pnp.rules.api import Problem
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
from pnp.rules.constructo.read import read_state, state_and_problems
from pnp.rules.constructo.scoring import round_points, totals, towers, winners
from pnp.rules.constructo.state import State, StateError

__all__ = [
    "KINDS",
    "PATTERNS",
    "PATTERN_NAMES",
    "PLAYERS",
    "Action",
    "ChoosePattern",
    "IllegalMove",
    "Move",
    "MoveSyntaxError",
    "Piece",
    "Place",
    "Problem",
    "State",
    "StateError",
    "Tile",
    "apply",
    "current_player",
    "is_over",
    "is_round_over",
    "is_tower",
    "legal_actions",
    "parse_move",
    "parse_tile",
    "read_state",
    "round_points",
    "stack_problem",
    "state_and_problems",
    "tile_text",
    "totals",
    "towers",
    "why_illegal",
    "winners",
]

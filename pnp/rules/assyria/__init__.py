"""Assyria (Ystari 2009, first edition): board, cards, state, moves, scoring and the game.

Standard library only; never draws. See docs/assyria-rules-core.md (the code) and
docs/rules/assyria.md (the rules, cited by section as `ruling "..."`).
"""

from pnp.rules.assyria.board import Board, BoardError, board
from pnp.rules.assyria.moves import IllegalMove, MoveSyntaxError, parse_move
from pnp.rules.assyria.phases import new_game
from pnp.rules.assyria.play import apply, legal_moves
from pnp.rules.assyria.read import read_state
from pnp.rules.assyria.scoring import (
    Line,
    Scoring,
    ashur_ranking,
    game_end,
    income,
    reign_end,
    settle,
)
from pnp.rules.assyria.state import Problem, State, StateError
from pnp.rules.assyria.validate import validate

__all__ = ["Board", "BoardError", "IllegalMove", "Line", "MoveSyntaxError", "Problem",
           "Scoring", "State", "StateError", "apply", "ashur_ranking", "board", "game_end",
           "income", "legal_moves", "new_game", "parse_move", "read_state", "reign_end",
           "settle", "validate"]

"""Spider Twist rules core (standard library only). Rules: docs/rules/spider-twist.md.

Modules: web.py (both webs as graphs), state.py (the state and its JSON),
read.py (the JSON read back), validate.py (the rules a position keeps),
moves.py (moves and notation), female.py (the female's reaction), play.py (the rules of a
turn), scoring.py, game.py (the game API), commands.py (score/check/simulate).
Documented in docs/spider-twist-rules-core.md.
"""

from pnp.rules.api import Problem
from pnp.rules.spider_twist.female import Outcome, Reaction, Route, countdown, reach, react
from pnp.rules.spider_twist.moves import (
    Done,
    End,
    Female,
    IllegalMove,
    Mate,
    Move,
    MoveSyntaxError,
    Pass,
    Place,
    Roll,
    Step,
    parse_move,
)
from pnp.rules.spider_twist.play import legal_moves
from pnp.rules.spider_twist.read import position, read_state, state_and_problems
from pnp.rules.spider_twist.scoring import PlayerScore, ScoreResult, score, scores
from pnp.rules.spider_twist.state import COLOURS, MALES, State, StateError
from pnp.rules.spider_twist.web import CENTRE, SPOKES, WEBS, Edge, Spot, UnknownWeb, Web, get_web

__all__ = [
    "CENTRE",
    "COLOURS",
    "MALES",
    "SPOKES",
    "WEBS",
    "Done",
    "Edge",
    "End",
    "Female",
    "IllegalMove",
    "Mate",
    "Move",
    "MoveSyntaxError",
    "Outcome",
    "Pass",
    "Place",
    "PlayerScore",
    "Problem",
    "Reaction",
    "Roll",
    "Route",
    "ScoreResult",
    "Spot",
    "State",
    "StateError",
    "Step",
    "UnknownWeb",
    "Web",
    "countdown",
    "get_web",
    "legal_moves",
    "parse_move",
    "position",
    "reach",
    "react",
    "read_state",
    "score",
    "scores",
    "state_and_problems",
]

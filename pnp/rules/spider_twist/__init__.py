"""Spider Twist rules core (standard library only). Rules: docs/rules/spider-twist.md.

Modules: web.py (both webs as graphs), state.py (the state, its JSON and validation),
moves.py (moves and notation), female.py (the female's reaction), play.py (the rules of a
turn), scoring.py, game.py (the game API), commands.py (score/check/simulate).
Documented in docs/spider-twist-rules-core.md.
"""

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
from pnp.rules.spider_twist.scoring import PlayerScore, ScoreResult, score, scores
from pnp.rules.spider_twist.state import (
    COLOURS,
    MALES,
    Problem,
    State,
    StateError,
    read_state,
    validate,
)
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
    "reach",
    "react",
    "read_state",
    "score",
    "scores",
    "validate",
]

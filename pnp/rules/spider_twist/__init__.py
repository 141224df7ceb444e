"""Spider Twist rules core (standard library only). Rules: docs/rules/spider-twist.md.

Modules: web.py (both webs as graphs), state.py (the state and its JSON),
read.py (the JSON read back), validate.py (the rules a position keeps),
moves.py (moves and notation), female.py (the female's reaction), play.py (the rules of a
turn), bits.py (the simulator's board as bit sets), scoring.py, game.py (the game API),
commands.py (score/check/simulate).
Documented in docs/spider-twist-rules-core.md.
"""

from typing import Any

from pnp.rules.lazy import Exports

# the exports by submodule, each imported on first use (pnp/rules/lazy.py)
_EXPORTS = Exports(__name__, {
    "pnp.rules.api": ("Problem",),
    "female": ("Outcome", "Reaction", "Route", "countdown", "reach", "react"),
    "moves": ("Done", "End", "Female", "IllegalMove", "Mate", "Move", "MoveSyntaxError", "Pass",
              "Place", "Roll", "Step", "parse_move"),
    "play": ("legal_moves",),
    "read": ("position", "read_state", "state_and_problems"),
    "scoring": ("PlayerScore", "ScoreResult", "score", "scores"),
    "state": ("COLOURS", "MALES", "State", "StateError"),
    "web": ("CENTRE", "SPOKES", "WEBS", "Edge", "Spot", "UnknownWeb", "Web", "get_web"),
})
__all__ = _EXPORTS.names


def __getattr__(name: str) -> Any:
    return _EXPORTS.load(name)

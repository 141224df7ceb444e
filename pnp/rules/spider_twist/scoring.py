"""Scores and winners (ruling "End and score"): 2 per mated male, -1 per eaten male."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.rules.spider_twist.state import COLOURS, State

MATED_POINTS = 2
EATEN_POINTS = -1


@dataclass(frozen=True)
class PlayerScore:
    """A player's mated and eaten males."""
    colour: str
    mated: int
    eaten: int

    @property
    def points(self) -> int:
        return MATED_POINTS * self.mated + EATEN_POINTS * self.eaten

    def to_json(self) -> dict[str, int]:
        return {"mated": self.mated, "eaten": self.eaten, "points": self.points}


@dataclass(frozen=True)
class ScoreResult:
    """Every player's score, who leads, and whether the game is over."""
    players: dict[str, PlayerScore]
    leaders: tuple[str, ...]        # most points now (both when equal)
    over: bool

    @property
    def winners(self) -> tuple[str, ...]:
        """Higher points wins, equal is a draw (both listed); none before the end."""
        return self.leaders if self.over else ()

    def to_json(self) -> dict[str, Any]:
        return {"players": {c: s.to_json() for c, s in self.players.items()},
                "winners": list(self.winners), "over": self.over}


def score(state: State) -> ScoreResult:
    players = {c: PlayerScore(c, state.mated[c], state.eaten[c]) for c in COLOURS}
    best = max(s.points for s in players.values())
    winners = tuple(c for c, s in players.items() if s.points == best)
    return ScoreResult(players, winners, state.is_over())


def scores(state: State) -> dict[str, int]:
    return {c: s.points for c, s in score(state).players.items()}

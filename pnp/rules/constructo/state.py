"""The state of a Constructo game as plain data and its JSON form (read.py reads it back,
validate.py holds the rules a position keeps).

JSON (every key required, nothing else allowed):

    {"game": "constructo", "pattern": "rhombus", "players": ["white", "black"],
     "turn": "white", "round": 1,
     "stacks": {"1,0": [{"owner": "white", "piece": "medium"},
                        {"owner": "black", "piece": "small"}]},
     "supply": {"white": {"ring": 3, "medium": 2, "small": 3},
                "black": {"ring": 3, "medium": 3, "small": 2}},
     "scores": {"white": 0, "black": 0}}

- `players`: white and black in round-1 turn order. The first started round 1 and chose
  its pattern; the second starts round 2 and chooses its pattern (ruling "Play": each round
  another player starts and chooses). ["black", "white"] says black started round 1.
- `turn`: the player to move in this round. When that player has no action the round is
  over (ruling "Play"), and `turn` stays that player.
- `stacks`: occupied tiles "q,r" -> pieces bottom to top. An empty list is read as an empty
  tile and is left out when written.
- `supply`: the pieces each player has not yet placed. Supply and tiles hold 3 of each piece
  per player.
- `scores`: points banked in earlier rounds (0, 0 in round 1). The current board's towers
  are scored from `stacks`; the total is both added.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from pnp.rules.api import ProblemsError
from pnp.rules.constructo.hexes import Tile, tile_order, tile_text
from pnp.rules.constructo.pieces import KINDS, PER_KIND, PLAYERS, Piece, Stack

KEYS = ("game", "pattern", "players", "turn", "round", "stacks", "supply", "scores")
ROUNDS = (1, 2)
MAX_ROUND_POINTS = 9                  # at most one tower per tile


class StateError(ProblemsError):
    """A state that cannot be read; `problems` (and `lines`) say why, one each."""


@dataclass(frozen=True)
class State:
    """A position. Never changed in place: the rules build a new State for each action."""

    pattern: str
    players: tuple[str, ...]                    # round-1 turn order
    turn: str
    round: int
    stacks: Mapping[Tile, Stack]                # occupied tiles only
    supply: Mapping[str, Mapping[str, int]]     # player -> kind -> count
    scores: Mapping[str, int]                   # banked in earlier rounds

    def stack(self, tile: Tile) -> Stack:
        return self.stacks.get(tile, ())

    def top(self, tile: Tile) -> Piece | None:
        stack = self.stacks.get(tile)
        return stack[-1] if stack else None

    @property
    def starter(self) -> str:
        """Who started this round (and chose its pattern)."""
        return self.players[self.round - 1]

    def to_json(self) -> dict[str, Any]:
        return {"game": "constructo", "pattern": self.pattern, "players": list(self.players),
                "turn": self.turn, "round": self.round,
                "stacks": {tile_text(t): [p.to_json() for p in self.stacks[t]]
                           for t in sorted(self.stacks, key=tile_order)},
                "supply": {p: {k: self.supply[p][k] for k in KINDS} for p in PLAYERS},
                "scores": {p: self.scores[p] for p in PLAYERS}}

    def to_text(self) -> str:
        """The JSON as text for a file: one stack per line, so hand edits stay easy."""
        data = self.to_json()
        head = ", ".join(f"{json.dumps(k)}: {json.dumps(data[k])}" for k in KEYS[:5])
        rows = [f"    {json.dumps(t)}: {json.dumps(s)}" for t, s in data["stacks"].items()]
        stacks = "{\n" + ",\n".join(rows) + "\n  }" if rows else "{}"
        return (f"{{{head},\n"
                f'  "stacks": {stacks},\n'
                f'  "supply": {json.dumps(data["supply"])},\n'
                f'  "scores": {json.dumps(data["scores"])}}}\n')


def full_supply() -> dict[str, dict[str, int]]:
    return {p: dict.fromkeys(KINDS, PER_KIND) for p in PLAYERS}

"""An Asterion game in progress, as plain data (`State.to_json()` / `State.from_json()`).

The fast labyrinth (labyrinth.py) is a cache rebuilt from the state when missing.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from pnp.rules.asterion.labyrinth import Labyrinth, board_cells, key
from pnp.rules.asterion.table import BOARD_RADIUS, Placement, Table


@dataclass
class State:
    """Everything about a game in progress, as JSON-ready data."""

    edition: str
    board: bool
    players: tuple[str, ...]
    seed: int
    no_kill_points: bool
    decks: dict[str, list[str]]          # per colour, the next draw first
    hands: dict[str, str | None]         # the tile in hand; None once the deck is spent
    turn: int                            # index in `players` of the player to move
    start: str
    tiles: list[tuple[str, int, int, int]] = field(default_factory=list)  # (id, x, y, rot)
    dead: list[str] = field(default_factory=list)
    kill_points: dict[str, int] = field(default_factory=dict)
    discards: dict[str, list[str]] = field(default_factory=dict)  # setup and in-game
    log: list[str] = field(default_factory=list)
    moves: int = 0
    _lab: Labyrinth | None = field(default=None, compare=False, repr=False)

    @property
    def current(self) -> str | None:
        """The colour to move, None when the game is over."""
        colour = self.players[self.turn]
        return colour if self.hands[colour] is not None else None

    @property
    def radius(self) -> int | None:
        return BOARD_RADIUS[len(self.players)] if self.board else None

    def use_lab(self, lab: Labyrinth) -> None:
        """Keep `lab` as the labyrinth of the state's tiles (the caller built it from them)."""
        self._lab = lab

    def lab(self) -> Labyrinth:
        if self._lab is None:
            board = board_cells(self.radius) if self.radius is not None else None
            self._lab = Labyrinth.build(((t, key(x, y), r) for t, x, y, r in self.tiles),
                                        self.dead, board)
        return self._lab

    def copy(self) -> State:
        return replace(self, decks={c: list(d) for c, d in self.decks.items()},
                       hands=dict(self.hands), tiles=list(self.tiles), dead=list(self.dead),
                       kill_points=dict(self.kill_points),
                       discards={c: list(d) for c, d in self.discards.items()},
                       log=list(self.log), _lab=self._lab.copy() if self._lab else None)

    def table(self) -> Table:
        return Table(self.edition, self.board, self.players,
                     tuple(Placement(t, x, y, r) for t, x, y, r in self.tiles),
                     tuple(self.dead), dict(self.kill_points), self.no_kill_points)

    def to_json(self) -> dict[str, Any]:
        return {"game": "asterion", "edition": self.edition, "board": self.board,
                "players": list(self.players), "seed": self.seed,
                "no_kill_points": self.no_kill_points,
                "decks": {c: list(d) for c, d in self.decks.items()},
                "hands": dict(self.hands), "turn": self.turn, "start": self.start,
                "tiles": [list(t) for t in self.tiles], "dead": list(self.dead),
                "kill_points": dict(self.kill_points),
                "discards": {c: list(d) for c, d in self.discards.items()},
                "log": list(self.log), "moves": self.moves}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        return cls(data["edition"], data["board"], tuple(data["players"]), data["seed"],
                   data["no_kill_points"], {c: list(d) for c, d in data["decks"].items()},
                   dict(data["hands"]), data["turn"], data["start"],
                   [tuple(t) for t in data["tiles"]], list(data["dead"]),
                   dict(data["kill_points"]),
                   {c: list(d) for c, d in data["discards"].items()}, list(data["log"]),
                   data["moves"])

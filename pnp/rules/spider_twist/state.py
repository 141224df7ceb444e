"""The state of a game: plain data and the JSON a person can write (read.py reads it back,
validate.py holds the rules a position keeps).

    {"game": "spider-twist", "web": "rings", "players": ["white", "black"], "turn": "white",
     "female": "S0R2", "die": null,
     "males": [{"colour": "black", "node": "S3R1", "done": false}],
     "stock": {"white": 5, "black": 6}, "mated": {"white": 1, "black": 0},
     "eaten": {"white": 2, "black": 2}}

Optional extras for a running game (docs/spider-twist-rules-core.md):
    "this_turn": {"placed": NODE|null, "moves": [[FROM, TO], ...], "mated": NODE|null}
        what the player in turn has done so far this turn (the node he placed on, the moves
        he made, the node his mating male came from);
    "react": NODE|null   a disturbance on NODE still waits for the female's move (the
        player moving her has to choose among several walks);
    "roll": true|false   she has just eaten: the die is still to be rolled and put on her.
A male's "done" (turned face down) defaults to false.

`read.read_state(data)` checks everything and raises StateError listing every problem, each
a named `Problem` (code, where, message) printed as one line.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from operator import countOf
from typing import TYPE_CHECKING, Any

from pnp.rules.api import ProblemsError
from pnp.rules.spider_twist.web import Web, get_web

if TYPE_CHECKING:
    from pnp.rules.spider_twist.female import Outcome

GAME = "spider-twist"
COLOURS = ("white", "black")
MALES = 10                         # per colour (ruling "Components")
KEYS = ("game", "web", "players", "turn", "female", "die", "males", "stock", "mated",
        "eaten")
EXTRA_KEYS = ("this_turn", "react", "roll")
MALE_KEYS = ("colour", "node", "done")
TURN_KEYS = ("placed", "moves", "mated")


class StateError(ProblemsError):
    """A state that cannot be read; `problems` says why, one line each."""


@dataclass
class State:
    """A game in progress. `males` maps node -> colour; `done` holds the nodes of males
    turned face down this turn."""

    web: str
    players: tuple[str, ...]
    turn: str
    female: str
    die: int | None
    males: dict[str, str]
    done: set[str]
    stock: dict[str, int]
    mated: dict[str, int]
    eaten: dict[str, int]
    placed: str | None = None                  # this turn's placement
    moved: list[tuple[str, str]] = field(default_factory=list)   # this turn's moves
    mating: str | None = None                  # where this turn's mating male came from
    react: str | None = None                   # a disturbance waiting for her move
    roll: bool = False                         # she ate: the die is still to be rolled
    # Not part of the game: her allowed walks for `react`, as the disturbance found them,
    # for the player moving her to choose from (cleared by every move; never copied or written).
    walks: tuple[Outcome, ...] | None = field(default=None, compare=False, repr=False)

    @property
    def graph(self) -> Web:
        return get_web(self.web)

    @property
    def opponent(self) -> str:
        return COLOURS[1] if self.turn == COLOURS[0] else COLOURS[0]

    @property
    def has_acted(self) -> bool:
        """At least one action (placement, move, mating) this turn (ruling "A turn")."""
        return not (self.placed is None and not self.moved and self.mating is None)

    def on_web(self, colour: str) -> int:
        return countOf(self.males.values(), colour)

    def left(self, colour: str) -> int:
        """Males still in play: on the web and in stock (ruling "End and score")."""
        return self.on_web(colour) + self.stock[colour]

    def is_over(self) -> bool:
        """Ruling "End and score": over as soon as a player has only one male left."""
        first = countOf(self.males.values(), COLOURS[0])   # the rest are the second's
        return (first + self.stock[COLOURS[0]] <= 1
                or len(self.males) - first + self.stock[COLOURS[1]] <= 1)

    def current(self) -> str | None:
        """Who moves next: the opponent while the female moves or her die is rolled."""
        if self.is_over():
            return None
        return self.opponent if self.react is not None or self.roll else self.turn

    def copy(self) -> State:
        return State(self.web, self.players, self.turn, self.female, self.die,
                     dict(self.males), set(self.done), dict(self.stock), dict(self.mated),
                     dict(self.eaten), self.placed, list(self.moved), self.mating,
                     self.react, self.roll)

    def to_json(self) -> dict[str, Any]:
        order = self.graph.index
        return {
            "game": GAME, "web": self.web, "players": list(self.players), "turn": self.turn,
            "female": self.female, "die": self.die,
            "males": [{"colour": self.males[n], "node": n, "done": n in self.done}
                      for n in sorted(self.males, key=order.__getitem__)],
            "stock": {c: self.stock[c] for c in COLOURS},
            "mated": {c: self.mated[c] for c in COLOURS},
            "eaten": {c: self.eaten[c] for c in COLOURS},
            "this_turn": {"placed": self.placed, "moves": [list(m) for m in self.moved],
                          "mated": self.mating},
            "react": self.react, "roll": self.roll,
        }

    def to_text(self) -> str:
        """The JSON file: one key a line, one male a line (readable and diffable)."""
        rows = []
        for key, value in self.to_json().items():
            if key == "males" and value:
                inner = ",\n".join(f"  {json.dumps(m)}" for m in value)
                rows.append(f' "males": [\n{inner}\n ]')
            else:
                rows.append(f" {json.dumps(key)}: {json.dumps(value)}")
        return "{\n" + ",\n".join(rows) + "\n}\n"

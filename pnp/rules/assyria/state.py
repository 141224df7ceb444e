"""The Assyria game state: plain data, JSON out (read.py reads it back), and the problems a
state can have.

Internally hexes and vertices are board indices and piles are Counters; in JSON they are
names and count maps (docs/assyria-rules-core.md).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from itertools import repeat
from operator import countOf
from typing import Any

from pnp.rules import api
from pnp.rules.assyria.board import board
from pnp.rules.assyria.cards import HUTS, PLOUGH, REIGN_OF_TURN, TIERS, WELLS

# Decision phases wait for a player's move; scoring phases are due a scoring ("continue").
PHASES = ("setup", "draft", "harvest", "huts", "supply", "wells", "income", "actions",
          "reign_end", "game_end", "over")
DECISION_PHASES = ("setup", "draft", "harvest", "huts", "supply", "wells", "actions")
SCORING_PHASES = ("income", "reign_end", "game_end")
EXPANSION_PHASES = ("huts", "supply", "wells")          # phase II, one player at a time

Log = list[str] | None      # the turn log being written, or None when nobody reads it

KEYS = ("game", "players", "turn", "reign", "phase", "to_move", "order", "huts", "ziggurats",
        "wells", "new_wells", "score", "camels", "offering", "ashur", "hands", "used_ploughs",
        "expansion", "expansion_deck", "expansion_out", "deck", "discard", "sowing",
        "harvest", "draft", "this_turn", "chance", "moves")
THIS_TURN_KEYS = ("huts_to_place", "supplied", "grown", "offered", "bought")


@dataclass
class State:
    """Everything about an Assyria game. Hexes and vertices are board indices."""

    players: tuple[str, ...]
    turn: int = 1
    phase: str = "setup"
    to_move: str | None = None
    order: list[str] = field(default_factory=list)             # turn order, first first
    huts: dict[int, str] = field(default_factory=dict)          # hex -> colour
    ziggurats: dict[int, tuple[str, int]] = field(default_factory=dict)  # hex -> (colour, level)
    wells: list[int] = field(default_factory=list)              # vertices, sorted
    new_wells: dict[str, list[int]] = field(default_factory=dict)  # placed this turn, unscored
    score: dict[str, int] = field(default_factory=dict)
    camels: dict[str, int] = field(default_factory=dict)
    offering: dict[str, int] = field(default_factory=dict)
    ashur: dict[str, list[str]] = field(default_factory=dict)  # tier -> colours, space order
    hands: dict[str, list[str]] = field(default_factory=dict)  # food cards, sorted
    ploughs: dict[str, int] = field(default_factory=dict)      # 0 or 1 held
    used_ploughs: int = 0
    expansion: list[int] = field(default_factory=list)         # this reign's slots, in order
    expansion_deck: Counter[int] = field(default_factory=Counter)   # face down
    expansion_out: list[int] = field(default_factory=list)     # cleared at earlier reign ends
    deck: Counter[str] = field(default_factory=Counter)        # food deck (drawn at random)
    discard: Counter[str] = field(default_factory=Counter)
    sowing: list[list[str] | None] = field(default_factory=list)  # columns; None once taken
    harvest: dict[str, int] = field(default_factory=dict)      # colour -> column (0-based)
    draft: list[str] = field(default_factory=list)
    huts_to_place: int = 0
    supplied: list[int] = field(default_factory=list)          # mover's huts fed this step
    grown: list[int] = field(default_factory=list)             # ziggurats built/raised this turn
    offered: dict[str, int] = field(default_factory=dict)      # offering steps this turn
    bought: list[str] = field(default_factory=list)            # bought a food card this turn
    seed: int = 0
    draws: int = 0                                             # chance events so far
    moves: int = 0
    # Not part of the game: the legal moves an automatic step found for the decision it
    # stopped at, handed to `play.play_on` within the same move (never copied or written).
    found: list[Any] | None = field(default=None, compare=False, repr=False)
    n: int = field(init=False, compare=False, repr=False)       # players; asked every step

    def __post_init__(self) -> None:
        self.n = len(self.players)

    # -- derived ----------------------------------------------------------------------------
    @property
    def reign(self) -> int:
        return REIGN_OF_TURN[self.turn]

    def huts_of(self, colour: str) -> list[int]:
        return sorted(h for h, c in self.huts.items() if c == colour)

    def ziggurats_of(self, colour: str) -> list[int]:
        return sorted(h for h, (c, _) in self.ziggurats.items() if c == colour)

    def ashur_huts(self, colour: str) -> int:
        return sum(map(countOf, self.ashur.values(), repeat(colour)))

    def hut_stock(self, colour: str) -> int:
        """Ruling "Components": 10 huts; those on the board and in Ashur are not in stock."""
        on_board = countOf(self.huts.values(), colour)
        return HUTS - on_board - self.ashur_huts(colour)

    def well_stock(self) -> int:
        return WELLS[self.n] - len(self.wells)

    def leftover(self) -> list[str]:
        """The harvest's left-over column (ruling I, Harvest), once every player took one."""
        rest = [c for c in self.sowing if c is not None]
        return rest[0] if len(rest) == 1 and len(self.harvest) == self.n else []

    def expansion_value(self) -> int:
        return self.expansion[-1] if self.expansion else 0

    def copy(self) -> State:
        return State(
            self.players, self.turn, self.phase, self.to_move, list(self.order),
            dict(self.huts), dict(self.ziggurats), list(self.wells),
            {c: list(v) for c, v in self.new_wells.items()}, dict(self.score),
            dict(self.camels), dict(self.offering),
            {t: list(v) for t, v in self.ashur.items()},
            {c: list(v) for c, v in self.hands.items()}, dict(self.ploughs),
            self.used_ploughs, list(self.expansion), Counter(self.expansion_deck),
            list(self.expansion_out), Counter(self.deck), Counter(self.discard),
            [None if c is None else list(c) for c in self.sowing], dict(self.harvest),
            list(self.draft), self.huts_to_place, list(self.supplied), list(self.grown),
            dict(self.offered), list(self.bought), self.seed, self.draws, self.moves)

    # -- JSON -------------------------------------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        """The canonical JSON form (read back by `state_from_json` / `read_state`)."""
        b = board()
        hx = b.hexes
        return {
            "game": "assyria", "players": list(self.players), "turn": self.turn,
            "reign": self.reign, "phase": self.phase, "to_move": self.to_move,
            "order": list(self.order),
            "huts": {hx[h].name: c for h, c in sorted(self.huts.items())},
            "ziggurats": {hx[h].name: {"owner": c, "level": lv}
                          for h, (c, lv) in sorted(self.ziggurats.items())},
            "wells": [b.vertices[v].name for v in sorted(self.wells)],
            "new_wells": {c: [b.vertices[v].name for v in vs]
                          for c, vs in self.new_wells.items() if vs},
            "score": dict(self.score), "camels": dict(self.camels),
            "offering": dict(self.offering),
            "ashur": {t: list(self.ashur.get(t, [])) for t in TIERS},
            "hands": {c: [PLOUGH] * self.ploughs.get(c, 0) + list(self.hands.get(c, []))
                      for c in self.players},
            "used_ploughs": self.used_ploughs,
            "expansion": list(self.expansion),
            "expansion_deck": sorted(self.expansion_deck.elements()),
            "expansion_out": list(self.expansion_out),
            "deck": _counts(self.deck), "discard": _counts(self.discard),
            "sowing": [None if c is None else list(c) for c in self.sowing],
            "harvest": {c: col + 1 for c, col in self.harvest.items()},
            "draft": list(self.draft),
            "this_turn": {"huts_to_place": self.huts_to_place,
                          "supplied": [hx[h].name for h in self.supplied],
                          "grown": [hx[h].name for h in self.grown],
                          "offered": {c: k for c, k in self.offered.items() if k},
                          "bought": list(self.bought)},
            "chance": {"seed": self.seed, "draws": self.draws},
            "moves": self.moves,
        }


def _counts(pile: Counter[str]) -> dict[str, int]:
    return {k: pile[k] for k in sorted(pile) if pile[k] > 0}


class Problem(api.Problem):
    """One named thing wrong with a state; `where` is a JSON path such as `huts.H23`.
    Printed with its code: "huts.H23: a hut and a ziggurat on one hex [occupied]"."""

    def __str__(self) -> str:
        return f"{super().__str__()} [{self.code}]"


class StateError(api.ProblemsError):
    """A state that cannot be read or is not a legal position; `problems` says why."""

"""The small game API every rules core implements.

Modelled on OpenSpiel and boardgame.io: a state is plain data; `apply` returns a new state
and never changes the old one; moves have a text notation that round-trips. Standard library
only. Which games exist is the registry's business (`pnp/games.py`), not this module's.

Two layers:
- `Game`: play (initial state, legal moves, apply, is over, scores), used by the simulator
  and the generic conformance test.
- `GameRules`: what the shell asks of a game's rules (read a state file, score it, settle a
  dispute, simulate to files). The CLI is one generic dispatcher over this protocol, so a new
  game adds no CLI code.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, Protocol, runtime_checkable

from pnp.rules.options import Option


@runtime_checkable
class Game(Protocol):
    name: str
    editions: tuple[str, ...]
    player_counts: tuple[int, ...]        # how many may play, e.g. (2,) or (2, 3, 4)

    def initial_state(self, seed: int, players: int | Sequence[str], **options: Any) -> Any:
        """A new game, shuffled and set up from `seed` (same seed, same game)."""

    def current_player(self, state: Any) -> str | None:
        """Who moves next; None when the game is over."""

    def legal_moves(self, state: Any) -> list[Any]:
        """Every legal move for the player in turn, in a deterministic order."""

    def apply(self, state: Any, move: Any) -> Any:
        """The state after `move` (a new object); raises IllegalMove."""

    def is_over(self, state: Any) -> bool: ...

    def scores(self, state: Any) -> dict[str, int]:
        """Each player's score (final once `is_over`)."""

    def random_move(self, state: Any, rng: random.Random) -> Any:
        """The simulator's random legal move."""

    def move_text(self, move: Any) -> str: ...

    def parse_move(self, text: str) -> Any: ...

    def state_to_json(self, state: Any) -> dict[str, Any]: ...

    def state_from_json(self, data: dict[str, Any]) -> Any: ...


# the API's calls a game may bind straight to one of its rules functions
RULES_FUNCTIONS = frozenset({"initial_state", "current_player", "legal_moves", "apply",
                             "scores", "random_move", "parse_move", "state_from_json"})


class GameBase:
    """What most games' `Game` adapters share: over when nobody is to move, moves print as
    text, a state has `to_json()`. A game's class binds its own rules functions to the
    API's calls as class keywords (`class MyGame(GameBase, legal_moves=legal_actions)`)
    and writes a method only where a call needs more than that."""

    name: str
    editions: tuple[str, ...] = ()
    player_counts: tuple[int, ...]

    def __init_subclass__(cls, **functions: Any) -> None:
        super().__init_subclass__()
        unknown = sorted(set(functions) - RULES_FUNCTIONS)
        if unknown:
            raise TypeError(f"{cls.__name__}: not calls of the game API: {', '.join(unknown)}")
        for call, function in functions.items():
            setattr(cls, call, staticmethod(function))

    def current_player(self, state: Any) -> str | None:
        raise NotImplementedError

    def is_over(self, state: Any) -> bool:
        return self.current_player(state) is None      # the API's definition of over

    def move_text(self, move: Any) -> str:
        return str(move)

    def state_to_json(self, state: Any) -> dict[str, Any]:
        return state.to_json()


# The seeds `pnp simulate --seed` takes, and so the seeds a state file it writes may hold.
SEEDS = (-(2**63), 2**63 - 1)


class MoveSyntaxError(ValueError):
    """Text that is not a move in the game's notation (`Game.parse_move`)."""


class IllegalMove(ValueError):
    """A well-formed move that the rules forbid in this state (`Game.apply`); the message
    says why."""


class RulesError(ValueError):
    """A state file or a query the rules cannot take. `lines`: one problem each, for people
    (the CLI prefixes each with the file name and prints it as `error: ...`, exit 2)."""

    def __init__(self, lines: Sequence[str] | str) -> None:
        lines = [lines] if isinstance(lines, str) else list(lines)
        super().__init__(lines[0] if lines else "")
        self.lines = lines


@dataclass(frozen=True)
class Problem:
    """One named thing wrong with a state file: `code` (e.g. "duplicate-tile"), a message,
    and where: a JSON path such as `tiles[3].rot`, a key, a colour, or "" for the whole file.
    A game may subclass it to print differently (Asterion, Assyria)."""

    code: str
    message: str
    where: str = ""

    def __str__(self) -> str:
        return f"{self.where}: {self.message}" if self.where else self.message

    def to_dict(self) -> dict[str, str]:
        return {"code": self.code, "where": self.where, "message": self.message}


class ProblemsError(RulesError):
    """A state that cannot be read or used, for named `problems`: one line each in `lines`.
    Each game names its own subclass (StateError, TableError)."""

    def __init__(self, problems: Sequence[Problem]) -> None:
        self.problems = list(problems)
        super().__init__([str(p) for p in self.problems])

    def __str__(self) -> str:
        return "; ".join(self.lines)


@dataclass(frozen=True)
class Report:
    """An answer for the shell: text lines for people and the same facts as JSON data."""

    lines: list[str]
    data: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Simulation:
    """A finished simulated game: files to write (name -> text) and a one-line summary."""

    files: dict[str, str]
    summary: str


@runtime_checkable
class GameRules(Protocol):
    """What `pnp score|check|simulate|pieces GAME` asks of a game's rules core.

    `data` is JSON already parsed by the shared input layer (`pnp.inputs`): bounded in size,
    depth and number length, no duplicate keys. Text in `lines` may quote values from the
    file; the CLI escapes control characters before printing, the game need not.
    """

    name: str
    # The options each call takes, as data (pnp.rules.options.Option): the CLI and the phone page
    # build theirs from these. Each call receives only the options the user gave, parsed.
    score_options: tuple[Option, ...]     # keywords of `score_report`
    check_options: tuple[Option, ...]     # the keys of `check_report`'s query
    simulate_options: tuple[Option, ...]  # the keys of `simulate`'s options
    pieces_options: tuple[Option, ...]    # keywords of `pieces_report`

    def read_state(self, data: Any) -> Any:
        """A validated state from parsed JSON; raises RulesError listing every problem."""

    def score_report(self, state: Any, **options: Any) -> Report: ...

    def check_report(self, state: Any, query: Mapping[str, Any]) -> Report:
        """Settle a dispute. `query` holds only options of `check_options` that the user
        gave; raises RulesError for a query that makes no sense."""

    def simulate(self, seed: int, options: Mapping[str, Any]) -> Simulation:
        """A seeded random legal game to the end; raises RulesError for bad options."""

    def pieces_report(self, **options: Any) -> Report:
        """What the game is played with (`pnp pieces`), named as its states name it."""


def seat_players(game: str, players: int | Sequence[str], colours: Sequence[str],
                 counts: Sequence[int]) -> tuple[str, ...]:
    """Who plays a new game, in seating order: `players` is a count (the first of `colours`)
    or the colours themselves (known, different, an allowed number); ValueError otherwise."""
    span = f"{min(counts)} to {max(counts)}" if len(counts) > 1 else f"{counts[0]}"
    if isinstance(players, int):
        if players not in counts:
            raise ValueError(f"{game} is for {span} players, not {players}")
        return tuple(colours[:players])
    chosen = tuple(players)
    if len(chosen) not in counts or len(set(chosen)) != len(chosen) or \
            any(c not in colours for c in chosen):
        raise ValueError(f"players must be {span} different colours from "
                         f"{', '.join(colours)}")
    return chosen


def random_playout(game: Game, seed: int, players: int | Sequence[str],
                   **options: Any) -> tuple[Any, list[Any]]:
    """Play a seeded random game through the public API; return the final state and moves."""
    rng = random.Random(seed)
    state = game.initial_state(seed, players, **options)
    moves = []
    while not game.is_over(state):
        move = game.random_move(state, rng)
        moves.append(move)
        state = game.apply(state, move)
    return state, moves

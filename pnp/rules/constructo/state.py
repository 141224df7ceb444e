"""The state of a Constructo game as plain data, its JSON form, and validation.

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
from typing import Any, TypeGuard

from pnp.rules.api import Problem, ProblemsError
from pnp.rules.constructo.hexes import (
    PATTERN_NAMES,
    PATTERNS,
    Tile,
    TileSyntaxError,
    parse_tile,
    tile_order,
    tile_text,
    unknown_pattern,
)
from pnp.rules.constructo.pieces import (
    KINDS,
    NAMES,
    PER_KIND,
    PLAYERS,
    Piece,
    Stack,
    stack_problem,
)

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

    @classmethod
    def from_json(cls, data: Any) -> State:
        """A validated state; raises StateError listing every problem."""
        return read_state(data)


def full_supply() -> dict[str, dict[str, int]]:
    return {p: dict.fromkeys(KINDS, PER_KIND) for p in PLAYERS}


# -- validation -----------------------------------------------------------------------------
def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


def _show(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _read_piece(value: Any, where: str, problems: list[Problem]) -> Piece | None:
    if not isinstance(value, dict) or set(value) != {"owner", "piece"}:
        problems.append(Problem("bad-piece", 'a piece is {"owner": "white"|"black", "piece": '
                                '"ring"|"medium"|"small"}, not ' + _show(value), where))
        return None
    owner, kind = value["owner"], value["piece"]
    ok = True
    if owner not in PLAYERS:
        problems.append(Problem("bad-owner", f"owner {_show(owner)} is not white or black",
                                where))
        ok = False
    if kind not in KINDS:
        problems.append(Problem("bad-piece", f"piece {_show(kind)} is not ring, medium or "
                                "small", where))
        ok = False
    return Piece(owner, kind) if ok else None


def _read_stacks(data: Any, pattern: str | None,
                 problems: list[Problem]) -> dict[Tile, Stack] | None:
    if not isinstance(data, dict):
        problems.append(Problem("bad-stacks", 'must be an object {"q,r": [pieces bottom to '
                                'top]}', "stacks"))
        return None
    stacks: dict[Tile, Stack] = {}
    whole = True
    for key, value in data.items():
        try:
            tile = parse_tile(key)
        except TileSyntaxError as exc:
            problems.append(Problem("bad-tile", str(exc), "stacks"))
            whole = False
            continue
        where = f"tile {key}"
        if pattern is not None and tile not in PATTERNS[pattern]:
            problems.append(Problem("off-board", f"is not a tile of the {pattern} pattern",
                                    where))
        if not isinstance(value, list):
            problems.append(Problem("bad-stack", "must be a list of pieces, bottom to top",
                                    where))
            whole = False
            continue
        pieces = [_read_piece(v, f"{where} level {i + 1}", problems)
                  for i, v in enumerate(value)]
        if any(p is None for p in pieces):
            whole = False
            continue
        stack = tuple(p for p in pieces if p is not None)
        why = stack_problem(stack)
        if why:
            problems.append(Problem("unreachable-stack",
                                    f"the rules cannot build this stack: {why}", where))
        if stack:
            stacks[tile] = stack
    return stacks if whole else None


def _read_counts(data: Any, where: str, names: tuple[str, ...], top: int | None,
                 problems: list[Problem]) -> dict[str, int] | None:
    if not isinstance(data, dict) or set(data) != set(names):
        problems.append(Problem(f"bad-{where.split('.')[0]}",
                                f"must be an object with exactly the keys {', '.join(names)}",
                                where))
        return None
    counts: dict[str, int] = {}
    for name in names:
        value = data[name]
        if not _is_int(value) or value < 0 or (top is not None and value > top):
            limit = f"0 to {top}" if top is not None else "0 or more"
            problems.append(Problem(f"bad-{where.split('.')[0]}",
                                    f"must be a whole number {limit}, not {_show(value)}",
                                    f"{where}.{name}"))
            continue
        counts[name] = value
    return counts if len(counts) == len(names) else None


def validate(data: Any) -> tuple[State | None, list[Problem]]:
    """Every problem with `data`, and the state when there is none."""
    problems: list[Problem] = []
    if not isinstance(data, dict):
        return None, [Problem("not-an-object", "must be a JSON object", "state")]
    for key in data:
        if key not in KEYS:
            problems.append(Problem("unknown-key",
                                    f"is not a state key (the keys: {', '.join(KEYS)})",
                                    str(key)))
    missing = [k for k in KEYS if k not in data]
    for key in missing:
        problems.append(Problem("missing-key", "is missing", key))
    get = data.get
    if "game" in data and get("game") != "constructo":
        problems.append(Problem("wrong-game", f"is {_show(get('game'))}, not 'constructo'",
                                "game"))
    pattern = get("pattern")
    if "pattern" in data and pattern not in PATTERN_NAMES:
        problems.append(Problem("bad-pattern", unknown_pattern(pattern), "pattern"))
        pattern = None
    players = get("players")
    if "players" in data and (not isinstance(players, list) or len(players) != 2
                              or sorted(map(str, players)) != sorted(PLAYERS)):
        problems.append(Problem("bad-players", "must be [\"white\", \"black\"] in round-1 "
                                "turn order (the first started round 1)", "players"))
        players = None
    turn = get("turn")
    if "turn" in data and turn not in PLAYERS:
        problems.append(Problem("bad-turn", f"{_show(turn)} is not white or black", "turn"))
    round_ = get("round")
    if "round" in data and (not _is_int(round_) or round_ not in ROUNDS):
        problems.append(Problem("bad-round", f"must be 1 or 2, not {_show(round_)}", "round"))
        round_ = None
    stacks = _read_stacks(get("stacks"), pattern, problems) if "stacks" in data else None
    supply: dict[str, dict[str, int]] | None = None
    if "supply" in data:
        raw = get("supply")
        if not isinstance(raw, dict) or set(raw) != set(PLAYERS):
            problems.append(Problem("bad-supply", "must be an object with exactly the keys "
                                    "white, black", "supply"))
        else:
            read = {p: _read_counts(raw[p], f"supply.{p}", KINDS, PER_KIND, problems)
                    for p in PLAYERS}
            if all(v is not None for v in read.values()):
                supply = {p: v for p, v in read.items() if v is not None}
    scores = (_read_counts(get("scores"), "scores", PLAYERS, None, problems)
              if "scores" in data else None)
    if scores is not None and round_ == 1 and any(scores.values()):
        problems.append(Problem("bad-scores", "must be 0 and 0 in round 1 (they hold the "
                                "points of earlier rounds)", "scores"))
    if scores is not None and round_ == 2 and sum(scores.values()) > MAX_ROUND_POINTS:
        problems.append(Problem("bad-scores", f"round 1 gives at most {MAX_ROUND_POINTS} "
                                "points in all (one tower per tile), not "
                                f"{sum(scores.values())}", "scores"))
    if stacks is not None and supply is not None:
        # Ruling "Components": 3 of each piece per player, on the tiles or in the supply.
        for player in PLAYERS:
            for kind in KINDS:
                on = sum(p == Piece(player, kind) for s in stacks.values() for p in s)
                if on + supply[player][kind] != PER_KIND:
                    problems.append(Problem(
                        "piece-count",
                        f"{on} {player} {NAMES[kind]}(s) on the tiles + "
                        f"{supply[player][kind]} in the supply = {on + supply[player][kind]}, "
                        f"not {PER_KIND}",
                        f"supply.{player}.{kind}"))
    if problems:
        return None, problems
    assert stacks is not None and supply is not None and scores is not None
    assert players is not None and round_ is not None and pattern is not None
    assert isinstance(turn, str)
    return State(pattern, tuple(players), turn, round_, stacks, supply, scores), []


def read_state(data: Any) -> State:
    """A validated state from parsed JSON; raises StateError listing every problem."""
    state, problems = validate(data)
    if state is None:
        raise StateError(problems)
    return state

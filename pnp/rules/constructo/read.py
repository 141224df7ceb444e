"""Reading a Constructo state from the JSON people write (its format: state.py).

`state_and_problems(data)` reads every key, names every problem at once (the file's shape
here, the rules from validate.py where the parts they need were read), and gives the state
only when there is none; `read_state(data)` raises StateError with them instead.
"""

from __future__ import annotations

from typing import Any

from pnp.rules.api import Problem
from pnp.rules.constructo.hexes import (
    PATTERN_NAMES,
    Tile,
    TileSyntaxError,
    parse_tile,
    unknown_pattern,
)
from pnp.rules.constructo.pieces import KINDS, PER_KIND, PLAYERS, Piece, Stack
from pnp.rules.constructo.state import KEYS, ROUNDS, State, StateError
from pnp.rules.constructo.validate import banked_points, off_pattern, piece_counts, unbuildable
from pnp.rules.json_values import is_int, shown


def _read_piece(value: Any, where: str, problems: list[Problem]) -> Piece | None:
    if not isinstance(value, dict) or set(value) != {"owner", "piece"}:
        problems.append(Problem("bad-piece", 'a piece is {"owner": "white"|"black", "piece": '
                                '"ring"|"medium"|"small"}, not ' + shown(value), where))
        return None
    owner, kind = value["owner"], value["piece"]
    ok = True
    if owner not in PLAYERS:
        problems.append(Problem("bad-owner", f"owner {shown(owner)} is not white or black",
                                where))
        ok = False
    if kind not in KINDS:
        problems.append(Problem("bad-piece", f"piece {shown(kind)} is not ring, medium or "
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
        if pattern is not None:
            problems += off_pattern(tile, pattern, where)
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
        problems += unbuildable(stack, where)
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
        if not is_int(value) or value < 0 or (top is not None and value > top):
            limit = f"0 to {top}" if top is not None else "0 or more"
            problems.append(Problem(f"bad-{where.split('.')[0]}",
                                    f"must be a whole number {limit}, not {shown(value)}",
                                    f"{where}.{name}"))
            continue
        counts[name] = value
    return counts if len(counts) == len(names) else None


def _read_supply(raw: Any, problems: list[Problem]) -> dict[str, dict[str, int]] | None:
    if not isinstance(raw, dict) or set(raw) != set(PLAYERS):
        problems.append(Problem("bad-supply", "must be an object with exactly the keys "
                                "white, black", "supply"))
        return None
    read = {p: _read_counts(raw[p], f"supply.{p}", KINDS, PER_KIND, problems) for p in PLAYERS}
    if any(v is None for v in read.values()):
        return None
    return {p: v for p, v in read.items() if v is not None}


def _read_keys(data: dict[Any, Any], problems: list[Problem]) -> None:
    for key in data:
        if key not in KEYS:
            problems.append(Problem("unknown-key",
                                    f"is not a state key (the keys: {', '.join(KEYS)})",
                                    str(key)))
    for key in [k for k in KEYS if k not in data]:
        problems.append(Problem("missing-key", "is missing", key))


def state_and_problems(data: Any) -> tuple[State | None, list[Problem]]:
    """Every problem with `data`, and the state when there is none."""
    problems: list[Problem] = []
    if not isinstance(data, dict):
        return None, [Problem("not-an-object", "must be a JSON object", "state")]
    _read_keys(data, problems)
    get = data.get
    if "game" in data and get("game") != "constructo":
        problems.append(Problem("wrong-game", f"is {shown(get('game'))}, not 'constructo'",
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
        problems.append(Problem("bad-turn", f"{shown(turn)} is not white or black", "turn"))
    round_ = get("round")
    if "round" in data and (not is_int(round_) or round_ not in ROUNDS):
        problems.append(Problem("bad-round", f"must be 1 or 2, not {shown(round_)}", "round"))
        round_ = None
    stacks = _read_stacks(get("stacks"), pattern, problems) if "stacks" in data else None
    supply = _read_supply(get("supply"), problems) if "supply" in data else None
    scores = (_read_counts(get("scores"), "scores", PLAYERS, None, problems)
              if "scores" in data else None)
    if scores is not None:
        problems += banked_points(scores, round_)
    if stacks is not None and supply is not None:
        problems += piece_counts(stacks, supply)
    if problems:
        return None, problems
    assert stacks is not None and supply is not None and scores is not None
    assert players is not None and round_ is not None and pattern is not None
    assert isinstance(turn, str)
    return State(pattern, tuple(players), turn, round_, stacks, supply, scores), []


def read_state(data: Any) -> State:
    """A validated state from parsed JSON; raises StateError listing every problem."""
    state, problems = state_and_problems(data)
    if state is None:
        raise StateError(problems)
    return state

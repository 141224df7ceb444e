"""Reading a Spider Twist state from the JSON people write (its format: state.py).

`state_and_problems(data)` reads every key, names every problem at once (the file's shape
here, the rules from validate.py where the parts they need were read), and gives the state
only when there is none; `read_state(data)` raises StateError with them instead.
`position(...)` is a state from what a table shows, read like a file.
"""

from __future__ import annotations

import json
from typing import Any

from pnp.rules.api import Problem
from pnp.rules.json_values import is_int
from pnp.rules.spider_twist.state import (
    COLOURS,
    EXTRA_KEYS,
    GAME,
    KEYS,
    MALE_KEYS,
    MALES,
    TURN_KEYS,
    State,
    StateError,
)
from pnp.rules.spider_twist.validate import Parts, consistency, males_on_web, placement, step
from pnp.rules.spider_twist.web import WEBS, Web, get_web


def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


class _Reader:
    """Collects every problem while reading; values that fail are left out (None)."""

    def __init__(self) -> None:
        self.problems: list[Problem] = []
        self.web: Web | None = None

    def add(self, code: str, message: str, where: str = "") -> None:
        self.problems.append(Problem(code, message, where))

    def keys(self, obj: dict[str, Any], allowed: tuple[str, ...], required: tuple[str, ...],
             where: str) -> None:
        prefix = f"{where}." if where else ""
        for key in obj:
            if key not in allowed:
                self.add("unknown-key", f"unknown key {_show(key)} (keys: "
                         f"{', '.join(allowed)})", where)
        for key in required:
            if key not in obj:
                self.add("missing-key", f"missing key {key!r}", prefix + key if where
                         else "")

    def node(self, value: Any, where: str, null: bool = False) -> str | None:
        """The node named by `value` (in either case: s3r1 is S3R1), or None."""
        if value is None and null:
            return None
        if self.web is None:              # the web is unknown: nodes cannot be checked
            return None
        node = self.web.node_named(value)
        if node is None:
            what = "unknown node" if isinstance(value, str) else "a node must be a string,"
            self.add("unknown-node", f"{what} {_show(value)} (nodes on the {self.web.name} "
                     f"web: {self.web.node_names()})", where)
        return node

    def colour(self, value: Any, where: str) -> str | None:
        if value not in COLOURS or not isinstance(value, str):
            self.add("bad-colour", f"{_show(value)} is not a colour (white or black)", where)
            return None
        return value

    def counts(self, value: Any, where: str) -> dict[str, int] | None:
        if not isinstance(value, dict):
            self.add("wrong-type", f"must be an object such as {{\"white\": 0, \"black\": 0}}"
                     f", not {_show(value)}", where)
            return None
        self.keys(value, COLOURS, COLOURS, where)
        out: dict[str, int] = {}
        for c in COLOURS:
            n = value.get(c)
            if c in value and (not is_int(n) or not 0 <= n <= MALES):
                self.add("bad-count", f"must be a whole number from 0 to {MALES}, not "
                         f"{_show(n)}", f"{where}.{c}")
            elif is_int(n):
                out[c] = n
        return out if len(out) == len(COLOURS) else None


def state_and_problems(data: Any) -> tuple[State | None, list[Problem]]:
    """The state in `data` and every problem with it (the state is None if there are any)."""
    r = _Reader()
    if not isinstance(data, dict):
        r.add("not-an-object", f"a Spider Twist state is a JSON object, not {_show(data)}")
        return None, r.problems
    r.keys(data, KEYS + EXTRA_KEYS, KEYS, "")
    if "game" in data and data["game"] != GAME:
        r.add("wrong-game", f"must be {GAME!r}, not {_show(data['game'])}", "game")
    web = data.get("web")
    if "web" in data:
        if web in WEBS and isinstance(web, str):
            r.web = get_web(web)
        else:
            r.add("unknown-web", f"must be one of {', '.join(WEBS)}, not {_show(web)}", "web")
    players = data.get("players")
    if "players" in data and (not isinstance(players, list) or len(players) != 2
                              or sorted(p for p in players if isinstance(p, str))
                              != sorted(COLOURS)):
        r.add("bad-players", f"must list white and black, once each, not {_show(players)}",
              "players")
        players = None
    parts = _read_parts(r, data)
    r.problems += consistency(parts)
    if r.problems:
        return None, r.problems
    assert web and players and parts.turn and parts.female and parts.males is not None
    assert parts.stock and parts.mated and parts.eaten
    return State(web, tuple(players), parts.turn, parts.female, parts.die, parts.males,
                 parts.done, parts.stock, parts.mated, parts.eaten, parts.placed, parts.moved,
                 parts.mating, parts.react, parts.roll), []


def _read_parts(r: _Reader, data: dict[str, Any]) -> Parts:
    """Everything past the web and the players, in the file's order."""
    turn = r.colour(data["turn"], "turn") if "turn" in data else None
    female = r.node(data["female"], "female") if "female" in data else None
    die = data.get("die")
    if die is not None and (not is_int(die) or not 1 <= die <= 6):
        r.add("bad-die", f"must be null (no die on her) or 1 to 6, not {_show(die)}", "die")
        die = None
    males, done = _read_males(r, data)
    stock, mated, eaten = (r.counts(data[k], k) if k in data else None
                           for k in ("stock", "mated", "eaten"))
    placed, moved, mating = _read_this_turn(r, data.get("this_turn"))
    react = r.node(data.get("react"), "react", null=True)
    roll = data.get("roll", False)
    if not isinstance(roll, bool):
        r.add("wrong-type", f"must be true or false, not {_show(roll)}", "roll")
        roll = False
    return Parts(r.web, turn, female, die, males, done, stock, mated, eaten, placed, moved,
                 mating, react, roll)


def _read_males(r: _Reader, data: dict[str, Any]) -> tuple[dict[str, str] | None, set[str]]:
    if "males" not in data:
        return None, set()
    items = data["males"]
    if not isinstance(items, list):
        r.add("wrong-type", f"must be a list of males, not {_show(items)}", "males")
        return None, set()
    males: dict[str, str] = {}
    first: dict[str, int] = {}
    done: set[str] = set()
    ok = True
    for i, item in enumerate(items):
        where = f"males[{i}]"
        if not isinstance(item, dict):
            r.add("wrong-type", 'a male is an object such as {"colour": "white", "node": '
                  f'"S3R1", "done": false}}, not {_show(item)}', where)
            ok = False
            continue
        r.keys(item, MALE_KEYS, ("colour", "node"), where)
        colour = r.colour(item["colour"], f"{where}.colour") if "colour" in item else None
        node = r.node(item["node"], f"{where}.node") if "node" in item else None
        turned = item.get("done", False)
        if not isinstance(turned, bool):
            r.add("wrong-type", f"must be true or false, not {_show(turned)}", f"{where}.done")
            turned = False
        if colour is None or node is None:
            ok = False
            continue
        if node in males:
            r.add("shared-node", f"two males on {node} (also males[{first[node]}])",
                  f"{where}.node")
            ok = False
            continue
        males[node], first[node] = colour, i
        if turned:
            done.add(node)
    r.problems += males_on_web(males)
    return (males if ok else None), done


def _read_this_turn(r: _Reader, value: Any) -> tuple[str | None, list[tuple[str, str]],
                                                     str | None]:
    if value is None:
        return None, [], None
    if not isinstance(value, dict):
        r.add("wrong-type", 'must be an object such as {"placed": null, "moves": [], '
              f'"mated": null}}, not {_show(value)}', "this_turn")
        return None, [], None
    r.keys(value, TURN_KEYS, (), "this_turn")
    placed = r.node(value.get("placed"), "this_turn.placed", null=True)
    if placed is not None and r.web is not None:
        r.problems += placement(r.web, placed)
    mating = r.node(value.get("mated"), "this_turn.mated", null=True)
    items = value.get("moves", [])
    moved: list[tuple[str, str]] = []
    if not isinstance(items, list):
        r.add("wrong-type", f'must be a list of [from, to] pairs, not {_show(items)}',
              "this_turn.moves")
        return placed, moved, mating
    if len(items) > MALES:
        r.add("too-many-moves", f"{len(items)} moves: each of a player's {MALES} males "
              "moves at most once a turn", "this_turn.moves")
        return placed, moved, mating
    for i, pair in enumerate(items):
        where = f"this_turn.moves[{i}]"
        if not isinstance(pair, list) or len(pair) != 2:
            r.add("wrong-type", f'a move is a pair ["S3R2", "S3R3"], not {_show(pair)}', where)
            continue
        a, b = r.node(pair[0], where), r.node(pair[1], where)
        if a is None or b is None or r.web is None:
            continue
        wrong = step(r.web, moved, (a, b), where)
        if wrong:
            r.problems += wrong
            continue
        moved.append((a, b))
    return placed, moved, mating


def position(web: str, female: str, males: dict[str, str], turn: str = "white",
             die: int | None = None, mated: dict[str, int] | None = None,
             eaten: dict[str, int] | None = None, done: set[str] | None = None) -> State:
    """A state from what a table shows (the web, the mated and eaten areas, the die), the
    stock being the rest of each player's 10 males; checked like a file (StateError)."""
    mated = {c: (mated or {}).get(c, 0) for c in COLOURS}
    eaten = {c: (eaten or {}).get(c, 0) for c in COLOURS}
    stock = {c: MALES - mated[c] - eaten[c] - sum(1 for x in males.values() if x == c)
             for c in COLOURS}
    return read_state({
        "game": GAME, "web": web, "players": list(COLOURS), "turn": turn, "female": female,
        "die": die, "males": [{"colour": c, "node": n, "done": n in (done or ())}
                              for n, c in males.items()],
        "stock": stock, "mated": mated, "eaten": eaten})


def read_state(data: Any) -> State:
    """The state in parsed JSON `data`; StateError listing every problem otherwise."""
    state, problems = state_and_problems(data)
    if problems:
        raise StateError(problems)
    assert state is not None
    return state

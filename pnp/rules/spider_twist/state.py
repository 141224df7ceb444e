"""The state of a game: plain data, JSON a person can write, and its validation.

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

`read_state(data)` checks everything and raises StateError listing every problem, each a
named `Problem` (code, where, message) printed as one line.
"""

from __future__ import annotations

import json
from collections import Counter
from dataclasses import dataclass, field
from typing import Any, TypeGuard

from pnp.rules.api import Problem, ProblemsError
from pnp.rules.spider_twist.web import WEBS, Web, get_web

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

    @property
    def graph(self) -> Web:
        return get_web(self.web)

    @property
    def opponent(self) -> str:
        return COLOURS[1] if self.turn == COLOURS[0] else COLOURS[0]

    @property
    def has_acted(self) -> bool:
        """At least one action (placement, move, mating) this turn (ruling "A turn")."""
        return self.placed is not None or bool(self.moved) or self.mating is not None

    def on_web(self, colour: str) -> int:
        return list(self.males.values()).count(colour)

    def left(self, colour: str) -> int:
        """Males still in play: on the web and in stock (ruling "End and score")."""
        return self.on_web(colour) + self.stock[colour]

    def is_over(self) -> bool:
        """Ruling "End and score": over as soon as a player has only one male left."""
        on_web = list(self.males.values())
        return any(on_web.count(c) + self.stock[c] <= 1 for c in COLOURS)

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

    @classmethod
    def from_json(cls, data: Any) -> State:
        return read_state(data)


# ------------------------------------------------------------------------------ reading
def _show(value: Any) -> str:
    text = json.dumps(value, ensure_ascii=False) if not isinstance(value, str) else repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _is_int(value: Any) -> TypeGuard[int]:
    return isinstance(value, int) and not isinstance(value, bool)


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
            if c in value and (not _is_int(n) or not 0 <= n <= MALES):
                self.add("bad-count", f"must be a whole number from 0 to {MALES}, not "
                         f"{_show(n)}", f"{where}.{c}")
            elif _is_int(n):
                out[c] = n
        return out if len(out) == len(COLOURS) else None


def validate(data: Any) -> tuple[State | None, list[Problem]]:
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
    turn = r.colour(data["turn"], "turn") if "turn" in data else None
    female = r.node(data["female"], "female") if "female" in data else None
    die = data.get("die")
    if die is not None and (not _is_int(die) or not 1 <= die <= 6):
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
    # -- consistency, where the parts involved could be read
    if female is not None and males is not None and female in males:
        r.add("male-on-female", f"a {males[female]} male is on the female's node {female} "
              "(a male that reaches her is mated and leaves the web)", "males")
    if males is not None and stock is not None and mated is not None and eaten is not None:
        for c in COLOURS:
            on_web = sum(1 for x in males.values() if x == c)
            total = on_web + stock[c] + mated[c] + eaten[c]
            if total != MALES:
                r.add("too-many-males" if total > MALES else "too-few-males",
                      f"{total} males (web {on_web} + stock {stock[c]} + mated {mated[c]} + "
                      f"eaten {eaten[c]}); each player has {MALES}", c)
    if males is not None and turn is not None:
        for node in sorted(done, key=r.web.index.__getitem__) if r.web else ():
            if males[node] != turn:
                r.add("turned-out-of-turn", f"the {males[node]} male on {node} is turned "
                      f"face down, but it is {turn}'s turn (all are face up between turns)",
                      "males")
    if react is not None:
        if roll:
            r.add("two-pending", "she cannot both wait to react and wait for a die roll",
                  "react")
        if die is not None:
            r.add("react-with-die", f"she does not react while eating (die {die} on her)",
                  "react")
        if males is not None and turn is not None and males.get(react) != turn:
            r.add("react-without-male", f"no {turn} male on {react} to react to "
                  "(the disturber stands there until she moves)", "react")
    if roll and die is not None:
        r.add("roll-with-die", f"a die ({die}) is already on her", "roll")
    if female is not None and males is not None:
        _check_mating(r, placed, moved, mating, female, males)
    if r.problems:
        return None, r.problems
    assert web and players and turn and female and males is not None
    assert stock and mated and eaten
    return State(web, tuple(players), turn, female, die, males, done, stock, mated, eaten,
                 placed, moved, mating, react, roll), []


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
    per = Counter(males.values())
    for c in COLOURS:
        if per[c] > MALES:
            r.add("too-many-males", f"{per[c]} {c} males on the web; each player has {MALES}",
                  "males")
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
    if placed is not None and r.web is not None and not r.web.is_entry(placed):
        r.add("not-an-entry", f"{placed} is not an entry node (males are placed on "
              f"{r.web.entry[0]}..{r.web.entry[-1]})", "this_turn.placed")
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
        if not r.web.is_adjacent(a, b):
            r.add("not-adjacent", f"{a} and {b} are not neighbours: a male moves one edge",
                  where)
            continue
        if not _moved_once(r, moved, (a, b), where):
            continue
        moved.append((a, b))
    return placed, moved, mating


def _moved_once(r: _Reader, moved: list[tuple[str, str]], move: tuple[str, str],
                where: str) -> bool:
    """Ruling "A turn": each male moves at most once. A male leaving a node was there at the
    start of the turn, so no earlier move this turn left that node or went to it (a male who
    arrives is turned face down)."""
    frm = move[0]
    for j, (a, b) in enumerate(moved):
        if frm in (a, b):
            how = ("the same move twice" if (a, b) == move else
                   f"a male left {frm} already" if frm == a else
                   f"the male who moved to {frm} moves again")
            r.add("moved-twice", f"{how} (this_turn.moves[{j}]): each male moves at most "
                  "once a turn", where)
            return False
    return True


def _check_mating(r: _Reader, placed: str | None, moved: list[tuple[str, str]],
                  mating: str | None, female: str, males: dict[str, str]) -> None:
    """The mating male came from a node next to her. Only a placement or a move disturbs
    her (a mating does not), so without either this turn she is still where he met her:
    his node is next to hers, and empty. (After one, she may have walked anywhere.)"""
    if mating is None or placed is not None or moved or r.web is None:
        return
    if not r.web.is_adjacent(mating, female):
        r.add("mated-too-far", f"the mating male came from {mating}, not next to the female "
              f"on {female}, and nothing has disturbed her since", "this_turn.mated")
    elif mating in males:
        r.add("mated-from-occupied", f"the mating male left {mating}, but a "
              f"{males[mating]} male is there and nothing else moved", "this_turn.mated")


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
    state, problems = validate(data)
    if problems:
        raise StateError(problems)
    assert state is not None
    return state

"""Reading an Assyria state from the JSON people write: `state_from_json` lists every shape
problem (one named line each), `read_state` adds the rules' checks (validate.py).

The JSON format is documented in docs/assyria-rules-core.md. Internally hexes and vertices
are board indices and piles are Counters; in JSON they are names and count maps.
"""

from __future__ import annotations

from collections import Counter
from typing import Any

from pnp.rules import api
from pnp.rules.assyria.board import BoardError, board, colours
from pnp.rules.assyria.cards import (
    CAMELS_MAX,
    EXPANSION_CARDS,
    FOOD_DECK,
    OFFERING_MAX,
    OFFERING_STEPS_PER_TURN,
    PLOUGH,
    REIGN_OF_TURN,
    TIERS,
    TURNS,
    CardError,
    parse_card,
)
from pnp.rules.assyria.state import (
    DECISION_PHASES,
    KEYS,
    PHASES,
    THIS_TURN_KEYS,
    Problem,
    State,
    StateError,
)
from pnp.rules.assyria.validate import validate
from pnp.rules.json_values import shown


class _Reader:
    """Reads the JSON into a State, collecting every shape problem instead of stopping."""

    def __init__(self, data: dict[str, Any]) -> None:
        self.data = data
        self.problems: list[Problem] = []
        self.board = board()

    def bad(self, where: str, message: str, code: str = "bad-field") -> None:
        self.problems.append(Problem(code, message, where))

    def int_(self, where: str, value: Any, lo: int, hi: int | None = None) -> int | None:
        if isinstance(value, bool) or not isinstance(value, int):
            self.bad(where, f"must be a whole number, not {shown(value)}")
            return None
        if value < lo or (hi is not None and value > hi):
            span = f"{lo}..{hi}" if hi is not None else f"at least {lo}"
            self.bad(where, f"{value} is out of range ({span})", "out-of-range")
            return None
        return value

    def colour(self, where: str, value: Any, players: tuple[str, ...]) -> str | None:
        if isinstance(value, str) and value in players:
            return value
        self.bad(where, f"{shown(value)} is not a player (players: {', '.join(players)})",
                 "unknown-player")
        return None

    def hex_(self, where: str, value: Any) -> int | None:
        try:
            return self.board.parse_hex(value if isinstance(value, str) else repr(value))
        except BoardError as exc:
            self.bad(where, str(exc), "no-such-hex")
            return None

    def vertex(self, where: str, value: Any) -> int | None:
        if not isinstance(value, str):
            self.bad(where, f"a vertex is text such as \"H01/H02/H11\", not {shown(value)}")
            return None
        try:
            return self.board.parse_vertex(value)
        except BoardError as exc:
            self.bad(where, str(exc), "no-such-vertex")
            return None

    def list_(self, where: str, value: Any) -> list[Any]:
        if not isinstance(value, list):
            self.bad(where, f"must be a list, not {shown(value)}")
            return []
        return value

    def dict_(self, where: str, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.bad(where, f"must be an object, not {shown(value)}")
            return {}
        return value

    def card(self, where: str, value: Any, plough: bool = False) -> str | None:
        try:
            card = parse_card(value if isinstance(value, str) else repr(value))
        except CardError as exc:
            self.bad(where, str(exc), "unknown-card")
            return None
        if card == PLOUGH and not plough:
            self.bad(where, "a plough is not a food card", "unknown-card")
            return None
        return card

    def pile(self, where: str, value: Any) -> Counter[str]:
        pile: Counter[str] = Counter()
        for key, count in self.dict_(where, value).items():
            card = self.card(f"{where}.{key}", key)
            k = self.int_(f"{where}.{key}", count, 0, 40)
            if card is not None and k is not None:
                pile[card] += k
        return pile

    def per_player(self, key: str, players: tuple[str, ...], lo: int, hi: int | None
                   ) -> dict[str, int]:
        out = dict.fromkeys(players, 0)
        for colour, value in self.dict_(key, self.data.get(key, {})).items():
            c = self.colour(f"{key}.{colour}", colour, players)
            v = self.int_(f"{key}.{colour}", value, lo, hi)
            if c is not None and v is not None:
                out[c] = v
        return out

    def read(self) -> State | None:
        data = self.data
        for key in sorted(set(data) - set(KEYS), key=str):
            self.bad(str(key), f"unknown key (expected: {', '.join(KEYS)})", "unknown-key")
        if data.get("game", "assyria") != "assyria":
            self.bad("game", f'must be "assyria", not {shown(data.get("game"))}')
        for key in ("players", "turn", "phase"):
            if key not in data:
                self.bad(key, "missing", "missing-field")
        known = colours()
        raw_players = self.list_("players", data.get("players", []))
        if "players" in data and (not 2 <= len(raw_players) <= 4
                                  or len(set(map(str, raw_players))) != len(raw_players)
                                  or any(p not in known for p in raw_players)):
            self.bad("players", f"must be 2 to 4 different colours from {', '.join(known)}")
            return None
        if "players" not in data:
            return None
        players = tuple(raw_players)
        s = State(players)
        turn = self.int_("turn", data.get("turn", 1), 1, TURNS)
        s.turn = turn or 1
        if "reign" in data and turn is not None:
            reign = self.int_("reign", data["reign"], 1, 3)
            if reign is not None and reign != REIGN_OF_TURN[turn]:
                self.bad("reign", f"turn {turn} is in reign {REIGN_OF_TURN[turn]}, not {reign}",
                         "wrong-reign")
        phase = data.get("phase", "setup")
        if phase not in PHASES:
            self.bad("phase", f"{shown(phase)} is not a phase ({', '.join(PHASES)})")
            phase = "setup"
        s.phase = phase
        order = self.list_("order", data.get("order", list(players)))
        if sorted(map(str, order)) != sorted(players):
            self.bad("order", "the turn order must list every player once", "turn-order")
        else:
            s.order = list(order)
        if not s.order:
            s.order = list(players)
        default_mover = s.order[0] if phase in DECISION_PHASES else None
        to_move = data.get("to_move", default_mover)
        if to_move is not None:
            s.to_move = self.colour("to_move", to_move, players)
        else:
            s.to_move = None
        self.read_board(s)
        s.score = self.per_player("score", players, 0, None)
        s.camels = self.per_player("camels", players, 0, CAMELS_MAX)
        s.offering = self.per_player("offering", players, 0, OFFERING_MAX)
        self.read_ashur(s)
        self.read_cards(s)
        self.read_turn(s)
        chance = self.dict_("chance", data.get("chance", {}))
        for key in sorted(set(chance) - {"seed", "draws"}, key=str):
            self.bad(f"chance.{key}", "unknown key (expected: seed, draws)", "unknown-key")
        s.seed = self.int_("chance.seed", chance.get("seed", 0), *api.SEEDS) or 0
        s.draws = self.int_("chance.draws", chance.get("draws", 0), 0) or 0
        s.moves = self.int_("moves", data.get("moves", 0), 0) or 0
        return s

    def read_board(self, s: State) -> None:
        data, players = self.data, s.players
        for name, colour in self.dict_("huts", data.get("huts", {})).items():
            h = self.hex_(f"huts.{name}", name)
            c = self.colour(f"huts.{name}", colour, players)
            if h is not None and c is not None:
                if h in s.huts:
                    self.bad(f"huts.{name}", "the same hex twice", "duplicate")
                s.huts[h] = c
        for name, zig in self.dict_("ziggurats", data.get("ziggurats", {})).items():
            where = f"ziggurats.{name}"
            h = self.hex_(where, name)
            zig = self.dict_(where, zig)
            for key in sorted(set(zig) - {"owner", "level"}, key=str):
                self.bad(f"{where}.{key}", "unknown key (expected: owner, level)",
                         "unknown-key")
            c = self.colour(f"{where}.owner", zig.get("owner"), players)
            level = self.int_(f"{where}.level", zig.get("level", 1), 1, 3)
            if h is not None and c is not None and level is not None:
                if h in s.ziggurats:
                    self.bad(where, "the same hex twice", "duplicate")
                s.ziggurats[h] = (c, level)
        wells = set()
        for i, name in enumerate(self.list_("wells", data.get("wells", []))):
            v = self.vertex(f"wells[{i}]", name)
            if v is not None:
                if v in wells:
                    self.bad(f"wells[{i}]", "the same vertex twice", "duplicate")
                wells.add(v)
        s.wells = sorted(wells)
        for colour, names in self.dict_("new_wells", data.get("new_wells", {})).items():
            c = self.colour(f"new_wells.{colour}", colour, players)
            for i, name in enumerate(self.list_(f"new_wells.{colour}", names)):
                v = self.vertex(f"new_wells.{colour}[{i}]", name)
                if v is not None and c is not None:
                    s.new_wells.setdefault(c, []).append(v)

    def read_ashur(self, s: State) -> None:
        ashur = self.dict_("ashur", self.data.get("ashur", {}))
        for key in sorted(set(ashur) - set(TIERS), key=str):
            self.bad(f"ashur.{key}", f"unknown tier (expected: {', '.join(TIERS)})",
                     "unknown-key")
        for tier in TIERS:
            huts = []
            for i, colour in enumerate(self.list_(f"ashur.{tier}", ashur.get(tier, []))):
                c = self.colour(f"ashur.{tier}[{i}]", colour, s.players)
                if c is not None:
                    huts.append(c)
            s.ashur[tier] = huts

    def read_cards(self, s: State) -> None:
        data, players = self.data, s.players
        s.hands = {c: [] for c in players}
        s.ploughs = dict.fromkeys(players, 0)
        for colour, cards in self.dict_("hands", data.get("hands", {})).items():
            c = self.colour(f"hands.{colour}", colour, players)
            for i, name in enumerate(self.list_(f"hands.{colour}", cards)):
                card = self.card(f"hands.{colour}[{i}]", name, plough=True)
                if card is None or c is None:
                    continue
                if card == PLOUGH:
                    s.ploughs[c] += 1
                else:
                    s.hands[c].append(card)
        for c in players:
            s.hands[c].sort()
        held = sum(s.ploughs.values())
        s.used_ploughs = self.int_("used_ploughs", data.get("used_ploughs", max(0, s.n - held)),
                                   0, 4) or 0
        values = set(EXPANSION_CARDS)
        for key in ("expansion", "expansion_out"):
            for i, v in enumerate(self.list_(key, data.get(key, []))):
                if v not in values or isinstance(v, bool):
                    self.bad(f"{key}[{i}]", f"{shown(v)} is not an expansion card (2, 3 or 4)",
                             "unknown-card")
                else:
                    getattr(s, key).append(v)
        if "expansion_deck" in data:
            for i, v in enumerate(self.list_("expansion_deck", data["expansion_deck"])):
                if v not in values or isinstance(v, bool):
                    self.bad(f"expansion_deck[{i}]",
                             f"{shown(v)} is not an expansion card (2, 3 or 4)", "unknown-card")
                else:
                    s.expansion_deck[v] += 1
        else:
            s.expansion_deck = EXPANSION_CARDS - Counter(s.expansion) - Counter(s.expansion_out)
        s.discard = self.pile("discard", data.get("discard", {}))
        sowing: list[list[str] | None] = []
        for i, col in enumerate(self.list_("sowing", data.get("sowing", []))):
            if col is None:
                sowing.append(None)
                continue
            cards = [self.card(f"sowing[{i}][{j}]", x)
                     for j, x in enumerate(self.list_(f"sowing[{i}]", col))]
            sowing.append([x for x in cards if x is not None])
        s.sowing = sowing
        s.draft = [x for i, name in enumerate(self.list_("draft", data.get("draft", [])))
                   if (x := self.card(f"draft[{i}]", name)) is not None]
        seen = Counter(s.discard) + Counter(s.draft)
        for cards in s.hands.values():
            seen.update(cards)
        for col in s.sowing:
            seen.update(col or [])
        if "deck" in data:
            s.deck = self.pile("deck", data["deck"])
        else:
            s.deck = FOOD_DECK - seen
        for colour, col in self.dict_("harvest", data.get("harvest", {})).items():
            c = self.colour(f"harvest.{colour}", colour, players)
            k = self.int_(f"harvest.{colour}", col, 1, s.n + 1)
            if c is not None and k is not None:
                s.harvest[c] = k - 1

    def read_turn(self, s: State) -> None:
        this = self.dict_("this_turn", self.data.get("this_turn", {}))
        for key in sorted(set(this) - set(THIS_TURN_KEYS), key=str):
            self.bad(f"this_turn.{key}", f"unknown key (expected: {', '.join(THIS_TURN_KEYS)})",
                     "unknown-key")
        s.huts_to_place = self.int_("this_turn.huts_to_place", this.get("huts_to_place", 0),
                                    0, 4) or 0
        for key in ("supplied", "grown"):
            for i, name in enumerate(self.list_(f"this_turn.{key}", this.get(key, []))):
                h = self.hex_(f"this_turn.{key}[{i}]", name)
                if h is not None:
                    getattr(s, key).append(h)
        for colour, k in self.dict_("this_turn.offered", this.get("offered", {})).items():
            c = self.colour(f"this_turn.offered.{colour}", colour, s.players)
            v = self.int_(f"this_turn.offered.{colour}", k, 0, OFFERING_STEPS_PER_TURN)
            if c is not None and v is not None:
                s.offered[c] = v
        for i, colour in enumerate(self.list_("this_turn.bought", this.get("bought", []))):
            c = self.colour(f"this_turn.bought[{i}]", colour, s.players)
            if c is not None:
                s.bought.append(c)


def state_from_json(data: Any) -> State:
    """Read a state; StateError lists every shape problem (no rules checked: see
    `validate`)."""
    if not isinstance(data, dict):
        raise StateError([Problem("bad-field", "a state must be a JSON object", "$")])
    reader = _Reader(data)
    state = reader.read()
    if reader.problems or state is None:
        raise StateError(reader.problems or [Problem("bad-field", "no players", "players")])
    return state


def read_state(data: Any) -> State:
    """A state that is both well formed and a legal position, or StateError listing every
    problem."""
    state = state_from_json(data)
    problems = validate(state)
    if problems:
        raise StateError(problems)
    return state

"""The Assyria game state: plain data, JSON in and out, and `read_state` for files people
write (every problem listed, one named line each).

The JSON format is documented in docs/assyria-rules-core.md. Internally hexes and vertices
are board indices and piles are Counters; in JSON they are names and count maps.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from pnp.rules import api
from pnp.rules.assyria.board import BoardError, board, colours
from pnp.rules.assyria.cards import (
    CAMELS_MAX,
    EXPANSION_CARDS,
    FOOD_DECK,
    HUTS,
    OFFERING_MAX,
    OFFERING_STEPS_PER_TURN,
    PLOUGH,
    REIGN_FIRST_TURN,
    REIGN_LAST_TURN,
    REIGN_OF_TURN,
    TIER_SPACES,
    TIERS,
    TURNS,
    WELLS,
    ZIGGURATS,
    CardError,
    can_feed,
    parse_card,
)

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

    # -- derived ----------------------------------------------------------------------------
    @property
    def reign(self) -> int:
        return REIGN_OF_TURN[self.turn]

    @property
    def n(self) -> int:
        return len(self.players)

    def huts_of(self, colour: str) -> list[int]:
        return sorted(h for h, c in self.huts.items() if c == colour)

    def ziggurats_of(self, colour: str) -> list[int]:
        return sorted(h for h, (c, _) in self.ziggurats.items() if c == colour)

    def ashur_huts(self, colour: str) -> int:
        return sum(tier.count(colour) for tier in self.ashur.values())

    def hut_stock(self, colour: str) -> int:
        """Ruling "Components": 10 huts; those on the board and in Ashur are not in stock."""
        on_board = sum(1 for c in self.huts.values() if c == colour)
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


# -- problems ------------------------------------------------------------------------------
class Problem(api.Problem):
    """One named thing wrong with a state; `where` is a JSON path such as `huts.H23`.
    Printed with its code: "huts.H23: a hut and a ziggurat on one hex [occupied]"."""

    def __str__(self) -> str:
        return f"{super().__str__()} [{self.code}]"


class StateError(api.ProblemsError):
    """A state that cannot be read or is not a legal position; `problems` says why."""


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


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
            self.bad(where, f"must be a whole number, not {_short(value)}")
            return None
        if value < lo or (hi is not None and value > hi):
            span = f"{lo}..{hi}" if hi is not None else f"at least {lo}"
            self.bad(where, f"{value} is out of range ({span})", "out-of-range")
            return None
        return value

    def colour(self, where: str, value: Any, players: tuple[str, ...]) -> str | None:
        if isinstance(value, str) and value in players:
            return value
        self.bad(where, f"{_short(value)} is not a player (players: {', '.join(players)})",
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
            self.bad(where, f"a vertex is text such as \"H01/H02/H11\", not {_short(value)}")
            return None
        try:
            return self.board.parse_vertex(value)
        except BoardError as exc:
            self.bad(where, str(exc), "no-such-vertex")
            return None

    def list_(self, where: str, value: Any) -> list[Any]:
        if not isinstance(value, list):
            self.bad(where, f"must be a list, not {_short(value)}")
            return []
        return value

    def dict_(self, where: str, value: Any) -> dict[str, Any]:
        if not isinstance(value, dict):
            self.bad(where, f"must be an object, not {_short(value)}")
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
            self.bad("game", f'must be "assyria", not {_short(data.get("game"))}')
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
            self.bad("phase", f"{_short(phase)} is not a phase ({', '.join(PHASES)})")
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
                    self.bad(f"{key}[{i}]", f"{_short(v)} is not an expansion card (2, 3 or 4)",
                             "unknown-card")
                else:
                    getattr(s, key).append(v)
        if "expansion_deck" in data:
            for i, v in enumerate(self.list_("expansion_deck", data["expansion_deck"])):
                if v not in values or isinstance(v, bool):
                    self.bad(f"expansion_deck[{i}]",
                             f"{_short(v)} is not an expansion card (2, 3 or 4)", "unknown-card")
                else:
                    s.expansion_deck[v] += 1
        else:
            s.expansion_deck = EXPANSION_CARDS - Counter(s.expansion) - Counter(s.expansion_out)
        s.discard = self.pile("discard", data.get("discard", {}))
        sowing = []
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


# -- the rules' checks on a position --------------------------------------------------------
def expected_expansion_cards(turn: int, phase: str) -> int:
    """How many expansion cards lie in the slots (ruling "A turn", II.A and "Reign end").

    Slot 1 is filled at setup / at the previous reign's end, so the first turn of a reign
    shows one card from the start; every other turn reveals its card at phase II."""
    if phase in ("game_end", "over"):
        return 0
    reign = REIGN_OF_TURN[turn]
    if phase == "reign_end":
        return REIGN_LAST_TURN[reign] - REIGN_FIRST_TURN[reign] + 1
    index = turn - REIGN_FIRST_TURN[reign]
    revealed = phase not in ("setup", "draft", "harvest") or index == 0
    return index + (1 if revealed else 0)


def validate(s: State) -> list[Problem]:
    """Every way the position breaks the rules (pieces, tracks, cards, phase bookkeeping)."""
    b = board()
    out: list[Problem] = []

    def bad(where: str, message: str, code: str) -> None:
        out.append(Problem(code, message, where))

    hx = b.hexes
    for h in sorted(s.huts):
        if not b.is_in_play(h, s.n):
            bad(f"huts.{hx[h].name}", f"column {hx[h].q} is not in play with {s.n} players",
                "not-in-play")
        if h in s.ziggurats:
            bad(f"huts.{hx[h].name}", "a hut and a ziggurat on one hex", "occupied")
    well_hexes = {h for v in s.wells for h in b.vertices[v].hexes}
    for h in sorted(s.ziggurats):
        where = f"ziggurats.{hx[h].name}"
        if not b.is_in_play(h, s.n):
            bad(where, f"column {hx[h].q} is not in play with {s.n} players", "not-in-play")
        if hx[h].is_river:
            # Ruling III: never on a river hex (start hexes are not on rivers either).
            bad(where, "a ziggurat cannot stand on a river hex", "ziggurat-site")
        if h in well_hexes:
            bad(where, "a ziggurat cannot stand on a hex touching a well", "ziggurat-site")
    for c in s.players:
        stock = s.hut_stock(c)
        if stock < 0:
            bad("huts", f"{c} has {HUTS - stock} huts on the board and in Ashur "
                         f"(at most {HUTS})", "too-many-huts")
        zigs = s.ziggurats_of(c)
        if len(zigs) > ZIGGURATS:
            bad("ziggurats", f"{c} has {len(zigs)} ziggurats (at most {ZIGGURATS})",
                "too-many-ziggurats")
        if s.phase not in ("setup",) and not any(s.n in hx[h].start for h in zigs):
            bad("ziggurats", f"{c} has no ziggurat on a start hex for {s.n} players",
                "no-start-ziggurat")
    # Wells (ruling "Components" and II.E).
    for v in s.wells:
        vx = b.vertices[v]
        if not b.can_take_well(v):
            bad(f"wells.{vx.name}", "a well cannot touch a between-the-rivers hex", "well-site")
        if not b.vertex_in_play(v, s.n):
            bad(f"wells.{vx.name}", f"not in play with {s.n} players", "not-in-play")
    if len(s.wells) > WELLS[s.n]:
        bad("wells", f"{len(s.wells)} wells, the stock has {WELLS[s.n]} with {s.n} players",
            "well-stock")
    for c, vs in s.new_wells.items():
        for v in vs:
            vx = b.vertices[v]
            if v not in s.wells:
                bad(f"new_wells.{c}", f"{vx.name} is not in wells", "well-site")
            elif any(s.huts.get(h) != c for h in vx.hexes):
                bad(f"new_wells.{c}", f"{vx.name}: its three hexes must hold {c}'s huts",
                    "well-site")
    if sum(len(v) for v in s.new_wells.values()) != len(
            {v for vs in s.new_wells.values() for v in vs}):
        bad("new_wells", "a well listed twice", "duplicate")
    if any(s.new_wells.values()) and s.phase not in (*EXPANSION_PHASES, "income"):
        bad("new_wells", "new wells are scored at the turn's income: in phase "
                         f"{s.phase} there are none", "phase")
    # Ashur.
    for tier in TIERS:
        if len(s.ashur.get(tier, [])) > TIER_SPACES[tier]:
            bad(f"ashur.{tier}", f"{len(s.ashur[tier])} huts on {TIER_SPACES[tier]} spaces",
                "ashur-full")
    # Cards.
    for c in s.players:
        if s.ploughs.get(c, 0) > 1:
            bad(f"hands.{c}", "a player holds at most one plough", "ploughs")
    if sum(s.ploughs.values()) + s.used_ploughs != s.n:
        bad("used_ploughs", f"{s.n} ploughs are in play with {s.n} players: held "
                            f"{sum(s.ploughs.values())} + used {s.used_ploughs}", "ploughs")
    cards = [*s.deck.elements(), *s.discard.elements(), *s.draft]
    for hand in s.hands.values():
        cards += hand
    for col in s.sowing:
        cards += col or []
    seen = Counter(cards)
    if seen != FOOD_DECK:
        extra = seen - FOOD_DECK
        missing = FOOD_DECK - seen
        detail = "; ".join(part for part in (
            "too many " + ", ".join(f"{k} x{v}" for k, v in sorted(extra.items()))
            if extra else "",
            "missing " + ", ".join(f"{k} x{v}" for k, v in sorted(missing.items()))
            if missing else "") if part)
        bad("deck", f"the 40 food cards do not add up ({detail})", "food-cards")
    exp = Counter([*s.expansion_deck.elements(), *s.expansion, *s.expansion_out])
    if exp != EXPANSION_CARDS:
        bad("expansion_deck", "the 9 expansion cards (2 x2, 3 x4, 4 x3) do not add up "
                              f"(have {sorted(exp.elements())})", "expansion-cards")
    want = expected_expansion_cards(s.turn, s.phase)
    if len(s.expansion) != want:
        bad("expansion", f"turn {s.turn}, phase {s.phase}: {want} expansion card(s) in the "
                         f"slots, not {len(s.expansion)}", "expansion-cards")
    if s.turn == 1 and s.expansion and s.expansion[0] != 4:
        bad("expansion", "reign 1 starts with the face-up 4 in slot 1", "expansion-cards")
    _validate_turn(s, bad)
    return out


def _validate_turn(s: State, bad: Any) -> None:
    """The phase's bookkeeping: who moves, the sowing, the draft, this turn's records."""
    if s.phase in ("setup", "draft") and s.turn != 1:
        bad("phase", f"{s.phase} happens before turn 1 only", "phase")
    if s.phase in ("game_end", "over") and s.turn != TURNS:
        bad("phase", f"{s.phase} comes after turn {TURNS}", "phase")
    if s.phase == "reign_end" and s.turn != REIGN_LAST_TURN[s.reign]:
        bad("phase", f"turn {s.turn} does not end a reign (turns 2, 5 and 8 do)", "phase")
    if s.phase in DECISION_PHASES and s.to_move is None:
        bad("to_move", f"phase {s.phase} needs the player to move", "to-move")
    if s.draft and s.phase != "draft":
        bad("draft", "draft cards lie out only during the draft", "draft")
    if s.phase == "draft" and not s.draft:
        bad("draft", "the draft has no card left to take", "draft")
    if s.huts_to_place and s.phase != "huts":
        bad("this_turn.huts_to_place", "huts are placed in phase huts only", "this-turn")
    if s.phase == "huts" and s.to_move is not None:
        if s.huts_to_place > s.hut_stock(s.to_move):
            bad("this_turn.huts_to_place", f"{s.to_move} has only {s.hut_stock(s.to_move)} "
                                           "huts in stock", "this-turn")
        if s.huts_to_place > s.expansion_value():
            bad("this_turn.huts_to_place", f"more than the expansion card's "
                                           f"{s.expansion_value()}", "this-turn")
    # A decision phase the engine would have moved past leaves the player without a move.
    b = board()
    if s.phase == "huts" and s.to_move is not None and s.huts_to_place < 1:
        bad("this_turn.huts_to_place", "phase huts needs at least one hut to place",
            "this-turn")
    if s.phase == "supply" and s.to_move is not None:
        fed = set(s.supplied)
        foods = {b.hexes[h].food for h in s.huts_of(s.to_move) if h not in fed}
        cards = s.hands.get(s.to_move, []) + [PLOUGH] * s.ploughs.get(s.to_move, 0)
        if not any(can_feed(card, food) for card in cards for food in foods):
            bad("phase", f"{s.to_move} has no card that can supply an unsupplied hut: the "
                         "supply step is over", "phase")
    if s.phase == "setup" and all(h in s.ziggurats for h in b.start_hexes(s.n)):
        bad("ziggurats", "setup: no free start hex left", "phase")
    if s.supplied:
        if s.phase != "supply":
            bad("this_turn.supplied", "huts are supplied in phase supply only", "this-turn")
        elif any(s.huts.get(h) != s.to_move for h in s.supplied):
            bad("this_turn.supplied", f"lists a hex without a hut of {s.to_move}", "this-turn")
    for h in s.grown:
        if h not in s.ziggurats:
            bad("this_turn.grown", f"{board().hexes[h].name} holds no ziggurat", "this-turn")
    for c, k in s.offered.items():
        if k > s.offering.get(c, 0):
            bad(f"this_turn.offered.{c}", f"{k} steps this turn but the disc is at "
                                          f"{s.offering.get(c, 0)}", "this-turn")
    if len(s.bought) != len(set(s.bought)):
        bad("this_turn.bought", "a player buys at most one food card a turn", "this-turn")
    # Sowing and harvest (ruling I).
    if len(s.sowing) > s.n + 1:
        bad("sowing", f"{s.n + 1} columns with {s.n} players, not {len(s.sowing)}", "sowing")
    for i, col in enumerate(s.sowing):
        if col is not None and len(col) > 2:
            bad(f"sowing[{i}]", "a column holds two cards", "sowing")
    for c, col in s.harvest.items():
        if col >= len(s.sowing) or s.sowing[col] is not None:
            bad(f"harvest.{c}", f"column {col + 1} is not marked taken (null) in sowing",
                "harvest")
    if len(set(s.harvest.values())) != len(s.harvest):
        bad("harvest", "two players took the same column", "harvest")
    if s.phase == "harvest":
        if len(s.sowing) != s.n + 1:
            bad("sowing", f"the harvest needs {s.n + 1} columns", "sowing")
        elif any(col is not None and len(col) != 2 for col in s.sowing):
            bad("sowing", "columns not yet taken hold two cards each", "sowing")
        if s.to_move in s.harvest:
            bad("to_move", f"{s.to_move} has already taken a column", "to-move")

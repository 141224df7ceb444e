"""What a player may choose now: start hexes, hut hexes, the cards that feed their huts,
well vertices, ziggurats to build and the actions they can pay for. Rulings
(docs/rules/assyria.md) are cited per function.
"""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from functools import cache
from itertools import combinations
from operator import attrgetter, countOf

from pnp.rules.assyria.board import board
from pnp.rules.assyria.cards import (
    BUILD_COST,
    CAMEL_VALUE,
    CENTRE_COST,
    FOOD_OF,
    HUTS,
    OFFERING_COST,
    OFFERING_MAX,
    OFFERING_STEPS_PER_TURN,
    PLOUGH,
    PLOUGH_COST,
    ROOF_COST,
    SYMBOLS,
    TIER_COST,
    TIER_SPACES,
    TIERS,
    WILD,
    ZIGGURATS,
    food_of,
    symbols,
)
from pnp.rules.assyria.moves import (
    Ashur,
    Build,
    Buy,
    Centre,
    Feed,
    Move,
    Offer,
    Pass,
    PlaceHut,
    Roof,
    Well,
)
from pnp.rules.assyria.state import State


def free_start_hexes(s: State) -> list[int]:
    return [h for h in _start_hexes(s.n) if h not in s.ziggurats and h not in s.huts]


@cache
def _start_hexes(players: int) -> tuple[int, ...]:
    return tuple(board().start_hexes(players))


def hut_hexes(s: State, colour: str) -> list[int]:
    """Ruling II.B: an in-play hex with no hut or ziggurat, next to one of the player's own
    huts or ziggurats. Wells do not block; river hexes are allowed."""
    neighbours = neighbours_in_play(s.n)
    huts, ziggurats = s.huts, s.ziggurats
    near: set[int] = set()
    for h, c in huts.items():
        if c == colour:
            near |= neighbours[h]
    for h, (c, _) in ziggurats.items():
        if c == colour:
            near |= neighbours[h]
    near.difference_update(huts, ziggurats)          # their keys, taken out in one call
    return sorted(near)


def hut_moves_after(s: State, before: list[PlaceHut], placed: int) -> list[PlaceHut]:
    """The hut moves (`hut_hexes(s, colour)`) just after the player put a hut on `placed`,
    from the list `before` it (sorted by hex): the placed hex is taken, and its free
    neighbours in play join (the huts step asks after every hut, so it pays only for what
    changed)."""
    huts, ziggurats = s.huts, s.ziggurats
    after = before.copy()
    i = bisect_left(after, placed, key=_HEX)
    assert after[i].hex == placed, "the hut placed comes from the moves before it"
    del after[i]
    for nb in neighbours_in_play(s.n)[placed]:
        if nb not in huts and nb not in ziggurats:
            i = bisect_left(after, nb, key=_HEX)
            if i == len(after) or after[i].hex != nb:
                after.insert(i, place_hut(nb))
    return after


_HEX = attrgetter("hex")


def has_hut_hex(s: State, colour: str) -> bool:
    """Whether `hut_hexes(s, colour)` is not empty, stopping at the first hex found."""
    neighbours, in_play = board().neighbours, _hexes_in_play(s.n)
    huts, ziggurats = s.huts, s.ziggurats
    own = [h for h, c in huts.items() if c == colour]
    own += [h for h, (c, _) in ziggurats.items() if c == colour]
    return any(nb in in_play and nb not in huts and nb not in ziggurats
               for h in own for nb in neighbours[h])


@cache
def _hexes_in_play(players: int) -> frozenset[int]:
    return frozenset(board().in_play(players))


@cache
def neighbours_in_play(players: int) -> tuple[frozenset[int], ...]:
    """Each hex's neighbours in play with this many players, by hex index."""
    in_play = _hexes_in_play(players)
    return tuple(frozenset(nb for nb in near if nb in in_play)
                 for near in board().neighbours)


@cache
def hex_food() -> tuple[str, ...]:
    """Each hex's food, by hex index."""
    return tuple(h.food for h in board().hexes)


@cache
def hex_is_river() -> tuple[bool, ...]:
    """Whether each hex is a river hex, by hex index."""
    return tuple(h.is_river for h in board().hexes)


def unsupplied(s: State, colour: str) -> list[int]:
    fed = s.supplied
    hungry = [h for h, c in s.huts.items() if c == colour and h not in fed]
    hungry.sort()
    return hungry


def playable_cards(s: State, colour: str) -> list[str]:
    """The cards in hand (and the plough) that can supply one of the player's unsupplied
    huts (ruling II.C: the player must go on while there is one)."""
    food = hex_food()
    fed = s.supplied
    return _playable(s, colour, {food[h] for h, c in s.huts.items()
                                 if c == colour and h not in fed})


def _playable(s: State, colour: str, foods: set[str]) -> list[str]:
    if not foods:
        return []
    cards = sorted(set(s.hands.get(colour, [])))
    if s.ploughs.get(colour, 0):
        cards.append(PLOUGH)
    return [c for c in cards if c in (WILD, PLOUGH) or FOOD_OF[c] in foods]


_feed = cache(Feed)          # the simulator asks after every card played: built once


def feed_moves(s: State, colour: str, hungry: list[int] | None = None) -> list[Feed]:
    """Ruling II.C: a k-symbol card of food F supplies up to k unsupplied huts on F hexes,
    as many as there are (the rest of its symbols are lost); wild and plough one hut.
    `hungry`: `unsupplied(s, colour)` when the caller has it."""
    food = hex_food()
    if hungry is None:
        hungry = unsupplied(s, colour)
    if not hungry:
        return []
    by_food: dict[str, list[int]] = {}
    for h in hungry:
        by_food.setdefault(food[h], []).append(h)
    cards = sorted(set(s.hands.get(colour, ())))
    if s.ploughs.get(colour, 0):
        cards.append(PLOUGH)
    moves: list[Feed] = []
    for card in cards:
        if card in (WILD, PLOUGH):
            moves += [_feed(card, (h,)) for h in hungry]
            continue
        fits = by_food.get(FOOD_OF[card] or "")    # None only for the plough, handled above
        if fits is None:
            continue
        if SYMBOLS[card] >= len(fits):          # it feeds them all: one way
            moves.append(_feed(card, tuple(fits)))
        else:
            moves += [_feed(card, combo) for combo in combinations(fits, SYMBOLS[card])]
    return moves


def feed_moves_after(s: State, colour: str, before: list[Feed], played: Feed,
                     hungry: list[int] | None = None) -> list[Feed]:
    """`feed_moves(s, colour)` just after `played`, from the list `before` it (the supply
    step asks after every card, so it works out only what changed). The fed huts leave every
    move; a card gone from the hand (or the plough, used) leaves; a food card of the fed
    food that now covers all that food's hungry huts feeds them all in one move. `hungry`:
    `unsupplied(s, colour)` when the caller keeps it (the supply run does)."""
    fed = set(played.hexes)
    card = played.card
    food = hex_food()
    gone = card == PLOUGH or card not in s.hands.get(colour, ())
    fed_food = food[played.hexes[0]]        # a food card feeds only its own food
    rest: tuple[int, ...] | None = None     # that food's hungry huts, once needed
    moves: list[Feed] = []
    for m in before:
        c = m.card
        if gone and c == card:
            continue
        if c not in (WILD, PLOUGH) and FOOD_OF[c] == fed_food:
            if rest is None:
                if hungry is None:
                    hungry = unsupplied(s, colour)
                rest = tuple([h for h in hungry if food[h] == fed_food])
            if SYMBOLS[c] >= len(rest):     # one move feeds them all, added once
                if rest and (not moves or moves[-1].card != c):
                    moves.append(_feed(c, rest))
                continue
        if fed.isdisjoint(m.hexes):
            moves.append(m)
    return moves


def can_supply(s: State, colour: str, hexes: list[int]) -> bool:
    """Whether the player's cards in hand and plough can supply all the huts on `hexes`
    at once (ruling II.C: a k-symbol card of food F up to k huts on F hexes, a wild or a
    plough one hut of any food). Food cards serve only their food, so each food's shortfall
    must be met by wilds and ploughs."""
    b = board()
    hand = s.hands.get(colour, [])
    need = Counter(b.hexes[h].food for h in hexes)
    short = sum(max(0, k - sum(symbols(c) for c in hand if food_of(c) == food))
                for food, k in need.items())
    return short <= hand.count(WILD) + s.ploughs.get(colour, 0)


place_hut = cache(PlaceHut)       # the huts step asks after every hut: built once


def well_moves(vertices: list[int]) -> list[Move]:
    """The wells step's moves: a well on each vertex, or pass."""
    return [*map(_well, vertices), _PASS]


_well = cache(Well)           # the wells step asks after every well: built once


def well_vertices(s: State, colour: str) -> list[int]:
    """Ruling II.E: a free vertex whose three hexes hold the player's supplied huts and that
    touches no between-the-rivers hex, while the stock lasts."""
    if s.well_stock() <= 0:
        return []
    own = [h for h, c in s.huts.items() if c == colour]
    mine = set(own)
    corners = _well_corners()
    # each site found once: from the lowest of its three hexes
    sites = [v for h in own for v, a, b in corners[h] if a in mine and b in mine]
    if sites:
        wells = s.wells
        sites = [v for v in sites if v not in wells]
        sites.sort()
    return sites


@cache
def _well_corners() -> tuple[tuple[tuple[int, int, int], ...], ...]:
    """By hex: the vertices that may take a well (touching no between-the-rivers hex) whose
    lowest hex it is, each with its two other hexes."""
    b = board()
    corners: list[list[tuple[int, int, int]]] = [[] for _ in b.hexes]
    for v in sorted(b.well_vertices):
        low, a, c = sorted(b.vertices[v].hexes)
        corners[low].append((v, a, c))
    return tuple(map(tuple, corners))


def can_build(s: State, colour: str, h: int) -> str | None:
    """Why the player may not build a ziggurat on h now (ruling III), None if they may."""
    b = board()
    if s.huts.get(h) != colour:
        return "no own hut there"
    if b.hexes[h].is_river:
        return "a river hex"
    if any(h in b.vertices[v].hexes for v in s.wells):
        return "the hex touches a well"
    if len(s.ziggurats_of(colour)) >= ZIGGURATS:
        return f"already {ZIGGURATS} ziggurats"
    if s.camels.get(colour, 0) < BUILD_COST:
        return f"a ziggurat costs {BUILD_COST} camels"
    return None


# The simulator asks for the actions after every action: equal moves are built once.
_build, _centre, _roof, _buy = cache(Build), cache(Centre), cache(Roof), cache(Buy)
_ASHUR = {tier: Ashur(tier) for tier in TIERS}
_OFFER, _PASS = Offer(), Pass()
# The cheapest action (an offering step, a 1-symbol card): with fewer camels only pass.
MIN_COST = min(OFFERING_COST, min(CAMEL_VALUE.values()), PLOUGH_COST, ROOF_COST,
               *TIER_COST.values())


def action_moves(s: State, colour: str) -> list[Move]:
    """Ruling III: every action the player can pay for now, then pass."""
    camels = s.camels.get(colour, 0)
    if camels < MIN_COST:
        return [_PASS]
    moves: list[Move] = []
    zigs = [(h, level) for h, (c, level) in s.ziggurats.items() if c == colour]
    zigs.sort()
    if camels >= BUILD_COST and len(zigs) < ZIGGURATS:
        huts = [h for h, c in s.huts.items() if c == colour]
        huts.sort()
        moves += [_build(h) for h in _buildable(s, huts)]
        own_huts = len(huts)
    else:                               # only their number is needed
        own_huts = countOf(s.huts.values(), colour)
    grown = s.grown
    for h, level in zigs:
        if h in grown:
            continue                    # one level per ziggurat per turn
        if level == 1 and camels >= CENTRE_COST:
            moves.append(_centre(h))
        elif level == 2 and camels >= ROOF_COST:
            moves.append(_roof(h))
    if HUTS - own_huts - s.ashur_huts(colour) > 0:
        for tier in TIERS:
            if camels >= TIER_COST[tier] and len(s.ashur[tier]) < TIER_SPACES[tier]:
                moves.append(_ASHUR[tier])
    if (camels >= OFFERING_COST and s.offered.get(colour, 0) < OFFERING_STEPS_PER_TURN
            and s.offering.get(colour, 0) < OFFERING_MAX):
        moves.append(_OFFER)
    if camels >= PLOUGH_COST and not s.ploughs.get(colour, 0) and s.used_ploughs > 0:
        moves.append(_buy(PLOUGH))
    if colour not in s.bought:
        for card in sorted(set(s.leftover())):
            if CAMEL_VALUE[card] <= camels:
                moves.append(_buy(card))
    moves.append(_PASS)
    return moves


def action_moves_after(s: State, colour: str, before: list[Move], done: Move) -> list[Move]:
    """`action_moves(s, colour)` just after the action `done`, from the list `before` it (the
    simulator asks after every action). An action only uses things up: camels, the turn's
    one step of that ziggurat, a hut from stock and an Ashur space, offering steps, the
    plough, the turn's one buy; so the moves left are those of `before` still affordable and
    still open. A build puts a hut back in stock (Ashur may open): then all are found again."""
    if isinstance(done, Build):
        return action_moves(s, colour)
    camels = s.camels.get(colour, 0)
    if camels < MIN_COST:
        return [_PASS]
    kind = type(done)
    costs = _COSTS
    moves: list[Move] = []
    for m in before:
        t = type(m)
        cost = (TIER_COST[m.tier] if t is Ashur          # type: ignore[union-attr]
                else _BUY_COST[m.card] if t is Buy       # type: ignore[union-attr]
                else costs.get(t, 0))
        if cost > camels:
            continue
        if kind is t and not _still_open(s, colour, m, done):
            continue
        moves.append(m)
    return moves


_COSTS: dict[type, int] = {Build: BUILD_COST, Centre: CENTRE_COST, Roof: ROOF_COST,
                           Offer: OFFERING_COST}
_BUY_COST: dict[str, int] = {**CAMEL_VALUE, PLOUGH: PLOUGH_COST}


def _still_open(s: State, colour: str, m: Move, done: Move) -> bool:
    """Whether `m`, open before `done` (an action of the same kind), is open after it."""
    if isinstance(m, (Centre, Roof)):
        return m.hex != done.hex                    # type: ignore[union-attr]
    if isinstance(m, Ashur):
        return (HUTS - countOf(s.huts.values(), colour) - s.ashur_huts(colour) > 0
                and len(s.ashur[m.tier]) < TIER_SPACES[m.tier])
    if isinstance(m, Offer):
        return (s.offered.get(colour, 0) < OFFERING_STEPS_PER_TURN
                and s.offering.get(colour, 0) < OFFERING_MAX)
    if isinstance(m, Buy):                          # one plough held; one card a turn
        return (m.card == PLOUGH) != (done.card == PLOUGH)  # type: ignore[union-attr]
    return True


def _buildable(s: State, huts: list[int]) -> list[int]:
    """The player's huts (sorted) off the rivers and touching no well (can_build's hex
    conditions)."""
    corners, river = _vertex_hexes(), hex_is_river()
    wet = {h for v in s.wells for h in corners[v]}
    return [h for h in huts if h not in wet and not river[h]]


@cache
def _vertex_hexes() -> tuple[tuple[int, int, int], ...]:
    """Each vertex's three hexes, by vertex index."""
    return tuple(v.hexes for v in board().vertices)

"""The simulator's view of the board as node bit sets (bit i: the web's node i, in node
order), kept move by move through a playout: the random player counts and picks his
actions from masks instead of listing every move (`play.Choices` lists them; the same
choices in the same order, tests/rules/test_spider_twist_fast_paths.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pnp.rules.spider_twist.moves import Done, End, Mate, Move, Pass, Place, Step
from pnp.rules.spider_twist.play import done_of, mate_of, place_of, step_of
from pnp.rules.spider_twist.state import COLOURS, State
from pnp.rules.spider_twist.web import get_web


@dataclass(frozen=True, eq=False)
class WebBits:
    """One web as bits: each node's bit, its neighbours as a mask, the entry nodes as a
    mask, and the moves from or onto each node keyed by bits (built once, not per move)."""

    bit: dict[str, int]
    near: dict[int, int]                     # a node's bit -> its neighbours' mask
    entry: int
    place: dict[int, Place]
    step: dict[int, dict[int, Step]]         # from's bit -> to's bit -> the move
    mate: dict[int, Mate]
    done: dict[int, Done]


@cache
def web_bits(name: str) -> WebBits:
    web = get_web(name)
    bit = {n: 1 << i for i, n in enumerate(web.nodes)}
    near = {bit[n]: sum(bit[m] for m in web.adjacent[n]) for n in web.nodes}
    return WebBits(bit, near, sum(bit[n] for n in web.entry),
                   {bit[n]: place_of(n) for n in web.entry},
                   {bit[n]: {bit[m]: step_of(n, m) for m in web.adjacent[n]}
                    for n in web.nodes},
                   {bit[n]: mate_of(n) for n in web.nodes},
                   {bit[n]: done_of(n) for n in web.nodes})


def nth(mask: int, k: int) -> int:
    """The `k`-th lowest set bit of `mask` (0: the lowest), as nodes are ordered."""
    for _ in range(k):
        mask &= mask - 1
    return mask & -mask


class Board:
    """`own`: each colour's males; `her`: her node (`where`: its name); `occupied`: both
    colours' males and her; `movers`: the player in turn's males that may still move
    (`play.own_movers`). `played` keeps them after each move."""

    __slots__ = ("bits", "her", "movers", "occupied", "own", "where")

    def __init__(self, state: State) -> None:
        self.bits = web_bits(state.web)
        bit = self.bits.bit
        self.own = dict.fromkeys(COLOURS, 0)
        for n, c in state.males.items():
            self.own[c] |= bit[n]
        self.her, self.where = bit[state.female], state.female
        self.occupied = self.own[COLOURS[0]] | self.own[COLOURS[1]] | self.her
        self.movers = self.own[state.turn] & ~sum(map(bit.__getitem__, state.done))

    def walked(self, state: State) -> None:
        """Keep the masks after her move (a walk, or her die rolled)."""
        if state.female != self.where:
            self._follow(state)

    def played(self, state: State, move: Move) -> None:
        """Keep the masks after `move`, the player in turn's, was played on `state`, her
        reaction included."""
        bit = self.bits.bit
        if isinstance(move, Step):               # the commonest first
            frm, to = bit[move.frm], bit[move.to]
            self.own[state.turn] ^= frm | to
            self.occupied ^= frm | to
            self.movers &= ~frm
        elif isinstance(move, (End, Pass)):
            self.movers = self.own[state.turn]      # nobody is turned at a turn's start
            return                                  # she stays
        elif isinstance(move, Place):
            to = bit[move.node]
            self.own[state.turn] |= to
            self.occupied |= to
        elif isinstance(move, Mate):
            frm = ~bit[move.frm]
            self.own[state.turn] &= frm
            self.occupied &= frm
            self.movers &= frm
        elif isinstance(move, Done):
            self.movers &= ~bit[move.node]
            return
        if state.female != self.where:             # she walked
            self._follow(state)

    def _follow(self, state: State) -> None:
        """She walked: her old node is freed and her new one taken, where the male she ate
        stood, if any."""
        her, self.where = self.bits.bit[state.female], state.female
        own = self.own
        for c in COLOURS:
            own[c] &= ~her
        self.occupied = self.occupied & ~self.her | her
        self.her = her
        self.movers &= ~her


Acts = tuple[int, int, int, int, int]
"""The player in turn's actions as masks, in `play.Choices`' order: (placements, free
nodes, matings, the movers with a step or a mating, how many actions); the steps are each
mover's (movers in node order) onto the free nodes."""


def acts(state: State, board: Board) -> Acts:
    bits, movers = board.bits, board.movers
    free = ~board.occupied
    places = 0 if state.placed is not None or not state.stock[state.turn] \
        else bits.entry & free
    near = bits.near
    mates = 0 if state.mating is not None else movers & near[board.her]
    count, froms, m = places.bit_count() + mates.bit_count(), mates, movers
    while m:
        low = m & -m
        n = (near[low] & free).bit_count()
        if n:
            count += n
            froms |= low
        m ^= low
    return places, free, mates, froms, count


def turnable(movers: int, places: int, froms: int) -> int:
    """`Choices._turnable` before his first action: the movers he may turn and still owe
    an action (one by another male, or a placement)."""
    owed = froms.bit_count() + (places != 0)
    if owed > 1:
        return movers
    return movers & ~froms if owed else 0


def act(board: Board, actions: Acts, index: int) -> Move:
    """The `index`-th action, as `Choices.act`."""
    bits, (places, free, mates, _, _) = board.bits, actions
    count = places.bit_count()
    if index < count:
        return bits.place[nth(places, index)]
    index -= count
    near, m = bits.near, board.movers
    while m:
        low = m & -m
        to = near[low] & free
        count = to.bit_count()
        if index < count:
            return bits.step[low][nth(to, index)]
        index -= count
        m ^= low
    return bits.mate[nth(mates, index)]

"""The simulator's view of the board as node bit sets (bit i: the web's node i, in node
order), kept move by move through a playout: the random player counts and picks his
actions from masks instead of listing every move (`play.Choices` lists them; the same
choices in the same order, tests/rules/test_spider_twist_fast_paths.py).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pnp.rules.spider_twist.moves import Done, End, Mate, Move, Pass, Place, Step
from pnp.rules.spider_twist.play import mate_of, place_of, step_of
from pnp.rules.spider_twist.state import State
from pnp.rules.spider_twist.web import get_web


@dataclass(frozen=True, eq=False)
class WebBits:
    """One web as bits: each node's bit, each node's neighbours and the entry nodes as masks."""

    nodes: tuple[str, ...]
    bit: dict[str, int]
    near: dict[int, int]            # a node's bit -> its neighbours' mask
    entry: int


@cache
def web_bits(name: str) -> WebBits:
    web = get_web(name)
    bit = {n: 1 << i for i, n in enumerate(web.nodes)}
    near = {bit[n]: sum(bit[m] for m in web.adjacent[n]) for n in web.nodes}
    return WebBits(web.nodes, bit, near, sum(bit[n] for n in web.entry))


def nth(mask: int, k: int) -> int:
    """The index of the `k`-th set bit of `mask` (0: the lowest), as nodes are ordered."""
    for _ in range(k):
        mask &= mask - 1
    return (mask & -mask).bit_length() - 1


class Board:
    """`occupied`: the nodes of every male and hers; `movers`: the player in turn's males
    that may still move (`play.own_movers`). `played` keeps both after each move."""

    __slots__ = ("bits", "movers", "occupied")

    def __init__(self, state: State) -> None:
        self.bits = web_bits(state.web)
        bit = self.bits.bit
        self.occupied = sum(map(bit.__getitem__, state.males)) | bit[state.female]
        self.movers = self._movers(state)

    def _movers(self, state: State) -> int:
        bit, turn, done = self.bits.bit, state.turn, state.done
        return sum(bit[n] for n, c in state.males.items() if c == turn and n not in done)

    def played(self, state: State, move: Move, her: str) -> None:
        """Keep the masks after `move` was played on `state`, her node `her` before it. A
        walk frees her old node and takes her new one, which held the male she ate if any."""
        bit = self.bits.bit
        if isinstance(move, Step):
            frm = bit[move.frm]
            self.occupied ^= frm | bit[move.to]
            self.movers &= ~frm
        elif isinstance(move, (End, Pass)):
            self.movers = self._movers(state)
        elif isinstance(move, Place):
            self.occupied |= bit[move.node]
        elif isinstance(move, Mate):
            self.occupied &= ~bit[move.frm]
            self.movers &= ~bit[move.frm]
        elif isinstance(move, Done):
            self.movers &= ~bit[move.node]
        if state.female != her:
            now = bit[state.female]
            self.occupied = self.occupied & ~bit[her] | now
            self.movers &= ~now


class Acts:
    """The player in turn's actions as masks, in `play.Choices`' order: placements, then
    each mover's steps (movers in node order), then matings."""

    __slots__ = ("bits", "count", "free", "froms", "mates", "movers", "places")

    def __init__(self, state: State, board: Board) -> None:
        bits, movers = board.bits, board.movers
        self.bits, self.movers = bits, movers
        free = self.free = ~board.occupied
        self.places = 0 if state.placed is not None or not state.stock[state.turn] \
            else bits.entry & free
        near = bits.near
        self.mates = 0 if state.mating is not None else movers & near[bits.bit[state.female]]
        count, froms, m = 0, 0, movers
        while m:
            low = m & -m
            n = (near[low] & free).bit_count()
            if n:
                count += n
                froms |= low
            m ^= low
        self.froms = froms | self.mates       # the movers with an action
        self.count = self.places.bit_count() + count + self.mates.bit_count()

    def turnable(self) -> int:
        """`Choices._turnable` before his first action: the movers he may turn and still
        owe an action (one by another male, or a placement)."""
        owed = self.froms.bit_count() + (self.places != 0)
        if owed > 1:
            return self.movers
        return self.movers & ~self.froms if owed else 0

    def act(self, index: int) -> Move:
        """The `index`-th action, as `Choices.act`."""
        nodes = self.bits.nodes
        places = self.places.bit_count()
        if index < places:
            return place_of(nodes[nth(self.places, index)])
        index -= places
        near, free, m = self.bits.near, self.free, self.movers
        while m:
            low = m & -m
            to = near[low] & free
            n = to.bit_count()
            if index < n:
                return step_of(nodes[low.bit_length() - 1], nodes[nth(to, index)])
            index -= n
            m ^= low
        return mate_of(nodes[nth(self.mates, index)])

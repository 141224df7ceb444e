"""The fast, incremental labyrinth behind the game: legal placements, the no-trap rule, kills.

Cells are integer keys (`key(x, y)`), tiles' ports are precomputed per (tile, rotation), and
components live in a union-find over region nodes, each root keeping the cells its
component's exits face and its living prisoners. A placement only merges components (it
never splits one), so placing is incremental; the revised edition's actions lift tiles
(`Labyrinth.lift` works out again only the components a lifted tile was part of) and put
them down again.
Only a tile on the cell that all of Asterion's exits face can trap him (ruling "A turn" 2),
so the legal placements are every rotation on every frontier cell but that one.

Rulings "Connections": two adjacent tiles connect where both have a port on the shared
edge; a port facing a cell with no tile, or facing off the Crete board, is an exit. The same
facts are computed from scratch by connect.py; the property tests check that they agree.
"""

from __future__ import annotations

from bisect import bisect_left, insort
from collections.abc import Iterable
from dataclasses import dataclass
from functools import cache

from pnp.rules.asterion.tiles import MINOTAUR_ID, ROTATIONS, tiles_by_id
from pnp.rules.indexed import Indexed

OFFSET = 256          # |x|, |y| <= 200 (table.MAX_COORD) stay inside one row
STRIDE = 512
STEP = (-STRIDE, 1, STRIDE, -1)   # N, E, S, W: N is y - 1
EMPTY = -2            # no tile on the neighbouring cell
WALL = -1             # a neighbour whose side facing us is a wall
_BACK = tuple((step, d ^ 2) for d, step in enumerate(STEP))   # (step, the side facing back)
Spot = tuple[int, int]    # (cell, region index on its tile)
Met = tuple[int, int]     # (the cell a port faces, what meets it there: see `_ports_met`)


def key(x: int, y: int) -> int:
    return (y + OFFSET) * STRIDE + (x + OFFSET)


def xy(cell: int) -> tuple[int, int]:
    return (cell % STRIDE - OFFSET, cell // STRIDE - OFFSET)


@dataclass(frozen=True)
class Kind:
    """A tile's precomputed facts: per rotation, which region faces each direction."""

    id: str
    colour: str | None
    regions: int
    prisoner: int                          # region index of the prisoner, -1 for M
    asterion: int                          # region index of Asterion, -1 otherwise
    facing: tuple[tuple[int, ...], ...]    # facing[rot // 90][d] = region index or -1
    rotations: tuple[int, ...]             # rotations that look different (see tiles.py)
    horns: bool
    canonical: tuple[int, ...]             # per rotation index: the smallest rot that looks so
    ports: int                             # the same number for tiles of equal facing, rotations
    sides: tuple[tuple[tuple[int, int, int], ...], ...]   # per rotation: (step, region, d ^ 2)
    unlike: tuple[tuple[int, ...], ...]    # per rotation index: the `rotations` looking else


# A number per distinct (facing, rotations), given out as tiles are first met.
_PORT_SHAPES: dict[tuple[tuple[tuple[int, ...], ...], tuple[int, ...]], int] = {}


@cache
def kind(tile_id: str) -> Kind:
    tile = tiles_by_id()[tile_id]
    facing = []
    for rot in ROTATIONS:
        at = [-1, -1, -1, -1]
        for index, region in enumerate(tile.regions):
            mask = region.mask_facing(rot)
            for d in range(4):
                if mask >> d & 1:
                    at[d] = index
        facing.append(tuple(at))
    prisoner = next((i for i, r in enumerate(tile.regions) if r.prisoners), -1)
    asterion = next((i for i, r in enumerate(tile.regions) if r.asterion), -1)
    looks = [tuple(sorted((g.mask_facing(rot), g.prisoners, g.coins, g.wings, g.asterion)
                          for g in tile.regions)) for rot in ROTATIONS]
    canonical = tuple(ROTATIONS[looks.index(look)] for look in looks)
    rotations = tile.distinct_rotations()
    # which rotations keep Asterion an exit depends on nothing else of a tile
    ports = _PORT_SHAPES.setdefault((tuple(facing), rotations), len(_PORT_SHAPES))
    return Kind(tile.id, tile.colour, len(tile.regions), prisoner, asterion, tuple(facing),
                rotations, tile.horns, canonical, ports,
                tuple(tuple(zip(STEP, at, (2, 3, 0, 1), strict=True)) for at in facing),
                tuple(tuple(r for r in rotations if canonical[r // 90] != look)
                      for look in canonical))


@cache
def board_cells(radius: int) -> frozenset[int]:
    """Ruling "A turn" 1: the Crete board squares in use, |x| + |y| <= radius."""
    return frozenset(key(x, y) for x in range(-radius, radius + 1)
                     for y in range(-radius, radius + 1) if abs(x) + abs(y) <= radius)


# (tile's ports, each side's class) -> rotations kept, the key packed in one int (see
# `Labyrinth._kept`): a pure function of its key (`_kept_by_class`), so shared by every
# labyrinth and game without one affecting another.
_KEPT: dict[int, tuple[int, ...]] = {}
_OPEN, _SHUT, _ASTERION, _JOINS = range(4)     # a side's class, two bits


def _kept_by_class(k: Kind, sides: list[int]) -> tuple[int, ...]:
    """The rotations of `k` that leave Asterion an exit on his last exit cell, its sides
    (N E S W) of these classes, what `Labyrinth._keeps_exit` says of each: Asterion's
    component (it has no exit elsewhere) joins the regions whose ports meet it; a
    neighbour's component with exits elsewhere is an empty side (a joined region's port
    meeting either is an exit); one with none, met on one side, a wall (it joins nothing);
    met on several sides (only one such can be: Asterion holds a side), it joins the
    regions meeting it."""
    kept = []
    for rot in k.rotations:
        at = k.facing[rot // 90]
        joined = {at[d] for d in range(4) if sides[d] == _ASTERION and at[d] >= 0}
        through = {at[d] for d in range(4) if sides[d] == _JOINS and at[d] >= 0}
        if joined & through:
            joined |= through
        if any(sides[d] == _OPEN and at[d] in joined for d in range(4)):
            kept.append(rot)
    return tuple(kept)


class Labyrinth:
    """Placed tiles and their components. Not thread-safe; `copy()` before speculating."""

    __slots__ = ("alive", "asterion", "board", "cells", "dead", "exits", "frontier",
                 "frontier_sorted", "held", "parent", "tile_cell")

    def __init__(self, board: frozenset[int] | None = None) -> None:
        self.cells: dict[int, tuple[Kind, int, int]] = {}   # cell -> (kind, rot index, node0)
        self.tile_cell: dict[str, int] = {}
        self.parent: list[int] = []
        # Meaningful at roots: the cell each of the component's exits faces, one entry a
        # port (a cell twice when two of its ports face it).
        self.exits: list[list[int]] = []
        # Meaningful at roots: the living prisoners' nodes in the component (a sweep kills
        # those of Asterion's without looking at every prisoner).
        self.held: list[list[int]] = []
        self.frontier: set[int] = set()     # empty (on-board) cells next to a placed tile
        # The frontier in key order, kept as it changes: every turn indexes it in this order.
        self.frontier_sorted: list[int] = []
        self.board = board
        self.asterion = -1                  # Asterion's node
        self.alive: dict[int, str] = {}     # living prisoners' nodes -> tile id
        self.dead: set[str] = set()

    # -- building ------------------------------------------------------------------------
    @classmethod
    def build(cls, placements: Iterable[tuple[str, int, int]], dead: Iterable[str] = (),
              board: frozenset[int] | None = None) -> Labyrinth:
        """A labyrinth from (tile, cell, rot) triples, in any order, with tombs on `dead`.
        No kills are made: call `sweep()` to kill prisoners now in Asterion's component."""
        lab = cls(board)
        lab.dead = set(dead)
        cells, parent = lab.cells, lab.parent
        for tile_id, cell, rot in placements:       # nodes numbered as `place` numbers them
            k = kind(tile_id)
            node0 = len(parent)
            parent.extend(range(node0, node0 + k.regions))
            cells[cell] = (k, rot // 90, node0)
        lab.tile_cell = {k.id: cell for cell, (k, _, _) in cells.items()}
        lab.asterion = next((node0 + k.asterion for k, _, node0 in cells.values()
                             if k.asterion >= 0), -1)
        lab.alive = {node0 + k.prisoner: k.id for k, _, node0 in cells.values()
                     if k.prisoner >= 0 and k.id not in lab.dead}
        lab._join_all()
        return lab

    def _join_all(self) -> None:
        """Components, exits and frontier of the placed cells, all at once (what placing
        them one by one ends with; a root may differ, the components do not)."""
        cells, parent, frontier, board = self.cells, self.parent, self.frontier, self.board
        find = self.find
        open_ports: list[tuple[int, int]] = []      # (node, the empty cell its port faces)
        for cell, (k, r, node0) in cells.items():
            for step, j, back in k.sides[r]:
                near = cell + step
                other = cells.get(near)
                if other is None:
                    if j >= 0:
                        open_ports.append((node0 + j, near))
                    if board is None or near in board:
                        frontier.add(near)
                elif j >= 0 and near > cell:          # each shared edge once
                    ok, orot, onode0 = other
                    oj = ok.facing[orot][back]
                    if oj >= 0:
                        a, b = find(node0 + j), find(onode0 + oj)
                        if a != b:
                            parent[a] = b
        exits: list[list[int]] = [[] for _ in parent]
        for node, near in open_ports:
            exits[find(node)].append(near)
        self.exits = exits
        held: list[list[int]] = [[] for _ in parent]
        for node in self.alive:
            held[find(node)].append(node)
        self.held = held
        self.frontier_sorted = sorted(frontier)

    def copy(self) -> Labyrinth:
        other = Labyrinth.__new__(Labyrinth)
        other.cells = dict(self.cells)
        other.tile_cell = dict(self.tile_cell)
        other.parent = list(self.parent)
        other.exits = [list(e) for e in self.exits]
        other.held = [list(h) for h in self.held]
        other.frontier = set(self.frontier)
        other.frontier_sorted = list(self.frontier_sorted)
        other.board = self.board
        other.asterion = self.asterion
        other.alive = dict(self.alive)
        other.dead = set(self.dead)
        return other

    def find(self, node: int) -> int:
        parent = self.parent
        while parent[node] != node:
            parent[node] = parent[parent[node]]   # path halving
            node = parent[node]
        return node

    def place(self, tile_id: str, cell: int, rot: int, kill: bool = True) -> list[str]:
        """Put a tile down (no legality check) and return the prisoners it kills: ruling
        "A turn" 3, every living prisoner now in Asterion's component is killed."""
        k = kind(tile_id)
        parent, exits, held = self.parent, self.exits, self.held
        node0 = len(parent)
        regions = k.regions
        for i in range(node0, node0 + regions):
            parent.append(i)
            exits.append([])
            held.append([])
        cells = self.cells
        cells[cell] = (k, rot // 90, node0)
        self.tile_cell[tile_id] = cell
        if k.asterion >= 0:
            self.asterion = node0 + k.asterion
        if k.prisoner >= 0 and tile_id not in self.dead:
            self.alive[node0 + k.prisoner] = tile_id
            held[node0 + k.prisoner].append(node0 + k.prisoner)
        find = self.find
        frontier, board, in_order = self.frontier, self.board, self.frontier_sorted
        if cell in frontier:       # (a swapped tile's cell may not be, between its lifts)
            frontier.remove(cell)
            del in_order[bisect_left(in_order, cell)]
        # Asterion's root as the merges below move it, while no merge has met it; -1 once
        # one has (the tile is joined to him), or when no kill is to be made
        a = -1 if not kill or k.asterion >= 0 else self.asterion
        if a >= 0 and parent[a] != a:
            a = find(a)
        for step, j, back in k.sides[rot // 90]:
            near = cell + step
            other = cells.get(near)
            if other is None:
                if j >= 0:
                    mine = node0 + j
                    exits[mine if parent[mine] == mine else find(mine)].append(near)
                if near not in frontier and (board is None or near in board):
                    frontier.add(near)
                    insort(in_order, near)
                continue
            ok, orot, onode0 = other
            oj = ok.facing[orot][back]
            if oj < 0:
                continue
            root = onode0 + oj
            if parent[root] != root:         # (a call saved when it is a root already)
                root = find(root)
            exits[root].remove(cell)         # its port no longer faces an empty cell
            if j >= 0:
                mine = node0 + j
                if parent[mine] != mine:
                    mine = find(mine)
                if mine != root:
                    if root == a or mine == a:
                        a = -1
                    parent[mine] = root
                    exits[root] += exits[mine]
                    exits[mine] = []
                    if held[mine]:
                        held[root] += held[mine]
                        held[mine] = []
        if not kill or self.asterion < 0 or a >= 0:
            return []      # Asterion's component only grows through the new tile
        return self.sweep()

    def lift(self, tile_id: str) -> None:
        """Take a placed tile off again (the revised actions): the components it was part of
        are worked out afresh from the cells left in them, the others stay as they were.
        Asterion's tile is never lifted. No kills: call `sweep()` once the action is done."""
        cell = self.tile_cell.pop(tile_id)
        k, r, node0 = self.cells.pop(cell)
        assert k.asterion < 0, "Asterion's tile is never lifted"
        if k.prisoner >= 0:
            self.alive.pop(node0 + k.prisoner, None)
        cells, parent, exits, held = self.cells, self.parent, self.exits, self.held
        facing = k.facing[r]
        starts = []                        # the neighbours' regions the tile's ports met
        for d in range(4):
            other = cells.get(cell + STEP[d])
            if other is not None and facing[d] >= 0:
                oj = other[0].facing[other[1]][d ^ 2]
                if oj >= 0:
                    starts.append((cell + STEP[d], oj))
        members, met = self._walk(starts)
        for node in [*range(node0, node0 + k.regions), *members.values()]:
            parent[node] = node            # the tile's own nodes are left unused
            exits[node] = []
            held[node] = []
        self._rejoin(members, met)
        # a port facing the lifted tile's wall, not in a rejoined component, faces an exit now
        for d in range(4):
            near = cell + STEP[d]
            other = cells.get(near)
            if other is not None:
                oj = other[0].facing[other[1]][d ^ 2]
                if oj >= 0 and (near, oj) not in members:
                    exits[self.find(other[2] + oj)].append(cell)
        self._refresh_frontier(cell)

    def _ports_met(self, cell: int, region: int) -> list[Met]:
        """For each port of `region` on `cell`: the cell it faces and what meets it there
        (EMPTY: no tile, WALL: a wall, else the region whose port it meets)."""
        cells = self.cells
        k, r, _ = cells[cell]
        met = []
        for d, at in enumerate(k.facing[r]):
            if at == region:
                near = cell + STEP[d]
                other = cells.get(near)
                met.append((near, EMPTY if other is None else other[0].facing[other[1]][d ^ 2]))
        return met

    def _walk(self, starts: list[Spot]) -> tuple[dict[Spot, int], dict[Spot, list[Met]]]:
        """Every (cell, region) joined to `starts` by ports, with its node, and what its
        ports meet (`_ports_met`, kept for `_rejoin`)."""
        cells = self.cells
        members = {start: cells[start[0]][2] + start[1] for start in starts}
        met: dict[Spot, list[Met]] = {}
        todo = list(members)
        while todo:
            at = todo.pop()
            ports = met[at] = self._ports_met(*at)
            for near, oj in ports:
                if oj >= 0 and (near, oj) not in members:
                    members[near, oj] = cells[near][2] + oj
                    todo.append((near, oj))
        return members, met

    def _rejoin(self, members: dict[Spot, int], met: dict[Spot, list[Met]]) -> None:
        """Join the (reset) member nodes along their ports (`met`), then give each new root
        the cells its component's open ports face."""
        cells, parent, exits, find = self.cells, self.parent, self.exits, self.find
        open_ports = []
        for at, node in members.items():
            cell = at[0]
            for near, oj in met[at]:
                if oj == EMPTY:
                    open_ports.append((node, near))
                elif oj >= 0 and near > cell:     # each shared edge once
                    a, b = find(node), find(cells[near][2] + oj)
                    if a != b:
                        parent[a] = b
        for node, near in open_ports:
            exits[find(node)].append(near)
        alive, held = self.alive, self.held
        for node in members.values():
            if node in alive:
                held[find(node)].append(node)

    def _refresh_frontier(self, emptied: int) -> None:
        """The frontier after the tile on `emptied` was lifted: that cell and its empty
        neighbours are in it when they touch a tile (and lie on the board)."""
        cells, frontier, board = self.cells, self.frontier, self.board
        in_order = self.frontier_sorted
        for near in (emptied, *(emptied + step for step in STEP)):
            if near in cells:
                continue
            belongs = (board is None or near in board) and any(near + s in cells for s in STEP)
            if belongs and near not in frontier:
                frontier.add(near)
                insort(in_order, near)
            elif not belongs and near in frontier:
                frontier.remove(near)
                del in_order[bisect_left(in_order, near)]

    def sweep(self) -> list[str]:
        """Kill every living prisoner in Asterion's component; return their tiles."""
        if self.asterion < 0:
            return []
        a = self.find(self.asterion)
        killed = sorted(self.held[a])
        self.held[a] = []
        names = [self.alive.pop(n) for n in killed]
        self.dead.update(names)
        return names

    # -- questions -----------------------------------------------------------------------
    def asterion_exits(self) -> int:
        return len(self.exits[self.find(self.asterion)]) if self.asterion >= 0 else 0

    def _around(self, cell: int) -> list[int]:
        """Per direction: EMPTY, WALL or the root whose port faces `cell`."""
        around = []
        cells, parent = self.cells, self.parent
        for step, back in _BACK:
            other = cells.get(cell + step)
            if other is None:
                around.append(EMPTY)
                continue
            ok, orot, onode0 = other
            oj = ok.facing[orot][back]
            if oj < 0:
                around.append(WALL)
                continue
            node = onode0 + oj
            around.append(node if parent[node] == node else self.find(node))
        return around

    def _last_exit_cell(self) -> int | None:
        """The cell every exit of Asterion's component faces, if they all face one: only a
        tile there can trap him (ruling "A turn" 2)."""
        a = self.asterion
        if a < 0:
            return None
        exits = self.exits[a if self.parent[a] == a else self.find(a)]
        if not exits or exits.count(exits[0]) < len(exits):
            return None
        return exits[0]

    def _keeps_exit(self, k: Kind, r: int, around: list[int]) -> bool:
        """Would Asterion's component still have an exit with tile `k` (rotation index r)
        on the cell described by `around`? Ruling "A turn" 2: no trapping."""
        at = k.facing[r]
        # (region, root) for each of the tile's ports meeting a neighbour's port
        links = [(at[d], around[d]) for d in range(4) if at[d] >= 0 and around[d] >= 0]
        roots = {self.find(self.asterion)}
        group: set[int] = set()
        grew = True
        while grew:                       # regions of the tile joined through shared roots
            grew = False
            for j, root in links:
                if (j in group) != (root in roots):
                    group.add(j)
                    roots.add(root)
                    grew = True
        if any(around[d] == EMPTY and at[d] in group for d in range(4)):
            return True                   # a joined region's port faces an empty cell
        exits = self.exits
        return any(len(exits[root]) > around.count(root) for root in roots)

    def _asterion_ports_facing(self, cell: int, a: int) -> int:
        """How many ports of the component rooted at `a` face `cell`."""
        count = 0
        cells, find = self.cells, self.find
        for d in range(4):
            other = cells.get(cell + STEP[d])
            if other is not None:
                oj = other[0].facing[other[1]][d ^ 2]
                if oj >= 0 and find(other[2] + oj) == a:
                    count += 1
        return count

    def can_place(self, tile_id: str, cell: int, rot: int) -> bool:
        """Empty frontier cell and Asterion not trapped afterwards (ruling "A turn" 1-2)."""
        if cell not in self.frontier:
            return False
        if cell != self._last_exit_cell():
            return True
        return self._keeps_exit(kind(tile_id), rot // 90, self._around(cell))

    def legal_placements(self, tile_id: str) -> Placements:
        """Every legal (cell, rot), cells in (y, x) order, only rotations that look
        different (a cross has one)."""
        k = kind(tile_id)
        last = self._last_exit_cell()
        if last is None or last not in self.frontier:
            return Placements(list(self.frontier_sorted), k.rotations, None, ())
        return Placements(list(self.frontier_sorted), k.rotations, last,
                          self._kept(k, self._around(last)))

    def _kept(self, k: Kind, around: list[int]) -> tuple[int, ...]:
        """The rotations of `k` that keep Asterion an exit on the cell described by
        `around` (his last exit cell: his component holds a side), memoised by the tile's
        ports and each side's class (`_kept_by_class`)."""
        a = self.asterion
        if self.parent[a] != a:
            a = self.find(a)
        exits = self.exits
        code = k.ports
        for root in around:
            if root == a:
                side = _ASTERION
            elif root < 0:
                side = _SHUT if root == WALL else _OPEN
            else:
                met = around.count(root)
                side = _OPEN if len(exits[root]) > met else (_SHUT if met == 1 else _JOINS)
            code = code << 2 | side
        kept = _KEPT.get(code)
        if kept is None:
            kept = _KEPT[code] = _kept_by_class(k, [code >> 2 * (3 - d) & 3 for d in range(4)])
        return kept

    def neighbours(self, cell: int) -> int:
        return sum(1 for step in STEP if cell + step in self.cells)

    def placements(self) -> list[tuple[str, int, int]]:
        return [(k.id, cell, r * 90) for cell, (k, r, _) in self.cells.items()]

    def minotaur_cell(self) -> int | None:
        return self.tile_cell.get(MINOTAUR_ID)


class Placements(Indexed[tuple[int, int]]):
    """The legal (cell, rot) pairs: every rotation on every frontier cell but `last`, where
    only `kept` are legal. Indexed without listing them (the simulator picks one)."""

    __slots__ = ("before", "cells", "full", "kept", "last_at", "rotations")

    def __init__(self, cells: list[int], rotations: tuple[int, ...], last: int | None,
                 kept: tuple[int, ...]) -> None:
        self.cells = cells
        self.rotations = rotations
        self.kept = kept
        full = self.full = len(rotations)
        # Position of the cell with fewer rotations in `cells`, len(cells) if none.
        if last is None:
            self.last_at = len(cells)
            self.size = len(cells) * full
        else:
            self.last_at = cells.index(last)
            self.size = (len(cells) - 1) * full + len(kept)
        self.before = self.last_at * full   # pairs on the cells before `last`

    def at(self, index: int) -> tuple[int, int]:
        """The pair at 0 <= index < size, unchecked (one call: the simulator's every turn)."""
        full = self.full
        if index < self.before:
            return self.cells[index // full], self.rotations[index % full]
        index -= self.before
        kept = self.kept
        if index < len(kept):
            return self.cells[self.last_at], kept[index]
        index -= len(kept)
        return self.cells[self.last_at + 1 + index // full], self.rotations[index % full]

    _at = at

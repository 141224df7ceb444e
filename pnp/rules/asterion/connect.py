"""Connections on a table: region nodes, components, exits, and paths that prove them.

Rulings "Connections":
- Two orthogonally adjacent tiles connect where both have a port on the shared edge. A port
  facing a neighbour's wall is closed.
- A port facing a cell with no tile (or facing off the Crete board) is an *exit*: it connects
  to "the outside of the labyrinth".
- A *component* is a maximal set of regions linked through connected ports.

A node is (tile id, region index), the index counting the tile's regions as listed in the
layout data from 0. An exit is (x, y, direction): the cell of the tile whose port faces
`direction` onto a cell with no tile.

This module builds everything from a table at once (a union-find over the nodes in catalogue
order, each shared edge looked at once); labyrinth.py keeps the same facts incrementally for
the simulator. The property tests check that they agree.
"""

from __future__ import annotations

from collections import deque
from collections.abc import Callable
from functools import cache, cached_property
from typing import Any, TypeVar

from pnp.rules.asterion.table import Table
from pnp.rules.asterion.tiles import (
    OPPOSITE,
    PORTS,
    ROTATIONS,
    STEPS,
    Tile,
    catalogue,
    rotate_port,
    tiles_by_id,
)

Node = tuple[str, int]
Cell = tuple[int, int]
Exit = tuple[int, int, str]
V = TypeVar("V")


@cache
def _order() -> dict[str, int]:
    return {t.id: i for i, t in enumerate(catalogue())}


@cache
def _catalogue_ids() -> tuple[str, ...]:
    return tuple(t.id for t in catalogue())


def tile_order(tile_id: str) -> int:
    """Catalogue position (M, Y01..Y17, B.., R.., G..); unknown ids sort last."""
    return _order().get(tile_id, len(_order()))


@cache
def facing(tile_id: str, rot: int) -> tuple[tuple[str, ...], ...]:
    """Per region, the directions its ports face on the table, in N E S W order."""
    return tuple(tuple(d for d in PORTS if d in {rotate_port(p, rot) for p in r.ports})
                 for r in tiles_by_id()[tile_id].regions)


@cache
def region_facing(tile_id: str, rot: int) -> tuple[int, int, int, int]:
    """Per direction N E S W, the region whose port faces it on the table, -1 for a wall."""
    at = [-1, -1, -1, -1]
    for region, directions in enumerate(facing(tile_id, rot)):
        for d in directions:
            at[PORTS.index(d)] = region
    return at[0], at[1], at[2], at[3]


@cache
def _tile_nodes(tile_id: str) -> tuple[Node, ...]:
    return tuple((tile_id, r) for r in range(len(tiles_by_id()[tile_id].regions)))


# Integer cell keys for the network's lookups: x * COLUMN + y is exact for |y| < COLUMN / 2
# (table.MAX_COORD keeps coordinates far smaller).
COLUMN = 1024
KEY_STEPS = (-1, COLUMN, 1, -COLUMN)        # N, E, S, W


class PerTile(dict[str, V]):
    """Facts per tile id, each worked out from the tile the first time it is asked for (a
    plain dict lookup afterwards; a one-off command pays only for the tiles it meets)."""

    def __init__(self, make: Callable[[str], V]) -> None:
        super().__init__()
        self.make = make

    def __missing__(self, tile_id: str) -> V:
        value = self[tile_id] = self.make(tile_id)
        return value


def _facing(tile_id: str) -> tuple[tuple[int, int, int, int], ...]:
    """Per rotation index (rot // 90): `region_facing`."""
    return tuple(region_facing(tile_id, rot) for rot in ROTATIONS)


def _turned(tile_id: str) -> tuple[tuple[Any, ...], ...]:
    """Per rotation index: (outward, joining, region per direction). Outward: (region, key
    step) of each N or W port, which can only be an exit (the tile beyond joins that edge).
    Joining: (region, key step, direction back) of each E or S port, which joins the tile
    beyond or is an exit: each shared edge is looked at once, from its W or N tile."""
    turned = []
    for at in FACING[tile_id]:
        outward = tuple((j, KEY_STEPS[d]) for d, j in enumerate(at) if j >= 0 and d in (0, 3))
        joining = tuple((j, KEY_STEPS[d], d ^ 2) for d, j in enumerate(at)
                        if j >= 0 and d in (1, 2))
        turned.append((outward, joining, at))
    return tuple(turned)


def _features(tile_id: str) -> tuple[tuple[int, int, int, bool], ...]:
    """(region, coins, wings, asterion) of each region holding any of them."""
    return tuple((r, g.coins, g.wings, g.asterion)
                 for r, g in enumerate(tiles_by_id()[tile_id].regions)
                 if g.coins or g.wings or g.asterion)


FACING = PerTile(_facing)
REGIONS = PerTile(lambda tile_id: len(tiles_by_id()[tile_id].regions))
TURNED = PerTile(_turned)
FEATURES = PerTile(_features)


def _exit_order(e: Exit) -> tuple[int, int, int]:
    return (e[1], e[0], PORTS.index(e[2]))


class Component:
    """A maximal set of linked regions, with what it holds. Its totals are counted when the
    network is built, its lists read from the network's layout when asked for. Equal
    components hold the same facts."""

    __slots__ = ("_layout", "coins", "exit_count", "has_asterion", "index", "wings")

    def __init__(self, layout: Layout, index: int, coins: int, wings: int, exit_count: int,
                 has_asterion: bool) -> None:
        self._layout = layout
        self.index = index
        self.coins = coins
        self.wings = wings
        self.exit_count = exit_count
        self.has_asterion = has_asterion

    @property
    def nodes(self) -> tuple[Node, ...]:
        """In catalogue order of tiles, then region index."""
        nodes = self._layout.nodes
        return tuple(nodes[i] for i in self._layout.members(self.index))

    @property
    def cells(self) -> tuple[Cell, ...]:
        """Sorted by (y, x)."""
        cell_of = self._layout.cell_of
        return tuple(sorted({cell_of[t] for t, _ in self.nodes}, key=lambda c: (c[1], c[0])))

    @property
    def exits(self) -> tuple[Exit, ...]:
        """Sorted by (y, x, N E S W)."""
        layout = self._layout
        return tuple(sorted((e for node in self.nodes for e in layout.node_exits(node)),
                            key=_exit_order))

    @property
    def prisoners(self) -> tuple[str, ...]:
        """Tiles whose prisoner stands in this component."""
        tiles = self._layout.tiles
        return tuple(t for t, r in self.nodes if tiles[t].regions[r].prisoners)

    @property
    def has_exit(self) -> bool:
        return self.exit_count > 0

    @property
    def lets_escape(self) -> bool:
        """Ruling "Game end and scoring": an exit, or at least two wings (they fly)."""
        return self.exit_count > 0 or self.wings >= 2

    def _facts(self) -> tuple[Any, ...]:
        return (self.index, self.nodes, self.cells, self.coins, self.wings, self.exits,
                self.has_asterion, self.prisoners)

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Component):
            return NotImplemented
        return self is other or self._facts() == other._facts()

    def __hash__(self) -> int:
        return hash(self._facts())

    def __repr__(self) -> str:
        return (f"Component(index={self.index}, nodes={self.nodes}, coins={self.coins}, "
                f"wings={self.wings}, exits={self.exits}, has_asterion={self.has_asterion})")

    def to_dict(self) -> dict:
        return {
            "nodes": [{"tile": t, "region": r} for t, r in self.nodes],
            "cells": [list(c) for c in self.cells],
            "coins": self.coins, "wings": self.wings,
            "exits": [{"x": x, "y": y, "direction": d} for x, y, d in self.exits],
            "has_asterion": self.has_asterion, "prisoners": list(self.prisoners),
        }


class Layout:
    """Where a network's regions lie: the nodes numbered in catalogue order, each node's
    component index, the tiles' cells and turns. Components read their lists from it. It
    holds no component, so a network and its components form no reference cycle: a score's
    network is freed when the score is done, not at a later pass of the cyclic collector."""

    def __init__(self, table: Table, tiles: dict[str, Tile], first_node: dict[str, int],
                 component_of: list[int]) -> None:
        self.table = table
        self.tiles = tiles
        self.first_node = first_node
        self.component_of = component_of

    # Only paths and a component's lists need these: built when first asked for, not to score.
    @cached_property
    def cell_of(self) -> dict[str, Cell]:
        return {p.tile: (p.x, p.y) for p in self.table.tiles}

    @cached_property
    def nodes(self) -> list[Node]:
        return [node for t in self.first_node for node in _tile_nodes(t)]

    @cached_property
    def rot_of(self) -> dict[str, int]:
        return {p.tile: p.rot for p in self.table.tiles}

    @cached_property
    def tile_at(self) -> dict[Cell, str]:
        return {cell: t for t, cell in self.cell_of.items()}

    def members(self, index: int) -> list[int]:
        """The nodes of component `index`, increasing."""
        return [i for i, c in enumerate(self.component_of) if c == index]

    def node_index(self, node: Node) -> int:
        return self.first_node[node[0]] + node[1]

    def node_exits(self, node: Node) -> list[Exit]:
        """The node's exits (x, y, direction), in N E S W order."""
        x, y = self.cell_of[node[0]]
        return [(x, y, d) for d, beyond in self.ports_beyond(node) if beyond is None]

    def ports_beyond(self, node: Node) -> list[tuple[str, str | None]]:
        """Each of the node's ports (N E S W order) and the tile beyond it, if any."""
        tile_id, region = node
        x, y = self.cell_of[tile_id]
        out = []
        for d in facing(tile_id, self.rot_of[tile_id])[region]:
            dx, dy = STEPS[PORTS.index(d)]
            out.append((d, self.tile_at.get((x + dx, y + dy))))
        return out


class Network:
    """The region graph of a table whose tiles are known, unique and on distinct cells
    (validate() says so; build it only then). Works for any edition and board setting."""

    def __init__(self, table: Table, tiles: dict[str, Tile]) -> None:
        self.table = table
        self.tiles = tiles
        # Nodes in catalogue order, so every result is deterministic whatever the file order.
        self.first_node: dict[str, int] = {}
        count, regions = 0, REGIONS
        on_table = {p.tile for p in table.tiles}
        # Filtering the catalogue beats sorting by its order (every id is in it: sound table).
        for t in [t for t in _catalogue_ids() if t in on_table]:
            self.first_node[t] = count
            count += regions[t]
        self.node_count = count
        parent, exit_nodes = self._link()
        self.component_of = self._label(parent)
        self.layout = Layout(table, tiles, self.first_node, self.component_of)
        self.components = self._components(exit_nodes)

    @property
    def cell_of(self) -> dict[str, Cell]:
        return self.layout.cell_of

    @property
    def nodes(self) -> list[Node]:
        return self.layout.nodes

    @property
    def rot_of(self) -> dict[str, int]:
        return self.layout.rot_of

    @property
    def tile_at(self) -> dict[Cell, str]:
        return self.layout.tile_at

    def _link(self) -> tuple[list[int], list[int]]:
        """Union-find parents of the nodes, each root the smallest node of its component,
        and the node of every exit (a node once per exit, in no particular order)."""
        parent = list(range(self.node_count))
        exit_nodes: list[int] = []
        first, turned = self.first_node, TURNED
        # cell key -> (first node, (ports, region per direction)) of the tile turned as laid
        at = {p.x * COLUMN + p.y: (first[p.tile], turned[p.tile][p.rot // 90])
              for p in self.table.tiles}
        for here, (mine, (outward, joining, _)) in at.items():
            for j, step in outward:
                if here + step not in at:
                    exit_nodes.append(mine + j)
            for j, step, back in joining:
                other = at.get(here + step)
                if other is None:
                    exit_nodes.append(mine + j)
                    continue
                oj = other[1][2][back]
                if oj < 0:
                    continue
                a, b = mine + j, other[0] + oj
                while parent[a] != a:
                    a = parent[a]
                while parent[b] != b:
                    b = parent[b]
                if a < b:
                    parent[b] = a
                elif b < a:
                    parent[a] = b
        return parent, exit_nodes

    @staticmethod
    def _label(parent: list[int]) -> list[int]:
        """Component index per node, numbered in order of each component's smallest node."""
        label = [0] * len(parent)
        count = 0
        for i, p in enumerate(parent):
            if p == i:
                label[i] = count
                count += 1
            else:
                label[i] = label[p]          # p < i: labelled already
        return label

    def _components(self, exit_nodes: list[int]) -> list[Component]:
        label = self.component_of
        size = max(label, default=-1) + 1
        coins, wings, exits = [0] * size, [0] * size, [0] * size
        asterion = -1
        features = FEATURES
        for t, first in self.first_node.items():
            for r, has_coins, has_wings, has_asterion in features[t]:
                c = label[first + r]
                coins[c] += has_coins
                wings[c] += has_wings
                if has_asterion:
                    asterion = c
        for i in exit_nodes:
            exits[label[i]] += 1
        layout = self.layout
        return [Component(layout, c, coins[c], wings[c], exits[c], c == asterion)
                for c in range(size)]

    def members(self, index: int) -> list[int]:
        """The nodes of component `index`, increasing."""
        return self.layout.members(index)

    def node_index(self, node: Node) -> int:
        return self.layout.node_index(node)

    def component(self, node: Node) -> Component:
        return self.components[self.component_of[self.node_index(node)]]

    def asterion_component(self) -> Component | None:
        for comp in self.components:
            if comp.has_asterion:
                return comp
        return None

    def prisoner_node(self, tile_id: str) -> Node | None:
        for r, region in enumerate(self.tiles[tile_id].regions):
            if region.prisoners:
                return (tile_id, r)
        return None

    def linked(self, node: Node) -> list[Node]:
        """The nodes `node` connects to through its ports, in catalogue order."""
        found = []
        for d, other in self.layout.ports_beyond(node):
            if other is not None:
                back = region_facing(other, self.rot_of[other])[PORTS.index(OPPOSITE[d])]
                if back >= 0:
                    found.append((other, back))
        return sorted(found, key=self.node_index)

    def path(self, start: Node, goal: Callable[[Node], bool]) -> list[Node] | None:
        """The shortest chain of nodes from `start` to the first node where `goal(node)` is
        true (breadth first, neighbours in catalogue order), or None."""
        parent = {start: start}
        queue = deque([start])
        while queue:
            node = queue.popleft()
            if goal(node):
                chain = [node]
                while chain[-1] != start:
                    chain.append(parent[chain[-1]])
                return chain[::-1]
            for other in self.linked(node):
                if other not in parent:
                    parent[other] = node
                    queue.append(other)
        return None

    def node_exits(self, node: Node) -> list[Exit]:
        """The node's exits (x, y, direction), in N E S W order."""
        return self.layout.node_exits(node)


def network(table: Table) -> Network:
    """The region graph of a sound table (see validate.fatal_problems)."""
    return Network(table, tiles_by_id())

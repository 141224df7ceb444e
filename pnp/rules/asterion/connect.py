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

This module builds everything from scratch (breadth-first search); labyrinth.py keeps the same
facts incrementally for the simulator. The property tests check that they agree.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from functools import cache

from pnp.rules.asterion.table import Table
from pnp.rules.asterion.tiles import OPPOSITE, PORTS, STEPS, Tile, catalogue, rotate_port

Node = tuple[str, int]
Cell = tuple[int, int]
Exit = tuple[int, int, str]


@cache
def _order() -> dict[str, int]:
    return {t.id: i for i, t in enumerate(catalogue())}


def tile_order(tile_id: str) -> int:
    """Catalogue position (M, Y01..Y17, B.., R.., G..); unknown ids sort last."""
    return _order().get(tile_id, len(_order()))


@cache
def facing(tile_id: str, rot: int) -> tuple[tuple[str, ...], ...]:
    """Per region, the directions its ports face on the table, in N E S W order."""
    from pnp.rules.asterion.tiles import tiles_by_id

    return tuple(tuple(d for d in PORTS if d in {rotate_port(p, rot) for p in r.ports})
                 for r in tiles_by_id()[tile_id].regions)


@dataclass(frozen=True)
class Component:
    """A maximal set of linked regions, with what it holds."""

    index: int
    nodes: tuple[Node, ...]          # in catalogue order of tiles, then region index
    cells: tuple[Cell, ...]          # sorted by (y, x)
    coins: int
    wings: int
    exits: tuple[Exit, ...]          # sorted by (y, x, N E S W)
    has_asterion: bool
    prisoners: tuple[str, ...]       # tiles whose prisoner stands in this component

    @property
    def has_exit(self) -> bool:
        return bool(self.exits)

    @property
    def lets_escape(self) -> bool:
        """Ruling "Game end and scoring": an exit, or at least two wings (they fly)."""
        return bool(self.exits) or self.wings >= 2

    def to_dict(self) -> dict:
        return {
            "nodes": [{"tile": t, "region": r} for t, r in self.nodes],
            "cells": [list(c) for c in self.cells],
            "coins": self.coins, "wings": self.wings,
            "exits": [{"x": x, "y": y, "direction": d} for x, y, d in self.exits],
            "has_asterion": self.has_asterion, "prisoners": list(self.prisoners),
        }


class Network:
    """The region graph of a table whose tiles are known, unique and on distinct cells
    (validate() says so; build it only then). Works for any edition and board setting."""

    def __init__(self, table: Table, tiles: dict[str, Tile]) -> None:
        self.table = table
        self.cell_of: dict[str, Cell] = {}
        self.rot_of: dict[str, int] = {}
        self.tile_at: dict[Cell, str] = {}
        self.tiles = tiles
        for p in table.tiles:
            self.cell_of[p.tile] = p.cell
            self.rot_of[p.tile] = p.rot
            self.tile_at[p.cell] = p.tile
        # Nodes in catalogue order, so every result is deterministic whatever the file order.
        ids = sorted(self.cell_of, key=tile_order)
        self.nodes: list[Node] = [(t, r) for t in ids for r in range(len(tiles[t].regions))]
        self.index = {n: i for i, n in enumerate(self.nodes)}
        self.links: list[list[tuple[int, str]]] = [[] for _ in self.nodes]  # (node, via dir)
        self.exits: list[list[Exit]] = [[] for _ in self.nodes]
        for i, (tile_id, r) in enumerate(self.nodes):
            x, y = self.cell_of[tile_id]
            for d in facing(tile_id, self.rot_of[tile_id])[r]:
                dx, dy = STEPS[PORTS.index(d)]
                other = self.tile_at.get((x + dx, y + dy))
                if other is None:
                    self.exits[i].append((x, y, d))
                    continue
                back = OPPOSITE[d]
                for j, ports in enumerate(facing(other, self.rot_of[other])):
                    if back in ports:
                        self.links[i].append((self.index[(other, j)], d))
        self.component_of: list[int] = [-1] * len(self.nodes)
        self.components: list[Component] = []
        for start in range(len(self.nodes)):
            if self.component_of[start] < 0:
                self._flood(start)

    def _flood(self, start: int) -> None:
        index = len(self.components)
        members = [start]
        self.component_of[start] = index
        queue = deque([start])
        while queue:
            node = queue.popleft()
            for other, _ in self.links[node]:
                if self.component_of[other] < 0:
                    self.component_of[other] = index
                    members.append(other)
                    queue.append(other)
        members.sort()
        nodes = tuple(self.nodes[i] for i in members)
        regions = [self.tiles[t].regions[r] for t, r in nodes]
        exits = sorted((e for i in members for e in self.exits[i]),
                       key=lambda e: (e[1], e[0], PORTS.index(e[2])))
        cells = sorted({self.cell_of[t] for t, _ in nodes}, key=lambda c: (c[1], c[0]))
        self.components.append(Component(
            index, nodes, tuple(cells), sum(g.coins for g in regions),
            sum(g.wings for g in regions), tuple(exits), any(g.asterion for g in regions),
            tuple(t for (t, _), g in zip(nodes, regions, strict=True) if g.prisoners)))

    def component(self, node: Node) -> Component:
        return self.components[self.component_of[self.index[node]]]

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

    def path(self, start: Node, goal) -> list[Node] | None:
        """The shortest chain of nodes from `start` to the first node where `goal(node)` is
        true (breadth first, neighbours in catalogue order), or None."""
        first = self.index[start]
        parent = {first: first}
        queue = deque([first])
        while queue:
            node = queue.popleft()
            if goal(self.nodes[node]):
                chain = [node]
                while chain[-1] != first:
                    chain.append(parent[chain[-1]])
                return [self.nodes[i] for i in reversed(chain)]
            for other, _ in sorted(self.links[node]):
                if other not in parent:
                    parent[other] = node
                    queue.append(other)
        return None

    def node_exits(self, node: Node) -> list[Exit]:
        return self.exits[self.index[node]]


def network(table: Table) -> Network:
    """The region graph of a sound table (see validate.fatal_problems)."""
    from pnp.rules.asterion.tiles import tiles_by_id

    return Network(table, tiles_by_id())

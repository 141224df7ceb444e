"""`check(table, tile)`: settle a dispute about the prisoner on one tile.

Is it dead (a tomb, or in Asterion's component: ruling "Game end and scoring"), connected to
Asterion, to an exit, to how many coins and wings, and the chain of tiles that proves each
connection (shortest chains through connected ports, ruling "Connections").
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from operator import eq
from typing import Any

from pnp.rules.asterion.connect import Exit, Network, Node, network
from pnp.rules.asterion.scoring import PrisonerResult, prisoner_results, require_sound
from pnp.rules.asterion.table import Problem, Table, TableError
from pnp.rules.asterion.tiles import MINOTAUR_ID, PORTS, STEPS, tiles_by_id


@dataclass(frozen=True)
class Link:
    """A chain of nodes from the prisoner to something it reaches."""

    what: str                      # "asterion", "exit", "coin" or "wing"
    tile: str                      # the tile holding it (for an exit: whose port it is)
    count: int                     # coins or wings on that region (1 for asterion/exit)
    chain: tuple[Node, ...]
    exit: Exit | None = None


@dataclass(frozen=True)
class PrisonerCheck:
    prisoner: PrisonerResult
    cell: tuple[int, int]
    rot: int
    asterion: Link | None
    exit: Link | None
    coins: tuple[Link, ...] = field(default_factory=tuple)
    wings: tuple[Link, ...] = field(default_factory=tuple)

    def to_dict(self, net: Network) -> dict[str, Any]:
        def link(item: Link | None) -> dict[str, Any] | None:
            if item is None:
                return None
            data: dict[str, Any] = {"tile": item.tile, "count": item.count,
                                    "chain": [_node_dict(net, n) for n in item.chain]}
            if item.exit is not None:
                x, y, d = item.exit
                data["exit"] = {"x": x, "y": y, "direction": d}
            return data

        p = self.prisoner
        return {"tile": p.tile, "colour": p.colour, "region": p.region, "x": self.cell[0],
                "y": self.cell[1], "rot": self.rot, "tomb": p.tomb, "status": p.status,
                "points": p.points, "coins": p.coins, "wings": p.wings,
                "connected_to_asterion": link(self.asterion), "exit": link(self.exit),
                "coin_links": [link(c) for c in self.coins],
                "wing_links": [link(w) for w in self.wings]}


@dataclass(frozen=True)
class CheckResult:
    tile: str
    prisoners: tuple[PrisonerCheck, ...]
    net: Network

    def to_dict(self) -> dict[str, Any]:
        return {"tile": self.tile, "prisoners": [p.to_dict(self.net) for p in self.prisoners]}


def _node_dict(net: Network, node: Node) -> dict[str, Any]:
    x, y = net.cell_of[node[0]]
    return {"tile": node[0], "region": node[1], "x": x, "y": y}


def check(table: Table, tile_id: str) -> CheckResult:
    """Everything about the prisoner(s) on `tile_id`. Raises TableError if the table cannot
    be scored or the tile is not on it / carries no prisoner."""
    require_sound(table)
    if table.placement(tile_id) is None:
        raise TableError([Problem("not-on-table", f"{tile_id} is not on the table", tile_id)])
    tiles = tiles_by_id()
    if tile_id == MINOTAUR_ID or not tiles[tile_id].prisoners:
        raise TableError([Problem("no-prisoner", f"{tile_id} carries no prisoner", tile_id)])
    net = network(table)
    found = [p for p in prisoner_results(table, net) if p.tile == tile_id]
    checks = []
    for p in found:
        start: Node = (tile_id, p.region)
        comp = p.component
        asterion = None
        if comp.has_asterion:
            chain = net.path(start, lambda n: tiles[n[0]].regions[n[1]].asterion)
            asterion = Link("asterion", MINOTAUR_ID, 1, tuple(chain or ()))
        exit_link = None
        if comp.has_exit:
            chain = net.path(start, lambda n: bool(net.node_exits(n)))
            if chain:
                last = chain[-1]
                exit_link = Link("exit", last[0], 1, tuple(chain), net.node_exits(last)[0])
        coins, wings = [], []
        for node in comp.nodes:
            region = tiles[node[0]].regions[node[1]]
            if region.coins or region.wings:
                route = tuple(net.path(start, partial(eq, node)) or ())
                if region.coins:
                    coins.append(Link("coin", node[0], region.coins, route))
                if region.wings:
                    wings.append(Link("wing", node[0], region.wings, route))
        placement = table.placement(tile_id)
        assert placement is not None
        checks.append(PrisonerCheck(p, placement.cell, placement.rot, asterion, exit_link,
                                    tuple(coins), tuple(wings)))
    return CheckResult(tile_id, tuple(checks), net)


def chain_text(net: Network, chain: tuple[Node, ...]) -> str:
    """`Y07 (1,0) -> B03 (2,0)`; a region index is shown only on two-region tiles."""
    tiles = tiles_by_id()
    parts = []
    for tile_id, region in chain:
        x, y = net.cell_of[tile_id]
        mark = f"/{region}" if len(tiles[tile_id].regions) > 1 else ""
        parts.append(f"{tile_id}{mark} ({x},{y})")
    return " -> ".join(parts)


def check_text(result: CheckResult) -> str:
    """The dispute settled in words, one fact a line."""
    net = result.net
    lines = []
    for c in result.prisoners:
        p = c.prisoner
        lines.append(f"{p.tile} at {c.cell[0]},{c.cell[1]} (rot {c.rot}): {p.colour} prisoner")
        verdict = {"dead": "DEAD", "escaped": "ESCAPES", "trapped": "TRAPPED (does not escape)"}
        lines.append(f"  status: {verdict[p.status]}, scores {p.points} point"
                     f"{'s' if p.points != 1 else ''}")
        lines.append(f"  tomb: {'yes' if p.tomb else 'no'}")
        if c.asterion:
            lines.append(f"  connected to Asterion: yes: {chain_text(net, c.asterion.chain)}")
        else:
            lines.append("  connected to Asterion: no")
        if c.exit and c.exit.exit:
            x, y, d = c.exit.exit
            dx, dy = STEPS[PORTS.index(d)]
            radius = net.table.board_radius
            beyond = ("off the board" if radius is not None and
                      abs(x + dx) + abs(y + dy) > radius else f"no tile at {x + dx},{y + dy}")
            lines.append(f"  exit: yes: {chain_text(net, c.exit.chain)} -> out {d} of "
                         f"{c.exit.tile} ({beyond})")
        else:
            lines.append("  exit: no")
        lines.append(f"  coins: {p.coins}")
        for link in c.coins:
            lines.append(f"    {link.count} on {link.tile}: {chain_text(net, link.chain)}")
        lines.append(f"  wings: {p.wings}" + (" (two or more: it can fly)"
                                               if p.wings >= 2 else ""))
        for link in c.wings:
            lines.append(f"    {link.count} on {link.tile}: {chain_text(net, link.chain)}")
    return "\n".join(lines)

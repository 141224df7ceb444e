"""The two webs of the double-sided board, as pure graph data (ruling "Components").

Both sides: 10 spokes numbered 0..9 clockwise from the top, the centre node `C` (the female's
start), and 50 other nodes.

- Side "rings": 5 concentric closed strands. Node `S<spoke>R<ring>`, ring 1 outermost ..
  5 innermost. Edges: along a spoke between neighbouring rings, along a ring between
  neighbouring spokes, and from the innermost ring to `C`. Entry nodes: ring 1.
- Side "spiral": one strand making 5 turns inwards. Node `P<k>`, k = 0 (outermost) .. 49,
  on spoke k mod 10 and turn k // 10 + 1. Edges: k-k+1 along the strand, k-k+10 along a
  spoke, P40..P49 to `C`. Entry nodes: P0..P9.

Where a node is drawn is the printing side's business; `Web.spot(node)` gives the
parameter-free facts a drawing needs (spoke, ring or turn), and `Web.edges` says which
edges are spoke (drawn dotted) and which strand (solid; docs/rules/spider-twist.md#components).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterator
from dataclasses import dataclass, field
from functools import cache

CENTRE = "C"
SPOKES = 10
RINGS = 5          # rings on one side, turns of the spiral on the other
WEBS = ("rings", "spiral")


class UnknownWeb(ValueError):
    """A web name that is neither "rings" nor "spiral"."""


@dataclass(frozen=True)
class Spot:
    """Where a node sits, without units: its spoke (0..9 clockwise from the top) and its ring
    (rings side) or turn (spiral side), 1 outermost .. 5 innermost. `C` has neither.
    On the spiral, the position along the strand is k = (ring - 1) * 10 + spoke."""

    spoke: int | None
    ring: int | None


@dataclass(frozen=True)
class Edge:
    """A thread of the web between two nodes: a spoke or a strand."""
    a: str
    b: str
    kind: str          # "spoke" (dotted, includes the edges to C) or "strand" (solid)


@dataclass(frozen=True, eq=False)
class Web:
    """One side's web as a graph: its nodes, edges and entry nodes."""
    name: str
    nodes: tuple[str, ...]                 # C first, then outermost to innermost
    edges: tuple[Edge, ...]
    entry: tuple[str, ...]                 # the periphery, where males are placed
    spots: dict[str, Spot] = field(repr=False)
    adjacent: dict[str, tuple[str, ...]] = field(repr=False)
    index: dict[str, int] = field(repr=False)
    dist: dict[str, dict[str, int]] = field(repr=False)
    # toward()'s answers, kept as they are asked for: her walks ask the same ones again
    steps_toward: dict[tuple[str, str], tuple[str, ...]] = field(default_factory=dict,
                                                                 repr=False)

    def is_node(self, node: object) -> bool:
        return isinstance(node, str) and node in self.index

    def node_named(self, text: object) -> str | None:
        """The node `text` names, in either case ("s3r1" is S3R1), or None."""
        if not isinstance(text, str):
            return None
        node = text.strip().upper()
        return node if node in self.index else None

    def spot(self, node: str) -> Spot:
        return self.spots[node]

    def spoke(self, node: str) -> int | None:
        """The node's spoke; None for the centre, which lies on every spoke."""
        return self.spots[node].spoke

    def is_entry(self, node: str) -> bool:
        return node in self.entry

    def is_adjacent(self, a: str, b: str) -> bool:
        return b in self.adjacent.get(a, ())

    def distance(self, a: str, b: str) -> int:
        """Fewest edges from a to b."""
        return self.dist[a][b]

    def toward(self, node: str, target: str) -> tuple[str, ...]:
        """The neighbours of `node` one edge nearer to `target` (the next steps of every
        shortest route), in node order."""
        found = self.steps_toward.get((node, target))
        if found is None:
            d = self.dist[target]
            found = tuple(n for n in self.adjacent[node] if d[n] == d[node] - 1)
            self.steps_toward[(node, target)] = found
        return found

    def shortest_routes(self, a: str, b: str) -> list[tuple[str, ...]]:
        """Every shortest route from a to b (a and b included), in node order."""
        return list(self._routes(a, b))

    def _routes(self, node: str, target: str) -> Iterator[tuple[str, ...]]:
        if node == target:
            yield (node,)
            return
        for nxt in self.toward(node, target):
            for rest in self._routes(nxt, target):
                yield (node, *rest)

    def node_names(self) -> str:
        """The node names in short, for messages."""
        return ("C, S0R1..S9R5 (S<spoke 0-9>R<ring 1-5>)" if self.name == "rings"
                else "C, P0..P49")

    def order(self, node: str) -> int:
        return self.index[node]


def _rings() -> tuple[list[str], list[Edge], dict[str, Spot]]:
    def n(spoke: int, ring: int) -> str:
        return f"S{spoke}R{ring}"

    nodes = [CENTRE] + [n(s, r) for r in range(1, RINGS + 1) for s in range(SPOKES)]
    spots = {CENTRE: Spot(None, None)}
    spots.update({n(s, r): Spot(s, r) for r in range(1, RINGS + 1) for s in range(SPOKES)})
    edges = []
    for r in range(1, RINGS + 1):
        for s in range(SPOKES):
            edges.append(Edge(n(s, r), n((s + 1) % SPOKES, r), "strand"))
            edges.append(Edge(n(s, r), n(s, r + 1) if r < RINGS else CENTRE, "spoke"))
    return nodes, edges, spots


def _spiral() -> tuple[list[str], list[Edge], dict[str, Spot]]:
    last = SPOKES * RINGS
    nodes = [CENTRE] + [f"P{k}" for k in range(last)]
    spots = {CENTRE: Spot(None, None)}
    spots.update({f"P{k}": Spot(k % SPOKES, k // SPOKES + 1) for k in range(last)})
    edges = []
    for k in range(last):
        if k + 1 < last:
            edges.append(Edge(f"P{k}", f"P{k + 1}", "strand"))
        edges.append(Edge(f"P{k}", f"P{k + SPOKES}" if k + SPOKES < last else CENTRE,
                          "spoke"))
    return nodes, edges, spots


@cache
def get_web(name: str) -> Web:
    """The web of one side of the board, "rings" or "spiral" (built once)."""
    if name == "rings":
        nodes, edges, spots = _rings()
        entry = tuple(f"S{s}R1" for s in range(SPOKES))
    elif name == "spiral":
        nodes, edges, spots = _spiral()
        entry = tuple(f"P{k}" for k in range(SPOKES))
    else:
        raise UnknownWeb(f"unknown web {name!r} (choose from: {', '.join(WEBS)})")
    index = {node: i for i, node in enumerate(nodes)}
    near: dict[str, set[str]] = {node: set() for node in nodes}
    for e in edges:
        near[e.a].add(e.b)
        near[e.b].add(e.a)
    adjacent = {node: tuple(sorted(near[node], key=index.__getitem__)) for node in nodes}
    dist = {node: _bfs(node, adjacent) for node in nodes}
    return Web(name, tuple(nodes), tuple(edges), entry, spots, adjacent, index, dist)


def _bfs(start: str, adjacent: dict[str, tuple[str, ...]]) -> dict[str, int]:
    dist = {start: 0}
    queue = deque([start])
    while queue:
        node = queue.popleft()
        for nxt in adjacent[node]:
            if nxt not in dist:
                dist[nxt] = dist[node] + 1
                queue.append(nxt)
    return dist

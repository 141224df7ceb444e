"""The female's reaction to a disturbance (ruling "The female's reaction").

A disturbance is a male placed or moved onto a node (never a mating, never turning a male).
With a die on her she only counts the die down. Otherwise:

- reach = the males (both colours) on the spoke of the disturbed node, the mover included;
  a male on `C` counts on every spoke; a disturbance on `C` uses the spoke with most males;
- she follows a shortest route to the disturber's node, `reach` nodes, but stops as soon as
  she enters a node with a male and eats him (so with reach >= distance she eats the
  disturber, unless another male is in her way);
- among the shortest routes the eating ones win (a male beyond her reach does not count);
  among those left, the player moving her chooses.

`react()` returns every allowed outcome; distinct outcomes are distinct walks (two routes
that share the part she actually walks give one outcome).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from itertools import repeat
from typing import Any

from pnp.rules.spider_twist.web import CENTRE, SPOKES, Web


@dataclass(frozen=True)
class Outcome:
    """Where one choice takes her: `path` from her node to where she stops, both included,
    and the colour of the male she eats there (None: she stops on an empty node)."""

    path: tuple[str, ...]
    eats: str | None

    @property
    def stops_at(self) -> str:
        return self.path[-1]

    def to_json(self) -> dict[str, Any]:
        return {"path": list(self.path), "stops_at": self.stops_at, "eats": self.eats}


@dataclass(frozen=True)
class Route:
    """One whole shortest route to the disturber and how she would walk it."""

    path: tuple[str, ...]
    walk: Outcome

    @property
    def is_eating(self) -> bool:
        return self.walk.eats is not None


@dataclass(frozen=True)
class Reaction:
    """The female's reaction to a disturbance on `node`.

    `reach`, `spoke` (the spoke counted; for `C` the first spoke with most males) and
    `counted` (the nodes of the males counted) are given even with a die on her; then
    `outcomes` is empty and `die_before`/`die_after` say how the die counts down."""

    node: str
    reach: int
    spoke: int | None
    counted: tuple[str, ...]
    distance: int
    outcomes: tuple[Outcome, ...]
    die_before: int | None = None
    die_after: int | None = None

    @property
    def is_eating(self) -> bool:
        """Whether she eats, whatever the choice (eating routes win, so it is all or none)."""
        return bool(self.outcomes) and self.outcomes[0].eats is not None

    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {"reach": self.reach,
                                "outcomes": [o.to_json() for o in self.outcomes]}
        if self.die_before is not None:
            data["die"] = {"before": self.die_before, "after": self.die_after}
        return data


def countdown(die: int) -> int | None:
    """The die after one disturbance or mating while she eats: one less, or removed at 1."""
    return die - 1 if die > 1 else None


def reach(web: Web, males: Mapping[str, str], node: str) -> tuple[int, int | None,
                                                                   tuple[str, ...]]:
    """(reach, spoke counted, nodes of the males counted) for a disturbance on `node`."""
    spoke: int | None
    if node == CENTRE:
        per_spoke = [0] * SPOKES
        for n in males:
            s = web.spots[n].spoke
            if s is not None:
                per_spoke[s] += 1
        spoke = max(range(SPOKES), key=lambda s: (per_spoke[s], -s))
    else:
        spoke = web.spots[node].spoke
    counted = tuple(sorted((n for n in males if n == CENTRE or web.spots[n].spoke == spoke),
                           key=web.index.__getitem__))
    return len(counted), spoke, counted


def reach_count(web: Web, males: Mapping[str, str], node: str) -> int:
    """`reach(...)[0]` without listing the males counted (the simulator asks on every
    disturbance)."""
    if node == CENTRE:
        return reach(web, males, node)[0]
    return len(males.keys() & _counted_from(web)[node])


@cache
def _counted_from(web: Web) -> dict[str, frozenset[str]]:
    """For a disturbance on each node but `C`, the nodes whose males count: its spoke's
    and the centre."""
    on_spoke = {s: frozenset(n for n in web.nodes if n == CENTRE or web.spots[n].spoke == s)
                for s in range(SPOKES)}
    return {n: on_spoke[spot.spoke] for n, spot in web.spots.items() if spot.spoke is not None}


def walks(web: Web, female: str, males: Mapping[str, str], node: str) -> tuple[Outcome, ...]:
    """`react(...).outcomes` with no die on her, for a male standing on `node`."""
    return outcomes(web, female, node, reach_count(web, males, node), males)


def walk(route: tuple[str, ...], steps: int, males: Mapping[str, str]) -> Outcome:
    """How she walks `route` (her node first) with `steps` of reach."""
    for i in range(1, min(steps, len(route) - 1) + 1):
        if route[i] in males:
            return Outcome(route[:i + 1], males[route[i]])
    return Outcome(route[:min(steps, len(route) - 1) + 1], None)


def outcomes(web: Web, female: str, node: str, steps: int,
             males: Mapping[str, str]) -> tuple[Outcome, ...]:
    """Every allowed outcome when she moves `steps` towards `node` (no die on her): the
    distinct walks along shortest routes, eating walks only if there are any."""
    limit = min(steps, web.dist[node][female])
    starts, back, ones = _toward(web, node)
    if limit == 1:                         # most reactions: one step, onto a male or not
        eating: list[Outcome] = []
        for walk in ones[female]:
            if walk.path[1] in males:
                eating.append(outcome_of(walk.path, males[walk.path[1]]))
        return tuple(eating) if eating else ones[female]
    # Depth first, in node order, as a stack (the first step's routes before the next's):
    # a walk ends on the first male she enters or after `limit` steps.
    eating = []
    empty: list[tuple[str, ...]] = []
    stack: list[tuple[str, ...]] = list(starts[female])
    while stack:
        path = stack.pop()
        last = path[-1]
        if last in males:
            eating.append(outcome_of(path, males[last]))
        elif len(path) > limit:
            if not eating:                 # eating walks win: the empty ones are not needed
                empty.append(path)
        else:
            for n in back[last]:
                stack.append((*path, n))
    return tuple(eating) if eating else tuple(map(outcome_of, empty, repeat(None)))


# Her walks recur from game to game: one frozen value serves each (building one costs more
# than looking it up).
outcome_of = cache(Outcome)

Toward = dict[str, tuple[str, ...]]


@cache
def _toward(web: Web, target: str) -> tuple[dict[str, tuple[tuple[str, str], ...]], Toward,
                                             dict[str, tuple[Outcome, ...]]]:
    """For every node n: her first steps from n towards `target` as walks (n, next), and
    `web.toward(n, target)`, both reversed so that a stack pops them in node order; and her
    one-step walks onto empty nodes, in node order."""
    back = {n: web.toward(n, target)[::-1] for n in web.nodes}
    starts = {n: tuple((n, m) for m in back[n]) for n in web.nodes}
    return starts, back, {n: tuple(outcome_of(w, None) for w in reversed(starts[n]))
                          for n in web.nodes}


def routes(web: Web, female: str, node: str, males: Mapping[str, str]) -> list[Route]:
    """Every shortest route from her node to `node`, each with how she would walk it."""
    steps = reach(web, males, node)[0]
    return [Route(r, walk(r, steps, males)) for r in web.shortest_routes(female, node)]


def react(web: Web, female: str, die: int | None, males: Mapping[str, str],
          node: str) -> Reaction:
    """Her reaction to the disturbance on `node` (where the disturbing male now stands)."""
    if node not in males:
        raise ValueError(f"no male on {node}: a disturbance is a male placed or moved there")
    if node == female:
        raise ValueError(f"{node} is the female's node")
    steps, spoke, counted = reach(web, males, node)
    distance = web.dist[female][node]
    if die is not None:
        return Reaction(node, steps, spoke, counted, distance, (), die, countdown(die))
    return Reaction(node, steps, spoke, counted, distance,
                    outcomes(web, female, node, steps, males))

"""Final scoring and every prisoner's fate (rulings "Game end and scoring").

- A living prisoner *escapes* when its component has an exit or at least two wings.
- An escaping prisoner whose component holds at least one coin scores 1 point per coin in
  its component (coins are shared: two prisoners on the same coins both score them).
- Final score = kill points (ruling "A turn" 3) + escape points.
- Tie: the player with more escaping prisoners (with or without coins) wins; still tied,
  the players share the win.
- A prisoner in Asterion's component at the end is dead, even without a tomb.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, NamedTuple

from pnp.rules.asterion.connect import Component, Network, PerTile, network
from pnp.rules.asterion.table import Table, TableError
from pnp.rules.asterion.tiles import tiles_by_id

DEAD, ESCAPED, TRAPPED = "dead", "escaped", "trapped"


class PrisonerResult(NamedTuple):
    """One prisoner: its tile, colour, fate and what its component holds (a named tuple:
    a score makes one per prisoner, and a frozen dataclass costs several times more)."""

    tile: str
    colour: str
    region: int
    tomb: bool                    # listed in the table's `dead`
    status: str                   # dead | escaped | trapped
    component: Component

    @property
    def coins(self) -> int:
        return self.component.coins

    @property
    def wings(self) -> int:
        return self.component.wings

    @property
    def exit(self) -> bool:
        return self.component.has_exit

    @property
    def points(self) -> int:
        # Ruling "Game end and scoring": 1 point per coin in the component, if escaping.
        return self.component.coins if self.status == ESCAPED else 0

    def to_dict(self) -> dict[str, Any]:
        return {"tile": self.tile, "colour": self.colour, "status": self.status,
                "tomb": self.tomb, "coins": self.coins, "wings": self.wings,
                "exit": self.exit, "points": self.points}


@dataclass(frozen=True)
class PlayerScore:
    colour: str
    escape_points: int
    kill_points: int
    total: int
    escapers: int                 # escaping prisoners, with or without coins (tie-break)
    winner: bool

    def to_dict(self) -> dict[str, Any]:
        return {"escape_points": self.escape_points, "kill_points": self.kill_points,
                "total": self.total, "escapers": self.escapers, "winner": self.winner}


@dataclass(frozen=True)
class ScoreResult:
    players: dict[str, PlayerScore]
    winners: list[str]
    prisoners: list[PrisonerResult]
    no_kill_points: bool = False

    def to_dict(self) -> dict[str, Any]:
        return {"players": {c: s.to_dict() for c, s in self.players.items()},
                "winners": list(self.winners), "no_kill_points": self.no_kill_points,
                "prisoners": [p.to_dict() for p in self.prisoners]}


def _prisoners(tile_id: str) -> tuple[tuple[int, int, str], ...]:
    """(region, prisoners, colour) of each region of the tile holding prisoners."""
    tile = tiles_by_id()[tile_id]
    return tuple((r, g.prisoners, tile.colour or "") for r, g in enumerate(tile.regions)
                 if g.prisoners)


PRISONERS = PerTile(_prisoners)


def prisoner_results(table: Table, net: Network | None = None) -> list[PrisonerResult]:
    """Every prisoner on the table, in catalogue order, with its component and fate."""
    net = net or network(table)
    dead = set(table.dead)
    components, component_of = net.components, net.component_of
    prisoners_of, new = PRISONERS, tuple.__new__
    results: list[PrisonerResult] = []
    for tile_id, first in net.first_node.items():        # catalogue order
        for r, count, colour in prisoners_of[tile_id]:
            comp = components[component_of[first + r]]
            tomb = tile_id in dead
            if tomb or comp.has_asterion:
                status = DEAD   # a prisoner in Asterion's component is dead, tomb or not
            elif comp.exit_count or comp.wings >= 2:
                status = ESCAPED    # an exit, or two wings (Component.lets_escape)
            else:
                status = TRAPPED
            # tuple.__new__ skips the named tuple's Python-level __new__
            result = new(PrisonerResult, (tile_id, colour, r, tomb, status, comp))
            if count == 1:
                results.append(result)
            else:
                results += [result] * count
    return results


def prisoner_components(table: Table) -> list[PrisonerResult]:
    """For the referee's overlay: per prisoner its component (nodes, cells, coins, wings,
    exits as (x, y, direction), whether it holds Asterion) and fate. Raises TableError on a
    table that has no well-defined labyrinth (unknown, duplicate or overlapping tiles)."""
    require_sound(table)
    return prisoner_results(table)


def require_sound(table: Table) -> None:
    from pnp.rules.asterion.validate import fatal_problems

    problems = fatal_problems(table)
    if problems:
        raise TableError(problems)


def score(table: Table) -> ScoreResult:
    """Final scores of `table` as it lies. Raises TableError if it cannot be scored (unknown,
    duplicate or overlapping tiles, no Minotaur); other validate() problems do not stop it."""
    require_sound(table)
    prisoners = prisoner_results(table)
    escape = dict.fromkeys(table.players, 0)
    escapers = dict.fromkeys(table.players, 0)
    for p in prisoners:
        if p.status == ESCAPED and p.colour in escape:
            escape[p.colour] += p.component.coins      # PrisonerResult.points, escaping
            escapers[p.colour] += 1
    totals = {c: escape[c] + table.kill_points_of(c) for c in table.players}
    # Ruling "Game end and scoring": highest total; tie -> more escaping prisoners; still
    # tied -> the players share the win.
    best = max((totals[c], escapers[c]) for c in table.players)
    winners = [c for c in table.players if (totals[c], escapers[c]) == best]
    players = {c: PlayerScore(c, escape[c], table.kill_points_of(c), totals[c], escapers[c],
                              c in winners) for c in table.players}
    return ScoreResult(players, winners, prisoners, table.no_kill_points)

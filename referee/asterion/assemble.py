"""Turn what was seen into a table file and let the rules core judge it.

Every rules problem (`validate`) becomes a referee problem `invalid-layout` with the cell
and photo point of the tile it names, so the overlay can show it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.rules.asterion import COLOURS, TableError, table_from_dict, validate
from pnp.rules.asterion.tiles import EDITIONS, tiles_by_id
from referee.asterion.grid import Grid
from referee.asterion.problems import NO_MINOTAUR
from referee.errors import AssembleError
from referee.problems import INVALID_LAYOUT, RefereeProblem


@dataclass(frozen=True)
class Assembled:
    table: dict[str, Any] | None         # None when no table could be built at all
    players: list[str]
    players_inferred: bool               # from the colours on the table, not --players
    problems: list[RefereeProblem]


def infer_players(grid: Grid) -> list[str]:
    """The colours that have a tile on the table, in seating order of the layout data."""
    tiles = tiles_by_id()
    present = {tiles[p.tile].colour for p in grid.tiles if p.tile in tiles}
    return [c for c in COLOURS if c in present]


def assemble(grid: Grid, dead: list[str], *, edition: str = "crete", board: bool = False,
             players: list[str] | None = None,
             kill_points: dict[str, int] | None = None) -> Assembled:
    if edition not in EDITIONS:
        raise AssembleError(f"unknown edition {edition!r}")
    inferred = players is None
    chosen = list(players) if players is not None else infer_players(grid)
    problems: list[RefereeProblem] = []
    where = {p.tile: (p.cell, grid.cell_point(p.cell)) for p in grid.tiles}
    if "M" not in where:
        problems.append(RefereeProblem(
            NO_MINOTAUR, "the Minotaur tile (M) was not read: no origin for the table "
                         "(are its markers covered?)"))
    if inferred and len(chosen) < 2:
        problems.append(RefereeProblem(
            INVALID_LAYOUT, f"tiles of {len(chosen)} colour{'s' if len(chosen) != 1 else ''} "
                            "on the table: say who played with --players"))
        chosen = chosen + [c for c in COLOURS if c not in chosen][: 2 - len(chosen)]
    data: dict[str, Any] = {
        "game": "asterion", "edition": edition, "board": board, "players": chosen,
        "tiles": [{"id": p.tile, "x": p.cell[0], "y": p.cell[1], "rot": p.rot}
                  for p in grid.tiles],
        "dead": list(dead),
    }
    if kill_points:
        data["kill_points"] = dict(kill_points)
    try:
        table = table_from_dict(data)
    except TableError as exc:
        for p in exc.problems:
            problems.append(RefereeProblem(INVALID_LAYOUT, f"table: {p}"))
        return Assembled(data, chosen, inferred, problems)
    for p in validate(table):
        cell, point = where.get(p.where, (None, None))
        problems.append(RefereeProblem(INVALID_LAYOUT, f"rules: {p}", cell, point))
    return Assembled(data, chosen, inferred, problems)

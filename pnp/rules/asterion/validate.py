"""`validate(table)`: every rule a table breaks, as named problems (never an exception).

Codes (Problem.code): unknown-tile, duplicate-tile, overlap, no-minotaur (fatal: no region
graph can be built), minotaur-off-centre, colour-not-playing, too-many-tiles, off-board,
board-not-in-edition, disconnected, asterion-trapped, unknown-dead. Shape problems
(bad-field, unknown-key, ...) come from read.py's table_from_dict before a Table exists.

A tomb on a prisoner that is not in Asterion's component is fine: kills are permanent and in
the revised edition actions can move tiles away afterwards (ruling "A turn", actions).
"""

from __future__ import annotations

from collections import Counter, deque

from pnp import layouts
from pnp.rules.asterion.connect import network
from pnp.rules.asterion.table import SETUP_DISCARDS, Problem, Table
from pnp.rules.asterion.tiles import MINOTAUR_ID, STEPS, load_tileset, tiles_by_id

FATAL = frozenset({"unknown-tile", "duplicate-tile", "overlap", "no-minotaur"})


def _where(table: Table, index: int) -> str:
    return f"tiles[{index}].id"


def deck_size(table: Table) -> int:
    """Tiles one colour can have on the table: its deck, less the Crete board setup discards
    (ruling "A turn": 4 players 2 each, 3 players 4, 2 players 5)."""
    size = layouts.load("asterion")["editions"][table.edition]["tiles_per_colour"]
    if table.board and table.edition == "crete":
        size -= SETUP_DISCARDS.get(len(table.players), 0)
    return size


def fatal_problems(table: Table) -> list[Problem]:
    """Problems that leave no well-defined labyrinth to score."""
    deck = load_tileset(table.edition)
    ids = {p.tile for p in table.tiles}
    if (len(ids) == len(table.tiles) == len({(p.x, p.y) for p in table.tiles})
            and MINOTAUR_ID in ids and ids <= deck.keys()):
        return []       # every tile known, once, on its own cell: the usual table, quickly
    problems: list[Problem] = []
    every = tiles_by_id()
    first: dict[str, int] = {}
    cells: dict[tuple[int, int], str] = {}
    for i, p in enumerate(table.tiles):
        if p.tile not in deck:
            why = (f"{p.tile} is not in the {table.edition} deck" if p.tile in every
                   else f"unknown tile {p.tile!r} (ids: M, Y01..Y17, B.., R.., G..)")
            problems.append(Problem("unknown-tile", why, _where(table, i)))
            continue
        if p.tile in first:
            problems.append(Problem("duplicate-tile", f"{p.tile} is placed twice (also at "
                                    f"tiles[{first[p.tile]}])", _where(table, i)))
            continue
        first[p.tile] = i
        if p.cell in cells:
            problems.append(Problem("overlap", f"{p.tile} and {cells[p.cell]} are both at "
                                    f"{p.x},{p.y}", p.tile))
            continue
        cells[p.cell] = p.tile
    if MINOTAUR_ID not in first:
        problems.append(Problem("no-minotaur", "the Minotaur tile M is not on the table",
                                "tiles"))
    return problems


def validate(table: Table) -> list[Problem]:
    """Every problem with `table`, fatal ones first; an empty list means a legal table."""
    problems = fatal_problems(table)
    deck = load_tileset(table.edition)
    known = [p for p in table.tiles if p.tile in deck]

    if table.board and table.edition != "crete":
        problems.append(Problem("board-not-in-edition",
                                f"the {table.edition} edition has no board", "board"))
    minotaur = table.placement(MINOTAUR_ID)
    if minotaur is not None and minotaur.cell != (0, 0):
        problems.append(Problem("minotaur-off-centre", f"the Minotaur must be at 0,0 (the "
                                f"table file's origin), not {minotaur.x},{minotaur.y}",
                                MINOTAUR_ID))

    counts: Counter[str] = Counter()
    for p in known:
        colour = deck[p.tile].colour
        if colour is None:
            continue
        counts[colour] += 1
        if colour not in table.players:
            problems.append(Problem("colour-not-playing", f"{p.tile} is {colour}, which is "
                                    f"not playing ({', '.join(table.players)})", p.tile))
    limit = deck_size(table)
    for colour in table.players:
        if counts[colour] > limit:
            problems.append(Problem("too-many-tiles", f"{colour} has {counts[colour]} tiles "
                                    f"on the table; this game deals at most {limit}", "tiles"))

    radius = table.board_radius
    if radius is not None:
        # Ruling "A turn" 1: only board squares of the area in use.
        for p in known:
            if abs(p.x) + abs(p.y) > radius:
                problems.append(Problem("off-board", f"{p.tile} at {p.x},{p.y} is outside "
                                        f"the board area for {len(table.players)} players "
                                        f"(|x|+|y| <= {radius})", p.tile))

    if minotaur is not None:
        problems.extend(_disconnected(table, minotaur.cell))

    for i, tile_id in enumerate(table.dead):
        if table.placement(tile_id) is None:
            problems.append(Problem("unknown-dead", f"{tile_id} is not on the table",
                                    f"dead[{i}]"))

    if not any(p.code in FATAL for p in problems):
        asterion = network(table).asterion_component()
        if asterion is not None and not asterion.has_exit:
            # Ruling "A turn" 2: no placement may leave Asterion without an exit.
            problems.append(Problem("asterion-trapped", "Asterion's component has no exit "
                                    "(no placement may trap him)", MINOTAUR_ID))
    return problems


def _disconnected(table: Table, start: tuple[int, int]) -> list[Problem]:
    """Tiles not orthogonally connected to the Minotaur's group (ruling "A turn" 1: every
    tile is placed next to one already placed; revised actions keep one group)."""
    occupied: dict[tuple[int, int], str] = {}
    for p in table.tiles:
        occupied.setdefault(p.cell, p.tile)
    seen = {start}
    queue = deque([start])
    while queue:
        x, y = queue.popleft()
        for dx, dy in STEPS:
            cell = (x + dx, y + dy)
            if cell in occupied and cell not in seen:
                seen.add(cell)
                queue.append(cell)
    return [Problem("disconnected", f"{p.tile} at {p.x},{p.y} is not connected to the "
                    "Minotaur's group of tiles", p.tile)
            for p in table.tiles if p.cell not in seen and occupied.get(p.cell) == p.tile]

"""What a player can settle for Asterion's referee by looking at the table, and what they
may tap in the photo (the seam: `GameReferee.places`, `corrections`, `correct`).

- A cell that looks occupied but was not identified, or lies outside the photo
  (cell-unidentified, cell-out-of-view): empty, or one of the tiles not seen that fits
  there (a playing colour's, not on the table, and placing it breaks no rule the table did
  not already break), at any quarter turn.
- A prisoner whose tomb could not be read (tomb-uncertain): a tomb or none.

Answers change the table file; the rules core's `validate` then judges it again (ruling
"A turn": placement), so a correction can never make an illegal table look sure.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pnp.rules.asterion import TableError, table_from_dict, validate
from pnp.rules.asterion.tiles import load_tileset
from referee.api import Correction, Place, answered
from referee.asterion.problems import CELL_OUT_OF_VIEW, CELL_UNIDENTIFIED, TOMB_UNCERTAIN
from referee.errors import CorrectionError
from referee.problems import INVALID_LAYOUT, RefereeProblem

if TYPE_CHECKING:
    from referee.asterion.verdict import AsterionVerdict

ROTATIONS = (0, 90, 180, 270)
EMPTY = "empty"
TOMB, NO_TOMB = "tomb", "none"
# assemble.py words the rules core's validate() problems so; they are judged again.
RULES_PREFIX = "rules: "


def places(verdict: AsterionVerdict) -> list[Place]:
    """Every tile read: tap it for `pnp check`'s answer about its prisoner."""
    return [Place(t.id, t.corners, {"target": t.id}, {"check": t.id}) for t in verdict.tiles]


def corrections(verdict: AsterionVerdict) -> list[Correction]:
    table = verdict.table
    if table is None:
        return []
    at_cell = {(t["x"], t["y"]): t["id"] for t in table["tiles"]}
    found: list[Correction] = []
    for i, p in enumerate(verdict.problems):
        if p.cell is None or len(p.cell) != 2:
            continue
        cell = (int(p.cell[0]), int(p.cell[1]))
        if p.code in (CELL_UNIDENTIFIED, CELL_OUT_OF_VIEW) and cell not in at_cell:
            choices = [(EMPTY, "nothing: the cell is empty")]
            choices += [(f"{tile}@{rot}", f"{tile} turned {rot}")
                        for tile, rot in fitting_tiles(table, cell)]
            found.append(Correction(f"cell {cell[0]},{cell[1]}",
                                    f"What lies on cell {cell[0]},{cell[1]}?",
                                    tuple(choices), (i,), p.point))
        elif p.code == TOMB_UNCERTAIN and cell in at_cell:
            tile = at_cell[cell]
            found.append(Correction(f"tomb {tile}", f"Does {tile}'s prisoner carry a tomb?",
                                    ((TOMB, "a tomb: the prisoner is dead"),
                                     (NO_TOMB, "no tomb: the prisoner lives")), (i,),
                                    p.point))
    return found


def fitting_tiles(table: dict[str, Any], cell: tuple[int, int]) -> list[tuple[str, int]]:
    """(tile, rot) not on the table that could lie at `cell`: a playing colour's tile of the
    edition, placing it adds no rules problem (colours, deck size, board area, Asterion
    trapped)."""
    try:
        before = {(q.code, q.where) for q in validate(table_from_dict(table))}
    except TableError:
        return []
    on_table = {t["id"] for t in table["tiles"]}
    fits = []
    for tile in load_tileset(table["edition"]).values():
        if tile.id in on_table or tile.colour not in table["players"]:
            continue
        for rot in ROTATIONS:
            trial = {**table, "tiles": [*table["tiles"],
                                        {"id": tile.id, "x": cell[0], "y": cell[1], "rot": rot}]}
            try:
                after = validate(table_from_dict(trial))
            except TableError:
                continue
            if all((q.code, q.where) in before for q in after):
                fits.append((tile.id, rot))
    return fits


def correct(verdict: AsterionVerdict, answers: Mapping[str, str]) -> AsterionVerdict:
    """The verdict with `answers` applied to its table; the problems they settle gone and
    the rules core's problems found again on the new table."""
    if answers and verdict.table is None:
        raise CorrectionError("nothing was read that could be corrected")
    state = copy.deepcopy(verdict.table)
    pairs, settled = answered(corrections(verdict), answers)
    for key, value in pairs:
        assert state is not None
        _apply(state, key, value)
    if not answers:
        return verdict
    kept = [p for i, p in enumerate(verdict.problems)
            if i not in settled and not (p.code == INVALID_LAYOUT
                                         and p.message.startswith(RULES_PREFIX))]
    return replace(verdict, state=state, problems=kept + _rules_problems(verdict, state))


def _apply(state: dict[str, Any], key: str, value: str) -> None:
    kind, _, where = key.partition(" ")
    if kind == "cell":
        if value != EMPTY:
            tile, _, rot = value.partition("@")
            x, y = (int(n) for n in where.split(","))
            state["tiles"].append({"id": tile, "x": x, "y": y, "rot": int(rot)})
    elif kind == "tomb":
        dead = [t for t in state["dead"] if t != where]
        state["dead"] = [*dead, where] if value == TOMB else dead


def _rules_problems(verdict: AsterionVerdict, state: dict[str, Any]) -> list[RefereeProblem]:
    """validate() on the corrected table, worded and placed as assemble.py does."""
    try:
        table = table_from_dict(state)
    except TableError as exc:
        return [RefereeProblem(INVALID_LAYOUT, f"table: {p}") for p in exc.problems]
    cells = {t["id"]: (t["x"], t["y"]) for t in state["tiles"]}
    grid = verdict.grid
    found = []
    for p in validate(table):
        cell = cells.get(p.where)
        point = grid.cell_point(cell) if cell is not None and grid is not None else None
        found.append(RefereeProblem(INVALID_LAYOUT, f"{RULES_PREFIX}{p}", cell, point))
    return found

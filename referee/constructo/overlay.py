"""Constructo's overlay: each tile's outline, its stack read (top piece's owner, tower or
not), and the problems at their tiles."""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from pnp.geometry import constructo as geometry
from referee.geometry import project
from referee.overlay import INK, banner, faded, label, mark_problem, outline, unit_of, view_of

if TYPE_CHECKING:
    from referee.constructo.verdict import ConstructoVerdict


def draw_overlay(verdict: ConstructoVerdict, image: np.ndarray, image_scale: float
                 ) -> np.ndarray:
    hexes = {t.number: project(t.to_photo, np.array(geometry.hex_outline(), float))
             for t in verdict.tiles}
    outlines = list(hexes.values())
    view, size = view_of(image, image_scale, outlines,
                         [q.point for q in verdict.problems if q.point])
    canvas = faded(image, image_scale, view, size)
    unit = unit_of(view, outlines)
    flagged = {q.cell for q in verdict.problems if q.cell is not None}
    for t in verdict.tiles:
        poly = project(view, hexes[t.number])
        outline(canvas, poly, unit)
        stack = t.look.stack() if t.look and not t.look.code else []
        text = "?" if (t.look is None or t.look.code) else (
            "empty" if not stack else
            ("tower " if len(stack) >= 2 and stack != [(stack[0][0], "small"),
                                                       (stack[1][0], "ring")] else "")
            + f"{stack[-1][0]} {stack[-1][1]}")
        # the tile's place (q,r), as the state file and `pnp check --tile` name it
        where = f"{t.place[0]},{t.place[1]}: " if t.place is not None else ""
        # a problem's code is labelled just below a tile's centre: this one goes above it
        lift = 12 * unit if t.place is not None and t.place in flagged else 0.0
        label(canvas, where + text, poly.mean(axis=0) - (0.0, lift), unit, INK)
    for q in verdict.problems:
        tile = next((t for t in verdict.tiles if q.cell is not None and t.place == q.cell),
                    None)
        mark_problem(canvas, q, view, unit,
                     project(view, hexes[tile.number]) if tile else None)
    return banner(canvas, verdict, "Referee: SURE - every stack read. The score is in the "
                  "text output.")

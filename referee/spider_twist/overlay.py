"""Spider Twist's overlay: the picture people look at to agree on the result.

On a faded copy of the photo (referee.overlay's primitives): the board's outline, every
male read (a ring in his colour, a tick on a turned "done" face), the female (yellow ring,
her node) with the die's pips, the count in each player's area, every problem in magenta
with its code, and with `--disturb NODE` the female's routes to the disturbance (the rules
core's check: where she would stop on each walk, whom she would eat).
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from pnp.rules.api import RulesError
from pnp.rules.spider_twist.commands import COMMANDS
from referee.geometry import project
from referee.overlay import (
    INK,
    banner,
    label,
    mark_problem,
    outline,
    piece_unit,
    problems_only,
    pt,
    table_canvas,
)
from referee.spider_twist import board

SURE = "Referee: SURE - every node, the female, the die and the areas read. The score is " \
       "in the text output."
WHITE_MALE = (250, 250, 250)
BLACK_MALE = (30, 30, 30)
FEMALE = (0, 190, 240)
ROUTE = (0, 159, 230)            # Okabe-Ito orange (BGR), as the print side's diagrams
EATS = (0, 94, 213)              # vermilion


def _circle_mm(centre, radius: float, k: int = 32) -> np.ndarray:
    a = np.linspace(0, 2 * math.pi, k, endpoint=False)
    return np.c_[centre[0] + radius * np.cos(a), centre[1] + radius * np.sin(a)]


def draw_overlay(verdict, image: np.ndarray, image_scale: float,
                 disturb: str | None = None) -> np.ndarray:
    canvas, view, to_px = table_canvas(verdict, image, image_scale, board.outline())
    if to_px is None:
        return problems_only(canvas, verdict, view, SURE)
    spec = board.spec()
    unit = piece_unit(to_px, spec.male)
    outline(canvas, project(to_px, board.outline()), unit)
    if disturb and verdict.state is not None:
        _routes(canvas, verdict, disturb, to_px, unit)
    for p in verdict.pieces:
        if p.what == "male":
            ring = project(to_px, _circle_mm(p.centre_mm, spec.male / 2))
            colour = WHITE_MALE if p.colour == "white" else BLACK_MALE
            cv2.polylines(canvas, [np.round(ring).astype(np.int32)], True, INK,
                          max(2, round(4 * unit)), cv2.LINE_AA)
            cv2.polylines(canvas, [np.round(ring).astype(np.int32)], True, colour,
                          max(1, round(2 * unit)), cv2.LINE_AA)
            at = project(to_px, np.array([p.centre_mm]))[0]
            label(canvas, p.node + (" done" if p.done else ""), (at[0], at[1] + 14 * unit),
                  unit * 0.8, INK)
        elif p.what == "female":
            ring = project(to_px, _circle_mm(p.centre_mm, spec.female / 2))
            cv2.polylines(canvas, [np.round(ring).astype(np.int32)], True, FEMALE,
                          max(2, round(3 * unit)), cv2.LINE_AA)
            at = project(to_px, np.array([p.centre_mm]))[0]
            label(canvas, f"female {p.node}", (at[0], at[1] - 24 * unit), unit * 0.9, INK)
        elif p.what == "die":
            at = project(to_px, np.array([p.centre_mm]))[0]
            label(canvas, f"die {p.pips}", at, unit, INK)
    if verdict.state is not None:
        for a in board.areas():
            n = verdict.state[a.kind][a.colour]
            x, y = np.mean(np.array(a.slots), axis=0)
            at = project(to_px, np.array([[x, y]]))[0]
            label(canvas, f"{a.colour} {a.kind}: {n}", at, unit, INK)
    _names, centres = board.nodes(verdict.side) if verdict.side else ((), None)
    for p in verdict.problems:
        place = None
        if p.cell is not None and centres is not None and len(p.cell) == 1:
            place = project(to_px, _circle_mm(centres[p.cell[0]], spec.male / 2 + 1, 12))
        mark_problem(canvas, p, view, unit, place)
    return banner(canvas, verdict, SURE)


def _routes(canvas: np.ndarray, verdict, disturb: str, to_px: np.ndarray, unit: float) -> None:
    """The female's walks to a disturbance at `disturb`, as the rules core checks it."""
    state = verdict.rules_state()
    if state is None:
        return
    try:
        data = COMMANDS.check_report(state, {"disturb": disturb}).data
    except RulesError:
        return
    names, centres = board.nodes(verdict.side)
    where = dict(zip(names, centres, strict=True))
    for r in data.get("routes", []):
        path = project(to_px, np.array([where[n] for n in r["route"]]))
        cv2.polylines(canvas, [np.round(path).astype(np.int32)], False, ROUTE,
                      max(2, round(3 * unit)), cv2.LINE_AA)
        stop = project(to_px, np.array([where[r["stops_at"]]]))[0]
        cv2.circle(canvas, pt(stop), round(9 * unit), EATS if r["eats"] else ROUTE,
                   max(2, round(3 * unit)), cv2.LINE_AA)
    at = project(to_px, np.array([where[data["disturb"]]]))[0]
    words = (f"disturb {data['disturb']}: die {data['die']['before']} on her, no reaction"
             if data.get("die") else f"disturb {data['disturb']}: reach {data['reach']}")
    label(canvas, words, (at[0], at[1] - 28 * unit), unit, EATS)

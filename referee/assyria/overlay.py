"""Assyria's overlay: the picture people look at to agree on the result.

On a faded copy of the photo (referee.overlay's primitives): the board's outline, every
hut and ziggurat read (its size outlined in its owner's colour, the hex and the level
written by it), every well (a grey ring on its vertex), every disc on a track and hut in
Ashur (a ring in its owner's colour on its space, its value written by it), every problem
in magenta with its code, and the SURE / NOT SURE band.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from pnp.geometry import assyria as geometry
from pnp.geometry.assyria import token_size
from referee.geometry import project
from referee.overlay import (
    INK,
    banner,
    label,
    mark_problem,
    outline,
    piece_unit,
    problems_only,
    table_canvas,
)

SURE = ("Referee: SURE - every hex, well vertex and disc read. The score is in the text "
        "output.")
COLOURS = {"red": (0, 94, 213), "blue": (178, 114, 0), "green": (115, 158, 0),
           "yellow": (66, 228, 240), None: (148, 143, 138)}


def _circle_mm(centre, radius: float, k: int = 32) -> np.ndarray:
    a = np.linspace(0, 2 * math.pi, k, endpoint=False)
    return np.c_[centre[0] + radius * np.cos(a), centre[1] + radius * np.sin(a)]


def _square_mm(centre, side: float) -> np.ndarray:
    r = side / 2
    x, y = centre
    return np.array([[x - r, y - r], [x + r, y - r], [x + r, y + r], [x - r, y + r]])


def draw_overlay(verdict, image: np.ndarray, image_scale: float) -> np.ndarray:
    board = np.array(geometry.outline(), float)
    canvas, view, to_px = table_canvas(verdict, image, image_scale, board)
    if to_px is None:
        return problems_only(canvas, verdict, view, SURE)
    unit = piece_unit(to_px, token_size("hut"))
    outline(canvas, project(to_px, board), unit)
    for p in verdict.pieces:
        colour = COLOURS.get(p.colour, INK)
        if p.what == "well":
            shape = project(to_px, _circle_mm(p.centre_mm, token_size("well") / 2))
        else:
            side = token_size("hut" if p.what == "hut" else "base")
            shape = project(to_px, _square_mm(p.centre_mm, side))
        poly = [np.round(shape).astype(np.int32)]
        cv2.polylines(canvas, poly, True, INK, max(2, round(4 * unit)), cv2.LINE_AA)
        cv2.polylines(canvas, poly, True, colour, max(1, round(2 * unit)), cv2.LINE_AA)
        if p.what != "well":
            at = project(to_px, np.array([p.centre_mm]))[0]
            words = p.at if p.level is None else f"{p.at} L{p.level}"
            label(canvas, words, (at[0], at[1] + 22 * unit), unit * 0.8, INK)
    _draw_tracks(canvas, verdict, to_px, unit)
    places = {(hp.q, hp.r): hp for hp in geometry.hexes()}
    for q in verdict.problems:
        place = None
        if q.cell is not None and len(q.cell) == 2 and tuple(q.cell) in places:
            place = project(to_px, np.array(places[tuple(q.cell)].corners))
        mark_problem(canvas, q, view, unit, place)
    return banner(canvas, verdict, SURE)


def _draw_tracks(canvas: np.ndarray, verdict, to_px: np.ndarray, unit: float) -> None:
    """The discs and Ashur huts read, each a ring on its space; discs sharing a space side
    by side in it, so each owner shows."""
    reading = getattr(verdict, "tracks", None)
    if reading is None:
        return
    by_space: dict[str, list[tuple[str, tuple[float, float]]]] = {}
    for _track, colour, space, at in reading.seen:
        by_space.setdefault(space, []).append((colour, at))
    r = token_size("disc") / 2 * 0.7
    for space, seen in by_space.items():
        for k, (colour, at) in enumerate(seen):
            centre = (at[0] + (k - (len(seen) - 1) / 2) * 2.2 * r / max(len(seen), 1), at[1])
            shape = [np.round(project(to_px, _circle_mm(centre, r / max(1, len(seen) / 2)))
                              ).astype(np.int32)]
            cv2.polylines(canvas, shape, True, INK, max(2, round(4 * unit)), cv2.LINE_AA)
            cv2.polylines(canvas, shape, True, COLOURS.get(colour, INK),
                          max(1, round(2 * unit)), cv2.LINE_AA)
        value = space.split("-")[-1]
        at = project(to_px, np.array([seen[0][1]]))[0]
        label(canvas, value, (at[0], at[1] + 16 * unit), unit * 0.6, INK)

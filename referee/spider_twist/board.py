"""Spider Twist's board as the referee needs it: where the printing put every node, marker
and area (read from the geometry layer, pnp/geometry/spider_twist.py, never copied), and
which side a marker id says is up.

Frames: each side's board frame is mm, origin at the centre node C, x right, y down, as
seen looking at that side with spoke 0 at the top (geometry.py). The referee's table frame
is the frame of the side that is up.
"""

from __future__ import annotations

from functools import cache

import numpy as np

from pnp.geometry import spider_twist as geometry
from pnp.rules.spider_twist.web import WEBS

SIDES = WEBS                  # ("rings", "spiral"): the web printed on each side


def spec() -> geometry.BoardSpec:
    return geometry.spec()


def side_of(marker_id: int) -> str | None:
    """The side a board marker is printed on, or None (not one of Spider Twist's)."""
    return geometry.marker_side(marker_id)


@cache
def marker_model(side: str) -> dict[int, np.ndarray]:
    """Marker id -> its printed TL, TR, BR, BL corners in the side's frame (mm)."""
    return {m.id: np.array(m.corners, float) for m in geometry.board_markers(side)}


@cache
def nodes(side: str) -> tuple[tuple[str, ...], np.ndarray]:
    """The side's nodes (the rules core's order, C first) and their centres (n x 2 mm)."""
    centres = geometry.node_centres(side)
    names = tuple(centres)
    return names, np.array([centres[n] for n in names], float)


def outline() -> np.ndarray:
    return np.array(geometry.outline(), float)


@cache
def areas() -> tuple[geometry.Area, ...]:
    """The four players' areas: (colour, kind) with their polygons and token slots."""
    return geometry.areas()


def token_width(kind: str) -> float:
    """mm: "male", "female" or "die"."""
    return float(getattr(spec(), kind))

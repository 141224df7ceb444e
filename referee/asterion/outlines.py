"""The open table's plane from marks seen but not read (the discreet print, blurred).

A 3 MP photo of a 4-player open table puts the discreet mark's 1.22 mm module on 2-3 px;
blurred or loosely framed, not one mark decodes, even on the generator's true plane (seed 1
photos 256 and 271), and without the board nothing else fixes the plane. Yet every mark
still shows as a small dark square, and the detector finds many of them (its rejected
candidates). Every tile carries its one mark in the same corner, 6.57 mm in from two cut
edges: the marks' centres sit 18.43 mm from their tile's centre along both axes, so each
lies near one corner of its cell, on the inner diagonal. With the corner order of a square
unknown, a mark says where its tile is up to a quarter turn; three of the four turns put
the tile's centre 13 mm or more off any cell, the right one within a hand's slide. So the
plane is grown as `grid._grow` grows it from read marks, nearest mark first, each mark
turned the way that puts its tile square on a cell; the seed's own turn (four tries) is
the one that puts the most marks square.

The result is a plane and cells in a frame of the seed's choosing: which tile is where is
the art's to say (hidden.py), and the table is turned to the Minotaur once the art finds it.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from referee.asterion.grid import cell_offset, in_cell, marker_model, snap
from referee.detect import unread_squares
from referee.geometry import fit_plane, project, rigid_fit

SIDE_SPREAD = 0.3           # a mark's side within this share of the median side
SQUARE_ANGLE = 20.0         # degrees: a quad's corners this far from square is no mark
PLACED_MM = 7.0             # a tile centre this far from its cell: the mark is not placed
RESIDUAL_MM = 1.5           # a quad this far from the printed square is no mark
MIN_MARKS = 12              # marks placed square before the plane is believed
SEEDS = 3                   # quads nearest the middle tried as the seed


@dataclass(frozen=True)
class Outline:
    corners: np.ndarray         # 4x2 photo px, in the order that puts its tile on a cell
    cell: tuple[int, int]
    rot: int
    centre: tuple[float, float]  # table mm of the tile's centre
    angle: float


@dataclass(frozen=True)
class OutlinePlane:
    homography: np.ndarray      # table mm -> photo px (the seed's frame)
    marks: list[Outline]


def mark_outlines(image: np.ndarray, scale: float, upsample: int = 2, sharpen: bool = True
                  ) -> list[np.ndarray]:
    """Small dark squares the detector found but could not read, photo px: most are the
    tiles' marks; the rest (medallions, chests, gaps) are left to the fit to refuse."""
    quads = [q for q in unread_squares(image, scale, upsample, sharpen) if _square(q)]
    if not quads:
        return []
    sides = np.array([_side(q) for q in quads])
    median = float(np.median(sides))
    return [q for q, s in zip(quads, sides, strict=True)
            if abs(s - median) <= SIDE_SPREAD * median]


def _side(q: np.ndarray) -> float:
    return float(np.mean(np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1)))


def _square(q: np.ndarray) -> bool:
    """Convex, sides alike and corners near right angles (in the photo: perspective
    bends them a little)."""
    edges = np.roll(q, -1, axis=0) - q
    lengths = np.linalg.norm(edges, axis=1)
    if lengths.min() < 0.6 * lengths.max():
        return False
    for a, b in zip(edges, np.roll(edges, -1, axis=0), strict=True):
        cos = float(np.dot(a, b) / (np.linalg.norm(a) * np.linalg.norm(b)))
        if abs(cos) > np.sin(np.radians(SQUARE_ANGLE)):
            return False
    return True


def _model() -> np.ndarray:
    return marker_model("discreet")["SW"]


def _place(h_inv: np.ndarray, quad: np.ndarray) -> Outline | None:
    """The quad's corner order (of four) that puts its tile square on a cell, if any."""
    model = _model()
    best: tuple[float, Outline] | None = None
    for k in range(4):
        corners = np.roll(quad, -k, axis=0)
        angle, centre, residual = rigid_fit(model, project(h_inv, corners))
        if residual > RESIDUAL_MM:       # (the same at every order: a square's turn)
            return None
        cell, rot = snap(angle, centre)
        mark = Outline(corners, cell, rot, (float(centre[0]), float(centre[1])), angle)
        if _off(mark) <= PLACED_MM and (best is None or _off(mark) < best[0]):
            best = (_off(mark), mark)
    return best[1] if best else None


def _plane(table_pts: list[np.ndarray], image_pts: list[np.ndarray]) -> np.ndarray:
    """Table mm -> photo px: an affine map while few marks are placed (one square says how
    a steep view squeezes the table one way, which a similarity cannot), a homography
    after (`geometry.fit_plane`)."""
    table, image = np.vstack(table_pts), np.vstack(image_pts)
    if len(table) >= 16:
        return fit_plane(table, image)
    coef, *_ = np.linalg.lstsq(np.c_[table, np.ones(len(table))], image, rcond=None)
    return np.vstack([coef.T, [0.0, 0.0, 1.0]])


def _grow(quads: list[np.ndarray], seed: int, turn: int) -> OutlinePlane:
    """The plane grown from quad `seed` (its corners rolled by `turn`, its tile at cell
    (0, 0) upright), nearest quad first."""
    model = _model()
    seed_corners = np.roll(quads[seed], -turn, axis=0)
    table_pts, image_pts = [model], [seed_corners]
    h = _plane(table_pts, image_pts)
    centres = np.array([q.mean(axis=0) for q in quads])
    todo = [i for i in range(len(quads)) if i != seed]
    dists = {i: float(np.linalg.norm(centres[i] - centres[seed])) for i in todo}
    while todo:
        i = min(todo, key=dists.__getitem__)
        todo.remove(i)
        mark = _place(np.linalg.inv(h), quads[i])
        if mark is None:
            continue
        for j in todo:
            dists[j] = min(dists[j], float(np.linalg.norm(centres[j] - centres[i])))
        table_pts.append(in_cell(model, mark.cell, mark.rot))
        image_pts.append(mark.corners)
        h = _plane(table_pts, image_pts)
    h_inv = np.linalg.inv(h)
    final = [m for q in quads if (m := _place(h_inv, q)) is not None]
    return OutlinePlane(h / h[2, 2], final)


def plane_from_outlines(quads: list[np.ndarray]) -> OutlinePlane | None:
    """The plane that puts the most marks square on cells, or None (too few marks). A
    few quads near the middle are tried as the seed (one may be a medallion, not a mark),
    each at its four turns; of two marks in one cell the squarer is kept."""
    if len(quads) < MIN_MARKS:
        return None
    centres = np.array([q.mean(axis=0) for q in quads])
    middle = np.median(centres, axis=0)
    seeds = np.argsort(np.linalg.norm(centres - middle, axis=1))[:SEEDS]
    best = max((_grow(quads, int(seed), turn) for seed in seeds for turn in range(4)),
               key=lambda p: len(p.marks))
    by_cell: dict[tuple[int, int], Outline] = {}
    for m in best.marks:
        kept = by_cell.get(m.cell)
        if kept is None or _off(m) < _off(kept):
            by_cell[m.cell] = m
    if len(by_cell) < MIN_MARKS:
        return None
    return OutlinePlane(best.homography, sorted(by_cell.values(), key=lambda m: m.cell))


def _off(mark: Outline) -> float:
    return max(abs(d) for d in cell_offset(mark.centre, mark.cell))

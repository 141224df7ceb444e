"""One table plane for all tiles, and each tile's pose on it, from the tiles' markers.

Each tile is a rigid hexagon lying on the table (its markers' places are known in its
own frame), turned and shifted by a hand; the camera sees the table through one
homography. A first guess comes from the best-seen tile's markers, then alternates each
tile's rigid fit on the plane with the plane refitted from all: that alone converges
slowly (the refit plane keeps most of the first guess's perspective error, which grows
along a long pattern such as the spindle, and with small markers). A joint least-squares
refinement of the plane and every tile's pose then takes every marker corner at once.
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from pnp.geometry import constructo as geometry
from referee.detect import Marker
from referee.geometry import project, rigid_fit, rotation, similarity

GUESS_ROUNDS = 3            # rigid fits and plane refits before the joint refinement
REFINE_STEPS = 12           # Levenberg-Marquardt steps at most
HUBER_PX = 1.5              # corners further off than this weigh less (a corner misread)


def marker_model() -> dict[str, np.ndarray]:
    """Each corner's marker square, tile frame mm (ArUco's corner order)."""
    return {p.corner: np.array(p.corners, float) for p in geometry.marker_places()}


def _fit(table: np.ndarray, image: np.ndarray) -> np.ndarray:
    if len(table) >= 8:
        h, _m = cv2.findHomography(table, image, 0)
        if h is not None:
            return h / h[2, 2]
    return similarity(table, image)


def _pose(turn: float, shift: np.ndarray) -> np.ndarray:
    t = np.eye(3)
    t[:2, :2] = rotation(turn)
    t[:2, 2] = shift
    return t


def tile_poses(markers: list[Marker]) -> tuple[np.ndarray, dict[int, tuple[list, np.ndarray]]]:
    """The table plane (table mm -> px, the table frame being the best-seen tile's) and
    each tile's pose on it (tile frame -> table mm), with the ids of its markers seen."""
    model = marker_model()
    groups: dict[int, list[tuple[Marker, str]]] = {}
    for m in markers:
        tile, corner = geometry.tile_for_marker(m.id)
        groups.setdefault(tile, []).append((m, corner))
    best = max(sorted(groups), key=lambda t: len(groups[t]))
    points = {t: (np.vstack([model[c] for _m, c in seen]),
                  np.vstack([m.corners for m, _c in seen])) for t, seen in groups.items()}
    h = _fit(*points[best])
    poses: dict[int, np.ndarray] = {}
    for _round in range(GUESS_ROUNDS):
        inv = np.linalg.inv(h)
        for tile, (mod, obs) in points.items():
            turn, shift, _res = rigid_fit(mod, project(inv, obs))
            poses[tile] = _pose(turn, shift)
        h = _fit(np.vstack([project(poses[t], mod) for t, (mod, _o) in points.items()]),
                 np.vstack([obs for _m, obs in points.values()]))
    h, poses = refine(h, poses, points, best)
    return h, {t: (sorted(m.id for m, _c in groups[t]), poses[t]) for t in groups}


# --- the joint refinement ----------------------------------------------------------------

def _unpack(x: np.ndarray, tiles: list[int], fixed: int, pose0: np.ndarray
            ) -> tuple[np.ndarray, dict[int, np.ndarray]]:
    h = np.append(x[:8], 1.0).reshape(3, 3)
    poses = {fixed: pose0}
    for k, tile in enumerate(tiles):
        a, tx, ty = x[8 + 3 * k: 11 + 3 * k]
        poses[tile] = np.array([[math.cos(a), -math.sin(a), tx],
                                [math.sin(a), math.cos(a), ty], [0.0, 0.0, 1.0]])
    return h, poses


def _residuals(h: np.ndarray, poses: dict[int, np.ndarray],
               points: dict[int, tuple[np.ndarray, np.ndarray]]
               ) -> tuple[np.ndarray, list[tuple[int, np.ndarray, np.ndarray]]]:
    """Every corner's (predicted - seen) px, and per tile its table points and the
    photo's, for the Jacobian."""
    res, parts = [], []
    for tile, (mod, obs) in points.items():
        table = project(poses[tile], mod)
        pred = project(h, table)
        res.append((pred - obs).ravel())
        parts.append((tile, mod, table))
    return np.concatenate(res), parts


def _jacobian(h: np.ndarray, poses: dict[int, np.ndarray], parts: list, tiles: list[int]
              ) -> np.ndarray:
    """d(residuals)/d(plane's 8 entries, each free tile's turn and shift)."""
    rows = []
    index = {t: k for k, t in enumerate(tiles)}
    n = 8 + 3 * len(tiles)
    for tile, mod, table in parts:
        x, y = table[:, 0], table[:, 1]
        w = h[2, 0] * x + h[2, 1] * y + 1.0
        u = (h[0, 0] * x + h[0, 1] * y + h[0, 2]) / w
        v = (h[1, 0] * x + h[1, 1] * y + h[1, 2]) / w
        one, zero = np.ones_like(x), np.zeros_like(x)
        du = np.column_stack([x, y, one, zero, zero, zero, -u * x, -u * y]) / w[:, None]
        dv = np.column_stack([zero, zero, zero, x, y, one, -v * x, -v * y]) / w[:, None]
        block = np.zeros((2 * len(x), n))
        block[0::2, :8], block[1::2, :8] = du, dv
        if tile in index:
            c, s = poses[tile][0, 0], poses[tile][1, 0]
            dx_da = -s * mod[:, 0] - c * mod[:, 1]
            dy_da = c * mod[:, 0] - s * mod[:, 1]
            dudx, dudy = (h[0, 0] - u * h[2, 0]) / w, (h[0, 1] - u * h[2, 1]) / w
            dvdx, dvdy = (h[1, 0] - v * h[2, 0]) / w, (h[1, 1] - v * h[2, 1]) / w
            k = 8 + 3 * index[tile]
            block[0::2, k:k + 3] = np.column_stack([dudx * dx_da + dudy * dy_da, dudx, dudy])
            block[1::2, k:k + 3] = np.column_stack([dvdx * dx_da + dvdy * dy_da, dvdx, dvdy])
        rows.append(block)
    return np.vstack(rows)


def refine(h: np.ndarray, poses: dict[int, np.ndarray],
           points: dict[int, tuple[np.ndarray, np.ndarray]], fixed: int
           ) -> tuple[np.ndarray, dict[int, np.ndarray]]:
    """The plane and every pose but `fixed`'s (the table frame) moved together to fit
    every marker corner seen (Levenberg-Marquardt, corners far off weighing less)."""
    tiles = [t for t in sorted(points) if t != fixed]
    x = np.concatenate([(h / h[2, 2]).ravel()[:8]] + [
        [math.atan2(poses[t][1, 0], poses[t][0, 0]), poses[t][0, 2], poses[t][1, 2]]
        for t in tiles])
    damping = 1e-3

    def cost(x: np.ndarray) -> tuple[float, np.ndarray, list]:
        hh, pp = _unpack(x, tiles, fixed, poses[fixed])
        r, parts = _residuals(hh, pp, points)
        a = np.abs(r)
        huber = np.where(a <= HUBER_PX, 0.5 * a ** 2, HUBER_PX * (a - 0.5 * HUBER_PX))
        return float(huber.sum()), r, parts

    best, r, parts = cost(x)
    for _step in range(REFINE_STEPS):
        hh, pp = _unpack(x, tiles, fixed, poses[fixed])
        jac = _jacobian(hh, pp, parts, tiles)
        weight = np.sqrt(np.minimum(1.0, HUBER_PX / np.maximum(np.abs(r), 1e-9)))
        jw, rw = jac * weight[:, None], r * weight
        scale = np.maximum(np.linalg.norm(jw, axis=0), 1e-12)
        js = jw / scale
        normal = js.T @ js
        step = np.linalg.solve(normal + damping * np.diag(np.diag(normal) + 1e-9),
                               -js.T @ rw) / scale
        trial, r_trial, parts_trial = cost(x + step)
        if trial < best:
            x, best, r, parts = x + step, trial, r_trial, parts_trial
            damping = max(damping / 10, 1e-7)
            if np.abs(step).max() < 1e-9 or best < 1e-9:
                break
        else:
            damping *= 10
            if damping > 1e4:
                break
    return _unpack(x, tiles, fixed, poses[fixed])

"""Pieces with height, for the photo generator: card slabs whose cut edge shows, and cubes
(a die) whose sides show at a tilt.

A face at height, or upright, is still a flat image: `Face.lift` gives its plane's height
above the table as a linear function of the face's own mm, so the camera's full projection
(`projection`: table x, y, z -> px) maps it into the photo. The camera is `camera.camera`'s
(its homography knows where 1 mm of height moves a point).
"""

from __future__ import annotations

import math

import cv2
import numpy as np

from referee.synth.camera import affine


def projection(h_cam: np.ndarray) -> np.ndarray:
    """3x4: table (x, y, z, 1) -> homogeneous px."""
    up = getattr(h_cam, "up", None)
    if up is None:
        raise ValueError("height needs the homography camera() made")
    h = np.asarray(h_cam, float)
    return np.column_stack([h[:, 0], h[:, 1], np.asarray(up, float), h[:, 2]])


def camera_centre(h_cam: np.ndarray) -> np.ndarray:
    """Where the lens is, table (x, y, z) mm: the projection's null vector."""
    _u, _s, vt = np.linalg.svd(projection(h_cam))
    c = vt[-1]
    return c[:3] / c[3]


def face_to_photo(h_cam: np.ndarray, to_table: np.ndarray, lift: np.ndarray | None
                  ) -> np.ndarray:
    """Face mm -> photo px: flat on the table, or in the plane `lift` (z = lift . (u, v, 1))
    above it."""
    if lift is None:
        return np.asarray(h_cam, float) @ to_table
    space = np.vstack([to_table[0], to_table[1], np.asarray(lift, float), to_table[2]])
    return projection(h_cam) @ space


def lifted_outline(h_cam: np.ndarray, outline_table: np.ndarray, z: float) -> np.ndarray:
    """Table-mm points at height z, in photo px."""
    pts = np.c_[outline_table, np.full(len(outline_table), z), np.ones(len(outline_table))]
    q = pts @ projection(h_cam).T
    return q[:, :2] / q[:, 2:3]


def paint_wall(image: np.ndarray, h_cam: np.ndarray, outline_table: np.ndarray,
               bottom: float, top: float, colour: tuple[int, int, int]) -> None:
    """A convex slab's cut edge, in place: everything between its outline at `bottom` and
    at `top` (the top face, pasted next, covers the rest). The edge facing the camera is
    what shows; it is lit a little less than the top."""
    pts = np.vstack([lifted_outline(h_cam, outline_table, bottom),
                     lifted_outline(h_cam, outline_table, top)])
    hull = cv2.convexHull(np.round(pts * 8).astype(np.int32))
    cv2.fillConvexPoly(image, hull, colour, cv2.LINE_AA, 3)


def paint_holed_wall(image: np.ndarray, h_cam: np.ndarray, outline_table: np.ndarray,
                     hole_table: np.ndarray, bottom: float, top: float,
                     colour: tuple[int, int, int]) -> None:
    """A ring-shaped slab's cut edges, in place: its outer edge as `paint_wall`'s, and in
    its hole the inner wall where it stands between the camera and what lies below (a
    little darker: the hole is lit less). Through the hole shows only what lies inside
    both its top and its bottom outline; the rest of the hole is wall."""
    x0, y0, x1, y1 = _box(image, [lifted_outline(h_cam, outline_table, z) for z in (bottom, top)])
    if x1 <= x0 or y1 <= y0:
        return
    before = image[y0:y1, x0:x1].copy()
    paint_wall(image, h_cam, outline_table, bottom, top, colour)
    shift = np.array([x0, y0], float)
    masks = []
    for z in (top, bottom):
        mask = np.zeros((y1 - y0, x1 - x0), np.uint8)
        pts = np.round((lifted_outline(h_cam, hole_table, z) - shift) * 8).astype(np.int32)
        cv2.fillPoly(mask, [pts], 255, cv2.LINE_AA, 3)
        masks.append(mask.astype(np.float32) / 255)
    hole_top, through = masks[0], np.minimum(masks[0], masks[1])
    inner = np.array([c * 0.8 for c in colour], np.float32)
    roi = image[y0:y1, x0:x1].astype(np.float32)
    wall = (hole_top - through)[..., None]
    roi = roi * (1 - hole_top[..., None]) + inner * wall + before * through[..., None]
    image[y0:y1, x0:x1] = np.clip(np.round(roi), 0, 255).astype(np.uint8)


def _box(image: np.ndarray, outlines: list[np.ndarray]) -> tuple[int, int, int, int]:
    pts = np.vstack(outlines)
    x0, y0 = np.maximum(np.floor(pts.min(axis=0)).astype(int) - 2, 0)
    x1, y1 = np.ceil(pts.max(axis=0)).astype(int) + 2
    return int(x0), int(y0), int(min(x1, image.shape[1])), int(min(y1, image.shape[0]))


def flat_lift(z: float) -> np.ndarray:
    """`Face.lift` of a face lying flat `z` mm above the table."""
    return np.array([0.0, 0.0, z])


def cube_sides(centre: tuple[float, float], turn: float, side: float, base: float,
               h_cam: np.ndarray) -> list[tuple[int, np.ndarray, np.ndarray, float]]:
    """The four upright sides of a cube standing at `centre` (table mm), turned `turn`
    degrees, its base `base` mm above the table: (which side 0..3, to_table, lift, light)
    each, farthest from the lens first (so nearer sides are pasted over them). A side's
    own frame is mm, u along its bottom edge, v from its top edge (z = base + side) down.
    Light: sides facing the lens's way are lit less than the top, as from a ceiling."""
    cam = camera_centre(h_cam)
    a = math.radians(turn)
    out = []
    for k in range(4):
        # side k's outward normal, and its bottom edge from corner to corner (seen from
        # outside, left to right)
        t = a + k * math.pi / 2
        normal = np.array([math.cos(t), math.sin(t)])
        along = np.array([-math.sin(t), math.cos(t)])
        mid = np.asarray(centre, float) + normal * side / 2
        start = mid - along * side / 2
        to_table = np.array([[along[0], 0.0, start[0]], [along[1], 0.0, start[1]],
                             [0.0, 0.0, 1.0]])
        lift = np.array([0.0, -1.0, base + side])
        facing = float(normal @ (cam[:2] - mid))
        light = 0.72 + 0.1 * normal @ np.array([0.6, -0.8])
        out.append((k, to_table, lift, light, facing))
    out.sort(key=lambda s: s[4])
    return [(k, to_table, lift, light) for k, to_table, lift, light, _f in out]


def top_placement(centre: tuple[float, float], turn: float, side: float) -> np.ndarray:
    """The cube's top face's to_table (its own mm, top left at 0, 0)."""
    return affine(centre[0], centre[1], turn) @ affine(-side / 2, -side / 2)


def shaded(image: np.ndarray, light: float) -> np.ndarray:
    return cv2.convertScaleAbs(image, alpha=light)

"""Where the camera is, from the table plane's homography alone: what a piece with height
needs (a die's top face, a slab's cut edge are seen shifted away from the camera's foot).

A phone photo's principal point is near its centre and its pixels square, so a plane's
homography fixes the focal length (its two axes are at right angles and of equal length
in space) and then the camera's place. Seen straight down, the focal length is not
fixed by the plane: a phone's usual field (FALLBACK_F of the long side) stands in, and
little depends on it then (heights barely shift anything).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

FALLBACK_F = 0.8                # a phone's main camera: f about 0.7-0.9 of the long side
F_RANGE = (0.35, 3.0)           # focal lengths (of the long side) a phone photo can have


@dataclass(frozen=True)
class Pose:
    """The camera over the table frame (mm, x right, y down; z into the table)."""

    centre: np.ndarray          # the lens, table (x, y, z) mm; z < 0: above the table
    up: np.ndarray              # homogeneous px that 1 mm of height adds (to_photo's scale)
    focal: float                # px

    @property
    def height(self) -> float:
        return float(-self.centre[2])

    @property
    def foot(self) -> np.ndarray:
        """The table point straight below the lens (mm)."""
        return self.centre[:2].copy()

    def seen_at(self, point: np.ndarray, z: float) -> np.ndarray:
        """Where on the table plane (mm) the photo shows a point `z` mm above `point`."""
        k = self.height / max(self.height - z, 1e-6)
        return self.foot + (np.asarray(point, float) - self.foot) * k

    def in_plane(self, point: np.ndarray, z: float) -> np.ndarray:
        """Where a table point lies in the frame of the plane `z` mm up (what `lifted`
        rectifies): nearer the camera's foot than its own place."""
        k = (self.height - z) / max(self.height, 1e-6)
        return self.foot + (np.asarray(point, float) - self.foot) * k

    def lean(self, point: np.ndarray, z: float) -> tuple[np.ndarray, float]:
        """At `point`, seen in the plane `z` mm up: the way away from the camera (a unit
        vector) and how far 1 mm of height moves a point that way (mm)."""
        away = np.asarray(point, float) - self.foot
        dist = float(np.linalg.norm(away))
        return away / max(dist, 1e-9), dist / max(self.height - z, 1.0)

    def lifted(self, to_photo: np.ndarray, z: float) -> np.ndarray:
        """Table mm -> px for the plane `z` mm above the table."""
        out = np.array(to_photo, float)
        out[:, 2] += z * self.up
        return out


def camera_pose(to_photo: np.ndarray, size: tuple[int, int]) -> Pose:
    """The camera of a table plane whose homography (table mm -> original px) is
    `to_photo`, in a photo of `size` (w, h) px."""
    w, h = size
    shift = np.array([[1.0, 0.0, -w / 2], [0.0, 1.0, -h / 2], [0.0, 0.0, 1.0]])
    m = shift @ np.asarray(to_photo, float)
    m = m / np.linalg.norm(m[:, :2])
    f = _focal(m, max(w, h))
    k_inv = np.diag([1 / f, 1 / f, 1.0])
    cols = k_inv @ m
    scale = (np.linalg.norm(cols[:, 0]) + np.linalg.norm(cols[:, 1])) / 2
    if cols[2, 2] < 0:              # the table lies in front of the lens
        scale = -scale
    r1, r2, t = cols[:, 0] / scale, cols[:, 1] / scale, cols[:, 2] / scale
    r1 = r1 / np.linalg.norm(r1)
    r2 = r2 - r1 * (r1 @ r2)
    r2 = r2 / np.linalg.norm(r2)
    r3 = np.cross(r1, r2)
    rot = np.column_stack([r1, r2, r3])
    centre = -rot.T @ t
    # +1 mm of height is -1 along r3: in to_photo's own homogeneous scale
    k = np.array([[f, 0.0, w / 2], [0.0, f, h / 2], [0.0, 0.0, 1.0]])
    norm = np.linalg.norm((shift @ np.asarray(to_photo, float))[:, :2])
    up = -(k @ r3) * scale * norm
    return Pose(centre, up, f)


def _focal(m: np.ndarray, long_side: int) -> float:
    """The focal length (px) that makes the plane's axes orthogonal and equally long, by
    least squares over both conditions; a phone's usual one where they do not fix it."""
    h1, h2 = m[:, 0], m[:, 1]
    a = np.array([h1[0] * h2[0] + h1[1] * h2[1], h1[0] ** 2 + h1[1] ** 2 - h2[0] ** 2 - h2[1] ** 2])
    b = np.array([h1[2] * h2[2], h1[2] ** 2 - h2[2] ** 2])
    if float(a @ a) > 0:
        inv_f2 = -float(a @ b) / float(a @ a)
        if inv_f2 > 0:
            f = inv_f2 ** -0.5
            if F_RANGE[0] * long_side <= f <= F_RANGE[1] * long_side:
                return f
    return FALLBACK_F * long_side

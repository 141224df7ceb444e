"""Where the camera is, from the table plane's homography alone: what a piece with height
needs (a die's top face, a slab's cut edge are seen shifted away from the camera's foot).

A phone photo's principal point is near its centre and its pixels square, so a plane's
homography fixes the focal length (its two axes are at right angles and of equal length
in space) and then the camera's place. Seen straight down, the focal length is not
fixed by the plane: a phone's usual field (FALLBACK_F of the long side) stands in, and
little depends on it then (heights barely shift anything). A photo cropped off its lens's
axis (a crop, a digital zoom) moves the principal point, and the focal length then found
can be far off; `free_centre` leaves the point free and takes the likeliest camera the
plane allows under a phone's prior."""

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


def camera_pose(to_photo: np.ndarray, size: tuple[int, int],
                free_centre: bool = False) -> Pose:
    """The camera of a table plane whose homography (table mm -> original px) is
    `to_photo`, in a photo of `size` (w, h) px. `free_centre`: the photo may be cropped
    off its lens's axis (its principal point unknown), see `_cropped_lens`."""
    w, h = size
    long_side = max(w, h)
    shift = np.array([[1.0, 0.0, -w / 2], [0.0, 1.0, -h / 2], [0.0, 0.0, 1.0]])
    m = shift @ np.asarray(to_photo, float)
    m = m / np.linalg.norm(m[:, :2])
    if free_centre:
        f, cx, cy = _cropped_lens(m, long_side)
    else:
        f, cx, cy = _focal(m, long_side), 0.0, 0.0
    k_inv = np.linalg.inv(np.array([[f, 0.0, cx], [0.0, f, cy], [0.0, 0.0, 1.0]]))
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
    k = np.array([[f, 0.0, w / 2 + cx], [0.0, f, h / 2 + cy], [0.0, 0.0, 1.0]])
    norm = np.linalg.norm((shift @ np.asarray(to_photo, float))[:, :2])
    up = -(k @ r3) * scale * norm
    return Pose(centre, up, f)


PRIOR_F = 0.7                   # a phone main camera's (of the long side): 26 mm equivalent
PRIOR_F_SPREAD = 0.4            # how far (log) a crop or a zoom moves the focal length
PRIOR_CENTRE_SPREAD = 0.08      # how far (of the long side) a crop moves the principal point


def _cropped_lens(m: np.ndarray, long_side: int) -> tuple[float, float, float]:
    """The likeliest camera (focal length px, principal point px off the photo's centre)
    that makes the plane's axes orthogonal and equally long. Both conditions are linear in
    the image of the absolute conic w = [[1, 0, b], [0, 1, c], [b, c, d]] (square pixels;
    point (-b, -c), f^2 = d - b^2 - c^2): they leave a line of cameras, and the prior (a
    phone's focal length, a point near the centre) picks one on it, over PRIOR_STEPS focal
    lengths at once. Seen straight down the line says little, and the prior's own camera
    stands in."""
    n = np.diag([1.0 / long_side, 1.0 / long_side, 1.0]) @ m
    line = _cameras_line(n / np.linalg.norm(n[:, :2]))
    f, b, c = PRIOR_F, 0.0, 0.0
    if line is not None:
        fs = PRIOR_F * np.exp(np.linspace(-2, 2, PRIOR_STEPS) * PRIOR_F_SPREAD)
        bs, cs = _on_line(*line, fs)
        cost = _prior_cost(fs[:, None], bs, cs)
        if np.isfinite(cost).any():
            # the first of equal costs, focal lengths in turn, each one's roots in turn
            k = int(np.nanargmin(cost))
            f, b, c = float(fs[k // 2]), float(bs.flat[k]), float(cs.flat[k])
    return f * long_side, -b * long_side, -c * long_side


PRIOR_STEPS = 161               # focal lengths tried, evenly in log over +-2 spreads


def _cameras_line(n: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """The (b, c, d) of w meeting both conditions for the homography `n` (px / long side):
    a point on their line and its unit direction; None where the conditions (nearly)
    coincide or vanish."""
    h1, h2 = n[:, 0], n[:, 1]
    rows = np.array([
        [h1[0] * h2[2] + h1[2] * h2[0], h1[1] * h2[2] + h1[2] * h2[1], h1[2] * h2[2]],
        [2 * (h1[0] * h1[2] - h2[0] * h2[2]), 2 * (h1[1] * h1[2] - h2[1] * h2[2]),
         h1[2] ** 2 - h2[2] ** 2]])
    rhs = -np.array([h1[0] * h2[0] + h1[1] * h2[1],
                     h1[0] ** 2 + h1[1] ** 2 - h2[0] ** 2 - h2[1] ** 2])
    size = np.linalg.norm(rows, axis=1, keepdims=True)
    along = np.cross(rows[0], rows[1]) / max(float(size.prod()), 1e-300)
    if np.linalg.norm(along) <= 1e-6:
        return None
    start = np.linalg.lstsq(rows / size, rhs / size[:, 0], rcond=None)[0]
    return start, along / np.linalg.norm(along)


def _on_line(start: np.ndarray, along: np.ndarray, fs: np.ndarray
             ) -> tuple[np.ndarray, np.ndarray]:
    """For each focal length of `fs`, the two points (b, c) of the line start + t along
    where d - b^2 - c^2 = f^2: arrays (len(fs), 2), NaN where there is no such point (one
    root only: the second NaN)."""
    qa = -(along[0] ** 2 + along[1] ** 2)
    qb = along[2] - 2 * (start[0] * along[0] + start[1] * along[1])
    qc = start[2] - start[0] ** 2 - start[1] ** 2 - fs * fs
    roots = np.full((len(fs), 2), np.nan)
    if abs(qa) < 1e-12:
        if abs(qb) > 1e-12:
            roots[:, 0] = -qc / qb
    else:
        disc = qb * qb - 4 * qa * qc
        real = disc >= 0
        root = np.where(real, disc, 0.0) ** 0.5
        for k, sgn in enumerate((1, -1)):
            roots[:, k] = np.where(real, (-qb + sgn * root) / (2 * qa), np.nan)
    return start[0] + roots * along[0], start[1] + roots * along[1]


def _prior_cost(f: np.ndarray, b: np.ndarray, c: np.ndarray) -> np.ndarray:
    return (np.log(f / PRIOR_F) / PRIOR_F_SPREAD) ** 2 + (b * b + c * c) / PRIOR_CENTRE_SPREAD ** 2


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

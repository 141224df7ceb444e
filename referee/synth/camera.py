"""The phone's camera over the table: a pinhole looking down `tilt_deg` off vertical, and the
lens distortion the phone did not correct.

Table mm (x right, y down, as the game's scene lays things out) -> photo px is one 3x3
homography; `transform` applies one to points.
"""

from __future__ import annotations

import math
from typing import TYPE_CHECKING

import cv2
import numpy as np

if TYPE_CHECKING:
    from referee.synth.photo import Conditions


def affine(tx: float, ty: float, degrees: float = 0.0, scale: float = 1.0) -> np.ndarray:
    """x -> R(degrees, clockwise on a y-down page) * scale * x + t, as a 3x3 matrix."""
    a = math.radians(degrees)
    c, s = math.cos(a) * scale, math.sin(a) * scale
    return np.array([[c, -s, tx], [s, c, ty], [0.0, 0.0, 1.0]])


def transform(h: np.ndarray, points: np.ndarray) -> np.ndarray:
    p = np.asarray(points, float).reshape(-1, 2)
    homogeneous = np.ones((len(p), 3))            # (x, y, 1): np.c_ costs more than the sum
    homogeneous[:, :2] = p
    q = homogeneous @ h.T
    return q[:, :2] / q[:, 2:3]


def square(side: float) -> np.ndarray:
    return np.array([[0, 0], [side, 0], [side, side], [0, side]], float)


PHONE_FRAMES = {12.0: (4032, 3024), 3.0: (2016, 1512)}


def disc(width: float, k: int = 24) -> np.ndarray:
    """A round piece's outline, `k` points, in its own frame (top left at 0, 0)."""
    r = width / 2
    return np.array([[r + r * math.cos(2 * math.pi * i / k), r + r * math.sin(2 * math.pi * i / k)]
                     for i in range(k)])


def nudge(rng: np.random.Generator, most: float) -> np.ndarray:
    """Where a hand puts a piece: up to `most` mm off its place, evenly over the disc."""
    r, a = most * math.sqrt(rng.uniform()), rng.uniform(0, 2 * math.pi)
    return np.array([r * math.cos(a), r * math.sin(a)])


def frame_size(megapixels: float, portrait: bool) -> tuple[int, int]:
    w, h = PHONE_FRAMES.get(megapixels, (0, 0))
    if not w:
        w = round(math.sqrt(megapixels * 1e6 * 4 / 3) / 8) * 8
        h = w * 3 // 4
    return (h, w) if portrait else (w, h)


def camera(outline: np.ndarray, size: tuple[int, int], cond: Conditions,
           rng: np.random.Generator) -> np.ndarray:
    """Table mm -> photo px for a phone held `tilt_deg` off vertical over the table's
    centre, the table turned at random in the frame; what is on the table (`outline`,
    points in table mm) fills `fill` of the frame."""
    w, h = size
    extent = np.array([outline.min(axis=0), outline.max(axis=0)])
    centre = extent.mean(axis=0)
    turn = rng.uniform(0, 360) if cond.table_rotation else rng.uniform(-4, 4)
    tilt = math.radians(cond.tilt_deg * rng.uniform(0.85, 1.0))
    f = 0.75 * max(w, h)                          # a phone's main camera, ~70 degrees wide
    span = float(np.ptp(extent, axis=0).max())
    distance = f * span / (cond.fill * min(w, h))
    # plane (u, v) -> camera: turn in the plane, then tip the plane away by `tilt`
    plane = affine(0, 0, turn) @ affine(-centre[0], -centre[1])
    rot = np.array([[1, 0, 0], [0, math.cos(tilt), -math.sin(tilt)],
                    [0, math.sin(tilt), math.cos(tilt)]])
    k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1.0]])
    h_plane = k @ np.c_[rot[:, 0], rot[:, 1], [0, 0, distance]] @ plane
    # fit the table's box into the frame, a little off centre
    seen = transform(h_plane, outline)
    lo, hi = seen.min(axis=0), seen.max(axis=0)
    scale = min(cond.fill * w / (hi[0] - lo[0]), cond.fill * h / (hi[1] - lo[1]))
    slack = np.array([w, h]) - scale * (hi - lo)
    offset = slack / 2 + rng.uniform(-0.3, 0.3, 2) * slack / 2 - scale * lo
    if cond.centred_lens:
        return _moved_phone(k, rot, distance, plane, outline,
                            scale * seen.mean(axis=0) + offset, scale)
    fit = np.array([[scale, 0, offset[0]], [0, scale, offset[1]], [0, 0, 1]])
    view = (fit @ h_plane).view(CameraView)
    # the table's normal (r1 x r2 points into the table: x right, y down) towards the lens
    view.up = -(fit @ k @ np.cross(rot[:, 0], rot[:, 1]))
    return view


def _moved_phone(k: np.ndarray, rot: np.ndarray, distance: float, plane: np.ndarray,
                 outline: np.ndarray, want: np.ndarray, scale: float) -> CameraView:
    """The framing a crop by `scale` would make, the table's middle at `want` (px), made as
    a phone makes it: the focal length times `scale` and the phone moved sideways, its
    principal point kept at the centre."""
    zoom = np.diag([scale, scale, 1.0])
    zoom[:2, 2] = k[:2, 2] * (1 - scale)         # about the principal point
    kz = zoom @ k
    t = np.array([0.0, 0.0, distance])
    middle = plane @ np.r_[np.asarray(outline, float).mean(axis=0), 1.0]
    for _ in range(4):                           # one depth moves each point its own way
        h_now = kz @ np.c_[rot[:, 0], rot[:, 1], t] @ plane
        at = transform(h_now, outline).mean(axis=0)
        depth = float(rot[2, :2] @ middle[:2] + t[2])
        t[:2] += (want - at) * depth / kz[0, 0]
    view = (kz @ np.c_[rot[:, 0], rot[:, 1], t] @ plane).view(CameraView)
    view.up = -(kz @ np.cross(rot[:, 0], rot[:, 1]))
    return view


class CameraView(np.ndarray):
    """`camera`'s table mm -> px homography (a plain 3x3 array to every caller), which also
    knows the camera: `up` is where 1 mm of height moves a point (homogeneous, in the
    homography's scale), for scenes with height (`lifted`)."""

    up: np.ndarray | None = None

    def __array_finalize__(self, obj) -> None:
        self.up = getattr(obj, "up", None)


def lifted(h_cam: np.ndarray, z: float) -> np.ndarray:
    """Table mm -> px for the plane `z` mm above the table (a piece's top face): the same
    pinhole, so a higher face is seen larger and shifted away from the camera's foot
    (parallax). `h_cam` must be `camera`'s own."""
    up = getattr(h_cam, "up", None)
    if up is None:
        raise ValueError("lifted needs the homography camera() made")
    out = np.array(h_cam, float)
    out[:, 2] += z * np.asarray(up, float)
    return out


def jacobian(h: np.ndarray, at: np.ndarray) -> np.ndarray:
    e = 0.5
    p = transform(h, [at, at + np.array([e, 0.0]), at + np.array([0.0, e])])
    return np.c_[(p[1] - p[0]) / e, (p[2] - p[0]) / e]


def mm_to_px(h_cam: np.ndarray, outline: np.ndarray) -> float:
    return float(np.sqrt(abs(np.linalg.det(jacobian(h_cam, outline.mean(axis=0))))))


def distorted(points: np.ndarray, size: tuple[int, int], k1: float) -> np.ndarray:
    """Where a lens with radial distortion k1 puts points of the ideal (pinhole) photo;
    radius in half-diagonals. A barrel lens (k1 < 0) is zoomed so that the photo's corners
    see the ideal photo's corners: the whole photo then shows what the ideal one holds."""
    w, h = size
    centre, norm = np.array([w / 2, h / 2]), math.hypot(w, h) / 2
    d = (np.asarray(points, float) - centre) / norm
    zoom = 1 + min(k1, 0.0)
    return centre + d * (1 + k1 * (d ** 2).sum(axis=-1, keepdims=True)) / zoom * norm


def lens(image: np.ndarray, k1: float) -> np.ndarray:
    """The ideal photo seen through the lens: every pixel samples the ideal point that the
    lens bends onto it. The shift is smooth, so it is solved (by fixed-point iteration) on
    a coarse grid and enlarged."""
    h, w = image.shape[:2]
    k = 8
    centre, norm = np.array([w / 2, h / 2]), math.hypot(w, h) / 2
    # coarse px i stands for full px (i + 0.5) k - 0.5, as cv2.resize enlarges it
    ys, xs = (np.mgrid[0:-(-h // k), 0:-(-w // k)].astype(np.float64) + 0.5) * k - 0.5
    at = np.stack([xs, ys], axis=-1)
    seen = (at - centre) / norm * (1 + min(k1, 0.0))          # zoomed as in distorted
    ideal = seen.copy()
    for _ in range(6):
        ideal = seen / (1 + k1 * (ideal ** 2).sum(axis=-1, keepdims=True))
    shift = (ideal * norm + centre - at).astype(np.float32)
    shift = cv2.resize(shift, (shift.shape[1] * k, shift.shape[0] * k),
                       interpolation=cv2.INTER_LINEAR)[:h, :w]
    map_x = shift[..., 0] + np.arange(w, dtype=np.float32)[None, :]
    map_y = shift[..., 1] + np.arange(h, dtype=np.float32)[:, None]
    return cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)

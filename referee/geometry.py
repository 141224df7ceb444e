"""Camera and table-plane geometry every game's referee shares.

Frames: the *table frame* is millimetres on the table, x right, y down as seen from above
(each game says where its origin is). A *homography* maps table mm to photo px (original
resolution). A flat thing lying on the table (a tile, a card, a board) has its own frame:
mm, upright, as printed; where it lies is its centre in table mm and how far it is turned.
Angles are degrees clockwise on the table (y down).
"""

from __future__ import annotations

import math
from collections.abc import Mapping

import cv2
import numpy as np

from referee.detect import Marker, detect_in_windows, merge_markers
from referee.image import scaling
from referee.quantiles import median


def rotation(deg: float) -> np.ndarray:
    """Clockwise on the table (y down): at 90 degrees north (0, -1) goes east (1, 0)."""
    c, s = math.cos(math.radians(deg)), math.sin(math.radians(deg))
    return np.array([[c, -s], [s, c]])


def project(h: np.ndarray, points: np.ndarray) -> np.ndarray:
    pts = np.asarray(points, np.float64).reshape(-1, 2)
    q = pts @ h[:, :2].T + h[:, 2]
    return q[:, :2] / q[:, 2:3]


def rigid_fit(model: np.ndarray, observed: np.ndarray) -> tuple[float, np.ndarray, float]:
    """Least-squares turn (degrees clockwise) and shift taking `model` onto `observed`,
    and the rms residual."""
    pm, qm = model.mean(axis=0), observed.mean(axis=0)
    p, q = model - pm, observed - qm
    angle = math.atan2(float(np.sum(p[:, 0] * q[:, 1] - p[:, 1] * q[:, 0])),
                       float(np.sum(p[:, 0] * q[:, 0] + p[:, 1] * q[:, 1])))
    r = rotation(math.degrees(angle))
    shift = qm - r @ pm
    residual = float(np.sqrt(np.mean(np.sum((model @ r.T + shift - observed) ** 2, axis=1))))
    return math.degrees(angle), shift, residual


def similarity(src: np.ndarray, dst: np.ndarray) -> np.ndarray:
    """Least-squares similarity (turn, scale, shift; no reflection) as a 3x3 matrix."""
    sm, dm = src.mean(axis=0), dst.mean(axis=0)
    s, d = src - sm, dst - dm
    a = float(np.sum(s[:, 0] * d[:, 0] + s[:, 1] * d[:, 1]))
    b = float(np.sum(s[:, 0] * d[:, 1] - s[:, 1] * d[:, 0]))
    n = float(np.sum(s ** 2))
    m = np.array([[a, -b], [b, a]]) / n
    t = dm - m @ sm
    return np.array([[m[0, 0], m[0, 1], t[0]], [m[1, 0], m[1, 1], t[1]], [0.0, 0.0, 1.0]])


def fit_plane(table_pts: np.ndarray, image_pts: np.ndarray) -> np.ndarray:
    """Table mm -> photo px. A similarity while few points are known (a homography from one
    marker extrapolates wildly), a least-squares homography after."""
    if len(table_pts) < 16:
        return similarity(table_pts, image_pts)
    h, _mask = cv2.findHomography(table_pts, image_pts, 0)
    if h is None:
        return similarity(table_pts, image_pts)
    return h / h[2, 2]


def plane_from_markers(seen: list[Marker], model: Mapping[int, np.ndarray]) -> np.ndarray | None:
    """Table mm -> photo px from markers whose corners' table positions are known (`model`:
    id -> 4x2 mm, the marker's printed TL, TR, BR, BL), as on a printed board. RANSAC, so a
    marker misread or lifted does not bend the plane; None if no plane fits. Needs at least
    4 markers' worth of corners (the caller says how many make a trustworthy plane)."""
    src = np.vstack([model[m.id] for m in seen])
    dst = np.vstack([m.corners for m in seen])
    side = median([m.side for m in seen])
    h, _mask = cv2.findHomography(src, dst, cv2.RANSAC, max(2.0, 0.08 * side))
    if h is None:
        return None
    return h / h[2, 2]


def frame_to_photo(homography: np.ndarray, centre: tuple[float, float], angle: float,
                   middle: tuple[float, float]) -> np.ndarray:
    """3x3: a flat thing's own frame (mm, upright, `middle` its centre in that frame) ->
    photo px, where it really lies (`centre`, table mm) turned by `angle` degrees."""
    r = rotation(angle)
    t = np.eye(3)
    t[:2, :2] = r
    t[:2, 2] = np.array(centre) - r @ np.array(middle)
    return homography @ t


def rectify(image: np.ndarray, to_photo: np.ndarray, scale: float, origin: tuple[float, float],
            size_mm: float, ppm: float) -> np.ndarray:
    """A size_mm square of some flat frame (top-left `origin` in it; `to_photo` maps that
    frame to original photo px) seen square-on at `ppm` px/mm, from `image` (the photo
    scaled by `scale`)."""
    n = round(size_mm * ppm)
    pick = np.array([[1 / ppm, 0, origin[0] + 0.5 / ppm], [0, 1 / ppm, origin[1] + 0.5 / ppm],
                     [0, 0, 1.0]])
    m = scaling(scale) @ to_photo @ pick          # window px -> working px
    return cv2.warpPerspective(image, m, (n, n), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def inside_share(to_image: np.ndarray, points_mm: np.ndarray, width: int, height: int) -> float:
    """Share of `points_mm` (table mm) that `to_image` puts inside a width x height image
    (in front of the camera)."""
    pts = np.c_[points_mm, np.ones(len(points_mm))] @ to_image.T
    px, py = pts[:, 0] / pts[:, 2], pts[:, 1] / pts[:, 2]
    inside = (pts[:, 2] > 0) & (px >= 0) & (py >= 0) & (px < width) & (py < height)
    return float(np.mean(inside))


def look_again(image, h: np.ndarray, seen: list[Marker], model: dict[int, np.ndarray]
               ) -> list[Marker]:
    """Markers looked for again at full resolution where the plane says they must be (a
    LoadedPhoto; one already at full resolution is read in a 2x enlargement)."""
    have = {m.id for m in seen}
    side = median([m.side for m in seen])
    windows = []
    for marker_id, quad in model.items():
        if marker_id in have:
            continue
        q = project(h, quad)
        lo, hi = q.min(axis=0) - side, q.max(axis=0) + side
        windows.append((int(lo[0]), int(lo[1]), int(hi[0]) + 1, int(hi[1]) + 1))
    if not windows:
        return []
    if image.scale < 1.0:
        found = detect_in_windows(image.full(), windows, 1.0)
    else:
        found = detect_in_windows(image.image, windows, 1.0, upsample=2)
    return [m for m in found if m.id in model]


def board_plane(image, mine: list[Marker], model: dict[int, np.ndarray]
                ) -> tuple[np.ndarray | None, list[Marker]]:
    """The plane from a board's markers (at least two), after a second look for those the
    first did not find; and the markers it rests on."""
    h = plane_from_markers(mine, model) if len(mine) >= 2 else None
    if h is not None and len(mine) < len(model):
        extra = look_again(image, h, mine, model)
        if extra:
            mine = merge_markers(mine, extra)
            h = plane_from_markers(mine, model)
    return h, mine

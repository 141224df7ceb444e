"""The plane refined against the board's own print: where the markers' homography leaves
the map a few mm off its print (a wide lens the phone left uncorrected bends the middle
of the board; blurred markers at 3 MP place the plane a little off; a print or a
table not quite flat), the map is shifted back onto the print.

The map seen square-on is compared with the print tile by tile (phase correlation of
their greys at a coarse scale): each tile's shift is where the print's lines and icons
lie in the photo. A smooth field through those shifts (a cubic in the map's
coordinates, as a lens bends; fitted robustly, as pieces on a tile may pull it) is the
correction; a field smaller than SMALL_MM everywhere leaves the map as the homography
gave it.
"""

from __future__ import annotations

import cv2
import numpy as np

TILE_MM = 40.0                   # the print compared over tiles this wide
SCALE = 2.0                      # ... at this many px per mm
MIN_RESPONSE = 0.08              # a tile's correlation peak at least this (print that shows)
MOST_MM = 6.0                    # a tile's shift at most this (else it matched a repeat)
OUTLIER_MM = 0.75                # a tile this far off the fitted field: not used (a piece)
MIN_TILES = 20                   # fewer usable tiles: no field
SMALL_MM = 0.6                   # a field at most this anywhere: the homography is kept


def _grey(bgr: np.ndarray, ppm: float) -> np.ndarray:
    small = cv2.resize(bgr, None, fx=SCALE / ppm, fy=SCALE / ppm, interpolation=cv2.INTER_AREA)
    return cv2.cvtColor(small, cv2.COLOR_BGR2GRAY).astype(np.float32)


def tile_shifts(photo: np.ndarray, printed: np.ndarray, ppm: float
                ) -> list[tuple[float, float, float, float]]:
    """(x, y, dx, dy) in map mm: per tile, its middle and where the photo shows the print
    that lies there (the photo's content at the print's place plus the shift)."""
    a, b = _grey(photo, ppm), _grey(printed, ppm)
    n = round(TILE_MM * SCALE)
    window = cv2.createHanningWindow((n, n), cv2.CV_32F)
    out = []
    for y in range(0, a.shape[0] - n + 1, n):
        for x in range(0, a.shape[1] - n + 1, n):
            pa, pb = a[y:y + n, x:x + n], b[y:y + n, x:x + n]
            if float(pb.std()) < 8.0:
                continue                 # plain paper: nothing to line up
            (dx, dy), response = cv2.phaseCorrelate(pb, pa, window)
            if response < MIN_RESPONSE or np.hypot(dx, dy) > MOST_MM * SCALE:
                continue
            out.append(((x + n / 2) / SCALE, (y + n / 2) / SCALE, dx / SCALE, dy / SCALE))
    return out


def _design(x: np.ndarray, y: np.ndarray, size: tuple[float, float]) -> np.ndarray:
    u, v = x / size[0] - 0.5, y / size[1] - 0.5
    return np.stack([np.ones_like(u), u, v, u * u, u * v, v * v,
                     u ** 3, u * u * v, u * v * v, v ** 3], axis=-1)


def fit_field(shifts: list[tuple[float, float, float, float]], size: tuple[float, float]
              ) -> np.ndarray | None:
    """The cubic field's coefficients (10 x 2) through the tiles' shifts (mm), tiles
    far off it (a piece pulled them) dropped; None when too few tiles agree."""
    if len(shifts) < MIN_TILES:
        return None
    s = np.array(shifts, float)
    design = _design(s[:, 0], s[:, 1], size)
    use = np.ones(len(s), bool)
    coef = None
    for _round in range(4):
        if use.sum() < MIN_TILES:
            return None
        coef, *_ = np.linalg.lstsq(design[use], s[use, 2:], rcond=None)
        off = np.hypot(*(design @ coef - s[:, 2:]).T)
        keep = off <= max(OUTLIER_MM, 2.5 * float(np.median(off[use])))
        if (keep == use).all():
            break
        use = keep
    return coef


def field_on(coef: np.ndarray, shape: tuple[int, int], ppm: float
             ) -> tuple[np.ndarray, np.ndarray]:
    """The field (px) at every pixel of a map of `shape` at `ppm`."""
    h, w = shape
    size = (w / ppm, h / ppm)
    ys, xs = np.mgrid[0:h, 0:w].astype(np.float32)
    d = _design(xs / ppm, ys / ppm, size).astype(np.float32) @ coef.astype(np.float32)
    return d[..., 0] * ppm, d[..., 1] * ppm


def correction(photo: np.ndarray, printed: np.ndarray, ppm: float) -> np.ndarray | None:
    """The field's coefficients when it moves some part of the map by more than SMALL_MM;
    else None (the homography stands)."""
    coef = fit_field(tile_shifts(photo, printed, ppm),
                     (photo.shape[1] / ppm, photo.shape[0] / ppm))
    if coef is None:
        return None
    h, w = photo.shape[:2]
    gx, gy = np.meshgrid(np.linspace(0, w / ppm, 9), np.linspace(0, h / ppm, 9))
    d = _design(gx.ravel(), gy.ravel(), (w / ppm, h / ppm)) @ coef
    return coef if float(np.hypot(*d.T).max()) > SMALL_MM else None

"""The plane refined against the board's own print: where the markers' homography leaves
the board a few mm off its print (a wide lens the phone left uncorrected bends the
middle of the board; blurred markers at 3 MP place the plane a little off; a print or a
table not quite flat), the board is sampled where its print really lies.

The whole board seen square-on (tracks.py's coarse view) is compared with the print tile
by tile (phase correlation of their greys): each tile's shift is where the print's lines,
icons and markers lie in the photo. A smooth field through those shifts (a cubic in
board mm, as a lens bends; fitted robustly, as pieces on a tile may pull it) is the
correction; a field smaller than SMALL_MM everywhere leaves the homography as it is.
Where the field is large (markers read on one side of the board only, as blur at 3 MP
leaves few: the plane tilts, the far side many mm off, some of it past what a tile may
shift), the plane itself is refitted first: a homography through the tiles' shifts, as
the board is a plane; a round sees more tiles than the last, and the field then takes up
what is left (a lens).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import cv2
import numpy as np

TILE_MM = 40.0                   # the print compared over tiles this wide
MIN_RESPONSE = 0.08              # a tile's correlation peak at least this (print that shows)
MOST_MM = 6.0                    # a tile's shift at most this (else it matched a repeat)
PLAIN = 8.0                      # a tile of print whose grey varies less: nothing to line up
OUTLIER_MM = 0.75                # a tile this far off the fitted field: not used (a piece)
MIN_TILES = 20                   # fewer usable tiles: no field
SMALL_MM = 0.6                   # a field at most this anywhere: the homography is kept
REPLANE_MM = 2.0                 # a field this large somewhere: the plane is refitted (a
#                                  lens bends 1-2 mm; a plane on one side's markers: 5+)
REPLANE_ROUNDS = 2               # the plane refitted at most this often


@dataclass(frozen=True)
class Field:
    """Where the print of board point m lies in the homography's view: m + at(m) (mm)."""

    coef: np.ndarray                 # 10 x 2, the cubic's coefficients
    size: tuple[float, float]        # board mm the coordinates are normalised by

    def at(self, x: np.ndarray, y: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        d = _design(x, y, self.size) @ self.coef.astype(x.dtype)
        return d[..., 0], d[..., 1]


def _design(x: np.ndarray, y: np.ndarray, size: tuple[float, float]) -> np.ndarray:
    u, v = x / size[0] - 0.5, y / size[1] - 0.5
    return np.stack([np.ones_like(u), u, v, u * u, u * v, v * v,
                     u ** 3, u * u * v, u * v * v, v ** 3], axis=-1)


def tile_shifts(photo: np.ndarray, printed: np.ndarray, ppm: float
                ) -> list[tuple[float, float, float, float]]:
    """(x, y, dx, dy) in mm: per tile, its middle and where the photo shows the print
    that lies there (the photo's content at the print's place plus the shift); both
    images board-aligned at `ppm` px/mm."""
    a = cv2.cvtColor(photo, cv2.COLOR_BGR2GRAY).astype(np.float32)
    b = cv2.cvtColor(printed, cv2.COLOR_BGR2GRAY).astype(np.float32)
    n = round(TILE_MM * ppm)
    window = cv2.createHanningWindow((n, n), cv2.CV_32F)
    out = []
    for y in range(0, a.shape[0] - n + 1, n):
        for x in range(0, a.shape[1] - n + 1, n):
            pa, pb = a[y:y + n, x:x + n], b[y:y + n, x:x + n]
            if float(pb.std()) < PLAIN:
                continue
            (dx, dy), response = cv2.phaseCorrelate(pb, pa, window)
            if response < MIN_RESPONSE or np.hypot(dx, dy) > MOST_MM * ppm:
                continue
            out.append(((x + n / 2) / ppm, (y + n / 2) / ppm, dx / ppm, dy / ppm))
    return out


def fit_field(shifts: list[tuple[float, float, float, float]], size: tuple[float, float]
              ) -> Field | None:
    """The cubic field through the tiles' shifts (mm), tiles far off it (a piece pulled
    them) dropped; None when too few tiles agree."""
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
    return Field(coef, size)


def largest(field: Field) -> float:
    """The field's largest shift over the board, mm."""
    gx, gy = np.meshgrid(np.linspace(0, field.size[0], 9), np.linspace(0, field.size[1], 9))
    dx, dy = field.at(gx.ravel(), gy.ravel())
    return float(np.hypot(dx, dy).max())


def correction(photo: np.ndarray, printed: np.ndarray, ppm: float,
               shifts: list[tuple[float, float, float, float]] | None = None) -> Field | None:
    """The field over the board (`photo` and `printed` square-on at `ppm`, board mm 0 at
    pixel 0's corner; `shifts`: its tiles', if measured) when it moves some part of it by
    more than SMALL_MM; else None (the homography stands)."""
    size = (photo.shape[1] / ppm, photo.shape[0] / ppm)
    field = fit_field(tile_shifts(photo, printed, ppm) if shifts is None else shifts, size)
    return field if field is not None and largest(field) > SMALL_MM else None


def print_plane(shifts: list[tuple[float, float, float, float]]) -> np.ndarray | None:
    """The homography (board mm -> board mm) taking each tile's print to where the view
    shows it, tiles far off it (a piece pulled them) left out; None when too few agree."""
    if len(shifts) < MIN_TILES:
        return None
    s = np.array(shifts, np.float32)
    g, use = cv2.findHomography(s[:, :2], s[:, :2] + s[:, 2:], cv2.RANSAC, OUTLIER_MM)
    return g if g is not None and int(use.sum()) >= MIN_TILES else None


def onto_print(view_of: Callable[[np.ndarray], np.ndarray], printed: np.ndarray, ppm: float
               ) -> tuple[np.ndarray, np.ndarray, Field | None]:
    """The board brought onto its print: `view_of(g)` is the board square-on at `ppm`
    through the plane moved by g (a board mm homography). Returns g (the identity where
    the plane stands), the view through it and the field left over (as `correction`)."""
    g = np.eye(3)
    view = view_of(g)
    shifts = tile_shifts(view, printed, ppm)
    for _round in range(REPLANE_ROUNDS):
        field = correction(view, printed, ppm, shifts)
        step = print_plane(shifts) if field is not None and largest(field) > REPLANE_MM \
            else None
        if step is None:
            break
        g = g @ step
        view = view_of(g)
        shifts = tile_shifts(view, printed, ppm)
    return g, view, correction(view, printed, ppm, shifts)


def shifted(view: np.ndarray, field: Field, origin: tuple[float, float], ppm: float
            ) -> np.ndarray:
    """A board window seen square-on through the homography (`view`, at `ppm`, its pixel
    0's corner at board mm `origin`), each point moved to where the field says its print
    lies (a shift of a few px at the same scale: no detail lost)."""
    h, w = view.shape[:2]
    px = np.arange(w, dtype=np.float32)
    py = np.arange(h, dtype=np.float32)
    mx, my = np.meshgrid((px + 0.5) / ppm + origin[0], (py + 0.5) / ppm + origin[1])
    dx, dy = field.at(mx, my)
    return cv2.remap(view, px[None, :] + dx * ppm, py[:, None] + dy * ppm,
                     cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)

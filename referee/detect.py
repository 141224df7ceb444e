"""Find ArUco markers (the one dictionary every game prints, layouts/markers.toml) in a photo.

Game-neutral: a marker is its id and its four corners. Which component an id belongs to is
the game's business (`pnp/markers.py` and the game's referee stages), so ids of other games
lying on the table come back too; the game keeps its own.

Speed: the detector runs once on the working copy (long side ~2000 px, see image.py); a
15.4 mm marker is then 30-90 px wide, well inside what ArUco reads. Markers a later stage
expects but did not get (a tile seen by one marker only) are looked for again at full
resolution, only in small windows around where they must be (`detect_in_windows`).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache, cached_property
from typing import NamedTuple

import cv2
import numpy as np

from pnp.markers import dictionary_name
from referee.errors import DetectError

TINY_SHARPEN, TINY_SHARPEN_SIGMA = 1.5, 1.0    # unsharp mask of tiny markers' windows
SQUARE_RATE = 0.015         # perimeter / the image's long side of the marker-like squares
#                             `detect_with_squares` reports: half the detector's default, so
#                             a 12 MP photo's 30 px markers still show in its half-size copy


@dataclass(frozen=True)
class Marker:
    id: int
    corners: np.ndarray        # 4x2 float64, original photo px: the marker's printed
                               # top-left, top-right, bottom-right, bottom-left

    # worked out once a marker (a reading asks a marker's side hundreds of times)
    @cached_property
    def centre(self) -> np.ndarray:
        centre = self.corners.mean(axis=0)
        centre.flags.writeable = False          # shared by every use
        return centre

    @cached_property
    def side(self) -> float:
        """Mean side length in px."""
        c = self.corners
        return float(np.mean(np.linalg.norm(c - np.roll(c, -1, axis=0), axis=1)))


WINDOW_LEAST = 64.0         # px: the least perimeter a 640 px window of `detect_in_windows`
#                             keeps (its `small` rate), kept by `detect_enlarged` too


@cache
def _detector(small: bool = False, tiny: bool = False,
              squares: bool = False, whole: int = 0) -> cv2.aruco.ArucoDetector:
    params = cv2.aruco.DetectorParameters()
    params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
    params.cornerRefinementWinSize = 4
    # Read each module from an 8x8 px sample taken away from its edges (defaults: 4 px,
    # 13 % margin): small or blurred markers decode twice as often, at no cost in speed.
    params.perspectiveRemovePixelPerCell = 8
    params.perspectiveRemoveIgnoredMarginPerCell = 0.2
    if small:           # windows cut from the full photo: markers fill much of them
        params.minMarkerPerimeterRate = 0.1
    if tiny:            # markers of ~3 px a module (5.95 mm at 3 MP), enlarged: a finer
        params.minMarkerPerimeterRate = 0.02      # threshold window catches their outline
        params.adaptiveThreshWinSizeMin = 3
        params.adaptiveThreshWinSizeStep = 4
    if squares:         # smaller outlines too, as candidates (detect_with_squares); no 3 px
        params.minMarkerPerimeterRate = SQUARE_RATE     # threshold window: a quarter of
        params.adaptiveThreshWinSizeMin = 13            # the pass, and on the README's
        #                                                 photo the same 84 markers, 53 squares
    if whole:           # a whole enlarged image of `whole` px (detect_enlarged): a window's
        params.minMarkerPerimeterRate = WINDOW_LEAST / whole    # least marker, and no
        params.adaptiveThreshWinSizeMin = 13    # 3 px threshold window (under a module
        #                                         enlarged: on 24 3 MP photos it read none)
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary_name()))
    return cv2.aruco.ArucoDetector(dictionary, params)


def to_gray(image: np.ndarray) -> np.ndarray:
    return image if image.ndim == 2 else cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)


def detect_markers(image: np.ndarray, scale: float = 1.0) -> list[Marker]:
    """Every marker in `image` (BGR or gray), corners in original photo px (the image is
    the photo scaled by `scale`). Sorted by id; an id seen twice stays twice."""
    gray = to_gray(image)
    try:
        corners, ids, _rejected = _detector().detectMarkers(gray)
    except cv2.error as exc:
        raise DetectError(f"marker detection failed: {exc}") from None
    return _collect(corners, ids, 1.0 / scale, (0.0, 0.0))


class SquarePass(NamedTuple):
    """One detection pass that reports marker-like squares too (`detect_with_squares`)."""
    markers: list[Marker]       # what `detect_markers` would read
    small: list[Marker]         # decoded, but below `detect_markers`' least size
    unread: list[np.ndarray]    # candidates it could not decode, 4x2 original px

    @property
    def squares(self) -> list[np.ndarray]:
        """Every marker-like square it did not keep: the small ones and the unread."""
        return [m.corners for m in self.small] + self.unread


def detect_with_squares(image: np.ndarray, scale: float = 1.0) -> SquarePass:
    """`detect_markers`' markers, and the marker-like squares of the image: those too
    small for it (at most half its smallest perimeter; decoded all the same, kept apart)
    and those it could not decode, in original photo px. One pass finds both: where a
    sharper copy of the photo may read more markers (`square_windows`)."""
    gray = to_gray(image)
    try:
        corners, ids, rejected = _detector(squares=True).detectMarkers(gray)
    except cv2.error as exc:
        raise DetectError(f"marker detection failed: {exc}") from None
    # what the detector's own size limit keeps is read as `detect_markers` reads it
    least = _detector().getDetectorParameters().minMarkerPerimeterRate * max(gray.shape)
    big = [_perimeter(quad) >= least for quad in corners]
    def part(keep: bool) -> list[Marker]:
        picked = [i for i, b in enumerate(big) if b == keep]
        return _collect([corners[i] for i in picked], None if ids is None else ids[picked],
                        1.0 / scale, (0.0, 0.0))
    unread = [(np.asarray(q, np.float64).reshape(4, 2) + 0.5) / scale - 0.5 for q in rejected]
    return SquarePass(part(True), part(False), unread)


def square_windows(squares: list[np.ndarray], sides: tuple[float, float],
                   margin: float = 0.5) -> list[tuple[int, int, int, int]]:
    """A window round each square whose side (original px) is within `sides`, `margin` of
    its side beyond it on every side (the detector needs the marker's white surround)."""
    windows = []
    least, most = sides
    for quad in squares:
        side = _perimeter(quad) / 4
        if least <= side <= most:
            lo, hi = quad.min(axis=0) - margin * side, quad.max(axis=0) + margin * side
            windows.append((int(lo[0]), int(lo[1]), int(hi[0]) + 1, int(hi[1]) + 1))
    return windows


def _perimeter(quad) -> float:
    q = np.asarray(quad, np.float64).reshape(4, 2)
    return float(np.sum(np.linalg.norm(q - np.roll(q, -1, axis=0), axis=1)))


def detect_in_windows(image: np.ndarray, windows: list[tuple[int, int, int, int]],
                      scale: float = 1.0, upsample: int = 1,
                      tiny: bool = False) -> list[Marker]:
    """Look again inside windows (x0, y0, x1, y1 in `image` px) of a sharper image, each
    enlarged `upsample` times (tiny markers); corners come back in original photo px
    (`image` is the photo scaled by `scale`). `tiny`: markers of a few px a module, blurred:
    the enlarged window is sharpened and read with a finer threshold window (slower, and
    it finds more candidates: for windows where such markers are expected)."""
    gray = to_gray(image)
    h, w = gray.shape
    found: list[Marker] = []
    for x0, y0, x1, y1 in windows:
        x0, y0, x1, y1 = max(0, x0), max(0, y0), min(w, x1), min(h, y1)
        if x1 - x0 < 16 or y1 - y0 < 16:
            continue
        crop = _enlarged(gray[y0:y1, x0:x1], upsample, sharpen=tiny)
        try:
            corners, ids, _ = _detector(small=True, tiny=tiny).detectMarkers(crop)
        except cv2.error:
            continue
        if ids is None:
            continue
        # back to `image` px (pixel centres) before the common conversion
        corners = [(c + 0.5) / upsample - 0.5 for c in corners]
        found += _collect(corners, ids, 1.0 / scale, (x0, y0))
    return found


def detect_enlarged(image: np.ndarray, scale: float = 1.0, upsample: int = 2) -> list[Marker]:
    """Every marker of the whole image enlarged `upsample` times (small markers read better
    so), corners in original photo px: what `detect_in_windows` finds in windows tiling
    the image, in one pass (a third less time: no overlap read twice, no finest threshold)."""
    gray = _enlarged(to_gray(image), upsample, sharpen=False)
    try:
        corners, ids, _ = _detector(whole=max(gray.shape)).detectMarkers(gray)
    except cv2.error as exc:
        raise DetectError(f"marker detection failed: {exc}") from None
    corners = [(c + 0.5) / upsample - 0.5 for c in corners]
    return _collect(corners, ids, 1.0 / scale, (0.0, 0.0))


def unread_squares(image: np.ndarray, scale: float = 1.0, upsample: int = 2,
                   sharpen: bool = True) -> list[np.ndarray]:
    """Marker-like dark squares the detector found but could not decode (its rejected
    candidates), each 4x2 in original photo px, corners in no known order: where markers
    too small or blurred to read still show their outline. The image is enlarged
    `upsample` times (and sharpened) first, as `detect_in_windows(tiny=True)` does."""
    gray = _enlarged(to_gray(image), upsample, sharpen)
    try:
        _corners, _ids, rejected = _detector(tiny=True).detectMarkers(gray)
    except cv2.error as exc:
        raise DetectError(f"marker detection failed: {exc}") from None
    return [((np.asarray(r, np.float64).reshape(4, 2) + 0.5) / upsample - 0.5) / scale
            for r in rejected]


def _enlarged(gray: np.ndarray, upsample: int, sharpen: bool) -> np.ndarray:
    """`gray` enlarged `upsample` times, and sharpened (tiny, blurred markers' modules)."""
    if upsample > 1:
        gray = cv2.resize(gray, None, fx=upsample, fy=upsample, interpolation=cv2.INTER_CUBIC)
    if sharpen:
        soft = cv2.GaussianBlur(gray, (0, 0), TINY_SHARPEN_SIGMA * upsample)
        gray = cv2.addWeighted(gray, 1 + TINY_SHARPEN, soft, -TINY_SHARPEN, 0)
    return gray


def _collect(corners, ids, factor: float, offset: tuple[float, float]) -> list[Marker]:
    if ids is None:
        return []
    found = []
    for quad, marker_id in zip(corners, ids.ravel(), strict=True):
        # Pixel-centre coordinates, as OpenCV's: scaling goes through pixel edges.
        pts = (quad.reshape(4, 2).astype(np.float64) + np.asarray(offset) + 0.5) * factor - 0.5
        found.append(Marker(int(marker_id), pts))
    found.sort(key=lambda m: m.id)
    return found


def merge_markers(markers: list[Marker], extra: list[Marker]) -> list[Marker]:
    """Add markers found on a second look, unless the same id is already there (a copy
    within one marker's width is the same marker seen twice). Sorted by id."""
    merged = list(markers)
    for m in extra:
        same = [k for k in merged if k.id == m.id]
        if any(np.linalg.norm(k.centre - m.centre) < k.side for k in same):
            continue
        merged.append(m)
    merged.sort(key=lambda m: m.id)
    return merged

"""Read small tile markers bit by bit where the grid says they must be (the discreet
print's one small marker a tile, too small to find on its own in a 3 MP photo).

The discreet print's markers (8.54 mm, 1.22 mm modules) are a few px a module in a 3 MP
photo: ArUco rarely finds their outline there. Once the grid is known (board markers, or
tiles read by their markers), a cell that looks occupied has its tile's markers at one of
its four corners. Each corner is seen square-on (`rectify`, 8 px/mm) and ranked by how
like a marker's frame it looks on a sparse grid of poses; the likeliest is read first, and
the next only if it is no allowed tile's marker (the print has one a tile). At a corner
read, the marker's frame is searched (a few mm and degrees off: a tile is placed by hand)
by its black border inside the white quiet zone, and its 5x5 bits are sampled and matched
to the dictionary.

Accepted only when the bits are an allowed id's (a marker of a tile not yet seen, for
that corner of the cell at the quarter turn the marker's orientation says) exactly or but
one bit off: the dictionary's codes are at least 6 bits apart at every turn, so such a
match is unique. The marker comes back as if detected (its four corners in photo px), and
the grid places its tile from it as from any other marker.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

import cv2
import numpy as np

from pnp.geometry.asterion.markers import tile_for_marker
from pnp.geometry.asterion.tile import marker_places
from pnp.markers import dictionary_name, marker_ids
from referee.asterion.grid import CELL, Grid, marker_model
from referee.asterion.markers import TileMarker
from referee.geometry import rectify, rotation

PPM = 8.0                   # px per mm of the rectified corner windows
SEARCH_MM = 4.0             # how far off its place a marker is looked for ...
SEARCH_DEG = 9.0            # ... and how far turned
MIN_CONTRAST = 10.0         # grey levels between the quiet zone and the black border: a
#                             mark washed out by glare keeps 16-17 (benchmark seed 1 photos
#                             211, 257), no mark 0-3; its bits must still be an allowed code
MAX_BITS_OFF = 1            # bits that may differ from the id's code
SHARPEN, SHARPEN_SIGMA = 2.0, 0.6   # unsharp mask: amount, blur in modules
LEVELS = (0.4, 0.5)         # bit thresholds between the border's and the quiet zone's grey
BLURS = (0.35, 0.5, 0.65, 0.8)  # blurs (Gaussian sigma, modules) a mark's code is fitted at
BLUR_MARGIN = 0.5           # the best code's misfit at most this share of the next best's


@cache
def code_bits() -> np.ndarray:
    """Every id's 5x5 bits (1 white) as drawn upright, (ids, 25)."""
    d = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary_name()))
    n = d.markerSize
    return np.array([cv2.aruco.Dictionary.getBitsFromByteList(d.bytesList[i:i + 1], n)
                     .reshape(-1) for i in range(len(d.bytesList))], np.uint8)


@cache
def _tile_ids() -> dict[int, tuple[str, str]]:
    ids = marker_ids("asterion", "tiles")
    return {i: owner for i in ids if (owner := tile_for_marker(i)) is not None}


def _grid(modules: int) -> np.ndarray:
    """Module centres of a (modules x modules) square, in module units about its centre,
    row by row from the top-left."""
    r = np.arange(modules) - (modules - 1) / 2
    yy, xx = np.meshgrid(r, r, indexing="ij")
    return np.c_[xx.ravel(), yy.ravel()]


_NINE = _grid(9)                              # quiet ring, black border, 5x5 bits
_RING = np.max(np.abs(_NINE), axis=1)
QUIET, BORDER, INNER = _RING == 4, _RING == 3, _RING <= 2


# the quiet ring's module centres, then the black border's (each in `_NINE`'s order)
_FRAME = np.concatenate([_NINE[QUIET], _NINE[BORDER]])
_QUIET_COUNT = int(QUIET.sum())


def _sample(patch: np.ndarray, points_px: np.ndarray) -> np.ndarray:
    """Bilinear grey values at points (..., 2) of the patch."""
    shape = points_px.shape[:-1]
    flat = points_px.reshape(-1, shape[-1] if len(shape) > 1 else 1, 2).astype(np.float32)
    out = cv2.remap(patch, np.ascontiguousarray(flat[..., 0]), np.ascontiguousarray(flat[..., 1]),
                    cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return out.reshape(shape).astype(np.float32)


def _steps(search: tuple[float, float, float, float]) -> tuple[np.ndarray, np.ndarray]:
    """A pose search's shifts (mm, both axes) and turns (deg) about its centre."""
    shift, step, turn, turn_step = search
    return (np.arange(-shift, shift + step / 2, step),
            np.arange(-turn, turn + turn_step / 2, turn_step))


def _pose_at(search: tuple[float, float, float, float], centre: np.ndarray, k: int
             ) -> np.ndarray:
    """Pose k (dx, dy, deg) of a search about `centre`: x shifts slowest, turns fastest."""
    s, a = _steps(search)
    ix, iy, ia = np.unravel_index(k, (len(s), len(s), len(a)))
    return np.array([s[ix], s[iy], a[ia]]) + centre


def _points(poses: np.ndarray, module: float, pattern: np.ndarray) -> np.ndarray:
    """The pattern's points (module units) at every pose, in mm about the window centre."""
    rad = np.radians(poses[:, 2])
    c, s = np.cos(rad)[:, None], np.sin(rad)[:, None]
    x, y = pattern[:, 0] * module, pattern[:, 1] * module
    return np.stack([poses[:, :1] + c * x - s * y, poses[:, 1:2] + s * x + c * y], axis=-1)


def _sample_poses(patch: np.ndarray, search: tuple[float, float, float, float],
                  centre: np.ndarray, half_mm: float, pattern_mm: np.ndarray) -> np.ndarray:
    """Bilinear grey values of the pattern's points (mm about the pose) at every pose of a
    search about `centre` (`_pose_at` order), (poses, points), laid out point by point."""
    return _remapped(patch, _pose_maps(search, centre, half_mm, pattern_mm))


def _remapped(patch: np.ndarray, maps: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """The patch sampled at (points, poses) maps, as (poses, points)."""
    out = cv2.remap(patch, *maps, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return out.astype(np.float32).T


def _pose_maps(search: tuple[float, float, float, float], centre: np.ndarray, half_mm: float,
               pattern_mm: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Where `_sample_poses` samples (patch px, x and y, (points, poses)): each point's x
    computed once per x shift and turn, y once per y shift and turn, not once per pose
    (the search is most of a mark's reading)."""
    s, a = _steps(search)
    rad = np.radians(a + centre[2])
    c, sn = np.cos(rad)[:, None], np.sin(rad)[:, None]
    x, y = pattern_mm[:, 0], pattern_mm[:, 1]
    # (points, x shifts, turns) and (points, y shifts, turns) to (points, x, y shifts, turns)
    xs = (((s + centre[0])[:, None, None] + c * x - sn * y) + half_mm) * PPM - 0.5
    ys = (((s + centre[1])[:, None, None] + sn * x + c * y) + half_mm) * PPM - 0.5
    xs, ys = xs.transpose(2, 0, 1), ys.transpose(2, 0, 1)
    shape = (len(x), len(s), len(s), len(a))
    map_x = np.broadcast_to(xs[:, :, None], shape).astype(np.float32).reshape(len(x), -1)
    map_y = np.broadcast_to(ys[:, None], shape).astype(np.float32).reshape(len(x), -1)
    return map_x, map_y


COARSE = (SEARCH_MM, 0.4, SEARCH_DEG, 3.0)      # find_frame's search: shifts, turns ...
FINE = (0.4, 0.1, 3.0, 0.75)                    # ... then round the best of them


@cache
def _coarse_maps(half_mm: float, module: float) -> tuple[np.ndarray, np.ndarray]:
    """`_pose_maps` of find_frame's first search: the same for every corner of a design
    (about its expected place)."""
    return _pose_maps(COARSE, np.zeros(3), half_mm, _FRAME * module)


def _frame_scores(v: np.ndarray) -> np.ndarray:
    """How like a marker's frame each pose's greys (poses, `_FRAME` points, laid out point
    by point) are: the quiet ring's mean less the border's, less half of each one's spread
    (numpy's mean and std, each row's mean taken once for both: the same values, summed
    point by point as numpy sums a selection of columns)."""
    q, b = v[:, :_QUIET_COUNT], v[:, _QUIET_COUNT:]
    mean_q, mean_b = q.mean(1, keepdims=True), b.mean(1, keepdims=True)
    return (mean_q[:, 0] - mean_b[:, 0]) - 0.5 * (_spread(q, mean_q) + _spread(b, mean_b))


def _spread(v: np.ndarray, mean: np.ndarray) -> np.ndarray:
    """Each row's standard deviation about its `mean` (as `np.std` computes it)."""
    d = v - mean
    return np.sqrt((d * d).sum(1) / v.shape[1])


def find_frame(patch: np.ndarray, half_mm: float, module: float
               ) -> tuple[np.ndarray, float, float] | None:
    """The best marker frame in a square-on patch (PPM px/mm, the marker's expected centre
    in its middle): (dx, dy, deg) about the middle, the quiet zone's and the border's grey.
    None without a black frame in a white zone."""
    to_px = PPM
    v = _remapped(patch, _coarse_maps(half_mm, module))
    best = _pose_at(COARSE, np.zeros(3), int(np.argmax(_frame_scores(v))))
    v = _sample_poses(patch, FINE, best, half_mm, _FRAME * module)
    best = _pose_at(FINE, best, int(np.argmax(_frame_scores(v))))
    pts = _points(best[None], module, _NINE)[0]
    v = _sample(patch, (pts + half_mm) * to_px - 0.5)
    quiet, border = float(np.mean(v[QUIET])), float(np.mean(v[BORDER]))
    if quiet - border < MIN_CONTRAST:
        return None
    return best, quiet, border


def read_bits(patch: np.ndarray, pose: np.ndarray, half_mm: float, module: float,
              threshold: float) -> list[np.ndarray]:
    """The 5x5 bits (1 white) at a frame's pose, read from each of its four corners taken
    as the printed top-left (clockwise): index k starts k corners further on."""
    return [(means > threshold).astype(np.uint8)
            for means in _turned_means(patch, pose, half_mm, module, INNER)]


# each module from 3x3 points a quarter module apart: noise and a little blur average
_SUB = np.array([(x, y) for y in (-0.25, 0, 0.25) for x in (-0.25, 0, 0.25)])


@cache
def _turns(modules: bytes) -> np.ndarray:
    """For each quarter turn k, which of the `modules` (a mask of `_NINE`) lies where the
    k-turned pattern puts each of them, (4, modules): the 9x9 square is its own quarter
    turn, so one sampling serves all four."""
    where = _NINE[np.frombuffer(modules, bool)]
    index = {tuple(p): i for i, p in enumerate(np.round(where).astype(int))}
    return np.array([[index[tuple(p)] for p in np.round(where @ rotation(90.0 * k).T)
                      .astype(int)] for k in range(4)])


def _turned_means(patch: np.ndarray, pose: np.ndarray, half_mm: float, module: float,
                  mask: np.ndarray) -> np.ndarray:
    """Mean grey of each module of `mask` (of `_NINE`) from its 3x3 points, read with each
    of the frame's four corners as the printed top-left, (4, modules): sampled once (each
    module's points the same at every turn, the sub-points not turned)."""
    means = _sample(patch, _module_px(pose, half_mm, module, mask))
    return means.reshape(int(mask.sum()), -1).mean(1)[_turns(mask.tobytes())]


def _module_px(pose: np.ndarray, half_mm: float, module: float, mask: np.ndarray
               ) -> np.ndarray:
    """Where (patch px, float32) the 3x3 points of each module of `mask` lie at a pose."""
    where = _NINE[mask]
    pts = _points(pose[None], module, (where[:, None, :] + _SUB[None]).reshape(-1, 2))[0]
    return ((pts + half_mm) * PPM - 0.5).astype(np.float32)


@cache
def cell_corner_places(cell: tuple[int, int], design: str
                       ) -> tuple[tuple[np.ndarray, tuple[tuple[str, int], ...]], ...]:
    """The four marker places of a cell (centre, table mm, read-only) with the (corner,
    quarter turn) pairs that put a tile's marker there (the mark design `design`'s); kept,
    as a photo asks for a cell again after each plane fit."""
    model = marker_model(design)
    places: list[tuple[np.ndarray, list[tuple[str, int]]]] = []
    base = CELL * np.array(cell, np.float64)
    for rot in (0, 90, 180, 270):
        for corner, quad in model.items():
            c = quad.mean(axis=0) @ rotation(rot).T + base
            for centre, owners in places:
                if np.linalg.norm(centre - c) < 1.0:
                    owners.append((corner, rot))
                    break
            else:
                places.append((c, [(corner, rot)]))
    for centre, _ in places:
        centre.setflags(write=False)
    return tuple((centre, tuple(owners)) for centre, owners in places)


SPARSE = (2, 3)     # the corners ranked on every 2nd shift and 3rd turn of `COARSE`'s
#                     poses (11 x 11 x 3, about 1/8): the marker's corner came first in
#                     every cell of the benchmark's photos (seed 1, 92 photos)
NO_FRAME = 0.0      # a corner whose best ranking score is at most this is not read: no pose
#                     there shows a quiet ring brighter than the border by more than their
#                     spreads (on those photos a tile's own marker scored 12.8 at least, any
#                     corner read as a marker 3.3; where find_frame finds no frame at all
#                     3.5 at most, half of them below 0)


class CellBits:
    """One photo's markers read bit by bit: `read` gives the marker of a tile in `allowed`
    at one of a cell's four corners. A cell's corners are ranked once a plane by how like a
    marker's frame each looks on a sparse grid of poses, and read in that order, each once a
    plane (what they show stays until the grid is fitted again; only which tiles may lie
    there changes), up to the first that is an allowed tile's marker: the discreet print
    has one a tile, so most cells read one corner, not four."""

    def __init__(self, grey: np.ndarray, scale: float) -> None:
        self.grey, self.scale = grey, scale
        self._cells: dict[tuple[bytes, str, tuple[int, int]], _Corners] = {}

    def read(self, grid: Grid, cell: tuple[int, int], allowed: set[str]) -> list[TileMarker]:
        key = (grid.homography.tobytes(), grid.design, cell)
        if key not in self._cells:
            self._cells[key] = _Corners(self.grey, self.scale, grid, cell)
        return self._cells[key].first(allowed)


# one corner's frame: its pose, the corner's centre (mm), every code its bits are (marker
# id, its tile and corner, k: the printed top-left is k corners on) and whether they were
# fitted to a blur (`_fitted_hits`) rather than read by thresholds
_CornerRead = tuple[np.ndarray, np.ndarray, set[tuple[int, tuple[str, str], int]], bool]


class _Corners:
    """A cell's four marker places under one plane: seen square-on and ranked at once,
    each read (`_corner_read`) only when asked for."""

    def __init__(self, grey: np.ndarray, scale: float, grid: Grid, cell: tuple[int, int]
                 ) -> None:
        self.grid = grid
        self.module = marker_places(grid.design)[0].size / 7
        self.half = 4.5 * self.module + SEARCH_MM + 1.0
        places = []
        for centre, placed in cell_corner_places(cell, grid.design):
            patch = rectify(grey, grid.homography, scale,
                            (centre[0] - self.half, centre[1] - self.half), 2 * self.half, PPM)
            score = float(np.max(_frame_scores(
                _remapped(patch, _sparse_maps(self.half, self.module)))))
            if score > NO_FRAME:
                places.append((score, centre, placed, patch))
        # likeliest first (a stable sort: ties keep the cell's own order)
        ranked = sorted(places, key=lambda p: -p[0])
        self.places = [(centre, placed) for _, centre, placed, _ in ranked]
        self.patches = {i: patch for i, (*_, patch) in enumerate(ranked)}   # until read
        self.reads: dict[int, _CornerRead | None] = {}

    def first(self, allowed: set[str]) -> list[TileMarker]:
        """The first corner, likeliest first, that is the marker of a tile in `allowed`."""
        for i, (centre, placed) in enumerate(self.places):
            if i not in self.reads:
                self.reads[i] = _corner_read(self.patches.pop(i), centre, placed, self.half,
                                             self.module)
            read = self.reads[i]
            if read is not None and (marker := _chosen(read, self.grid, allowed)) is not None:
                return [marker]
        return []


@cache
def _sparse_maps(half_mm: float, module: float) -> tuple[np.ndarray, np.ndarray]:
    """`_coarse_maps` at the ranking's sparse poses (`SPARSE`)."""
    map_x, map_y = _coarse_maps(half_mm, module)
    s, a = _steps(COARSE)
    every, turns = SPARSE
    poses = np.arange(map_x.shape[1]).reshape(len(s), len(s), len(a))[::every, ::every, ::turns]
    return (np.ascontiguousarray(map_x[:, poses.ravel()]),
            np.ascontiguousarray(map_y[:, poses.ravel()]))


def _sharpened_means(patch: np.ndarray, pose: np.ndarray, half_mm: float, module: float
                     ) -> np.ndarray:
    """`_turned_means` of the bits in an unsharp-masked copy of the patch. Only the part
    the bits' points and the blur's reach need is sharpened: the same greys there
    (OpenCV's 8-bit Gaussian is exact; a part that meets the patch's edge has its border)
    at a fraction of the cost; the points are moved onto it in float32, exactly."""
    px = _module_px(pose, half_mm, module, INNER)
    sigma = SHARPEN_SIGMA * PPM * module
    reach = int(np.ceil(3 * sigma)) + 2   # past the 8-bit kernel's radius (3 sigma, rounded)
    lo = np.maximum(np.floor(px.min(0)).astype(int) - reach, 0)
    hi = np.minimum(np.ceil(px.max(0)).astype(int) + reach + 1, patch.shape[::-1])
    part = patch[lo[1]:hi[1], lo[0]:hi[0]]
    soft = cv2.GaussianBlur(part, (0, 0), sigma)
    sharp = cv2.addWeighted(part, 1 + SHARPEN, soft, -SHARPEN, 0)
    means = _sample(sharp, px - lo.astype(np.float32))
    return means.reshape(int(INNER.sum()), -1).mean(1)[_turns(INNER.tobytes())]


def _corner_read(patch: np.ndarray, centre: np.ndarray, placed: Sequence[tuple[str, int]],
                 half: float, module: float) -> _CornerRead | None:
    """The marker frame at a corner (None if none shows) and the tile markers of any tile
    its bits may be (each at the turn that puts that corner there)."""
    codes, owners = code_bits(), _tile_ids()
    frame = find_frame(patch, half, module)
    if frame is None:
        return None
    pose, quiet, border = frame
    # blur greys a lone white bit among black ones: read a sharpened copy, at two
    # levels between the border's black and the quiet zone's white
    hits = set()
    means = _sharpened_means(patch, pose, half, module)         # both levels' bits
    for k, bits in ((k, (means[k] > border + level * (quiet - border)).astype(np.uint8))
                    for level in LEVELS for k in range(4)):
        off = np.count_nonzero(codes != bits, axis=1)
        for marker_id in np.flatnonzero(off <= MAX_BITS_OFF):
            owner = owners.get(int(marker_id))
            if owner is None:
                continue
            # the printed top-left is k corners on: the marker is turned 90 k more
            # than the frame; it must be the turn that puts this corner here
            turn = (pose[2] + 90.0 * k) % 360.0
            rot = round(turn / 90.0) % 4 * 90
            if (owner[1], rot) in placed:
                hits.add((int(marker_id), owner, k))
    fitted = not hits
    if fitted:
        hits = _fitted_hits(patch, pose, half, module, placed)
    return pose, centre, hits, fitted


def _module_means(patch: np.ndarray, pose: np.ndarray, half_mm: float, module: float
                  ) -> np.ndarray:
    """Mean grey of each of the 9x9 modules (quiet ring included) read with each of the
    frame's four corners as the printed top-left, (4, 81), row by row."""
    return _turned_means(patch, pose, half_mm, module, np.ones(len(_NINE), bool))


@cache
def _blurred_codes(sigma: float) -> np.ndarray:
    """Every id's 9x9 mark (white quiet ring, black border, its bits) blurred by a Gaussian
    of `sigma` modules, (ids, 81), as sampled module by module."""
    marks = np.zeros((len(code_bits()), len(_NINE)), np.float64)
    marks[:, QUIET] = 1.0
    marks[:, INNER] = code_bits()
    d2 = ((_NINE[:, None, :] - _NINE[None, :, :]) ** 2).sum(-1)
    kernel = np.exp(-d2 / (2 * sigma ** 2))
    return marks @ (kernel / kernel.sum(1, keepdims=True)).T


def _misfits(seen: np.ndarray, predicted: np.ndarray) -> np.ndarray:
    """Least-squares misfit of seen module greys (81) to each prediction (n, 81) up to a
    grey offset and a gain, over the border and the bits (the quiet ring is the tile's art).
    The gain is at least 0: a code that fits only inverted (white for black) explains the
    greys no better than a flat grey does, and is scored so (not left out: the margin
    below would then pass with no runner-up at all)."""
    return _centred_misfits(seen[None], *_centred(predicted))[0]


def _centred(predicted: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The predictions over the border and the bits less their means, and their sums of
    squares: what `_misfits` needs of them, whatever the greys seen."""
    x = predicted[:, BORDER | INNER]
    xc = x - x.mean(1, keepdims=True)
    return xc, np.maximum((xc * xc).sum(1), 1e-9)


@cache
def _centred_codes() -> tuple[np.ndarray, np.ndarray]:
    """`_centred` of every id's mark blurred by each of `BLURS`, blur by blur (the same for
    every corner read), (blurs x ids, ...)."""
    return _centred(np.concatenate([_blurred_codes(sigma) for sigma in BLURS]))


def _centred_misfits(seen: np.ndarray, xc: np.ndarray, squares: np.ndarray) -> np.ndarray:
    """`_misfits` of each row of seen greys (rows, 81) from `_centred` predictions, (rows,
    n): in closed form, the residual's squares being the greys' spread less what the best
    gain explains (the gain's product, over predictions and rows, one matrix product)."""
    y = seen[:, BORDER | INNER]
    yc = y - y.mean(1, keepdims=True)
    dot = yc @ xc.T
    explained = np.where(dot > 0.0, dot * dot / squares, 0.0)     # the gain at least 0
    return np.maximum((yc * yc).sum(1, keepdims=True) - explained, 0.0)


def _fitted_hits(patch: np.ndarray, pose: np.ndarray, half_mm: float, module: float,
                 placed: Sequence[tuple[str, int]]) -> set[tuple[int, tuple[str, str], int]]:
    """A blurred mark's code where thresholds read no allowed one: every id's mark blurred
    alike fitted to the module greys; taken only if the best fit, over every id at every
    turn, is clearly better than the next, at the first of `BLURS` where one is (a blur
    spreads a bit into its neighbours, which a threshold cannot undo and a fit of the whole
    mark can)."""
    seen = _module_means(patch, pose, half_mm, module)
    owners = _tile_ids()
    ids = len(code_bits())
    every = _centred_misfits(seen, *_centred_codes())       # (turns, blurs x ids)
    for b in range(len(BLURS)):
        misfit = every[:, b * ids:(b + 1) * ids]
        order = np.argsort(misfit, axis=None)
        first, second = misfit.flat[order[0]], misfit.flat[order[1]]
        if not first < BLUR_MARGIN * second:
            continue
        k, marker_id = np.unravel_index(order[0], misfit.shape)
        owner = owners.get(int(marker_id))
        rot = round(((pose[2] + 90.0 * k) % 360.0) / 90.0) % 4 * 90
        if owner is not None and (owner[1], rot) in placed:
            return {(int(marker_id), owner, int(k))}
    return set()


def _chosen(read: _CornerRead, grid: Grid, allowed: set[str]) -> TileMarker | None:
    """The corner as a marker, if its bits are one marker of a tile in `allowed`."""
    pose, centre, every, fitted = read
    hits = {h for h in every if h[1][0] in allowed}
    if len(hits) != 1:
        return None                   # nothing, or two readings: no guess
    marker_id, (tile, corner), k = hits.pop()
    module = marker_places(grid.design)[0].size / 7
    square = np.array([(-3.5, -3.5), (3.5, -3.5), (3.5, 3.5), (-3.5, 3.5)])
    square = np.roll(square, -k, axis=0)
    corners_mm = _points(pose[None], module, square)[0] + centre
    return TileMarker(marker_id, grid.to_image(corners_mm), tile, corner, fitted)

"""Fit the table plane and put every tile on its cell, turned its way.

Frames: the *table frame* is millimetres on the table, x right, y down as seen from
above, cell (i, j) centred on (50 i, 50 j); the Minotaur's cell is (0, 0). A tile at
rotation r (clockwise) maps a point p of its own frame (upright, origin at its top-left)
to `50 (i, j) + R(r) (p - (25, 25))`.

Without the board nothing on the table is fixed, so the plane is grown from one tile: seed
with the Minotaur (else the first tile seen by the most markers), then repeatedly take the
unplaced tile nearest in the photo, predict its pose through the current fit, round to a
cell and a quarter turn, and refit the plane to every placed marker's ideal position. The
fit is to the grid *as placed* (small gaps between hand-placed tiles become a slightly
larger pitch), so rounding stays right across the whole table. Each tile's own pose (its
markers, rigidly fitted in the plane) says how far it sits from its cell: a tile a quarter
cell off or turned more than 20 degrees is flagged, never rounded silently.

With the Crete board its 24 markers fix the plane and the squares exactly.

Last, the whole result is turned so that the Minotaur has rotation 0 (turning the whole
table changes no score: `Table.turned`), and moved so that it sits at (0, 0).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import TYPE_CHECKING

import numpy as np

from pnp.geometry.asterion.board import board_marker_places
from pnp.geometry.asterion.tile import marker_places, printed_marks, tile_spec
from pnp.rules.asterion.connect import tile_order
from referee.asterion.markers import TileMarker as Marker
from referee.asterion.problems import TILE_AMBIGUOUS, TILE_UNREADABLE
from referee.errors import GridError
from referee.geometry import fit_plane, plane_from_markers, project, rigid_fit, rotation
from referee.problems import DUPLICATE_ID, TOO_FEW_MARKERS, RefereeProblem

if TYPE_CHECKING:
    from referee.asterion.outlines import OutlinePlane

CELL = 50.0                 # mm, tile and board square
MINOTAUR = "M"
OFF_CELL_MM = 12.5          # a tile centre this far from its cell's centre is ambiguous
OFF_TURN_DEG = 20.0         # ... and a tile turned this far from a quarter turn
TILE_FIT_MM = 3.0           # a tile's two markers disagree with its shape by this much
MIN_BOARD_MARKERS = 4


def cell_offset(centre: tuple[float, float], cell: tuple[int, int]) -> tuple[float, float]:
    """Table mm from the cell's centre to `centre` (a tile's, a mark's)."""
    return (centre[0] - CELL * cell[0], centre[1] - CELL * cell[1])


@dataclass
class TilePose:
    tile: str
    cell: tuple[int, int]
    rot: int                             # 0, 90, 180, 270
    centre: tuple[float, float]          # table mm: where the tile really lies
    angle: float                         # degrees clockwise: how it is really turned
    markers: tuple[Marker, ...]
    residual: float = 0.0                # mm: its markers against a rigid tile

    @property
    def offset(self) -> tuple[float, float]:
        return cell_offset(self.centre, self.cell)

    @property
    def skew(self) -> float:
        return (self.angle - self.rot + 180.0) % 360.0 - 180.0

    @property
    def ambiguous(self) -> bool:
        dx, dy = self.offset
        return max(abs(dx), abs(dy)) > OFF_CELL_MM or abs(self.skew) > OFF_TURN_DEG


@dataclass
class Grid:
    homography: np.ndarray               # table mm -> photo px
    tiles: list[TilePose]                # catalogue order
    board: bool                          # the board's markers fixed the plane
    board_markers: int = 0
    problems: list[RefereeProblem] = field(default_factory=list)
    rms_px: float = 0.0                  # marker corners against the fitted plane
    # cells where a mark was seen but not read (outlines.py), in this grid's frame, and
    # the turn its place in the cell's corner gives the tile: the cells to read first
    # while no tile is placed, and at that turn only
    marked: dict[tuple[int, int], int] = field(default_factory=dict)
    design: str = field(default_factory=printed_marks)   # the tiles' mark design (design.py)

    def to_image(self, points_mm: np.ndarray) -> np.ndarray:
        return project(self.homography, points_mm)

    def cell_point(self, cell: tuple[int, int]) -> tuple[float, float]:
        p = self.to_image(np.array([[CELL * cell[0], CELL * cell[1]]]))[0]
        return (float(p[0]), float(p[1]))


# --- Asterion's tile and board geometry -----------------------------------------------

@cache
def marker_model(design: str) -> dict[str, np.ndarray]:
    """Each tile marker's corners (printed TL, TR, BR, BL) relative to the tile centre, mm,
    tile upright, as the mark design `design` prints them."""
    c = tile_spec(design).centre
    model = {}
    for place in marker_places(design):
        x, y, s = place.x - c, place.y - c, place.size
        model[place.corner] = np.array([[x, y], [x + s, y], [x + s, y + s], [x, y + s]])
    return model


@cache
def board_model() -> dict[int, np.ndarray]:
    return {m.id: np.array(m.corners, np.float64) for m in board_marker_places()}


def in_cell(model: np.ndarray, cell: tuple[int, int], rot: int) -> np.ndarray:
    """Points of a tile's frame (mm from its centre, upright) where the tile puts them in
    `cell`, turned `rot`: table mm."""
    return model @ _turn(rot).T + CELL * np.array(cell, np.float64)


@cache
def _turn(rot: int) -> np.ndarray:
    """`rotation` of a quarter turn, made once (a fit places every tile many times)."""
    r = rotation(rot)
    r.flags.writeable = False
    return r


def _ideal(marker: Marker, cell: tuple[int, int], rot: int, design: str) -> np.ndarray:
    return in_cell(marker_model(design)[marker.corner], cell, rot)


def pose_in_plane(h_inv: np.ndarray, markers: tuple[Marker, ...], design: str
                  ) -> tuple[float, np.ndarray, float]:
    """A tile's turn (deg), centre (table mm) and residual (mm) from its markers."""
    model = np.vstack([marker_model(design)[m.corner] for m in markers])
    seen = np.vstack([project(h_inv, m.corners) for m in markers])
    return rigid_fit(model, seen)


def snap(angle: float, centre: np.ndarray) -> tuple[tuple[int, int], int]:
    rot = round(angle / 90.0) % 4 * 90
    return (round(float(centre[0]) / CELL), round(float(centre[1]) / CELL)), rot


# --- the fit -----------------------------------------------------------------------------

class _Seen:
    """Every grouped tile's markers stacked once per fit (catalogue order): the fit places
    the same markers in many planes, so their model corners, photo corners and photo
    centres are gathered once and each plane costs one projection of them all."""

    def __init__(self, groups: dict[str, tuple[Marker, ...]], design: str) -> None:
        self.groups = groups
        self.tiles = sorted(groups, key=tile_order)
        models = marker_model(design)
        self.model = {t: np.vstack([models[m.corner] for m in groups[t]]) for t in self.tiles}
        self.corners = {t: np.vstack([m.corners for m in groups[t]]) for t in self.tiles}
        self.centre = {t: centre_px(groups[t], design) for t in self.tiles}
        counts = np.array([len(self.model[t]) for t in self.tiles], np.intp)
        self.counts = counts
        self.starts = np.r_[0, np.cumsum(counts)[:-1]].astype(np.intp)
        if self.tiles:
            all_model = np.vstack([self.model[t] for t in self.tiles])
            self.all_corners = np.vstack([self.corners[t] for t in self.tiles])
            self.model_mean = np.add.reduceat(all_model, self.starts, axis=0) / counts[:, None]
            self.all_model = all_model
            self.model_centred = all_model - np.repeat(self.model_mean, counts, axis=0)

    def pose(self, h_inv: np.ndarray, tile: str) -> tuple[float, np.ndarray, float]:
        """One tile's turn (deg), centre (table mm) and residual (mm) in a plane."""
        return rigid_fit(self.model[tile], project(h_inv, self.corners[tile]))

    def poses(self, h_inv: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Every tile's `pose` at once: `rigid_fit` per tile, summed per tile's segment."""
        seen = project(h_inv, self.all_corners)
        counts, starts = self.counts, self.starts
        seen_mean = np.add.reduceat(seen, starts, axis=0) / counts[:, None]
        q = seen - np.repeat(seen_mean, counts, axis=0)
        p = self.model_centred
        cross = np.add.reduceat(p[:, 0] * q[:, 1] - p[:, 1] * q[:, 0], starts)
        dot = np.add.reduceat(p[:, 0] * q[:, 0] + p[:, 1] * q[:, 1], starts)
        angle = np.degrees(np.arctan2(cross, dot))
        c, s = np.cos(np.radians(angle)), np.sin(np.radians(angle))
        pm = self.model_mean
        shift = seen_mean - np.c_[c * pm[:, 0] - s * pm[:, 1], s * pm[:, 0] + c * pm[:, 1]]
        cc, ss = np.repeat(c, counts), np.repeat(s, counts)
        m, sh = self.all_model, np.repeat(shift, counts, axis=0)
        err = (np.c_[cc * m[:, 0] - ss * m[:, 1], ss * m[:, 0] + cc * m[:, 1]] + sh - seen)
        residual = np.sqrt(np.add.reduceat(np.sum(err ** 2, axis=1), starts) / counts)
        return angle, shift, residual


def _group(markers: list[Marker], design: str
           ) -> tuple[dict[str, tuple[Marker, ...]], list[RefereeProblem]]:
    """Tile markers by tile; a marker id seen twice, or a tile whose two markers are not
    where one tile would put them, is a duplicate: left out of the fit and reported."""
    problems: list[RefereeProblem] = []
    by_id: dict[int, list[Marker]] = {}
    for m in markers:
        if m.tile is not None:
            by_id.setdefault(m.id, []).append(m)
    by_tile: dict[str, list[Marker]] = {}
    dup: set[str] = set()
    for seen in by_id.values():
        if len(seen) > 1:
            dup.add(seen[0].tile or "")
        by_tile.setdefault(seen[0].tile or "", []).extend(seen)
    for tile, seen in by_tile.items():
        if tile in dup or len(seen) != 2 or len(marker_model(design)) != 2:
            continue          # (the one-mark print: a tile's id seen twice is a copy above)
        # Two markers of one tile: their distance in px must match one tile's geometry.
        # Compare against the marker size, which is known in both units.
        dist = float(np.linalg.norm(seen[0].centre - seen[1].centre))
        side = (seen[0].side + seen[1].side) / 2
        model = marker_model(design)
        expect = float(np.linalg.norm(model["NE"].mean(axis=0) - model["SW"].mean(axis=0)))
        size = tile_spec(design).marker_size
        if not 0.6 < dist / side * size / expect < 1.6:
            dup.add(tile)
    for tile in sorted(dup, key=tile_order):
        where = [m.centre for m in by_tile[tile]]
        problems.append(RefereeProblem(
            DUPLICATE_ID, f"{tile} is seen more than once (two copies of the tile?): "
                          f"left out; remove the copy", None,
            (float(where[0][0]), float(where[0][1]))))
    groups = {t: tuple(sorted(ms, key=lambda m: m.id)) for t, ms in by_tile.items()
              if t not in dup}
    return groups, problems


def fit_grid(markers: list[Marker], board: bool = False,
             outlines: OutlinePlane | None = None, design: str | None = None) -> Grid:
    """Place every tile whose markers were seen. Raises GridError if no tile marker is
    usable at all; everything else doubtful is a problem in the result. `outlines`: the
    open table's plane from marks seen but not read (outlines.py), kept while fewer tiles
    are read by their markers than its marks. `design`: the tiles' mark design (None: the
    one `pnp build` prints)."""
    design = design or printed_marks()
    groups, problems = _group(markers, design)
    seen = _Seen(groups, design)
    board_seen = [m for m in markers if m.tile is None and m.id in board_model()]
    sure = {t: g for t, g in groups.items() if not all(_fitted(m) for m in g)}
    if outlines is not None and not board and len(sure) < len(outlines.marks):
        return _on_outlines(outlines, seen, problems, design)
    # A mark read by fitting blurred codes (bits.py) is the right tile, but its corners are
    # a search's pose in the blur, often a mm or two off: a plane refitted to many of them
    # bends (benchmark seed 1 photo 273: worst, 3 MP, an open table; 19 such marks moved
    # every tile a cell or two). They are placed on the plane the other marks fit.
    fit_on = _Seen(sure, design) if len(sure) >= SURE_TILES and len(sure) < len(groups) else seen
    if not groups and not (board and len({m.id for m in board_seen}) >= MIN_BOARD_MARKERS):
        # (the board alone fixes the squares: a discreet print's tiles are then read
        # where the board puts them, bits.py)
        raise GridError("no tile markers to fit the table to")
    h: np.ndarray | None = None
    used_board = False
    if board:
        if len({m.id for m in board_seen}) >= MIN_BOARD_MARKERS:
            h = plane_from_markers(board_seen, board_model())
            used_board = h is not None
        if not used_board:
            problems.append(RefereeProblem(
                TOO_FEW_MARKERS, f"only {len({m.id for m in board_seen})} of the board's 24 "
                                 f"markers were read (need {MIN_BOARD_MARKERS}): the squares "
                                 f"cannot be fixed; cells are guessed from the tiles alone"))
    if h is None:
        if not groups:
            raise GridError("no tile markers to fit the table to")
        h, poses = _plane_from_tiles(fit_on, False, design)
        if design == "discreet":
            # the discreet print's small marks: also by the tiles' centres, and the plane
            # that puts more tiles square on their cells kept (`_fit_points`)
            other = _plane_from_tiles(fit_on, True, design)
            if _squareness(other[1]) > _squareness(poses):
                h, poses = other
        if fit_on is not seen:
            poses = _place_all(h, seen)
    else:
        poses = _place_all(h, seen)
    grid = Grid(h, poses, used_board, len(board_seen), problems, design=design)
    n_markers = sum(len(g) for g in groups.values())
    if n_markers < 2 and not used_board:
        problems.append(RefereeProblem(
            TOO_FEW_MARKERS, f"only {n_markers} tile marker was read: too few to fit the "
                             "table; take the photo again with the whole table in view, "
                             "filling the frame"))
    _normalise(grid)
    _check_poses(grid)
    grid.rms_px = _rms(grid, groups)
    return grid


def _on_outlines(outlines: OutlinePlane, seen: _Seen, problems: list[RefereeProblem],
                 design: str) -> Grid:
    """The tiles read by their markers put on the plane the marks' outlines gave (a few
    small marks alone would bend it: benchmark seed 1 photo 256)."""
    groups = seen.groups
    grid = Grid(outlines.homography.copy(), _place_all(outlines.homography, seen),
                False, problems=problems, marked={m.cell: m.rot for m in outlines.marks},
                design=design)
    _normalise(grid)
    _check_poses(grid)
    grid.rms_px = _rms(grid, groups) if groups else 0.0
    return grid


def _plane_from_tiles(seen: _Seen, by_centre: bool, design: str
                      ) -> tuple[np.ndarray, list[TilePose]]:
    """The plane grown from the tiles, then refitted to those that sit square on their
    cells and re-rounded until nothing moves; and the tiles' poses in it."""
    h = _grow(seen, by_centre, design)
    poses = _place_all(h, seen)
    for _ in range(4):
        h = _refit(poses, by_centre, seen)
        again = _place_all(h, seen)
        stable = ([(p.cell, p.rot, p.ambiguous) for p in again]
                  == [(p.cell, p.rot, p.ambiguous) for p in poses])
        poses = again
        if stable:
            break
    return h, poses


def _squareness(poses: list[TilePose]) -> tuple[int, float]:
    """How well a plane puts the tiles on cells: how many sit square on theirs, then how
    little they are off (the median, mm)."""
    square = [p for p in poses if not p.ambiguous]
    off = [float(np.hypot(*p.offset)) for p in square]
    return len(square), -float(np.median(off)) if off else 0.0


def _grow(seen: _Seen, by_centre: bool, design: str) -> np.ndarray:
    """Grow the plane from a seed tile outwards, nearest tile first (`by_centre`:
    `_fit_points`)."""
    groups = seen.groups
    ids = seen.tiles
    seed = MINOTAUR if MINOTAUR in groups else max(ids, key=lambda t: (len(groups[t]),
                                                                        -tile_order(t)))
    centres = {t: np.mean([m.centre for m in groups[t]], axis=0) for t in ids}
    # the seed's corners give the first turn and scale; on tiles placed by their centres
    # (`_fit_points`) they are dropped once a few tiles fix both
    seed_pts = ([_ideal(m, (0, 0), 0, design) for m in groups[seed]],
                [m.corners for m in groups[seed]])
    # the placed tiles' points, filled in as they come (a plane is fitted after each)
    size = len(ids) if by_centre else int(seen.counts.sum())
    table_buf, image_buf = np.empty((size, 2)), np.empty((size, 2))
    used, placed = 0, 0

    def add(t_pts: np.ndarray, i_pts: np.ndarray) -> None:
        nonlocal used, placed
        table_buf[used:used + len(t_pts)], image_buf[used:used + len(i_pts)] = t_pts, i_pts
        used, placed = used + len(t_pts), placed + 1

    def plane() -> np.ndarray:
        if by_centre and placed < SEED_TILES:
            return fit_plane(np.vstack(seed_pts[0] + [table_buf[:used]]),
                             np.vstack(seed_pts[1] + [image_buf[:used]]))
        return fit_plane(table_buf[:used], image_buf[:used])

    add(*_fit_points(seen, seed, (0, 0), 0, by_centre))
    h = plane()
    todo = [t for t in ids if t != seed]
    # each tile still to place: its distance to the nearest placed one (inf once placed;
    # the first nearest in catalogue order is taken)
    todo_c = np.array([centres[t] for t in todo]).reshape(-1, 2)
    dists = np.linalg.norm(todo_c - centres[seed], axis=1)
    done = np.zeros(len(todo), bool)
    for _ in range(len(todo)):
        k = int(np.argmin(dists))
        tile = todo[k]
        done[k] = True
        dists = np.minimum(dists, np.linalg.norm(todo_c - centres[tile], axis=1))
        dists[done] = np.inf
        angle, centre, _res = seen.pose(np.linalg.inv(h), tile)
        cell, rot = snap(angle, centre)
        probe = TilePose(tile, cell, rot, (float(centre[0]), float(centre[1])), angle, ())
        if probe.ambiguous:
            continue                  # placed, but it must not bend the plane
        add(*_fit_points(seen, tile, cell, rot, by_centre))
        h = plane()
    return h


SEED_TILES = 3              # tiles placed before the plane rests on their centres alone
SURE_TILES = 3              # tiles read by thresholds that fit the plane without the fitted


def _fitted(marker: Marker) -> bool:
    return getattr(marker, "fitted", False)


def _fit_points(seen: _Seen, tile: str, cell: tuple[int, int], rot: int, by_centre: bool
                ) -> tuple[np.ndarray, np.ndarray]:
    """The table mm and photo px a placed tile adds to the plane's fit: its markers'
    corners where the cell puts them; or, `by_centre`, its centre, found from its markers'
    own corners, at the cell's centre. The discreet print's one small marker says much
    about the tile's own turn and little about the plane: a hand turns a tile up to ~15
    degrees, and a plane fitted to 48 such turned squares was bent out of all shape
    (benchmark seed 1 photo 163: sloppy, 3 MP; every marker read, half the tiles put on wrong
    cells). A centre is off its cell only by how far the hand slid the tile. But a plane
    grown from centres is a similarity until 16 tiles are placed, too flat for a steep
    photo (seed 1 photo 47): both planes are fitted, and the squarer kept."""
    if not by_centre:
        return in_cell(seen.model[tile], cell, rot), seen.corners[tile]
    return CELL * np.array([cell], np.float64), seen.centre[tile][None, :]


def centre_px(markers: tuple[Marker, ...], design: str) -> np.ndarray:
    """Where a tile's centre lies in the photo (px), from its markers' corners alone: the
    affine map of the tile's frame (centred, upright) that fits them, at (0, 0)."""
    return _centre_weights(tuple(m.corner for m in markers), design) @ np.vstack(
        [m.corners for m in markers])


@cache
def _centre_weights(corners: tuple[str, ...], design: str) -> np.ndarray:
    """The least-squares affine fit of `centre_px` taken at (0, 0): a fixed weighting of
    the seen corners, the same for every tile seen by the same markers."""
    model = np.vstack([marker_model(design)[c] for c in corners])
    w = np.linalg.pinv(np.c_[model, np.ones(len(model))])[2]
    w.flags.writeable = False
    return w


def place_by_markers(grid: Grid, markers: tuple[Marker, ...]) -> TilePose:
    """A tile's pose on `grid` from its markers (read after the plane was fitted), as the
    fit places every tile."""
    angle, centre, residual = pose_in_plane(np.linalg.inv(grid.homography), markers,
                                            grid.design)
    cell, rot = snap(angle, centre)
    return TilePose(markers[0].tile, cell, rot, (float(centre[0]), float(centre[1])), angle,
                    markers, residual)


def _place_all(h: np.ndarray, seen: _Seen) -> list[TilePose]:
    if not seen.tiles:
        return []
    angles, centres, residuals = seen.poses(np.linalg.inv(h))
    poses = []
    for tile, angle, centre, residual in zip(seen.tiles, angles.tolist(), centres,
                                             residuals.tolist(), strict=True):
        cell, rot = snap(angle, centre)
        poses.append(TilePose(tile, cell, rot, (float(centre[0]), float(centre[1])), angle,
                              seen.groups[tile], residual))
    return poses


def _refit(poses: list[TilePose], by_centre: bool, seen: _Seen) -> np.ndarray:
    """Refit the plane to every tile's ideal place, leaving out tiles that sit far off
    their cell (they would pull the fit towards their error)."""
    good = [p for p in poses if not p.ambiguous] or poses
    # a plane needs more centres than a few (one is no plane at all: benchmark seed 1
    # photo 457, worst, 3 MP, a crash); their markers' corners then, as `_grow` does
    by_centre = by_centre and len(good) >= SEED_TILES
    pairs = [_fit_points(seen, p.tile, p.cell, p.rot, by_centre) for p in good]
    return fit_plane(np.vstack([t for t, _ in pairs]), np.vstack([i for _, i in pairs]))


def normalise(grid: Grid) -> None:
    """Turn and move the grid so that the Minotaur is at (0, 0) with rotation 0 (again,
    after it was found by its art)."""
    _normalise(grid)


def _normalise(grid: Grid) -> None:
    """Turn (and, without the board, move) the result so that the Minotaur has rotation 0
    at (0, 0). Turning the whole table changes no score (Table.turned); on the board a
    quarter turn about the centre maps squares onto squares."""
    m = next((p for p in grid.tiles if p.tile == MINOTAUR), None)
    if m is None:
        return
    quarters = (-m.rot // 90) % 4
    shift = np.zeros(2) if grid.board else -CELL * np.array(m.cell, np.float64)
    r = rotation(90.0 * quarters)
    # table mm (old) -> table mm (new): p' = R (p + shift)
    t = np.eye(3)
    t[:2, :2] = r
    t[:2, 2] = r @ shift
    grid.homography = grid.homography @ np.linalg.inv(t)
    grid.homography /= grid.homography[2, 2]
    def moved(cell: tuple[int, int]) -> tuple[int, int]:
        c = r @ (CELL * np.array(cell, np.float64) + shift) / CELL
        return round(float(c[0])), round(float(c[1]))

    for p in grid.tiles:
        c = r @ (np.array(p.centre) + shift)
        p.centre = (float(c[0]), float(c[1]))
        p.cell = moved(p.cell)
        p.angle = (p.angle + 90.0 * quarters) % 360.0
        p.rot = (p.rot + 90 * quarters) % 360
    grid.marked = {moved(cell): (rot + 90 * quarters) % 360 for cell, rot in grid.marked.items()}


def _check_poses(grid: Grid) -> None:
    for p in grid.tiles:
        if p.residual > TILE_FIT_MM:
            point = grid.cell_point(p.cell)
            grid.problems.append(RefereeProblem(
                TILE_UNREADABLE, f"{p.tile} at {p.cell[0]},{p.cell[1]}: its markers do not "
                                 f"fit one flat tile ({p.residual:.1f} mm off): bent, or "
                                 "partly covered?", p.cell, point))
        elif p.ambiguous:
            point = grid.cell_point(p.cell)
            dx, dy = p.offset
            grid.problems.append(RefereeProblem(
                TILE_AMBIGUOUS, f"{p.tile} lies between cells (read as {p.cell[0]},"
                                f"{p.cell[1]} rot {p.rot}, but {dx:+.0f},{dy:+.0f} mm off "
                                f"and turned {p.skew:+.0f} degrees): push it onto its cell",
                p.cell, point))


def _rms(grid: Grid, groups: dict[str, tuple[Marker, ...]]) -> float:
    errs = []
    for p in grid.tiles:
        for m in p.markers:
            err = grid.to_image(_ideal(m, p.cell, p.rot, grid.design)) - m.corners
            errs.append(np.sum(err ** 2, axis=1))
    return float(np.sqrt(np.mean(np.concatenate(errs)))) if errs else 0.0

"""Read what the markers do not say: cells that hold a tile nobody could identify (and,
from referee/asterion/tombs.py, tombs on prisoners).

Unidentified cells. Every empty-looking cell next to an identified tile is checked: a
tile whose markers are both covered (fingers, a glass) still shows corridors with dark
outlines and colours unlike the table. A cell counts as empty only if it looks like the
table around the layout (same colour, no dark lines); otherwise it is `cell-unidentified`.
A neighbouring cell outside the photo is `cell-out-of-view`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from pnp.geometry.asterion.tile import marker_places
from pnp.rules.asterion.table import BOARD_RADIUS
from referee.asterion.grid import CELL, Grid
from referee.asterion.problems import CELL_OUT_OF_VIEW, CELL_UNIDENTIFIED
from referee.asterion.tombs import TombReading, printed_hue, read_tombs, tile_to_photo
from referee.geometry import inside_share, rectify
from referee.image import scaling
from referee.problems import RefereeProblem
from referee.quantiles import channel_medians, median, percentiles_u8

__all__ = ["CellReading", "TombReading", "printed_hue", "read_cells", "read_tombs",
           "tile_to_photo"]

CELL_WINDOW = 34.0           # mm: the middle of a cell (neighbours may overhang ~8 mm)
CELL_PPM = 2.0
EMPTY_DARK = 0.015           # an empty cell has almost no dark line pixels ...
EMPTY_OFF_COLOUR = 0.12      # ... and almost no pixels unlike the table
EMPTY_OFF_COLOUR_DISCREET = 0.05   # ... fewer, for tiles printed without large markers
# The discreet print in dim or mixed light (benchmark photos 38, 40, 86 of 92):
# tiles as plain as 0.013 dark / 0.03-0.049 off-colour were taken for empty cells. Empty
# cells of those 92 photos: open table, dark at most 0.006 (where off-colour passes);
# board squares, off-colour at most 0.0002.
EMPTY_DARK_DISCREET = 0.008
EMPTY_OFF_COLOUR_DISCREET_BOARD = 0.01
SHADED_LAND = 0.5            # a board square in shade: down to this share of the land's
#                              lightness round it ...
LAND_CHROMA = 15.0           # ... its colour as far as this from the land's (Cr, Cb)
BOARD_SQUARES = max(BOARD_RADIUS.values())   # the Crete board's squares: |x| + |y| <= 5


@dataclass(frozen=True)
class CellReading:
    cell: tuple[int, int]
    point: tuple[float, float]
    visible: float                 # share of the cell inside the photo
    dark: float
    off_colour: float
    empty: bool


def read_cells(image: np.ndarray, scale: float, grid: Grid,
               board_radius: int | None = None,
               known: set[tuple[int, int]] | frozenset = frozenset()
               ) -> tuple[list[CellReading], list[RefereeProblem]]:
    """Judge every unidentified cell next to an identified tile: empty, or not (a problem).
    On the board only its squares count (`board_radius`: |x| + |y| at most). Cells in
    `known` (judged already, on the same grid) are left out of the answer, but still
    count as the table round the others."""
    taken = {p.cell for p in grid.tiles}
    if not taken and grid.marked:
        return _marked_cells(grid, known)
    candidates = sorted({(x + dx, y + dy) for x, y in taken
                         for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} - taken,
                        key=lambda c: (c[1], c[0]))
    if board_radius is not None:
        candidates = [c for c in candidates if abs(c[0]) + abs(c[1]) <= board_radius]
        if not taken:
            candidates = [(0, 0)]     # no tile read yet: the Minotaur's square, its centre
    if all(c in known for c in candidates):
        return [], []         # (the table round them is looked at only to judge them)
    h_img, w_img = image.shape[:2]
    to_work = scaling(scale) @ grid.homography
    patches = {}
    visible = {}
    for cell in candidates:
        visible[cell] = _visible_share(to_work, cell, w_img, h_img)
        if visible[cell] >= 0.6:
            patches[cell] = _cell_patch(image, scale, grid, cell)
    # The table's colour near each cell: the median colour of the nearest other cells
    # next to the game or two steps from it (most are empty), so a shadow or a lamp's
    # fall-off across the table does not make an empty cell look occupied, and a cell
    # much brighter than the table round it (a tile washed out by glare) does not look
    # empty even when it is the only candidate.
    medians = {c: channel_medians(p) for c, p in patches.items()}
    for cell in _ring(taken, set(candidates), board_radius):
        if _visible_share(to_work, cell, w_img, h_img) >= 0.9:
            medians.setdefault(cell, channel_medians(_cell_patch(image, scale, grid, cell)))
    # The photo's noise, from the same mostly-empty candidates (median: a covered tile
    # among them does not count)
    noise = median([_plain_noise(p) for p in patches.values()]) if patches else 0.0
    readings: list[CellReading] = []
    problems: list[RefereeProblem] = []
    judged = {cell: _judged(cell, patches[cell], medians, noise, board_radius, grid.design)
              for cell in candidates if cell in patches and cell not in known}
    contrasts = local_contrasts(image, scale, grid, [c for c, j in judged.items() if j[3]])
    for cell in candidates:
        if cell in known:
            continue
        point = grid.cell_point(cell)
        if cell not in patches:
            readings.append(CellReading(cell, point, visible[cell], 0.0, 0.0, False))
            problems.append(RefereeProblem(
                CELL_OUT_OF_VIEW, f"cell {cell[0]},{cell[1]} next to the tiles is outside the "
                                  "photo: a tile there would not be seen; take the whole table",
                cell, point))
            continue
        others, dark, off, empty = judged[cell]
        # plain, but in a glare that washes out a tile as plain as the table: not known
        # to be empty (its art, or the deck's count, may still settle it: hidden.py)
        empty = empty and contrasts[cell] <= WASHED_CONTRAST
        if empty and not others:
            # the only square left (a full board): no other to compare its colour with, so
            # a tile washed out by glare looks as plain as the land, while a neighbour's
            # marker outside the glare keeps the window's contrast (benchmark seed 1
            # photo 211): judged by the tiles round it, each in its own light
            empty = _neighbours_veil(image, scale, grid, cell, taken) <= LONE_WASHED
        readings.append(CellReading(cell, point, visible[cell], dark, off, empty))
        if not empty:
            problems.append(RefereeProblem(
                CELL_UNIDENTIFIED, f"cell {cell[0]},{cell[1]} looks occupied but no tile was "
                                   "identified there (markers covered, or glare?)", cell, point))
    return readings, problems


def _judged(cell: tuple[int, int], patch: np.ndarray, medians: dict, noise: float,
            board_radius: int | None, design: str
            ) -> tuple[list[tuple[int, int]], float, float, bool]:
    """A cell's nearest others (up to 4, their median colour its table's), its features
    (`cell_features`) and whether they look plain."""
    others = sorted((c for c in medians if c != cell),
                    key=lambda c: (c[0] - cell[0]) ** 2 + (c[1] - cell[1]) ** 2)[:4]
    background = (np.median(np.array([medians[c] for c in others]), axis=0)
                  if others else None)
    dark, off = cell_features(patch, background, noise, board=board_radius is not None)
    # The discreet print has no black in a cell's middle: a pale tile on the board's
    # pale land, blurred, shows only its colours (benchmark photo 3)
    return others, dark, off, looks_plain(dark, off, board=board_radius is not None,
                                          design=design)


def _marked_cells(grid: Grid, known: set[tuple[int, int]] | frozenset
                  ) -> tuple[list[CellReading], list[RefereeProblem]]:
    """No tile placed yet on an open table whose marks were seen but not read
    (outlines.py): a mark says a tile lies in its cell, so those cells are occupied, to be
    read from their art. (Judged against the table round them they would not be: the cells
    round them are tiles too.)"""
    readings, problems = [], []
    for cell in grid.marked:
        if cell in known:
            continue
        point = grid.cell_point(cell)
        readings.append(CellReading(cell, point, 1.0, 0.0, 0.0, False))
        problems.append(RefereeProblem(
            CELL_UNIDENTIFIED, f"cell {cell[0]},{cell[1]} holds a tile whose mark could not be "
                               "read, and its art was not told (blur?)", cell, point))
    return readings, problems


def looks_plain(dark: float, off: float, *, board: bool, design: str) -> bool:
    """Few dark line pixels and few off-colour ones: the print's own bars (see above), for
    the mark design `design`."""
    if design == "classic":
        return dark <= EMPTY_DARK and off <= EMPTY_OFF_COLOUR
    bar = EMPTY_OFF_COLOUR_DISCREET_BOARD if board else EMPTY_OFF_COLOUR_DISCREET
    return dark <= EMPTY_DARK_DISCREET and off <= bar


def _cell_patch(image: np.ndarray, scale: float, grid: Grid, cell: tuple[int, int]
                ) -> np.ndarray:
    """A cell's middle, square-on, YCrCb."""
    half = CELL_WINDOW / 2
    origin = (CELL * cell[0] - half, CELL * cell[1] - half)
    patch = rectify(image, grid.homography, scale, origin, CELL_WINDOW, CELL_PPM)
    return cv2.cvtColor(patch, cv2.COLOR_BGR2YCrCb)


def _ring(taken: set[tuple[int, int]], candidates: set[tuple[int, int]],
          board_radius: int | None) -> list[tuple[int, int]]:
    """Cells two steps from the game (not next to it): the table (or, on the board, its
    squares) seen round it."""
    ring = {(x + dx, y + dy) for x, y in taken for dx in range(-2, 3) for dy in range(-2, 3)
            if abs(dx) + abs(dy) == 2} - taken - candidates
    if board_radius is not None:
        ring = {c for c in ring if abs(c[0]) + abs(c[1]) <= BOARD_SQUARES}
    return sorted(ring)


def _visible_share(to_work: np.ndarray, cell: tuple[int, int], w: int, h: int) -> float:
    """Share of the cell's middle (sampled on a 5x5 grid) that falls inside the photo."""
    xs, ys = _MIDDLE
    points = np.stack([(xs + CELL * cell[0]).ravel(), (ys + CELL * cell[1]).ravel()], axis=1)
    return inside_share(to_work, points, w, h)


_MIDDLE = np.meshgrid(np.linspace(-CELL_WINDOW / 2, CELL_WINDOW / 2, 5),
                      np.linspace(-CELL_WINDOW / 2, CELL_WINDOW / 2, 5))   # mm off a centre


def _plain_noise(patch_ycc: np.ndarray) -> float:
    """The lightness noise of a patch if it is plain: its lower spread, robustly."""
    y = patch_ycc[..., 0]
    return float(percentiles_u8(y, 50, np.float32) - percentiles_u8(y, 5, np.float32)) / 1.645


def cell_features(patch_ycc: np.ndarray, background: np.ndarray | None,
                  noise: float = 0.0, board: bool = False) -> tuple[float, float]:
    """(share of dark line pixels, share of pixels unlike an empty cell). A pixel is unlike
    an empty cell when it is far from the cell's own typical colour (a tile is a mix of
    walls, corridors and icons; the table is plain) or the cell as a whole is far from the
    table nearby; a washed-out (glare) cell counts as unlike: nothing can be seen there.
    On the `board` a square darker than the land round it is not far if it has the
    land's colour: a person's shadow darkens one by up to half, the other squares may lie
    a board's width away, and the inner rings are printed a little darker. One lighter
    than the land stays far (a tile washed out by glare)."""
    ycc = patch_ycc.reshape(-1, 3).astype(np.float32)
    lightness = ycc[:, 0]
    # Dark line pixels: much darker than the patch's own bright level (corridor outlines,
    # marker modules, icon outlines). Plain cloth, wood or board land has next to none.
    ref = float(percentiles_u8(patch_ycc[..., 0], 90, np.float32))
    # ... and darker than the photo's noise can make a plain cell: in deep shadow a dark
    # cloth's noise alone reaches 0.55 of its bright level
    dark = float(np.mean(lightness < min(0.55 * ref, ref - 4.0 * noise)))
    own = channel_medians(patch_ycc, np.float32)
    spread = float(np.mean(np.linalg.norm(ycc - own, axis=1) > 22.0))
    washed = float(np.mean(lightness > 250))
    if background is None:
        return dark, max(spread, washed)
    bg = background.astype(np.float32)
    far = float(np.linalg.norm(own - bg)) > 30.0
    if far and board:
        # darker than the land round it, but the land's colour: a shadow on the square
        ratio = float(own[0]) / max(float(bg[0]), 1.0)
        # Cr, Cb scale with the light about their neutral 128
        chroma = (own[1:] - 128.0) - (bg[1:] - 128.0) * ratio
        far = not SHADED_LAND <= ratio <= 1.0 or float(np.linalg.norm(chroma)) > LAND_CHROMA
    return dark, 1.0 if far else max(spread, washed)


CONTRAST_WINDOW = 150.0      # mm: the cell and half of each neighbour (their markers)
WASHED_CONTRAST = 0.4        # black over white round a cell above this: washed out (empty
#                              cells' 99th percentile 0.3 but under glare; hidden tiles
#                              missed under glare 0.48-0.65)
LONE_WASHED = 0.6            # the palest neighbour's black for a lone square: empty
#                              squares' up to 0.52, the washed tile of photo 211 0.68
#                              (benchmark seed 1, 1440 empty-looking cells of 112 photos)
DARKEST_SHARE = 1.0          # % of the px round a cell taken as its black, classic print


def local_contrast(image: np.ndarray, scale: float, grid: Grid, cell: tuple[int, int]
                   ) -> float:
    """How dark the darkest print round a cell is against the brightest (1st over 99th
    percentile of lightness, 150 mm round it, 2 px/mm): a tile's markers are black, so
    about 0.1-0.3 in any light; glare lifts black towards white (a washed-out tile looks
    as plain as the board under it)."""
    half = CONTRAST_WINDOW / 2
    patch = rectify(image, grid.homography, scale,
                    (CELL * cell[0] - half, CELL * cell[1] - half), CONTRAST_WINDOW, CELL_PPM)
    return _contrast(cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY), grid.design)


def local_contrasts(image: np.ndarray, scale: float, grid: Grid,
                    cells: list[tuple[int, int]]) -> dict[tuple[int, int], float]:
    """`local_contrast` of each cell. Neighbours' windows overlap by two thirds: when the
    table round all the cells is fewer pixels than their windows, it is seen square-on
    once and each window cut from it (whole px apart: the same samples, each within one
    grey level of its own window's, OpenCV's warp rounding its coordinates apart)."""
    if not cells:
        return {}
    xs, ys = [c[0] for c in cells], [c[1] for c in cells]
    step, n = round(CELL * CELL_PPM), round(CONTRAST_WINDOW * CELL_PPM)
    wide, high = (max(xs) - min(xs)) * step + n, (max(ys) - min(ys)) * step + n
    if wide * high >= len(cells) * n * n:
        return {c: local_contrast(image, scale, grid, c) for c in cells}
    half = CONTRAST_WINDOW / 2
    origin = (CELL * min(xs) - half, CELL * min(ys) - half)
    pick = np.array([[1 / CELL_PPM, 0, origin[0] + 0.5 / CELL_PPM],
                     [0, 1 / CELL_PPM, origin[1] + 0.5 / CELL_PPM], [0, 0, 1.0]])
    table = cv2.warpPerspective(image, scaling(scale) @ grid.homography @ pick, (wide, high),
                                flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                                borderMode=cv2.BORDER_REPLICATE)
    luma = cv2.cvtColor(table, cv2.COLOR_BGR2GRAY)
    return {(x, y): _contrast(luma[(y - min(ys)) * step:(y - min(ys)) * step + n,
                                   (x - min(xs)) * step:(x - min(xs)) * step + n], grid.design)
            for x, y in cells}


def _contrast(luma: np.ndarray, design: str) -> float:
    low, high = percentiles_u8(luma, (_darkest_share(design), 99))
    return float(low) / max(float(high), 1.0)


def _neighbours_veil(image: np.ndarray, scale: float, grid: Grid, cell: tuple[int, int],
                     taken: set[tuple[int, int]]) -> float:
    """The palest black among the tiles next to `cell` (each tile's own 1st over 99th
    percentile of lightness): how far glare lifts black there."""
    veil = 0.0
    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)):
        near = (cell[0] + dx, cell[1] + dy)
        if near in taken:
            patch = rectify(image, grid.homography, scale,
                            (CELL * near[0] - CELL / 2, CELL * near[1] - CELL / 2), CELL,
                            CELL_PPM)
            low, high = percentiles_u8(cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY), (1, 99))
            veil = max(veil, float(low) / max(float(high), 1.0))
    return veil


@cache
def _darkest_share(design: str) -> float:
    """The share of px taken as black round a cell, in proportion to the marker area the
    print has per tile: the discreet print's one small marker has a sixth of the classic
    two's black (at its 1 %, a blurred 3 MP photo's corner of the game judged washed out;
    benchmark photo 26)."""
    area = sum(m.size ** 2 for m in marker_places(design))
    return DARKEST_SHARE * area / sum(m.size ** 2 for m in marker_places("classic"))

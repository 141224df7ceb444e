"""Read what the markers do not say: tombs on prisoners, and cells that hold a tile nobody
could identify.

Tombs. A tomb token is a 12 mm black square with a white headstone, put on a prisoner's
9 mm medallion. For each prisoner the tile's own pose (from its markers) says where the
medallion was printed; an 11 mm window there is rectified and judged by *relative*
darkness: the share of pixels darker than 40 % of the window's bright corridor (so a shadow
or a warm lamp does not matter). A living prisoner shows its medallion's saturated colour;
a tomb is dark and colourless. Anything in between (glare washing out a tomb, a token
knocked half off) is `tomb-uncertain`, never a guess.

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

from pnp import layouts
from pnp.printing.asterion.art import prisoner_points
from pnp.rules.asterion.tiles import tiles_by_id
from referee.asterion.grid import CELL, Grid, TilePose
from referee.asterion.problems import CELL_OUT_OF_VIEW, CELL_UNIDENTIFIED, TOMB_UNCERTAIN
from referee.colour import circular_median, hue_distance, hue_of
from referee.geometry import frame_to_photo, inside_share, rectify
from referee.image import scaling
from referee.problems import RefereeProblem

TOMB_WINDOW = 11.0           # mm: the tomb's dark square, less a margin for placing by hand
TOMB_PPM = 4.0               # px per mm in the rectified windows
DEAD_DARK = 0.42             # share of dark pixels: at least this -> dead
ALIVE_DARK = 0.25            # at most this, and the medallion's colour seen -> alive
ALIVE_COLOUR = 0.06          # share of saturated (medallion-coloured) pixels for "alive"
# "Alive" also needs the saturated pixels to have the tile's own printed hue: a finger or a
# stray token on the medallion is saturated too, but of another hue. Living medallions read
# within 3 of their printed hue on generated photos (every preset); covered ones 40-90 off.
ALIVE_HUE = 8.0
CELL_WINDOW = 34.0           # mm: the middle of a cell (neighbours may overhang ~8 mm)
CELL_PPM = 2.0
EMPTY_DARK = 0.015           # an empty cell has almost no dark line pixels ...
EMPTY_OFF_COLOUR = 0.12      # ... and almost no pixels unlike the table


@dataclass(frozen=True)
class TombReading:
    tile: str
    point: tuple[float, float]     # photo px of the medallion
    dark: float
    colour: float
    verdict: str                   # "dead", "alive" or "uncertain"
    hue_off: float = 0.0           # its saturated pixels' hue against the tile's printed colour


@dataclass(frozen=True)
class CellReading:
    cell: tuple[int, int]
    point: tuple[float, float]
    visible: float                 # share of the cell inside the photo
    dark: float
    off_colour: float
    empty: bool


def tile_to_photo(grid: Grid, pose: TilePose) -> np.ndarray:
    """3x3: the tile's own frame (mm, upright, origin top-left) -> photo px, through the
    tile's real pose (so a tile placed a little off is read where it really lies)."""
    return frame_to_photo(grid.homography, pose.centre, pose.angle, (CELL / 2, CELL / 2))


def read_tombs(image: np.ndarray, scale: float, grid: Grid) -> tuple[list[str],
                                                                    list[TombReading],
                                                                    list[RefereeProblem]]:
    """Tiles whose prisoner carries a tomb, every reading, and the uncertain ones.

    Rulings (../shared/rulings/asterion.md, "A turn" 3): a killed prisoner gets a tomb, so a
    tomb is what the photo shows of a death; prisoners in Asterion's component are dead at
    the end even without one ("Game end and scoring"), which the rules core applies."""
    tiles = tiles_by_id()
    dead: list[str] = []
    readings: list[TombReading] = []
    problems: list[RefereeProblem] = []
    for pose in grid.tiles:
        tile = tiles.get(pose.tile)
        if tile is None or not tile.prisoners:
            continue
        to_photo = tile_to_photo(grid, pose)
        verdicts = []
        for px, py in prisoner_points(tile):
            h = TOMB_WINDOW / 2
            patch = rectify(image, to_photo, scale, (px - h, py - h), TOMB_WINDOW, TOMB_PPM)
            dark, colour, hue = _tomb_features(patch)
            hue_off = hue_distance(hue, printed_hue(tile.colour))
            if dark >= DEAD_DARK:
                verdict = "dead"
            elif dark <= ALIVE_DARK and colour >= ALIVE_COLOUR and hue_off <= ALIVE_HUE:
                verdict = "alive"
            else:
                verdict = "uncertain"
            q = to_photo @ np.array([px, py, 1.0])
            point = (float(q[0] / q[2]), float(q[1] / q[2]))
            readings.append(TombReading(pose.tile, point, dark, colour, verdict, hue_off))
            verdicts.append((verdict, point))
        if any(v == "uncertain" for v, _ in verdicts):
            point = next(p for v, p in verdicts if v == "uncertain")
            problems.append(RefereeProblem(
                TOMB_UNCERTAIN, f"{pose.tile} at {pose.cell[0]},{pose.cell[1]}: cannot tell "
                                "whether its prisoner carries a tomb (glare, shadow, a finger "
                                "or a token half off?)", pose.cell, point))
        elif any(v == "dead" for v, _ in verdicts):
            dead.append(pose.tile)
    return dead, readings, problems


@cache
def printed_hue(colour: str) -> float:
    """OpenCV hue (0-180) of a colour's printed fill (layouts/asterion.toml)."""
    return hue_of(layouts.load("asterion")["colours"][colour]["fill"])


def _tomb_features(patch: np.ndarray) -> tuple[float, float, float]:
    """Dark share, saturated share, and the saturated pixels' hue (-1 if none)."""
    hsv = cv2.cvtColor(patch, cv2.COLOR_BGR2HSV)
    v = hsv[..., 2].astype(np.float32)
    s = hsv[..., 1].astype(np.float32)
    # The bright reference: the corridor and walls around the medallion, or, under a tomb,
    # its white headstone. Floor it so a window in deep shadow is not all "bright".
    ref = max(float(np.percentile(v, 95)), 40.0)
    dark = float(np.mean(v < 0.4 * ref))
    colour = float(np.mean((s > 90) & (v > 0.3 * ref)))
    saturated = hsv[..., 0][(s > 90) & (v > 0.3 * ref)].astype(np.float32)
    hue = circular_median(saturated) if saturated.size else -1.0
    return dark, colour, hue


def read_cells(image: np.ndarray, scale: float, grid: Grid,
               board_radius: int | None = None) -> tuple[list[CellReading],
                                                         list[RefereeProblem]]:
    """Judge every unidentified cell next to an identified tile: empty, or not (a problem).
    On the board only its squares count (`board_radius`: |x| + |y| at most)."""
    taken = {p.cell for p in grid.tiles}
    candidates = sorted({(x + dx, y + dy) for x, y in taken
                         for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} - taken,
                        key=lambda c: (c[1], c[0]))
    if board_radius is not None:
        candidates = [c for c in candidates if abs(c[0]) + abs(c[1]) <= board_radius]
    h_img, w_img = image.shape[:2]
    to_work = scaling(scale) @ grid.homography
    patches = {}
    visible = {}
    for cell in candidates:
        visible[cell] = _visible_share(to_work, cell, w_img, h_img)
        if visible[cell] >= 0.6:
            half = CELL_WINDOW / 2
            origin = (CELL * cell[0] - half, CELL * cell[1] - half)
            patch = rectify(image, grid.homography, scale, origin, CELL_WINDOW, CELL_PPM)
            patches[cell] = cv2.cvtColor(patch, cv2.COLOR_BGR2YCrCb)
    # The table's colour near each cell: the median colour of the nearest other candidate
    # cells (most candidates are empty), so a shadow or a lamp's fall-off across the table
    # does not make an empty cell look occupied.
    medians = {c: np.median(p.reshape(-1, 3), axis=0) for c, p in patches.items()}
    # The photo's noise, from the same mostly-empty candidates (median: a covered tile
    # among them does not count)
    noise = float(np.median([_plain_noise(p) for p in patches.values()])) if patches else 0.0
    readings: list[CellReading] = []
    problems: list[RefereeProblem] = []
    for cell in candidates:
        point = grid.cell_point(cell)
        if cell not in patches:
            readings.append(CellReading(cell, point, visible[cell], 0.0, 0.0, False))
            problems.append(RefereeProblem(
                CELL_OUT_OF_VIEW, f"cell {cell[0]},{cell[1]} next to the tiles is outside the "
                                  "photo: a tile there would not be seen; take the whole table",
                cell, point))
            continue
        others = sorted((c for c in medians if c != cell),
                        key=lambda c: (c[0] - cell[0]) ** 2 + (c[1] - cell[1]) ** 2)[:4]
        background = (np.median(np.array([medians[c] for c in others]), axis=0)
                      if others else None)
        dark, off = _cell_features(patches[cell], background, noise)
        empty = dark <= EMPTY_DARK and off <= EMPTY_OFF_COLOUR
        readings.append(CellReading(cell, point, visible[cell], dark, off, empty))
        if not empty:
            problems.append(RefereeProblem(
                CELL_UNIDENTIFIED, f"cell {cell[0]},{cell[1]} looks occupied but no tile was "
                                   "identified there (markers covered, or glare?)", cell, point))
    return readings, problems


def _visible_share(to_work: np.ndarray, cell: tuple[int, int], w: int, h: int) -> float:
    """Share of the cell's middle (sampled on a 5x5 grid) that falls inside the photo."""
    half = CELL_WINDOW / 2
    s = np.linspace(-half, half, 5)
    xs, ys = np.meshgrid(s + CELL * cell[0], s + CELL * cell[1])
    return inside_share(to_work, np.stack([xs.ravel(), ys.ravel()], axis=1), w, h)


def _plain_noise(patch_ycc: np.ndarray) -> float:
    """The lightness noise of a patch if it is plain: its lower spread, robustly."""
    y = patch_ycc[..., 0].astype(np.float32)
    return float(np.percentile(y, 50) - np.percentile(y, 5)) / 1.645


def _cell_features(patch_ycc: np.ndarray, background: np.ndarray | None,
                   noise: float = 0.0) -> tuple[float, float]:
    """(share of dark line pixels, share of pixels unlike an empty cell). A pixel is unlike
    an empty cell when it is far from the cell's own typical colour (a tile is a mix of
    walls, corridors and icons; the table is plain) or the cell as a whole is far from the
    table nearby; a washed-out (glare) cell counts as unlike: nothing can be seen there."""
    ycc = patch_ycc.reshape(-1, 3).astype(np.float32)
    lightness = ycc[:, 0]
    # Dark line pixels: much darker than the patch's own bright level (corridor outlines,
    # marker modules, icon outlines). Plain cloth, wood or board land has next to none.
    ref = float(np.percentile(lightness, 90))
    # ... and darker than the photo's noise can make a plain cell: in deep shadow a dark
    # cloth's noise alone reaches 0.55 of its bright level
    dark = float(np.mean(lightness < min(0.55 * ref, ref - 4.0 * noise)))
    own = np.median(ycc, axis=0)
    spread = float(np.mean(np.linalg.norm(ycc - own, axis=1) > 22.0))
    washed = float(np.mean(lightness > 250))
    if background is None:
        return dark, max(spread, washed)
    far = float(np.linalg.norm(own - background.astype(np.float32))) > 30.0
    return dark, 1.0 if far else max(spread, washed)

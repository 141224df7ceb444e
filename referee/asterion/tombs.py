"""Tombs on prisoners, judged against the tile's own print, relative to the photo's own
white and colour balance.

Rules (docs/rules/asterion.md, "A turn" 3): a killed prisoner gets a tomb, so a
tomb is what the photo shows of a death; prisoners in Asterion's component are dead at the
end even without one ("Game end and scoring"), which the rules core applies.

For each prisoner the tile's pose (from its markers, or its art) says where its 9 mm
medallion was printed; a 20 mm window there is rectified at 4 px/mm in the tile's own frame
and compared with two things the print side draws (referee/asterion/faces.py):

- Alive: the printed art around the medallion (its shape: circle, square, triangle or
  diamond by colour; the figure; the corridor) is there, by normalised correlation of
  lightness (so glare, a dim room or a shadow, which scale and lift the levels, do not
  matter), and the medallion's hue, white-balanced on the tile's own paper (the window's
  brightest pixels), is the printed fill's (so a warm lamp or a wrong white balance does
  not matter; a finger or another token on it is of another hue or hides the shape).
- Dead: a tomb token is a 12 mm black square with a white headstone. Somewhere within
  3.5 mm of the medallion there is a ring (4.6-5.9 mm from its centre) of one even, dark,
  colourless level (the token's black: uniform against its own depth below the paper),
  around a lighter middle (the headstone), and the printed medallion is not seen.

Anything else (a finger, a token half off, a window washed out by glare) is
`tomb-uncertain`, never a guess. On generated photos over every condition (benchmarks/
referee_bench.py), living medallions correlate 0.64-0.97 with their art, covered ones
0.07-0.42; tomb rings read 0.02-0.17 of their depth in spread, living windows 0.33 and
more; a tomb's middle is 0.68-0.88 of the depth lighter than its ring, living windows'
at most 0.28.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from pnp import layouts
from pnp.geometry.asterion.tile import prisoner_points
from pnp.rules.asterion.tiles import tiles_by_id
from referee.asterion.faces import face_patch, printed_faces
from referee.asterion.grid import CELL, Grid, TilePose
from referee.asterion.problems import TOMB_UNCERTAIN
from referee.colour import hue_distance, hue_of, hue_of_bgr
from referee.geometry import frame_to_photo, rectify
from referee.problems import RefereeProblem
from referee.quantiles import column_medians

PPM = 4.0                   # px per mm of the rectified windows (and the printed faces)
WINDOW = 20.0               # mm around a prisoner: medallion, corridor, a tomb put down up
#                             to 2.5 mm off, with room for the search
ART = 12.0                  # mm of printed art compared: the 9 mm medallion and its rim
SEARCH = 2.0                # mm: how far the art may sit from where the pose says
TOMB_SHIFT = 3.5            # mm: how far a tomb's centre may sit from the medallion's
RING = (4.6, 5.9)           # mm from a tomb's centre: its black, all round (inside the
#                             12 mm square, outside the white headstone)
HEAD = 2.0                  # mm: the headstone's middle, white with a thin dark cross

ALIVE_ART = 0.5             # correlation with the printed medallion: at least -> seen
ALIVE_HUE = 15.0            # ... and its white-balanced hue within this of the printed fill
ALIVE_CHROMA = 0.02         # ... and it has some colour at all (glare pales it, 0.03 seen)
#                             ... and no tomb's ring round it
DEAD_ART = 0.6              # a tomb hides the medallion: correlation below this ...
DEAD_UNIFORM = 0.3          # ... and a ring whose spread / its depth below the paper is at
#                             most this ...
DEAD_HEAD = 0.45            # ... round a middle lighter by this share of the depth ...
DEAD_CHROMA = 0.3           # ... colourless against its depth (black, not skin) ...
DEAD_DEPTH = 0.04           # ... at least this far below the paper (glare compresses it)


@dataclass(frozen=True)
class TombReading:
    tile: str
    point: tuple[float, float]     # photo px of the medallion
    verdict: str                   # "dead", "alive" or "uncertain"
    art: float                     # correlation with the printed medallion
    hue_off: float                 # its white-balanced hue against the printed fill
    depth: float = 0.0             # tomb test: the darkest even ring below the paper (0..1)
    uniform: float = 1.0           # ... its spread against that depth
    head: float = 0.0              # ... its middle, lighter by this share of the depth


def tile_to_photo(grid: Grid, pose: TilePose) -> np.ndarray:
    """3x3: the tile's own frame (mm, upright, origin top-left) -> photo px, through the
    tile's real pose (so a tile placed a little off is read where it really lies)."""
    return frame_to_photo(grid.homography, pose.centre, pose.angle, (CELL / 2, CELL / 2))


@cache
def printed_hue(colour: str) -> float:
    """OpenCV hue (0-180) of a colour's printed fill (layouts/asterion.toml)."""
    return hue_of(layouts.load("asterion")["colours"][colour]["fill"])


def read_tombs(image: np.ndarray, scale: float, grid: Grid) -> tuple[list[str],
                                                                    list[TombReading],
                                                                    list[RefereeProblem]]:
    """Tiles whose prisoner carries a tomb, every reading, and the uncertain ones."""
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
            reading = read_prisoner(image, scale, to_photo, pose.tile, (px, py),
                                    printed_hue(tile.colour), grid.design)
            readings.append(reading)
            verdicts.append((reading.verdict, reading.point))
        if any(v == "uncertain" for v, _ in verdicts):
            point = next(p for v, p in verdicts if v == "uncertain")
            problems.append(RefereeProblem(
                TOMB_UNCERTAIN, f"{pose.tile} at {pose.cell[0]},{pose.cell[1]}: cannot tell "
                                "whether its prisoner carries a tomb (glare, a finger or a "
                                "token half off?)", pose.cell, point))
        elif any(v == "dead" for v, _ in verdicts):
            dead.append(pose.tile)
    return dead, readings, problems


def read_prisoner(image: np.ndarray, scale: float, to_photo: np.ndarray, tile_id: str,
                  at: tuple[float, float], fill_hue: float, design: str) -> TombReading:
    """One prisoner printed at `at` (tile frame mm) of tile `tile_id` (printed with the mark
    design `design`): dead, alive or uncertain."""
    px, py = at
    half = WINDOW / 2
    window = rectify(image, to_photo, scale, (px - half, py - half), WINDOW, PPM)
    q = to_photo @ np.array([px, py, 1.0])
    point = (float(q[0] / q[2]), float(q[1] / q[2]))
    luma = cv2.cvtColor(window, cv2.COLOR_BGR2GRAY).astype(np.float32)
    # The tile's own paper is the window's white (its corridor, or a tomb's headstone):
    # dividing by it takes out the light's colour and the phone's white balance.
    sample = luma[::2, ::2].ravel()
    k = int(0.95 * (sample.size - 1))
    white = max(float(np.partition(sample, k)[k]), 1.0)
    paper = np.maximum(window[::2, ::2].reshape(-1, 3)[sample >= white].mean(axis=0), 1.0)
    art, hue_off, chroma = _medallion(window, luma, paper, tile_id, at, fill_hue, design)
    depth, uniform, head, ring_chroma = _tomb(window, luma, white, paper)
    ring = (depth >= DEAD_DEPTH and uniform <= DEAD_UNIFORM and head >= DEAD_HEAD
            and ring_chroma <= DEAD_CHROMA)
    if ring and art < DEAD_ART:
        verdict = "dead"
    elif not ring and art >= ALIVE_ART and hue_off <= ALIVE_HUE and chroma >= ALIVE_CHROMA:
        # the medallion is seen as printed and no tomb lies on it
        verdict = "alive"
    else:
        verdict = "uncertain"
    return TombReading(tile_id, point, verdict, art, hue_off, depth, uniform, head)


@cache
def _art(design: str, tile_id: str, at: tuple[float, float]) -> tuple[np.ndarray, np.ndarray]:
    """The printed art around a prisoner (lightness, float32) and where its fill is."""
    face = printed_faces(PPM, design)[tile_id]
    patch = face_patch(face, PPM, (at[0] - ART / 2, at[1] - ART / 2), ART)
    hsv = cv2.cvtColor(patch, cv2.COLOR_BGR2HSV)
    fill = (hsv[..., 1] > 100) & (hsv[..., 2] > 60)
    return cv2.cvtColor(patch, cv2.COLOR_BGR2GRAY).astype(np.float32), fill


def _medallion(window: np.ndarray, luma: np.ndarray, paper: np.ndarray, tile_id: str,
               at: tuple[float, float], fill_hue: float, design: str
               ) -> tuple[float, float, float]:
    """(correlation with the printed art, the fill's hue off the printed one, its chroma)
    with the window white-balanced on its paper."""
    template, fill = _art(design, tile_id, at)
    s = round(SEARCH * PPM)
    a0 = round((WINDOW - ART) / 2 * PPM)
    n = template.shape[0]
    region = luma[a0 - s:a0 + n + s, a0 - s:a0 + n + s]
    score = cv2.matchTemplate(region, template, cv2.TM_CCOEFF_NORMED)
    _, best, _, (dx, dy) = cv2.minMaxLoc(score)
    seen = window[a0 - s + dy:a0 - s + dy + n, a0 - s + dx:a0 - s + dx + n][fill]
    if len(seen) < 8:
        return float(best), 90.0, 0.0
    colour = column_medians(seen) / paper                    # white-balanced, 0..1
    hue = hue_of_bgr(colour)
    chroma = float(colour.max() - colour.min())
    return float(best), hue_distance(hue, fill_hue) if hue >= 0 else 90.0, chroma


RING_PPM = PPM / 2          # the ring is searched at half the window's resolution


@cache
def _kernels() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    n = int(np.ceil(RING[1] * RING_PPM)) * 2 + 1
    c = n // 2
    y, x = np.mgrid[0:n, 0:n]
    r = np.hypot(x - c, y - c) / RING_PPM
    ring = (r >= RING[0]) & (r <= RING[1])
    head = (r <= HEAD).astype(np.float32)
    return (ring / ring.sum()).astype(np.float32), head / head.sum(), ring


def _tomb(window: np.ndarray, luma: np.ndarray, white: float, paper: np.ndarray
          ) -> tuple[float, float, float, float]:
    """The darkest even ring near the medallion: (its depth below the paper, 0..1; its
    spread against that depth; its middle, lighter by this share of the depth; its colour,
    white-balanced, against the depth)."""
    ring_k, head_k, ring_mask = _kernels()
    half = (luma.shape[1] // 2, luma.shape[0] // 2)
    luma = cv2.resize(luma, half, interpolation=cv2.INTER_AREA)
    window = cv2.resize(window, half, interpolation=cv2.INTER_AREA)
    r = ring_k.shape[0] // 2
    t = round(TOMB_SHIFT * RING_PPM)
    c = luma.shape[0] // 2
    # only the centres that may hold a tomb, and the pixels their rings reach
    crop = luma[c - t - r:c + t + r + 1, c - t - r:c + t + r + 1]
    mean = cv2.filter2D(crop, -1, ring_k)[r:-r, r:-r]
    mean2 = cv2.filter2D(crop * crop, -1, ring_k)[r:-r, r:-r]
    spread = np.sqrt(np.maximum(mean2 - mean * mean, 0.0))
    iy, ix = np.unravel_index(int(np.argmin(mean + spread)), mean.shape)
    cy, cx = c - t + iy, c - t + ix
    level = float(mean[iy, ix])
    depth = max(white - level, 1e-3)
    near = luma[cy - r:cy + r + 1, cx - r:cx + r + 1]
    middle = float(np.sum(near * head_k))
    ring_px = window[cy - r:cy + r + 1, cx - r:cx + r + 1][ring_mask]
    ring = column_medians(ring_px) / paper                    # white-balanced
    ring_chroma = float(ring.max() - ring.min())
    return (depth / white, float(spread[iy, ix]) / depth, (middle - level) / depth,
            ring_chroma / (depth / white))

"""Where a tile lies on its cell and which (tile, quarter turn) its art shows: a coarse
search for every candidate, a fine one for the best few, and what tiles known by their
markers score in the same photo (the level a match is judged against).
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from pnp.geometry.asterion.tile import marker_places
from referee.asterion.art.bank import (
    COARSE_PPM,
    COARSE_SPAN,
    TURNS,
    fine_template,
    masked_ncc,
    rank,
    turned,
)
from referee.asterion.art.photometry import channel_mean
from referee.asterion.art.templates import FINE_SPAN, template, variants
from referee.asterion.grid import CELL, Grid, TilePose
from referee.geometry import rectify

FINE_PPM = 2.0              # px per mm: the best few
REACH = 9.0                 # mm: how far a tile's centre may lie from its cell's centre
COARSE_ANGLES = (-6.0, 6.0)  # degrees off the quarter turn, coarse, for the best ...
TURNED = 12                 # ... (tile, turn) found square
FINE_STEPS = (-3.0, -1.5, 0.0, 1.5, 3.0)   # degrees around a pose (occlusion.py)
FINE_SHIFT = 3.0            # mm around the coarse best
REFINE = 4                  # candidates (tile, turn) refined


@dataclass(frozen=True)
class ArtMatch:
    tile: str
    rot: int                            # quarter turn, clockwise
    centre: tuple[float, float]         # table mm: where the tile really lies
    angle: float                        # degrees clockwise: how it is really turned
    score: float                        # mean channel correlation with its print
    covered: float = 0.0                # share left out as covered (`unveiled`)


def _score_map(patch: np.ndarray, tpl: tuple[np.ndarray, np.ndarray]) -> np.ndarray:
    """Mean over the channels of the normalised correlation at every shift, where the
    template counts."""
    image, mask = tpl
    channels = image.shape[2]
    out = None
    for k in range(channels):
        s = cv2.matchTemplate(patch[..., k], image[..., k], cv2.TM_CCOEFF_NORMED, mask=mask)
        # a flat channel (a blob, a washed-out patch) has no correlation to speak of
        s = np.nan_to_num(s, nan=0.0, posinf=0.0, neginf=0.0)
        out = s if out is None else out + s
    return out / channels


def art_patch(image: np.ndarray, scale: float, grid: Grid, centre: tuple[float, float],
              span: float, ppm: float) -> np.ndarray:
    """The table round `centre` seen square-on: `span` mm across at `ppm`, float32 BGR."""
    origin = (centre[0] - span / 2, centre[1] - span / 2)
    return rectify(image, grid.homography, scale, origin, span, ppm).astype(np.float32)


def match(image: np.ndarray, scale: float, grid: Grid, cell: tuple[int, int],
          candidates: list[str]) -> list[ArtMatch]:
    """The best few (tile, quarter turn) found in the cell, refined, best first. Every
    quarter turn counts as its own candidate: even a cross's turns are different tables
    (the judge and the table file record the turn), told apart by the print's id, horns
    and the walls' courses. Coarsely, every candidate at once against the bank (bank.py:
    one matrix product, lightness alone: it ranks corridors and icons; colour is judged
    finely, and where look-alikes differ, hidden.py); finely, the best few."""
    centre = (CELL * cell[0], CELL * cell[1])
    span = COARSE_SPAN + 2 * REACH
    patch = cv2.cvtColor(art_patch(image, scale, grid, centre, span, COARSE_PPM),
                         cv2.COLOR_BGR2GRAY)
    origin = (centre[0] - span / 2, centre[1] - span / 2)
    # a mark seen but not read says the turn (outlines.py): the others need no look
    turns = (grid.marked[cell],) if cell in grid.marked else TURNS
    coarse = rank(patch, grid.design, candidates, turns)
    # the best few again a few degrees either way (a hand turns a tile up to ~8 degrees)
    coarse[:TURNED] = turned(patch, grid.design, coarse[:TURNED], COARSE_ANGLES)
    coarse.sort(key=lambda r: -r.score)
    half = COARSE_SPAN / 2
    fine = [refine(image, scale, grid, ArtMatch(
        r.tile, r.rot, (origin[0] + r.corner[1] / COARSE_PPM + half,
                        origin[1] + r.corner[0] / COARSE_PPM + half),
        r.angle, r.score)) for r in coarse[:REFINE]]
    fine.sort(key=lambda m: -m.score)
    return fine


def refine(image: np.ndarray, scale: float, grid: Grid, m: ArtMatch) -> ArtMatch:
    """The match's pose found finely from its coarse one: a Lucas-Kanade fit of the tile's
    shift and turn (`lucas_kanade`, in grey, coarse to fine); then in colour, every
    template variant at the angle found, at the px round where it lies (its score is the
    best's colour correlation)."""
    span = FINE_SPAN + 2 * FINE_SHIFT
    patch = art_patch(image, scale, grid, m.centre, span, FINE_PPM)
    origin = (m.centre[0] - span / 2, m.centre[1] - span / 2)
    start = round(m.angle * 2) / 2
    # the pose from the print least likely covered (the discreet print's: without its
    # marker and prisoners, where fingers and tombs lie)
    tpl, mask = template(grid.design, m.tile, start, FINE_SPAN, FINE_PPM,
                         variants(grid.design)[:2][-1])
    turn, centre, _ = lucas_kanade(channel_mean(patch), channel_mean(tpl), mask)
    angle = round((start + max(-MAX_TURN, min(MAX_TURN, turn))) * 2) / 2
    n = round(FINE_SPAN * FINE_PPM)
    limit = patch.shape[0] - n
    y0, x0 = (round(float(c) - (n - 1) / 2) for c in centre[::-1])
    near = np.array([(y, x) for y in range(y0 - 1, y0 + 2) for x in range(x0 - 1, x0 + 2)
                     if 0 <= y <= limit and 0 <= x <= limit]
                    or [(limit // 2, limit // 2)])
    same = [fine_template(grid.design, m.tile, angle, FINE_SPAN, FINE_PPM, v)
            for v in variants(grid.design)]
    close, near = masked_ncc(patch, same, corners=near)
    w2 = int(close.max(axis=1).argmax())
    score = float(close[w2].max())
    y, x = near[w2]
    at = (origin[0] + x / FINE_PPM + FINE_SPAN / 2, origin[1] + y / FINE_PPM + FINE_SPAN / 2)
    return ArtMatch(m.tile, m.rot, at, angle, score)


LK_SIGMAS = (2.0, 0.8)      # px: the fit on the blurred patch first, then nearly sharp ...
LK_STEPS = 8                # ... at most this many Gauss-Newton steps each
MAX_TURN = 4.0              # degrees the fine pose may turn from the coarse one
MAX_SHIFT = FINE_SHIFT      # mm it may move


def lucas_kanade(patch: np.ndarray, tpl: np.ndarray, mask: np.ndarray
                 ) -> tuple[float, np.ndarray, float]:
    """Where a grey template (n x n, turned as the coarse pose says) lies in a larger grey
    patch centred on that pose: an inverse compositional Lucas-Kanade fit of a turn and a
    shift (the template's gradients and their 3 x 3 normal matrix computed once a level),
    the photo's levels matched to the template's at each step (gain and offset: the
    correlation's invariance). Returns the turn (degrees, clockwise), the template centre
    in patch px, and the masked correlation there."""
    n, size = tpl.shape[0], patch.shape[0]
    c = (n - 1) / 2
    ys, xs = np.mgrid[0:n, 0:n].astype(np.float32)
    u, v = xs - c, ys - c
    use = mask > 0
    warp = np.array([[1.0, 0.0, (size - 1) / 2], [0.0, 1.0, (size - 1) / 2], [0, 0, 1.0]])
    # (the warp takes a template px relative to its centre; OpenCV's, a px index)
    index_to_centred = np.array([[1.0, 0.0, -c], [0.0, 1.0, -c], [0, 0, 1.0]])
    reach = MAX_SHIFT * FINE_PPM
    for sigma in LK_SIGMAS:
        t = cv2.GaussianBlur(tpl, (0, 0), sigma)
        img = cv2.GaussianBlur(patch, (0, 0), sigma)
        gx = cv2.Sobel(t, cv2.CV_32F, 1, 0, ksize=3, scale=1 / 8)
        gy = cv2.Sobel(t, cv2.CV_32F, 0, 1, ksize=3, scale=1 / 8)
        sd = np.stack([gx[use], gy[use], (gy * u - gx * v)[use]], axis=1)   # px x 3
        hessian = sd.T @ sd
        if np.linalg.cond(hessian) > 1e8:
            break
        tu = t[use]
        t_mean, t_std = float(tu.mean()), float(tu.std())
        for _ in range(LK_STEPS):
            seen = cv2.warpAffine(img, (warp @ index_to_centred)[:2], (n, n), flags=cv2.INTER_LINEAR
                                  | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)
            su = seen[use]
            spread = float(su.std())
            if spread < 1e-3:
                break
            err = (su - float(su.mean())) * (t_std / spread) + t_mean - tu
            dx, dy, dt = np.linalg.solve(hessian, sd.T @ err)
            step = np.array([[np.cos(dt), -np.sin(dt), dx], [np.sin(dt), np.cos(dt), dy],
                             [0, 0, 1.0]])
            warp = warp @ np.linalg.inv(step)
            centre = warp[:2, 2] - (size - 1) / 2
            warp[:2, 2] = (size - 1) / 2 + np.clip(centre, -reach, reach)
            if abs(dx) + abs(dy) < 0.02 and abs(dt) < 2e-4:
                break
    turn = float(np.degrees(np.arctan2(warp[1, 0], warp[0, 0])))
    seen = cv2.warpAffine(patch, (warp @ index_to_centred)[:2], (n, n), flags=cv2.INTER_LINEAR
                          | cv2.WARP_INVERSE_MAP, borderMode=cv2.BORDER_REPLICATE)
    a, b = seen[use] - seen[use].mean(), tpl[use] - tpl[use].mean()
    fit = float((a * b).sum() / max(float(np.sqrt((a * a).sum() * (b * b).sum())), 1e-6))
    return turn, warp[:2, 2].copy(), fit


def score_at(image: np.ndarray, scale: float, grid: Grid, m: ArtMatch) -> float:
    """How well `m`'s tile matches the photo exactly at `m`'s pose (fine, its best template
    variant): one window, no search."""
    patch = art_patch(image, scale, grid, m.centre, FINE_SPAN, FINE_PPM)
    angle = round(m.angle * 2) / 2
    tpls = [fine_template(grid.design, m.tile, angle, FINE_SPAN, FINE_PPM, v)
            for v in variants(grid.design)]
    scores, _ = masked_ncc(patch, tpls, corners=np.zeros((1, 2), int))
    return float(scores.max())


def known_score(image: np.ndarray, scale: float, grid: Grid, pose: TilePose) -> float:
    """How well a tile read by its markers matches its own print here (fine, at its pose)."""
    m = ArtMatch(pose.tile, pose.rot, pose.centre, pose.angle, 0.0)
    return refine(image, scale, grid, m).score


def reference_level(image: np.ndarray, scale: float, grid: Grid, cell: tuple[int, int],
                    count: int = 3, cache: dict[str, float] | None = None) -> float:
    """The median score of the `count` tiles nearest the cell that were read by every
    marker their print has (classic two, discreet one), else (none) by their art: what a
    tile known to be there scores in this part of the photo. `cache` keeps the scores by
    tile id (one photo, one grid)."""
    printed = len(marker_places(grid.design))
    known = [p for p in grid.tiles if len(p.markers) >= printed and not p.ambiguous]
    if not known:
        # no marker read at all (a blurred 3 MP photo of the discreet print): the tiles
        # its art told clearly are what a tile there scores (benchmark photo 26)
        known = [p for p in grid.tiles if not p.markers and not p.ambiguous]
    known.sort(key=lambda p: (p.cell[0] - cell[0]) ** 2 + (p.cell[1] - cell[1]) ** 2)
    cache = {} if cache is None else cache
    for p in known[:count]:
        if p.tile not in cache:
            cache[p.tile] = known_score(image, scale, grid, p)
    scores = [cache[p.tile] for p in known[:count]]
    return float(np.median(scores)) if scores else 1.0

"""Reading Assyria's map from the board seen square-on: huts, ziggurats and wells.

The printed board is the reference: the photo's map is compared with the PDF's own board
(rendered once per process at the working scale), so printed features in a player's
colour (rivers, the unused areas' lines, food icons) never count as pieces. A piece is a
connected patch of one player's colour: its size tells a hut (14 mm) from a ziggurat base
(26 mm); its top tells the level: the base's white stepped glyph (1), a centre's plain
middle (2), the roof's white square (3), by template match. A well is a grey ring
round a vertex where the print has none. Levels are relative to the photo's own paper, so
light and shadow do not matter; anything between the thresholds is "unclear", never a
guess.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, field, replace
from functools import cache, lru_cache

import cv2
import numpy as np

from pnp.geometry import assyria as geometry
from referee.assyria import refine

PPM = 100 / 25.4                 # px per mm of the square-on map (the reference's 100 dpi)
# round every piece's patch: its cut edge and shadow (patches' `covered`)
GROWN = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * round(2 * PPM) + 1,) * 2)
PAD = 16.0                       # mm round the map frame (a ziggurat may overhang it)
HUES = {"red": 13, "yellow": 28, "green": 82, "blue": 101}    # OpenCV hue of each fill
HUE_TOL = 9
# ... but neighbours kept apart: a home print (greys lighter than the PDF's) turns red's
# fill towards orange (hue up to 21 seen; yellow's stays at 25 or more) and blue's
# towards green (down to 85; green's at most 84)
HUE_WINDOW = {"red": (-HUE_TOL, HUE_TOL), "yellow": (-4, HUE_TOL),
              "green": (-14, 2), "blue": (-16, HUE_TOL)}
MIN_SAT = 95                     # of 255: a player's fill, even from a faded home print
PRINT_SAT = 80                   # the print's own colour (masked): what a balanced photo may show
# ... yet a pixel there this saturated is a piece's fill: a hut on a wheat icon, a base
# across a hex's outline (a home print's ink shows at most about 130)
ON_PRINT_SAT = 150
ON_PRINT_MORE = 25               # ... and this much more saturated than the print there
# a dim photo shows yellow's fill in part at 22-23, below its window (red's ends at 22):
# a patch that is no whole piece is looked at again with its window this much wider
WIDENED = {"yellow": (-2, 0)}
BRIDGE_MM = 4.0                  # print of a piece's colour this wide (radius) is bridged
BRIDGED = ("blue",)              # ... the rivers' colour
ON_PRINT_HUE = 4                 # ... and this near the fill's hue (a wheat icon in a piece's
ON_PRINT_V = 0.45                # shadow is as saturated, but 6-9 off and darker)
ON_PRINT_APART = 6               # ... or, that saturated, this far in hue from all the print
#                                  within 1 mm (a red hut on a wheat icon as saturated: 7;
#                                  the icon in a piece's shadow keeps its own hue)
# a piece's least median saturation (its fill; a tan card or a pale thing is not one)
# (a tan card's hue is red's or yellow's; a bright room's clipped blue or green fill
# reaches down to 115)
PIECE_SAT = {"red": 135, "blue": 110, "green": 110, "yellow": 110}
MIN_PATCH = 45.0                 # mm²: smaller patches are print noise or a sliver
HUT_AREA = (120.0, 300.0)        # mm², the hull of a 14 mm hut's colour (and its cut edge)
ZIG_AREA = (540.0, 880.0)        # of a 26 mm base (676; a blurred 3 MP one up to 840)
HUT_SIDE = (9.0, 20.0)           # the patch's rotated box, mm
ZIG_SIDE = (21.0, 32.0)          # (a hand-laid stack, its levels off the base, with its cut
#                                  edge, blurred at 3 MP: 31.3)


@dataclass(frozen=True)
class Patch:
    colour: str
    centre: tuple[float, float]      # board mm
    area: float                      # mm²
    sides: tuple[float, float]       # its rotated box, mm
    angle: float
    saturation: float = 255.0        # its pixels' median saturation
    hue: float | None = None         # ... and hue (OpenCV units)


@dataclass(frozen=True)
class Map:
    """The map seen square-on (BGR and HSV) and the same window of the print."""

    bgr: np.ndarray
    hsv: np.ndarray
    origin: tuple[float, float]      # board mm at pixel (0, 0)
    paper: float                     # the photo's paper level (V)
    gain: tuple[float, float, float] = (1.0, 1.0, 1.0)   # the white balance applied
    lift: float = 1.0                # the exposure applied (a dim photo brightened)
    # two lights' casts undone (light_casts; None: one light)
    casts: tuple[np.ndarray, np.ndarray] | None = field(default=None, compare=False,
                                                        repr=False)
    spot_tone: tuple[float, float, float] = (1.0, 1.0, 1.0)  # the well spots' ink (spot_tone)
    # each vertex's `_paper_fit` and `_unlike_round`, found once a read (the wells' tests
    # each look again)
    fits: dict = field(default_factory=dict, compare=False, repr=False)

    def px(self, mm) -> np.ndarray:
        return (np.asarray(mm, float) - self.origin) * PPM

    def mm(self, px) -> tuple[float, float]:
        p = np.asarray(px, float) / PPM + self.origin
        return (float(p[0]), float(p[1]))


def window() -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = geometry.map_frame()
    return (x0 - PAD, y0 - PAD, x1 + PAD, y1 + PAD)


@cache
def board_print() -> np.ndarray:
    """The PDF's own board face at 100 dpi (BGR), rendered once per process."""
    from pnp.games import part
    from pnp.printing.build import BuildRequest
    from pnp.printing.export import render_faces

    request = BuildRequest("assyria", printing=part("assyria", "printing"))
    for stem, image in render_faces(request, 100):
        if stem == "board":
            return cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2BGR)
    raise RuntimeError("the Assyria export has no board face")


@cache
def reference() -> tuple[np.ndarray, np.ndarray]:
    """The print's map window (BGR) and, per player colour, where the print itself is
    that colour (grown by 1 mm for the plane's and the print's misregistration)."""
    board = board_print()
    x0, y0, x1, y1 = window()
    m = np.array([[1, 0, -x0 * PPM], [0, 1, -y0 * PPM]], float)   # board px -> window px
    size = (round((x1 - x0) * PPM), round((y1 - y0) * PPM))
    ref = cv2.warpAffine(board, m, size, flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    hsv = cv2.cvtColor(ref, cv2.COLOR_BGR2HSV)
    grow = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * round(1.0 * PPM) + 1,) * 2)
    masks = np.stack([cv2.dilate(colour_mask(hsv, c, PRINT_SAT).astype(np.uint8), grow)
                      for c in HUES])
    return ref, masks


@cache
def _print_saturation() -> np.ndarray:
    """The print's saturation, each pixel the most within 1 mm (misregistration)."""
    ref, _ = reference()
    grow = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * round(1.0 * PPM) + 1,) * 2)
    return cv2.dilate(cv2.cvtColor(ref, cv2.COLOR_BGR2HSV)[..., 1], grow).astype(np.int16)


@cache
def _print_hues() -> tuple[np.ndarray, np.ndarray]:
    """The least and most hue of the print's coloured ink within 1 mm of each pixel
    (misregistration); paper and lines (less saturated) count as no hue."""
    ref, _ = reference()
    hsv = cv2.cvtColor(ref, cv2.COLOR_BGR2HSV)
    hue = hsv[..., 0].astype(np.int16)
    inked = hsv[..., 1] >= PRINT_SAT
    grow = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * round(1.0 * PPM) + 1,) * 2)
    low = cv2.erode(np.where(inked, hue, 255).astype(np.uint8), grow).astype(np.int16)
    high = cv2.dilate(np.where(inked, hue, 0).astype(np.uint8), grow).astype(np.int16)
    return low, high


def colour_mask(hsv: np.ndarray, colour: str, min_sat: int = MIN_SAT) -> np.ndarray:
    h, s, v = hsv[..., 0].astype(np.int16), hsv[..., 1], hsv[..., 2]
    return in_window(h, colour) & (s >= min_sat) & (v >= 60)


def in_window(hue: np.ndarray, colour: str, grow: tuple[int, int] = (0, 0)) -> np.ndarray:
    """Where `hue` (int16, OpenCV units) is within `colour`'s HUE_WINDOW (its ends moved
    by `grow`)."""
    lo, hi = HUE_WINDOW[colour]
    d = (hue - HUES[colour] + 90) % 180 - 90
    return (d >= lo + grow[0]) & (d <= hi + grow[1])


def square_on(image: np.ndarray, to_work: np.ndarray, field: refine.Field | None = None
              ) -> Map:
    """The map window seen square-on from the working image (`to_work`: board mm ->
    working px), moved by `field` (refine.py) where the plane is off the print."""
    x0, y0, x1, y1 = window()
    pick = np.array([[1 / PPM, 0, x0 + 0.5 / PPM], [0, 1 / PPM, y0 + 0.5 / PPM], [0, 0, 1.0]])
    size = (round((x1 - x0) * PPM), round((y1 - y0) * PPM))
    bgr = cv2.warpPerspective(image, to_work @ pick, size,
                              flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                              borderMode=cv2.BORDER_REPLICATE)
    if field is not None:            # the map a few mm off its print: shifted onto it
        bgr = refine.shifted(bgr, field, (x0, y0), PPM)
    gain = white_balance(bgr)
    bgr = balanced(bgr, gain)
    casts = light_casts(bgr)
    bgr = casts_undone(bgr, casts)
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)
    paper = float(np.percentile(hsv[..., 2], 95))
    lift = exposure_lift(paper)
    if lift > 1.0:
        bgr = exposed(bgr, lift)
        hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)
        paper = float(np.percentile(hsv[..., 2], 95))
    return Map(bgr, hsv, (x0, y0), max(paper, 40.0), gain, lift, casts=casts)


DIM_PAPER = 170.0                # the paper's level below which a photo is brightened
PAPER = 215.0                    # ... up to this (a print photographed in good light)


def exposure_lift(paper: float) -> float:
    """How much to brighten a dim photo (a room the phone could not fully expose): its
    fills then reach the levels the colour tests ask for; a well lit photo is kept."""
    return min(PAPER / max(paper, 1.0), 4.0) if paper < DIM_PAPER else 1.0


def exposed(bgr: np.ndarray, lift: float) -> np.ndarray:
    """`bgr` brightened by `lift` (clipped), its noise (brightened with it) softened."""
    if lift == 1.0:
        return bgr
    lut = np.clip(np.arange(256) * lift, 0, 255).astype(np.uint8)
    return cv2.GaussianBlur(cv2.LUT(bgr, lut), (0, 0), DENOISE * (lift - 1.0))


DENOISE = 0.5                    # px of softening per unit of lift beyond 1


def white_balance(bgr: np.ndarray) -> tuple[float, float, float]:
    """Per channel, what turns the photo's map into the print's: the ratio of the print's
    median to the photo's over the map (pieces cover a small part of it). Warm, cool, dim
    or wrongly balanced light then shows the fills in their own hues."""
    a = np.median(bgr[::8, ::8].reshape(-1, 3), axis=0)     # every 8th px is plenty
    g = np.clip(_print_median() / np.maximum(a, 1.0), 0.1, 10.0)   # a dim room: large
    return (float(g[0]), float(g[1]), float(g[2]))


@cache
def _print_median() -> np.ndarray:
    ref, _ = reference()
    return np.median(ref[::8, ::8].reshape(-1, 3), axis=0)


CAST = 1.1                       # channels' gains this far apart: a tinted light to undo


def balanced(bgr: np.ndarray, gain: tuple[float, float, float]) -> np.ndarray:
    """The photo's tint undone (warm, cool, wrongly balanced light), its exposure kept:
    the gains relative to their median (brightening a whole photo would clip its paper).
    Near-neutral light is left as shot."""
    if max(gain) / min(gain) < CAST:
        return bgr
    mid = float(np.median(gain))
    gain = (gain[0] / mid, gain[1] / mid, gain[2] / mid)
    lut = np.stack([np.clip(np.arange(256) * g, 0, 255) for g in gain]).astype(np.uint8)
    return cv2.merge([cv2.LUT(ch, lut[k]) for k, ch in enumerate(cv2.split(bgr))])


CELL_MM = 40.0                   # the light's colour is fitted per cell this wide
MIXED = 0.06                     # cells' casts this far apart: light of two colours
PALE_SAT = 110                   # paper under a coloured light is at most this saturated


def local_balance(bgr: np.ndarray) -> np.ndarray:
    """Light of two colours across the table (a warm lamp on one side, a window on the
    other) undone where one white balance cannot (light_casts). A photo under one light is
    kept as it is."""
    return casts_undone(bgr, light_casts(bgr))


def casts_undone(bgr: np.ndarray, casts: tuple[np.ndarray, np.ndarray] | None) -> np.ndarray:
    """`bgr` with `light_casts`' plane undone (kept as it is for None)."""
    if casts is None:
        return bgr
    h, w = bgr.shape[:2]
    return _times_field(bgr, casts, np.linspace(-0.5, 0.5, w, dtype=np.float32),
                        np.linspace(-0.5, 0.5, h, dtype=np.float32))


def _times_field(bgr: np.ndarray, casts: tuple[np.ndarray, np.ndarray], gx: np.ndarray,
                 gy: np.ndarray) -> np.ndarray:
    """`bgr` times the casts' plane, at each column's `gx` and each row's `gy` (units of
    the map's width and height from its middle)."""
    mean, slope = casts
    field = np.exp(mean + gx[None, :, None] * slope[0] + gy[:, None, None] * slope[1])
    return np.clip(bgr * field, 0, 255).astype(np.uint8)


def light_casts(bgr: np.ndarray) -> tuple[np.ndarray, np.ndarray] | None:
    """Light of two colours across the map: per cell, each channel's median against the
    print's, as a cast (its brightness divided out: light and shadow stay), and a plane
    per channel through the cells' log casts: its value at the map's middle and its slope
    per unit of the map's width and height (float32, log). The middle's cast is undone
    too: a mean cast under one white balance's threshold (CAST) still turns a yellow's
    fill on the warm side into red's hues. None under one light."""
    ref, _ = reference()
    step = round(CELL_MM * PPM)
    rows, cols = max(1, bgr.shape[0] // step), max(1, bgr.shape[1] // step)
    casts = np.ones((rows, cols, 3), np.float32)
    a_all, b_all = bgr[::3, ::3], ref[::3, ::3]
    # the paper in both (a piece's fill or the print's ink would pull the medians)
    pale = ((cv2.cvtColor(a_all, cv2.COLOR_BGR2HSV)[..., 1] < PALE_SAT)
            & (_print_saturation()[::3, ::3] < PRINT_SAT))
    n = -(-step // 3)
    for r in range(rows):
        for c in range(cols):
            cell = (slice(r * n, (r + 1) * n), slice(c * n, (c + 1) * n))
            keep = pale[cell]
            if keep.sum() < 50:
                continue
            a = np.median(a_all[cell][keep], axis=0)
            b = np.median(b_all[cell][keep], axis=0)
            g = b / np.maximum(a, 1.0)
            casts[r, c] = g / g.mean()
    # the light's change across the table is smooth: a plane per channel through the
    # cells' log casts (the print's own regions, tan, river, green, do not make one)
    yy, xx = np.mgrid[0:rows, 0:cols].astype(np.float32)
    xs, ys = (xx - (cols - 1) / 2) / cols, (yy - (rows - 1) / 2) / rows
    design = np.c_[np.ones(rows * cols), xs.ravel(), ys.ravel()]
    coef, *_ = np.linalg.lstsq(design, np.log(casts.reshape(-1, 3)), rcond=None)
    slope = coef[1:]                                 # per unit of the map's width, height
    if float(np.abs(slope).sum(axis=0).max()) < MIXED:
        return None
    return coef[0].astype(np.float32), slope.astype(np.float32)


def board_casts_undone(bgr: np.ndarray, casts: tuple[np.ndarray, np.ndarray] | None,
                       ppm: float) -> np.ndarray:
    """The whole board seen square-on (`ppm` px per mm, its tracks round the map) with
    the map's `light_casts` undone as on the map; past the map's window the light is
    taken as at its nearest edge (the plane is fitted on the map only)."""
    if casts is None:
        return bgr
    x0, y0, x1, y1 = window()
    h, w = bgr.shape[:2]
    gx = np.clip(((np.arange(w, dtype=np.float32) + 0.5) / ppm - x0) / (x1 - x0) - 0.5,
                 -0.5, 0.5)
    gy = np.clip(((np.arange(h, dtype=np.float32) + 0.5) / ppm - y0) / (y1 - y0) - 0.5,
                 -0.5, 0.5)
    return _times_field(bgr, casts, gx, gy)


def patches(seen: Map) -> tuple[list[Patch], np.ndarray, np.ndarray]:
    """Every patch of a player's colour the print does not have there; where any colour
    of a player lies, and where the patches lie (each grown by 2 mm: a piece's edge and
    shadow). The hexes' check looks past the patches only: what of a colour is no patch
    (a piece's fragments a split left, print a closing joined) is judged against the
    print."""
    _ref, printed = reference()
    found_all: list[tuple[Patch, tuple[np.ndarray, np.ndarray]]] = []
    union = np.zeros(seen.hsv.shape[:2], np.uint8)
    kept = np.zeros(seen.hsv.shape[:2], np.uint8)
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    close = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * round(2.2 * PPM) + 1,) * 2)
    # a square (fast, separable): it bridges the same gaps across a river
    bridge = cv2.getStructuringElement(cv2.MORPH_RECT, (2 * round(BRIDGE_MM * PPM) + 1,) * 2)
    hue = np.ascontiguousarray(seen.hsv[..., 0])        # cv2.LUT is slow on a strided one
    s, v = seen.hsv[..., 1], seen.hsv[..., 2]
    fill = ((s >= MIN_SAT) & (v >= 60)).astype(np.uint8)
    # plainly a piece's fill even where the print has a colour near it: more saturated
    # than the print there (a river is as saturated as a faded blue hut: not so)
    bright = (s >= ON_PRINT_SAT) & (v >= ON_PRINT_V * seen.paper)
    low, high = _print_hues()
    apart = ((hue.astype(np.int16) <= low - ON_PRINT_APART)
             | (hue.astype(np.int16) >= high + ON_PRINT_APART))
    strong = (bright & ((s >= _print_saturation() + ON_PRINT_MORE) | apart)).astype(np.uint8)
    for i, colour in enumerate(HUES):
        hued = cv2.LUT(hue, _hue_lut(colour)) & fill
        mine: list = []
        off_print = hued & (printed[i] ^ 1)
        # on print of its colour, the fill as this photo shows it off the print (a home
        # print turns blue's to 91)
        near = _near_lut(_fill_hue(hue, cv2.morphologyEx(off_print, cv2.MORPH_OPEN, k),
                                   colour))
        mask = off_print | (hued & printed[i] & strong & cv2.LUT(hue, near))
        raw = cv2.morphologyEx(mask, cv2.MORPH_OPEN, k)
        # a blue piece across a river shows either side of it: the river between its
        # parts is the piece's (river that only touches a piece is not: it is not between
        # two parts). Other colours' print is icons and lines a piece may lie beside.
        own = closed(raw, close)                                 # before any bridge
        mask = own                                               # the glyph's gaps closed
        if colour in BRIDGED:
            raw = raw | (cv2.morphologyEx(raw, cv2.MORPH_CLOSE, bridge) & printed[i])
            mask = closed(raw, close)
        union |= mask
        n, labels, stats, _cents = cv2.connectedComponentsWithStats(mask, connectivity=8)
        wider: list = []               # the widened window's patches, once one is needed
        for j in range(1, n):
            if stats[j, cv2.CC_STAT_AREA] / PPM ** 2 < MIN_PATCH:
                continue
            x, y, w, h = stats[j, :4]
            part = labels[y:y + h, x:x + w] == j
            if stats[j, cv2.CC_STAT_AREA] / PPM ** 2 > ZIG_AREA[1]:
                # two pieces the closing joined: their own pixels, apart
                parts = _rejoined(seen, colour,
                                  split_patch(part & (raw[y:y + h, x:x + w] > 0), x, y))
                # each part is judged on its own pixels: what the closing filled between
                # them (a tinted tan's lines and icon rims) lies under a piece only where
                # a piece's hull takes it back (below), never over a vertex as print
                union[y:y + h, x:x + w][part & (raw[y:y + h, x:x + w] == 0)] = 0
            else:
                parts = [(part, x, y)]
            for piece, ox, oy in parts:
                ys, xs = np.nonzero(piece)
                if len(xs) / PPM ** 2 < MIN_PATCH:
                    continue
                found = patch_pieces(seen, colour, piece, ox, oy)
                if colour in BRIDGED and _unread(found):
                    found = _unbridged(seen, colour, piece, own, ox, oy) or found
                if colour in WIDENED and (not found or _unread(found)) and len(parts) == 1:
                    if not wider:
                        wider.append(cv2.connectedComponentsWithStats(_widened(
                            seen, colour, fill, printed[i], k, close), connectivity=8))
                    found = _joined_across(seen, colour, piece, ox, oy, wider[0],
                                           labels, stats) or found
                if (_printed(found, printed[i], ys + oy, xs + ox)
                        or _tinted_print(seen, found or [(patch_of(
                            seen, colour, xs + ox, ys + oy), None)], ys + oy, xs + ox)):
                    # no piece; the hexes' check judges it with the rest
                    union[ys + oy, xs + ox] = 0
                    continue
                mine += found or [(patch_of(seen, colour, xs + ox, ys + oy),
                                   (xs + ox, ys + oy))]
        for p, (pxs, pys) in _cut_by_print(seen, colour, mine, hued & printed[i]):
            found_all.append((p, (pxs, pys)))
            # the whole piece lies where its hull does (also over print of its colour)
            hull = cv2.convexHull(np.c_[pxs, pys].astype(np.int32))
            cv2.fillConvexPoly(union, hull, 1)
            cv2.fillConvexPoly(kept, hull, 1)
    out = [p for p, _px in _fills_of_others_dropped(found_all)]
    return out, cv2.dilate(union, GROWN), cv2.dilate(kept, GROWN)


WITHIN = 0.9                     # a patch's share inside another colour's whole piece


def _fills_of_others_dropped(found: list) -> list:
    """`found` less each patch that is no piece, lying (WITHIN) inside the hull of a whole
    piece of another colour, its hue nearer that piece's than its own colour's fill: that
    piece's own fill where it crosses into the other colour's hue window (a green base at
    hue 84 in a dim photo shows blue's 85 in part). Pieces never lie on one another."""
    whole = [(p, px) for p, px in found if kind_of(p) is not None]
    out = []
    for p, (xs, ys) in found:
        if kind_of(p) is None and p.hue is not None and any(
                w.colour != p.colour and w.hue is not None
                and _hue_gap(p.hue, w.hue) < _hue_gap(p.hue, HUES[p.colour])
                and _share_inside(xs, ys, wx, wy) >= WITHIN for w, (wx, wy) in whole):
            continue
        out.append((p, (xs, ys)))
    return out


def _hue_gap(a: float, b: float) -> float:
    """How far apart two OpenCV hues are (the hue circle: 180 units)."""
    return abs((a - b + 90) % 180 - 90)


def _share_inside(xs: np.ndarray, ys: np.ndarray, wx: np.ndarray, wy: np.ndarray) -> float:
    """The share of pixels (xs, ys) inside the convex hull of pixels (wx, wy)."""
    if _apart(xs, ys, wx, wy, 0):
        return 0.0
    x0, y0 = int(xs.min()), int(ys.min())
    box = np.zeros((int(ys.max()) - y0 + 1, int(xs.max()) - x0 + 1), np.uint8)
    hull = cv2.convexHull(np.c_[wx - x0, wy - y0].astype(np.int32))
    cv2.fillConvexPoly(box, hull, 1)
    return float(box[ys - y0, xs - x0].mean())


CUT_MM = 4.0                     # print of a piece's colour this wide may cut a sliver off


def _cut_by_print(seen: Map, colour: str, found: list, on_print: np.ndarray) -> list:
    """`found` with each sliver (smaller than any piece) that print of its colour cuts off
    a whole piece joined back to it: a base's corner past a hex's outline, its fill there
    under a cool light too pale to count on print. Only when the two with the print
    between them are still that one piece's kind (else the sliver stays unclear)."""
    out = list(found)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * round(CUT_MM * PPM) + 1,) * 2)
    reach = disc.shape[0] // 2 + 1          # the print joins pixels this near the sliver
    for sliver in [f for f in found if kind_of(f[0]) is None and f[0].area < HUT_AREA[0]]:
        sx, sy = sliver[1]
        for whole in [f for f in out if kind_of(f[0]) is not None]:
            if _apart(sx, sy, whole[1][0], whole[1][1], reach):
                continue                        # nothing of it within the print's reach
            xs, ys = np.r_[sx, whole[1][0]], np.r_[sy, whole[1][1]]
            pad = disc.shape[0]
            x0, y0 = max(xs.min() - pad, 0), max(ys.min() - pad, 0)
            print_there = on_print[y0:ys.max() + pad, x0:xs.max() + pad]
            box = np.zeros_like(print_there)
            box[sy - y0, sx - x0] = 1
            near = cv2.dilate(box, disc) & print_there
            box[whole[1][1] - y0, whole[1][0] - x0] = 2
            _n, labels = cv2.connectedComponents(((box > 0) | (near > 0)).astype(np.uint8))
            if labels[sy[0] - y0, sx[0] - x0] != labels[whole[1][1][0] - y0,
                                                         whole[1][0][0] - x0]:
                continue
            joined = patch_of(seen, colour, xs, ys)
            if kind_of(joined) == kind_of(whole[0]):
                out = [f for f in out if f is not sliver and f is not whole]
                out.append((joined, (xs, ys)))
                break
    return out


def _apart(ax: np.ndarray, ay: np.ndarray, bx: np.ndarray, by: np.ndarray, gap: int
           ) -> bool:
    """Whether two sets of pixels' bounding boxes lie more than `gap` px apart."""
    return bool(ax.min() - bx.max() > gap or bx.min() - ax.max() > gap
                or ay.min() - by.max() > gap or by.min() - ay.max() > gap)


@cache
def _hue_lut(colour: str) -> np.ndarray:
    """Per OpenCV hue (a cv2.LUT table, 0/1): within `colour`'s HUE_WINDOW."""
    return in_window(np.arange(256, dtype=np.int16), colour).astype(np.uint8)


FILL_SEEN = 100.0                # mm² of a colour off its print: its fill's hue seen


def _fill_hue(hue: np.ndarray, seen_fill: np.ndarray, colour: str) -> int:
    """`colour`'s fill hue in this photo: the median of its pixels off the print
    (`seen_fill`, each within the colour's window) where there are enough; else the
    fill's own."""
    ys, xs = np.nonzero(seen_fill)
    if len(xs) < FILL_SEEN * PPM ** 2:
        return HUES[colour]
    return int(np.median(hue[ys, xs]))


@cache
def _near_lut(centre: int) -> np.ndarray:
    """Per OpenCV hue (a cv2.LUT table, 0/1): within ON_PRINT_HUE of `centre`."""
    hue = np.arange(256, dtype=np.int16)
    d = np.abs(hue - centre)
    return (np.minimum(d, 180 - d) <= ON_PRINT_HUE).astype(np.uint8)


TILE = 256                       # px: a closing is worked out only in tiles near pixels


def closed(mask: np.ndarray, kernel: np.ndarray) -> np.ndarray:
    """cv2's closing of a 0/1 `mask`, exactly, worked out only in the tiles that have a
    pixel within its reach (a map's pieces cover a small part of it)."""
    reach = max(kernel.shape) - 1            # a dilation, then an erosion
    h, w = mask.shape
    out = np.zeros_like(mask)
    for y in range(0, h, TILE):
        for x in range(0, w, TILE):
            y0, x0 = max(y - reach, 0), max(x - reach, 0)
            crop = mask[y0:y + TILE + reach, x0:x + TILE + reach]
            if cv2.countNonZero(crop):
                done = cv2.morphologyEx(crop, cv2.MORPH_CLOSE, kernel)
                out[y:y + TILE, x:x + TILE] = done[y - y0:y - y0 + TILE, x - x0:x - x0 + TILE]
    return out


def _widened(seen: Map, colour: str, fill: np.ndarray, printed: np.ndarray,
             k: np.ndarray, close: np.ndarray) -> np.ndarray:
    """`colour`'s pixels off its print with its window grown by WIDENED, as patches
    closes them (0/1)."""
    lut = in_window(np.arange(256, dtype=np.int16), colour, WIDENED[colour]).astype(np.uint8)
    hued = cv2.LUT(np.ascontiguousarray(seen.hsv[..., 0]), lut) & fill & (printed ^ 1)
    return closed(cv2.morphologyEx(hued, cv2.MORPH_OPEN, k), close)


Components = tuple[int, np.ndarray, np.ndarray, np.ndarray]   # connectedComponentsWithStats


def _joined_across(seen: Map, colour: str, piece: np.ndarray, x: int, y: int,
                   wider: Components, labels: np.ndarray, stats: np.ndarray
                   ) -> list[tuple[Patch, tuple[np.ndarray, np.ndarray]]]:
    """The piece `piece` (at x, y) is part of, its fill seen partly past its window: the
    widened window's patch holding it when that is one whole piece and holds no other
    patch of the colour (two pieces the wider hues join stay apart); else []."""
    _n, wide, wide_stats, _c = wider
    ys, xs = np.nonzero(piece)
    t = int(np.bincount(wide[ys + y, xs + x]).argmax())
    if t == 0:
        return []
    bx, by, bw, bh = wide_stats[t, :4]
    part = wide[by:by + bh, bx:bx + bw] == t
    held = np.unique(labels[by:by + bh, bx:bx + bw][part])
    if any(stats[j, cv2.CC_STAT_AREA] / PPM ** 2 >= MIN_PATCH
           and j != labels[ys[0] + y, xs[0] + x] for j in held if j):
        return []
    found = patch_pieces(seen, colour, part, bx, by)
    return found if len(found) == 1 and not _unread(found) else []


def _unread(found: list) -> bool:
    return len(found) == 1 and kind_of(found[0][0]) is None


def _unbridged(seen: Map, colour: str, piece: np.ndarray, own: np.ndarray, x: int, y: int
               ) -> list[tuple[Patch, tuple[np.ndarray, np.ndarray]]]:
    """Two pieces a river bridged (a blue hut either side of it): the patch's own pixels,
    unbridged, as two or more whole pieces; [] when they are not (a piece across the
    river is one piece only bridged)."""
    h, w = piece.shape
    mine = (piece & (own[y:y + h, x:x + w] > 0)).astype(np.uint8)
    n, labels = cv2.connectedComponents(mine, connectivity=8)
    out = []
    for t in range(1, n):
        part = labels == t
        if part.sum() / PPM ** 2 < MIN_PATCH:
            continue
        found = patch_pieces(seen, colour, part, x, y)
        if not found or _unread(found):
            return []
        out += found
    return out if len(out) > 1 else []


ICON_INK = 0.7                   # a patch's share on the print's saturated ink: an icon's
PIECE_INK = 0.9                  # ... where a whole piece's hull is found in it (the
#                                  legend's pieces: 1.0; a blue hut on a river hex's
#                                  hatching, the river cutting a third off it: 0.75)


def _printed(found: list, printed: np.ndarray, ys: np.ndarray, xs: np.ndarray) -> bool:
    """A patch that is the print itself: thin (no piece's core in it) and mostly over
    print of its colour (a river's saturated streak) or over the print's saturated ink
    (a boundary line); or smaller than any piece, lying on that ink (a food icon, a
    legend): its hue moved by the light or a home printer. A piece's hull in it (what
    the print of its colour left of a piece) must lie on that ink almost whole."""
    on_ink = float((_print_saturation()[ys, xs] >= PRINT_SAT).mean())
    if not found and (printed[ys, xs].mean() >= 0.5 or on_ink >= 0.5):
        return True
    whole = any(kind_of(p) is not None for p, _px in found)
    return len(xs) / PPM ** 2 < HUT_AREA[0] and on_ink >= (PIECE_INK if whole else ICON_INK)


TINT_HUE = 8                     # the photo's hue this near the print's under a patch, ...
TINTED_SAT = 30                  # ... a print this saturated at least (a tan, not paper)


def _tinted_print(seen: Map, found: list, ys: np.ndarray, xs: np.ndarray) -> bool:
    """A patch too pale for a player's fill (every piece in it below the colour's
    PIECE_SAT) over a tinted print of its own hue: the print's tan, its saturation raised
    by a warm or a brightened dim light, not a piece (the hexes' check judges it with the
    rest: a card or a faded piece there is unlike the print)."""
    if any(p.saturation >= PIECE_SAT.get(p.colour, 135) for p, _px in found):
        return False
    ref = cv2.cvtColor(reference()[0][ys, xs][None], cv2.COLOR_BGR2HSV)[0]
    gap = np.abs((seen.hsv[ys, xs, 0].astype(np.int16) - ref[:, 0] + 90) % 180 - 90)
    return bool(np.median(gap) <= TINT_HUE and np.median(ref[:, 1]) >= TINTED_SAT)


def split_patch(raw: np.ndarray, x: int, y: int) -> list[tuple[np.ndarray, int, int]]:
    """A patch's own pixels (`raw`, at x, y) as separate pieces, each with its offset;
    pieces a blurred shadow still joins (a hut 3 mm from a base) come apart under a
    1.5 mm erosion, each then grown back. A piece's glyph is its own: holes are filled
    before the erosion (a hut's ring round its glyph, 3 mm wide, would fall apart under
    it). Each part is worked on in its own box (a dim photo's map may be hundreds of
    them)."""
    m, sub, stats, _c = cv2.connectedComponentsWithStats(raw.astype(np.uint8), connectivity=8)
    out = []
    r = round(1.5 * PPM)
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1,) * 2)
    for t in range(1, m):
        if stats[t, cv2.CC_STAT_AREA] / PPM ** 2 < MIN_PATCH:
            continue                 # too small to be a piece (dropped anyway)
        part, ox, oy = _boxed(sub == t, stats[t, :4], r + 1)
        n, cores = cv2.connectedComponents(cv2.erode(_holes_filled(part), k),
                                           connectivity=8)
        split = [part & (cv2.dilate((cores == c).astype(np.uint8), k) > 0)
                 for c in range(1, n)]
        big = [q for q in split if q.sum() / PPM ** 2 >= MIN_PATCH]
        out += [(q, ox + x, oy + y) for q in (big if len(big) > 1 else [part])]
    return out


def _rejoined(seen: Map, colour: str, parts: list[tuple[np.ndarray, int, int]]
              ) -> list[tuple[np.ndarray, int, int]]:
    """`split_patch`'s parts, two of one patch that are each no whole piece joined back
    when together they are one square whole piece (a base's level line, reaching its
    edge, cut by the split: the level and the base's strip round it)."""
    def whole(q: np.ndarray, ox: int, oy: int) -> bool:
        ys, xs = np.nonzero(q)
        p = patch_of(seen, colour, xs + ox, ys + oy)
        return kind_of(p) is not None and p.sides[1] <= SQUARE * p.sides[0]

    alone = [whole(*q) for q in parts]
    joined: list[tuple[np.ndarray, int, int]] = []
    used: set[int] = set()
    for a, b in itertools.combinations(range(len(parts)), 2):
        (qa, xa, ya), (qb, xb, yb) = parts[a], parts[b]
        if ((xa, ya) != (xb, yb) or {a, b} & used or alone[a] or alone[b]
                or qa.shape != qb.shape or not whole(qa | qb, xa, ya)):
            continue
        used |= {a, b}
        joined.append((qa | qb, xa, ya))
    return [q for k, q in enumerate(parts) if k not in used] + joined


def _holes_filled(mask: np.ndarray) -> np.ndarray:
    """A 0/1 mask (uint8) with every hole inside its outlines filled."""
    filled = mask.astype(np.uint8)
    outline, _h = cv2.findContours(filled, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(filled, outline, -1, 1, cv2.FILLED)
    return filled


def _boxed(mask: np.ndarray, box, pad: int) -> tuple[np.ndarray, int, int]:
    """`mask` cut to `box` (x, y, w, h) with `pad` px of nothing round it (erosion
    then works from every side), and the cut's offset in `mask`."""
    bx, by, bw, bh = (int(v) for v in box)
    cut = np.pad(mask[by:by + bh, bx:bx + bw], pad)
    return cut, bx - pad, by - pad


CORE_MM = 3.0                    # a piece's core: what a disc this wide (radius) fits in
CORE_LEFT = 20.0                 # mm² of a patch its cores may leave unexplained (fringe)


def patch_pieces(seen: Map, colour: str, piece: np.ndarray, x: int, y: int
                 ) -> list[tuple[Patch, tuple[np.ndarray, np.ndarray]]]:
    """The patch as it is if it is a hut or a ziggurat; else its cores (what is left
    under an opening by a 3 mm disc: thinner bridges and fringes go), when each one is a
    whole piece: two huts a blurred shadow joins, a base with a saturated print spot or
    specks by its edge. [] when nothing is left (a thin streak); [(patch, pixels)] of
    the whole when the cores are not all pieces (it stays unclear)."""
    ys, xs = np.nonzero(piece)
    xs, ys = xs + x, ys + y                      # the map's pixels
    whole = patch_of(seen, colour, xs, ys)
    if kind_of(whole) is not None:
        return [(whole, (xs, ys))]
    r = round(CORE_MM * PPM)
    piece, bx, by = _boxed(piece, cv2.boundingRect(piece.astype(np.uint8)), r + 1)
    x, y = x + bx, y + by
    filled = np.zeros(piece.shape, np.uint8)     # a glyph's hole is the piece's own
    outline, _ = cv2.findContours(piece.astype(np.uint8), cv2.RETR_EXTERNAL,
                                  cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(filled, outline, -1, 1, cv2.FILLED)
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1,) * 2)
    opened = cv2.morphologyEx(filled, cv2.MORPH_OPEN, k)
    n, labels = cv2.connectedComponents(opened, connectivity=8)
    cores = []
    for t in range(1, n):
        cy, cx = np.nonzero(labels == t)
        if len(cx) / PPM ** 2 >= MIN_PATCH:
            cores.append((patch_of(seen, colour, cx + x, cy + y), (cx + x, cy + y)))
    if not cores:
        return []
    # what the cores do not explain (beyond the opening's reach) is only fringe
    left = float((piece & (cv2.dilate(opened, k) == 0)).sum()) / PPM ** 2
    if left <= CORE_LEFT and all(kind_of(p) is not None for p, _px in cores):
        return cores
    return (_pieces_apart(seen, colour, xs, ys) or _cores_apart(seen, colour, xs, ys)
            or _pale_rest_off(seen, colour, piece, x, y)
            or _strong_within(seen, colour, piece, x, y) or [(whole, (xs, ys))])


HUT_CORE_MM = 4.0                # a disc this wide (radius) fits in a hut's middle
STRONG_REST = 10.0               # mm² of a piece's fill (its saturation) left over at most


def _pale_rest_off(seen: Map, colour: str, piece: np.ndarray, x: int, y: int
                   ) -> list[tuple[Patch, tuple[np.ndarray, np.ndarray]]]:
    """A piece with print the light saturated joined to it (a dark photo brightened: a
    tan hex's grain as saturated as a fill; a home print's orange icon in yellow's hues):
    its middles (an opening by a hut's HUT_CORE_MM disc), each grown back by 1 mm within
    the patch, when each is a whole piece and what is left holds no player's fill off the
    print's coloured ink (less than STRONG_REST mm² at the colour's PIECE_SAT, a piece's
    saturation); else []."""
    r = round(HUT_CORE_MM * PPM)
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1,) * 2)
    opened = cv2.morphologyEx(_holes_filled(piece), cv2.MORPH_OPEN, disc)
    n, labels = cv2.connectedComponents(opened, connectivity=8)
    out, taken = [], np.zeros(piece.shape, bool)
    for t in range(1, n):
        mine = piece & (cv2.dilate((labels == t).astype(np.uint8), _GROW_1MM) > 0)
        cy, cx = np.nonzero(mine)
        p = patch_of(seen, colour, cx + x, cy + y)
        if kind_of(p) is None:
            return []
        out.append((p, (cx + x, cy + y)))
        taken |= mine
    if out and _strong_fill(seen, colour, piece & ~taken, x, y) >= STRONG_REST:
        # the rest may hold a whole piece of its own no hut's core fits in (a hut over
        # print of its colour shows only its rim), joined by a thin neck of shadow
        more, taken = _rest_pieces(seen, colour, piece, taken, x, y)
        out += more
    return out if out and _strong_fill(seen, colour, piece & ~taken, x, y) < STRONG_REST \
        else []


def _strong_fill(seen: Map, colour: str, part: np.ndarray, x: int, y: int) -> float:
    """mm² of `part` (a mask at pixel x, y) holding a piece's fill (the colour's
    PIECE_SAT) off the print's coloured ink."""
    ry, rx = np.nonzero(part)
    ry, rx = ry + y, rx + x
    return float(((seen.hsv[ry, rx, 1] >= PIECE_SAT.get(colour, 135))
                  & (_print_saturation()[ry, rx] < PRINT_SAT)).sum()) / PPM ** 2


def _rest_pieces(seen: Map, colour: str, piece: np.ndarray, taken: np.ndarray, x: int,
                 y: int) -> tuple[list[tuple[Patch, tuple[np.ndarray, np.ndarray]]],
                                  np.ndarray]:
    """The parts of `piece` outside `taken`, thin necks and fringes (under 2 mm) opened
    away, each group of them within 4 mm of one another (a hut's rim round a glyph open
    to its edge, broken where it thins) that is a whole piece by its hull; and `taken`
    with them."""
    rest = cv2.morphologyEx((piece & ~taken).astype(np.uint8), cv2.MORPH_OPEN, _GROW_1MM)
    n, groups = cv2.connectedComponents(cv2.dilate(rest, GROWN), connectivity=8)
    labels = np.where(rest > 0, groups, 0)
    out, taken = [], taken.copy()
    for t in range(1, n):
        cy, cx = np.nonzero(labels == t)
        if len(cx) / PPM ** 2 < MIN_PATCH:
            continue
        p = patch_of(seen, colour, cx + x, cy + y)
        if kind_of(p) is not None:
            out.append((p, (cx + x, cy + y)))
            taken |= labels == t
    return out, taken


_GROW_1MM = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * round(1.0 * PPM) + 1,) * 2)


def _strong_within(seen: Map, colour: str, piece: np.ndarray, x: int, y: int
                   ) -> list[tuple[Patch, tuple[np.ndarray, np.ndarray]]]:
    """A piece inside print a light tinted into its hues, too wide for a hut's core to
    tell them apart but far paler (a white-balanced photo: a tan hex at saturation 98
    round a red hut at 200): the patch's pixels at the colour's PIECE_SAT (specks and
    thin joins opened away, the glyph's holes filled), each part a whole piece and
    less than STRONG_REST mm² of that fill left over; else []."""
    ys, xs = np.nonzero(piece)
    strong = np.zeros(piece.shape, np.uint8)
    at_sat = seen.hsv[ys + y, xs + x, 1] >= PIECE_SAT.get(colour, 135)
    strong[ys[at_sat], xs[at_sat]] = 1
    opened = _holes_filled(cv2.morphologyEx(strong, cv2.MORPH_OPEN, _GROW_1MM))
    n, labels = cv2.connectedComponents(opened, connectivity=8)
    out, taken = [], np.zeros(piece.shape, bool)
    for t in range(1, n):
        cy, cx = np.nonzero(labels == t)
        if len(cx) / PPM ** 2 < MIN_PATCH:
            continue
        p = patch_of(seen, colour, cx + x, cy + y)
        if kind_of(p) is None:
            return []
        out.append((p, (cx + x, cy + y)))
        taken |= labels == t
    rest = float((strong.astype(bool) & ~taken).sum()) / PPM ** 2
    return out if out and rest < STRONG_REST else []


TWO_APART_MM = 12.0              # pieces' middles at least this far apart
SQUARE = 1.3                     # ... each one's rotated box at most this long for its width


def _pieces_apart(seen: Map, colour: str, xs: np.ndarray, ys: np.ndarray
                  ) -> list[tuple[Patch, tuple[np.ndarray, np.ndarray]]]:
    """A patch of two or three pieces a shadow or a corner joins (huts laid close, a
    hut's white glyph open to its edge so no core is whole, a hut and two bases touching
    on neighbouring hexes): its pixels in as many clusters, each a whole square piece by
    its hull's size; [] when no count of them is."""
    area = len(xs) / PPM ** 2
    points = np.c_[xs, ys].astype(np.float32)
    criteria = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.5)
    for k in (2, 3):
        if not k * HUT_AREA[0] * 0.6 <= area <= k * ZIG_AREA[1]:
            continue
        cv2.setRNGSeed(1)                # the same split for the same photo
        _c, labels, centres = cv2.kmeans(points, k, None, criteria, 3,
                                         cv2.KMEANS_PP_CENTERS)
        if min(float(np.hypot(*(a - b))) for a, b in itertools.combinations(centres, 2)
               ) / PPM < TWO_APART_MM:
            continue
        out = []
        for t in range(k):
            mine = labels.ravel() == t
            p = patch_of(seen, colour, xs[mine], ys[mine])
            if kind_of(p) is None or p.sides[1] > SQUARE * p.sides[0]:
                break            # each a square piece (a lump beside a hut is no hut)
            out.append((p, (xs[mine], ys[mine])))
        else:
            return out
    return []


ERODE_MM = (3.0, 4.5, 6.0, 7.5, 9.0, 10.5)   # pieces overlapping at a corner: apart under
MIN_CORE = 10.0                  # mm²: a core this large at least (a piece's middle)


def _cores_apart(seen: Map, colour: str, xs: np.ndarray, ys: np.ndarray
                 ) -> list[tuple[Patch, tuple[np.ndarray, np.ndarray]]]:
    """Pieces that overlap at a corner (two bases laid by hand on neighbouring hexes):
    the patch eroded until it falls into two or three cores, each pixel then given to
    its nearest core; each part a whole square piece, else []."""
    x0, y0 = int(xs.min()) - 2, int(ys.min()) - 2
    mask = np.zeros((int(ys.max()) - y0 + 3, int(xs.max()) - x0 + 3), np.uint8)
    mask[ys - y0, xs - x0] = 1
    # the pieces' white glyphs and corners are theirs: holes filled, only the outline erodes
    outline, _h = cv2.findContours(mask, cv2.RETR_EXTERNAL, cv2.CHAIN_APPROX_SIMPLE)
    cv2.drawContours(mask, outline, -1, 1, cv2.FILLED)
    for r_mm in ERODE_MM:
        r = round(r_mm * PPM)
        disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1,) * 2)
        n, cores, stats, _c = cv2.connectedComponentsWithStats(cv2.erode(mask, disc))
        keep = [t for t in range(1, n) if stats[t, cv2.CC_STAT_AREA] / PPM ** 2 >= MIN_CORE]
        if len(keep) < 2:
            continue
        if len(keep) > 3:
            return []
        near = np.stack([cv2.distanceTransform((cores != t).astype(np.uint8), cv2.DIST_L2, 3)
                         for t in keep])[:, ys - y0, xs - x0]
        owner = np.argmin(near, axis=0)
        out = []
        for t in range(len(keep)):
            mine = owner == t
            p = patch_of(seen, colour, xs[mine], ys[mine])
            if kind_of(p) is None or p.sides[1] > SQUARE * p.sides[0]:
                return []
            out.append((p, (xs[mine], ys[mine])))
        return out
    return []


def patch_of(seen: Map, colour: str, xs: np.ndarray, ys: np.ndarray) -> Patch:
    """A patch from its pixels: the convex hull (a piece's white glyph and the print
    under it are its own), its middle, rotated box and median saturation."""
    hull = cv2.convexHull(np.c_[xs, ys].astype(np.float32))
    area = float(cv2.contourArea(hull)) / PPM ** 2
    m = cv2.moments(hull)
    middle = ((m["m10"] / m["m00"], m["m01"] / m["m00"]) if m["m00"]
              else (float(xs.mean()), float(ys.mean())))
    (_cx, _cy), (w, h), angle = cv2.minAreaRect(hull)
    sat = float(np.median(seen.hsv[ys, xs, 1]))
    hue = float(np.median(seen.hsv[ys, xs, 0]))
    return Patch(colour, seen.mm(middle), area, (float(min(w, h) / PPM),
                                                 float(max(w, h) / PPM)), float(angle), sat,
                 hue)


def kind_of(p: Patch) -> str | None:
    """"hut", "ziggurat", or None (neither size: partly hidden, two touching, ...)."""
    lo, hi = p.sides
    if p.saturation < PIECE_SAT.get(p.colour, 135):
        return None                  # a tan card, a faded something: not a player's fill
    if HUT_AREA[0] <= p.area <= HUT_AREA[1] and HUT_SIDE[0] <= lo and hi <= HUT_SIDE[1]:
        return "hut"
    if ZIG_AREA[0] <= p.area <= ZIG_AREA[1] and ZIG_SIDE[0] <= lo and hi <= ZIG_SIDE[1]:
        return "ziggurat"
    return None


def ring_share(mask: np.ndarray, seen: Map, centre, r0: float, r1: float) -> float:
    c = seen.px(centre)
    n = math.ceil(r1 * PPM) + 1
    x0, y0 = int(c[0]) - n, int(c[1]) - n
    sub = mask[max(y0, 0):y0 + 2 * n + 1, max(x0, 0):x0 + 2 * n + 1]
    yy, xx = np.mgrid[max(y0, 0):max(y0, 0) + sub.shape[0], max(x0, 0):max(x0, 0) + sub.shape[1]]
    d = np.hypot(xx - c[0], yy - c[1]) / PPM
    ring = (d >= r0) & (d <= r1)
    return float(sub[ring].mean()) if ring.any() else 0.0


WELL_R_MM = geometry.token_size("well") / 2 - 1.0   # a well's middle, less its nudge


def body_share(covered: np.ndarray, seen: Map, at) -> float:
    """The share of a vertex's middle (WELL_R_MM) under a piece's own body: `covered`
    less the 2 mm grown round each piece (GROWN), undone here only near the vertex."""
    c = seen.px(at)
    n = math.ceil((WELL_R_MM + 4.0) * PPM) + 1     # the erosion's reach beyond
    x0, y0 = max(int(c[0]) - n, 0), max(int(c[1]) - n, 0)
    sub = covered[y0:int(c[1]) + n + 1, x0:int(c[0]) + n + 1]
    if not sub.any():
        return 0.0
    body = cv2.erode(sub, GROWN, borderType=cv2.BORDER_REPLICATE)
    yy, xx = np.mgrid[y0:y0 + sub.shape[0], x0:x0 + sub.shape[1]]
    middle = np.hypot(xx - c[0], yy - c[1]) <= WELL_R_MM * PPM
    return float(body[middle].mean()) if middle.any() else 0.0


NEITHER = 0.6                    # neither white shape matches even this: a centre's top,
CENTRE_WHITE = 0.3               # ... its corner diamonds in the middle when laid off the
#                                  base (3 MP: a centre's best match at most 0.69, white
#                                  contrast 0.11-0.25; a glyph's or a roof's 0.88 or more)
TURN_STEP = 10                   # degrees between the level templates' turns
GLYPH_LEAD = 0.05                # the glyph this far ahead of the roof is enough when it
#                                  lies square to the base's outline (3 MP: a base's
#                                  glyph 0.07-0.3 ahead, within 5 degrees of square; a
#                                  roof's top at most 0.7 like the glyph, 0.2 behind)
SQUARE_DEG = 8.0


def _square_to(turn: float, p: Patch) -> bool:
    """Whether the glyph, best matched turned by `turn` degrees, lies square to the
    patch's outline (its rotated box's angle): a base's glyph is printed so."""
    off = (turn + p.angle + 45.0) % 90.0 - 45.0
    return abs(off) <= SQUARE_DEG


def level_of(seen: Map, p: Patch) -> tuple[int | None, dict[str, float]]:
    """A ziggurat's level from its top (`top_look`): no white shape in the middle is a
    centre's plain top (level 2); the base's stepped glyph is level 1, the roof's white
    square level 3, each only when it matches clearly better than the other (on generated
    photos: the true one 0.83-0.99, the other at most 0.79; with no white contrast, a
    centre's top matches either at most 0.7; neither matching at all, its corner diamonds
    may show in the middle), or the glyph a little better and square to
    the base's outline (its shape where 3 MP blurs its steps). Between: None (unclear)."""
    looks = top_look(seen, p.centre, roof_at=roof_centre(seen, p))
    glyph, roof, contrast = looks["glyph"], looks["roof"], looks["contrast"]
    if (contrast < 0.12 and max(glyph, roof) < 0.75) or (
            contrast < CENTRE_WHITE and max(glyph, roof) < NEITHER):
        return 2, looks
    lead = glyph - roof
    if contrast >= 0.2 and glyph >= 0.8 and (
            lead >= 0.1 or (lead >= GLYPH_LEAD and _square_to(looks["glyph_turn"], p))):
        return 1, looks
    if contrast >= 0.2 and roof >= 0.85 and roof - glyph >= 0.1:
        return 3, looks
    looks = top_look(seen, p.centre, p.colour, roof_centre(seen, p))
    if (contrast >= CENTRE_WHITE and looks["own_roof"] >= OWN_ROOF
            and looks["own_roof"] - glyph >= OWN_LEAD
            and white_shape(seen, p.centre) > CORNER_MM2):
        # each colour's roof has its own symbol, which the blue square matches only
        # loosely (a green triangle: 0.84); plainly that colour's roof and no glyph, and
        # more white than the base's corner marks of the same symbol
        return 3, looks
    if (contrast < CENTRE_WHITE and max(glyph, roof) < TRUE_LOOK
            and white_shape(seen, p.centre) <= CORNER_MM2):
        # a centre laid off its base brings a corner mark into the base's middle, which
        # the roof's template half matches: no white larger than corner marks, a centre
        return 2, looks
    return None, looks


OWN_ROOF, OWN_LEAD = 0.9, 0.2    # a roof by its own colour's symbol: so alike, so ahead
#                                  of the glyph (3 MP green roof: 0.96, glyph 0.55)
TRUE_LOOK = 0.8                  # a glyph or a roof in view matches at least this (0.85-0.99)
CORNER_MM2 = 8.0                 # mm²: the white of corner marks (1.7 mm: at most 3.4
#                                  mm² each, opened); a roof's symbol 22-30, the glyph 43
WHITE_SHARE = 0.4                # white: this far from the fill's whiteness to the paper's
# a solid white shape is at least this wide (a roof's symbol 4-5 mm; 1.8 mm across): a
# level's light cut edge, seen at a tilt as a line about 1.2 mm wide, is none
SOLID = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (7, 7))


ROOF_FAR_MM = 4.0                # a solid white shape this far off the patch's middle: the
#                                  roof's search follows it (two levels each laid up to
#                                  3.5 mm off the one below put a roof 6-7 mm off)
INSIDE_MM = 2.0                  # ... the shape sought this far inside the patch's box


def roof_centre(seen: Map, p: Patch) -> tuple[float, float]:
    """Where to seek a ziggurat's roof: the middle of the largest solid white shape
    inside its outline (its rotated box's shorter side, less INSIDE_MM), when that is larger than
    corner marks and ROOF_FAR_MM or more off the patch's middle; else the middle."""
    found = _white_round(seen, p.centre, ZIG_SIDE[1])
    if found is None:
        return p.centre
    w, n = found
    side = max(p.sides[0] - 2 * INSIDE_MM, 1.0) * PPM      # (the sides' order is lost)
    box = cv2.boxPoints(((n, n), (side, side), p.angle))
    inside = np.zeros(w.shape, np.uint8)
    cv2.fillConvexPoly(inside, np.round(box).astype(np.int32), 1)
    # the fill's whiteness from the outline's inside only (the paper round it is white)
    fill = float(np.median(w[inside > 0]))
    white = cv2.morphologyEx(((w >= fill + WHITE_SHARE * (seen.paper - fill)) & (inside > 0)
                              ).astype(np.uint8), cv2.MORPH_OPEN, SOLID)
    k, _labels, stats, cents = cv2.connectedComponentsWithStats(white, connectivity=8)
    if k < 2:
        return p.centre
    t = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    off = (cents[t] - n) / PPM
    if stats[t, cv2.CC_STAT_AREA] / PPM ** 2 <= CORNER_MM2 or np.hypot(*off) < ROOF_FAR_MM:
        return p.centre
    return (p.centre[0] + float(off[0]), p.centre[1] + float(off[1]))


def white_shape(seen: Map, centre) -> float:
    """The largest solid white shape (mm²) where the roof is sought round `centre`:
    pixels this far from the fill's whiteness (the median there) towards the paper's,
    thin lines (a cut edge) opened away."""
    found = _white_round(seen, centre, SEARCH_MM[3])
    if found is None:
        return math.inf
    w = found[0]
    fill = float(np.median(w))
    white = cv2.morphologyEx((w >= fill + WHITE_SHARE * (seen.paper - fill)).astype(np.uint8),
                             cv2.MORPH_OPEN, SOLID)
    n, _labels, stats, _c = cv2.connectedComponentsWithStats(white, connectivity=8)
    return float(stats[1:, cv2.CC_STAT_AREA].max()) / PPM ** 2 if n > 1 else 0.0


def well_look(seen: Map, covered: np.ndarray, at
              ) -> tuple[float, float, float]:
    """A vertex's ring 3.4-4.4 mm out (a well's grey rim; the printed spot ends at 3 mm)
    and its middle (within 2.5 mm: the print's blue spot, a well's bronze centre): the
    share of each one's visible part unlike the print there, after a per-channel gain
    fitted on the board round it (6.5-9 mm out, beyond a well's own shadow: light
    and shadow cancel); and the share
    of the ring a piece hides."""
    hidden = ring_share(covered, seen, at, 3.4, 4.4)
    if hidden > 0.9:
        return 0.0, hidden, 0.0
    found = _unlike_round(seen, covered, at)
    if found is None:
        return 0.0, 1.0, 0.0
    unlike, d, free = found
    ring = free & (d >= 3.4) & (d <= 4.4)
    middle = free & (d <= 2.5)
    mid = float(unlike[middle].mean()) if middle.sum() >= 10 else 0.0
    return float(unlike[ring].mean()), hidden, mid


FAR_MM = 3.0                     # beyond a piece's cut edge and shadow (past its 2 mm growth)


def well_far(seen: Map, covered: np.ndarray, at) -> float | None:
    """The share unlike the print of a vertex's ring where it lies FAR_MM or more from
    any piece: a well's rim is unlike all round, a neighbour's edge and shadow only on
    its side. None when too little of the ring lies that far."""
    found = _unlike_round(seen, covered, at)
    if found is None:
        return None
    unlike, d, free = found
    clear = cv2.distanceTransform(free.astype(np.uint8), cv2.DIST_L2, 3) >= FAR_MM * PPM
    ring = (d >= 3.4) & (d <= 4.4)
    far = ring & clear
    if far.sum() < 0.25 * ring.sum():
        return None
    return float(unlike[far].mean())


SPOT_MM = 2.5                    # the printed spot's middle: a well covers it whole
SPOT_CLEAR_MM = (1.0, 0.0)       # ... looked at this far past the pieces' grown patches
#                                  (a slab's cut edge and shadow at 35 degrees: 1 mm more),
#                                  or, where that leaves too little, just past them
SPOT_SEEN = 0.15                 # ... where at least this share of it lies so far


def spot_unlike(seen: Map, covered: np.ndarray, at) -> float | None:
    """The share unlike the print of a vertex's printed spot where it lies clear of every
    piece (their cut edges and shadows too): a well covers the whole spot (its own middle
    unlike the print's at the spot's rim), so a spot that shows there is no well's,
    however much of the ring the pieces round it hide. None when too little of the spot
    lies clear."""
    found = _unlike_round(seen, covered, at)
    if found is None:
        return None
    unlike, d, free = found
    depth = cv2.distanceTransform(free.astype(np.uint8), cv2.DIST_L2, 3)
    spot = d <= SPOT_MM
    for clear_mm in SPOT_CLEAR_MM:
        shows = spot & free & (depth >= clear_mm * PPM)
        if shows.sum() >= SPOT_SEEN * spot.sum():
            return float(unlike[shows].mean())
    return None


def _unlike_round(seen: Map, covered: np.ndarray, at
                  ) -> tuple[np.ndarray, np.ndarray, np.ndarray] | None:
    """Round a vertex (9 mm): where the photo is unlike the print (`_paper_fit`, the
    spot's dot by the photo's `spot_tone`), each pixel's distance (mm) and whether no
    piece covers it. Kept in `seen.fits` too."""
    key = ("unlike", seen.spot_tone, *(float(v) for v in at))
    kept = seen.fits.get(key)
    if kept is not None and kept[0] is covered:
        return kept[1]
    found = _paper_fit(seen, covered, at)
    if found is not None:
        a, fit, d, free = found
        fit = fit * (1.0 + (np.float32(seen.spot_tone) - 1.0) * _dot_weight(d)[..., None])
        unlike = np.abs(a - fit).sum(axis=2) / np.maximum(fit.sum(axis=2), 30.0) > 0.15
        found = (unlike, d, free)
    seen.fits[key] = (covered, found)
    return found


def _paper_fit(seen: Map, covered: np.ndarray, at
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    """Round a vertex (9 mm): the photo, the print after a per-channel gain fitted 6.5-9
    mm out (beyond a well's own shadow: light and shadow cancel), each pixel's distance
    (mm) and whether no piece covers it; None when too little of it shows. Kept in
    `seen.fits` for the same `covered` (read-only: its arrays are shared)."""
    key = tuple(float(v) for v in at)
    kept = seen.fits.get(key)
    if kept is not None and kept[0] is covered:
        return kept[1]
    found = _fit_round(seen, covered, at)
    seen.fits[key] = (covered, found)
    return found


def _fit_round(seen: Map, covered: np.ndarray, at
               ) -> tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray] | None:
    ref = _soft_ref()
    c = seen.px(at)
    n = math.ceil(9 * PPM) + 1
    x0, y0 = int(c[0]) - n, int(c[1]) - n
    a = seen.bgr[y0:y0 + 2 * n + 1, x0:x0 + 2 * n + 1].astype(np.float32)
    b = ref[y0:y0 + 2 * n + 1, x0:x0 + 2 * n + 1].astype(np.float32)
    free = covered[y0:y0 + 2 * n + 1, x0:x0 + 2 * n + 1] == 0
    yy, xx = np.mgrid[y0:y0 + 2 * n + 1, x0:x0 + 2 * n + 1]
    d = np.hypot(xx - c[0], yy - c[1]) / PPM
    around = free & (d >= 6.5) & (d <= 9.0)
    ring = free & (d >= 3.4) & (d <= 4.4)
    if around.sum() < 20 or ring.sum() < 10:
        return None
    gain = np.median(a[around], axis=0) / np.maximum(np.median(b[around], axis=0), 1.0)
    return a, b * gain, d, free


DOT_MM = (1.0, 2.0)              # the printed spot's blue dot: whole within, gone beyond


def _dot_weight(d: np.ndarray) -> np.ndarray:
    """How much of a pixel `d` mm from a vertex is the printed spot's blue dot (the soft
    print's blur: a ramp between DOT_MM)."""
    return np.clip((DOT_MM[1] - d) / (DOT_MM[1] - DOT_MM[0]), 0.0, 1.0).astype(np.float32)


TONE_VERTICES = 5                # clear vertices needed to fit the spots' ink


def spot_tone(seen: Map, covered: np.ndarray) -> tuple[float, float, float]:
    """How the printed spots' blue ink looks in this photo beside the paper round it, per
    channel (a home print shifts ink and paper apart, by more than one gain fits): the
    median, over vertices with no piece within 9 mm, of the dot's middle against the print
    there after the paper's gain. A well on a few of them does not move the median."""
    ratios = []
    for w in geometry.wells():
        found = _paper_fit(seen, covered, w.at)
        if found is None:
            continue
        a, fit, d, free = found
        dot = d <= DOT_MM[0] - 0.2
        if free.all() and dot.sum() >= 5:
            ratios.append(np.median(a[dot], axis=0) / np.maximum(np.median(fit[dot], axis=0),
                                                                  1.0))
    if len(ratios) < TONE_VERTICES:
        return (1.0, 1.0, 1.0)
    blue, green, red = np.median(np.array(ratios), axis=0)     # BGR, as the map
    return (float(blue), float(green), float(red))


def with_spot_tone(seen: Map, covered: np.ndarray) -> Map:
    """`seen` with its well spots' ink fitted (`spot_tone`)."""
    return replace(seen, spot_tone=spot_tone(seen, covered))


@cache
def _soft_ref() -> np.ndarray:
    """The print as a phone sees it: a little blurred (lines' edges lose contrast)."""
    ref, _ = reference()
    return cv2.GaussianBlur(ref, (0, 0), 0.6 * PPM)


SOFT_MM = 0.8                    # the photo and print compared softened by this (sigma)
CLIPPED = 250                    # a channel this bright: clipped by the phone


def softened(bgr: np.ndarray) -> np.ndarray:
    """A map (or the print) softened like `hex_unlike` compares them: fine print (hatching,
    hairlines) blurred alike in both, whatever the photo's own blur."""
    return cv2.GaussianBlur(bgr, (0, 0), SOFT_MM * PPM)


@cache
def _soft_print() -> np.ndarray:
    ref, _ = reference()
    return softened(ref)


def hex_unlike(seen: Map, centre, hide: np.ndarray | None, soft: np.ndarray | None = None
               ) -> float:
    """How much of a hex's inner disc (mm², pieces' patches left out) does not look like
    its print: the photo's colours fitted to the print's per channel (gain and offset, so
    light and a home print's levels cancel), then the pixels far from the fit, thin edges
    (the plane's and the print's misregistration) eroded away. A card, a hand or a piece
    whose colour cannot be read leaves a blob here; an empty hex almost nothing. `soft`:
    the map `softened` (then the print is too)."""
    c = seen.px(centre)
    r = 0.8 * geometry.spec().side * math.sqrt(3) / 2 * PPM
    x0, y0, x1, y1 = int(c[0] - r), int(c[1] - r), int(c[0] + r) + 1, int(c[1] + r) + 1
    a = (seen.bgr if soft is None else soft)[y0:y1, x0:x1]
    keep = _disc(x0, y0, x1, y1, float(c[0]), float(c[1]), r).copy()
    if hide is not None:
        keep &= hide[y0:y1, x0:x1] == 0
    if soft is not None:
        # where a bright photo clipped, light and print no longer fit: not compared
        shot = seen.bgr[y0:y1, x0:x1]
        keep &= np.maximum(np.maximum(shot[..., 0], shot[..., 1]), shot[..., 2]) < CLIPPED
    if keep.sum() < 0.25 * math.pi * r * r:
        return 0.0                   # mostly under pieces: their patches speak for it
    # only the kept pixels are fitted and judged (the rest of the box is not looked at);
    # each channel a row (3, n), all three fitted at once
    a_in = a[keep].T.astype(np.float32, order="C")
    b_in = np.compress(keep.ravel(), _print_box(soft is not None, x0, y0, x1, y1), axis=1)
    resid = _fit_resid(a_in, b_in, np.ones(a_in.shape[1], bool))
    noise = float(np.median(resid))
    resid = _fit_resid(a_in, b_in, resid <= max(2.5 * noise, 12.0))
    noise = float(np.median(resid))
    a_in, b_in = a_in.T, b_in.T
    x, y = b_in.mean(axis=1), a_in.mean(axis=1)
    var = float(x.var())
    gain = float(((x - x.mean()) * (y - y.mean())).mean()) / var if var > 1 else 1.0
    shows = gain / max(float(y.mean()) / max(float(x.mean()), 1.0), 0.05)   # vs the light
    if shows < 0.25 or noise > NOISY:
        # the print does not show through at all, or too faintly to tell a piece from
        # it (a dim, blurred photo's fit: a piece's colours within 4 times its noise)
        return float(keep.sum()) / PPM ** 2
    bad = np.zeros(keep.shape, np.uint8)
    bad[keep] = resid > max(4.0 * noise, 45.0)
    bad = cv2.morphologyEx(bad, cv2.MORPH_OPEN, _HEX_OPEN)
    if hide is not None:
        bad = _past_edges(bad, hide[y0:y1, x0:x1])
    return float(bad.sum()) / PPM ** 2


NOISY = 20.0                     # the fit's median residual beyond this: nothing told (normal
#                                  photos' hexes at most 9; a dim blurred one's 25-52 by a
#                                  piece its colour masks lost)


def _fit_resid(a_in: np.ndarray, b_in: np.ndarray, use: np.ndarray) -> np.ndarray:
    """Each pixel's distance (summed over channels) from the photo's channels (rows of
    `a_in`) fitted to the print's (`b_in`) by a gain and offset per channel, fitted on
    the pixels `use`."""
    x, y = np.compress(use, b_in, axis=1), np.compress(use, a_in, axis=1)
    mx, my = x.mean(axis=1), y.mean(axis=1)
    dx = x - mx[:, None]
    var = (dx ** 2).mean(axis=1)
    cov = (dx * (y - my[:, None])).mean(axis=1)
    # the gain worked out in double, as a float32 channel's fit uses it
    gain = np.where(var > 1, cov.astype(np.float64) / np.where(var > 1, var, 1.0), 0.0)
    fit = gain[:, None].astype(np.float32) * (b_in - mx[:, None]) + my[:, None]
    return np.abs(a_in - fit).sum(axis=0)


@lru_cache(maxsize=256)
def _disc(x0: int, y0: int, x1: int, y1: int, cx: float, cy: float, r: float
          ) -> np.ndarray:
    """The box's pixels within `r` of (cx, cy) (a hex's inner disc: the same each read)."""
    yy, xx = np.ogrid[y0:y1, x0:x1]
    return np.hypot(xx - cx, yy - cy) <= r


@lru_cache(maxsize=512)
def _print_box(soft: bool, x0: int, y0: int, x1: int, y1: int) -> np.ndarray:
    """The print's box (softened or not) as float32, one row a channel: (3, h * w)."""
    ref = _soft_print() if soft else reference()[0]
    box = ref[y0:y1, x0:x1].astype(np.float32)
    return np.ascontiguousarray(box.reshape(-1, 3).T)


_HEX_OPEN = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * round(1.0 * PPM) + 1,) * 2)


EDGE_HALF_MM = 2.5               # a band this thin (half its width) hugging a piece: its
#                                  cut edge (1-1.8 mm at 35 degrees), shadow (cast 1.4 mm,
#                                  softened 1 mm) and a 3 MP blurred rim left out of its
#                                  patch reach past the patch's 2 mm growth (seen: 4.2 mm)


def _past_edges(bad: np.ndarray, pieces: np.ndarray) -> np.ndarray:
    """`bad` less every thin band along a piece's patch: a slab's cut edge and its shadow
    (cast up to 1.4 mm off, softened) reach past the patch's 2 mm growth in a tilted or
    low-lit photo; a card, a hand or an unread piece is no such band."""
    n, labels = cv2.connectedComponents(bad, connectivity=8)
    if n <= 1:
        return bad
    touch = cv2.dilate((pieces > 0).astype(np.uint8), np.ones((3, 3), np.uint8)) > 0
    depth = cv2.distanceTransform(bad, cv2.DIST_L2, 3)
    for j in range(1, n):
        part = labels == j
        if touch[part].any() and float(depth[part].max()) <= EDGE_HALF_MM * PPM:
            bad[part] = 0
    return bad


# --- a ziggurat's level by its top's look --------------------------------------------------

LOOK_MM = 11.0                   # the template: the middle of a base's glyph, or a roof
# where each is looked for round the base's middle: the glyph on the base, the roof on a
# centre laid off the base and itself laid off the centre
SEARCH_MM = {1: 17.0, 3: 22.0}


def _whiteness(bgr: np.ndarray) -> np.ndarray:
    """Light and unsaturated: the white glyph or roof against a player's fill."""
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV).astype(np.float32)
    return hsv[..., 2] * (1.0 - hsv[..., 1] / 255.0)


@cache
def _level_templates() -> dict[int, list[np.ndarray]]:
    """Per level with white on top (1: the base's glyph, 3: the roof's square), the
    middle LOOK_MM of the piece as whiteness, softened like a phone's, turned every 10
    degrees (the glyph is not symmetric; the square repeats every 90)."""
    return {1: _face_template("base-blue", range(0, 360, TURN_STEP)),
            3: _face_template("roof-blue", range(0, 90, TURN_STEP))}


@cache
def _own_roof_templates(colour: str) -> list[np.ndarray]:
    """The roof of `colour`, its own white symbol (ruling "Components": red a circle,
    green a triangle, yellow a diamond, blue the square), as _level_templates."""
    return _face_template(f"roof-{colour}", range(0, 360, TURN_STEP))


def _face_template(kind: str, turns: range) -> list[np.ndarray]:
    """The middle LOOK_MM of the face `kind` as whiteness, softened like a phone's, turned
    by each of `turns` degrees."""
    from referee.assyria.synth import FACE_DPI, faces

    scale = PPM / (FACE_DPI / 25.4)
    face = faces()[kind]
    w = _whiteness(np.ascontiguousarray(face[..., :3]))
    n = w.shape[0]
    big = round(LOOK_MM * 1.6 * FACE_DPI / 25.4)
    fill = float(np.median(w[n // 2 - 3:n // 2 + 3, 1:4]))   # the fill by the edge
    canvas = np.full((big, big), fill, np.float32)
    part = w[max(0, (n - big) // 2):(n + big) // 2, max(0, (n - big) // 2):(n + big) // 2]
    o = (big - part.shape[0]) // 2
    canvas[o:o + part.shape[0], o:o + part.shape[1]] = part
    small = cv2.resize(canvas, None, fx=scale, fy=scale, interpolation=cv2.INTER_AREA)
    small = cv2.GaussianBlur(small, (0, 0), 0.35 * PPM)
    m = small.shape[0]
    keep = round(LOOK_MM * PPM)
    rotated = []
    for a in turns:
        r = cv2.getRotationMatrix2D(((m - 1) / 2, (m - 1) / 2), a, 1.0)
        t = cv2.warpAffine(small, r, (m, m), flags=cv2.INTER_LINEAR,
                           borderMode=cv2.BORDER_REPLICATE)
        s = (m - keep) // 2
        rotated.append(np.ascontiguousarray(t[s:s + keep, s:s + keep]))
    return rotated


def top_look(seen: Map, centre, colour: str | None = None, roof_at=None
             ) -> dict[str, float]:
    """How the top of a ziggurat looks round `centre`: the best match of the base's glyph
    (level 1) and of the roof (level 3), and the white's contrast (a centre's plain top,
    level 2, has none). The glyph is sought round the base's middle; the roof further
    out (each level is laid by hand a little off the one below). With `colour`, also
    "own_roof": the match of that colour's own roof symbol. `roof_at`: where else the roof
    is sought (the better of the two counts)."""
    whites = {}
    for level, search in SEARCH_MM.items():
        found = _white_round(seen, centre, search)
        if found is None:
            return {"glyph": 0.0, "roof": 0.0, "contrast": 0.0}
        whites[level] = [found[0]]
    if roof_at is not None and tuple(roof_at) != tuple(centre):
        found = _white_round(seen, roof_at, SEARCH_MM[3])
        if found is not None:
            whites[3].append(found[0])
    w, n = _white_round(seen, centre, SEARCH_MM[1])
    r = round(5.5 * PPM)
    mid = w[n - r:n + r + 1, n - r:n + r + 1]
    contrast = float(np.percentile(mid, 95) - np.percentile(mid, 40)) / max(seen.paper, 1.0)
    best, turn = {}, {}
    for level, temps in _level_templates().items():
        scores = [max(float(cv2.matchTemplate(seen_w, t, cv2.TM_CCOEFF_NORMED).max())
                      for seen_w in whites[level]) for t in temps]
        k = int(np.argmax(scores))
        best[level], turn[level] = scores[k], k * TURN_STEP
    out = {"glyph": round(best[1], 3), "roof": round(best[3], 3),
           "contrast": round(contrast, 3), "glyph_turn": float(turn[1])}
    if colour is not None:
        out["own_roof"] = round(max(
            float(cv2.matchTemplate(seen_w, t, cv2.TM_CCOEFF_NORMED).max())
            for t in _own_roof_templates(colour) for seen_w in whites[3]), 3)
    return out


def _white_round(seen: Map, centre, search: float) -> tuple[np.ndarray, int] | None:
    """The whiteness of the map `search` mm square round `centre`, and its half width
    (px); None at the map's edge."""
    c = seen.px(centre)
    n = round(search / 2 * PPM)
    x0, y0 = round(float(c[0])) - n, round(float(c[1])) - n
    crop = seen.bgr[max(y0, 0):y0 + 2 * n + 1, max(x0, 0):x0 + 2 * n + 1]
    if crop.shape[0] < 2 * n or crop.shape[1] < 2 * n:
        return None
    return _whiteness(crop), n

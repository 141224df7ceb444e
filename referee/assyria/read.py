"""Reading Assyria's map from the board seen square-on: huts, ziggurats and wells.

The printed board is the reference: the photo's map is compared with the PDF's own board
(rendered once per process at the working scale), so printed features in a player's
colour (rivers, the unused areas' lines, food icons) never count as pieces. A piece is a
connected patch of one player's colour: its size tells a hut (14 mm) from a ziggurat base
(26 mm); white in a ring round a ziggurat's middle shows its centre (whose corner symbols
lie there), white in its very middle then shows a roof (level 3). A well is a grey ring
round a vertex where the print has none. Levels are relative to the photo's own paper, so
light and shadow do not matter; anything between the thresholds is "unclear", never a
guess.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from pnp.printing.assyria import geometry

PPM = 100 / 25.4                 # px per mm of the square-on map (the reference's 100 dpi)
PAD = 16.0                       # mm round the map frame (a ziggurat may overhang it)
HUES = {"red": 13, "yellow": 28, "green": 82, "blue": 101}    # OpenCV hue of each fill
HUE_TOL = 9
MIN_SAT = 95                     # of 255: a player's fill, even from a faded home print
# a piece's least median saturation (its fill; a tan card or a pale thing is not one)
PIECE_SAT = {"red": 135, "blue": 135, "green": 135, "yellow": 110}
MIN_PATCH = 45.0                 # mm²: smaller patches are print noise or a sliver
HUT_AREA = (120.0, 260.0)        # mm², the hull of a 14 mm hut's colour
ZIG_AREA = (540.0, 800.0)        # of a 26 mm base
HUT_SIDE = (9.0, 19.0)           # the patch's rotated box, mm
ZIG_SIDE = (21.0, 30.0)


@dataclass(frozen=True)
class Patch:
    colour: str
    centre: tuple[float, float]      # board mm
    area: float                      # mm²
    sides: tuple[float, float]       # its rotated box, mm
    angle: float
    saturation: float = 255.0        # its pixels' median saturation


@dataclass(frozen=True)
class Map:
    """The map seen square-on (BGR and HSV) and the same window of the print."""

    bgr: np.ndarray
    hsv: np.ndarray
    origin: tuple[float, float]      # board mm at pixel (0, 0)
    paper: float                     # the photo's paper level (V)

    def px(self, mm) -> np.ndarray:
        return (np.asarray(mm, float) - self.origin) * PPM

    def mm(self, px) -> tuple[float, float]:
        p = np.asarray(px, float) / PPM + self.origin
        return (float(p[0]), float(p[1]))


def window() -> tuple[float, float, float, float]:
    x0, y0, x1, y1 = geometry.map_frame()
    return (x0 - PAD, y0 - PAD, x1 + PAD, y1 + PAD)


@cache
def reference() -> tuple[np.ndarray, np.ndarray]:
    """The print's map window (BGR) and, per player colour, where the print itself is
    that colour (grown by 1 mm for the plane's and the print's misregistration)."""
    from pnp.printing.assyria import PRINTING
    from pnp.printing.build import BuildRequest
    from pnp.printing.export import render_faces

    board = None
    for stem, image in render_faces(BuildRequest("assyria", printing=PRINTING), 100):
        if stem == "board":
            board = cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2BGR)
            break
    if board is None:
        raise RuntimeError("the Assyria export has no board face")
    x0, y0, x1, y1 = window()
    m = np.array([[1, 0, -x0 * PPM], [0, 1, -y0 * PPM]], float)   # board px -> window px
    size = (round((x1 - x0) * PPM), round((y1 - y0) * PPM))
    ref = cv2.warpAffine(board, m, size, flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    hsv = cv2.cvtColor(ref, cv2.COLOR_BGR2HSV)
    grow = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * round(1.0 * PPM) + 1,) * 2)
    masks = np.stack([cv2.dilate(colour_mask(hsv, c, 120).astype(np.uint8), grow)
                      for c in HUES])
    return ref, masks


def colour_mask(hsv: np.ndarray, colour: str, min_sat: int = MIN_SAT) -> np.ndarray:
    h, s, v = hsv[..., 0].astype(np.int16), hsv[..., 1], hsv[..., 2]
    d = np.abs(h - HUES[colour])
    d = np.minimum(d, 180 - d)
    return (d <= HUE_TOL) & (s >= min_sat) & (v >= 60)


def square_on(image: np.ndarray, to_work: np.ndarray) -> Map:
    """The map window seen square-on from the working image (`to_work`: board mm ->
    working px)."""
    x0, y0, x1, y1 = window()
    pick = np.array([[1 / PPM, 0, x0 + 0.5 / PPM], [0, 1 / PPM, y0 + 0.5 / PPM], [0, 0, 1.0]])
    size = (round((x1 - x0) * PPM), round((y1 - y0) * PPM))
    bgr = cv2.warpPerspective(image, to_work @ pick, size,
                              flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                              borderMode=cv2.BORDER_REPLICATE)
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)
    paper = float(np.percentile(hsv[..., 2], 95))
    return Map(bgr, hsv, (x0, y0), max(paper, 40.0))


def patches(seen: Map) -> tuple[list[Patch], np.ndarray]:
    """Every patch of a player's colour the print does not have there, and where they all
    lie (grown by 2 mm: a piece's edge and shadow)."""
    _ref, printed = reference()
    out = []
    union = np.zeros(seen.hsv.shape[:2], np.uint8)
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    close = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * round(2.2 * PPM) + 1,) * 2)
    for i, colour in enumerate(HUES):
        mask = (colour_mask(seen.hsv, colour) & (printed[i] == 0)).astype(np.uint8)
        raw = cv2.morphologyEx(mask, cv2.MORPH_OPEN, k)
        mask = cv2.morphologyEx(raw, cv2.MORPH_CLOSE, close)     # the glyph's gaps
        union |= mask
        n, labels, stats, _cents = cv2.connectedComponentsWithStats(mask, connectivity=8)
        for j in range(1, n):
            if stats[j, cv2.CC_STAT_AREA] / PPM ** 2 < MIN_PATCH:
                continue
            x, y, w, h = stats[j, :4]
            part = labels[y:y + h, x:x + w] == j
            if stats[j, cv2.CC_STAT_AREA] / PPM ** 2 > ZIG_AREA[1]:
                # two pieces the closing joined: their own pixels, apart
                m, sub = cv2.connectedComponents((part & (raw[y:y + h, x:x + w] > 0))
                                                 .astype(np.uint8), connectivity=8)
                parts = [sub == t for t in range(1, m)]
            else:
                parts = [part]
            for piece in parts:
                ys, xs = np.nonzero(piece)
                if len(xs) / PPM ** 2 < MIN_PATCH:
                    continue
                out.append(_patch(seen, colour, xs + x, ys + y))
    grow = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * round(2 * PPM) + 1,) * 2)
    return out, cv2.dilate(union, grow)


def _patch(seen: Map, colour: str, xs: np.ndarray, ys: np.ndarray) -> Patch:
    """A patch from its pixels: the convex hull (a piece's white glyph and the print
    under it are its own), its middle, rotated box and median saturation."""
    hull = cv2.convexHull(np.c_[xs, ys].astype(np.float32))
    area = float(cv2.contourArea(hull)) / PPM ** 2
    m = cv2.moments(hull)
    middle = ((m["m10"] / m["m00"], m["m01"] / m["m00"]) if m["m00"]
              else (float(xs.mean()), float(ys.mean())))
    (_cx, _cy), (w, h), angle = cv2.minAreaRect(hull)
    sat = float(np.median(seen.hsv[ys, xs, 1]))
    return Patch(colour, seen.mm(middle), area, (float(min(w, h) / PPM),
                                                 float(max(w, h) / PPM)), float(angle), sat)


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


def _white(seen: Map) -> np.ndarray:
    s, v = seen.hsv[..., 1], seen.hsv[..., 2].astype(np.float32)
    return (s < 70) & (v > 0.62 * seen.paper)


def ring_share(mask: np.ndarray, seen: Map, centre, r0: float, r1: float) -> float:
    c = seen.px(centre)
    n = math.ceil(r1 * PPM) + 1
    x0, y0 = int(c[0]) - n, int(c[1]) - n
    sub = mask[max(y0, 0):y0 + 2 * n + 1, max(x0, 0):x0 + 2 * n + 1]
    yy, xx = np.mgrid[max(y0, 0):max(y0, 0) + sub.shape[0], max(x0, 0):max(x0, 0) + sub.shape[1]]
    d = np.hypot(xx - c[0], yy - c[1]) / PPM
    ring = (d >= r0) & (d <= r1)
    return float(sub[ring].mean()) if ring.any() else 0.0


def level_of(seen: Map, p: Patch) -> tuple[int | None, dict[str, float]]:
    """A ziggurat's level from the white in its middle: the base alone shows its wide
    white ziggurat glyph (white out to 5 mm from the middle), a centre on it plain colour
    (no white there), a roof on that its white disc (3 mm across the radius, nothing
    beyond). Measured round the white's own middle, so a stack a little askew reads the
    same."""
    white = _white(seen)
    c = seen.px(p.centre)
    n = round(6 * PPM)
    x0, y0 = int(c[0]) - n, int(c[1]) - n
    sub = white[max(y0, 0):y0 + 2 * n + 1, max(x0, 0):x0 + 2 * n + 1]
    yy, xx = np.nonzero(sub)
    near = np.hypot(xx + max(x0, 0) - c[0], yy + max(y0, 0) - c[1]) <= 6 * PPM
    if near.sum() < 0.5 * PPM ** 2:
        looks = {"white_mm2": round(float(near.sum()) / PPM ** 2, 1)}
        return 2, looks
    mid = (float(xx[near].mean()) + max(x0, 0), float(yy[near].mean()) + max(y0, 0))
    at = seen.mm(mid)
    middle = ring_share(white, seen, at, 0.0, 2.0)
    outer = ring_share(white, seen, at, 3.8, 5.5)
    looks = {"middle": round(middle, 3), "outer": round(outer, 3)}
    if middle < 0.45:
        return None, looks
    if outer >= 0.07:
        return 1, looks
    if outer <= 0.03:
        return 3, looks
    return None, looks


def well_look(seen: Map, grey: np.ndarray, covered: np.ndarray, at
              ) -> tuple[float, float]:
    """A vertex's ring 3.4-4.4 mm out (a well's grey rim; the printed spot ends at 3 mm):
    the share of its visible part unlike the print there, after a per-channel gain fitted
    on the board round it (5.5-8 mm out: light and shadow cancel), and the share a piece
    hides."""
    ref = _soft_ref()
    hidden = ring_share(covered, seen, at, 3.4, 4.4)
    if hidden > 0.9:
        return 0.0, hidden
    c = seen.px(at)
    n = math.ceil(8 * PPM) + 1
    x0, y0 = int(c[0]) - n, int(c[1]) - n
    a = seen.bgr[y0:y0 + 2 * n + 1, x0:x0 + 2 * n + 1].astype(np.float32)
    b = ref[y0:y0 + 2 * n + 1, x0:x0 + 2 * n + 1].astype(np.float32)
    free = covered[y0:y0 + 2 * n + 1, x0:x0 + 2 * n + 1] == 0
    yy, xx = np.mgrid[y0:y0 + 2 * n + 1, x0:x0 + 2 * n + 1]
    d = np.hypot(xx - c[0], yy - c[1]) / PPM
    around = free & (d >= 5.5) & (d <= 8.0)
    ring = free & (d >= 3.4) & (d <= 4.4)
    if around.sum() < 20 or ring.sum() < 10:
        return 0.0, 1.0
    gain = np.median(a[around], axis=0) / np.maximum(np.median(b[around], axis=0), 1.0)
    fit = b * gain
    resid = np.abs(a - fit).sum(axis=2) / np.maximum(fit.sum(axis=2), 30.0)
    return float((resid[ring] > 0.15).mean()), hidden


@cache
def _soft_ref() -> np.ndarray:
    """The print as a phone sees it: a little blurred (lines' edges lose contrast)."""
    ref, _ = reference()
    return cv2.GaussianBlur(ref, (0, 0), 0.6 * PPM)


@cache
def _ref_grey() -> np.ndarray:
    ref, _ = reference()
    return _grey(cv2.cvtColor(ref, cv2.COLOR_BGR2HSV), 250.0)


def _printed_grey(origin, at) -> float:
    ref, _ = reference()
    return ring_share(_ref_grey(), Map(ref, ref, origin, 255.0), at, 3.4, 4.4)


def grey_mask(seen: Map) -> np.ndarray:
    return _grey(seen.hsv, seen.paper)


def _grey(hsv: np.ndarray, paper: float) -> np.ndarray:
    v = hsv[..., 2].astype(np.float32)
    return (hsv[..., 1] < 45) & (v < 0.8 * paper) & (v > 0.3 * paper)


def hex_unlike(seen: Map, centre, hide: np.ndarray | None) -> float:
    """How much of a hex's inner disc (mm², pieces' patches left out) does not look like
    its print: the photo's colours fitted to the print's per channel (gain and offset, so
    light and a home print's levels cancel), then the pixels far from the fit, thin edges
    (the plane's and the print's misregistration) eroded away. A card, a hand or a piece
    whose colour cannot be read leaves a blob here; an empty hex almost nothing."""
    ref, _ = reference()
    c = seen.px(centre)
    r = 0.8 * geometry.spec().side * math.sqrt(3) / 2 * PPM
    x0, y0, x1, y1 = int(c[0] - r), int(c[1] - r), int(c[0] + r) + 1, int(c[1] + r) + 1
    a = seen.bgr[y0:y1, x0:x1].astype(np.float32)
    b = ref[y0:y1, x0:x1].astype(np.float32)
    yy, xx = np.mgrid[y0:y1, x0:x1]
    keep = np.hypot(xx - c[0], yy - c[1]) <= r
    if hide is not None:
        keep &= hide[y0:y1, x0:x1] == 0
    if keep.sum() < 0.25 * math.pi * r * r:
        return 0.0                   # mostly under pieces: their patches speak for it
    fit = np.empty_like(a)
    use = keep.copy()
    gains = []
    for _round in range(2):
        gains = []
        for ch in range(3):
            x, y = b[..., ch][use], a[..., ch][use]
            mx, my = float(x.mean()), float(y.mean())
            var = float(((x - mx) ** 2).mean())
            gain = float(((x - mx) * (y - my)).mean()) / var if var > 1 else 0.0
            gains.append(gain)
            fit[..., ch] = gain * (b[..., ch] - mx) + my
        resid = np.abs(a - fit).sum(axis=2)
        use = keep & (resid <= max(2.5 * float(np.median(resid[keep])), 12.0))
    x, y = b.mean(axis=2)[keep], a.mean(axis=2)[keep]
    var = float(x.var())
    gain = float(((x - x.mean()) * (y - y.mean())).mean()) / var if var > 1 else 1.0
    shows = gain / max(float(y.mean()) / max(float(x.mean()), 1.0), 0.05)   # vs the light
    if shows < 0.25:
        return float(keep.sum()) / PPM ** 2      # the print does not show through at all
    noise = float(np.median(resid[keep]))
    bad = (keep & (resid > max(4.0 * noise, 45.0))).astype(np.uint8)
    k = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * round(1.0 * PPM) + 1,) * 2)
    bad = cv2.morphologyEx(bad, cv2.MORPH_OPEN, k)
    return float(bad.sum()) / PPM ** 2

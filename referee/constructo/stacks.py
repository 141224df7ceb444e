"""Reading one tile's stack from above: the tile seen square-on, its pixels sorted into red
tile, light (white piece) and dark (black piece), and the visible layers from the outside
in. Ruling "Components" (what shows from above):

- the largest piece seen is the lowest visible layer; each piece lying on it is smaller
  (ring 44 mm, medium 34 mm, small 20 mm) and of the other player (owners alternate);
- a ring on top shows its hole: red tile (a ring alone), or a small disc, and round that
  small disc either red ([small, ring], no tower) or a 3 mm band of medium disc of the
  ring's colour ([medium, small, ring], a tower): the hard case. Too little of that band
  seen, or neither red nor piece, is a problem, never a guess.

Pieces under the lowest visible layer cannot show and do not change the score (the top
piece and whether the tile holds a tower always show); the stack read is the shortest one
the rules allow (`stack_problem`) that shows exactly this.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field

import cv2
import numpy as np

from pnp.geometry import constructo as geometry
from pnp.rules.constructo.pieces import NAMES

PPM = 6.0                   # px per mm of the square-on tile
HALF = 27.0                 # mm: the window reaches past a ring 4 mm off centre
RED_SHARE = 0.45            # of the tile's own red chroma: still red (shadows halve it)
DARK_SHARE = 0.5            # of the tile's own red level: below is a black piece
MIN_LAYER_MM2 = 25.0        # smaller patches are crumbs (edges, dots), not layers
INNER_MM2 = 150.0           # a piece on another shows at least this (a small disc: 314)
DOT_MM2 = 12.0              # light patches this small inside black are its white dots
BAND_MARGIN = 0.7           # mm kept off the hole's and the small disc's edges
MIN_BAND_MM2 = 20.0         # less than this of the band in view: hidden
SURE_SHARE = 0.75           # the band's share that must be red (or piece) to decide
KIND_RADII = {"ring": 22.0, "medium": 17.0, "small": 10.0}
EDGE_MM = 3.0               # what lies only this near a piece's edge is not on it
PEEK_MM = 9.0               # a lower ring shows round a ring at most this far out
KIND_SLOP = 3.0             # mm: an outer radius this far from every kind's is unreadable

RED, LIGHT, DARK = 0, 1, 2
OWNER = {LIGHT: "white", DARK: "black"}


@dataclass
class Layer:
    kind: str
    owner: str
    centre_mm: tuple[float, float]      # tile frame
    radius_mm: float                    # its outer radius as seen
    dots: int = 0                       # white dots seen on it (a black piece's mark)

    def to_dict(self) -> dict:
        return {"piece": self.kind, "owner": self.owner, "dots": self.dots,
                "centre_mm": [round(v, 1) for v in self.centre_mm],
                "radius_mm": round(self.radius_mm, 1)}


@dataclass
class StackLook:
    layers: list[Layer] = field(default_factory=list)   # visible, from the bottom up
    band: str | None = None      # a top ring round a small disc: "red", "piece" or "unclear"
    band_seen_mm2: float = 0.0
    hidden_ring: Layer | None = None   # a lower ring's rim seen round the visible stack
    problem: str | None = None   # why the stack cannot be read (a STACK_UNCLEAR/BAND_HIDDEN)
    code: str | None = None

    def stack(self) -> list[tuple[str, str]]:
        """(owner, kind) bottom to top: the shortest stack the rules allow that shows so."""
        out = [(layer.owner, layer.kind) for layer in self.layers]
        if self.band == "piece" and out:
            # [medium, small, ring]: the band is a medium disc of the ring's owner under it
            out.insert(0, (out[-1][0], "medium"))
        return out


def rectify_tile(image: np.ndarray, scale: float, to_photo: np.ndarray) -> np.ndarray:
    from referee.geometry import rectify

    return rectify(image, to_photo, scale, (-HALF, -HALF), 2 * HALF, PPM)


def _grid() -> tuple[np.ndarray, np.ndarray]:
    n = round(2 * HALF * PPM)
    c = (np.arange(n) + 0.5) / PPM - HALF
    return np.meshgrid(c, c)


def _marker_mask(n: int) -> np.ndarray:
    mask = np.zeros((n, n), np.uint8)
    for place in geometry.marker_places():
        pts = (np.array(place.quiet, float) + HALF) * PPM
        cv2.fillPoly(mask, [np.round(pts).astype(np.int32)], 255)
    return mask > 0


def classify(tile: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Per pixel RED, LIGHT or DARK, judged against the tile's own red (its free corners),
    and the mask of where pieces may lie (not the markers, inside the window's circle)."""
    img = tile.astype(np.float32)
    b, g, r = img[..., 0], img[..., 1], img[..., 2]
    top = img.max(axis=2)
    chroma = r - np.maximum(g, b)
    xs, ys = _grid()
    rad = np.hypot(xs, ys)
    ang = np.degrees(np.arctan2(ys, xs)) % 360
    free = np.zeros_like(rad, bool)
    for a in (60.0, 180.0, 300.0):      # the corners without a marker, as printed
        d = np.abs((ang - a + 180) % 360 - 180)
        free |= (d < 8) & (rad > 28.0) & (rad < 31.0)
    red_top = float(np.median(top[free]))
    # red by hue (chroma over level), which a shadow does not change
    hue = chroma / np.maximum(top, 1.0)
    red_hue = float(np.median(hue[free]))
    cls = np.full(rad.shape, LIGHT, np.uint8)
    cls[top < DARK_SHARE * red_top] = DARK
    cls[(hue > RED_SHARE * max(red_hue, 0.15)) & (top > 0.2 * red_top)] = RED
    # a white piece's thin grey line is no black piece: open the dark mask
    dark = (cls == DARK).astype(np.uint8)
    k = max(3, round(0.9 * PPM) | 1)
    opened = cv2.morphologyEx(dark, cv2.MORPH_OPEN, cv2.getStructuringElement(
        cv2.MORPH_ELLIPSE, (k, k)))
    cls[(dark > 0) & (opened == 0)] = LIGHT
    usable = (rad < HALF - 0.5) & ~_marker_mask(rad.shape[0])
    return cls, usable


@dataclass
class _Blob:
    colour: int
    mask: np.ndarray          # its own pixels (what shows of it)
    filled: np.ndarray        # its whole disc: it and everything on it
    filled_area: float        # mm2
    centre: tuple[float, float]
    dots: int = 0
    radius: float = 0.0                 # mm: the circle round it
    disc: tuple[float, float] = (0.0, 0.0)   # that circle's centre


def _fill(mask: np.ndarray) -> np.ndarray:
    """The largest patch of `mask`, its holes filled."""
    n, labels, stats, _c = cv2.connectedComponentsWithStats(mask.astype(np.uint8), 8)
    if n < 2:
        return np.zeros(mask.shape, bool)
    big = 1 + int(np.argmax(stats[1:, cv2.CC_STAT_AREA]))
    contours, _h = cv2.findContours((labels == big).astype(np.uint8), cv2.RETR_EXTERNAL,
                                    cv2.CHAIN_APPROX_NONE)
    filled = np.zeros(mask.shape, np.uint8)
    cv2.drawContours(filled, contours, -1, 1, -1)
    return filled > 0


def _dots(cls: np.ndarray, usable: np.ndarray) -> tuple[np.ndarray, list[np.ndarray]]:
    """A black piece's white dots (small light patches) made part of the black round them."""
    px2 = 1.0 / PPM ** 2
    cls = cls.copy()
    light = (cls == LIGHT) & usable
    # a dot may touch the piece's light cut edge: thin bridges do not join patches
    light = _open(light, 0.8)
    n, labels, stats, _c = cv2.connectedComponentsWithStats(light.astype(np.uint8), 8)
    dots = []
    grow = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (5, 5))
    for i in range(1, n):
        if stats[i, cv2.CC_STAT_AREA] * px2 < DOT_MM2:
            dot = cv2.dilate((labels == i).astype(np.uint8), grow).astype(bool)
            cls[dot & (cls == LIGHT)] = DARK
            if stats[i, cv2.CC_STAT_AREA] * px2 > 1.5:
                dots.append(labels == i)
    return cls, dots


def _open(mask: np.ndarray, mm: float) -> np.ndarray:
    k = max(3, round(mm * PPM) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    return cv2.morphologyEx(mask.astype(np.uint8), cv2.MORPH_OPEN, kernel).astype(bool)


def _peel(cls: np.ndarray, usable: np.ndarray) -> list[_Blob]:
    """The visible layers from the outside in: the whole patch of pieces is the lowest
    visible piece's disc; its colour is the one round its edge; what lies inside it of
    another colour is the next piece's disc, and so on."""
    px2 = 1.0 / PPM ** 2
    cls, dots = _dots(cls, usable)
    piece = (cls != RED) & usable
    region = _fill(piece)
    xs, ys = _grid()
    k = max(3, round(1.5 * PPM) | 1)
    kernel = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (k, k))
    out: list[_Blob] = []
    while region.sum() * px2 >= MIN_LAYER_MM2 and len(out) < 4:
        edge = region & ~cv2.erode(region.astype(np.uint8), kernel).astype(bool)
        light = int(np.sum(cls[edge] == LIGHT))
        dark = int(np.sum(cls[edge] == DARK))
        colour = LIGHT if light >= dark else DARK
        own = region & (cls == colour)
        centre = (float(xs[region].mean()), float(ys[region].mean()))
        n_dots = sum(bool((d & region).any()) for d in dots) if colour == DARK else 0
        # its disc: the circle round what shows of it (a piece on it may hang over its
        # edge and meet the piece below, so the patch alone may be open on one side)
        core = _open(region, 3.2)            # without dots or crumbs on its edge
        contours, _h = cv2.findContours((core if core.any() else region).astype(np.uint8),
                                        cv2.RETR_EXTERNAL,
                                        cv2.CHAIN_APPROX_NONE)
        (cx, cy), rad = _circle(max(contours, key=cv2.contourArea).reshape(-1, 2))
        radius = rad / PPM
        disc = (cx + 0.5) / PPM - HALF, (cy + 0.5) / PPM - HALF
        out.append(_Blob(colour, own, region, float(region.sum()) * px2, centre, n_dots,
                         radius, disc))
        other = DARK if colour == LIGHT else LIGHT
        region = _fill(_open(_disc(disc, radius - 0.8) & (cls == other), 1.0))
        if not (region & _disc(disc, radius - EDGE_MM)).any():
            break                            # crumbs of the piece below along its edge
    return out


def _circle(points: np.ndarray) -> tuple[tuple[float, float], float]:
    """The circle most of an outline lies on (px): least squares, then again on the points
    near it, so bumps (a dot at the edge, a piece hanging over) do not move it; the circle
    round the outline if too few points agree."""
    (ex, ey), er = cv2.minEnclosingCircle(points.astype(np.float32))
    pts = points.astype(np.float64)
    keep = np.ones(len(pts), bool)
    cx, cy, r = ex, ey, er
    for _round in range(4):
        p = pts[keep]
        if len(p) < 12:
            return (ex, ey), er
        a = np.column_stack([2 * p[:, 0], 2 * p[:, 1], np.ones(len(p))])
        sol, *_rest = np.linalg.lstsq(a, (p ** 2).sum(axis=1), rcond=None)
        cx, cy = sol[0], sol[1]
        r = float(np.sqrt(max(sol[2] + cx ** 2 + cy ** 2, 0.0)))
        keep = np.abs(np.hypot(pts[:, 0] - cx, pts[:, 1] - cy) - r) < 1.0 * PPM
    if keep.mean() < 0.4 or r > er + 1.0 * PPM:
        return (ex, ey), er
    return (float(cx), float(cy)), r


def _kind(radius: float) -> str | None:
    kind = min(KIND_RADII, key=lambda k: abs(KIND_RADII[k] - radius))
    return kind if abs(KIND_RADII[kind] - radius) <= KIND_SLOP else None


def read_stack(tile: np.ndarray) -> StackLook:
    """The visible layers of the stack on one square-on tile (`rectify_tile`)."""
    cls, usable = classify(tile)
    chain = _peel(cls, usable)
    look = StackLook()
    if not chain:
        return look
    if (len(chain) >= 2 and KIND_RADII["ring"] + KIND_SLOP < chain[0].radius
            <= KIND_RADII["ring"] + PEEK_MM and _kind(chain[1].radius) == "ring"):
        # two rings' outlines together: a lower ring peeks from under the top one
        chain[0].radius = KIND_RADII["ring"]
    for blob in chain:
        if len(look.layers) and blob.filled_area < INNER_MM2:
            look.code = "stack-unclear"
            look.problem = (f"{blob.filled_area:.0f} mm2 of something on a piece: too little "
                            "to be a piece in view")
            return look
        radius = blob.radius
        kind = _kind(radius)
        if kind is None:
            look.code = "stack-unclear"
            look.problem = f"a piece {2 * radius:.0f} mm across is no ring, medium or small"
            return look
        look.layers.append(Layer(kind, OWNER[blob.colour], blob.disc, radius, blob.dots))
    # a ring peeking out from under a ring of the other player: three levels down in the
    # cycle (ring, medium, small, ring), the pieces between hidden; it changes no score
    if ([la.kind for la in look.layers[:2]] == ["ring", "ring"]
            and look.layers[0].owner != look.layers[1].owner):
        look.hidden_ring = look.layers.pop(0)
        chain = chain[1:]
    # white vs black by more than the level: the top piece shows all of its face, and a
    # black one carries its ring of white dots (layouts/constructo.toml, [owners])
    top = look.layers[-1]
    spec = geometry.piece_specs()[top.kind]
    xs, ys = _grid()
    rad = np.hypot(xs - top.centre_mm[0], ys - top.centre_mm[1])
    circle = (np.abs(rad - spec.pattern_radius) < 0.6 * spec.dot) & usable
    share = float(np.mean(cls[circle] == LIGHT)) if circle.any() else 0.0
    # dots cover about dots * 2 * dot of the pattern circle's length: a black piece
    # shows at least a third of that share in white there
    full = spec.dots * 2 * spec.dot / (2 * np.pi * spec.pattern_radius)
    if top.owner == "black" and share < full / 3:
        look.code = "stack-unclear"
        look.problem = (f"a dark {NAMES[top.kind]} without a black piece's white dots "
                        f"({share:.0%} white on its dot circle)")
        return look
    # visible layers go in size down; a small disc seen in a ring's hole is under it
    order = ["ring", "medium", "small"]
    seq = [la.kind for la in look.layers]
    if seq[-2:] == ["ring", "small"] and _inside_hole(chain[-2], chain[-1]):
        # the ring lies round the small disc: bottom small, ring on it
        ring, small = look.layers[-2], look.layers[-1]
        look.layers[-2:] = [small, ring]
        look.band, look.band_seen_mm2 = _band(cls, usable, chain[-2], chain[-1])
        if look.band == "unclear":
            look.code = "band-hidden"
            look.problem = (f"only {look.band_seen_mm2:.0f} mm2 of the band between the small "
                            "disc and the ring's hole is clear: cannot tell whether a medium "
                            "disc lies under them (a tower) or not")
        if len(seq) > 2:
            look.code, look.problem = "stack-unclear", "a ring round a small disc on more"
        return look
    if any(order.index(a) >= order.index(b) for a, b in itertools.pairwise(seq)):
        look.code, look.problem = "stack-unclear", f"layers {' / '.join(seq)} cannot lie so"
    if seq[-1] == "ring" and not _hole_red(cls, usable, chain[-1]):
        look.code = "stack-unclear"
        look.problem = "the ring's hole shows neither the tile nor a small disc"
    return look


def _inside_hole(ring: _Blob, small: _Blob) -> bool:
    hole = _disc(ring.disc, geometry.piece_specs()["ring"].hole_radius + 1.0)
    return bool((small.filled & hole).sum() > 0.9 * small.filled.sum())


def _disc(centre: tuple[float, float], radius: float) -> np.ndarray:
    xs, ys = _grid()
    return np.hypot(xs - centre[0], ys - centre[1]) <= radius


def _ring_centre(ring: _Blob) -> tuple[float, float]:
    return ring.disc


def _band(cls: np.ndarray, usable: np.ndarray, ring: _Blob, small: _Blob
          ) -> tuple[str, float]:
    """Round a small disc in a top ring's hole: "red" (no medium), "piece" (a medium disc
    of the ring's colour under both) or "unclear" (too little seen, or mixed)."""
    hole_r = geometry.piece_specs()["ring"].hole_radius
    small_r = geometry.piece_radius("small")
    band = (_disc(_ring_centre(ring), hole_r - BAND_MARGIN)
            & ~_disc(small.disc, small_r + BAND_MARGIN) & usable)
    seen = float(band.sum()) / PPM ** 2
    if seen < MIN_BAND_MM2:
        return "unclear", seen
    red = float(np.mean(cls[band] == RED))
    piece = float(np.mean(cls[band] == ring.colour))
    if red >= SURE_SHARE:
        return "red", seen
    if piece >= SURE_SHARE:
        return "piece", seen
    return "unclear", seen


def _hole_red(cls: np.ndarray, usable: np.ndarray, ring: _Blob) -> bool:
    hole = _disc(ring.disc, geometry.piece_specs()["ring"].hole_radius - 1.0) & usable
    return bool(hole.sum() == 0 or np.mean(cls[hole] == RED) >= SURE_SHARE)


def picture(tile: np.ndarray) -> np.ndarray:
    """The square-on tile beside how it was sorted (red, light, dark; markers and outside
    dimmed), with each visible layer's circle: docs/referee.md's figure."""
    cls, usable = classify(tile)
    cls, _found = _dots(cls, usable)
    vis = np.zeros_like(tile)
    vis[cls == RED] = (40, 40, 190)
    vis[cls == LIGHT] = (245, 245, 245)
    vis[cls == DARK] = (60, 60, 60)
    vis[~usable] //= 2
    for blob in _peel(classify(tile)[0], usable):
        centre = (round((blob.disc[0] + HALF) * PPM), round((blob.disc[1] + HALF) * PPM))
        cv2.circle(vis, centre, round(blob.radius * PPM), (0, 200, 0), 2, cv2.LINE_AA)
    return np.hstack([tile, vis])

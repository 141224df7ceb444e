"""Read the tokens on a Spider Twist board: the board seen square-on, then, node by node,
is a male there, whose, and which face; the female; the males in the players' areas.

The board is rectified at PPM px/mm in the side's frame (referee.geometry.rectify's idea,
for the whole board at once), white-balanced on the web's paper. Levels are *relative*:
each pixel's brightness over the paper's nearby (a max filter of the board, blurred), so a
shadow or a dim lamp does not matter. Pixel classes: yellow (the female), dark (black
ground, ink, the web's lines), mid (a done black male's 6E grey), light, bright (paper,
white card), other (saturated, not yellow).

A node is empty when its printed bead (draw_web.py: a white disc with a dark rim and a dark
centre dot) is seen whole. A male lies at most a third of his width off his node (ruling
"Components"; layouts [tokens] off_node), so he always hides his node's whole bead; a bead
half seen is unclear, never guessed. What covers a node is told from the levels of the
disc round it (`read_token`: the female, paper, or a token); whose male and which face by
what is drawn on him (faces.py).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from pnp.geometry import spider_twist as geometry
from referee.colour import channel_gains

PPM = 4.0                   # px per mm of the rectified board
FEMALE_RIM = 0.25           # of her rim at least seen as the yellow's outline


# --- the rectified board -------------------------------------------------------------------

@dataclass
class Rectified:
    bgr: np.ndarray
    rel: np.ndarray          # float32 brightness over the nearby paper (1 = paper)
    sat: np.ndarray          # float32 0..1
    hue: np.ndarray          # uint8 0..180
    origin: tuple[float, float]      # board mm of px (0, 0)'s centre
    side: str = "rings"
    gain: np.ndarray | None = None   # BGR gains that made the paper grey
    to_photo: np.ndarray | None = None   # board mm -> px of the image it was made from

    def photo_px_per_mm(self, p) -> float:
        """How many of the photo's px 1 mm of board spans at `p` (mm), along its worst
        way (a steep view squeezes the far side; unknown: PPM)."""
        if self.to_photo is None:
            return PPM
        pts = np.asarray(p, float) + np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
        seen = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), self.to_photo).reshape(-1, 2)
        jac = np.stack([seen[1] - seen[0], seen[2] - seen[0]], axis=1)
        return float(np.linalg.svd(jac, compute_uv=False)[-1])

    def px(self, p) -> np.ndarray:
        p = np.asarray(p, float)
        return (p - np.array(self.origin)) * PPM

    def mm(self, q) -> np.ndarray:
        return np.asarray(q, float) / PPM + np.array(self.origin)


def rectify_board(image: np.ndarray, to_photo_work: np.ndarray, side: str) -> Rectified:
    """The whole board, square-on at PPM (from `image`, with `to_photo_work` mapping board
    mm to its px)."""
    x0, y0, x1, y1 = geometry.board_box()
    w, h = round((x1 - x0) * PPM), round((y1 - y0) * PPM)
    pick = np.array([[1 / PPM, 0, x0 + 0.5 / PPM], [0, 1 / PPM, y0 + 0.5 / PPM], [0, 0, 1.0]])
    m = to_photo_work @ pick
    bgr = cv2.warpPerspective(image, m, (w, h), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                              borderMode=cv2.BORDER_REPLICATE)
    bgr, gain = _balanced(bgr, side)
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)
    v = hsv[..., 2]
    # the paper's level nearby: the brightest within ~22 mm, smoothed (at 1 px/mm: cheap)
    small = cv2.resize(v, (round(w / PPM), round(h / PPM)), interpolation=cv2.INTER_AREA)
    paper = cv2.dilate(small, cv2.getStructuringElement(cv2.MORPH_RECT, (23, 23)))
    paper = cv2.GaussianBlur(paper.astype(np.float32), (0, 0), 6)
    paper = cv2.resize(paper, (w, h), interpolation=cv2.INTER_LINEAR)
    rel = v.astype(np.float32) / np.maximum(paper, 8.0)
    sat = hsv[..., 1].astype(np.float32) / 255.0
    return Rectified(bgr, rel, sat, hsv[..., 0], (x0 + 0.5 / PPM, y0 + 0.5 / PPM), side,
                     gain, np.asarray(to_photo_work, float))


def _balanced(bgr: np.ndarray, side: str) -> tuple[np.ndarray, np.ndarray]:
    """White balance on the web's paper: its brighter half's median colour made grey (a
    warm lamp or a cool window tints every face alike; the faces are told by grey levels)."""
    _ink, paper = ink_masks(side)
    step = 4                                           # every 4th px is plenty
    sample = bgr[::step, ::step][paper[::step, ::step] & _web_disc(side)[::step, ::step]]
    if len(sample) < 100:
        return bgr, np.ones(3, np.float32)
    v = sample.max(axis=1)
    bright = sample[v >= np.median(v)]
    colour = np.median(bright, axis=0).astype(np.float32)
    gain = colour.mean() / np.maximum(colour, 1.0)
    return channel_gains(bgr, gain), gain


@cache
def _web_disc(side: str) -> np.ndarray:
    x0, y0, x1, y1 = geometry.board_box()
    w, h = round((x1 - x0) * PPM), round((y1 - y0) * PPM)
    mask = np.zeros((h, w), np.uint8)
    cv2.circle(mask, (round(-x0 * PPM), round(-y0 * PPM)),
               round(geometry.spec().outer_radius * PPM), 1, -1)
    return mask > 0


@cache
def ink_masks(side: str) -> tuple[np.ndarray, np.ndarray]:
    """(ink, paper) masks of the printed board at PPM: where the print is dark (strands and
    node dots, a little grown) and where it is surely plain paper (away from any line,
    dot or dotted spoke)."""
    x0, y0, x1, y1 = geometry.board_box()
    w, h = round((x1 - x0) * PPM), round((y1 - y0) * PPM)
    ink = np.zeros((h, w), np.uint8)
    near = np.zeros((h, w), np.uint8)

    def p(x, y):
        return (round((x - x0) * PPM * 8 - 4), round((y - y0) * PPM * 8 - 4))

    s = geometry.spec()
    for path in geometry.strand_paths(side):
        pts = np.array([p(*q) for q in path], np.int32)
        cv2.polylines(ink, [pts], False, 255, max(1, round(0.5 * PPM)), cv2.LINE_8, 3)
        cv2.polylines(near, [pts], False, 255, round(2.6 * PPM), cv2.LINE_8, 3)
    for a, b in geometry.spoke_paths(side):
        cv2.line(near, p(*a), p(*b), 255, round(2.2 * PPM), cv2.LINE_8, 3)
    for name, (x, y) in geometry.node_centres(side).items():
        r = s.centre_radius if name == "C" else s.node_radius
        cv2.circle(ink, p(x, y), round((r - 0.5) * PPM * 8), 255, -1, cv2.LINE_8, 3)
        cv2.circle(near, p(x, y), round((r + 1.0) * PPM * 8), 255, -1, cv2.LINE_8, 3)
    for a in geometry.areas():
        pts = np.array([p(*q) for q in a.polygon], np.int32)
        cv2.polylines(near, [pts], True, 255, round(2.4 * PPM), cv2.LINE_8, 3)
    return ink > 0, near == 0


# --- pixel classes ---------------------------------------------------------------------------

YELLOW_HUE = (12, 40)


def classes(r: Rectified, box: tuple[int, int, int, int]) -> dict[str, np.ndarray]:
    """Boolean class masks in a box (x0, y0, x1, y1 px) of the rectified board."""
    x0, y0, x1, y1 = box
    rel, sat, hue = r.rel[y0:y1, x0:x1], r.sat[y0:y1, x0:x1], r.hue[y0:y1, x0:x1]
    yellow = (hue >= YELLOW_HUE[0]) & (hue <= YELLOW_HUE[1]) & (sat > 0.45) & (rel > 0.25)
    grey = ~yellow & (sat < 0.35)
    return {"yellow": yellow,
            "dark": grey & (rel < 0.36),
            "mid": grey & (rel >= 0.36) & (rel < 0.68),
            "light": grey & (rel >= 0.68) & (rel < 0.935),
            "bright": grey & (rel >= 0.935),
            "other": ~yellow & ~grey}


def _box(r: Rectified, centre_mm, radius_mm: float) -> tuple[int, int, int, int]:
    c = r.px(centre_mm)
    h, w = r.rel.shape
    k = radius_mm * PPM
    return (max(0, int(c[0] - k)), max(0, int(c[1] - k)), min(w, int(c[0] + k) + 2),
            min(h, int(c[1] + k) + 2))


def _disc(box, r: Rectified, centre_mm, radius_mm: float, inner_mm: float = 0.0) -> np.ndarray:
    x0, y0, x1, y1 = box
    c = r.px(centre_mm)
    ys, xs = np.mgrid[y0:y1, x0:x1]
    d = np.hypot(xs - c[0], ys - c[1]) / PPM
    return (d <= radius_mm) & (d >= inner_mm)


def shares(r: Rectified, centre_mm, radius_mm: float,
           exclude: np.ndarray | None = None) -> tuple[dict[str, float], int]:
    """Each class's share of a disc (px not in `exclude`, a board-size mask), and its px."""
    box = _box(r, centre_mm, radius_mm)
    disc = _disc(box, r, centre_mm, radius_mm)
    if exclude is not None:
        disc &= ~exclude[box[1]:box[3], box[0]:box[2]]
    n = int(disc.sum())
    cls = classes(r, box)
    return {k: float((m & disc).sum()) / max(1, n) for k, m in cls.items()}, n


# --- nodes -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class NodeLook:
    node: str
    bead: float              # how clearly the printed bead (dark dot, light ring, dark rim)
    verdict: str             # "empty", "covered" or "unclear"
    light: float = 0.0       # the bead's light ring's level (paper: about 1)


def _mean_in(r: Rectified, box, centre, outer: float, inner: float = 0.0) -> float:
    x0, y0, x1, y1 = box
    m = _disc(box, r, centre, outer, inner)
    return float(r.rel[y0:y1, x0:x1][m].mean()) if m.any() else 0.0


def look_at_node(r: Rectified, side: str, node: str, centre) -> NodeLook:
    """Is the node's printed bead visible (empty), hidden (covered), or neither? The bead
    (draw_web.py): a light disc of `node_radius` with a dark rim and a dark centre dot; a
    male lying at most a third of his width off covers all of it."""
    s = geometry.spec()
    rad = s.centre_radius if node == "C" else s.node_radius
    box = _box(r, centre, rad + 1.0)
    dot = _mean_in(r, box, centre, 0.2 * rad)
    rim = _mean_in(r, box, centre, rad + 0.25, rad - 0.2)
    if node == "C":
        # C's bead is larger, pale yellow, with a thin ring at 0.62 of its radius (too thin
        # to count on): its light on both sides of that ring
        light = min(_mean_in(r, box, centre, 0.5 * rad, 0.3 * rad),
                    _mean_in(r, box, centre, 0.9 * rad, 0.76 * rad))
        bead = light - max(dot, rim)
    else:
        light = _mean_in(r, box, centre, 0.72 * rad, 0.52 * rad)
        bead = light - max(dot, rim)
    pale = 0.14 if node == "C" else 0.0      # C's bead is pale yellow, not white
    if ((bead >= BEAD_EMPTY and light >= BEAD_LIGHT_EMPTY - pale)
            or (bead >= BEAD_STRONG and light >= BEAD_LIGHT_EMPTY - pale - 0.06)):
        verdict = "empty"                # (a clear bead in a token's shadow)
    elif bead <= BEAD_COVERED or light <= BEAD_LIGHT_COVERED - pale:
        verdict = "covered"             # no bead, or its "light" part is a token's dark
    else:
        verdict = "unclear"
    return NodeLook(node, round(bead, 3), verdict, round(light, 3))


# Measured on generated photos (10 presets, 3 and 12 MP, both sides): an empty node's bead
# shows 0.18-0.51 (lens: from 0.04) with its light ring at 0.82-1.01 of the paper; a
# covered one at most 0.16 and 0.81 (one sloppy white male 0.9). Between: unclear.
BEAD_EMPTY = 0.17            # the bead's light ring this much brighter than dot and rim
BEAD_LIGHT_EMPTY = 0.82
BEAD_STRONG = 0.25
BEAD_REACH = 2.5             # mm: how far a bead is looked for round its place
# The bead template's best response within BEAD_REACH: empty nodes under a lens 0.5 and
# more; a turned white male's tick and "DONE" 0.06-0.28 (generated photos, 6 presets).
BEAD_BESIDE = 0.38
BEAD_COVERED = 0.1
BEAD_LIGHT_COVERED = 0.8     # a bead's light ring this dark: a male lies on it


@cache
def _bead_kernel(rad: float) -> np.ndarray:
    """A linear bead template: its light ring over its dot and rim (mean levels)."""
    k = round((rad + 0.6) * PPM)
    ys, xs = np.mgrid[-k:k + 1, -k:k + 1]
    d = np.hypot(xs, ys) / PPM
    light = (d >= 0.52 * rad) & (d <= 0.72 * rad)
    dot = d <= 0.2 * rad
    rim = (d >= rad - 0.2) & (d <= rad + 0.25)
    kernel = light / light.sum() - 0.5 * dot / dot.sum() - 0.5 * rim / rim.sum()
    return kernel.astype(np.float32)


def find_bead(r: Rectified, centre, reach: float = BEAD_REACH
              ) -> tuple[tuple[float, float], float]:
    """The best bead-like spot within `reach` mm of `centre` (a lens the plane does not
    absorb moves beads a little) and its template response."""
    kernel = _bead_kernel(geometry.spec().node_radius)
    k = kernel.shape[0] // 2
    step = round(reach * PPM)
    x, y = np.round(r.px(centre)).astype(int)
    x0, y0, x1, y1 = x - step - k, y - step - k, x + step + k + 1, y + step + k + 1
    if x0 < 0 or y0 < 0 or x1 > r.rel.shape[1] or y1 > r.rel.shape[0]:
        return (float(centre[0]), float(centre[1])), 0.0
    resp = cv2.filter2D(r.rel[y0:y1, x0:x1], -1, kernel)[k:-k, k:-k]
    by, bx = divmod(int(np.argmax(resp)), resp.shape[1])
    at = r.mm((x - step + bx, y - step + by))
    return (float(at[0]), float(at[1])), float(resp[by, bx])


# --- tokens ------------------------------------------------------------------------------------

@dataclass(frozen=True)
class TokenLook:
    kind: str                # "female", "paper", "token" (inked: a male's, or something
    #                          else: faces.py tells) or "unknown" (too little seen, colour)
    centre: tuple[float, float]      # board mm
    shares: dict[str, float]
    seen: float              # share of its disc in view (not under the female)


CORE = 5.5                  # mm round the node or slot: the disc whose levels are read


def read_token(r: Rectified, centre, width: float, exclude: np.ndarray | None = None
               ) -> TokenLook:
    """What lies at `centre` (mm; a node or an area's slot), from the class shares of the
    disc of CORE mm round it: the female's yellow, plain paper, or an inked token (whose
    male and which face: `faces.read_face`, by what is drawn)."""
    radius = min(CORE, width / 2 * 0.65)
    box = _box(r, centre, radius)
    disc = _disc(box, r, centre, radius)
    full = int(disc.sum())
    if exclude is not None:
        disc &= ~exclude[box[1]:box[3], box[0]:box[2]]
    n = int(disc.sum())
    sh, _ = shares(r, centre, radius, exclude)
    sh["level"] = float(r.rel[box[1]:box[3], box[0]:box[2]][disc].mean()) if n else 0.0
    if n < 10 or sh["other"] >= 0.12:
        kind = "unknown"
    elif sh["yellow"] >= 0.45:
        kind = "female"
    elif sh["dark"] + sh["mid"] <= 0.03:
        kind = "paper"
    else:
        kind = "token"
    return TokenLook(kind, (round(float(centre[0]), 2), round(float(centre[1]), 2)),
                     {k: round(v, 3) for k, v in sh.items()}, round(n / max(1, full), 3))


# --- the female and the die --------------------------------------------------------------------

@dataclass(frozen=True)
class FemaleLook:
    centre: tuple[float, float] | None      # board mm
    blobs: int                              # yellow blobs the size of a female


def find_female(r: Rectified) -> FemaleLook:
    """The yellow female: where a disc of her size has the most of its rim along the
    yellow's outline and no yellow just outside it (a Hough vote for her one radius). Her
    print's dark lines and a die standing on her (its sides, its shadow: a big die at a
    tilt leaves a crescent or two) cut her yellow into pieces; her rim still shows."""
    s = geometry.spec()
    box = _box(r, (0.0, 0.0), s.spoke_end + s.female / 2)
    yellow = classes(r, box)["yellow"].astype(np.uint8)
    yellow = cv2.morphologyEx(yellow, cv2.MORPH_OPEN, np.ones((3, 3), np.uint8))
    small = cv2.resize(yellow, None, fx=0.5, fy=0.5, interpolation=cv2.INTER_AREA)
    small = (small > 0).astype(np.uint8)
    score, rim = _rim_votes(small, s.female / 2 * PPM / 2)
    found = []
    for _ in range(3):
        best = np.unravel_index(int(np.argmax(score)), score.shape)
        if score[best] < FEMALE_RIM * rim:
            break
        found.append(np.array([best[1], best[0]], float) * 2 + 0.5)
        cv2.circle(score, (int(best[1]), int(best[0])), round(rim / math.pi), -1e9, -1)
    if len(found) != 1:
        return FemaleLook(None, len(found))
    return FemaleLook(tuple(float(v) for v in r.mm(found[0] + box[:2])), 1)


def _rim_votes(yellow: np.ndarray, radius: float) -> tuple[np.ndarray, float]:
    """Per px, how much of the yellow's outline lies on a circle of `radius` px round it,
    less twice the yellow just outside that circle; and the circle's length."""
    edge = (yellow - cv2.erode(yellow, np.ones((3, 3), np.uint8))).astype(np.float32)
    pad = int(radius) + 8
    ys, xs = np.mgrid[-pad:pad + 1, -pad:pad + 1]
    d = np.hypot(xs, ys)
    ring = ((d >= radius - 1.5) & (d <= radius + 0.5)).astype(np.float32)
    beyond = ((d >= radius + 2.0) & (d <= radius + 6.0)).astype(np.float32)
    votes = cv2.filter2D(edge, -1, ring, borderType=cv2.BORDER_CONSTANT)
    outside = cv2.filter2D(yellow.astype(np.float32), -1, beyond,
                           borderType=cv2.BORDER_CONSTANT)
    return votes - 2.0 * outside, 2 * math.pi * radius


def female_mask(r: Rectified, centre) -> np.ndarray:
    """Board-size mask of the female's disc (a little grown)."""
    mask = np.zeros(r.rel.shape, np.uint8)
    c = r.px(centre)
    cv2.circle(mask, (round(c[0]), round(c[1])),
               round((geometry.spec().female / 2 + 1.0) * PPM), 1, -1)
    return mask > 0


def female_edge_mask(r: Rectified, top, base, reach: float) -> np.ndarray:
    """Board-size mask of what her slab shows beyond her top's disc: her cut edge down to
    her base (`base`: her base's centre as seen, mm) and her shadow, `reach` mm round both
    (a little grown, as female_mask is)."""
    mask = np.zeros(r.rel.shape, np.uint8)
    radius = round((geometry.spec().female / 2 + 1.0 + reach) * PPM)
    for centre in (top, base):
        c = r.px(centre)
        cv2.circle(mask, (round(c[0]), round(c[1])), radius, 1, -1)
    return mask > 0


def node_of(point, names: tuple[str, ...], centres: np.ndarray) -> tuple[str, float, float]:
    """The nearest node to a point (mm), its distance, and the second nearest's."""
    d = np.hypot(*(centres - np.asarray(point)).T)
    order = np.argsort(d)
    return names[int(order[0])], float(d[order[0]]), float(d[order[1]])


# --- where a male lies ---------------------------------------------------------------------------

# A male's face seen from above, averaged round its centre (levels over the paper; measured
# on the PDF's faces, both faces of each colour): (from mm, to mm, level). White: the spider's
# body or the tick, the card, the printed circle 1.5 mm inside the edge, the card; black:
# the white spider's body or the tick, the black card with its circle of white dots. Both
# end with 1 mm of paper round the edge, which is what fixes the centre.
MALE_LOOKS = {
    "white": ((0.0, 1.5, 0.35), (1.5, 3.0, 0.6), (3.0, 6.6, 0.82), (6.6, 7.4, 0.15),
              (7.4, 8.5, 0.9), (8.5, 9.5, 1.0)),
    "black": ((0.0, 1.5, 0.85), (1.5, 3.0, 0.65), (3.0, 6.5, 0.38), (6.5, 7.5, 0.5),
              (7.5, 8.5, 0.3), (8.5, 9.5, 1.0)),
}
LOCATE_SCORE = 0.35          # a correlation this weak: no male's look there


@cache
def _male_template(colour: str) -> np.ndarray:
    outer = MALE_LOOKS[colour][-1][1]
    k = round(outer * PPM)
    ys, xs = np.mgrid[-k:k + 1, -k:k + 1]
    d = np.hypot(xs, ys) / PPM
    out = np.full(d.shape, 1.0, np.float32)
    for lo, hi, level in MALE_LOOKS[colour]:
        out[(d >= lo) & (d < hi)] = level
    return out


@dataclass(frozen=True)
class Located:
    centre: tuple[float, float] | None   # board mm; None: no male's look near the node
    score: float                         # the best correlation with a male's look
    off: float                           # mm from the node


def locate_male(r: Rectified, node_mm, reach: float,
                exclude: np.ndarray | None = None) -> Located:
    """Where a male lies round a node: his centre within `reach` mm of it, by his look (a
    disc of the male's radial profile, either colour, correlated over the board square-on:
    normalised, so light and shadow do not matter). Pixels in `exclude` (the female's disc:
    she lies on top) are made paper, so her overhang does not pull him away."""
    half = MALE_LOOKS["white"][-1][1] + reach
    x0, y0, x1, y1 = _box(r, node_mm, half)
    window = r.rel[y0:y1, x0:x1]
    tk = _male_template("white").shape[0]
    if window.shape[0] <= tk or window.shape[1] <= tk:
        return Located(None, 0.0, 0.0)
    if exclude is not None:
        window = np.where(exclude[y0:y1, x0:x1], np.float32(1.0), window)
    best = (-1.0, (0, 0))
    k = tk // 2
    c = r.px(node_mm)
    far = None
    for colour in MALE_LOOKS:
        resp = cv2.matchTemplate(window, _male_template(colour), cv2.TM_CCOEFF_NORMED)
        if far is None:          # only centres within reach of the node
            ys, xs = np.mgrid[0:resp.shape[0], 0:resp.shape[1]]
            far = np.hypot(xs + x0 + k - c[0], ys + y0 + k - c[1]) / PPM > reach
        resp = np.nan_to_num(resp, nan=-1.0)
        resp[far] = -1.0
        i = int(np.argmax(resp))
        if resp.flat[i] > best[0]:
            by, bx = divmod(i, resp.shape[1])
            best = (float(resp.flat[i]), (bx, by))
    score, (bx, by) = best
    if score < LOCATE_SCORE:
        return Located(None, score, 0.0)
    # a parabola through the peak's neighbours would refine it; a quarter mm is plenty
    centre = r.mm((bx + x0 + k, by + y0 + k))
    off = float(np.hypot(*(centre - np.asarray(node_mm, float))))
    return Located((float(centre[0]), float(centre[1])), round(score, 3), round(off, 2))

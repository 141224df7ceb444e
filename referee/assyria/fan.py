"""A disc of a fan on a track space seen only as a crescent: the lowest, or one in the
middle (its crescent between the disc above it and the one below).

Discs sharing a space lie fanned along its diagonal (a player keeps each in view; the
generator's synth._fan): the lowest at the top-left end, each next one a step of
(room / (n - 1)) further, the top one whole. The lowest shows only a crescent, at most
one step (2.3 mm for four discs on an offering space) wide, along the far side of the
fan, and the box's inset (tracks.INSET_MM) cuts most of it off, so its share of the box
can fall below any bar noise stays under. Here it is judged by place, shape and colour:
the fan is found from its top disc, the crescent's cells are where the lowest disc, and
no higher one, lies; the missing colour must fill most of them along the whole arc, and
be nearly absent round it. Only a colour missing from the whole track is tried
(tracks.read_tracks: each player has one disc a track).
"""

from __future__ import annotations

import itertools

import cv2
import numpy as np

from pnp.geometry.assyria import token_size

R_MM = token_size("disc") / 2
# the fan's top disc this far at most from its place: the hand's 1.3 mm, and the
# parallax of its top face, raised on the fan's other discs (6 mm high seen 30 degrees
# off the lens's axis at a photo's side: 3.5 mm), which moves each lower disc less
SHIFT_MM = 4.5
LIFTS = (1.0, 0.75, 0.5, 0.25)  # of the top's shift, the lowest disc's (all hand .. parallax)
TOP_HUE = 8             # a pixel of the top disc: its hue this near its colour's
INNER_MM = 0.5          # of the lowest disc's rim: not looked at (its edge, blurred)
CLEAR_MM = 0.6          # beyond the next disc's rim: past its edge and 0.3 mm nudges
BINS = 6                # the crescent's arc (less its thin TIPS) in so many sectors, ...
TIPS = 0.8              # of the arc's half-span: beyond, a lune is a pixel thin
BIN_FILL = 0.35         # ... each at least so full of the colour (a shape: an arc)
FILL = 0.5              # the whole crescent at least so full of it
HUE_REACH = 30          # a crescent pixel's hue this near its colour's, ...
MIN_SAT, MIN_VAL = 50, 50   # ... this saturated (the print: at most 45) and bright
LOOSE_MM = 0.75        # the lowest disc's place tried so far each way
AROUND = 0.02           # ... and the space round the fan at most so full of it


def fan_centres(box, count: int) -> np.ndarray:
    """Where `count` discs on a space lie (mm), lowest first: as the generator fans them."""
    x0, y0, x1, y1 = box
    centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
    if count == 1:
        return centre[None]
    room = np.array([x1 - x0, y1 - y0]) - 2 * R_MM
    return np.array([centre - room / 2 + room * k / (count - 1) for k in range(count)])


def _grid(box, ppm: float, grow: float) -> tuple[np.ndarray, np.ndarray, tuple[int, ...]]:
    """Board mm of each pixel of the box grown by `grow` mm, and the box's pixel slice."""
    x0, y0, x1, y1 = (round(v * ppm) for v in (box[0] - grow, box[1] - grow,
                                                   box[2] + grow, box[3] + grow))
    ys, xs = np.mgrid[y0:y1, x0:x1]
    return (xs + 0.5) / ppm, (ys + 0.5) / ppm, (x0, y0, x1, y1)


def _hue_gap(h: np.ndarray, hue: int) -> np.ndarray:
    return np.abs((h.astype(np.int16) - hue + 90) % 180 - 90)


def lowest_crescent(masks: dict[str, np.ndarray], hsv: np.ndarray, hues: dict[str, int],
                    ppm: float, box, colour: str, above: list[str], top: str,
                    printed: np.ndarray | None = None) -> bool:
    """Whether `colour` lies lowest under the discs `above` on the space `box` (mm):
    `masks` are each colour's pixels (unlike the print) and `hsv` the board at `ppm`
    px/mm; `hues` each colour's hue; `top` is the colour of the fan's whole top disc,
    which places the fan. A crescent 2 px wide blurs into the next disc (blue beside
    yellow turns teal), so its colour is judged against the only others that could lie
    there: any colour but the top disc's (without `colour`, the lowest of the rest covers
    that place; and only a hue nearer `colour` than every such one is its). `printed`:
    the print's HSV at `ppm`, if given: where the print itself has that hue (the track's
    tan by a red or yellow disc) nothing is judged, neither crescent nor the rest."""
    n = len(above) + 1
    if n < 2:
        return False
    place = fan_centres(box, n)
    xs, ys, (x0, y0, x1, y1) = _grid(box, ppm, 2.0)
    sub = {c: m[y0:y1, x0:x1].astype(bool) for c, m in masks.items()}
    if any(s.shape != xs.shape for s in sub.values()) or hsv.shape[:2] != masks[top].shape:
        return False
    h, sat, val = (hsv[y0:y1, x0:x1, k] for k in range(3))
    shift = _top_shift(xs, ys, sub[top], (_hue_gap(h, hues[top]) <= TOP_HUE)
                       & (sat >= MIN_SAT) & (val >= MIN_VAL), place[-1], ppm)
    if shift is None:
        return False
    gap = _hue_gap(h, hues[colour])
    own = (gap <= HUE_REACH) & (sat >= MIN_SAT) & (val >= MIN_VAL)
    for o in hues:              # any colour but the top's could lie there (a dim photo's
        if o not in (colour, top):  # crescent passed for green and blue both)
            own &= gap < _hue_gap(h, hues[o])
    judged = np.ones_like(own)      # print of the colour's hue tells nothing either way
    if printed is not None:
        p_h, p_s, p_v = (printed[y0:y1, x0:x1, k] for k in range(3))
        tinted = ((_hue_gap(p_h, hues[colour]) <= HUE_REACH) & (p_s >= MIN_SAT)
                  & (p_v >= MIN_VAL)).astype(np.uint8)
        judged = ~cv2.dilate(tinted, np.ones((3, 3), np.uint8)).astype(bool)
    # the disc's own nudge (0.3 mm) and the top disc's centroid (its symbol) leave its
    # place a little loose: the best of a few near places. Its place in the fan
    # is the lowest's, or any but the top's (a disc in the middle shows such a crescent
    # too: between the one above it and the one below)
    steps = np.arange(-LOOSE_MM, LOOSE_MM + 1e-6, 0.25)
    fans = [_sheared(place, shift, t) for t in (LIFTS if np.hypot(*shift) > LOOSE_MM else (1.0,))]
    best = max(((_arc_fill(xs, ys, own, laid[j:], np.array([dx, dy]), judged), laid)
                for laid in fans for j in range(n - 1) for dx in steps for dy in steps),
               key=lambda r: r[0][0])
    (fill, crescent, c), laid = best
    if fill < BIN_FILL:
        return False
    # and nowhere else round the fan: the colour is no stray tint of a neighbour
    d = [np.hypot(xs - cx, ys - cy) for cx, cy in [*laid[:n - len(c)], *c]]
    fan = np.any([e < R_MM + CLEAR_MM + 1.0 for e in d], axis=0)
    rest = ~fan & ~cv2.dilate(crescent.astype(np.uint8), np.ones((3, 3), np.uint8)
                              ).astype(bool) & judged
    return bool(rest.any() and own[rest].mean() <= AROUND)


def _top_shift(xs, ys, in_box: np.ndarray, hue: np.ndarray, place: np.ndarray,
               ppm: float) -> np.ndarray | None:
    """How far (mm) the fan's whole top disc lies from its `place`: the centroid of its
    hue near there (`in_box`: its pixels seen unlike the print on the space: a disc
    pushed past the space's edge, which that mask cuts off, still shows there); None if
    it does not show so."""
    near = np.hypot(xs - place[0], ys - place[1]) < R_MM + SHIFT_MM
    pick, area = hue & near, np.pi * (R_MM * ppm) ** 2
    if (in_box & near).sum() < 0.25 * area or pick.sum() < 0.5 * area:
        return None
    shift = np.array([xs[pick].mean(), ys[pick].mean()]) - place
    return shift if np.hypot(*shift) <= SHIFT_MM else None


def _sheared(place: np.ndarray, shift: np.ndarray, lowest: float) -> np.ndarray:
    """The fan's discs moved by the top's `shift`: the lowest by `lowest` of it, each
    higher one more (the hand moves all alike; parallax each by its height)."""
    n = len(place)
    part = [lowest + (1.0 - lowest) * k / max(n - 1, 1) for k in range(n)]
    return place + np.outer(part, shift)


def _arc_fill(xs, ys, own, c: np.ndarray, nudge: np.ndarray, judged: np.ndarray):
    """The least fill of `own` over the crescent's sectors (where `judged`), with the
    lowest disc moved by `nudge` (0 if the crescent is too small or under FILL overall),
    the crescent, centres."""
    c = c.copy()
    c[0] = c[0] + nudge
    d = [np.hypot(xs - cx, ys - cy) for cx, cy in c]
    crescent = ((d[0] < R_MM - INNER_MM) & np.all([e > R_MM + CLEAR_MM for e in d[1:]], axis=0)
                & judged)
    if crescent.sum() < 4 or own[crescent].mean() < FILL:
        return 0.0, crescent, c
    ang = np.arctan2(ys - c[0][1], xs - c[0][0])
    away = np.arctan2(*(c[0] - c[1])[::-1])          # the crescent's middle
    rel = (ang - away + np.pi) % (2 * np.pi) - np.pi
    span = np.abs(rel[crescent]).max()
    edges = np.linspace(-TIPS * span, TIPS * span, BINS + 1)
    least = 1.0
    for lo, hi in itertools.pairwise(edges):
        cell = crescent & (rel >= lo) & (rel < hi)
        least = min(least, float(own[cell].mean()) if cell.any() else 0.0)
    return least, crescent, c


# --- a disc hidden in a fan, told by the fan's shape ---------------------------------------
# A fan of n discs spans its space's diagonal whatever n is (fan_centres): one more disc
# moves every disc's rim, so the colours' boundaries along the fan tell how many lie
# there even where the lowest's crescent blurs into the next disc (green under blue
# at 3 MP turns teal). Each pixel is given the nearest of the players' hues; a fan of the
# discs seen, and one with the missing colour among them, are laid over it in every
# order and nudged as a hand lays them; the missing disc is there when the fan with it
# fits plainly better.
FIT_MORE = 0.045        # the share of the fan's pixels one more disc must explain better
#                         (generated fans: a disc there 0.01-0.07, none there at most 0.04)
FIT_SAT, FIT_VAL, FIT_HUE = 60, 50, 25    # a pixel that has a player's hue at all
FIT_REACH_MM, FIT_STEP_MM = 1.25, 0.25    # the whole fan's nudge tried (hand: 1 mm)
FIT_EDGE_MM = 0.3       # of each disc's rim: not counted (its blurred edge)


def one_more(hsv: np.ndarray, hues: dict[str, int], ppm: float, box, colours: list[str],
             above: list[str], missing: str) -> bool:
    """Whether `missing` lies in the fan of `above` on the space `box` (mm): `hsv` the
    board at `ppm` px/mm, `colours` every player's (each pixel's nearest hue among
    them)."""
    if not above:
        return False
    xs, ys, (x0, y0, x1, y1) = _grid(box, ppm, 2.0)
    if hsv.shape[0] < y1 or hsv.shape[1] < x1 or x0 < 0 or y0 < 0:
        return False
    h, s, v = (hsv[y0:y1, x0:x1, k] for k in range(3))
    gaps = np.stack([_hue_gap(h, hues[c]) for c in colours])
    label = np.argmin(gaps, axis=0)
    coloured = (s >= FIT_SAT) & (v >= FIT_VAL) & (gaps.min(axis=0) <= FIT_HUE)
    index = {c: k for k, c in enumerate(colours)}
    less = _best_fit(xs, ys, label, coloured, box, [index[c] for c in above], None)
    more = _best_fit(xs, ys, label, coloured, box, [index[c] for c in above],
                     index[missing])
    return more - less >= FIT_MORE


def _best_fit(xs, ys, label, coloured, box, seen: list[int], extra: int | None) -> float:
    """The best share of the fan's coloured pixels whose hue is the colour a fan of
    `seen` (and `extra`, if given) puts there, over every order and nudge."""
    n = len(seen) + (extra is not None)
    centres = fan_centres(box, n)
    orders = [p for p in itertools.permutations(seen + ([extra] if extra is not None else []))
              if extra is None or extra in p]
    steps = np.arange(-FIT_REACH_MM, FIT_REACH_MM + 1e-6, FIT_STEP_MM)
    ncol = int(label.max()) + 1
    best = 0.0
    for dx in steps:
        for dy in steps:
            top = np.full(xs.shape, -1)
            for k, (cx, cy) in enumerate(centres):
                top[np.hypot(xs - cx - dx, ys - cy - dy) < R_MM - FIT_EDGE_MM] = k
            use = coloured & (top >= 0)
            total = int(use.sum())
            if not total:
                continue
            counts = np.zeros((n, max(ncol, 1)), int)
            np.add.at(counts, (top[use], label[use]), 1)
            for order in orders:
                best = max(best, sum(int(counts[k, c]) for k, c in enumerate(order)) / total)
    return best


# --- a fan seen from the camera: each disc's top face moved by its height ---------------
# A disc rests on the one below it, so the k-th from the bottom has its top face k + 1
# thicknesses up (DISC_MM: docs/assyria-components.md) and, seen from the side, its cut
# edge (the card's colour, no player's) reaches from its bottom to its top along the
# camera's lean. Where the next disc up lies, its top and edge both hide the one below.
# A disc seen nowhere on its track lies in the one fan that so seen fits the colours
# there at least as well with it as without it (tracks._only_fan_for).
DISC_MM = 1.5           # a disc's thickness (docs/assyria-components.md, tokens)
LOOSE_SAT, LOOSE_VAL = 35, 40   # a blurred, JPEG-faded crescent: still a colour ...
LOOSE_HUE = 25          # ... within this of some player's hue (each pixel: the nearest)


def seen_slots(xs, ys, centres: np.ndarray, lean: np.ndarray, edge_mm: float) -> np.ndarray:
    """Per pixel (board mm `xs`, `ys`), which disc of a fan (index in `centres`, lowest
    first) shows its top face there, seen through `lean` (mm the view moves a point per
    mm of height: pose.Pose.seen_at): -1 where none does, -2 on a disc's cut edge or
    within `edge_mm` of a rim (blurred, counted for nobody)."""
    slot = np.full(xs.shape, -1)
    for k, c in enumerate(centres):
        top = c + lean * (k + 1) * DISC_MM
        d_top = np.hypot(xs - top[0], ys - top[1])
        d_side = _to_segment(xs, ys, c + lean * k * DISC_MM, top)
        slot[d_side < R_MM + edge_mm] = -2          # hides everything below it
        slot[d_top < R_MM - edge_mm] = k
    return slot


def _to_segment(xs, ys, a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Each pixel's distance (mm) to the segment from `a` to `b`."""
    ab = b - a
    t = np.clip(((xs - a[0]) * ab[0] + (ys - a[1]) * ab[1]) / max(float(ab @ ab), 1e-9), 0, 1)
    return np.hypot(xs - a[0] - t * ab[0], ys - a[1] - t * ab[1])


def _labels(hsv, unlike, hues, colours, window) -> np.ndarray:
    """Each pixel of `window` (a slice pair) the index of the player hue nearest its own,
    where it is unlike the print and coloured at all (LOOSE_*); else -1."""
    h, s, v = (hsv[window][..., k] for k in range(3))
    gaps = np.stack([_hue_gap(h, hues[c]) for c in colours])
    return np.where((s >= LOOSE_SAT) & (v >= LOOSE_VAL) & (gaps.min(axis=0) <= LOOSE_HUE)
                    & unlike[window].astype(bool), np.argmin(gaps, axis=0), -1)


def fan_fit(label: np.ndarray, xs, ys, box, discs: list[int], lean: np.ndarray,
            reach_mm: float = FIT_REACH_MM) -> tuple[float, tuple[int, ...], np.ndarray]:
    """The best fit of a fan of `discs` (colour indices into `label`'s, every order) laid
    on `box` and nudged as a hand lays it, seen through `lean` (seen_slots): the share of
    all coloured pixels the fan's top faces explain, less the share they contradict; its
    order and slot map."""
    centres = fan_centres(box, len(discs))
    steps = np.arange(-reach_mm, reach_mm + 1e-6, FIT_STEP_MM)
    coloured = label >= 0
    total = max(int(coloured.sum()), 1)
    ncol = max(int(label.max()) + 1, max(discs) + 1)
    best: tuple[float, tuple[int, ...], np.ndarray] = (-2.0, tuple(discs), np.full(xs.shape, -1))
    orders = list(dict.fromkeys(itertools.permutations(discs)))
    for dx in steps:
        for dy in steps:
            slot = seen_slots(xs, ys, centres + np.array([dx, dy]), lean, FIT_EDGE_MM)
            use = coloured & (slot >= 0)
            counts = np.zeros((len(discs), ncol), int)
            np.add.at(counts, (slot[use], label[use]), 1)
            sizes = counts.sum(axis=1)
            for order in orders:
                right = sum(int(counts[k, c]) for k, c in enumerate(order))
                score = (2 * right - int(sizes.sum())) / total
                if score > best[0]:
                    best = (score, order, slot)
    return best


def fit_gain(hsv: np.ndarray, unlike: np.ndarray, hues: dict[str, int], ppm: float, box,
             colours: list[str], above: list[str], missing: str, lean: np.ndarray) -> float:
    """How much better a fan of `above` and `missing` on the space `box` (mm) explains
    the colours there than `above` alone (fan_fit: `hsv` the board at `ppm` px/mm,
    `unlike` where it is unlike the print, `colours` every player's, `lean` as
    seen_slots)."""
    if not above:
        return 0.0
    grow = 2.0 + float(np.hypot(*lean)) * (len(above) + 1) * DISC_MM
    xs, ys, (x0, y0, x1, y1) = _grid(box, ppm, grow)
    if hsv.shape[0] < y1 or hsv.shape[1] < x1 or x0 < 0 or y0 < 0:
        return 0.0
    label = _labels(hsv, unlike, hues, colours, (slice(y0, y1), slice(x0, x1)))
    index = {c: k for k, c in enumerate(colours)}
    seen = [index[c] for c in above]
    less = fan_fit(label, xs, ys, box, seen, lean)[0]
    return fan_fit(label, xs, ys, box, [*seen, index[missing]], lean)[0] - less


HAND_MM = 1.3           # a fanned disc off its place by the hand: the fan's 1 mm, its own 0.3


def reach_over(box, count: int, over, lean: np.ndarray, ppm: float) -> float:
    """The largest share of the box `over` (px at `ppm`) that a disc of a fan of `count`
    on the space `box` (mm) can cover with its top face, seen through `lean` (seen_slots)
    and laid by the hand up to HAND_MM towards it: a disc seen from the side reaching
    over the line onto the space beside."""
    x0, y0, x1, y1 = over
    ys, xs = np.mgrid[y0:y1, x0:x1]
    xs, ys = (xs + 0.5) / ppm, (ys + 0.5) / ppm
    target = np.array([(x0 + x1) / 2, (y0 + y1) / 2]) / ppm
    most = 0.0
    for k, c in enumerate(fan_centres(box, count)):
        top = c + lean * (k + 1) * DISC_MM
        way = target - top
        top = top + way / max(float(np.hypot(*way)), 1e-9) * HAND_MM
        most = max(most, float((np.hypot(xs - top[0], ys - top[1]) < R_MM).mean()))
    return most

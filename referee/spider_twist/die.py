"""The die on the female: is there one, and how many pips does its top face show.

A die is a cube, any size players use: at a tilt its sides show, with their pips. Only the
top face counts. It lies parallel to the table, higher than anything else, so the photo is
seen square-on in the plane of a die's top (`referee.pose`: the camera from the board's
plane), where the top face is a square and its pips round; the sides lie between it and the
camera's foot, squashed along that way by the lean (how far 1 mm of height moves a point).

Pips are dark round blobs ringed by the die's white. The top face is the one set of pips
that (a) forms a die's pattern (1 to 6), (b) has no other pip inside its square or beyond it
(away from the camera: a side facing away is never seen), and (c) leaves every other pip on
a side: between its square and the camera, no further than the die's height leans, and no
rounder than that side is seen. When more than one count passes, or none does, the die is
unclear (a problem), never a guess.
"""

from __future__ import annotations

import itertools
import math
from dataclasses import dataclass, replace

import cv2
import numpy as np

from pnp.geometry import spider_twist as geometry
from referee.colour import channel_gains
from referee.geometry import rectify
from referee.pose import Pose, camera_pose

DIE_PPM = 8.0
TOKEN_MM = 2.0              # the female's card: the die stands this high
NOMINAL_MM = 14.0           # the die's side the top plane is looked in (any 10-20 mm reads)
SIDES_MM = (9.0, 22.0)      # dice players use
WINDOW = 96.0               # mm round the female: her, the die's top and its leaning sides
HER_YELLOW = 0.8            # of her disc seen yellow: no die (and nothing else) on her
WHITE_ON_HER = 0.05         # of her disc seen white: a die's top (9 mm: 0.14 of her) at least
PIP_OVER_SIDE = (0.12, 0.34)     # a pip's diameter over its face's side (the 1 is larger)
# a lone pip larger than this over its face would leave a 2-6's other pips outside the
# face, where they could pass for a side's: a die's 1 is at most this large
LONE_PIP = 0.28
PITCH_OVER_SIDE = (0.22, 0.34)   # the pattern's step over the side
SQUASHED = 0.35             # a blob flatter than this is a strand's piece, or a side's pip
#                             seen so steeply that it is not needed to explain anything
ROUND = 0.8                 # a pip on the top face: minor over major axis at least this
BEAD_MM = 3.0               # a dark dot this near a printed node's centre is its bead's
#                             (the camera's pose puts a bead within 1-2 mm in the top plane,
#                             once the paper's shift measured by the rimmed beads is undone)
RIMMED = 0.75               # a dot with a node's rim this share of the ways round is a bead
RIM_MM = (1.2, 2.0, 3.0)    # its white (this far out, mm) then its dark rim (to this far)
RIM_DARK = 0.8              # the rim under this of its white (a die's pip: white all round)
FLAT = 0.85                 # a face's ground: its 10th percentile over its 90th at least
SIDE_PIPS = (0.18, 0.82)    # a side's pips lie this far down it (of its height): a die's
#                             outer pips are a fifth of its side in from each edge
SAME_LIGHT = 0.06            # one face's white varies less than this (noise, a soft light)
SIDE_SLACK_MM = 0.3         # a side's seen height and its pips' blur beyond it
GREY_NOISE = 3.0            # ... and these grey levels (a dim photo's white is near 70)
OTHER_LIGHT = 0.05          # a side's white differs from the top's by this much at least
SQUARE = 0.05              # a face's white ends this alike each way (of its side)
FIT = 0.22                  # a pattern's worst pip this far off, in pattern steps
SOFT_EDGE_PX = 2.0          # a photo's blur darkens an edge's white this far in
BRIDGES_MM = (0.0, 0.75, 1.5)    # a lone pip's face: the openings that may cut its white
#                                  from paper lit alike (a corner's or a soft edge's touch)
HER_CHROMA = 0.25           # her yellow and her dark lines' colour (saturation x level) over
#                             the white nearby at least this (her lines #6B5200: 0.42)
PIP_CHROMA = 0.15           # a round blob this colourful over the white nearby is no die's
#                             black pip (a printed cloth's dots: 0.19-0.24; a top's pips on
#                             generated photos at most 0.09, a side's squashed ones 0.16)

PATTERNS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
            4: [(-1, -1), (1, -1), (-1, 1), (1, 1)],
            5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
            6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


@dataclass(frozen=True)
class DieLook:
    pips: int | None         # None: no die, or unclear (see `clear`)
    clear: bool
    why: str = ""
    centre: tuple[float, float] | None = None     # board mm (the top face's centre)


@dataclass(frozen=True)
class Pip:
    at: np.ndarray           # mm in the window
    diameter: float          # mm (the major axis)
    roundness: float         # minor over major axis
    ground: float = 0.0      # the level of the white round it (its face's light)
    spread: np.ndarray | None = None     # its second moments (mm^2): its extent any way

    def extent(self, way: np.ndarray) -> float:
        """Its width along a unit vector (mm; the major axis if unknown)."""
        if self.spread is None:
            return self.diameter
        return 4 * math.sqrt(max(float(way @ self.spread @ way), 0.0))


@dataclass(frozen=True)
class TopFace:
    count: int
    centre: np.ndarray       # mm in the window
    side: float              # mm
    turn: float | None       # radians; None: not known (one pip), the square taken round


def read_die(image: np.ndarray, scale: float, h: np.ndarray, female: tuple[float, float],
             gain: np.ndarray | None = None, size: tuple[int, int] | None = None,
             beads: np.ndarray | None = None) -> DieLook:
    """The die on the female at `female` (board mm). `h`: board mm -> original px of a photo
    of `size` (w, h; default: `image` at 1/`scale`); `gain`: BGR gains that make the paper
    grey (the board's white balance); `beads`: the printed nodes' centres (board mm), whose
    dark dots in a white ring are not pips."""
    if size is None:
        size = (round(image.shape[1] / scale), round(image.shape[0] / scale))
    pose = camera_pose(h, size, free_centre=True)        # a photo may be cropped
    top_z = TOKEN_MM + NOMINAL_MM
    origin = (female[0] - WINDOW / 2, female[1] - WINDOW / 2)
    patch = rectify(image, pose.lifted(h, top_z), scale, origin, WINDOW, DIE_PPM)
    if gain is not None:
        patch = channel_gains(patch, np.asarray(gain))
    hsv = cv2.cvtColor(patch, cv2.COLOR_BGR2HSV)
    away, lean = pose.lean(female, top_z)
    her_at = pose.in_plane(female, top_z) - np.array(origin)
    light = _Light.of(hsv, _soft_edge(pose.lifted(h, top_z), female, scale))
    seen = find_pips(light, her_at)
    pips = seen
    if beads is not None and len(beads):
        nodes = _nodes_seen(np.asarray(beads, float), female, top_z, pose, origin)
        shift = _paper_shift(light.level, seen, nodes)
        her_at = her_at + shift
        pips = [p for p in seen if not len(nodes)
                or np.hypot(*(nodes + shift - p.at).T).min() > BEAD_MM]
    if any(p.roundness >= ROUND for p in pips):
        look = _top_face(light, pips, away, lean, origin)
    else:
        look = _no_pips(light, her_at, female, len(pips))
    if look.pips is None and len(pips) < len(seen):
        # a neighbour's bead seen where the die's top may lie: the top hides the bead
        # there, and the dot is the die's pip
        whole = _top_face(light, seen, away, lean, origin)
        if whole.clear:
            return whole
    if not look.clear and pips:
        bare = _no_pips(light, her_at, female, len(pips))
        if bare.clear:
            # she is seen yellow all over with nothing white on her: nothing stands on
            # her, and the round blobs that no top face explains are a neighbour's print
            # (a male's dotted ring, a done male's letters)
            return bare
    return look


def _top_face(light: _Light, pips: list[Pip], away: np.ndarray, lean: float,
              origin: tuple[float, float]) -> DieLook:
    """The one count the pips' top faces agree on, or why not."""
    tops = [t for t in top_faces(pips, away, lean) if _flat(light.level, t, pips)
            and (t.count > 1 or _amid(light, _nearest(pips, t.centre)))]
    counts = sorted({t.count for t in tops})
    centre = tuple(float(v) for v in np.mean([p.at for p in pips], axis=0) + origin)
    if len(counts) == 1:
        best = tops[0]
        return DieLook(counts[0], True, "", tuple(float(v) for v in best.centre + origin))
    if not counts:
        return DieLook(None, False, f"{len(pips)} pips seen, but no top face among them",
                       centre)
    return DieLook(None, False, "its top face reads as " + " or ".join(map(str, counts)),
                   centre)


def _nearest(pips: list[Pip], at: np.ndarray) -> Pip:
    return min(pips, key=lambda p: float(np.hypot(*(p.at - at))))


def _nodes_seen(beads: np.ndarray, female: tuple[float, float], z: float, pose: Pose,
                origin: tuple[float, float]) -> np.ndarray:
    """Where the pose puts the printed nodes' dots (window mm, seen from the plane z mm
    up); the nodes under the female are hidden by her."""
    spec = geometry.spec()
    hidden = spec.female / 2 - spec.node_radius - 0.5          # her disc covers all its bead
    clear = np.hypot(*(beads - np.asarray(female, float)).T) > hidden
    return np.array([pose.in_plane(b, z) for b in beads[clear]]).reshape(-1, 2) \
        - np.array(origin)


def _paper_shift(level: np.ndarray, dots: list[Pip], nodes: np.ndarray) -> np.ndarray:
    """How far the paper lies from where the pose puts it, near the female (window mm):
    the median offset of the dots ringed by a node's rim from their nodes (none: zero).
    Seen nearly straight down, the plane barely fixes the focal length, and a pose a
    little astray moves the paper some mm in the top plane."""
    offsets = []
    for dot in dots:
        if not len(nodes) or _rimmed(level, dot) < RIMMED:
            continue
        gaps = dot.at - nodes
        k = int(np.argmin(np.hypot(*gaps.T)))
        if np.hypot(*gaps[k]) <= 2 * BEAD_MM:
            offsets.append(gaps[k])
    return np.median(offsets, axis=0) if offsets else np.zeros(2)


def _rimmed(level: np.ndarray, dot: Pip, ways: int = 32) -> float:
    """Of the ways out from `dot`, the share that cross a printed node's rim: its white
    ring, then a line darker than RIM_DARK of it (a die's pip has white all round)."""
    radii = np.linspace(RIM_MM[0], RIM_MM[2], 15) * DIE_PPM
    hits = 0
    for a in np.linspace(0, 2 * math.pi, ways, endpoint=False):
        xy = np.round(dot.at * DIE_PPM + np.outer(radii, [math.cos(a), math.sin(a)]))
        xy = xy.astype(int)
        if (xy < 0).any() or (xy[:, 0] >= level.shape[1]).any() \
                or (xy[:, 1] >= level.shape[0]).any():
            continue
        values = level[xy[:, 1], xy[:, 0]]
        white = values[radii < RIM_MM[1] * DIE_PPM].max()
        hits += bool(values[radii >= RIM_MM[1] * DIE_PPM].min() < RIM_DARK * white)
    return hits / ways


def _no_pips(light: _Light, her_at: np.ndarray, female, blobs: int) -> DieLook:
    """No round pip seen (a top face's are round): no die when she is seen yellow all over
    and no die's white lies on her, else unclear. Blobs that are not round are a
    neighbour's print (a male's tick, a letter), never a top face's pips."""
    on_her = np.zeros(light.level.shape, np.uint8)
    r = round((geometry.spec().female / 2 - 1.5) * DIE_PPM)
    cv2.circle(on_her, tuple(int(v) for v in np.round(her_at * DIE_PPM)), r, 1, -1)
    area = max(1, int(on_her.sum()))
    yellow = float((light.yellow & (on_her > 0)).sum()) / area
    white = float((light.bright & (on_her > 0)).sum()) / area
    if yellow < HER_YELLOW or white > WHITE_ON_HER:
        seen = f"{blobs} dark marks but no round pip" if blobs else "no pip"
        why = (f"{white:.0%} of her is seen white" if white > WHITE_ON_HER
               else f"only {yellow:.0%} of her is seen yellow")
        return DieLook(None, False, f"{seen} found, and {why}", female)
    return DieLook(None, True)


# --- pips -------------------------------------------------------------------------------------

@dataclass(frozen=True)
class _Light:
    """The window's levels, and where it is the die's white, the female's yellow, or dark
    against the white nearby."""

    level: np.ndarray        # float32 V
    bright: np.ndarray       # bool: white (unsaturated, near the brightest nearby)
    yellow: np.ndarray       # bool
    dark: np.ndarray         # uint8: darker than 0.6 of the white nearby, not yellow
    chroma: np.ndarray       # float32: colour (saturation x level) over the white nearby
    soft: float = 0.0        # mm of a face's white that its edge's blur darkens

    @classmethod
    def of(cls, hsv: np.ndarray, soft: float = 0.0) -> _Light:
        v = hsv[..., 2].astype(np.float32)
        sat = hsv[..., 1].astype(np.float32) / 255.0
        hue = hsv[..., 0]
        # the white nearby: the brightest within 2.5 mm, wider than any pip (a narrower
        # reach leaves a large pip's middle compared with its own rim)
        white = cv2.GaussianBlur(cv2.dilate(v, np.ones((41, 41), np.uint8)), (0, 0), 3)
        yellow = (hue >= 12) & (hue <= 40) & (sat > 0.35)
        # a dark pixel's hue is noise (a pip in a dim warm room reads orange): only a
        # yellow with colour enough is her print, not a pip's
        chroma = sat * v / np.maximum(white, 1.0)
        her_ink = yellow & (chroma >= HER_CHROMA)
        return cls(v, (v >= 0.72 * white) & (sat < 0.3), yellow,
                   ((v < 0.6 * white) & ~her_ink).astype(np.uint8), chroma, soft)


def find_pips(light: _Light, her_at: np.ndarray) -> list[Pip]:
    """Dark round blobs ringed by white, near the female (window mm)."""
    n, labels, stats, centres = cv2.connectedComponentsWithStats(light.dark)
    reach = geometry.spec().female / 2 + SIDES_MM[1] * 2.2
    out = []
    for j in range(1, n):
        area = stats[j, cv2.CC_STAT_AREA] / DIE_PPM ** 2
        if not 1.0 <= area <= 20.0:
            continue
        at = centres[j] / DIE_PPM
        if np.hypot(*(at - her_at)) > reach:
            continue
        pip = _shape(labels == j, stats[j], at)
        if pip is not None and pip.roundness >= ROUND and _coloured(light, labels, stats[j], j):
            continue
        ground = None if pip is None else _ring_level(light.level, light.bright, pip)
        if ground is None:
            continue
        out.append(replace(pip, ground=ground))
    return _cluster(out, her_at)


def _coloured(light: _Light, labels: np.ndarray, stat: np.ndarray, j: int) -> bool:
    """Blob j is coloured ink, not a die's black pip (`PIP_CHROMA`: its median colour
    over the white nearby): a printed cloth's dots beside the board are round and ringed
    by its white as pips are."""
    x, y, w, h = stat[:4]
    inside = labels[y:y + h, x:x + w] == j
    return float(np.median(light.chroma[y:y + h, x:x + w][inside])) >= PIP_CHROMA


def _shape(mask: np.ndarray, stat: np.ndarray, at: np.ndarray) -> Pip | None:
    x, y, w, h = stat[:4]
    sub = mask[y:y + h, x:x + w].astype(np.uint8)
    m = cv2.moments(sub, binaryImage=True)
    if m["m00"] <= 0:
        return None
    cov = np.array([[m["mu20"], m["mu11"]], [m["mu11"], m["mu02"]]]) / m["m00"]
    vals, _vecs = np.linalg.eigh(cov)
    if vals[0] <= 0:
        return None
    minor, major = 4 * math.sqrt(vals[0]), 4 * math.sqrt(vals[1])      # ellipse diameters
    fill = m["m00"] / (math.pi * minor * major / 4)
    if fill < 0.7 or minor / major < SQUASHED or major / DIE_PPM > 6.0:
        return None         # not a pip: a letter, a leg, a strand (or a side's, unneeded)
    return Pip(at, major / DIE_PPM, minor / major, spread=cov / DIE_PPM ** 2)


def _ring_level(level: np.ndarray, bright: np.ndarray, pip: Pip,
                beyond: float = 0.0) -> float | None:
    """A pip sits on the die's white: most of a ring just round it (`beyond` mm further
    out) is white. Its level there (None: not ringed by white)."""
    c = pip.at * DIE_PPM
    r = (pip.diameter / 2 + beyond) * DIE_PPM
    k = round(r + 1.2 * DIE_PPM) + 1
    x, y = round(c[0]), round(c[1])
    if x - k < 0 or y - k < 0 or x + k >= bright.shape[1] or y + k >= bright.shape[0]:
        return None
    ys, xs = np.mgrid[-k:k + 1, -k:k + 1]
    d = np.hypot(xs + x - c[0], ys + y - c[1])
    ring = (d >= r + 0.4 * DIE_PPM) & (d <= r + 1.1 * DIE_PPM)
    if float(bright[y - k:y + k + 1, x - k:x + k + 1][ring].mean()) < 0.55:
        return None
    return float(np.median(level[y - k:y + k + 1, x - k:x + k + 1][ring]))


def _cluster(pips: list[Pip], her_at: np.ndarray) -> list[Pip]:
    """The die's pips: those linked to the pip nearest her centre by steps of at most a
    die's width."""
    if not pips:
        return []
    link = 18.0             # mm: pips of one die lie closer (a 22 mm die's 2 is 17 apart)
    start = min(range(len(pips)), key=lambda i: np.hypot(*(pips[i].at - her_at)))
    keep, todo = {start}, [start]
    while todo:
        i = todo.pop()
        for j, q in enumerate(pips):
            if j not in keep and np.hypot(*(q.at - pips[i].at)) <= link:
                keep.add(j)
                todo.append(j)
    return [pips[i] for i in sorted(keep)]


# --- the top face -----------------------------------------------------------------------------

def top_faces(pips: list[Pip], away: np.ndarray, lean: float) -> list[TopFace]:
    """Every top face the pips allow (see the module's doc)."""
    side_round = min(lean, 1 / lean) if lean > 0 else 0.0
    round_pips = [i for i, p in enumerate(pips) if p.roundness >= ROUND]
    found = []
    for k in range(1, 7):
        for subset in itertools.combinations(round_pips, k):
            grounds = [pips[i].ground for i in subset]
            if max(grounds) - min(grounds) > SAME_LIGHT * min(grounds) + GREY_NOISE:
                continue        # one face is lit one way (a dim photo's noise aside)
            for face in _fits(k, [pips[i] for i in subset]):
                size = float(np.mean([pips[i].diameter for i in subset]))
                # (a dot much smaller than these pips is no pip of this die: a printed
                # bead, a letter)
                rest = [p for i, p in enumerate(pips) if i not in subset
                        and _by_the_die(p, face, away, lean) and 1.35 * p.diameter >= size]
                if k == 1 and side_round < ROUND - 0.1 and any(
                        p.roundness >= ROUND and _alike(p, pips[subset[0]]) for p in rest):
                    break       # sides are seen squashed here: a round pip is a top's
                light = float(np.mean([pips[i].ground for i in subset]))
                # a round pip must be explained: on a side; a flat blob that is on no side
                # is no pip (the die's shaded edge, a mark beside it)
                # every size and turn that explains them: the reader keeps the flat ones
                if all(_on_a_side(p, face, away, lean, side_round, light, size) for p in rest
                       if p.roundness >= ROUND):
                    found.append(face)
    return found


def _by_the_die(pip: Pip, face: TopFace, away: np.ndarray, lean: float) -> bool:
    """Could `pip` be on the die whose top is `face`, or on the top of a die of which
    `face` is a side: across the way to the camera no wider than the square, along it
    from the sides' lean towards the camera to one side beyond (a mark off to the side,
    a neighbour's print, is neither's)."""
    q = pip.at - face.centre
    along = float(q @ away)
    across = float(q @ np.array([-away[1], away[0]]))
    half = face.side / math.sqrt(2)
    return (abs(across) <= half + 1.5
            and -(half + face.side * lean) - 1.5 <= along <= half + face.side + 1.5)


def _alike(a: Pip, b: Pip) -> bool:
    return max(a.diameter, b.diameter) <= 1.35 * min(a.diameter, b.diameter)


def _fits(k: int, chosen: list[Pip]) -> list[TopFace]:
    """The squares whose pattern `k` these pips make (sizes alike, the step fitting)."""
    sizes = [p.diameter for p in chosen]
    if max(sizes) > 1.35 * min(sizes):
        return []
    d = float(np.mean(sizes))
    pts = np.array([p.at for p in chosen])
    centre = pts.mean(axis=0)
    if k == 1:
        # neither the side nor the turn is fixed by one pip: every size a pip of that
        # width allows, the square taken as round (`_inside`)
        return [TopFace(1, centre, d / ratio, None)
                for ratio in np.linspace(PIP_OVER_SIDE[0], LONE_PIP, 8) if _die_size(d / ratio)]
    pattern = np.array(PATTERNS[k], float)
    spread = pts - centre
    out = []
    far = int(np.argmax(np.hypot(*spread.T)))
    for q in pattern:
        if np.hypot(*q) < 0.5:
            continue
        turn = math.atan2(spread[far][1], spread[far][0]) - math.atan2(q[1], q[0])
        step = float(np.hypot(*spread[far]) / np.hypot(*q))
        c, s = math.cos(turn), math.sin(turn)
        model = pattern @ np.array([[c, s], [-s, c]]) * step
        gaps = np.hypot(*(spread[:, None, :] - model[None, :, :]).transpose(2, 0, 1))
        used = gaps.argmin(axis=1)
        if len(set(used.tolist())) < k or gaps.min(axis=1).max() > FIT * step:
            continue
        side = step / float(np.mean(PITCH_OVER_SIDE))
        if not (PIP_OVER_SIDE[0] <= d / side <= PIP_OVER_SIDE[1]) or not _die_size(side):
            continue
        out.append(TopFace(k, centre, side, turn % (math.pi / 2)))
    return out


def _die_size(side: float) -> bool:
    """A side players' dice have (the pattern's step is known to about a tenth)."""
    return 0.9 * SIDES_MM[0] <= side <= 1.1 * SIDES_MM[1]


def _amid(light: _Light, pip: Pip) -> bool:
    """A lone pip (a 1) lies amid its face: the even white round it, lit as the ring round
    the pip is (a side is lit otherwise), is centred on it. A pip near one edge of its face
    is a 2-6's, its mates unseen; where the white runs on (paper lit as the die), no 1 is
    sure. Where the face's white touches paper lit alike only along a corner or a soft
    edge, an opening of the white cuts that bridge (`BRIDGES_MM`)."""
    # the face's own white lies beyond the pip's blur: a soft photo's ring just round the
    # pip is darker than its face, and the face lit as that ring is noise
    ground = _ring_level(light.level, light.bright, pip, light.soft) or pip.ground
    lit = (light.bright & (np.abs(light.level - ground) <= SAME_LIGHT * ground))
    lit = lit.astype(np.uint8) | _pip_hole(lit.shape, np.round(pip.at * DIE_PPM).astype(int),
                                           pip.diameter / 2 + 0.8)
    seed = np.round(pip.at * DIE_PPM).astype(int)
    for bridge in BRIDGES_MM:
        face = _opened(lit, bridge)
        if not face[seed[1], seed[0]]:
            return False
        _n, labels = cv2.connectedComponents(face)
        ys, xs = np.nonzero(labels == labels[seed[1], seed[0]])
        side = math.sqrt(len(xs) / DIE_PPM ** 2)
        # (the blur at its edges darkens a rim of the face: a small die's even white is
        # seen smaller in a soft photo)
        if side > SIDES_MM[1] * 1.2:
            continue                     # runs on into paper: cut a wider bridge
        if side < SIDES_MM[0] - 2 * light.soft:
            return False
        centre = np.array([xs.mean(), ys.mean()]) / DIE_PPM
        return float(np.hypot(*(centre - pip.at))) <= 0.12 * side
    # the white runs on past every bridge (paper lit alike beyond a corner): the face's
    # edges are still seen along its axes, where it meets her, its sides or an edge's line
    return _bounded_square(lit, pip, light.soft)


def _bounded_square(lit: np.ndarray, pip: Pip, soft: float) -> bool:
    """A square face centred on `pip`: at some turn, the white lit as it (`lit`) ends at
    the same distance each way along both its axes, a die's half side (its blur aside)."""
    out = [_white_run(lit, pip, soft, math.radians(a)) for a in range(0, 360, 3)]
    for k in range(30):                              # each turn of the square, 3 degrees
        d = np.array([out[(k + 30 * j) % 120] for j in range(4)])
        widths = d[:2] + d[2:]                       # along each axis, both ways
        side = float(widths.mean()) + 2 * soft
        slack = SQUARE * side
        if (np.abs(d[:2] - d[2:]).max() <= slack and np.ptp(widths) <= slack
                and SIDES_MM[0] <= side <= SIDES_MM[1]
                and PIP_OVER_SIDE[0] <= pip.diameter / side <= LONE_PIP):
            return True
    return False


def _white_run(lit: np.ndarray, pip: Pip, soft: float, angle: float) -> float:
    """How far out from `pip`'s blurred rim, `angle` way (the median of a fan 3 degrees
    each side), the white runs before 3 px unlit end it (mm; inf: past a die's side)."""
    runs = []
    for fan in (-0.05, 0.0, 0.05):
        way = np.array([math.cos(angle + fan), math.sin(angle + fan)])
        radii = np.arange(pip.diameter / 2 + 0.8 + soft, SIDES_MM[1], 1 / DIE_PPM)
        xy = np.round((pip.at + np.outer(radii, way)) * DIE_PPM).astype(int)
        inside = ((xy >= 0).all(axis=1) & (xy[:, 0] < lit.shape[1])
                  & (xy[:, 1] < lit.shape[0]))
        unlit = ~inside.copy()
        unlit[inside] = lit[xy[inside, 1], xy[inside, 0]] == 0
        ends = np.flatnonzero(unlit[:-2] & unlit[1:-1] & unlit[2:])
        runs.append(float(radii[ends[0]]) if len(ends) else math.inf)
    return float(np.median(runs))


def _opened(lit: np.ndarray, radius_mm: float) -> np.ndarray:
    """`lit` with every part narrower than 2 `radius_mm` taken off."""
    r = round(radius_mm * DIE_PPM)
    if r <= 0:
        return lit
    disc = cv2.getStructuringElement(cv2.MORPH_ELLIPSE, (2 * r + 1, 2 * r + 1))
    return cv2.morphologyEx(lit, cv2.MORPH_OPEN, disc)


def _soft_edge(to_photo: np.ndarray, at: tuple[float, float], scale: float) -> float:
    """How many mm of a face's white, at `at` (mm in the plane of `to_photo`: table mm ->
    original px), its edge's blur darkens: SOFT_EDGE_PX of the image read (at `scale`)."""
    pts = np.asarray(at, float) + np.array([[0.0, 0.0], [1.0, 0.0], [0.0, 1.0]])
    seen = cv2.perspectiveTransform(pts.reshape(-1, 1, 2), to_photo).reshape(-1, 2) * scale
    jac = np.stack([seen[1] - seen[0], seen[2] - seen[0]], axis=1)
    px_per_mm = float(np.linalg.svd(jac, compute_uv=False)[-1])
    return SOFT_EDGE_PX / max(px_per_mm, 0.5)


def _pip_hole(shape: tuple[int, ...], seed: np.ndarray, radius_mm: float) -> np.ndarray:
    """The pip itself (and its blurred rim), joined to the white round it."""
    hole = np.zeros(shape[:2], np.uint8)
    cv2.circle(hole, (int(seed[0]), int(seed[1])), round(radius_mm * DIE_PPM), 1, -1)
    return hole


def _flat(level: np.ndarray, face: TopFace, pips: list[Pip]) -> bool:
    """A top face is one flat face, evenly lit: no crease to a side (lit otherwise) runs
    through its square (its pips left out)."""
    # only the px round the square (its corners lie within 0.57 of its side) are looked at
    reach = 0.6 * face.side + 1.0
    size = np.array(level.shape[1::-1])
    lo = np.clip(np.floor((face.centre - reach) * DIE_PPM).astype(int), 0, size)
    hi = np.clip(np.ceil((face.centre + reach) * DIE_PPM).astype(int) + 1, 0, size)
    ys, xs = np.mgrid[lo[1]:hi[1], lo[0]:hi[0]]
    pts = np.stack([(xs + 0.5) / DIE_PPM, (ys + 0.5) / DIE_PPM], axis=-1) - face.centre
    if face.turn is None:
        inside = np.hypot(pts[..., 0], pts[..., 1]) <= 0.4 * face.side
    else:
        c, s = math.cos(face.turn), math.sin(face.turn)
        u = pts[..., 0] * c + pts[..., 1] * s
        v = -pts[..., 0] * s + pts[..., 1] * c
        inside = (np.abs(u) <= 0.4 * face.side) & (np.abs(v) <= 0.4 * face.side)
    for p in pips:                       # each pip with its blurred rim
        q = pts + face.centre - p.at
        inside &= np.hypot(q[..., 0], q[..., 1]) > p.diameter / 2 + 1.0
    values = level[lo[1]:hi[1], lo[0]:hi[0]][inside]
    if len(values) < 20:
        return False
    top = float(np.percentile(values, 90))
    ground = values[values >= 0.75 * top]
    return float(np.percentile(ground, 10)) >= FLAT * top


def _inside(point: np.ndarray, face: TopFace, grow: float = 0.0, sure: bool = True) -> bool:
    """Inside the top square (grown by `grow` mm). A square of unknown turn: inside its
    inscribed circle (`sure`) or its circumscribed one."""
    if face.turn is None:
        radius = face.side / 2 * (1.0 if sure else math.sqrt(2))
        return bool(np.hypot(*(point - face.centre)) <= radius + grow)
    c, s = math.cos(face.turn), math.sin(face.turn)
    q = np.array([[c, s], [-s, c]]) @ (point - face.centre)
    return bool(np.all(np.abs(q) <= face.side / 2 + grow))


def _on_a_side(pip: Pip, face: TopFace, away: np.ndarray, lean: float,
               side_round: float, light: float, size: float) -> bool:
    """Can `pip` be on a side of the die whose top is `face` (its pips' white at `light`):
    outside the top square, on the camera's side of it, within the die's height's lean of
    it, squashed as a side is, and on a face lit otherwise (a face that faces elsewhere:
    where a side is lit as the top, no count is sure)."""
    if _inside(pip.at, face, grow=-0.05 * face.side):
        return False
    if abs(pip.ground - light) < OTHER_LIGHT * light:
        return False
    height = face.side * lean
    if (pip.roundness > side_round + 0.25 and pip.diameter <= 1.35 * size
            and pip.extent(away) > height + SIDE_SLACK_MM):
        return False      # rounder than any side is seen (a side's pips run together
        #                   into a larger blob in a soft photo, or, seen so squashed that
        #                   a row of them is no wider along the lean than the side, into
        #                   a round one)
    for t in np.linspace(*SIDE_PIPS, 9):
        if _inside(pip.at + away * height * t, face, grow=0.04 * face.side, sure=False):
            return True
    return False

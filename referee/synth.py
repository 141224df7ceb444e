"""Realistic test photos of a finished Asterion table, for the referee's tests and benchmark.

The component faces come from `pnp.printing.export.render_faces` (the PDF's own drawing).
A pinhole camera looks at the table from `tilt_deg` off vertical; every face (board, tiles,
tombs) is warped straight into the photo through that camera, so nothing is resampled
twice. The table top (wood with planks, cloth or a light laminate) lies in the same plane,
so its grain recedes with the tilt, and its edge and the floor show when the camera sees
past them. Then what hands and a phone add: placement jitter, tombs a few mm off, contact
shadows, fingers (light to dark skin) resting on markers, uneven light, a person's shadow,
a glare spot, blur, sensor noise, a colour cast and JPEG. `photo()` returns the JPEG, the
decoded image the referee sees, and the ground truth. A 12 MP photo takes about 0.6 s
(1 s on the board), a 3 MP one about 0.2 s (0.35 s).

    python -m referee.synth --example      # writes examples/endgame.jpg and endgame.json
"""

from __future__ import annotations

import argparse
import copy
import json
import math
from dataclasses import dataclass, field, replace
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from pnp.printing.asterion.art import marker_places, prisoner_points
from pnp.rules.asterion.tiles import tiles_by_id

TILE = 50.0                 # mm, layouts/asterion.toml [tile] size
TOMB = 12.0                 # mm, [tomb] size
FACE_DPI = 200              # faces are rendered once per process at this resolution
TOMB_JITTER_MM = 2.5        # a 12 mm tomb on a 9 mm medallion, put down by hand


@dataclass(frozen=True)
class Conditions:
    megapixels: float = 12.0          # 12 -> 4032x3024, 3 -> 2016x1512 (4:3)
    tilt_deg: float = 15.0            # camera angle from vertical (max 40)
    table_rotation: bool = True       # the table turned by any angle in the frame
    jitter_mm: float = 3.0            # per-tile offset by hand (max ~5)
    jitter_deg: float = 4.0           # per-tile turn by hand (max ~8)
    gap_mm: float = 1.0               # off the board, tiles sit this far apart on average
    light: float = 0.3                # uneven light: how much darker the dim side gets
    glare: bool = False               # a specular spot
    shadow: bool = True               # a person's soft shadow across part of the table
    blur_sigma: float = 0.7           # px (max 1.5)
    noise: float = 3.0                # sensor noise, grey levels
    jpeg_quality: int = 85            # 70..90
    fingers: int = 0                  # fingers resting on markers
    texture: str = "wood"             # wood, cloth or light
    fill: float = 0.8                 # the table's share of the frame's short side
    distortion: float = 0.0           # lens k1 left after the phone's correction (< 0: barrel)
    print_fade: float = 1.0           # 1: a home print's grey ink and off-white paper; 0: the PDF
    spare_tombs: int = 0              # unused tombs in a heap on the table, clear of the game


PRESETS: dict[str, Conditions] = {
    "default": Conditions(),
    "steep": Conditions(tilt_deg=40.0),
    "sloppy": Conditions(jitter_mm=5.0, jitter_deg=8.0, gap_mm=2.0),
    "blur": Conditions(blur_sigma=1.5, noise=4.0),
    "glare": Conditions(glare=True),
    "dark": Conditions(light=0.6, shadow=True, noise=6.0, texture="cloth"),
    "white-table": Conditions(texture="light"),
    "occluded": Conditions(fingers=2),
    "3mp": Conditions(megapixels=3.0),
    # a wide lens the phone did not fully correct: edges bend by ~1 % of the frame
    "lens": Conditions(distortion=-0.04),
    # the tomb supply left lying a few cm from the game
    "clutter": Conditions(spare_tombs=25),
    "worst": Conditions(tilt_deg=40.0, jitter_mm=5.0, jitter_deg=8.0, gap_mm=2.0, light=0.6,
                        glare=True, blur_sigma=1.5, noise=6.0, jpeg_quality=70, fingers=2,
                        texture="light", distortion=-0.04),
}


@dataclass
class SynthPhoto:
    jpeg: bytes
    image: np.ndarray                 # BGR, decoded from the JPEG: what the referee sees
    truth: dict                       # the table file dict (with "dead")
    covered_markers: set[int] = field(default_factory=set)   # ids a finger overlaps
    tile_corners: dict[str, np.ndarray] = field(default_factory=dict)  # NW, NE, SE, SW px
    # table mm -> px, before the hand's jitter: cell (i, j)'s centre is at (50 i, 50 j) on
    # the board, at (p i, p j) off it where tiles lie p = 50 + gap_mm apart
    homography: np.ndarray = field(default_factory=lambda: np.eye(3))
    conditions: Conditions = field(default_factory=Conditions)


# --- faces ------------------------------------------------------------------------------

@cache
def faces(dpi: int = FACE_DPI) -> dict[str, np.ndarray]:
    """Front faces (BGR) by stem: "M", "Y07", "tomb", "board". Rendered once per process."""
    from pnp.printing.build import BuildRequest
    from pnp.printing.export import render_faces

    out: dict[str, np.ndarray] = {}
    for stem, image in render_faces(BuildRequest("asterion", "crete"), dpi):
        if not stem.endswith("-back"):
            out[stem] = cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2BGR)
    return out


def _board_size() -> float:
    from pnp.printing.asterion.draw_board import board_size

    return board_size()[0]


# --- geometry ---------------------------------------------------------------------------

def affine(tx: float, ty: float, degrees: float = 0.0, scale: float = 1.0) -> np.ndarray:
    """x -> R(degrees, clockwise on a y-down page) * scale * x + t, as a 3x3 matrix."""
    a = math.radians(degrees)
    c, s = math.cos(a) * scale, math.sin(a) * scale
    return np.array([[c, -s, tx], [s, c, ty], [0.0, 0.0, 1.0]])


def _apply(h: np.ndarray, points: np.ndarray) -> np.ndarray:
    p = np.asarray(points, float).reshape(-1, 2)
    q = np.c_[p, np.ones(len(p))] @ h.T
    return q[:, :2] / q[:, 2:3]


PHONE_FRAMES = {12.0: (4032, 3024), 3.0: (2016, 1512)}


def frame_size(megapixels: float, portrait: bool) -> tuple[int, int]:
    w, h = PHONE_FRAMES.get(megapixels, (0, 0))
    if not w:
        w = round(math.sqrt(megapixels * 1e6 * 4 / 3) / 8) * 8
        h = w * 3 // 4
    return (h, w) if portrait else (w, h)


def camera(outline: np.ndarray, size: tuple[int, int], cond: Conditions,
           rng: np.random.Generator) -> np.ndarray:
    """Table mm -> photo px for a phone held `tilt_deg` off vertical over the table's
    centre, the table turned at random in the frame; what is on the table (`outline`,
    points in table mm) fills `fill` of the frame."""
    w, h = size
    extent = np.array([outline.min(axis=0), outline.max(axis=0)])
    centre = extent.mean(axis=0)
    turn = rng.uniform(0, 360) if cond.table_rotation else rng.uniform(-4, 4)
    tilt = math.radians(cond.tilt_deg * rng.uniform(0.85, 1.0))
    f = 0.75 * max(w, h)                          # a phone's main camera, ~70 degrees wide
    span = float(np.ptp(extent, axis=0).max())
    distance = f * span / (cond.fill * min(w, h))
    # plane (u, v) -> camera: turn in the plane, then tip the plane away by `tilt`
    plane = affine(0, 0, turn) @ affine(-centre[0], -centre[1])
    rot = np.array([[1, 0, 0], [0, math.cos(tilt), -math.sin(tilt)],
                    [0, math.sin(tilt), math.cos(tilt)]])
    k = np.array([[f, 0, w / 2], [0, f, h / 2], [0, 0, 1.0]])
    h_plane = k @ np.c_[rot[:, 0], rot[:, 1], [0, 0, distance]] @ plane
    # fit the table's box into the frame, a little off centre
    seen = _apply(h_plane, outline)
    lo, hi = seen.min(axis=0), seen.max(axis=0)
    scale = min(cond.fill * w / (hi[0] - lo[0]), cond.fill * h / (hi[1] - lo[1]))
    slack = np.array([w, h]) - scale * (hi - lo)
    offset = slack / 2 + rng.uniform(-0.3, 0.3, 2) * slack / 2 - scale * lo
    return np.array([[scale, 0, offset[0]], [0, scale, offset[1]], [0, 0, 1]]) @ h_plane


# --- drawing ----------------------------------------------------------------------------

def paste_face(photo: np.ndarray, face: np.ndarray, h_face: np.ndarray,
               alpha: np.ndarray | None = None, key: str | None = None,
               tone: np.ndarray | None = None) -> None:
    """Warp `face` (face px -> photo px by `h_face`) onto the photo, with soft edges. A face
    that lands much smaller than it is gets shrunk first (area filter, no aliasing); with a
    `key` naming a big face (the board) and its alpha, the shrunk copy is kept for the next
    photo. `tone` (a 256-entry uint8 table) maps the face's levels, as a print shows them."""
    fh, fw = face.shape[:2]
    corners = _apply(h_face, [[0, 0], [fw, 0], [fw, fh], [0, fh]])
    side = max(np.linalg.norm(corners[1] - corners[0]), np.linalg.norm(corners[3] - corners[0]))
    shrink = side / max(fw, fh)
    if shrink < 0.7:
        q = min(1.0, math.ceil(shrink * 1.2 * 32) / 32)     # in steps, so copies are reused
        nw, nh = max(2, round(fw * q)), max(2, round(fh * q))
        face, alpha = _shrunk(face, alpha, nw, nh, key)
        h_face = h_face @ np.diag([fw / nw, fh / nh, 1.0])
        fh, fw = nh, nw
    x0, y0 = np.floor(corners.min(axis=0)).astype(int)
    x1, y1 = np.ceil(corners.max(axis=0)).astype(int) + 1
    x0, y0 = max(x0, 0), max(y0, 0)
    x1, y1 = min(x1, photo.shape[1]), min(y1, photo.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    t = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1.0]]) @ h_face
    size = (x1 - x0, y1 - y0)
    patch = cv2.warpPerspective(face, t, size, flags=cv2.INTER_LINEAR)
    if tone is not None:
        patch = cv2.LUT(patch, tone)
    mask_src = alpha if alpha is not None else np.full((fh, fw), 255, np.uint8)
    mask = cv2.warpPerspective(mask_src, t, size, flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    roi = photo[y0:y1, x0:x1]
    # opaque inside: copy; blend only the soft edge (few pixels, so cheap in floats)
    inside = mask == 255
    np.copyto(roi, patch, where=inside[..., None])
    ys, xs = np.nonzero((mask > 0) & ~inside)
    a = mask[ys, xs, None].astype(np.float32) / 255.0
    roi[ys, xs] = (patch[ys, xs] * a + roi[ys, xs] * (1 - a)).astype(np.uint8)


_SHRUNK: dict[tuple[str, int, int], tuple[np.ndarray, np.ndarray | None]] = {}


def _shrunk(face: np.ndarray, alpha: np.ndarray | None, nw: int, nh: int, key: str | None
            ) -> tuple[np.ndarray, np.ndarray | None]:
    if key is not None and (key, nw, nh) in _SHRUNK:
        return _SHRUNK[key, nw, nh]
    small = cv2.resize(face, (nw, nh), interpolation=cv2.INTER_AREA)
    small_alpha = (None if alpha is None
                   else cv2.resize(alpha, (nw, nh), interpolation=cv2.INTER_AREA))
    if key is not None:
        if len(_SHRUNK) > 16:                    # the board at a few resolutions (~20 MB each)
            _SHRUNK.clear()
        _SHRUNK[key, nw, nh] = (small, small_alpha)
    return small, small_alpha


def _smooth_noise(shape: tuple[int, int], cells: int, rng: np.random.Generator) -> np.ndarray:
    """Smooth random field in [-1, 1] with about `cells` bumps across."""
    h, w = shape
    small = rng.standard_normal((max(2, cells * h // max(h, w)) + 1,
                                 max(2, cells * w // max(h, w)) + 1)).astype(np.float32)
    field_ = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    return np.clip(field_ / 2.0, -1, 1)


def _plane_grid(px_to_table: np.ndarray, size: tuple[int, int], k: int
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Table mm (u, v) seen at the centre of every k x k block of the photo, and how many mm
    one block spans there (large towards the horizon of a tilted shot)."""
    w, h = size
    sw, sh = -(-w // k), -(-h // k)
    ys, xs = np.mgrid[0:sh, 0:sw].astype(np.float64) * k + (k - 1) / 2
    q = np.stack([xs, ys, np.ones_like(xs)], axis=-1) @ px_to_table.T
    sign = np.sign(q[sh // 2, sw // 2, 2])
    z = np.maximum(q[..., 2] * sign, 1e-12)        # beyond the horizon: very far
    u, v = q[..., 0] * sign / z, q[..., 1] * sign / z
    spans = (np.hypot(*np.gradient(u)) + np.hypot(*np.gradient(v))) / 2
    return u.astype(np.float32), v.astype(np.float32), np.minimum(spans, 1e4).astype(np.float32)


def _field(u: np.ndarray, v: np.ndarray, scale: float, extent: float,
           rng: np.random.Generator) -> np.ndarray:
    """Smooth random field on the table plane, bumps `scale` mm apart, about unit size."""
    n = min(1024, int(2 * extent / scale) + 4)
    grid = rng.standard_normal((n, n)).astype(np.float32)
    cell = 2 * extent / (n - 4)
    mx = np.clip(u / cell + n / 2, -1e6, 1e6).astype(np.float32)
    my = np.clip(v / cell + n / 2, -1e6, 1e6).astype(np.float32)
    return cv2.remap(grid, mx, my, cv2.INTER_CUBIC, borderMode=cv2.BORDER_REFLECT_101)


def _streaks(g: np.ndarray, spacing: float, rng: np.random.Generator) -> np.ndarray:
    """Random stripes `spacing` mm apart across the coordinate g (mm)."""
    knots = rng.standard_normal(8192).astype(np.float32)
    return np.interp(np.mod(g / spacing, 8192), np.arange(8192), knots).astype(np.float32)


def _line(distance: np.ndarray, width: float, spans: np.ndarray) -> np.ndarray:
    """A thin line's darkness at `distance` mm from it, widened (and paled, keeping its ink)
    where a sample spans more than the line is wide: no jagged, broken lines."""
    seen = np.sqrt(width ** 2 + spans ** 2)
    return width / seen * np.exp(-(distance / seen) ** 2)


def _fade(detail_mm: float, spans: np.ndarray) -> np.ndarray:
    """How much of a detail `detail_mm` wide survives where a block spans `spans` mm."""
    return 1.0 / (1.0 + (spans / detail_mm) ** 2)


@dataclass(frozen=True)
class _TableTop:
    centre: tuple[float, float]     # table mm
    half: tuple[float, float]       # half length and width, mm
    angle: float                    # degrees: its long side against the table frame's x


def _table_top(outline: np.ndarray, rng: np.random.Generator) -> _TableTop:
    """A real table, not quite square to the game; the game lies at least a cell and a
    hand's width inside its edges (nobody plays at the very edge)."""
    lo, hi = outline.min(axis=0), outline.max(axis=0)
    middle = (lo + hi) / 2
    need = float(np.linalg.norm(outline - middle, axis=1).max()) + 110
    half = np.maximum([rng.uniform(700, 1000), rng.uniform(450, 600)], need)
    angle = float(rng.uniform(-20, 20) + 90 * rng.integers(2))
    # the game's middle, in the table's own axes, may sit anywhere its room allows
    off = rng.uniform(-1, 1, 2) * (half - need)
    a = math.radians(angle)
    centre = middle - np.array([off[0] * math.cos(a) - off[1] * math.sin(a),
                                off[0] * math.sin(a) + off[1] * math.cos(a)])
    return _TableTop((float(centre[0]), float(centre[1])), (float(half[0]), float(half[1])),
                     angle)


def texture(kind: str, size: tuple[int, int], rng: np.random.Generator,
            px_to_table: np.ndarray, top: _TableTop) -> np.ndarray:
    """The table top seen through the camera (BGR uint8): its grain recedes with the tilt,
    and at a steep angle its far edge and the floor beyond may show."""
    k = 4 if size[0] * size[1] > 6e6 else 2        # made smaller, then enlarged: cheap
    u, v, spans = _plane_grid(px_to_table, size, k)
    a = math.radians(top.angle)
    du, dv = u - top.centre[0], v - top.centre[1]
    along = du * math.cos(a) + dv * math.sin(a)
    across = -du * math.sin(a) + dv * math.cos(a)
    extent = float(max(top.half)) + 200
    if kind == "wood":
        base = np.array(rng.uniform([45, 85, 125], [70, 115, 165]), np.float32)
        # planks along the table's length, each its own tone, meeting at faint seams
        plank_w = rng.uniform(90, 160)
        plank = np.floor(across / plank_w)
        tones = rng.normal(0, 0.045, 64).astype(np.float32)
        tone = tones[plank.astype(np.int64) % 64]
        seam_d = np.abs(across - (plank + 0.5) * plank_w) - plank_w / 2     # <= 0, mm
        seam = _line(seam_d, 0.5, spans) * rng.uniform(0.05, 0.2)
        # grain: streaks of uneven width along the planks (growth rings a few mm apart,
        # finer lines between), gently bent
        bend = _field(u, v, 180, extent, rng) * 3.0
        g = across + bend + plank * 37.0
        # growth rings of uneven width, each ending in a thin dark line of latewood
        phase = g / 4.0 + 0.6 * _streaks(g, 9.0, rng)
        latewood = _line((phase - np.round(phase)) * 4.0, 0.6, spans)
        rings = _streaks(g, 5.0, rng) * _fade(5.0, spans)
        # colour and figure vary in streaks along the grain, not in round blotches
        figure = 0.6 + 0.4 * _field(along / 5, across, 30, extent, rng)
        blotch = _field(along / 5, across, 25, extent, rng)
        shade = (1 + tone + (0.07 * rings - 0.14 * latewood) * figure + 0.05 * blotch
                 - seam)
    elif kind == "cloth":
        base = np.array(rng.uniform([60, 80, 40], [90, 110, 70]), np.float32)
        fibre = _field(u, v, 1.2, min(extent, 600), rng) * _fade(1.2, spans)
        shade = 1 + 0.05 * _field(u, v, 120, extent, rng) + 0.06 * fibre
    elif kind == "light":
        # white or light grey laminate: nearly neutral (the phone's white balance tints it)
        base = np.float32(rng.uniform(195, 230)) + rng.uniform(-5, 5, 3).astype(np.float32)
        shade = 1 + 0.03 * _field(u, v, 100, extent, rng)
    else:
        raise ValueError(f"unknown texture {kind!r} (wood, cloth or light)")
    colour = shade[..., None] * base
    # beyond the table's edge: the floor, far below and out of focus
    outside = np.maximum(np.abs(along) - top.half[0], np.abs(across) - top.half[1])
    floor = np.array(rng.uniform([35, 40, 45], [70, 75, 85]), np.float32)
    floor = floor * (1 + 0.1 * _field(u, v, 400, extent * 3, rng))[..., None]
    rim = np.clip(1 - np.abs(outside + 2) / 2, 0, 1)[..., None] * 0.25   # the edge catches light
    on_table = np.clip(0.5 - outside / spans, 0, 1)[..., None]          # anti-aliased edge
    colour = colour * (1 + rim) * on_table + floor * (1 - on_table)
    small = np.clip(colour, 0, 255).astype(np.uint8)
    w, h = size
    return cv2.resize(small, (small.shape[1] * k, small.shape[0] * k),
                      interpolation=cv2.INTER_LINEAR)[:h, :w]


@dataclass(frozen=True)
class _Placed:
    id: str
    to_table: np.ndarray            # tile frame mm (upright, top-left origin) -> table mm


def _place_tiles(table: dict, cond: Conditions, rng: np.random.Generator) -> list[_Placed]:
    """Where each tile lies: on its cell, off by the hand's jitter. On the board the squares
    hold the tiles at 50 mm; off it they lie about `gap_mm` apart. Cardboard cannot
    overlap: where two tiles would, both are pushed back towards their cells."""
    pitch = TILE if table.get("board") else TILE + cond.gap_mm
    cells = [(t["x"], t["y"]) for t in table["tiles"]]
    jitter = np.c_[rng.uniform(-cond.jitter_mm, cond.jitter_mm, (len(cells), 2)),
                   rng.uniform(-cond.jitter_deg, cond.jitter_deg, len(cells))]

    def transform(k: int) -> np.ndarray:
        t = table["tiles"][k]
        centre = (t["x"] * pitch + jitter[k, 0], t["y"] * pitch + jitter[k, 1])
        return affine(*centre, t["rot"] + jitter[k, 2]) @ affine(-TILE / 2, -TILE / 2)

    index = {cell: k for k, cell in enumerate(cells)}
    pairs = [(k, index[(x + dx, y + dy)]) for k, (x, y) in enumerate(cells)
             for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)) if (x + dx, y + dy) in index]
    square = np.float32([[0, 0], [TILE, 0], [TILE, TILE], [0, TILE]])
    for _ in range(30):
        quads = [_apply(transform(k), square).astype(np.float32) for k in range(len(cells))]
        clash = {k for a, b in pairs
                 if cv2.intersectConvexConvex(quads[a], quads[b])[0] > 0.05 for k in (a, b)}
        if not clash:
            break
        for k in clash:
            jitter[k] *= 0.8
    return [_Placed(t["id"], transform(k)) for k, t in enumerate(table["tiles"])]


def _tombs(table: dict, placed: list[_Placed], rng: np.random.Generator) -> list[np.ndarray]:
    """tomb frame mm -> table mm for every prisoner on a `dead` tile, put down by hand
    (rulings "A turn" 3: a tomb goes on each killed prisoner)."""
    dead = set(table.get("dead", []))
    tiles = tiles_by_id()
    out = []
    for p in placed:
        if p.id not in dead:
            continue
        for px, py in prisoner_points(tiles[p.id]):
            # a hand puts it roughly on the medallion: up to TOMB_JITTER_MM off its centre
            r, a = TOMB_JITTER_MM * math.sqrt(rng.uniform()), rng.uniform(0, 2 * math.pi)
            at = _apply(p.to_table, [[px + r * math.cos(a), py + r * math.sin(a)]])[0]
            turn = rng.uniform(-25, 25)
            out.append(affine(at[0], at[1], turn) @ affine(-TOMB / 2, -TOMB / 2))
    return out


def _spare_tombs(table: dict, placed: list[_Placed], h_cam: np.ndarray,
                 shape: tuple[int, ...], count: int, rng: np.random.Generator
                 ) -> list[np.ndarray]:
    """tomb frame mm -> table mm for `count` unused tombs in a loose heap on the table, in
    view, at least a cell clear of every tile (and off the board): where players keep the
    supply. No heap if no such place is found."""
    if count <= 0:
        return []
    centres = np.array([_apply(p.to_table, [[TILE / 2, TILE / 2]])[0] for p in placed])
    middle = centres.mean(axis=0)
    reach = float(np.linalg.norm(centres - middle, axis=1).max())
    half = _board_size() / 2 + 30 if table.get("board") else 0.0
    h, w = shape[:2]
    for _ in range(100):
        a = rng.uniform(0, 2 * math.pi)
        heap = middle + (reach + rng.uniform(0, 150)) * np.array([math.cos(a), math.sin(a)])
        px = _apply(h_cam, [heap])[0]
        if (np.linalg.norm(centres - heap, axis=1).min() > TILE * 1.5 + 45
                and abs(heap).sum() > half and 0.1 * w < px[0] < 0.9 * w
                and 0.1 * h < px[1] < 0.9 * h):
            break
    else:
        return []
    spots = heap + rng.normal(0, 14, (count, 2))
    return [affine(x, y, rng.uniform(0, 90)) @ affine(-TOMB / 2, -TOMB / 2) for x, y in spots]


def _marker_quads(placed: list[_Placed]) -> dict[int, np.ndarray]:
    """Every tile marker's square, table mm."""
    from pnp.printing.asterion.markers import tile_marker_ids

    out = {}
    for p in placed:
        for marker_id, m in zip(tile_marker_ids(p.id), marker_places(), strict=True):
            quad = [[m.x, m.y], [m.x + m.size, m.y], [m.x + m.size, m.y + m.size],
                    [m.x, m.y + m.size]]
            out[marker_id] = _apply(p.to_table, quad)
    return out


def _finger_frame(tip: np.ndarray, direction: float) -> np.ndarray:
    """Finger mm (x from the tip towards the hand, y across) -> table mm."""
    return affine(float(tip[0]), float(tip[1]), direction)


def _finger(width: float, length: float) -> np.ndarray:
    """A finger's outline in finger mm: a round tip at the origin, widening a little towards
    the hand; its rounded far end, `length` mm on, is where it rises off the table."""
    r, root = width / 2, width / 2 * 1.12
    tip = [(-r * math.sin(t), -r * math.cos(t)) for t in np.linspace(0, math.pi, 13)]
    end = [(length + root * math.sin(t), root * math.cos(t)) for t in np.linspace(0, math.pi, 13)]
    return np.array([*tip, *end])


def _overlaps(a: np.ndarray, b: np.ndarray, grid: float = 0.25) -> float:
    """The share of polygon a's area that polygon b covers (both convex-ish, table mm)."""
    lo = a.min(axis=0)
    hi = a.max(axis=0)
    size = (int((hi[0] - lo[0]) / grid) + 2, int((hi[1] - lo[1]) / grid) + 2)
    ma = np.zeros(size[::-1], np.uint8)
    mb = np.zeros_like(ma)
    cv2.fillPoly(ma, [np.round((a - lo) / grid).astype(np.int32)], 1)
    cv2.fillPoly(mb, [np.round((b - lo) / grid).astype(np.int32)], 1)
    return float((ma & mb).sum()) / max(1, int(ma.sum()))


@dataclass(frozen=True)
class _Finger:
    to_table: np.ndarray            # finger mm -> table mm
    width: float                    # mm at the tip
    length: float                   # mm resting on the table
    skin: tuple[float, float, float]  # BGR

    def outline(self, margin: float = 0.0) -> np.ndarray:
        """Table mm; `margin` mm wider all round."""
        return _apply(self.to_table, _finger(self.width + 2 * margin, self.length))


# skin from light to dark (BGR): a dark finger on a medallion looks like a tomb to a camera
SKINS = ((120, 150, 205), (95, 125, 180), (70, 100, 150), (45, 70, 110))


def _fingers(count: int, placed: list[_Placed], rng: np.random.Generator
             ) -> tuple[list[_Finger], set[int]]:
    """Fingers resting on markers at random, and every marker id they overlap."""
    quads = _marker_quads(placed)
    ids = sorted(quads)
    fingers: list[_Finger] = []
    for _ in range(count):
        target = quads[ids[int(rng.integers(len(ids)))]]
        tip = target.mean(axis=0) + rng.uniform(-4, 4, 2)
        # the finger rests on the table for a few cm, then rises to the hand, out of view
        tone = rng.uniform(0, len(SKINS) - 1)                   # anywhere light to dark
        low, high = SKINS[int(tone)], SKINS[min(int(tone) + 1, len(SKINS) - 1)]
        skin = tuple(float(a + (b - a) * (tone % 1)) for a, b in zip(low, high, strict=True))
        fingers.append(_Finger(_finger_frame(tip, rng.uniform(0, 360)), rng.uniform(15, 19),
                               rng.uniform(55, 95), skin))
    # listed if any skin shows on it: the soft edge reaches about 1 mm past the outline
    covered = {i for i, q in quads.items() for f in fingers if _overlaps(q, f.outline(1.2)) > 0}
    return fingers, covered


@cache
def _finger_face(width: float, length: float, ppm: float = 8.0) -> tuple[np.ndarray, ...]:
    """A finger seen from above, in finger mm from (-width, -width) at `ppm` px/mm: shade
    (a rounded cylinder), nail, alpha (opaque; its edge softens where the finger rises
    off the table, out of focus)."""
    r = width / 2
    span_x, span_y = length + 2 * width, 2 * width
    y, x = (np.mgrid[0:int(span_y * ppm), 0:int(span_x * ppm)].astype(np.float32) + 0.5) / ppm
    x, y = x - width, y - width
    half = r * (1 + 0.12 * np.clip(x / length, 0, 1))
    inside = np.where(x < 0, r - np.hypot(x, y),
                      np.where(x > length, half - np.hypot(x - length, y), half - np.abs(y)))
    across = np.clip(np.abs(y) / half, 0, 1)
    shade = 0.7 + 0.35 * np.sqrt(1 - across ** 2)
    for joint in (24.0, 50.0):                    # knuckle wrinkles
        shade *= 1 - 0.1 * np.exp(-((x - joint) / 1.5) ** 2) * (across < 0.8)
    nail = ((x - 0.45 * width) / (0.42 * width)) ** 2 + (y / (0.62 * r)) ** 2
    soft = 0.2 + 2.0 * np.clip((x - 0.6 * length) / (0.4 * length), 0, 1)    # mm of defocus
    alpha = np.clip(inside / soft + 0.5, 0, 1)
    return shade.astype(np.float32), (nail < 1).astype(np.float32), alpha.astype(np.float32)


def _draw_finger(image: np.ndarray, h_cam: np.ndarray, finger: _Finger,
                 rng: np.random.Generator) -> None:
    """Skin, rounded, with a paler nail and knuckle wrinkles, warped through the camera."""
    ppm = 8.0
    shade, nail, alpha = _finger_face(round(finger.width, 1), round(finger.length), ppm)
    skin = np.array(finger.skin, np.float32) * rng.uniform(0.92, 1.08)
    colour = shade[..., None] * skin
    pale = np.clip(skin * 1.15 + 25, 0, 255)
    colour = colour * (1 - nail[..., None] * 0.8) + nail[..., None] * 0.8 * shade[..., None] * pale
    face = np.clip(colour, 0, 255).astype(np.uint8)
    w = round(finger.width, 1)
    to_face = affine(-w, -w) @ np.diag([1 / ppm, 1 / ppm, 1.0])
    paste_face(image, face, h_cam @ finger.to_table @ to_face,
               (alpha * 255).astype(np.uint8))


def _enlarged(small: np.ndarray, k: int, box: tuple[int, int, int, int]) -> np.ndarray:
    """Part `box` (x0, y0, x1, y1, in small px) of a field made at 1/k size, at full size;
    small px i's centre is full px (i + 0.5) k - 0.5, as cv2.resize has it."""
    x0, y0, x1, y1 = box
    return cv2.resize(small[y0:y1, x0:x1], ((x1 - x0) * k, (y1 - y0) * k),
                      interpolation=cv2.INTER_LINEAR)


def _scale_roi(image: np.ndarray, factor: np.ndarray, x0: int, y0: int) -> None:
    """image[roi] *= factor (uint8, 128 = 1), in place; `factor` is cropped to the photo."""
    h, w = image.shape[:2]
    factor = factor[:h - y0, :w - x0]
    roi = image[y0:y0 + factor.shape[0], x0:x0 + factor.shape[1]]
    if factor.ndim == 2:
        factor = cv2.merge([factor] * 3)
    roi[:] = cv2.multiply(roi, factor, scale=1 / 128)


def _shade(image: np.ndarray, polygons: list[np.ndarray], offset: np.ndarray, blur: float,
           strength: float) -> None:
    """Darken the photo in place under the soft shadows of the given photo-px polygons, cast
    `offset` px away. Drawn at a quarter size (the blur is cheap) and applied only where
    some shadow falls."""
    h, w = image.shape[:2]
    k = 4
    small = np.zeros((-(-h // k), -(-w // k)), np.float32)
    for poly in polygons:
        at = ((poly + offset + 0.5) / k - 0.5) * 8
        cv2.fillPoly(small, [np.round(at).astype(np.int32)], 1.0, lineType=cv2.LINE_AA, shift=3)
    small = cv2.GaussianBlur(small, (0, 0), max(0.5, blur / k))
    ys, xs = np.nonzero(small > 1 / 256)
    if not len(ys):
        return
    box = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
    factor = np.round(128 * (1 - strength * small)).astype(np.uint8)
    _scale_roi(image, _enlarged(factor, k, box), box[0] * k, box[1] * k)


def _light(shape: tuple[int, int], cond: Conditions, rng: np.random.Generator,
           table_px: np.ndarray, k: int) -> np.ndarray:
    """Multiplicative light field at 1/k size: a gradient, vignetting, a person's shadow."""
    h, w = shape
    sh, sw = -(-h // k), -(-w // k)
    y, x = np.mgrid[0:sh, 0:sw].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    ramp = ((x / sw - 0.5) * math.cos(a) + (y / sh - 0.5) * math.sin(a)) * 2     # -1..1
    field_ = 1 - cond.light * (0.5 + 0.35 * ramp + 0.15 * _smooth_noise((sh, sw), 3, rng))
    r2 = ((x / sw - 0.5) ** 2 + (y / sh - 0.5) ** 2) / 0.5
    field_ *= 1 - 0.18 * r2                                                        # vignette
    if cond.shadow:
        # a soft edge across the table, the far side darker (someone leaning over)
        cx, cy = table_px[int(rng.integers(len(table_px)))] / k
        b = rng.uniform(0, 2 * math.pi)
        side = (x - cx) * math.cos(b) + (y - cy) * math.sin(b)
        soft = max(sw, sh) * 0.04
        dark = rng.uniform(0.55, 0.75)
        field_ *= 1 - (1 - dark) / (1 + np.exp(-side / soft))
    return field_.astype(np.float32)


def _glare(image: np.ndarray, rng: np.random.Generator, table_px: np.ndarray) -> None:
    """A specular spot over the table, in place: colours wash out towards white, from a
    sheen that only pales them to a patch washed out to white."""
    h, w = image.shape[:2]
    k = 8
    sh, sw = -(-h // k), -(-w // k)
    cx, cy = table_px[int(rng.integers(len(table_px)))] / k
    r = rng.uniform(0.03, 0.07) * math.hypot(sw, sh)
    stretch = rng.uniform(1.0, 2.0)
    a = rng.uniform(0, math.pi)
    y, x = np.mgrid[0:sh, 0:sw].astype(np.float32)
    u = (x - cx) * math.cos(a) + (y - cy) * math.sin(a)
    v = -(x - cx) * math.sin(a) + (y - cy) * math.cos(a)
    spot = np.exp(-((u / stretch) ** 2 + v ** 2) / (2 * r * r)) * rng.uniform(0.5, 0.95)
    ys, xs = np.nonzero(spot > 1 / 256)
    if not len(ys):
        return
    box = (int(xs.min()), int(ys.min()), int(xs.max()) + 1, int(ys.max()) + 1)
    keep = np.round(128 * (1 - spot)).astype(np.uint8)
    x0, y0 = box[0] * k, box[1] * k
    # white - (white - image) * (1 - spot)
    inverse = cv2.bitwise_not(image)
    _scale_roi(inverse, _enlarged(keep, k, box), x0, y0)
    image[y0:, x0:] = cv2.bitwise_not(inverse[y0:, x0:])


def _phone(image: np.ndarray, cond: Conditions, rng_light: np.random.Generator,
           rng_noise: np.random.Generator, table_px: np.ndarray) -> np.ndarray:
    """What the phone adds to the scene: uneven light and a colour cast, glare, blur and
    sensor noise. All in uint8 with OpenCV: float copies of a 12 MP photo cost more than
    the rest of the photo together."""
    h, w = image.shape[:2]
    k = 8
    light = _light((h, w), cond, rng_light, table_px, k)
    cast = rng_light.normal(1.0, 0.03, 3).astype(np.float32)                    # white balance
    factor = np.clip(np.round(128 * light[..., None] * cast), 0, 255).astype(np.uint8)
    out = image.copy()
    _scale_roi(out, _enlarged(factor, k, (0, 0, factor.shape[1], factor.shape[0])), 0, 0)
    if cond.glare:
        _glare(out, rng_light, table_px)
    if cond.blur_sigma > 0:
        out = cv2.GaussianBlur(out, (0, 0), cond.blur_sigma)
    if cond.noise > 0:
        # grain in luminance, and coarser, weaker grain in colour, as phone sensors show.
        # OpenCV's generator is fast and, seeded just before, as deterministic as numpy's.
        cv2.setRNGSeed(int(rng_noise.integers(2**31 - 1)))
        y, cr, cb = cv2.split(cv2.cvtColor(out, cv2.COLOR_BGR2YCrCb))
        grain = np.empty((h, w), np.int8)
        cv2.randn(grain, 0, cond.noise)
        y = cv2.add(y, grain, dtype=cv2.CV_8U)
        chroma = []
        for channel in (cr, cb):
            coarse = np.empty((-(-h // 2), -(-w // 2)), np.int16)
            cv2.randn(coarse, 0, cond.noise * 0.4)
            fine = cv2.resize(coarse, (coarse.shape[1] * 2, coarse.shape[0] * 2),
                              interpolation=cv2.INTER_LINEAR)[:h, :w]
            chroma.append(cv2.add(channel, fine, dtype=cv2.CV_8U))
        out = cv2.cvtColor(cv2.merge([y, *chroma]), cv2.COLOR_YCrCb2BGR)
    return out


# --- the photo --------------------------------------------------------------------------

def photo(table: dict, conditions: Conditions, seed: int) -> SynthPhoto:
    """A phone photo of `table` (a table file dict) under `conditions`; same seed, same photo."""
    # one random stream per aspect, so that (say) adding tombs moves no tile
    streams = ("frame", "tiles", "camera", "texture", "tombs", "fingers", "light", "noise",
               "print")
    rng = {name: np.random.default_rng([seed, k]) for k, name in enumerate(streams)}
    cond = conditions
    size = frame_size(cond.megapixels, portrait=bool(rng["frame"].integers(2)))

    placed = _place_tiles(table, cond, rng["tiles"])
    tile_mm = np.concatenate([_apply(p.to_table, _square(TILE)) for p in placed])
    half = _board_size() / 2
    board = bool(table.get("board"))
    outline = np.array([[0, -half], [half, 0], [0, half], [-half, 0]]) if board else tile_mm
    h_cam = camera(outline, size, cond, rng["camera"])
    top = _table_top(outline, rng["texture"])
    image = texture(cond.texture, size, rng["texture"], np.linalg.inv(h_cam), top)
    cast = _cast(rng["light"])
    tile_quads = _draw_table(image, table, placed, h_cam, outline, rng["tombs"], cast,
                             _print_tone(rng["print"], cond.print_fade), cond.spare_tombs)

    fingers, covered = _fingers(cond.fingers, placed, rng["fingers"])
    if fingers:
        mm_to_px = _mm_to_px(h_cam, outline)
        # fingers rest on the table but are thick: a wider, softer shadow
        _shade(image, [_apply(h_cam, f.outline()) for f in fingers], cast * 4 * mm_to_px,
               4 * mm_to_px, 0.4)
        for f in fingers:
            _draw_finger(image, h_cam, f, rng["fingers"])

    table_px = _apply(h_cam, tile_mm)
    if cond.distortion:
        image = _lens(image, cond.distortion)
        tile_quads = [_distorted(q, size, cond.distortion) for q in tile_quads]
        table_px = _distorted(table_px, size, cond.distortion)
    final = _phone(image, cond, rng["light"], rng["noise"], table_px)
    ok, buffer = cv2.imencode(".jpg", final, [cv2.IMWRITE_JPEG_QUALITY, int(cond.jpeg_quality)])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    corners = {p.id: q for p, q in zip(placed, tile_quads, strict=True)}
    return SynthPhoto(buffer.tobytes(), cv2.imdecode(buffer, cv2.IMREAD_COLOR),
                      copy.deepcopy(table), covered, corners, h_cam, cond)


def _distorted(points: np.ndarray, size: tuple[int, int], k1: float) -> np.ndarray:
    """Where a lens with radial distortion k1 puts points of the ideal (pinhole) photo;
    radius in half-diagonals. A barrel lens (k1 < 0) is zoomed so that the photo's corners
    see the ideal photo's corners: the whole photo then shows what the ideal one holds."""
    w, h = size
    centre, norm = np.array([w / 2, h / 2]), math.hypot(w, h) / 2
    d = (np.asarray(points, float) - centre) / norm
    zoom = 1 + min(k1, 0.0)
    return centre + d * (1 + k1 * (d ** 2).sum(axis=-1, keepdims=True)) / zoom * norm


def _lens(image: np.ndarray, k1: float) -> np.ndarray:
    """The ideal photo seen through the lens: every pixel samples the ideal point that the
    lens bends onto it. The shift is smooth, so it is solved (by fixed-point iteration) on
    a coarse grid and enlarged."""
    h, w = image.shape[:2]
    k = 8
    centre, norm = np.array([w / 2, h / 2]), math.hypot(w, h) / 2
    # coarse px i stands for full px (i + 0.5) k - 0.5, as cv2.resize enlarges it
    ys, xs = (np.mgrid[0:-(-h // k), 0:-(-w // k)].astype(np.float64) + 0.5) * k - 0.5
    at = np.stack([xs, ys], axis=-1)
    seen = (at - centre) / norm * (1 + min(k1, 0.0))          # zoomed as in _distorted
    ideal = seen.copy()
    for _ in range(6):
        ideal = seen / (1 + k1 * (ideal ** 2).sum(axis=-1, keepdims=True))
    shift = (ideal * norm + centre - at).astype(np.float32)
    shift = cv2.resize(shift, (shift.shape[1] * k, shift.shape[0] * k),
                       interpolation=cv2.INTER_LINEAR)[:h, :w]
    map_x = shift[..., 0] + np.arange(w, dtype=np.float32)[None, :]
    map_y = shift[..., 1] + np.arange(h, dtype=np.float32)[:, None]
    return cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)


def _square(side: float) -> np.ndarray:
    return np.array([[0, 0], [side, 0], [side, side], [0, side]], float)


def _print_tone(rng: np.random.Generator, fade: float) -> np.ndarray:
    """Printed card is not black and white: ink reflects some light and paper is not a
    perfect white (colours pale with them). Levels 0..255 of the PDF's art -> what one home
    printer, photographed, makes of them: black 25-50, white 232-250 at `fade` 1."""
    black, white = rng.uniform(25, 50) * fade, 255 - rng.uniform(5, 23) * fade
    return np.round(black + np.arange(256) * (white - black) / 255).astype(np.uint8)


def _cast(rng: np.random.Generator) -> np.ndarray:
    """Which way contact shadows fall, in photo px (a unit vector)."""
    a = rng.uniform(0, 2 * math.pi)
    return np.array([math.cos(a), math.sin(a)])


def _mm_to_px(h_cam: np.ndarray, outline: np.ndarray) -> float:
    return float(np.sqrt(abs(np.linalg.det(_jacobian(h_cam, outline.mean(axis=0))))))


def _draw_table(image: np.ndarray, table: dict, placed: list[_Placed], h_cam: np.ndarray,
                outline: np.ndarray, rng_tombs: np.random.Generator, cast: np.ndarray,
                tone: np.ndarray, spare: int = 0) -> list[np.ndarray]:
    """The board (if any), the tiles and the tombs with their contact shadows (falling
    towards `cast`), in place. Returns each tile's corners in the photo."""
    art = faces()
    scale = np.diag([25.4 / FACE_DPI, 25.4 / FACE_DPI, 1.0])       # face px -> mm
    mm_to_px = _mm_to_px(h_cam, outline)
    if table.get("board"):
        half = _board_size() / 2
        board_face = art["board"]
        # the board's PNG spans the board's square box, centred on the Minotaur's square
        _shade(image, [_apply(h_cam, [[0, -half], [half, 0], [0, half], [-half, 0]])],
               cast * 0.6 * mm_to_px, 1.0 * mm_to_px, 0.25)
        paste_face(image, board_face, h_cam @ affine(-half, -half) @ scale,
                   board_alpha(board_face.shape[:2]), key="board", tone=tone)
    tombs = _tombs(table, placed, rng_tombs) + _spare_tombs(table, placed, h_cam, image.shape,
                                                           spare, rng_tombs)
    tile_quads = [_apply(h_cam @ p.to_table, _square(TILE)) for p in placed]
    # printed card on a table: a thin, soft contact shadow on the side away from the light
    _shade(image, tile_quads, cast * 1.2 * mm_to_px, 1.2 * mm_to_px, 0.35)
    for p in placed:
        paste_face(image, art[p.id], h_cam @ p.to_table @ scale, tone=tone)
    _shade(image, [_apply(h_cam @ t, _square(TOMB)) for t in tombs], cast * 1.0 * mm_to_px,
           0.8 * mm_to_px, 0.4)
    for t in tombs:
        paste_face(image, art["tomb"], h_cam @ t @ scale, tone=tone)
    return tile_quads


def _jacobian(h: np.ndarray, at: np.ndarray) -> np.ndarray:
    e = 0.5
    p = _apply(h, [at, at + np.array([e, 0.0]), at + np.array([0.0, e])])
    return np.c_[(p[1] - p[0]) / e, (p[2] - p[0]) / e]


@cache
def board_alpha(shape: tuple[int, int]) -> np.ndarray:
    """The board is a diamond: its PNG's corners are not cardboard."""
    h, w = shape
    mask = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(mask, np.array([[w // 2, 0], [w - 1, h // 2], [w // 2, h - 1],
                                       [0, h // 2]], np.int32), 255, lineType=cv2.LINE_AA)
    return mask


# --- tables -------------------------------------------------------------------------------

def simulated_table(seed: int, players: int = 4, edition: str = "crete",
                    board: bool = False) -> dict:
    """The final table file of a seeded random legal game (pnp simulate's)."""
    from pnp.rules.asterion.game import simulate

    return simulate(seed, players, edition, board).table().to_dict()


def with_conditions(base: str, **changes) -> Conditions:
    return replace(PRESETS[base], **changes)


# --- the example ----------------------------------------------------------------------------

def write_example(folder: Path) -> tuple[Path, Path]:
    """examples/endgame.jpg and endgame.json: a 4-player Crete game on the board."""
    from pnp.fileio import write_bytes, write_text

    table = simulated_table(7, 4, "crete", board=True)
    shot = photo(table, replace(PRESETS["default"], megapixels=8.0, tilt_deg=20.0), seed=7)
    jpg, js = folder / "endgame.jpg", folder / "endgame.json"
    write_bytes(jpg, shot.jpeg)
    write_text(js, json.dumps(table, indent=1) + "\n")
    return jpg, js


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--example", action="store_true",
                        help="write examples/endgame.jpg and examples/endgame.json")
    parser.add_argument("--table", type=Path, help="a table file to photograph")
    parser.add_argument("--preset", default="default", choices=sorted(PRESETS))
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--out", type=Path, default=Path("output/synth.jpg"))
    args = parser.parse_args(argv)
    if args.example:
        for path in write_example(Path(__file__).resolve().parent.parent / "examples"):
            print(f"wrote {path}")
        return 0
    table = (json.loads(args.table.read_text()) if args.table
             else simulated_table(args.seed, 4, "crete", board=True))
    shot = photo(table, PRESETS[args.preset], args.seed)
    args.out.parent.mkdir(parents=True, exist_ok=True)
    args.out.write_bytes(shot.jpeg)
    print(f"wrote {args.out} ({shot.image.shape[1]}x{shot.image.shape[0]}, "
          f"{len(shot.jpeg) // 1024} KB); covered markers: {sorted(shot.covered_markers)}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())

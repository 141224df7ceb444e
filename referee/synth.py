"""Realistic test photos of a finished Asterion table, for the referee's tests and benchmark.

The component faces come from `pnp.printing.export.render_faces` (the PDF's own drawing).
A pinhole camera looks at the table from `tilt_deg` off vertical; every face (board, tiles,
tombs) is warped straight into the photo through that camera, so nothing is resampled
twice. Then what a phone adds: hand-placement jitter, contact shadows, uneven light, a
person's shadow, a glare spot, fingers over markers, blur, sensor noise, a colour cast and
JPEG. `photo()` returns the JPEG, the decoded image the referee sees, and the ground truth.

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

from pnp.printing.art import marker_places, prisoner_points
from pnp.rules.asterion.tiles import tiles_by_id

TILE = 50.0                 # mm, layouts/asterion.toml [tile] size
TOMB = 12.0                 # mm, [tomb] size
FACE_DPI = 200              # faces are rendered once per process at this resolution
SKIN_BGR = (120, 150, 205)


@dataclass(frozen=True)
class Conditions:
    megapixels: float = 12.0          # 12 -> 4032x3024, 3 -> 2016x1512 (4:3)
    tilt_deg: float = 15.0            # camera angle from vertical (max 40)
    table_rotation: bool = True       # the table turned by any angle in the frame
    jitter_mm: float = 2.0            # per-tile offset by hand (max ~5)
    jitter_deg: float = 3.0           # per-tile turn by hand (max ~8)
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


PRESETS: dict[str, Conditions] = {
    "default": Conditions(),
    "steep": Conditions(tilt_deg=40.0),
    "sloppy": Conditions(jitter_mm=5.0, jitter_deg=8.0, gap_mm=2.0),
    "blur": Conditions(blur_sigma=1.5, noise=4.0),
    "glare": Conditions(glare=True),
    "dark": Conditions(light=0.6, shadow=True, noise=6.0, texture="cloth"),
    "occluded": Conditions(fingers=2),
    "3mp": Conditions(megapixels=3.0),
    "worst": Conditions(tilt_deg=40.0, jitter_mm=5.0, jitter_deg=8.0, gap_mm=2.0, light=0.6,
                        glare=True, blur_sigma=1.5, noise=6.0, jpeg_quality=70, fingers=2,
                        texture="light"),
}


@dataclass
class SynthPhoto:
    jpeg: bytes
    image: np.ndarray                 # BGR, decoded from the JPEG: what the referee sees
    truth: dict                       # the table file dict (with "dead")
    covered_markers: set[int] = field(default_factory=set)   # ids a finger overlaps
    tile_corners: dict[str, np.ndarray] = field(default_factory=dict)  # NW, NE, SE, SW px
    homography: np.ndarray = field(default_factory=lambda: np.eye(3))  # table mm -> px
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
    from pnp.printing.draw_board import board_size

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
           alpha: np.ndarray | None = None) -> None:
    """Warp `face` (face px -> photo px by `h_face`) onto the photo, with soft edges."""
    fh, fw = face.shape[:2]
    corners = _apply(h_face, [[0, 0], [fw, 0], [fw, fh], [0, fh]])
    # shrink a face that lands much smaller than it is (area filter, no aliasing)
    side = max(np.linalg.norm(corners[1] - corners[0]), np.linalg.norm(corners[3] - corners[0]))
    shrink = side / max(fw, fh)
    if shrink < 0.7:
        nw, nh = max(2, int(fw * shrink * 1.2)), max(2, int(fh * shrink * 1.2))
        face = cv2.resize(face, (nw, nh), interpolation=cv2.INTER_AREA)
        if alpha is not None:
            alpha = cv2.resize(alpha, (nw, nh), interpolation=cv2.INTER_AREA)
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
    mask_src = alpha if alpha is not None else np.full((fh, fw), 255, np.uint8)
    mask = cv2.warpPerspective(mask_src, t, size, flags=cv2.INTER_LINEAR,
                               borderMode=cv2.BORDER_CONSTANT, borderValue=0)
    a = (mask.astype(np.float32) / 255.0)[..., None]
    roi = photo[y0:y1, x0:x1]
    roi[:] = (patch * a + roi * (1 - a)).astype(np.uint8)


def _smooth_noise(shape: tuple[int, int], cells: int, rng: np.random.Generator) -> np.ndarray:
    """Smooth random field in [-1, 1] with about `cells` bumps across."""
    h, w = shape
    small = rng.standard_normal((max(2, cells * h // max(h, w)) + 1,
                                 max(2, cells * w // max(h, w)) + 1)).astype(np.float32)
    field_ = cv2.resize(small, (w, h), interpolation=cv2.INTER_CUBIC)
    return np.clip(field_ / 2.0, -1, 1)


def texture(kind: str, size: tuple[int, int], rng: np.random.Generator) -> np.ndarray:
    """The table top, BGR uint8."""
    w, h = size
    sw, sh = w // 4, h // 4                       # made small, then enlarged: cheap
    if kind == "wood":
        base = np.array(rng.uniform([45, 85, 125], [70, 115, 165]), np.float32)
        a = rng.uniform(0, math.pi)
        y, x = np.mgrid[0:sh, 0:sw].astype(np.float32)
        across = x * math.cos(a) + y * math.sin(a)
        # grain: fine streaks of uneven width running along the planks, gently bent
        bend = _smooth_noise((sh, sw), 4, rng) * 12
        streaks = _smooth_noise((1, 4096), 1400, rng)[0]
        index = np.clip(across + bend - across.min(), 0, 4095).astype(np.int32)
        grain = streaks[index]
        blotch = _smooth_noise((sh, sw), 9, rng)
        shade = 1 + 0.09 * grain + 0.07 * blotch
    elif kind == "cloth":
        base = np.array(rng.uniform([60, 80, 40], [90, 110, 70]), np.float32)
        shade = 1 + 0.05 * _smooth_noise((sh, sw), 12, rng)
    elif kind == "light":
        base = np.array(rng.uniform([195, 200, 200], [225, 228, 230]), np.float32)
        shade = 1 + 0.03 * _smooth_noise((sh, sw), 8, rng)
    else:
        raise ValueError(f"unknown texture {kind!r} (wood, cloth or light)")
    small = np.clip(shade[..., None] * base, 0, 255).astype(np.uint8)
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)


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
            jx, jy = rng.uniform(-1.5, 1.5, 2)
            at = _apply(p.to_table, [[px + jx, py + jy]])[0]
            turn = rng.uniform(-25, 25)
            out.append(affine(at[0], at[1], turn) @ affine(-TOMB / 2, -TOMB / 2))
    return out


def _marker_quads(placed: list[_Placed]) -> dict[int, np.ndarray]:
    """Every tile marker's square, table mm."""
    from pnp.markers import tile_marker_ids

    out = {}
    for p in placed:
        for marker_id, m in zip(tile_marker_ids(p.id), marker_places(), strict=True):
            quad = [[m.x, m.y], [m.x + m.size, m.y], [m.x + m.size, m.y + m.size],
                    [m.x, m.y + m.size]]
            out[marker_id] = _apply(p.to_table, quad)
    return out


def _finger(tip: np.ndarray, direction: float, width: float, length: float) -> np.ndarray:
    """A finger's outline in table mm: a round tip at `tip`, reaching out along `direction`."""
    a = math.radians(direction)
    u = np.array([math.cos(a), math.sin(a)])          # from the tip towards the hand
    n = np.array([-u[1], u[0]])
    r = width / 2
    arc = [tip + r * u + r * (math.cos(t) * n - math.sin(t) * u)
           for t in np.linspace(0, math.pi, 12)]
    end = tip + (length + r) * u
    return np.array([*arc, end - r * 1.15 * n, end + r * 1.15 * n])


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


def _fingers(count: int, placed: list[_Placed], rng: np.random.Generator
             ) -> tuple[list[np.ndarray], set[int]]:
    """Fingers resting on markers at random, and every marker id they overlap."""
    quads = _marker_quads(placed)
    ids = sorted(quads)
    outlines: list[np.ndarray] = []
    for _ in range(count):
        target = quads[ids[int(rng.integers(len(ids)))]]
        tip = target.mean(axis=0) + rng.uniform(-4, 4, 2)
        # the finger resting on the table; the rest of the hand is lifted out of the way
        outlines.append(_finger(tip, rng.uniform(0, 360), rng.uniform(15, 19),
                                rng.uniform(60, 120)))
    covered = {i for i, q in quads.items()
               for f in outlines if _overlaps(q, f) > 0.01}
    return outlines, covered


def _shadow_mask(shape: tuple[int, int], polygons: list[np.ndarray], offset: np.ndarray,
                 blur: float) -> np.ndarray:
    """Soft shadows of the given photo-px polygons, cast by `offset` px, in [0, 1]."""
    h, w = shape
    k = 4                                          # drawn at a quarter size: blur is cheap
    small = np.zeros((h // k + 1, w // k + 1), np.float32)
    for poly in polygons:
        cv2.fillPoly(small, [np.round((poly + offset) / k * 8).astype(np.int32)], 1.0,
                     lineType=cv2.LINE_AA, shift=3)
    small = cv2.GaussianBlur(small, (0, 0), max(0.5, blur / k))
    return cv2.resize(small, (w, h), interpolation=cv2.INTER_LINEAR)[:h, :w]


def _light(shape: tuple[int, int], cond: Conditions, rng: np.random.Generator,
           table_px: np.ndarray) -> np.ndarray:
    """Multiplicative light field: a gradient, vignetting, and a person's shadow."""
    h, w = shape
    sh, sw = h // 8 + 1, w // 8 + 1
    y, x = np.mgrid[0:sh, 0:sw].astype(np.float32)
    a = rng.uniform(0, 2 * math.pi)
    ramp = ((x / sw - 0.5) * math.cos(a) + (y / sh - 0.5) * math.sin(a)) * 2     # -1..1
    field_ = 1 - cond.light * (0.5 + 0.35 * ramp + 0.15 * _smooth_noise((sh, sw), 3, rng))
    r2 = ((x / sw - 0.5) ** 2 + (y / sh - 0.5) ** 2) / 0.5
    field_ *= 1 - 0.18 * r2                                                        # vignette
    if cond.shadow:
        # a soft edge across the table, the far side darker (someone leaning over)
        cx, cy = table_px[int(rng.integers(len(table_px)))] / 8
        b = rng.uniform(0, 2 * math.pi)
        side = (x - cx) * math.cos(b) + (y - cy) * math.sin(b)
        soft = max(sw, sh) * 0.04
        dark = rng.uniform(0.55, 0.75)
        field_ *= 1 - (1 - dark) / (1 + np.exp(-side / soft))
    return cv2.resize(field_.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)


def _glare(image: np.ndarray, rng: np.random.Generator, table_px: np.ndarray) -> np.ndarray:
    """A specular spot over the table: colours wash out towards white."""
    h, w = image.shape[:2]
    sh, sw = h // 8 + 1, w // 8 + 1
    cx, cy = table_px[int(rng.integers(len(table_px)))] / 8
    r = rng.uniform(0.03, 0.07) * math.hypot(sw, sh)
    stretch = rng.uniform(1.0, 2.0)
    a = rng.uniform(0, math.pi)
    y, x = np.mgrid[0:sh, 0:sw].astype(np.float32)
    u = (x - cx) * math.cos(a) + (y - cy) * math.sin(a)
    v = -(x - cx) * math.sin(a) + (y - cy) * math.cos(a)
    # from a sheen that only pales the colours to a patch washed out to white
    spot = np.exp(-((u / stretch) ** 2 + v ** 2) / (2 * r * r)) * rng.uniform(0.5, 0.95)
    spot = cv2.resize(spot.astype(np.float32), (w, h), interpolation=cv2.INTER_LINEAR)[..., None]
    return image + (255 - image) * spot


# --- the photo --------------------------------------------------------------------------

def photo(table: dict, conditions: Conditions, seed: int) -> SynthPhoto:
    """A phone photo of `table` (a table file dict) under `conditions`; same seed, same photo."""
    # one random stream per aspect, so that (say) adding tombs moves no tile
    streams = ("frame", "tiles", "camera", "texture", "tombs", "fingers", "light", "noise")
    rng = {name: np.random.default_rng([seed, k]) for k, name in enumerate(streams)}
    cond = conditions
    art = faces()
    ppm_face = FACE_DPI / 25.4
    size = frame_size(cond.megapixels, portrait=bool(rng["frame"].integers(2)))
    w, h = size

    placed = _place_tiles(table, cond, rng["tiles"])
    tile_mm = np.concatenate([_apply(p.to_table, [[0, 0], [TILE, 0], [TILE, TILE], [0, TILE]])
                              for p in placed])
    half = _board_size() / 2
    outline = (np.array([[0, -half], [half, 0], [0, half], [-half, 0]]) if table.get("board")
               else tile_mm)
    h_cam = camera(outline, size, cond, rng["camera"])
    mm_to_px = float(np.sqrt(abs(np.linalg.det(_jacobian(h_cam, outline.mean(axis=0))))))

    image = texture(cond.texture, size, rng["texture"])
    light_dir = rng["light"].uniform(0, 2 * math.pi)
    cast = np.array([math.cos(light_dir), math.sin(light_dir)])
    if table.get("board"):
        board_face = art["board"]
        # the board's PNG spans the board's square box, centred on the Minotaur's square
        to_table = affine(-half, -half) @ np.diag([1 / ppm_face, 1 / ppm_face, 1.0])
        diamond = board_alpha(board_face.shape[:2])
        outline = _apply(h_cam, [[0, -half], [half, 0], [0, half], [-half, 0]])
        image = _darken(image, _shadow_mask((h, w), [outline], cast * 0.6 * mm_to_px,
                                            1.0 * mm_to_px), 0.25)
        paste_face(image, board_face, h_cam @ to_table, diamond)

    tombs = _tombs(table, placed, rng["tombs"])
    tile_quads = [_apply(h_cam @ p.to_table, [[0, 0], [TILE, 0], [TILE, TILE], [0, TILE]])
                  for p in placed]
    tomb_quads = [_apply(h_cam @ t, [[0, 0], [TOMB, 0], [TOMB, TOMB], [0, TOMB]])
                  for t in tombs]
    # cardboard is ~2 mm thick: a soft contact shadow on the side away from the light
    image = _darken(image, _shadow_mask((h, w), tile_quads, cast * 1.2 * mm_to_px,
                                        1.2 * mm_to_px), 0.35)
    scale = np.diag([1 / ppm_face, 1 / ppm_face, 1.0])
    for p in placed:
        paste_face(image, art[p.id], h_cam @ p.to_table @ scale)
    image = _darken(image, _shadow_mask((h, w), tomb_quads, cast * 1.0 * mm_to_px,
                                        0.8 * mm_to_px), 0.4)
    for t in tombs:
        paste_face(image, art["tomb"], h_cam @ t @ scale)

    outlines, covered = _fingers(cond.fingers, placed, rng["fingers"])
    finger_px = [_apply(h_cam, f) for f in outlines]
    if finger_px:
        # fingers hover above the table: a wider, softer shadow
        image = _darken(image, _shadow_mask((h, w), finger_px, cast * 6 * mm_to_px,
                                            5 * mm_to_px), 0.4)
        for poly in finger_px:
            _draw_finger(image, poly, rng["fingers"])

    table_px = _apply(h_cam, tile_mm)
    out = image.astype(np.float32)
    out *= _light((h, w), cond, rng["light"], table_px)[..., None]
    out *= np.array(rng["light"].normal(1.0, 0.03, 3), np.float32)               # white balance
    if cond.glare:
        out = _glare(out, rng["light"], table_px)
    if cond.blur_sigma > 0:
        out = cv2.GaussianBlur(out, (0, 0), cond.blur_sigma)
    if cond.noise > 0:
        # luminance noise plus a little chroma noise, as phone sensors show (numpy's
        # seeded generator: OpenCV's randn uses a global state)
        noise = rng["noise"]
        grain = noise.standard_normal((h, w, 1), dtype=np.float32) * cond.noise
        chroma = noise.standard_normal((h // 2, w // 2, 3), dtype=np.float32) * (cond.noise / 2)
        out += grain + cv2.resize(chroma, (w, h), interpolation=cv2.INTER_LINEAR)
    final = np.clip(out, 0, 255).astype(np.uint8)
    ok, buffer = cv2.imencode(".jpg", final, [cv2.IMWRITE_JPEG_QUALITY, int(cond.jpeg_quality)])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    jpeg = buffer.tobytes()
    corners = {p.id: q for p, q in zip(placed, tile_quads, strict=True)}
    return SynthPhoto(jpeg, cv2.imdecode(buffer, cv2.IMREAD_COLOR), copy.deepcopy(table),
                      covered, corners, h_cam, cond)


def _jacobian(h: np.ndarray, at: np.ndarray) -> np.ndarray:
    e = 0.5
    p = _apply(h, [at, at + np.array([e, 0.0]), at + np.array([0.0, e])])
    return np.c_[(p[1] - p[0]) / e, (p[2] - p[0]) / e]


def _darken(image: np.ndarray, mask: np.ndarray, strength: float) -> np.ndarray:
    return (image * (1 - strength * mask[..., None])).astype(np.uint8)


@cache
def board_alpha(shape: tuple[int, int]) -> np.ndarray:
    """The board is a diamond: its PNG's corners are not cardboard."""
    h, w = shape
    mask = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(mask, np.array([[w // 2, 0], [w - 1, h // 2], [w // 2, h - 1],
                                       [0, h // 2]], np.int32), 255, lineType=cv2.LINE_AA)
    return mask


def _draw_finger(image: np.ndarray, poly: np.ndarray, rng: np.random.Generator) -> None:
    """Skin with soft shading across its width and a slightly blurred edge."""
    x0, y0 = np.maximum(np.floor(poly.min(axis=0)).astype(int) - 4, 0)
    x1, y1 = np.ceil(poly.max(axis=0)).astype(int) + 4
    x1, y1 = min(x1, image.shape[1]), min(y1, image.shape[0])
    if x1 <= x0 or y1 <= y0:
        return
    roi = image[y0:y1, x0:x1]
    mask = np.zeros(roi.shape[:2], np.float32)
    cv2.fillPoly(mask, [np.round((poly - [x0, y0]) * 8).astype(np.int32)], 1.0,
                 lineType=cv2.LINE_AA, shift=3)
    inner = cv2.erode(mask, np.ones((15, 15), np.uint8))
    mask = cv2.GaussianBlur(mask, (0, 0), 1.2)
    shade = 0.8 + 0.25 * cv2.GaussianBlur(inner, (0, 0), 6)
    skin = np.array(SKIN_BGR, np.float32) * rng.uniform(0.85, 1.1)
    colour = shade[..., None] * skin
    roi[:] = np.clip(colour * mask[..., None] + roi * (1 - mask[..., None]), 0, 255).astype(
        np.uint8)


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

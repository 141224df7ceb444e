"""The table top seen through the camera: wood with planks, cloth or a light laminate, a
strongly grained wood, a checked or striped tablecloth, or a printed oilcloth, in the plane
the game lies in (its grain recedes with the tilt), and its edge and the floor when the
camera sees past them.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

import cv2
import numpy as np


def _plane_grid(px_to_table: np.ndarray, size: tuple[int, int], k: int
                ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Table mm (u, v) seen at the centre of every k x k block of the photo, and how many mm
    one block spans there (large towards the horizon of a tilted shot)."""
    w, h = size
    sw, sh = -(-w // k), -(-h // k)
    # each block's centre (x, y, 1), written into one array: no full grids to stack
    points = np.empty((sh, sw, 3))
    points[..., 0] = np.arange(sw, dtype=np.float64) * k + (k - 1) / 2
    points[..., 1] = (np.arange(sh, dtype=np.float64) * k + (k - 1) / 2)[:, None]
    points[..., 2] = 1.0
    q = points @ px_to_table.T
    sign = np.sign(q[sh // 2, sw // 2, 2])
    z = np.maximum(q[..., 2] * sign, 1e-12)        # beyond the horizon: very far
    u, v = q[..., 0] * sign / z, q[..., 1] * sign / z
    spans = _slope(u)
    spans += _slope(v)
    spans /= 2
    return u.astype(np.float32), v.astype(np.float32), np.minimum(spans, 1e4).astype(np.float32)


def _slope(f: np.ndarray) -> np.ndarray:
    """np.hypot(*np.gradient(f)) for a 2-D f, the same values, worked out in place (a
    photo's grid is large: each temporary array costs as much as the sums)."""
    dy, dx = np.empty_like(f), np.empty_like(f)
    for d, axis in ((dy, 0), (dx, 1)):
        inner, lo, hi = [slice(None)] * 2, [slice(None)] * 2, [slice(None)] * 2
        inner[axis], lo[axis], hi[axis] = slice(1, -1), slice(None, -2), slice(2, None)
        np.subtract(f[tuple(hi)], f[tuple(lo)], out=d[tuple(inner)])
        d[tuple(inner)] /= 2.0                     # central differences inside
        for edge, a, b in ((0, 1, 0), (-1, -1, -2)):   # one-sided at the edges
            at, pa, pb = [slice(None)] * 2, [slice(None)] * 2, [slice(None)] * 2
            at[axis], pa[axis], pb[axis] = edge, a, b
            np.subtract(f[tuple(pa)], f[tuple(pb)], out=d[tuple(at)])
    return np.hypot(dy, dx, out=dy)


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
    # np.interp(x, np.arange(8192), knots), its values exactly, without its search: the
    # knots are 1 apart, so x's cell is floor(x), and from the last knot on it is that knot
    x = np.mod(g / spacing, 8192).astype(np.float64)
    cell = np.minimum(x.astype(np.intp), 8191)
    ys = np.append(knots.astype(np.float64), knots[-1])
    x -= cell
    x *= (ys[1:] - ys[:-1])[cell]
    x += ys[cell]
    return x.astype(np.float32)


def _line(distance: np.ndarray, width: float, spans: np.ndarray) -> np.ndarray:
    """A thin line's darkness at `distance` mm from it, widened (and paled, keeping its ink)
    where a sample spans more than the line is wide: no jagged, broken lines."""
    seen = np.sqrt(width ** 2 + spans ** 2)
    return width / seen * np.exp(-(distance / seen) ** 2)


def _box(mask: np.ndarray) -> tuple[slice, slice] | None:
    """The rows and columns round a 2-D mask's true values (None: there are none)."""
    rows, cols = np.flatnonzero(mask.any(axis=1)), np.flatnonzero(mask.any(axis=0))
    if not len(rows):
        return None
    return slice(rows[0], rows[-1] + 1), slice(cols[0], cols[-1] + 1)


def _fade(detail_mm: float, spans: np.ndarray) -> np.ndarray:
    """How much of a detail `detail_mm` wide survives where a block spans `spans` mm."""
    return 1.0 / (1.0 + (spans / detail_mm) ** 2)


TEXTURES = ("wood", "cloth", "light", "grain", "check", "pattern")

# Oilcloth and tablecloth colours (BGR): whites, and inks as bold as the game's own
_CLOTH_GROUNDS = ((238, 240, 242), (215, 228, 236), (120, 60, 35), (60, 70, 150),
                  (60, 110, 60), (90, 190, 225))
_CLOTH_INKS = ((40, 40, 185), (150, 80, 35), (50, 120, 50), (35, 35, 40), (30, 150, 215),
               (130, 60, 120), (230, 230, 230))


def _stripe(g: np.ndarray, period: float, spans: np.ndarray) -> np.ndarray:
    """1 on stripes half a `period` wide across the coordinate g (mm), 0 between,
    anti-aliased; fading to the mean 0.5 where a sample spans more than a period."""
    off = np.abs(np.mod(g / period, 1.0) - 0.5) * period           # 0 mid-stripe
    hard = np.clip((period / 4 - off) / np.maximum(spans, 0.3) + 0.5, 0, 1)
    keep = _fade(period, spans)
    return hard * keep + 0.5 * (1 - keep)


def _printed_cloth(kind: str, u: np.ndarray, v: np.ndarray, spans: np.ndarray,
                   along: np.ndarray, across: np.ndarray, extent: float,
                   rng: np.random.Generator) -> np.ndarray:
    """A tablecloth or oilcloth (BGR float): "check" is gingham (two crossing stripes, the
    crossings darkest) or plain stripes, 6-25 mm; "pattern" is a printed oilcloth, blobs
    and flowers of two or three inks with dark outlines and dots on a coloured ground.
    Both are as bold as the game's own print, which is the point."""
    ground = np.array(_CLOTH_GROUNDS[int(rng.integers(len(_CLOTH_GROUNDS)))], np.float32)
    inks = [np.array(_CLOTH_INKS[int(k)], np.float32)
            for k in rng.choice(len(_CLOTH_INKS), 3, replace=False)]
    weave = _field(u, v, 0.8, min(extent, 600), rng) * _fade(0.8, spans)
    if kind == "check":
        period = float(rng.uniform(6, 25))
        turn = math.radians(float(rng.uniform(0, 90)))
        a = along * math.cos(turn) + across * math.sin(turn)
        b = -along * math.sin(turn) + across * math.cos(turn)
        sa = _stripe(a, period, spans)
        if rng.uniform() < 0.7:                       # gingham
            mix = (sa + _stripe(b, period, spans)) / 2
        else:                                         # stripes, two widths
            mix = np.maximum(sa, _stripe(a + period / 3, period * 2, spans) * 0.6)
        colour = ground + (inks[0] - ground) * mix[..., None]
    else:
        scale = float(rng.uniform(12, 28))
        colour = np.broadcast_to(ground, (*u.shape, 3)).copy()
        line = np.zeros(u.shape, np.float32)
        for ink in inks[: 2 + int(rng.integers(2))]:
            f = _field(u, v, scale, extent, rng)
            level = float(rng.uniform(0.45, 0.7))
            blob = np.clip((f - level) / 0.06 + 0.5, 0, 1) * _fade(scale / 3, spans)
            colour += (ink - colour) * blob[..., None]
            line = np.maximum(line, np.exp(-((f - level) / 0.04) ** 2) * _fade(1.0, spans))
        # polka dots on a lattice
        pitch = float(rng.uniform(8, 16))
        du = np.mod(u / pitch, 1.0) - 0.5
        dv = np.mod(v / pitch + 0.5 * np.floor(u / pitch), 1.0) - 0.5
        dots = np.clip((0.18 - np.hypot(du, dv)) * pitch / np.maximum(spans, 0.3) + 0.5, 0, 1)
        dots *= _fade(pitch / 3, spans)
        colour += (inks[-1] - colour) * (dots * 0.9)[..., None]
        colour *= (1 - 0.6 * line)[..., None]
    return colour * (1 + 0.05 * weave)[..., None]


@dataclass(frozen=True)
class TableTop:
    centre: tuple[float, float]     # table mm
    half: tuple[float, float]       # half length and width, mm
    angle: float                    # degrees: its long side against the table frame's x


def table_top(outline: np.ndarray, rng: np.random.Generator) -> TableTop:
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
    return TableTop((float(centre[0]), float(centre[1])), (float(half[0]), float(half[1])),
                     angle)


def texture(kind: str, size: tuple[int, int], rng: np.random.Generator,
            px_to_table: np.ndarray, top: TableTop) -> np.ndarray:
    """The table top seen through the camera (BGR uint8): its grain recedes with the tilt,
    and at a steep angle its far edge and the floor beyond may show."""
    return enlarged_texture(small_texture(kind, size, rng, px_to_table, top), size)


def enlarged_texture(small: np.ndarray, size: tuple[int, int]) -> np.ndarray:
    """`small_texture`'s table top at the photo's `size` (w, h): a new array."""
    k = _block(size)
    w, h = size
    return cv2.resize(small, (small.shape[1] * k, small.shape[0] * k),
                      interpolation=cv2.INTER_LINEAR)[:h, :w]


def _block(size: tuple[int, int]) -> int:
    return 4 if size[0] * size[1] > 6e6 else 2     # made smaller, then enlarged: cheap


def small_texture(kind: str, size: tuple[int, int], rng: np.random.Generator,
                  px_to_table: np.ndarray, top: TableTop) -> np.ndarray:
    """`texture` before it is enlarged: one px a block of the photo (`_block`)."""
    k = _block(size)
    u, v, spans = _plane_grid(px_to_table, size, k)
    a = math.radians(top.angle)
    du, dv = u - top.centre[0], v - top.centre[1]
    along = du * math.cos(a) + dv * math.sin(a)
    across = -du * math.sin(a) + dv * math.cos(a)
    extent = float(max(top.half)) + 200
    if kind in ("wood", "grain"):
        # "grain": a strongly figured wood (oak, ash, zebrano): the same planks and rings,
        # but dark latewood lines and rings of three to four times the contrast
        strong = 1.0 if kind == "wood" else float(rng.uniform(3.0, 4.0))
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
        ring = 4.0 if strong == 1.0 else 8.0          # mm between growth rings
        phase = g / ring + 0.6 * _streaks(g, 9.0, rng)
        latewood = _line((phase - np.round(phase)) * ring, 0.6 if strong == 1.0 else 1.4,
                         spans)
        rings = _streaks(g, 5.0, rng) * _fade(5.0, spans)
        # colour and figure vary in streaks along the grain, not in round blotches
        figure = 0.6 + 0.4 * _field(along / 5, across, 30, extent, rng)
        blotch = _field(along / 5, across, 25, extent, rng)
        shade = (1 + tone + (0.07 * rings - 0.14 * latewood) * figure * strong
                 + 0.05 * blotch - seam)
        if strong > 1.0:
            shade = np.maximum(shade, 0.25)
    elif kind == "cloth":
        base = np.array(rng.uniform([60, 80, 40], [90, 110, 70]), np.float32)
        fibre = _field(u, v, 1.2, min(extent, 600), rng) * _fade(1.2, spans)
        shade = 1 + 0.05 * _field(u, v, 120, extent, rng) + 0.06 * fibre
    elif kind == "light":
        # white or light grey laminate: nearly neutral (the phone's white balance tints it)
        base = np.float32(rng.uniform(195, 230)) + rng.uniform(-5, 5, 3).astype(np.float32)
        shade = 1 + 0.03 * _field(u, v, 100, extent, rng)
    elif kind in ("check", "pattern"):
        colour = _printed_cloth(kind, u, v, spans, along, across, extent, rng)
        shade = None
    else:
        raise ValueError(f"unknown texture {kind!r} ({', '.join(TEXTURES)})")
    # each channel a plane of its own: numpy works through an (h, w, 3) array against an
    # (h, w, 1) one three values at a time, through planes a row at a time (same values)
    planes = cv2.split(colour) if shade is None else [shade * b for b in base]
    # beyond the table's edge: the floor, far below and out of focus
    outside = np.maximum(np.abs(along) - top.half[0], np.abs(across) - top.half[1])
    floor = np.array(rng.uniform([35, 40, 45], [70, 75, 85]), np.float32)
    rim = np.clip(1 - np.abs(outside + 2) / 2, 0, 1) * 0.25            # the edge catches light
    on_table = np.clip(0.5 - outside / spans, 0, 1)                     # anti-aliased edge
    # where the table's edge is in view: lit along it, the floor beyond. Elsewhere each
    # plane would be multiplied by 1 and given 0 (the same values), so only the box round
    # the edge is worked on; the floor's field is the stream's last draw, its values the
    # same wherever it is taken
    edge = _box((rim > 0) | (on_table < 1))
    if edge is not None:
        u, v, rim, on_table = u[edge], v[edge], rim[edge], on_table[edge]
        mottle = 1 + 0.1 * _field(u, v, 400, extent * 3, rng)
        lit, off_table = 1 + rim, 1 - on_table
        for plane, ground in zip(planes, floor, strict=True):
            part = plane[edge]
            part *= lit
            part *= on_table
            part += (ground * mottle) * off_table
    for plane in planes:
        np.clip(plane, 0, 255, out=plane)
    return cv2.merge([plane.astype(np.uint8) for plane in planes])

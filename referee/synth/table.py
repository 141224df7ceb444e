"""The table top seen through the camera: wood with planks, cloth or a light laminate, in the
plane the game lies in (its grain recedes with the tilt), and its edge and the floor when the
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

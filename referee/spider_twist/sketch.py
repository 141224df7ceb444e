"""Spider Twist's printed faces drawn straight from the layout data (layouts/spider-twist.toml)
and the board geometry, with OpenCV: the board's two sides, the males' two faces, the female
and the die's top face.

The photo generator prefers the PDF's own faces (`pnp.printing.export.render_faces` of the
game's PRINTING); these sketches stand in for any face the PDF does not export (the die as
it lies folded on the female), and keep the stage tests fast (no PDF to render).
"""

from __future__ import annotations

import math
from functools import cache

import cv2
import numpy as np

from pnp import layouts
from pnp.markers import dictionary_name
from pnp.printing.spider_twist import geometry

DPI = 200
PPM = DPI / 25.4


def colour(name: str) -> tuple[int, int, int]:
    """A printed colour from the layout data, as BGR."""
    fill = layouts.load("spider-twist")["colours"][name].lstrip("#")
    r, g, b = (int(fill[k:k + 2], 16) for k in (0, 2, 4))
    return (b, g, r)


def _p(x: float, y: float, origin: tuple[float, float] = (0.0, 0.0)) -> tuple[int, int]:
    """mm -> px with 3 bits of sub-pixel shift, as cv2's drawing takes it."""
    return (round((x - origin[0]) * PPM * 8), round((y - origin[1]) * PPM * 8))


@cache
def board_face(side: str) -> np.ndarray:
    """One side of the board, BGR, at DPI: ground, web disc, strands, dotted spokes, node
    dots, the four areas and the six markers."""
    s = geometry.spec()
    x0, y0, x1, y1 = geometry.board_box()
    w, h = round((x1 - x0) * PPM), round((y1 - y0) * PPM)
    o = (x0, y0)
    img = np.full((h, w, 3), colour(f"ground_{side}"), np.uint8)
    aa = cv2.LINE_AA
    cv2.circle(img, _p(0, 0, o), round((s.spoke_end + 3) * PPM * 8), colour(f"web_{side}"),
               -1, aa, 3)
    for a in geometry.areas():
        pts = np.array([_p(x, y, o) for x, y in a.polygon], np.int32)
        cv2.polylines(img, [pts], True, colour(a.kind), max(1, round(0.6 * PPM)), aa, 3)
    for (x, y), (ex, ey) in geometry.spoke_paths(side):
        length = math.hypot(ex - x, ey - y)
        for k in range(int(length / 1.6) + 1):
            t = k * 1.6 / length
            cv2.circle(img, _p(x + t * (ex - x), y + t * (ey - y), o),
                       round(0.275 * PPM * 8), colour("spoke"), -1, aa, 3)
    for path in geometry.strand_paths(side):
        pts = np.array([_p(x, y, o) for x, y in path], np.int32)
        cv2.polylines(img, [pts], False, colour("strand"), max(1, round(0.7 * PPM)), aa, 3)
    for name, (x, y) in geometry.node_centres(side).items():
        r = s.centre_radius if name == "C" else s.node_radius
        cv2.circle(img, _p(x, y, o), round(r * PPM * 8), colour("node"), -1, aa, 3)
    dictionary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary_name()))
    for m in geometry.board_markers(side):
        q = s.quiet_size
        qx, qy = _p(m.centre[0] - q / 2, m.centre[1] - q / 2, o)
        n = round(q * PPM)
        cv2.rectangle(img, (qx // 8, qy // 8), (qx // 8 + n, qy // 8 + n), (255, 255, 255),
                      -1)
        size = round(m.size * PPM)
        code = cv2.aruco.generateImageMarker(dictionary, m.id, size)
        tx, ty = _p(m.centre[0] - m.size / 2, m.centre[1] - m.size / 2, o)
        img[ty // 8:ty // 8 + size, tx // 8:tx // 8 + size] = code[..., None]
    return img


def _spider(img: np.ndarray, ink: tuple[int, int, int], size: float) -> None:
    """A spider seen from above, `size` mm across its legs, in the middle of the face."""
    c = img.shape[0] / 2 / PPM
    body = size * 0.16
    aa = cv2.LINE_AA
    for side in (-1, 1):
        for k, a in enumerate((-60, -25, 15, 50)):
            ang = math.radians(a)
            knee = (c + side * size * 0.28 * math.cos(ang), c + size * 0.28 * math.sin(ang)
                    - size * 0.08)
            foot = (c + side * size * 0.46 * math.cos(ang * 1.2),
                    c + size * 0.46 * math.sin(ang * 1.2) + (k - 1.5) * size * 0.05)
            pts = np.array([_p(c, c), _p(*knee), _p(*foot)], np.int32)
            cv2.polylines(img, [pts], False, ink, max(1, round(size * 0.05 * PPM)), aa, 3)
    cv2.ellipse(img, _p(c, c + body * 0.6), (round(body * PPM * 8), round(body * 1.3 * PPM * 8)),
                0, 0, 360, ink, -1, aa, 3)
    cv2.circle(img, _p(c, c - body * 1.1), round(body * 0.7 * PPM * 8), ink, -1, aa, 3)


@cache
def token_face(kind: str) -> np.ndarray:
    """A round token's face, BGR, at DPI: "male-white", "male-white-done", "male-black",
    "male-black-done", "female"."""
    s = geometry.spec()
    width = s.female if kind == "female" else s.male
    n = round(width * PPM)
    c = width / 2
    if kind == "female":
        fill, ink = colour("female"), colour("female_dark")
    else:
        who = kind.split("-")[1]
        done = kind.endswith("-done")
        fill = colour(f"done_{who}") if done else colour(f"{who}_fill")
        ink = colour(f"{who}_ink")
    img = np.full((n, n, 3), fill, np.uint8)
    if not kind.endswith("-done"):
        _spider(img, ink, width * 0.8)
    cv2.circle(img, _p(c, c), round((c - 0.2) * PPM * 8), colour("strand"),
               max(1, round(0.3 * PPM)), cv2.LINE_AA, 3)
    return img


PIPS = {1: [(0, 0)], 2: [(-1, -1), (1, 1)], 3: [(-1, -1), (0, 0), (1, 1)],
        4: [(-1, -1), (1, -1), (-1, 1), (1, 1)], 5: [(-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)],
        6: [(-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)]}


@cache
def die_face(pips: int) -> np.ndarray:
    """The die's top face showing `pips`, BGR at DPI (a square `die` mm side)."""
    side = geometry.spec().die
    n = round(side * PPM)
    img = np.full((n, n, 3), colour("die_fill"), np.uint8)
    c = side / 2
    for dx, dy in PIPS[pips]:
        cv2.circle(img, _p(c + dx * side * 0.28, c + dy * side * 0.28),
                   round(side * 0.085 * PPM * 8), colour("die_pip"), -1, cv2.LINE_AA, 3)
    cv2.rectangle(img, (0, 0), (n - 1, n - 1), (170, 170, 170), max(1, round(0.3 * PPM)))
    return img


@cache
def disc_alpha(n: int) -> np.ndarray:
    """A round token's mask: its PNG's corners are not cardboard."""
    mask = np.zeros((n, n), np.uint8)
    cv2.circle(mask, (n * 4, n * 4), n * 4 - 4, 255, -1, cv2.LINE_AA, 3)
    return mask

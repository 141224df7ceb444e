"""Fingers resting on markers: shaped and shaded as fingers, in any skin tone, each with the
marker ids its skin touches.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from referee.synth.camera import affine, transform
from referee.synth.paste import paste_face


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
class Finger:
    to_table: np.ndarray            # finger mm -> table mm
    width: float                    # mm at the tip
    length: float                   # mm resting on the table
    skin: tuple[float, float, float]  # BGR

    def outline(self, margin: float = 0.0) -> np.ndarray:
        """Table mm; `margin` mm wider all round."""
        return transform(self.to_table, _finger(self.width + 2 * margin, self.length))


# skin from light to dark (BGR): a dark finger on a medallion looks like a tomb to a camera
SKINS = ((120, 150, 205), (95, 125, 180), (70, 100, 150), (45, 70, 110))


def place_fingers(count: int, quads: dict[int, np.ndarray], rng: np.random.Generator
                  ) -> tuple[list[Finger], set[int]]:
    """Fingers resting at random on markers (`quads`: id -> its square, table mm), and
    every marker id they overlap. No markers, no fingers."""
    if not quads:
        return [], set()
    ids = sorted(quads)
    fingers: list[Finger] = []
    for _ in range(count):
        target = quads[ids[int(rng.integers(len(ids)))]]
        tip = target.mean(axis=0) + rng.uniform(-4, 4, 2)
        # the finger rests on the table for a few cm, then rises to the hand, out of view
        tone = rng.uniform(0, len(SKINS) - 1)                   # anywhere light to dark
        low, high = SKINS[int(tone)], SKINS[min(int(tone) + 1, len(SKINS) - 1)]
        skin = tuple(float(a + (b - a) * (tone % 1)) for a, b in zip(low, high, strict=True))
        fingers.append(Finger(_finger_frame(tip, rng.uniform(0, 360)), rng.uniform(15, 19),
                               rng.uniform(55, 95), skin))
    # listed if any skin shows on it: the soft edge reaches about 1 mm past the outline
    covered = {i for i, q in quads.items() for f in fingers if _overlaps(q, f.outline(1.2)) > 0}
    return fingers, covered


def hide_pieces(count: int, quads: dict[int, np.ndarray], pieces: dict[str, tuple[int, ...]],
                rng: np.random.Generator, centres: dict[str, np.ndarray] | None = None
                ) -> tuple[list[Finger], set[int], tuple[str, ...]]:
    """`count` pieces (`pieces`: name -> its marker ids) with a finger on each of their
    markers, pointing away from the piece (as a hand holds a piece down at its corners: the
    rest of the piece stays in view); the fingers, every marker id they overlap, and the
    pieces hidden. The piece's middle is its centre in `centres`, else its markers' middle:
    a piece of one marker needs its centre, or its finger points anywhere (across the
    piece)."""
    names = sorted(n for n, ids in pieces.items() if ids and all(i in quads for i in ids))
    if not names or count <= 0:
        return [], set(), ()
    chosen = sorted(names[int(k)] for k in rng.choice(len(names), min(count, len(names)),
                                                       replace=False))
    fingers: list[Finger] = []
    for name in chosen:
        middle = (np.asarray(centres[name], np.float64) if centres and name in centres
                  else np.mean([quads[i].mean(axis=0) for i in pieces[name]], axis=0))
        for marker_id in pieces[name]:
            centre = quads[marker_id].mean(axis=0)
            out = centre - middle
            away = math.degrees(math.atan2(out[1], out[0])) if np.hypot(*out) > 1e-6 else 0.0
            direction = away + rng.uniform(-35, 35)
            a = math.radians(direction)
            # the round tip a few mm past the marker's middle, towards the piece: it hides
            # the whole marker, the finger lies outwards over the piece's corner
            tip = centre - 4.0 * np.array([math.cos(a), math.sin(a)])
            tone = rng.uniform(0, len(SKINS) - 1)
            low, high = SKINS[int(tone)], SKINS[min(int(tone) + 1, len(SKINS) - 1)]
            skin = tuple(float(a_ + (b - a_) * (tone % 1)) for a_, b in zip(low, high,
                                                                          strict=True))
            fingers.append(Finger(_finger_frame(tip, direction), rng.uniform(16, 19),
                                  rng.uniform(55, 95), skin))
    covered = {i for i, q in quads.items() for f in fingers if _overlaps(q, f.outline(1.2)) > 0}
    return fingers, covered, tuple(chosen)


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


def draw_finger(image: np.ndarray, h_cam: np.ndarray, finger: Finger,
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

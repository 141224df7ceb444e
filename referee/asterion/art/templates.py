"""A tile's print as a cell shows it: templates at a turn (for the pose search) and warped
to a pose (for comparing prints), with where they count (not on the markers' squares, nor
where a tomb on a prisoner may lie).
"""

from __future__ import annotations

import math
from functools import cache, lru_cache

import cv2
import numpy as np

from pnp.geometry.asterion.tile import marker_places, tile_spec
from referee.asterion.faces import printed_faces

FACE_PPM = 4.0              # the printed faces' resolution (faces.printed_faces)
FINE_SPAN = 44.0            # mm of the tile's middle compared finely, and where prints differ
TOMB_REACH = 8.5            # mm round a prisoner that a tomb put on it may cover
TEMPLATES_KEPT = 1024       # templates kept per kind (a tile at every angle a photo needs;
#                             a long-running process must not keep every angle ever met)
STRAY_TOMB_OFF = 1.5        # mm: a tomb knocked onto a marker lies this far off its centre


@cache
def marker_mask(design: str) -> np.ndarray:
    """1 on the markers' squares and their quiet zones, tile frame at FACE_PPM. A marker
    smaller than a tomb (the discreet print's): also as far round its centre as a tomb
    knocked onto it covers (a spare tomb on a marker hides the art round it too, and it
    is no sign of another tile)."""
    from pnp import layouts
    from pnp.units import mm

    spec = tile_spec(design)
    n = round(spec.size * FACE_PPM)
    mask = np.zeros((n, n), np.float32)
    q = spec.marker_module
    tomb = mm(layouts.load("asterion")["tomb"]["size"])
    for m in marker_places(design):
        x0, y0 = (m.x - q) * FACE_PPM, (m.y - q) * FACE_PPM
        x1, y1 = (m.x + m.size + q) * FACE_PPM, (m.y + m.size + q) * FACE_PPM
        mask[int(y0):int(np.ceil(y1)), int(x0):int(np.ceil(x1))] = 1.0
        if m.size + 2 * q < tomb:
            centre = (round((x0 + x1) / 2), round((y0 + y1) / 2))
            cv2.circle(mask, centre, round((tomb / math.sqrt(2) + STRAY_TOMB_OFF)
                                           * FACE_PPM), 1.0, -1)
    return mask


@lru_cache(maxsize=TEMPLATES_KEPT)
def _to_face(angle: float, span: float, ppm: float) -> np.ndarray:
    """2x3: template px -> face px, for a tile turned `angle` degrees clockwise whose
    centre is the template's centre (`span` mm across at `ppm`): found once an angle
    (every template and mask at that angle needs it), read-only."""
    c = tile_spec().centre
    a = math.radians(angle)
    # template px u -> offset d = (u + 0.5) / ppm - span / 2 (table mm from the centre)
    # -> tile frame p = (c, c) + R(-angle) d -> face px = FACE_PPM p - 0.5
    r_inv = np.array([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]])
    lin = FACE_PPM * r_inv / ppm
    off = FACE_PPM * (np.array([c, c]) + r_inv @ np.array([0.5 / ppm - span / 2] * 2)) - 0.5
    m = np.c_[lin, off]
    m.setflags(write=False)
    return m


@lru_cache(maxsize=TEMPLATES_KEPT)
def template(design: str, tile_id: str, angle: float, span: float, ppm: float,
             tombs: bool | str = False) -> tuple[np.ndarray, np.ndarray]:
    """The tile's print as a cell shows it turned `angle` degrees: `span` mm of its middle
    at `ppm` (float32 BGR), and where it counts (float32 1/0: not on the markers' squares,
    which count for no candidate, in the template or the photo; with `tombs`, not where a
    tomb on a prisoner may lie either)."""
    # (the print is drawn once for every variant, and the markers' mask once for every
    # tile: only the prisoners' masks differ by tile)
    image = _turned_face(design, tile_id, angle, span, ppm)
    if tombs:
        hidden = (_prisoners_only(design, tile_id) if tombs == "marked"
                  else _no_prisoners(design, tile_id))
        return image, _counting(hidden, angle, span, ppm)
    return image, _markers_counting(design, angle, span, ppm)


@lru_cache(maxsize=TEMPLATES_KEPT)
def _turned_face(design: str, tile_id: str, angle: float, span: float, ppm: float
                 ) -> np.ndarray:
    face = printed_faces(FACE_PPM, design)[tile_id]
    n = round(span * ppm)
    flags = cv2.INTER_AREA if ppm < FACE_PPM else cv2.INTER_LINEAR
    return cv2.warpAffine(face, _to_face(angle, span, ppm), (n, n),
                          flags=flags | cv2.WARP_INVERSE_MAP,
                          borderMode=cv2.BORDER_REPLICATE).astype(np.float32)


@lru_cache(maxsize=TEMPLATES_KEPT)
def _markers_counting(design: str, angle: float, span: float, ppm: float) -> np.ndarray:
    return _counting(marker_mask(design), angle, span, ppm)


def _counting(hidden: np.ndarray, angle: float, span: float, ppm: float) -> np.ndarray:
    """1 where a template counts: where `hidden` (face px) does not cover it."""
    n = round(span * ppm)
    covered = cv2.warpAffine(hidden, _to_face(angle, span, ppm), (n, n),
                             flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderValue=1.0)
    return (covered < 0.2).astype(np.float32)


def variants(design: str) -> tuple[bool | str, ...]:
    """The templates a cell is matched with (`template`'s `tombs`): the discreet print's
    tile is also matched without its prisoners (a tomb on one covers a large part of
    what is left of its art once its one marker is covered), and with its
    marker in view but not its prisoners ("marked": a marker too blurred to decode still
    shows where it lies, so how the tile is turned and where, and its pattern, blurred,
    is its id; benchmark photo 26); its best counts."""
    return (False,) if len(marker_places(design)) > 1 else (False, True, "marked")


@cache
def _prisoners_only(design: str, tile_id: str) -> np.ndarray:
    """1 where a tomb on one of the tile's prisoners may lie (face px, FACE_PPM)."""
    from pnp.geometry.asterion.tile import prisoner_points
    from pnp.rules.asterion.tiles import tiles_by_id

    mask = np.zeros_like(marker_mask(design))
    for x, y in prisoner_points(tiles_by_id()[tile_id]):
        cv2.circle(mask, (round(x * FACE_PPM), round(y * FACE_PPM)),
                   round(TOMB_REACH * FACE_PPM), 1.0, -1)
    return mask


@cache
def _no_prisoners(design: str, tile_id: str) -> np.ndarray:
    """`marker_mask` and where a tomb on one of the tile's prisoners may lie."""
    return np.maximum(marker_mask(design), _prisoners_only(design, tile_id))


@lru_cache(maxsize=TEMPLATES_KEPT)
def grey_template(design: str, tile_id: str, angle: float, span: float, ppm: float,
                  tombs: bool | str = False) -> tuple[np.ndarray, np.ndarray]:
    image, mask = template(design, tile_id, angle, span, ppm, tombs)
    return cv2.cvtColor(image, cv2.COLOR_BGR2GRAY)[..., None], mask


@cache
def counts(design: str, tile_id: str, markers: bool = False) -> np.ndarray:
    """Where a tile's print counts when two prints are compared (face px, FACE_PPM): its
    middle FINE_SPAN mm, not its markers' squares (unless `markers`: for the best, they
    are what is covered; a rival's markers lie elsewhere, where the photo shows what the
    best prints, so they count against the rival unless covered too), not where a tomb on
    its prisoner may lie (a tomb belongs there: it is no sign of another tile)."""
    c = tile_spec().centre
    inner = np.zeros_like(marker_mask(design))
    lo = round((c - FINE_SPAN / 2) * FACE_PPM)
    inner[lo:-lo, lo:-lo] = 1.0
    if not markers:
        inner *= 1.0 - marker_mask(design)
    return inner * (1.0 - _prisoners_only(design, tile_id))


def warp_face(design: str, tile_id: str, centre: tuple[float, float], angle: float,
              origin: tuple[float, float], n: int, ppm: float, markers: bool = False
              ) -> tuple[np.ndarray, np.ndarray]:
    """A tile's print lying at `centre` turned `angle`, seen in a table-frame patch (top
    left `origin`, n px at `ppm`): float32 BGR, and where it counts (`counts`; its
    markers' squares too if `markers`)."""
    m = _patch_to_face(centre, angle, origin, ppm)
    face = printed_faces(FACE_PPM, design)[tile_id]
    image = cv2.warpAffine(face, m, (n, n), flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP,
                           borderMode=cv2.BORDER_REPLICATE).astype(np.float32)
    return image, _weight(design, tile_id, m, n, markers)


def face_counts(design: str, tile_id: str, centre: tuple[float, float], angle: float,
                origin: tuple[float, float], n: int, ppm: float, markers: bool = False
                ) -> np.ndarray:
    """`warp_face`'s where it counts alone (its print not drawn)."""
    return _weight(design, tile_id, _patch_to_face(centre, angle, origin, ppm), n, markers)


def _patch_to_face(centre: tuple[float, float], angle: float, origin: tuple[float, float],
                   ppm: float) -> np.ndarray:
    """2x3: patch px (top left `origin`, at `ppm`) -> face px, for a tile lying at `centre`
    turned `angle`."""
    c = tile_spec().centre
    a = math.radians(angle)
    r_inv = np.array([[math.cos(a), math.sin(a)], [-math.sin(a), math.cos(a)]])
    lin = FACE_PPM * r_inv / ppm
    start = np.array(origin) + 0.5 / ppm - np.array(centre)
    off = FACE_PPM * (np.array([c, c]) + r_inv @ start) - 0.5
    return np.c_[lin, off]


def _weight(design: str, tile_id: str, m: np.ndarray, n: int, markers: bool) -> np.ndarray:
    weight = cv2.warpAffine(counts(design, tile_id, markers), m, (n, n),
                            flags=cv2.INTER_LINEAR | cv2.WARP_INVERSE_MAP, borderValue=0.0)
    return (weight > 0.99).astype(np.float32)

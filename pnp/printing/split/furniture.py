"""What a piece's margin carries: alignment marks on its seams, its label (A1) and the
assembly diagram, each placed clear of the cells, the markers and the cut outline.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from pnp.geometry.polygon import EPS, Box, Point, Polygon, bounds, box_gap, inward_distances, steps
from pnp.printing.split.board import Board, BoardPiece
from pnp.printing.split.stored import stored

if TYPE_CHECKING:
    import numpy as np

INF = math.inf


@dataclass(frozen=True)
class AlignMark:
    """A half-circle on each side of a seam: they make a circle once the pieces are
    aligned. `neighbour` is printed beside it on this piece."""
    at: Point                   # on the seam, board frame
    side: str                   # the seam's side on this piece
    neighbour: str


def _land_span(board: Board, horizontal: bool, value: float) -> tuple[float, float] | None:
    """Where a cut line runs between cells: the extent along it of the cells that have an
    edge on it (None if none has)."""
    along = []
    for x0, y0, x1, y1 in board.cells:
        edges = (y0, y1) if horizontal else (x0, x1)
        if any(abs(e - value) < EPS for e in edges):
            along += [x0, x1] if horizontal else [y0, y1]
    return (min(along), max(along)) if along else None


def align_marks(board: Board, piece: BoardPiece) -> tuple[AlignMark, ...]:
    """Alignment marks on every seam of a piece, one on each stretch of the seam beyond
    the cells, close to them (the cells' edges, which run on across the seam, align it
    there); on a seam with no cell beside it, near both of its ends."""
    out = []
    for seam in piece.seams:
        horizontal = seam.side in ("top", "bottom")
        axis = 0 if horizontal else 1
        value = seam.a[1 - axis]
        lo, hi = seam.a[axis], seam.b[axis]
        span = _land_span(board, horizontal, value)
        if span is None:
            inset = 3 * board.align_mark + board.edge_gap
            spots = ((lo, hi, lo + inset), (lo, hi, hi - inset))
        else:
            land_lo, land_hi = span
            room = board.align_mark + board.clear_gap       # from the cells, along it
            spots = ((lo, min(hi, land_lo), land_lo - room),
                     (max(lo, land_hi), hi, land_hi + room))
        for a, b, m in spots:
            if not a + board.align_mark <= m <= b - board.align_mark:
                continue
            at = (m, value) if horizontal else (value, m)
            neighbour = next(n.label for n in seam.neighbours
                             if n.a[axis] - EPS <= m <= n.b[axis] + EPS)
            out.append(AlignMark(at, seam.side, neighbour))
    return tuple(out)


def label_size(board: Board) -> tuple[float, float]:
    """The box a piece's label (two or three characters, bold) needs, mm."""
    h = board.label_height
    return 2.4 * h, h


@stored
@cache
def label_spot(board: Board, piece: BoardPiece) -> Point | None:
    """The centre of the roomiest place in the piece's margin for its label, or None when
    there is none (the label is on the piece's tabs anyway). Room: clear of the cells
    and the marker quiet zones by `clear_gap`, of `keep_out`, of the alignment marks, and
    `edge_gap` inside the cut outline."""
    import numpy as np  # only when the answer is not stored: builds start without it

    w, h = label_size(board)
    gap = board.clear_gap
    x0, y0, x1, y1 = bounds(piece.polygon)
    near = (x0 - w, y0 - w, x1 + w, y1 + w)
    obstacles = list(board.cells) + list(board.markers)
    mark_room = board.align_mark + 2 * board.label_height
    obstacles += [(m.at[0] - mark_room, m.at[1] - mark_room, m.at[0] + mark_room,
                   m.at[1] + mark_room) for m in align_marks(board, piece)]
    obstacles = [o for o in obstacles if box_gap(o, near) < 0]
    step = board.label_height / 2
    # Every candidate centre at once (numpy): the slack of a candidate is its least room
    # to any obstacle and to the cut outline; the roomiest wins, the first on a tie.
    cy, cx = np.meshgrid(np.array(steps(y0 + h / 2, y1 - h / 2, step)),
                         np.array(steps(x0 + w / 2, x1 - w / 2, step)), indexing="ij")
    cx, cy = cx.ravel(), cy.ravel()
    if cx.size == 0:
        return None
    boxes = np.stack([cx - w / 2, cy - h / 2, cx + w / 2, cy + h / 2], axis=1)
    slack = np.full(cx.shape, INF)
    if obstacles:
        slack = _box_gaps(boxes, np.array(obstacles)).min(axis=1) - gap
    corners = [(boxes[:, 0], boxes[:, 1]), (boxes[:, 2], boxes[:, 1]),
               (boxes[:, 2], boxes[:, 3]), (boxes[:, 0], boxes[:, 3])]
    clear = slack >= 0
    lines = _inward_lines(piece.polygon)
    for px, py in corners:
        if board.keep_out is not None:
            clear &= ~board.keep_out(px, py, gap)
        for nx, ny, c in lines:
            slack = np.minimum(slack, nx * px + ny * py - c - board.edge_gap)
    clear &= slack >= 0
    if not clear.any():
        return None
    # The first candidate (row-major) within EPS of the most slack, as a scan would keep.
    top = slack[clear].max()
    k = int(np.flatnonzero(clear & (slack >= top - EPS))[0])
    return (float(cx[k]), float(cy[k]))


def _box_gaps(boxes: np.ndarray, obstacles: np.ndarray) -> np.ndarray:
    """`box_gap` for every (candidate, obstacle) pair."""
    import numpy as np

    a = boxes[:, None, :]
    b = obstacles[None, :, :]
    dx = np.maximum(b[..., 0] - a[..., 2], a[..., 0] - b[..., 2])
    dy = np.maximum(b[..., 1] - a[..., 3], a[..., 1] - b[..., 3])
    apart = np.hypot(np.maximum(dx, 0.0), np.maximum(dy, 0.0))
    return np.where((dx < 0) & (dy < 0), np.maximum(dx, dy), apart)


def _inward_lines(polygon: Polygon) -> list[tuple[float, float, float]]:
    """Each edge of a convex polygon as (nx, ny, c): nx*x + ny*y - c is the signed
    distance to it, positive inside (as `inward_distances`)."""
    d0s = inward_distances(polygon, (0.0, 0.0))
    dxs = inward_distances(polygon, (1.0, 0.0))
    dys = inward_distances(polygon, (0.0, 1.0))
    return [(dx - d0, dy - d0, -d0) for d0, dx, dy in zip(d0s, dxs, dys, strict=True)]


def separation(box: Box, polygon: Polygon) -> float:
    """A lower bound of the distance between a box and a convex polygon (separating axes;
    negative when they overlap)."""
    corners = ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))
    px0, py0, px1, py1 = bounds(polygon)
    best = max(box[0] - px1, px0 - box[2], box[1] - py1, py0 - box[3])
    for k, p in enumerate(polygon):
        q = polygon[(k + 1) % len(polygon)]
        length = math.dist(p, q)
        nx, ny = (q[1] - p[1]) / length, (p[0] - q[0]) / length
        poly = [nx * v[0] + ny * v[1] for v in polygon]
        ours = [nx * c[0] + ny * c[1] for c in corners]
        best = max(best, min(ours) - max(poly), min(poly) - max(ours))
    return best


@stored
@cache
def diagram_spot(board: Board, piece: BoardPiece) -> Box | None:
    """Where the assembly diagram goes: the roomiest square of side `diagram` in the
    cut-away part of the piece's drawn box (outside its art and tabs), or None."""
    import numpy as np

    d = board.diagram
    gap = board.edge_gap
    x0, y0, x1, y1 = piece.box
    shapes = [piece.art_polygon] + [s.tab_polygon for s in piece.tabs]
    step = d / 10
    # Every candidate at once (numpy), as `separation` would score each; the roomiest
    # wins, the first (row-major) on a tie.
    top, left = np.meshgrid(np.array(steps(y0, y1 - d, step)),
                            np.array(steps(x0, x1 - d, step)), indexing="ij")
    top, left = top.ravel(), left.ravel()
    if top.size == 0:
        return None
    slack = np.min([_separations(left, top, d, shape) for shape in shapes], axis=0) - gap
    if not (slack >= 0).any():
        return None
    k = int(np.flatnonzero(slack >= slack.max() - EPS)[0])
    return (float(left[k]), float(top[k]), float(left[k] + d), float(top[k] + d))


def _separations(left: np.ndarray, top: np.ndarray, d: float, polygon: Polygon) -> np.ndarray:
    """`separation` for many squares of side d at once."""
    import numpy as np

    px0, py0, px1, py1 = bounds(polygon)
    best = np.max([left - px1, px0 - (left + d), top - py1, py0 - (top + d)], axis=0)
    cx = np.stack([left, left + d, left + d, left], axis=1)
    cy = np.stack([top, top, top + d, top + d], axis=1)
    for k, p in enumerate(polygon):
        q = polygon[(k + 1) % len(polygon)]
        length = math.dist(p, q)
        nx, ny = (q[1] - p[1]) / length, (p[0] - q[0]) / length
        poly = [nx * v[0] + ny * v[1] for v in polygon]
        ours = nx * cx + ny * cy
        best = np.maximum(best, np.maximum(ours.min(axis=1) - max(poly),
                                           min(poly) - ours.max(axis=1)))
    return best

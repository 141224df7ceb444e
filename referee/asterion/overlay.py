"""Asterion's overlay: the picture people look at to agree on the result.

On a faded copy of the photo (referee.overlay's primitives): every tile outlined and
labelled (id, rotation), each prisoner marked by shape as well as colour (dead: X, escaped:
circle, trapped: square), each escaping component traced with its coins, wings and exits,
Asterion's component shaded red, every problem boxed in magenta with its code, and with
`--check` the chains that prove the disputed prisoner's connections.
"""

from __future__ import annotations

import itertools

import cv2
import numpy as np

from pnp.geometry.asterion.tile import Arc, features, region_art
from pnp.rules.asterion import TableError, check, prisoner_components
from pnp.rules.asterion.tiles import PORTS, STEPS, tiles_by_id
from referee.asterion.classify import tile_to_photo
from referee.asterion.grid import CELL, TilePose
from referee.geometry import project
from referee.overlay import (
    INK,
    WHITE,
    banner,
    faded,
    label,
    mark_problem,
    off,
    outline,
    pt,
    pts,
    text,
    unit_of,
    view_of,
)

SURE = "Referee: SURE - every tile read. The score is in the text output."

# BGR colours
DEAD = (20, 20, 20)
ESCAPED = (60, 170, 40)
TRAPPED = (0, 140, 255)
ASTERION = (40, 40, 220)
CHECK = (200, 90, 0)
TRACES = [(60, 170, 40), (200, 160, 0), (160, 60, 160), (0, 150, 150), (120, 120, 0)]
GOLD = (0, 190, 240)


def draw_overlay(verdict, image: np.ndarray, image_scale: float,
                 check_tile: str | None = None) -> np.ndarray:
    """The overlay as a BGR array. `image` is the photo scaled by `image_scale` (the
    verdict's working copy will do). The view is cropped to the table and a band on top
    says whether the referee is sure."""
    outlines = [t.corners for t in verdict.tiles]
    view, size = view_of(image, image_scale, outlines,
                         [p.point for p in verdict.problems if p.point is not None])
    canvas = faded(image, image_scale, view, size)
    grid = verdict.grid
    unit = unit_of(view, outlines)
    if grid is not None:
        to_px = view @ grid.homography
        poses = {p.tile: p for p in grid.tiles}
        frames = _Frames(grid, view)
        table = verdict.rules_table()
        results = _prisoners(table)
        if results is not None:
            _asterion(canvas, frames, poses, results)
            _escapes(canvas, grid, frames, poses, results, view, unit)
        for seen in verdict.tiles:
            outline(canvas, project(view, seen.corners), unit)
        if results is not None:
            _prisoner_marks(canvas, frames, poses, results, unit)
        if check_tile and table is not None:
            _check(canvas, grid, frames, poses, table, check_tile.upper(), view, unit)
        for seen in verdict.tiles:
            pose = poses[seen.id]
            at = project(frames(pose), np.array([[14.0, 9.0]]))[0]
            # a tile known by its art alone (its markers covered) says so
            art = "" if seen.markers else " (art)"
            label(canvas, f"{seen.id} r{seen.rot}{art}", at, unit * 0.9, INK)
        for p in verdict.problems:
            mark_problem(canvas, p, view, unit, None if p.cell is None else
                         project(to_px, _cell_square(p.cell)))
    canvas = banner(canvas, verdict, SURE)
    _legend(canvas, max(1.0, canvas.shape[1] / 1400))
    return canvas


# --- helpers -----------------------------------------------------------------------------

def _prisoners(table):
    if table is None:
        return None
    try:
        return prisoner_components(table)
    except TableError:
        return None


class _Frames:
    """Each tile's frame (mm) -> canvas px in one draw, worked out once a tile (a draw
    asks a tile's some ten times, for its regions, features and label)."""

    def __init__(self, grid, view: np.ndarray) -> None:
        self.grid, self.view = grid, view
        self._done: dict[str, np.ndarray] = {}

    def __call__(self, pose: TilePose) -> np.ndarray:
        m = self._done.get(pose.tile)
        if m is None:
            m = self._done[pose.tile] = self.view @ tile_to_photo(self.grid, pose)
        return m


def _region_lines(tile_id: str, region: int) -> list[np.ndarray]:
    """The corridor centre lines of one region, tile frame mm, as polylines."""
    lines = []
    for stroke in region_art(tiles_by_id()[tile_id])[region].strokes:
        if isinstance(stroke, Arc):
            n = 12
            pts = [stroke.point(stroke.start_deg + (stroke.end_deg - stroke.start_deg) * k / n)
                   for k in range(n + 1)]
            lines.append(np.array(pts))
        else:
            lines.append(np.array([stroke.start, stroke.end]))
    return lines


def _draw_region(canvas, frames: _Frames, pose, region: int, colour, width: int,
                 alpha: float = 1.0) -> None:
    m = frames(pose)
    layer = canvas.copy() if alpha < 1.0 else canvas
    for line in _region_lines(pose.tile, region):
        cv2.polylines(layer, [pts(project(m, line))], False, colour, width, cv2.LINE_AA)
    if alpha < 1.0:
        cv2.addWeighted(layer, alpha, canvas, 1 - alpha, 0, dst=canvas)


def _asterion(canvas, frames: _Frames, poses, results) -> None:
    comp = next((r.component for r in results if r.component.has_asterion), None)
    if comp is None:
        table_comp = None
        for p in poses.values():
            if p.tile == "M":
                table_comp = p
        if table_comp is None:
            return
    nodes = comp.nodes if comp is not None else (("M", 0),)
    strokes = []                                    # (canvas px polyline, width)
    for tile, region in nodes:
        if tile in poses:
            m = frames(poses[tile])
            px_per_mm = np.linalg.norm(project(m, np.array([[0, 0], [10, 0]]))[1]
                                       - project(m, np.array([[0, 0]]))[0]) / 10
            width = max(2, round(8 * px_per_mm))
            strokes += [(pts(project(m, line)), width) for line in _region_lines(tile, region)]
    _shade(canvas, strokes, ASTERION, (0.45, 0.55))


def _shade(canvas: np.ndarray, strokes: list[tuple[np.ndarray, int]], colour,
           weights: tuple[float, float]) -> None:
    """The strokes blended into the canvas (`weights`: the strokes', the canvas's), only
    within their bounding box: elsewhere the blend would give back the same pixels."""
    if not strokes:
        return
    ends = np.vstack([line.reshape(-1, 2) for line, _ in strokes])
    pad = max(width for _, width in strokes)
    x0, y0 = np.maximum(ends.min(axis=0) - pad, 0)
    x1, y1 = np.minimum(ends.max(axis=0) + pad + 1, (canvas.shape[1], canvas.shape[0]))
    if x0 >= x1 or y0 >= y1:
        return
    box = canvas[y0:y1, x0:x1]
    layer = box.copy()
    for line, width in strokes:
        cv2.polylines(layer, [line - np.array([x0, y0], np.int32)], False, colour, width,
                      cv2.LINE_AA)
    cv2.addWeighted(layer, weights[0], box, weights[1], 0, dst=box)


def _escapes(canvas, grid, frames: _Frames, poses, results, view, unit) -> None:
    done: set[int] = set()
    k = 0
    tiles = tiles_by_id()
    for r in results:
        comp = r.component
        if r.status != "escaped" or comp.index in done:
            continue
        done.add(comp.index)
        colour = TRACES[k % len(TRACES)]
        k += 1
        for tile, region in comp.nodes:
            if tile not in poses:
                continue
            _draw_region(canvas, frames, poses[tile], region, colour, max(2, round(3 * unit)))
            m = frames(poses[tile])
            art = region_art(tiles[tile])[region]
            for f in art.features:
                p = project(m, np.array([f.at]))[0]
                if f.kind == "coin":
                    cv2.circle(canvas, pt(p), round(7 * unit), GOLD, -1, cv2.LINE_AA)
                    cv2.circle(canvas, pt(p), round(7 * unit), INK, 1, cv2.LINE_AA)
                    text(canvas, "$", p, 0.45 * unit, INK, centre=True)
                elif f.kind == "wing":
                    tri = np.array([[0, -8], [8, 6], [-8, 6]], float) * unit + p
                    cv2.fillPoly(canvas, [pts(tri)], (230, 230, 230), cv2.LINE_AA)
                    cv2.polylines(canvas, [pts(tri)], True, INK, 1, cv2.LINE_AA)
        for x, y, d in comp.exits:
            _exit_arrow(canvas, grid, (x, y), d, view, colour, unit)


def _exit_arrow(canvas, grid, cell, direction: str, view, colour, unit) -> None:
    dx, dy = STEPS[PORTS.index(direction)]
    x, y = CELL * cell[0], CELL * cell[1]
    start = np.array([[x + dx * CELL * 0.4, y + dy * CELL * 0.4]])
    end = np.array([[x + dx * CELL * 0.8, y + dy * CELL * 0.8]])
    m = view @ grid.homography
    a, b = project(m, start)[0], project(m, end)[0]
    cv2.arrowedLine(canvas, pt(a), pt(b), colour, max(2, round(3 * unit)), cv2.LINE_AA,
                    tipLength=0.4)


def _prisoner_marks(canvas, frames: _Frames, poses, results, unit) -> None:
    tiles = tiles_by_id()
    for r in results:
        pose = poses.get(r.tile)
        if pose is None:
            continue
        spots = [f.at for f in features(tiles[r.tile]) if f.kind == "prisoner"]
        if not spots:
            continue
        p = project(frames(pose), np.array([spots[0]]))[0]
        s = round(9 * unit)
        cv2.circle(canvas, pt(p), s + round(3 * unit), WHITE, -1, cv2.LINE_AA)
        if r.status == "dead":
            t = max(2, round(3 * unit))
            cv2.line(canvas, pt(off(p, -s, -s)), pt(off(p, s, s)), DEAD, t, cv2.LINE_AA)
            cv2.line(canvas, pt(off(p, -s, s)), pt(off(p, s, -s)), DEAD, t, cv2.LINE_AA)
        elif r.status == "escaped":
            cv2.circle(canvas, pt(p), s, ESCAPED, -1, cv2.LINE_AA)
            cv2.circle(canvas, pt(p), s, INK, 1, cv2.LINE_AA)
        else:
            cv2.rectangle(canvas, pt(p - s), pt(p + s), TRAPPED, -1, cv2.LINE_AA)
            cv2.rectangle(canvas, pt(p - s), pt(p + s), INK, 1, cv2.LINE_AA)


def _node_point(frames: _Frames, poses, node) -> np.ndarray | None:
    tile, region = node
    pose = poses.get(tile)
    if pose is None:
        return None
    art = region_art(tiles_by_id()[tile])[region]
    if art.features:
        at = np.array([art.features[0].at])
    else:
        at = np.vstack(_region_lines(tile, region)).mean(axis=0, keepdims=True)
    return project(frames(pose), at)[0]


def _check(canvas, grid, frames: _Frames, poses, table, tile_id: str, view, unit) -> None:
    try:
        result = check(table, tile_id)
    except TableError:
        return
    width = max(3, round(4 * unit))
    for c in result.prisoners:
        links = [c.asterion, c.exit, *c.coins, *c.wings]
        for link in links:
            if link is None:
                continue
            pts = [_node_point(frames, poses, n) for n in link.chain]
            pts = [p for p in pts if p is not None]
            colour = ASTERION if link.what == "asterion" else CHECK
            for a, b in itertools.pairwise(pts):
                cv2.arrowedLine(canvas, pt(a), pt(b), colour, width, cv2.LINE_AA,
                                tipLength=min(0.3, 20 * unit / max(1.0, float(
                                    np.linalg.norm(b - a)))))
            if link.exit is not None:
                x, y, d = link.exit
                _exit_arrow(canvas, grid, (x, y), d, view, CHECK, unit)
        if c.prisoner.tile in poses:
            p = _node_point(frames, poses, (c.prisoner.tile, c.prisoner.region))
            if p is not None:
                cv2.circle(canvas, pt(p), round(16 * unit), CHECK, width, cv2.LINE_AA)
                label(canvas, f"check {tile_id}: {c.prisoner.status}",
                       (p[0], p[1] + 30 * unit), unit, CHECK)


def _cell_square(cell: tuple[int, ...]) -> np.ndarray:
    """A cell's square, table mm."""
    x, y = CELL * cell[0], CELL * cell[1]
    h = CELL / 2
    return np.array([[x - h, y - h], [x + h, y - h], [x + h, y + h], [x - h, y + h]])


def _legend(canvas, unit) -> None:
    h = canvas.shape[0]
    items = [("X", "dead", DEAD), ("o", "escaped", ESCAPED), ("#", "trapped", TRAPPED)]
    x, y = round(12 * unit), h - round(20 * unit)
    for shape, name, colour in items:
        p = np.array([x + 8 * unit, y - 5 * unit])
        s = round(7 * unit)
        if shape == "X":
            cv2.line(canvas, pt(p - s), pt(p + s), colour, 2, cv2.LINE_AA)
            cv2.line(canvas, pt(off(p, -s, s)), pt(off(p, s, -s)), colour, 2, cv2.LINE_AA)
        elif shape == "o":
            cv2.circle(canvas, pt(p), s, colour, -1, cv2.LINE_AA)
        else:
            cv2.rectangle(canvas, pt(p - s), pt(p + s), colour, -1)
        text(canvas, name, (x + 20 * unit, y), 0.5 * unit, INK)
        x += round(110 * unit)
    text(canvas, "red: Asterion's component", (x, y), 0.5 * unit, ASTERION)

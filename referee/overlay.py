"""The picture people look at to agree on the result.

On a faded copy of the photo: every tile outlined and labelled (id, rotation), each
prisoner marked by shape as well as colour (dead: X, escaped: circle, trapped: square),
each escaping component traced with its coins, wings and exits, Asterion's component
shaded red, every problem boxed in magenta with its code, and with `--check` the chains
that prove the disputed prisoner's connections.
"""

from __future__ import annotations

import itertools
import math
from pathlib import Path

import cv2
import numpy as np

from pnp import fileio
from pnp.printing.art import Arc, features, region_art
from pnp.rules.asterion import TableError, check, prisoner_components
from pnp.rules.asterion.tiles import PORTS, STEPS, tiles_by_id
from referee.classify import tile_to_photo
from referee.errors import OverlayError
from referee.grid import CELL, TilePose, project
from referee.image import scaling

MAX_SIDE = 2000               # px: the overlay's long side

# BGR colours
INK = (40, 40, 40)
WHITE = (255, 255, 255)
PROBLEM = (255, 0, 255)       # magenta: loud, and not a player's colour
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
    view, size = _view(verdict, image, image_scale)
    canvas = cv2.warpPerspective(image, view @ np.linalg.inv(scaling(image_scale)), size,
                                 flags=cv2.INTER_AREA, borderMode=cv2.BORDER_REPLICATE)
    canvas = cv2.addWeighted(canvas, 0.55, np.full_like(canvas, 255), 0.45, 0)
    grid = verdict.grid
    sides = [np.linalg.norm(np.diff(project(view, t.corners)[:2], axis=0)) for t in
             verdict.tiles]
    unit = float(np.clip(np.median(sides) / 110.0, 0.6, 3.0)) if sides else 1.0
    if grid is not None:
        to_px = view @ grid.homography
        poses = {p.tile: p for p in grid.tiles}
        table = verdict.rules_table()
        results = _prisoners(table)
        if results is not None:
            _asterion(canvas, grid, poses, results, view, unit)
            _escapes(canvas, grid, poses, results, view, unit)
        for seen in verdict.tiles:
            quad = _pts(project(view, seen.corners))
            cv2.polylines(canvas, [quad], True, INK, max(1, round(1.5 * unit)), cv2.LINE_AA)
        if results is not None:
            _prisoner_marks(canvas, grid, poses, results, view, unit)
        if check_tile and table is not None:
            _check(canvas, grid, poses, table, check_tile, view, unit)
        for seen in verdict.tiles:
            pose = poses[seen.id]
            at = project(_to_px(grid, pose, view), np.array([[14.0, 9.0]]))[0]
            _label(canvas, f"{seen.id} r{seen.rot}", at, unit * 0.9, INK)
        for p in verdict.problems:
            _problem(canvas, p, to_px, view, unit)
    canvas = _banner(canvas, verdict)
    _legend(canvas, max(1.0, canvas.shape[1] / 1400))
    return canvas


def _view(verdict, image: np.ndarray, image_scale: float) -> tuple[np.ndarray,
                                                                    tuple[int, int]]:
    """Original photo px -> overlay px: the tiles (and problems) with a margin of most of a
    tile, at most MAX_SIDE px on the long side, enlarged at most 2x."""
    pts = [t.corners for t in verdict.tiles]
    pts += [np.array([p.point]) for p in verdict.problems if p.point is not None]
    full = np.array([image.shape[1], image.shape[0]]) / image_scale
    if pts:
        allp = np.vstack(pts)
        side = float(np.median([np.linalg.norm(t.corners[1] - t.corners[0])
                                for t in verdict.tiles])) if verdict.tiles else 0.0
        lo = np.maximum(allp.min(axis=0) - 0.8 * side, 0)
        hi = np.minimum(allp.max(axis=0) + 0.8 * side, full)
    else:
        lo, hi = np.zeros(2), full
    extent = np.maximum(hi - lo, 1.0)
    zoom = min(MAX_SIDE / float(extent.max()), 2.0 * image_scale)
    size = (max(1, round(extent[0] * zoom)), max(1, round(extent[1] * zoom)))
    view = np.array([[zoom, 0, -lo[0] * zoom], [0, zoom, -lo[1] * zoom], [0, 0, 1.0]])
    return view, size


def write_overlay(path: Path, overlay: np.ndarray) -> None:
    """Write in the format the extension names: .png, or .jpg/.jpeg (JPEG, quality 90)."""
    ext = path.suffix.lower()
    if ext not in (".png", ".jpg", ".jpeg"):
        raise OverlayError(f"cannot write {path}: the overlay is a .png or .jpg file")
    params = [cv2.IMWRITE_JPEG_QUALITY, 90] if ext != ".png" else []
    ok, png = cv2.imencode(".png" if ext == ".png" else ".jpg", overlay, params)
    if not ok:
        raise OverlayError(f"could not encode the overlay as {ext[1:].upper()}")
    try:
        fileio.write_bytes(path, png.tobytes())
    except OSError as exc:
        raise OverlayError(f"cannot write {path}: {exc.strerror or exc}") from None


# --- helpers -----------------------------------------------------------------------------

def _pts(points: np.ndarray) -> np.ndarray:
    return np.round(np.asarray(points)).astype(np.int32).reshape(-1, 1, 2)


def _prisoners(table):
    if table is None:
        return None
    try:
        return prisoner_components(table)
    except TableError:
        return None


def _to_px(grid, pose: TilePose, view: np.ndarray) -> np.ndarray:
    return view @ tile_to_photo(grid, pose)


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


def _draw_region(canvas, grid, pose, region: int, view: np.ndarray, colour, width: int,
                 alpha: float = 1.0) -> None:
    m = _to_px(grid, pose, view)
    layer = canvas.copy() if alpha < 1.0 else canvas
    for line in _region_lines(pose.tile, region):
        cv2.polylines(layer, [_pts(project(m, line))], False, colour, width, cv2.LINE_AA)
    if alpha < 1.0:
        cv2.addWeighted(layer, alpha, canvas, 1 - alpha, 0, dst=canvas)


def _asterion(canvas, grid, poses, results, view, unit) -> None:
    comp = next((r.component for r in results if r.component.has_asterion), None)
    if comp is None:
        table_comp = None
        for p in poses.values():
            if p.tile == "M":
                table_comp = p
        if table_comp is None:
            return
    nodes = comp.nodes if comp is not None else (("M", 0),)
    layer = canvas.copy()
    for tile, region in nodes:
        if tile in poses:
            m = _to_px(grid, poses[tile], view)
            px_per_mm = np.linalg.norm(project(m, np.array([[0, 0], [10, 0]]))[1]
                                       - project(m, np.array([[0, 0]]))[0]) / 10
            for line in _region_lines(tile, region):
                cv2.polylines(layer, [_pts(project(m, line))], False, ASTERION,
                              max(2, round(8 * px_per_mm)), cv2.LINE_AA)
    cv2.addWeighted(layer, 0.45, canvas, 0.55, 0, dst=canvas)


def _escapes(canvas, grid, poses, results, view, unit) -> None:
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
            _draw_region(canvas, grid, poses[tile], region, view, colour,
                         max(2, round(3 * unit)))
            m = _to_px(grid, poses[tile], view)
            art = region_art(tiles[tile])[region]
            for f in art.features:
                p = project(m, np.array([f.at]))[0]
                if f.kind == "coin":
                    cv2.circle(canvas, _pt(p), round(7 * unit), GOLD, -1, cv2.LINE_AA)
                    cv2.circle(canvas, _pt(p), round(7 * unit), INK, 1, cv2.LINE_AA)
                    _text(canvas, "$", p, 0.45 * unit, INK, centre=True)
                elif f.kind == "wing":
                    tri = np.array([[0, -8], [8, 6], [-8, 6]], float) * unit + p
                    cv2.fillPoly(canvas, [_pts(tri)], (230, 230, 230), cv2.LINE_AA)
                    cv2.polylines(canvas, [_pts(tri)], True, INK, 1, cv2.LINE_AA)
        for x, y, d in comp.exits:
            _exit_arrow(canvas, grid, (x, y), d, view, colour, unit)


def _exit_arrow(canvas, grid, cell, direction: str, view, colour, unit) -> None:
    dx, dy = STEPS[PORTS.index(direction)]
    x, y = CELL * cell[0], CELL * cell[1]
    start = np.array([[x + dx * CELL * 0.4, y + dy * CELL * 0.4]])
    end = np.array([[x + dx * CELL * 0.8, y + dy * CELL * 0.8]])
    m = view @ grid.homography
    a, b = project(m, start)[0], project(m, end)[0]
    cv2.arrowedLine(canvas, _pt(a), _pt(b), colour, max(2, round(3 * unit)), cv2.LINE_AA,
                    tipLength=0.4)


def _prisoner_marks(canvas, grid, poses, results, view, unit) -> None:
    tiles = tiles_by_id()
    for r in results:
        pose = poses.get(r.tile)
        if pose is None:
            continue
        spots = [f.at for f in features(tiles[r.tile]) if f.kind == "prisoner"]
        if not spots:
            continue
        p = project(_to_px(grid, pose, view), np.array([spots[0]]))[0]
        s = round(9 * unit)
        cv2.circle(canvas, _pt(p), s + round(3 * unit), WHITE, -1, cv2.LINE_AA)
        if r.status == "dead":
            t = max(2, round(3 * unit))
            cv2.line(canvas, _pt(_off(p, -s, -s)), _pt(_off(p, s, s)), DEAD, t, cv2.LINE_AA)
            cv2.line(canvas, _pt(_off(p, -s, s)), _pt(_off(p, s, -s)), DEAD, t, cv2.LINE_AA)
        elif r.status == "escaped":
            cv2.circle(canvas, _pt(p), s, ESCAPED, -1, cv2.LINE_AA)
            cv2.circle(canvas, _pt(p), s, INK, 1, cv2.LINE_AA)
        else:
            cv2.rectangle(canvas, _pt(p - s), _pt(p + s), TRAPPED, -1, cv2.LINE_AA)
            cv2.rectangle(canvas, _pt(p - s), _pt(p + s), INK, 1, cv2.LINE_AA)


def _node_point(grid, poses, node, view) -> np.ndarray | None:
    tile, region = node
    pose = poses.get(tile)
    if pose is None:
        return None
    art = region_art(tiles_by_id()[tile])[region]
    if art.features:
        at = np.array([art.features[0].at])
    else:
        at = np.vstack(_region_lines(tile, region)).mean(axis=0, keepdims=True)
    return project(_to_px(grid, pose, view), at)[0]


def _check(canvas, grid, poses, table, tile_id: str, view, unit) -> None:
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
            pts = [_node_point(grid, poses, n, view) for n in link.chain]
            pts = [p for p in pts if p is not None]
            colour = ASTERION if link.what == "asterion" else CHECK
            for a, b in itertools.pairwise(pts):
                cv2.arrowedLine(canvas, _pt(a), _pt(b), colour, width, cv2.LINE_AA,
                                tipLength=min(0.3, 20 * unit / max(1.0, float(
                                    np.linalg.norm(b - a)))))
            if link.exit is not None:
                x, y, d = link.exit
                _exit_arrow(canvas, grid, (x, y), d, view, CHECK, unit)
        if c.prisoner.tile in poses:
            p = _node_point(grid, poses, (c.prisoner.tile, c.prisoner.region), view)
            if p is not None:
                cv2.circle(canvas, _pt(p), round(16 * unit), CHECK, width, cv2.LINE_AA)
                _label(canvas, f"check {tile_id}: {c.prisoner.status}",
                       (p[0], p[1] + 30 * unit), unit, CHECK)


def _problem(canvas, problem, to_px, view, unit) -> None:
    t = max(3, round(4 * unit))
    if problem.cell is not None:
        x, y = CELL * problem.cell[0], CELL * problem.cell[1]
        h = CELL / 2
        quad = project(to_px, np.array([[x - h, y - h], [x + h, y - h], [x + h, y + h],
                                        [x - h, y + h]]))
        cv2.polylines(canvas, [_pts(quad)], True, PROBLEM, t, cv2.LINE_AA)
        anchor = quad.mean(axis=0)
    elif problem.point is not None:
        anchor = project(view, np.array([problem.point]))[0]
        cv2.circle(canvas, _pt(anchor), round(25 * unit), PROBLEM, t, cv2.LINE_AA)
    else:
        return
    _label(canvas, problem.code, (anchor[0], anchor[1] + 10 * unit), unit, PROBLEM)


def _banner(canvas: np.ndarray, verdict) -> np.ndarray:
    """A white band above the picture: sure, or every problem (the first eight)."""
    unit = max(1.0, canvas.shape[1] / 1400)
    if verdict.is_certain:
        lines = ["Referee: SURE - every tile read. The score is in the text output."]
        colour = (60, 130, 30)
    else:
        n = len(verdict.problems)
        lines = [f"Referee NOT SURE: {n} problem{'s' if n != 1 else ''} (magenta) - "
                 "no final score"]
        lines += [f"- {p.code}: {p.message}" for p in verdict.problems[:8]]
        if n > 8:
            lines.append(f"... and {n - 8} more (see the text output)")
        colour = PROBLEM
    step = round(26 * unit)
    band = np.full((step * len(lines) + round(12 * unit), canvas.shape[1], 3), 255, np.uint8)
    for i, line in enumerate(lines):
        _text(band, line, (10 * unit, step * (i + 1)), 0.6 * unit, colour if i == 0 else INK)
    return np.vstack([band, canvas])


def _legend(canvas, unit) -> None:
    h = canvas.shape[0]
    items = [("X", "dead", DEAD), ("o", "escaped", ESCAPED), ("#", "trapped", TRAPPED)]
    x, y = round(12 * unit), h - round(20 * unit)
    for shape, name, colour in items:
        p = np.array([x + 8 * unit, y - 5 * unit])
        s = round(7 * unit)
        if shape == "X":
            cv2.line(canvas, _pt(p - s), _pt(p + s), colour, 2, cv2.LINE_AA)
            cv2.line(canvas, _pt(_off(p, -s, s)), _pt(_off(p, s, -s)), colour, 2, cv2.LINE_AA)
        elif shape == "o":
            cv2.circle(canvas, _pt(p), s, colour, -1, cv2.LINE_AA)
        else:
            cv2.rectangle(canvas, _pt(p - s), _pt(p + s), colour, -1)
        _text(canvas, name, (x + 20 * unit, y), 0.5 * unit, INK)
        x += round(110 * unit)
    _text(canvas, "red: Asterion's component", (x, y), 0.5 * unit, ASTERION)


def _off(p: np.ndarray, dx: float, dy: float) -> np.ndarray:
    return p + np.array([dx, dy])


def _pt(p) -> tuple[int, int]:
    return (round(float(p[0])), round(float(p[1])))


def _text(canvas, text: str, at, size: float, colour, centre: bool = False) -> None:
    thick = max(1, round(size * 2))
    (tw, th), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, size, thick)
    x, y = float(at[0]), float(at[1])
    if centre:
        x, y = x - tw / 2, y + th / 2
    cv2.putText(canvas, text, (round(x), round(y)), cv2.FONT_HERSHEY_SIMPLEX, size, colour,
                thick, cv2.LINE_AA)


def _label(canvas, text: str, at, unit: float, colour, left: bool = False) -> None:
    """Text on a white box, centred on `at` (or starting there)."""
    size = 0.45 * unit
    thick = max(1, round(unit))
    (tw, th), base = cv2.getTextSize(text, cv2.FONT_HERSHEY_SIMPLEX, size, thick)
    x = float(at[0]) if left else float(at[0]) - tw / 2
    y = float(at[1]) + th / 2
    pad = math.ceil(3 * unit)
    cv2.rectangle(canvas, (round(x) - pad, round(y - th) - pad),
                  (round(x + tw) + pad, round(y + base) + pad), WHITE, -1)
    cv2.putText(canvas, text, (round(x), round(y)), cv2.FONT_HERSHEY_SIMPLEX, size, colour,
                thick, cv2.LINE_AA)

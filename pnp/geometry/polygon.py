"""The shared kernel of the geometry layer: points, boxes and polygons (clipped as convex), in mm.

Every game's geometry and the board splitter (pnp/printing/split/) compute with these: a
`Polygon` is a tuple of points in a board or tile frame (y down, clockwise as seen), a `Box`
is (x0, y0, x1, y1).
"""

from __future__ import annotations

import math

Point = tuple[float, float]
Polygon = tuple[Point, ...]
Box = tuple[float, float, float, float]     # x0, y0, x1, y1
EPS = 1e-6


def clip(polygon: Polygon, a: float, b: float, c: float) -> Polygon:
    """Keep the part of a convex polygon where a*x + b*y <= c (Sutherland-Hodgman)."""
    return dedupe(clip_points(polygon, a, b, c))


def clip_points(polygon, a: float, b: float, c: float) -> list[Point]:
    out: list[Point] = []
    n = len(polygon)
    for k in range(n):
        p, q = polygon[k], polygon[(k + 1) % n]
        fp, fq = a * p[0] + b * p[1] - c, a * q[0] + b * q[1] - c
        if fp <= EPS:
            out.append(p)
        if (fp < -EPS and fq > EPS) or (fp > EPS and fq < -EPS):
            t = fp / (fp - fq)
            out.append((p[0] + t * (q[0] - p[0]), p[1] + t * (q[1] - p[1])))
    return out


def dedupe(points: list[Point]) -> Polygon:
    out: list[Point] = []
    for p in points:
        if not out or math.dist(p, out[-1]) > EPS:
            out.append((round(p[0], 9) + 0.0, round(p[1], 9) + 0.0))
    if len(out) > 1 and math.dist(out[0], out[-1]) <= EPS:
        out.pop()
    return tuple(out)


def clip_box(polygon: Polygon, box: Box) -> Polygon:
    x0, y0, x1, y1 = box
    for a, b, c in ((-1, 0, -x0), (1, 0, x1), (0, -1, -y0), (0, 1, y1)):
        if math.isfinite(c):
            polygon = clip(polygon, a, b, c)
            if len(polygon) < 3:
                return ()
    return polygon


def bounds(points) -> Box:
    """The smallest box holding every point."""
    xs = [p[0] for p in points]
    ys = [p[1] for p in points]
    return (min(xs), min(ys), max(xs), max(ys))


def area(polygon: Polygon) -> float:
    return abs(sum(p[0] * q[1] - q[0] * p[1]
                   for p, q in zip(polygon, polygon[1:] + polygon[:1], strict=True))) / 2


def perimeter(polygon: Polygon) -> float:
    return sum(math.dist(p, q) for p, q in zip(polygon, polygon[1:] + polygon[:1], strict=True))


def contains(polygon: Polygon, point: Point, tol: float = EPS) -> bool:
    """Inside or on the boundary of a convex polygon."""
    signs = set()
    n = len(polygon)
    for k in range(n):
        (x0, y0), (x1, y1) = polygon[k], polygon[(k + 1) % n]
        cross = (x1 - x0) * (point[1] - y0) - (y1 - y0) * (point[0] - x0)
        if abs(cross) > tol * max(1.0, math.dist(polygon[k], polygon[(k + 1) % n])):
            signs.add(cross > 0)
    return len(signs) <= 1


def inside(poly: Polygon, point: Point) -> bool:
    """Even-odd point-in-polygon test (any simple polygon, convex or not)."""
    x, y = point
    odd = False
    n = len(poly)
    for k in range(n):
        (x0, y0), (x1, y1) = poly[k], poly[(k + 1) % n]
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) / (y1 - y0) * (x1 - x0):
            odd = not odd
    return odd


def edge_distance(poly: Polygon, point: Point) -> float:
    """Distance from a point to a polygon's outline."""
    best = math.inf
    n = len(poly)
    for k in range(n):
        a, b = poly[k], poly[(k + 1) % n]
        best = min(best, segment_distance(point, a, b))
    return best


def segment_distance(p: Point, a: Point, b: Point) -> float:
    """Distance from a point to the segment a-b."""
    dx, dy = b[0] - a[0], b[1] - a[1]
    length2 = dx * dx + dy * dy
    t = 0.0 if length2 == 0 else max(0.0, min(1.0, ((p[0] - a[0]) * dx + (p[1] - a[1]) * dy)
                                              / length2))
    return math.dist(p, (a[0] + t * dx, a[1] + t * dy))


def is_convex(polygon: Polygon) -> bool:
    n = len(polygon)
    turns = set()
    for k in range(n):
        (ax, ay), (bx, by), (cx, cy) = polygon[k], polygon[(k + 1) % n], polygon[(k + 2) % n]
        cross = (bx - ax) * (cy - by) - (by - ay) * (cx - bx)
        if abs(cross) > EPS:
            turns.add(cross > 0)
    return n >= 3 and len(turns) == 1


def inward_normals(polygon: Polygon) -> list[tuple[Point, float, float]]:
    """Each edge as (its start, inward unit normal x, y) of a convex polygon."""
    cx = sum(p[0] for p in polygon) / len(polygon)
    cy = sum(p[1] for p in polygon) / len(polygon)
    out = []
    for k, p in enumerate(polygon):
        q = polygon[(k + 1) % len(polygon)]
        length = math.dist(p, q)
        nx, ny = (q[1] - p[1]) / length, (p[0] - q[0]) / length
        if nx * (cx - p[0]) + ny * (cy - p[1]) < 0:
            nx, ny = -nx, -ny
        out.append((p, nx, ny))
    return out


def grow(polygon: Polygon, d: float) -> Polygon:
    """A convex polygon with every edge pushed `d` mm outwards (inwards if negative),
    corners mitred: the outline of the art with `d` mm of bleed."""
    lines = [(nx, ny, nx * p[0] + ny * p[1] - d) for p, nx, ny in inward_normals(polygon)]
    out = []
    for k in range(len(lines)):
        (a1, b1, c1), (a2, b2, c2) = lines[k - 1], lines[k]
        det = a1 * b2 - a2 * b1
        out.append(((c1 * b2 - c2 * b1) / det, (a1 * c2 - a2 * c1) / det))
    return dedupe(out)


def regular_polygon(centre: Point, radius: float, sides: int, turn: float = 0.0) -> Polygon:
    """A regular polygon with corners `radius` from the centre, the first straight up
    (board north, -y) turned `turn` degrees clockwise: a round board's cut outline."""
    out = []
    for k in range(sides):
        a = math.radians(turn + 360.0 * k / sides)
        out.append((centre[0] + radius * math.sin(a), centre[1] - radius * math.cos(a)))
    return dedupe(out)


def inward_distances(polygon: Polygon, point: Point) -> list[float]:
    """Signed distance from `point` to each edge line of a convex polygon (positive
    inside)."""
    return [nx * (point[0] - p[0]) + ny * (point[1] - p[1])
            for p, nx, ny in inward_normals(polygon)]


def box_gap(a: Box, b: Box) -> float:
    """Distance between two boxes (negative when they overlap)."""
    dx = max(b[0] - a[2], a[0] - b[2])
    dy = max(b[1] - a[3], a[1] - b[3])
    if dx < 0 and dy < 0:
        return max(dx, dy)
    return math.hypot(max(dx, 0.0), max(dy, 0.0))


def steps(lo: float, hi: float, step: float) -> list[float]:
    """lo, lo + step, ... up to hi: the candidate positions of a scan."""
    n = int((hi - lo) // step)
    return [lo + step * k for k in range(n + 1)]


def clockwise(polygon: Polygon) -> bool:
    """Clockwise as seen on the board (y down): positive shoelace sum."""
    return sum(p[0] * q[1] - q[0] * p[1]
               for p, q in zip(polygon, polygon[1:] + polygon[:1], strict=True)) > 0


def quiet_box(centre: Point, quiet: float) -> Box:
    """The square of side `quiet` centred on `centre`: a marker with its quiet zone."""
    h = quiet / 2
    return (centre[0] - h, centre[1] - h, centre[0] + h, centre[1] + h)


def strip_cover(polygons: list[Polygon], step: float) -> tuple[Box, ...]:
    """Boxes that together hold every (convex) polygon: the polygons cut into strips `step`
    mm tall, in each strip one box per run of overlapping polygons, a box carried on down
    while the strips below it keep its extent. What shapes leave blank of their bounding
    box mostly stays outside the boxes."""
    _x0, y0, _x1, y1 = bounds([p for poly in polygons for p in poly])
    rows = max(1, math.ceil((y1 - y0) / step - EPS))
    done: list[Box] = []
    open_boxes: list[Box] = []
    for k in range(rows):
        top, bottom = y0 + k * step, min(y1, y0 + (k + 1) * step)
        runs = _runs([clip_box(poly, (-math.inf, top, math.inf, bottom)) for poly in polygons])
        carried = []
        for a, b in runs:
            same = next((o for o in open_boxes if abs(o[0] - a) < EPS and abs(o[2] - b) < EPS),
                        None)
            carried.append((a, same[1] if same else top, b, bottom))
        done += [o for o in open_boxes
                 if not any(abs(o[0] - c[0]) < EPS and abs(o[2] - c[2]) < EPS for c in carried)]
        open_boxes = carried
    return tuple(done + open_boxes)


def _runs(parts: list[Polygon]) -> list[tuple[float, float]]:
    """The x extents of polygons, overlapping ones joined, left to right."""
    spans = sorted((min(p[0] for p in part), max(p[0] for p in part)) for part in parts
                   if part)
    runs: list[tuple[float, float]] = []
    for a, b in spans:
        if runs and a <= runs[-1][1] + EPS:
            runs[-1] = (runs[-1][0], max(runs[-1][1], b))
        else:
            runs.append((a, b))
    return runs

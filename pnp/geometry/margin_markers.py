"""Markers for a board without a natural place for them: spread along the margin between
its spaces and its outline."""

from __future__ import annotations

import math

from pnp.geometry.polygon import (
    EPS,
    Box,
    Point,
    Polygon,
    area,
    box_gap,
    clockwise,
    contains,
    inward_normals,
    steps,
)


def margin_spots(outline: Polygon, cells: tuple[Box, ...], quiet: float, count: int,
                 clear_gap: float = 4.0, edge_gap: float = 3.0,
                 step: float = 1.0) -> tuple[Point, ...]:
    """Up to `count` centres for upright markers whose quiet zone (a square of side
    `quiet`) lies `edge_gap` inside the outline and `clear_gap` clear of every cell,
    spread evenly round the margin clockwise from the top (board north). Fewer when the
    margin has no room for more. Deterministic; pass the result to `Board.markers` (as
    quiet boxes) so that no cut runs through them."""
    h = quiet / 2
    # The path of a centre that keeps the quiet square `edge_gap` inside each edge.
    lines = [(nx, ny, nx * p[0] + ny * p[1] + edge_gap + h * (abs(nx) + abs(ny)))
             for p, nx, ny in inward_normals(outline)]
    path = []
    for k in range(len(lines)):
        (a1, b1, c1), (a2, b2, c2) = lines[k - 1], lines[k]
        det = a1 * b2 - a2 * b1
        path.append(((c1 * b2 - c2 * b1) / det, (a1 * c2 - a2 * c1) / det))
    start = min(range(len(path)), key=lambda k: (path[k][1], path[k][0]))
    path = path[start:] + path[:start]
    if area(tuple(path)) <= 0 or not all(contains(outline, p) for p in path):
        return ()
    samples: list[tuple[float, Point]] = []
    run = 0.0
    for k, p in enumerate(path):
        q = path[(k + 1) % len(path)]
        length = math.dist(p, q)
        for t in steps(0.0, length - EPS, step) if length > EPS else []:
            point = (p[0] + (q[0] - p[0]) * t / length, p[1] + (q[1] - p[1]) * t / length)
            samples.append((run + t, point))
        run += length
    if clockwise(tuple(path)) is False:
        samples = [samples[0]] + [(run - s, pt) for s, pt in reversed(samples[1:])]

    def free(point: Point) -> bool:
        box = (point[0] - h, point[1] - h, point[0] + h, point[1] + h)
        return all(box_gap(box, cell) >= clear_gap for cell in cells)

    free_samples = [(s, pt) for s, pt in samples if free(pt)]
    chosen: list[Point] = []
    for k in range(count):
        target = run * k / max(count, 1)
        options = sorted(free_samples, key=lambda sp: (abs(sp[0] - target), sp[0]))
        for _s, point in options:
            if all(max(abs(point[0] - c[0]), abs(point[1] - c[1])) >= quiet + clear_gap
                   for c in chosen):
                chosen.append(point)
                break
    return tuple((round(x, 6) + 0.0, round(y, 6) + 0.0) for x, y in chosen)

"""Constructo's printed geometry (pure): sizes from the ruling, markers clear of a ring and
inside the tile, marker ids, the assembled board."""

from __future__ import annotations

import itertools
import math
import subprocess
import sys

import pytest

from pnp import markers
from pnp.geometry import constructo as g
from pnp.rules.constructo import PATTERNS
from pnp.rules.constructo.hexes import is_adjacent

# docs/rules/constructo.md#components, written out here on purpose: the
# layout must say the same.
RULED = {"ring": (44.0, 26.0), "medium": (34.0, 0.0), "small": (20.0, 0.0)}
ACROSS_FLATS = 60.0


def _inside_hex(point, apothem: float) -> bool:
    """Is a point inside a flat-topped hexagon of this apothem (tile frame)?"""
    x, y = point
    return all(x * math.cos(math.radians(a)) + y * math.sin(math.radians(a)) <= apothem + 1e-9
               for a in range(30, 360, 60))


def _segment_distance(p, q) -> float:
    """Distance from the origin to the segment pq."""
    (px, py), (qx, qy) = p, q
    dx, dy = qx - px, qy - py
    t = max(0.0, min(1.0, -(px * dx + py * dy) / (dx * dx + dy * dy)))
    return math.hypot(px + t * dx, py + t * dy)


def test_sizes_are_the_rulings():
    specs = g.piece_specs()
    assert list(specs) == ["ring", "medium", "small"]
    for kind, (diameter, hole) in RULED.items():
        assert (specs[kind].diameter, specs[kind].hole) == (diameter, hole)
        assert specs[kind].count == 3
        assert g.piece_radius(kind) == diameter / 2
    spec = g.tile_spec()
    assert spec.count == 9 and spec.across_flats == ACROSS_FLATS
    assert spec.width == pytest.approx(ACROSS_FLATS / math.cos(math.radians(30)))


def test_hex_outline_is_60_mm_across_flats_and_grows_by_the_bleed():
    for grow in (0.0, 2.0):
        points = g.hex_outline(grow, (5.0, 7.0))
        centre = (sum(p[0] for p in points) / 6, sum(p[1] for p in points) / 6)
        assert centre == pytest.approx((5.0, 7.0))
        for a, b in itertools.pairwise((*points, points[0])):
            mid = ((a[0] + b[0]) / 2 - 5.0, (a[1] + b[1]) / 2 - 7.0)
            assert math.hypot(*mid) == pytest.approx(ACROSS_FLATS / 2 + grow)
    # flat side up: the top edge is horizontal
    top = [p for p in g.hex_outline() if p[1] < -1]
    assert len(top) == 2 and top[0][1] == pytest.approx(top[1][1])


def test_every_marker_is_clear_of_a_centred_44_mm_ring_and_inside_the_tile():
    spec = g.tile_spec()
    places = g.marker_places()
    assert [p.corner for p in places] == ["E", "SW", "NW"]
    for place in places:
        quiet = place.quiet
        # nothing of the quiet zone within the ring's radius (plus the layout's slop)
        edges = list(itertools.pairwise((*quiet, quiet[0])))
        assert min(_segment_distance(a, b) for a, b in edges) >= RULED["ring"][0] / 2
        assert min(_segment_distance(a, b) for a, b in edges) == pytest.approx(
            spec.clear_radius)
        # the quiet zone keeps one more module of tile to the cut edge
        assert all(_inside_hex(p, spec.apothem - spec.module + 1e-6) for p in quiet)
        # the black square: modules x module, centred, its corners in ArUco's order
        side = [math.dist(a, b) for a, b in itertools.pairwise((*place.corners,
                                                               place.corners[0]))]
        assert side == pytest.approx([spec.modules * spec.module] * 4)
        centre = tuple(sum(c[i] for c in place.corners) / 4 for i in (0, 1))
        assert centre == pytest.approx(place.centre)
        # clockwise on the page (y down): top-left, top-right, bottom-right, bottom-left
        (ax, ay), (bx, by), (cx, cy) = place.corners[:3]
        assert (bx - ax) * (cy - by) - (by - ay) * (cx - bx) > 0
    # the markers sit in the corners, well apart
    for a, b in itertools.combinations(places, 2):
        assert math.dist(a.centre, b.centre) > 40


def test_marker_ids_are_constructos_own_and_map_back():
    seen = set()
    for number in g.tile_numbers():
        ids = g.tile_marker_ids(number)
        assert len(ids) == 3
        for marker_id, corner in zip(ids, g.tile_spec().corners, strict=True):
            assert markers.owner(marker_id) == ("constructo", "tiles")
            assert g.tile_for_marker(marker_id) == (number, corner)
        seen |= set(ids)
    assert len(seen) == 27
    assert g.tile_for_marker(markers.marker_ids("asterion", "tiles").start) is None
    with pytest.raises(ValueError, match="no tile 10"):
        g.tile_marker_ids(10)


def test_piece_ids_round_trip():
    assert g.parse_piece_id(g.piece_id("black", "medium", 2)) == ("black", "medium")
    assert g.parse_piece_id(g.piece_id("white", "ring")) == ("white", "ring")
    with pytest.raises(ValueError):
        g.parse_piece_id("tile-3")


def test_a_black_pieces_dots_stay_on_its_face():
    for kind, spec in g.piece_specs().items():
        dots = g.dot_centres(kind)
        assert len(dots) == spec.dots
        for x, y in dots:
            r = math.hypot(x, y)
            assert spec.hole_radius < r - spec.dot and r + spec.dot < spec.radius


@pytest.mark.parametrize("pattern", sorted(PATTERNS))
def test_board_centres_touch_exactly_where_the_rules_say_tiles_are_adjacent(pattern):
    centres = g.board_centres(pattern)
    assert set(centres) == set(PATTERNS[pattern])
    for a, b in itertools.combinations(centres, 2):
        distance = math.dist(centres[a], centres[b])
        if is_adjacent(a, b):
            assert distance == pytest.approx(ACROSS_FLATS)
        else:
            assert distance > ACROSS_FLATS + 1


def test_the_geometry_imports_no_drawing_library():
    code = ("import sys, pnp.geometry.constructo, pnp.printing.constructo; "
            "bad = [m for m in ('reportlab', 'cv2', 'numpy') if m in sys.modules]; "
            "print(bad); sys.exit(1 if bad else 0)")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr

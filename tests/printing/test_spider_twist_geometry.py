"""Spider Twist's board geometry (pure, shared with the referee): nodes where the ruling's
webs put them, room for the tokens, areas and markers in the margin, and the split."""

from __future__ import annotations

import itertools
import math

import pytest

from pnp import markers
from pnp.geometry import spider_twist as geometry
from pnp.geometry.polygon import area, contains, edge_distance, inside, segment_distance
from pnp.printing.placement import furniture, papers
from pnp.printing.spider_twist import board
from pnp.rules.spider_twist import get_web

SPEC = geometry.spec()
SIDES = geometry.SIDES


def angle_of(point) -> float:
    """Degrees clockwise from board north (y down)."""
    return math.degrees(math.atan2(point[0], -point[1])) % 360


@pytest.mark.parametrize("side", SIDES)
def test_every_node_of_the_rules_web_has_a_centre_and_c_is_the_origin(side):
    centres = geometry.node_centres(side)
    assert list(centres) == list(get_web(side).nodes)
    assert len(centres) == 51 and centres["C"] == (0.0, 0.0)


@pytest.mark.parametrize("side", SIDES)
def test_spokes_run_clockwise_from_the_top(side):
    web = get_web(side)
    for node, point in geometry.node_centres(side).items():
        spoke = web.spot(node).spoke
        if spoke is not None:
            assert angle_of(point) == pytest.approx(36.0 * spoke, abs=1e-6), node
    # spoke 0 straight up, spoke 1 to its right (clockwise as seen)
    top = geometry.node_centre(side, web.entry[0])
    right = geometry.node_centre(side, web.entry[1])
    assert top[0] == pytest.approx(0.0) and top[1] < 0 and right[0] > 0


def test_rings_are_concentric_with_ring_1_outermost():
    for ring in range(1, 6):
        radii = {round(math.hypot(*geometry.node_centre("rings", f"S{s}R{ring}")), 6)
                 for s in range(10)}
        assert radii == {round(SPEC.outer_radius - (ring - 1) * SPEC.ring_gap, 6)}


def test_the_spiral_winds_inwards_five_turns_from_p0_outermost_on_spoke_0():
    radii = [math.hypot(*geometry.node_centre("spiral", f"P{k}")) for k in range(50)]
    assert radii[0] == pytest.approx(SPEC.outer_radius) == max(radii)
    assert all(a > b for a, b in itertools.pairwise(radii))          # always inwards
    # one turn (ten nodes, once across every spoke) brings it one ring gap in
    for k in range(40):
        assert radii[k] - radii[k + 10] == pytest.approx(SPEC.ring_gap)
    assert angle_of(geometry.node_centre("spiral", "P0")) == pytest.approx(0.0)
    crossings = [get_web("spiral").spot(f"P{k}").spoke for k in range(50)]
    assert all(crossings[t * 10:(t + 1) * 10] == list(range(10)) for t in range(5))


@pytest.mark.parametrize("side", SIDES)
def test_a_male_a_third_off_his_node_leaves_every_other_node_uncovered(side):
    """The token rule: a male may lie up to a third of his width off his node; he must not
    cover any other node's dot (a token is a disc; the dot has `node_radius`)."""
    centres = list(geometry.node_centres(side).values())
    closest = min(math.dist(a, b) for a, b in itertools.combinations(centres, 2))
    reach = SPEC.male / 2 + SPEC.male / 3
    assert closest >= reach + SPEC.node_radius
    # and two males squarely on neighbouring nodes do not overlap
    assert closest >= SPEC.male


@pytest.mark.parametrize("side", SIDES)
def test_strands_join_their_nodes_and_spokes_carry_every_spoke_edge(side):
    web = get_web(side)
    centres = geometry.node_centres(side)
    spokes = geometry.spoke_paths(side)
    for edge in web.edges:
        start, _control, end = geometry.edge_curve(side, edge.a, edge.b)
        assert (start, end) == (centres[edge.a], centres[edge.b])
        if edge.kind == "spoke":
            spoke = web.spot(edge.a).spoke
            (x0, y0), (x1, y1) = spokes[spoke]
            for p in (start, end):     # on the spoke's straight line, between C and its end
                cross = (x1 - x0) * (p[1] - y0) - (y1 - y0) * (p[0] - x0)
                assert abs(cross) < 1e-3 and math.hypot(*p) <= SPEC.spoke_end
    strands = geometry.strand_paths(side)
    assert len(strands) == (5 if side == "rings" else 1)
    on_strands = {p for path in strands for p in path}
    assert all(p in on_strands for n, p in centres.items() if n != "C")


def test_a_strand_bows_towards_c():
    start, control, end = geometry.edge_curve("rings", "S0R1", "S1R1")
    middle = ((start[0] + end[0]) / 2, (start[1] + end[1]) / 2)
    assert math.hypot(*control) < math.hypot(*middle)
    with pytest.raises(ValueError, match="not joined"):
        geometry.edge_curve("rings", "S0R1", "S2R1")


def test_the_web_and_tokens_on_it_stay_clear_of_the_areas_and_markers():
    x0, y0, x1, y1 = geometry.board_box()
    room = SPEC.male * (0.5 + SPEC.off_node)
    for side in SIDES:
        for node, (x, y) in geometry.node_centres(side).items():
            assert x0 + room <= x <= x1 - room and y0 + room <= y <= y1 - room, node
            assert math.hypot(x, y) + room < SPEC.area_radius, node
            for m in geometry.board_markers(side):
                bx0, by0, bx1, by1 = m.quiet_box()
                dx = max(bx0 - x, 0.0, x - bx1)
                dy = max(by0 - y, 0.0, y - by1)
                assert math.hypot(dx, dy) > room, (node, m.name)


def test_four_areas_one_mated_and_one_eaten_per_player_inside_the_board():
    areas = geometry.areas()
    assert sorted((a.colour, a.kind) for a in areas) == [
        ("black", "eaten"), ("black", "mated"), ("white", "eaten"), ("white", "mated")]
    box = geometry.board_box()
    for a in areas:
        assert all(box[0] < x < box[2] and box[1] < y < box[3] for x, y in a.polygon)
        # white sits at the south edge (titles read from there), black at the north
        south = a.colour == "white"
        assert all((y > 0) == south for _x, y in a.polygon)
        assert a.angle == (0.0 if south else 180.0)
        # room for every male, each slot inside, none overlapping
        assert len(a.slots) == 10
        for p in a.slots:
            assert inside(a.polygon, p)
            assert edge_distance(a.polygon, p) >= SPEC.male / 2
        assert min(math.dist(p, q) for p, q in itertools.combinations(a.slots, 2)) \
            >= SPEC.male
    # each player's mated area on his left: white faces north, black faces south
    assert geometry.area("white", "mated").title_at[0] < 0
    assert geometry.area("black", "mated").title_at[0] > 0


def test_markers_sit_in_the_margin_clear_of_the_areas_each_side_its_own_ids():
    seen = set()
    x0, y0, x1, y1 = geometry.board_box()
    for side in SIDES:
        ms = geometry.board_markers(side)
        assert [m.name for m in ms] == list(geometry.MARKER_NAMES)
        for m in ms:
            assert markers.owner(m.id) == ("spider-twist", side)
            assert geometry.marker_side(m.id) == side
            bx0, by0, bx1, by1 = m.quiet_box()
            gap = SPEC.marker_edge_gap - 1e-9
            assert bx0 - x0 >= gap and by0 - y0 >= gap and x1 - bx1 >= gap and y1 - by1 >= gap
            for a in geometry.areas():
                corners = ((bx0, by0), (bx1, by0), (bx1, by1), (bx0, by1))
                assert not any(inside(a.polygon, c) for c in corners)
                assert min(edge_distance(a.polygon, c) for c in corners) \
                    >= SPEC.marker_clear_gap - 1e-6
        seen |= {m.id for m in ms}
    assert len(seen) == 12
    assert geometry.marker_side(markers.marker_ids("asterion", "board").start) is None


def test_no_token_lies_on_a_marker():
    """The markers' quiet zones lie where no token goes: a male in an area's place, or
    the female (the largest) on any node, each as far off it as a token may lie."""
    female_reach = SPEC.female * (0.5 + SPEC.off_node)
    for side in SIDES:
        places = [(p, female_reach) for p in geometry.node_centres(side).values()]
        places += [(p, SPEC.male_reach) for a in geometry.areas() for p in a.slots]
        for m in geometry.board_markers(side):
            bx0, by0, bx1, by1 = m.quiet_box()
            for (x, y), reach in places:
                gap = math.hypot(max(bx0 - x, 0.0, x - bx1), max(by0 - y, 0.0, y - by1))
                assert gap >= reach, (side, m.name, (x, y))


def _crosses(a, b, c, d) -> bool:
    """Whether segments a-b and c-d cross (each one's ends on opposite sides of the other)."""
    def side(p, q, r):
        return (q[0] - p[0]) * (r[1] - p[1]) - (q[1] - p[1]) * (r[0] - p[0])
    return side(a, b, c) * side(a, b, d) < 0 and side(c, d, a) * side(c, d, b) < 0


def box_polygon_gap(box, polygon) -> float:
    """The shortest distance between a box and a simple polygon (either may be concave
    or notched): 0 where they overlap or touch."""
    x0, y0, x1, y1 = box
    square = [(x0, y0), (x1, y0), (x1, y1), (x0, y1)]
    if any(inside(polygon, c) for c in square) or any(inside(square, v) for v in polygon):
        return 0.0
    edges = list(zip(polygon, polygon[1:] + polygon[:1], strict=True))
    sides = list(zip(square, square[1:] + square[:1], strict=True))
    if any(_crosses(a, b, c, d) for a, b in edges for c, d in sides):
        return 0.0
    return min(min(segment_distance(v, c, d) for v in polygon for c, d in sides),
               min(segment_distance(c, a, b) for c in square for a, b in edges))


def test_box_polygon_gap_sees_a_box_across_an_edge_or_in_a_notch():
    notched = [(0, 0), (10, 0), (10, 6), (6, 6), (6, 10), (0, 10)]    # an L
    assert box_polygon_gap((7, 7, 9, 9), notched) == pytest.approx(1.0)   # in the notch
    assert box_polygon_gap((5, 5, 7, 7), notched) == 0.0      # a vertex of the L inside it
    assert box_polygon_gap((-1, 4, 11, 5), notched) == 0.0    # across, no corner inside
    assert box_polygon_gap((12, 2, 14, 3), notched) == pytest.approx(2.0)


def test_no_male_anywhere_in_an_area_comes_near_a_marker():
    """A male lies anywhere in an area, his whole body inside it (not only on a slot):
    every marker's quiet zone keeps the layout's clear gap from the whole outline of every
    area, notches round the corner markers included."""
    for side in SIDES:
        for m in geometry.board_markers(side):
            for a in geometry.areas():
                gap = box_polygon_gap(m.quiet_box(), list(a.polygon))
                assert gap >= SPEC.marker_clear_gap - 1e-6, (side, m.name, a.colour, a.kind)


def test_marker_corners_are_upright_in_opencv_order():
    m = geometry.board_markers("rings")[0]
    tl, tr, br, bl = m.corners
    assert tl[0] < tr[0] and tl[1] == tr[1] and br[1] > tr[1] and bl[0] == tl[0]
    assert tr[0] - tl[0] == pytest.approx(SPEC.marker_module * 7)


def test_cut_lines_miss_every_node_of_both_sides():
    cuts_x, cuts_y = geometry.cut_lines()
    assert -SPEC.cut_gap in cuts_x and SPEC.cut_gap in cuts_x
    points = list(geometry.node_centres("rings").values())
    points += [(-x, y) for x, y in geometry.node_centres("spiral").values()]
    for c in cuts_x:
        assert min(abs(p[0] - c) for p in points) >= SPEC.node_radius
    for c in cuts_y:
        assert min(abs(p[1] - c) for p in points) >= SPEC.node_radius


# --- The split -----------------------------------------------------------------------------

@pytest.mark.parametrize(("paper", "bleed", "sheets"),
                         [("a4", 2.0, 2), ("letter", 2.0, 2), ("a3", 2.0, 1), ("a4", 0.0, 2),
                          ("a4", 5.0, 3)])
def test_the_board_splits_into_the_fewest_sheets_butt_joined(paper, bleed, sheets):
    b = board.web_board()
    pieces = board.plan(papers()[paper], bleed, furniture())
    assert len(pieces) == sheets
    assert sum(area(p.polygon) for p in pieces) == pytest.approx(area(b.outline))
    margin = furniture().printer_margin
    for p in pieces:
        assert not p.landscape and not p.tabs                # duplex-safe, no glue tabs
        assert p.turned == (paper == "a3")                   # whole, turned on its sheet
        width, height = (p.height, p.width) if p.turned else (p.width, p.height)
        assert width <= papers()[paper].width - 2 * margin + 1e-6
        assert height <= papers()[paper].height - 2 * margin + 1e-6
        for value in p.rect:
            assert not math.isfinite(value) or value in (*b.cuts_x, *b.cuts_y)
    for box in b.markers:                                    # markers of both sides whole
        corners = ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))
        assert sum(all(contains(p.polygon, c) for c in corners) for p in pieces) == 1


def test_the_board_never_fits_fewer_sheets_than_its_area_needs():
    w, h = SPEC.width, SPEC.height
    for paper in ("a4", "letter", "a3"):
        sheet = papers()[paper]
        m = furniture().printer_margin
        assert w > sheet.width - 2 * m                       # one upright sheet is impossible
        turned = w + 4.0 <= sheet.height - 2 * m and h + 4.0 <= sheet.width - 2 * m
        assert turned == (paper == "a3")
        assert len(board.plan(sheet, 2.0, furniture())) == (1 if turned else 2)
    assert h <= papers()["letter"].height - 2 * furniture().printer_margin - 4.0

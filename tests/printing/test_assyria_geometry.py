"""Assyria's board geometry (pnp/geometry/assyria.py), pure: hexes, wells, rivers,
tracks, unused areas, markers, and the cut lines and plans of the split into sheets.

Expected numbers come from the rules (docs/rules/assyria.md#components,
#player-count) and from plane geometry, not from the code under test."""

from __future__ import annotations

import itertools
import math

import pytest

from pnp import markers
from pnp.geometry import assyria as geo
from pnp.geometry.polygon import area, contains
from pnp.printing.assyria.board import plan, split_board
from pnp.printing.placement import furniture, papers
from pnp.rules.assyria.board import board as rules_board

R = geo.spec().side
VU = math.sqrt(3) / 2 * R
HEXES = geo.hexes()
EPS = 1e-6


def overlap(a, b) -> bool:
    return a[0] < b[2] - EPS and b[0] < a[2] - EPS and a[1] < b[3] - EPS and b[1] < a[3] - EPS


def in_polygon(poly, point) -> bool:
    """Ray casting: any simple polygon (the unused areas are not convex)."""
    x, y = point
    hit = False
    for (x0, y0), (x1, y1) in zip(poly, poly[1:] + poly[:1], strict=True):
        if (y0 > y) != (y1 > y) and x < x0 + (y - y0) * (x1 - x0) / (y1 - y0):
            hit = not hit
    return hit


def inside(box, outer, tol: float = EPS) -> bool:
    return (box[0] >= outer[0] - tol and box[1] >= outer[1] - tol and box[2] <= outer[2] + tol
            and box[3] <= outer[3] + tol)


# --- Hexes, wells, rivers ----------------------------------------------------------------

def test_the_hexes_are_the_rules_cores_in_its_order():
    core = rules_board().hexes
    assert len(HEXES) == 64
    assert [(h.index, h.name, h.q, h.r, h.food, h.region) for h in HEXES] == [
        (h.index, h.name, h.q, h.r, h.food, h.region) for h in core]
    # ruling "Components": 10 columns of 6,6,7,6,7,6,7,6,7,6 hexes
    assert [sum(1 for h in HEXES if h.q == q) for q in range(10)] == [6, 6, 7, 6, 7, 6, 7, 6,
                                                                      7, 6]


def test_neighbours_touch_and_no_two_hexes_overlap():
    """Flat-topped hexes of side R: neighbours' centres sqrt(3) R apart, every other pair
    at least 3 R apart (two steps)."""
    by_index = {h.index: h for h in HEXES}
    for h in HEXES:
        for n in rules_board().neighbours[h.index]:
            assert math.dist(h.centre, by_index[n].centre) == pytest.approx(math.sqrt(3) * R)
    for a, b in itertools.combinations(HEXES, 2):
        if b.index not in rules_board().neighbours[a.index]:
            assert math.dist(a.centre, b.centre) >= 3 * R - EPS


def test_hexes_lie_on_the_map_with_columns_one_and_a_half_sides_apart():
    frame = geo.map_frame()
    for h in HEXES:
        assert inside(h.box, frame)
        assert h.box[2] - h.box[0] == pytest.approx(2 * R)
        assert h.box[3] - h.box[1] == pytest.approx(2 * VU)
    xs = sorted({round(h.centre[0], 6) for h in HEXES})
    assert len(xs) == 10
    assert all(b - a == pytest.approx(1.5 * R) for a, b in itertools.pairwise(xs))


def test_wells_sit_on_the_common_corner_of_their_three_hexes():
    wells = geo.wells()
    assert len(wells) == 58                             # ruling "Components"
    core = rules_board()
    for w in wells:
        vertex = core.vertices[w.index]
        assert w.name == vertex.name
        for k in vertex.hexes:
            assert math.dist(w.at, HEXES[k].centre) == pytest.approx(R)
            assert HEXES[k].region != "between"
    # distinct places
    assert len({(round(w.at[0], 6), round(w.at[1], 6)) for w in wells}) == 58


def test_each_river_runs_through_its_hex_in_every_column_edge_to_edge():
    frame = geo.map_frame()
    for river in ("upper", "lower"):
        path = geo.river_path(river)
        assert path[0][0] == pytest.approx(frame[0]) and path[-1][0] == pytest.approx(frame[2])
        centres = path[1:-1]
        on_river = sorted((h for h in HEXES if h.region == river), key=lambda h: h.q)
        assert [h.q for h in on_river] == list(range(10))
        assert list(centres) == [h.centre for h in on_river]
        for a, b in itertools.pairwise(centres):       # each step to a neighbouring hex
            assert math.dist(a, b) == pytest.approx(math.sqrt(3) * R)
    with pytest.raises(ValueError, match="no river"):
        geo.river_path("euphrates")


@pytest.mark.parametrize(("players", "in_play"), [(3, 51), (2, 38)])
def test_the_unused_area_holds_exactly_the_columns_out_of_play(players, in_play):
    """Ruling "Player count": 3 players columns 0-7 (51 hexes), 2 players 0-5 (38)."""
    area = geo.unused_area(players)
    unused = [h for h in HEXES if in_polygon(area, h.centre)]
    assert len(HEXES) - len(unused) == in_play
    assert {h.q for h in unused} == set(range({3: 8, 2: 6}[players], 10))
    assert geo.unused_area(4) == ()
    # the boundary runs along hex edges: every point of it is a corner of a first unused hex
    corners = {(round(x, 6), round(y, 6)) for h in unused for x, y in h.corners}
    line = geo.unused_boundary(players)
    assert all((round(x, 6), round(y, 6)) in corners for x, y in line[1:-1])


# --- Tracks and spaces -------------------------------------------------------------------

def test_the_score_track_is_a_ring_of_100_spaces_round_the_board():
    spaces = geo.score_spaces()
    assert [s.value for s in spaces] == list(range(100))
    for a, b in itertools.pairwise([*spaces, spaces[0]]):     # each next to the last
        ax0, ay0, ax1, ay1 = a.box
        bx0, by0, bx1, by1 = b.box
        share_x = abs(ax1 - bx0) < EPS or abs(bx1 - ax0) < EPS
        share_y = abs(ay1 - by0) < EPS or abs(by1 - ay0) < EPS
        assert share_x != share_y, (a.id, b.id)
    assert spaces[0].box[:2] == (geo.spec().margin, geo.spec().margin)   # 0 top-left


def test_tracks_carry_the_rulings_numbers():
    assert [s.value for s in geo.camel_spaces()] == list(range(11))
    offerings = geo.offering_spaces()
    assert [s.value for s in offerings] == list(range(8))
    assert [s.get("multiplier") for s in offerings] == [0, 1, 2, 2, 3, 3, 3, 4]
    assert [s.value for s in geo.turn_spaces()] == [1, 2, 3, 4]
    assert [s.value for s in geo.harvest_spaces()] == [1, 2, 3, 4, 5]
    ashur = geo.ashur_spaces()
    tiers = {t: [s for s in ashur if s.get("tier") == t] for t in ("high", "middle", "low")}
    assert {t: len(v) for t, v in tiers.items()} == {"high": 3, "middle": 4, "low": 6}
    assert {t: {s.get("cost") for s in v} for t, v in tiers.items()} == {
        "high": {4}, "middle": {3}, "low": {2}}
    # a temple: high on top, then middle, then low
    assert (tiers["high"][0].box[1] < tiers["middle"][0].box[1] < tiers["low"][0].box[1])
    assert [s.value for s in geo.expansion_slots()] == [1, 2, 3, 4]


def test_card_slots_hold_a_card_and_expansion_cards_leave_their_value_strip_in_view():
    w, h = geo.spec().card_w, geo.spec().card_h
    slots = [*geo.expansion_slots(), geo.plough_slot()]
    for s in slots:
        assert s.box[2] - s.box[0] >= w and s.box[3] - s.box[1] >= h
    exp = geo.expansion_slots()
    for a, b in itertools.pairwise(exp):
        assert b.box[0] - a.box[0] >= 10.0       # the strip with the value (cards: 9 mm)


def test_no_two_spaces_overlap_and_all_lie_inside_their_areas():
    spaces = [s for s in geo.track_spaces() if s.kind != "expansion"]
    for a, b in itertools.combinations(spaces, 2):
        assert not overlap(a.box, b.box), (a.id, b.id)
    inner = geo.unit_box(0, 0, *geo.inner_units())
    for s in spaces:
        if s.kind != "score":
            assert inside(s.box, inner), s.id
            assert not overlap(s.box, geo.map_frame()), s.id


# --- Markers -----------------------------------------------------------------------------

def test_markers_use_the_games_whole_block_and_stay_in_the_margin():
    ms = geo.markers()
    block = markers.marker_ids("assyria", "board")
    assert [m.id for m in ms] == list(block)
    assert all(markers.owner(m.id) == ("assyria", "board") for m in ms)
    w, h = geo.board_size()
    m = geo.spec().margin
    track = (m, m, w - m, h - m)
    for marker in ms:
        q = marker.quiet_box()
        assert inside(q, (0.0, 0.0, w, h), tol=-2.0)           # 2 mm inside the edge
        assert not overlap(q, track), marker.name
    for a, b in itertools.combinations(ms, 2):
        assert not overlap(a.quiet_box(), b.quiet_box())
    # all four sides and corners carry some
    names = {marker.name.split()[0] for marker in ms}
    assert names == {"corner", "top", "right", "bottom", "left"}


def test_no_piece_lies_on_a_marker():
    """The markers' quiet zones lie where no piece goes: 2 mm or more clear of every
    space (a disc on one lies inside it, 13 mm in 16.5), and of every hex and well with
    the largest token on it."""
    token = max(geo.token_size(k) for k in ("hut", "base", "disc", "well"))
    for marker in geo.markers():
        x0, y0, x1, y1 = marker.quiet_box()
        near = (x0 - 2.0, y0 - 2.0, x1 + 2.0, y1 + 2.0)
        for space in geo.track_spaces():
            assert not overlap(near, space.box), (marker.name, space.id)
        for centre in [h.centre for h in HEXES] + [w.at for w in geo.wells()]:
            dx = max(x0 - centre[0], 0.0, centre[0] - x1)
            dy = max(y0 - centre[1], 0.0, centre[1] - y1)
            assert math.hypot(dx, dy) >= R + token / 2, marker.name


# --- Cuts and plans ----------------------------------------------------------------------

def test_cut_lines_run_between_spaces_and_clip_hexes_least():
    xs, ys = geo.cut_lines()
    assert xs and ys
    keep = [s.box for s in geo.track_spaces()] + list(geo.text_blocks().values())
    for x in xs:
        assert not any(b[0] + EPS < x < b[2] - EPS for b in keep), x
        for hx in HEXES:        # at most a quarter of a side off a hex's side corner
            assert abs(x - hx.centre[0]) >= 0.75 * R - EPS
        for w in geo.wells():
            assert abs(x - w.at[0]) > geo.spec().well_spot
    for y in ys:
        assert not any(b[1] + EPS < y < b[3] - EPS for b in keep), y
        for hx in HEXES:        # a quarter of a hex from every centre: the food stays whole
            assert abs(y - hx.centre[1]) >= VU / 2 - EPS
        for w in geo.wells():
            assert abs(y - w.at[1]) > geo.spec().well_spot
    for marker in geo.markers():
        q = marker.quiet_box()
        assert not any(q[0] < x < q[2] for x in xs) and not any(q[1] < y < q[3] for y in ys)


@pytest.mark.parametrize(("paper", "bleed", "sheets"), [
    ("a4", 2.0, 6), ("letter", 2.0, 6), ("a3", 2.0, 4), ("a4", 0.0, 6), ("a4", 5.0, 6),
    ("letter", 5.0, 6), ("a3", 5.0, 4)])
def test_the_board_splits_into_few_sheets_that_fit(paper, bleed, sheets):
    board = split_board()
    sheet = papers()[paper]
    pieces = plan(sheet, bleed, furniture())
    assert len(pieces) == sheets
    assert sum(area(p.polygon) for p in pieces) == pytest.approx(area(board.outline))
    assert sorted(k for p in pieces for k in p.cells) == list(range(len(board.cells)))
    margin = furniture().printer_margin
    for p in pieces:
        page = sheet.turned() if p.landscape else sheet
        assert p.width <= page.width - 2 * margin + EPS
        assert p.height <= page.height - 2 * margin + EPS
    for q in board.markers:
        corners = ((q[0], q[1]), (q[2], q[1]), (q[2], q[3]), (q[0], q[3]))
        owners = [p.label for p in pieces if all(contains(p.polygon, c) for c in corners)]
        assert len(owners) == 1


@pytest.mark.parametrize("paper", ["a4", "letter", "a3"])
def test_the_board_splits_with_print_and_cut_marks_too(paper):
    """The marks keep the paper's corners free (pnp.printing.cuts): fewer millimetres a
    sheet, still a plan, every piece inside what the marks leave printable."""
    from pnp.printing.cuts import MARKS

    f = MARKS.reserve(furniture())
    sheet = papers()[paper]
    pieces = plan(sheet, 2.0, f)
    assert len(pieces) >= len(plan(sheet, 2.0, furniture()))
    for p in pieces:
        w, h = f.printable(sheet.turned() if p.landscape else sheet)
        assert p.width <= w + EPS and p.height <= h + EPS


def test_manifest_extra_lists_every_hex_and_well_in_mm():
    extra = geo.manifest_extra()
    assert list(extra["hexes"]) == [h.name for h in rules_board().hexes]
    for h in HEXES:
        assert extra["hexes"][h.name] == pytest.approx(list(h.centre), abs=1e-3)
    assert len(extra["wells"]) == 58
    assert extra["markers"].keys() == {str(m.id) for m in geo.markers()}

"""The Crete board, pure geometry: squares, areas, markers and the split into sheets."""

from __future__ import annotations

import itertools
import math
from functools import cache

import numpy as np
import pytest

from pnp import layouts
from pnp.geometry.asterion import board
from pnp.geometry.polygon import area, bounds, box_gap, contains
from pnp.printing.asterion import board as board_sheets
from pnp.printing.placement import Item, Options, furniture, papers, place
from pnp.printing.split import furniture as split_furniture
from pnp.printing.split import plan as split_plan
from pnp.printing.split.board import BoardPiece
from pnp.printing.split.pieces import piece_for
from pnp.printing.split.plan import plan_pieces
from pnp.units import mm

SPEC = board.board_spec()
S = SPEC.square
PAPERS = ["a4", "letter"]
BLEEDS = [0.0, 1.0, 2.0, 3.0]
PLANS = [(p, b) for p in PAPERS for b in BLEEDS]
# The fewest sheets over the partitions the search considers (checked against an
# independent enumeration below): a4 needs 9 sheets up to 1 mm bleed and 10 from 2 mm
# (the tip pieces then just miss 200 mm); letter, 6.6 mm wider but 17.6 mm shorter,
# needs 10 at any bleed.
SHEETS = {("a4", 0.0): 9, ("a4", 1.0): 9, ("a4", 2.0): 10, ("a4", 3.0): 10,
          ("letter", 0.0): 10, ("letter", 1.0): 10, ("letter", 2.0): 10, ("letter", 3.0): 10}


@cache
def plan(paper: str, bleed: float) -> list[BoardPiece]:
    return board_sheets.plan_board(papers()[paper], bleed, furniture())



# --- Squares and areas ---------------------------------------------------------------

def test_the_board_has_61_squares_in_a_diamond():
    squares = board.board_squares()
    assert len(squares) == len(set(squares)) == 61
    assert set(squares) == {(i, j) for i in range(-5, 6) for j in range(-5, 6)
                            if abs(i) + abs(j) <= 5}
    rows = [sum(1 for _i, j in squares if j == row) for row in range(-5, 6)]
    assert rows == [1, 3, 5, 7, 9, 11, 9, 7, 5, 3, 1]


@pytest.mark.parametrize(("players", "count"), [(4, 61), (3, 41), (2, 25)])
def test_the_area_in_use_per_player_count(players, count):
    assert board.area_for_players(players) == count
    r = board.area_radius(players)
    assert all(abs(i) + abs(j) <= r for i, j in board.board_squares(r))


def test_no_area_for_five_players():
    with pytest.raises(ValueError, match="5 players"):
        board.area_for_players(5)


def test_square_boxes_are_50_mm_around_the_minotaur():
    assert S == 50.0
    assert board.square_box(0, 0) == (-25.0, -25.0, 25.0, 25.0)
    assert board.square_box(2, -1) == (75.0, -75.0, 125.0, -25.0)


def test_staircase_outlines_enclose_their_squares():
    for players in (4, 3, 2):
        r = board.area_radius(players)
        outline = board.staircase(r)
        assert len(outline) == 4 * (2 * r + 1)
        # shoelace area of the (non-convex) outline = the squares' area
        area = abs(sum(p[0] * q[1] - q[0] * p[1]
                       for p, q in zip(outline, outline[1:] + outline[:1], strict=True))) / 2
        assert area == pytest.approx(board.area_for_players(players) * S * S)


def test_the_diamond_edge_is_the_coast_beyond_the_convex_corners():
    r = board.reach()
    assert r == pytest.approx(6 * S + SPEC.coast * math.sqrt(2))
    convex = [p for p in board.staircase(SPEC.radius) if abs(p[0]) + abs(p[1]) > 5 * S + 1]
    assert len(convex) == 4 * 6
    for x, y in convex:
        assert abs(x) + abs(y) == pytest.approx(6 * S)
        # perpendicular distance from a convex corner to the edge: the coast
        assert (r - abs(x) - abs(y)) / math.sqrt(2) == pytest.approx(SPEC.coast)
    assert board.diamond() == ((0.0, -r), (r, 0.0), (0.0, r), (-r, 0.0))


def test_grid_lines_are_every_square_edge():
    edges = set()
    for a, b in board.grid_lines():
        if a[1] == b[1]:
            edges |= {(round(x), round(a[1]), "h") for x in range(round(a[0]), round(b[0]), 50)}
        else:
            edges |= {(round(a[0]), round(y), "v") for y in range(round(a[1]), round(b[1]), 50)}
    expected = set()
    for i, j in board.board_squares():
        x0, y0, x1, y1 = board.square_box(i, j)
        expected |= {(round(x0), round(y0), "h"), (round(x0), round(y1), "h"),
                     (round(x0), round(y0), "v"), (round(x1), round(y0), "v")}
    assert edges == expected


# --- Markers -------------------------------------------------------------------------

MARKERS = board.board_marker_places()


def quiet(marker):
    return marker.quiet_box(SPEC.marker_module)


def test_24_markers_with_distinct_ids_from_200():
    assert [m.id for m in MARKERS] == list(range(200, 224))
    assert len({m.name for m in MARKERS}) == 24
    assert all(m.size == pytest.approx(15.4) for m in MARKERS)


def test_markers_are_numbered_clockwise_from_the_north_tip():
    # bearing clockwise from north (y down: north is -y)
    bearings = [math.degrees(math.atan2(m.centre[0], -m.centre[1])) % 360 for m in MARKERS]
    assert bearings[0] == pytest.approx(0.0)
    assert bearings == sorted(bearings)
    assert [MARKERS[k].name for k in (0, 6, 12, 18)] == ["N tip", "E tip", "S tip", "W tip"]


def test_marker_corners_are_upright_in_opencv_order():
    for m in MARKERS:
        tl, tr, br, bl = m.corners
        assert tl[1] == tr[1] < br[1] == bl[1]
        assert tl[0] == bl[0] < tr[0] == br[0]
        assert tr[0] - tl[0] == pytest.approx(m.size)


def test_markers_keep_clear_of_the_squares_and_inside_the_diamond():
    limit = board.reach() - SPEC.marker_edge_gap * math.sqrt(2)
    for m in MARKERS:
        box = quiet(m)
        for i, j in board.board_squares():
            assert box_gap(box, board.square_box(i, j)) >= SPEC.marker_square_gap - 1e-9, m
        for corner in ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3])):
            assert abs(corner[0]) + abs(corner[1]) <= limit + 1e-9, m
    for k, a in enumerate(MARKERS):
        for b in MARKERS[k + 1:]:
            assert box_gap(quiet(a), quiet(b)) > 0


def test_one_marker_in_each_notch_and_beyond_each_tip():
    cells = {(round(m.centre[0] / S), round(m.centre[1] / S)) for m in MARKERS}
    notches = {(i, j) for i in range(-6, 7) for j in range(-6, 7)
               if abs(i) + abs(j) == 6 and i and j}
    tips = {(0, -6), (6, 0), (0, 6), (-6, 0)}
    assert len(notches) == 20
    assert cells == notches | tips


def test_legends_stay_clear_of_the_markers():
    for m in MARKERS:
        box = quiet(m)
        xs = np.array([box[0], box[2], box[2], box[0]])
        ys = np.array([box[1], box[1], box[3], box[3]])
        assert not board.in_legends(xs, ys, 0.0).any(), m.name


# --- The split into sheets -----------------------------------------------------------

@pytest.mark.parametrize(("paper", "bleed"), PLANS)
def test_every_square_is_in_exactly_one_piece(paper, bleed):
    pieces = plan(paper, bleed)
    cells = [c for p in pieces for c in board_sheets.piece_squares(p)]
    assert sorted(cells) == sorted(board.board_squares())
    total = sum(area(p.polygon) for p in pieces)
    assert total == pytest.approx(area(board.diamond()))
    for p in pieces:
        assert all(contains(board.diamond(), v) for v in p.polygon)
        for i, j in board_sheets.piece_squares(p):
            x0, y0, x1, y1 = board.square_box(i, j)
            assert all(contains(p.polygon, c) for c in ((x0, y0), (x1, y1)))


@pytest.mark.parametrize(("paper", "bleed"), PLANS)
def test_pieces_are_cut_along_grid_lines_and_the_diamond_edge(paper, bleed):
    r = board.reach()
    for p in plan(paper, bleed):
        for k, a in enumerate(p.polygon):
            b = p.polygon[(k + 1) % len(p.polygon)]
            if a[0] == b[0]:
                assert (a[0] - S / 2) % S == pytest.approx(0.0)
            elif a[1] == b[1]:
                assert (a[1] - S / 2) % S == pytest.approx(0.0)
            else:
                assert abs(a[0]) + abs(a[1]) == pytest.approx(r)
                assert abs(b[0]) + abs(b[1]) == pytest.approx(r)


@pytest.mark.parametrize(("paper", "bleed"), PLANS)
def test_every_piece_fits_the_printable_area_of_its_sheet(paper, bleed):
    sheet = papers()[paper]
    margin = furniture().printer_margin
    for p in plan(paper, bleed):
        turned = sheet.turned() if p.landscape else sheet
        assert p.width <= turned.width - 2 * margin + 1e-6, p.label
        assert p.height <= turned.height - 2 * margin + 1e-6, p.label
        drawn = list(p.art_polygon) + [v for s in p.tabs for v in s.tab_polygon]
        x0, y0, x1, y1 = bounds(drawn)
        assert (x0, y0, x1, y1) == pytest.approx(p.box)
        # the art runs `bleed` past the cut line all round
        px0, py0, px1, py1 = bounds(p.polygon)
        assert min(px0 - x0, py0 - y0, x1 - px1, y1 - py1) >= bleed - 1e-6


@pytest.mark.parametrize(("paper", "bleed"), PLANS)
def test_the_number_of_sheets(paper, bleed):
    pieces = plan(paper, bleed)
    assert len(pieces) == SHEETS[paper, bleed]
    # never fewer than the area allows
    sheet = papers()[paper]
    m = furniture().printer_margin
    printable = (sheet.width - 2 * m) * (sheet.height - 2 * m)
    assert len(pieces) >= math.ceil(area(board.diamond()) / printable)


def _enumerated_minimum(paper: str, bleed: float) -> int:
    """Every split into row bands (2^10 of them), each band split by trying every set of
    column cuts that a piece can end on: an independent check of the search's optimum."""
    r = SPEC.radius
    sheet = papers()[paper]

    @cache
    def band_min(j0: int, j1: int, i0: int) -> float:
        if i0 > r:
            return 0
        best = math.inf
        for i1 in range(i0, r + 1):
            # rows j0..j1 and columns i0..i1 lie between lines j0 + r and j1 + r + 1
            cost = split_plan.piece_cost(board_sheets.crete_board(), (j0 + r, j1 + r + 1),
                                    (i0 + r, i1 + r + 1), sheet, bleed, furniture())
            if cost is not None:
                best = min(best, 1 + band_min(j0, j1, i1 + 1))
        return best

    best = math.inf
    for mask in range(1 << (2 * r)):
        cuts = [k for k in range(-r, r) if mask >> (k + r) & 1]
        bounds = list(zip([-r] + [c + 1 for c in cuts], [*cuts, r], strict=True))
        best = min(best, sum(band_min(j0, j1, -r) for j0, j1 in bounds))
    return int(best)


@pytest.mark.parametrize(("paper", "bleed"), [("a4", 0.0), ("a4", 2.0), ("letter", 2.0)])
def test_the_search_finds_the_fewest_sheets(paper, bleed):
    assert len(plan(paper, bleed)) == _enumerated_minimum(paper, bleed)


# Every bleed the extents are checked at; the suite checks the default bleed (art past the
# cut, the more clipping), benchmarks/regression_sweeps.py all.
EXTENT_BLEEDS = [0.0, 2.0]


@pytest.mark.parametrize("bleed", EXTENT_BLEEDS[1:])
def test_the_searchs_closed_form_extent_matches_the_clipped_geometry(bleed):
    """The search sizes pieces in closed form; the drawing clips polygons. Every band and
    column range, with and without tabs, must give the same box and tab length."""
    r = SPEC.radius
    crete = board_sheets.crete_board()
    ranges = [(a, b) for a in range(-r, r + 1) for b in range(a, r + 1)]
    checked = 0
    for band, cols in itertools.product(ranges, ranges):
        lines = ((band[0] + r, band[1] + r + 1), (cols[0] + r, cols[1] + r + 1))
        rect = split_plan.piece_rect(crete, *lines)
        if not split_plan.rect_cells(crete, rect):
            continue
        for top, left in itertools.product((False, True), repeat=2):
            _polygon, _art, box, tabs = split_plan.piece_geometry(crete, rect, top, left, bleed)
            width, height, glue = split_plan.piece_extent(crete, rect, top, left, bleed)
            assert width == pytest.approx(box[2] - box[0], abs=1e-6)
            assert height == pytest.approx(box[3] - box[1], abs=1e-6)
            assert glue == pytest.approx(sum(math.dist(*e) for _s, e, _t in tabs), abs=1e-6)
            checked += 1
    assert checked > 2000


@pytest.mark.parametrize(("paper", "bleed"), PLANS)
def test_labels_name_rows_and_columns(paper, bleed):
    pieces = plan(paper, bleed)
    assert pieces[0].label == "A1"
    for p in pieces:
        assert p.label == f"{chr(ord('A') + p.band)}{p.index + 1}"
    # bands run north to south, pieces west to east
    for a, b in itertools.pairwise(pieces):
        if a.band == b.band:
            assert a.rect[2] == b.rect[0]
        else:
            assert b.band == a.band + 1 and a.rect[3] == b.rect[1]


@pytest.mark.parametrize(("paper", "bleed"), PLANS)
def test_each_seam_has_one_tab_that_lies_under_the_neighbours(paper, bleed):
    pieces = {p.label: p for p in plan(paper, bleed)}
    g = SPEC.glue_overlap
    for p in pieces.values():
        for seam in p.seams:
            assert seam.tab == (seam.side in ("top", "left"))
            assert seam.neighbours
            for n in seam.neighbours:
                theirs = [s for s in pieces[n.label].seams
                          if any(m.label == p.label for m in s.neighbours)]
                assert len(theirs) == 1 and theirs[0].tab != seam.tab
            if not seam.tab:
                continue
            x0, y0, x1, y1 = bounds(seam.tab_polygon)
            depth = (y1 - y0) if seam.side == "top" else (x1 - x0)
            assert depth == pytest.approx(g)
            for v in seam.tab_polygon:
                assert contains(board.diamond(), v)
                assert any(contains(pieces[n.label].polygon, v) for n in seam.neighbours)
    assert sum(len(p.tabs) for p in pieces.values()) >= len(pieces) - 1


@pytest.mark.parametrize(("paper", "bleed"), PLANS)
def test_every_marker_lies_whole_on_one_piece(paper, bleed):
    for m in MARKERS:
        box = quiet(m)
        corners = ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))
        owners = [p.label for p in plan(paper, bleed)
                  if all(contains(p.polygon, c) for c in corners)]
        assert len(owners) == 1, m.name


@pytest.mark.parametrize(("paper", "bleed"), PLANS)
def test_every_piece_shows_its_label(paper, bleed):
    w, h = board_sheets.label_size()
    for p in plan(paper, bleed):
        spot = board_sheets.label_spot(p)
        assert spot is not None or p.tabs, p.label
        if spot is None:
            continue
        box = (spot[0] - w / 2, spot[1] - h / 2, spot[0] + w / 2, spot[1] + h / 2)
        for i, j in board.board_squares():
            assert box_gap(box, board.square_box(i, j)) >= SPEC.marker_square_gap - 1e-9
        for m in MARKERS:
            assert box_gap(box, quiet(m)) >= SPEC.marker_square_gap - 1e-9
        corners = ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))
        assert all(contains(p.polygon, c) for c in corners)


@pytest.mark.parametrize(("paper", "bleed"), PLANS)
def test_the_first_sheet_carries_the_assembly_diagram_outside_the_piece(paper, bleed):
    pieces = plan(paper, bleed)
    assert board_sheets.diagram_spot(pieces[0]) is not None
    for p in pieces:
        box = board_sheets.diagram_spot(p)
        if box is None:
            continue
        assert box[2] - box[0] == pytest.approx(SPEC.diagram)
        assert p.box[0] - 1e-6 <= box[0] and box[2] <= p.box[2] + 1e-6
        assert p.box[1] - 1e-6 <= box[1] and box[3] <= p.box[3] + 1e-6
        for shape in [p.art_polygon] + [s.tab_polygon for s in p.tabs]:
            assert split_furniture.separation(box, shape) > 0


@pytest.mark.parametrize(("paper", "bleed"), PLANS)
def test_alignment_marks_sit_on_seams_in_the_coast(paper, bleed):
    pieces = {p.label: p for p in plan(paper, bleed)}
    for p in pieces.values():
        marks = board_sheets.align_marks(p)
        for mark in marks:
            assert contains(p.polygon, mark.at)
            assert contains(pieces[mark.neighbour].polygon, mark.at)
            r = SPEC.align_mark
            around = (mark.at[0] - r, mark.at[1] - r, mark.at[0] + r, mark.at[1] + r)
            for i, j in board.board_squares():
                assert box_gap(around, board.square_box(i, j)) >= SPEC.marker_square_gap - 1e-9
            for m in MARKERS:
                assert box_gap(around, quiet(m)) > SPEC.marker_square_gap
        # the neighbour's marks match ours, point for point
        for mark in marks:
            theirs = board_sheets.align_marks(pieces[mark.neighbour])
            assert any(t.at == pytest.approx(mark.at) and t.neighbour == p.label for t in theirs)


@pytest.mark.parametrize(("paper", "bleed"), PLANS)
def test_components_pack_inside_the_printable_area_apart(paper, bleed):
    sheet = papers()[paper]
    f = furniture()
    comps = board_sheets.board_components(sheet, bleed, f)
    pieces = plan(paper, bleed)
    assert [c.id for c in comps] == [f"board-{p.label}" for p in pieces]
    assert all(c.kind == "board" and not c.full_page and c.back is None and c.cover
               for c in comps)
    pages = [pg for pg in place(comps, Options(sheet, bleed)) if pg.side == "front"]
    assert len(pages) <= len(pieces)
    if (paper, bleed) == ("a4", 2.0):
        assert len(pages) < len(pieces)             # triangles nest in each other's corners
    label_height = mm(layouts.load("paper")["page"]["label_font_size"])
    placed = [(page, item) for page in pages for item in page.items]
    assert sorted(i.component.id for _p, i in placed) == sorted(c.id for c in comps)
    for page, item in placed:
        piece = piece_for(pieces, item.component)
        assert (item.width, item.height) == pytest.approx(piece.size)
        m = f.printer_margin
        assert m - 1e-6 <= item.x and item.x + item.width <= page.width - m + 1e-6
        assert m - 1e-6 <= item.y and item.y + item.height <= page.height - m + 1e-6
        # the page's own label in the bottom margin stays off the piece and its tabs
        outline = list(piece.polygon) + [v for s in piece.tabs for v in s.tab_polygon]
        spots = [piece.to_page(v, item.x, item.y) for v in outline]
        low = [x for x, y in spots if y > page.label.y - label_height]
        half = page.label.max_width / 2 + 1.0           # the label's gap: its text is
        assert all(abs(x - page.label.x) >= half - 1e-6 for x in low), piece.label  # narrower
        assert isinstance(item, Item)
    for page in pages:
        assert page.label.max_width > 40          # room for "sheet 3 of 12 · front · A4"
        drawn = [[(i.x + a, i.y + b, i.x + c, i.y + d) for a, b, c, d in i.component.cover]
                 for i in page.items]
        for k, boxes in enumerate(drawn):          # what two pieces draw stays apart
            for other in drawn[k + 1:]:
                assert not any(box_gap(a, b) < 1.0 for a in boxes for b in other)


def test_the_plan_is_deterministic():
    split_plan.best_bands.cache_clear()
    plan_pieces.cache_clear()
    first = board_sheets.plan_board(papers()["a4"], 2.0, furniture())
    split_plan.best_bands.cache_clear()
    plan_pieces.cache_clear()
    second = board_sheets.plan_board(papers()["a4"], 2.0, furniture())
    assert first == second


def test_piece_offsets_map_the_board_frame_to_the_page():
    piece = plan("a4", 2.0)[0]
    assert piece.to_page(piece.offset, 10.0, 20.0) == (10.0, 20.0)
    _x0, _y0, x1, y1 = piece.box
    assert piece.to_page((x1, y1), 0.0, 0.0) == pytest.approx((piece.width, piece.height))


# --- Pieces that pack badly --------------------------------------------------------------

def _marked_letter():
    from pnp.printing.cuts import MARKS

    return papers()["letter"], MARKS.reserve(furniture())


def test_a_piece_that_fits_only_a_turned_sheet_counts_like_a_sliver():
    """Letter inside registration marks is 190 x 213 mm upright, 253 x 150 mm turned: the
    north tip alone (230 x 115 mm) fits only the turned sheet; the band below it, cut at
    the centre line, fits upright once turned (192 x 112 mm)."""
    paper, marks = _marked_letter()
    crete = board_sheets.crete_board()
    tip = split_plan.piece_cost(crete, (0, 1), (0, 11), paper, 2.0, marks)
    band = split_plan.piece_cost(crete, (1, 3), (0, 5), paper, 2.0, marks)
    assert (tip.turned, tip.slivers) == (1, 0)
    assert (band.turned, band.slivers) == (0, 0)


def test_crete_on_marked_letter_packs_badly_only_at_its_tips():
    """Each tip needs a sliver or a turned sheet (a lone tip square is 230 mm wide); the
    plan takes one of each, not three turned sheets (its fewest pieces, 13, would)."""
    paper, marks = _marked_letter()
    pieces = plan_pieces(board_sheets.crete_board(), paper, 2.0, marks)
    width, height = marks.printable(paper)
    turned = [p.label for p in pieces
              if min(p.size) > width + 1e-6 or max(p.size) > height + 1e-6]
    slivers = [p.label for p in pieces
               if min(p.size) < split_plan.sliver_width(paper, marks) - 1e-6]
    assert len(pieces) == 14
    assert len(turned) == len(slivers) == 1
    assert turned == ["A1"]                              # the north tip, alone
    south = [p.label for p in pieces if p.label.startswith("D")]
    assert south == ["D1", "D2", "D3"] and slivers == ["D2"]    # the south tip in three

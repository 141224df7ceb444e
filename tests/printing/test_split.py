"""The shared board splitter on boards that are not Asterion's: a rectangular map (as a
hex map's board), a round two-sided web; markers in the margin; the back of a piece."""

from __future__ import annotations

import itertools
import math
from functools import cache

import pytest

from pnp.geometry.margin_markers import margin_spots
from pnp.geometry.polygon import (
    Polygon,
    area,
    bounds,
    box_gap,
    clip_box,
    contains,
    grow,
    quiet_box,
    regular_polygon,
)
from pnp.printing.placement import Options, Paper, furniture, papers, place
from pnp.printing.split import plan as split_plan
from pnp.printing.split.board import Board, BoardPiece, SplitError, outline_at
from pnp.printing.split.furniture import align_marks, diagram_spot, label_size, label_spot
from pnp.printing.split.pieces import piece_components, piece_for
from pnp.printing.split.plan import plan_pieces
from pnp.printing.split.two_sided import back_transform, mirrored

A3, A4 = papers()["a3"], papers()["a4"]
F = furniture()


def rect_outline(w: float, h: float) -> Polygon:
    return ((0.0, 0.0), (w, 0.0), (w, h), (0.0, h))


@cache
def hex_map() -> Board:
    """A 600 x 420 mm map: 40 mm spaces in a grid, cuts between columns and rows."""
    cells = tuple((20.0 + 40 * i, 30.0 + 40 * j, 60.0 + 40 * i, 70.0 + 40 * j)
                  for j in range(9) for i in range(14))
    return Board(rect_outline(600, 420), tuple(20.0 + 40 * k for k in range(1, 14)),
                       tuple(30.0 + 40 * k for k in range(1, 9)), cells)


@cache
def web() -> Board:
    """A two-sided round web, 460 mm across, as a decagon: butt-joined (no tabs), never
    turned (duplex flips portrait sheets), ten markers in its margin."""
    outline = regular_polygon((0.0, 0.0), 230.0, 10)
    rings = tuple((-r, -r, r, r) for r in (60.0,))          # the hub: never cut
    spots = margin_spots(outline, rings, 20.0, 10)
    markers = tuple(quiet_box(p, 20.0) for p in spots)
    cuts = tuple(float(c) for c in range(-200, 201, 25))
    return Board(outline, cuts, cuts, rings, markers, glue_overlap=0.0, turn=False,
                       bare_pieces=True)


def check_plan(board: Board, paper: Paper, bleed: float) -> tuple[BoardPiece, ...]:
    """What every plan must hold: pieces tile the outline, fit the sheet, meet their
    neighbours along shared seams, keep cells and markers whole."""
    pieces = plan_pieces(board, paper, bleed, F)
    assert sum(area(p.polygon) for p in pieces) == pytest.approx(area(board.outline))
    cells = sorted(k for p in pieces for k in p.cells)
    assert cells == list(range(len(board.cells)))
    by_label = {p.label: p for p in pieces}
    margin = F.printer_margin
    for p in pieces:
        sheet = paper.turned() if p.landscape else paper
        width, height = (p.height, p.width) if p.turned else (p.width, p.height)
        assert width <= sheet.width - 2 * margin + 1e-6
        assert height <= sheet.height - 2 * margin + 1e-6
        drawn = list(p.art_polygon) + [v for s in p.tabs for v in s.tab_polygon]
        assert bounds(drawn) == pytest.approx(p.box)
        for seam in p.seams:
            for n in seam.neighbours:
                theirs = [s for s in by_label[n.label].seams
                          if any(m.label == p.label for m in s.neighbours)]
                assert len(theirs) == 1
    for box in board.markers:
        corners = ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))
        owners = [p.label for p in pieces if all(contains(p.polygon, c) for c in corners)]
        assert len(owners) == 1, box
    return pieces


def test_a_board_that_fits_is_one_piece_without_seams():
    board = Board(rect_outline(400, 280), (100.0, 200.0, 300.0), (140.0,))
    (piece,) = check_plan(board, A3, 2.0)
    assert piece.label == "A1" and piece.seams == () and piece.landscape
    assert diagram_spot(board, piece) is None        # no room beside a whole board


def enumerated_minimum(board: Board, paper: Paper, bleed: float) -> int:
    """Every set of row cuts, each band split by trying every column cut a piece can end
    on: an independent check of the search's optimum."""
    rows, cols = len(board.cuts_y) + 1, len(board.cuts_x) + 1

    @cache
    def band_min(top: int, bottom: int, left: int) -> float:
        if left == cols:
            return 0
        return min((1 + band_min(top, bottom, right)
                    for right in range(left + 1, cols + 1)
                    if split_plan.piece_cost(board, (top, bottom), (left, right), paper,
                                             bleed, F)),
                   default=math.inf)

    best = math.inf
    for mask in range(1 << (rows - 1)):
        lines = [0, *(k for k in range(1, rows) if mask >> (k - 1) & 1), rows]
        best = min(best, sum(band_min(a, b, 0) for a, b in itertools.pairwise(lines)))
    return int(best)


@pytest.mark.parametrize(("paper", "sheets"), [("a3", 4), ("a4", 7)])
def test_a_rectangular_map_splits_into_the_fewest_sheets(paper, sheets):
    pieces = check_plan(hex_map(), papers()[paper], 2.0)
    # 600 x 420 mm: two bands on A3 (420 mm and a tab exceed 410 mm of printable height)
    assert len(pieces) == sheets == enumerated_minimum(hex_map(), papers()[paper], 2.0)
    # cuts only along the offered lines, tabs on top and left inner edges
    for p in pieces:
        for value in p.rect:
            assert not math.isfinite(value) or value in (*hex_map().cuts_x, *hex_map().cuts_y)
        for seam in p.seams:
            assert seam.tab == (seam.side in ("top", "left"))


def test_labels_and_marks_keep_clear_of_the_cells():
    board = hex_map()
    w, h = label_size(board)
    for p in plan_pieces(board, A4, 2.0, F):
        spot = label_spot(board, p)
        if spot is not None:
            box = (spot[0] - w / 2, spot[1] - h / 2, spot[0] + w / 2, spot[1] + h / 2)
            assert all(box_gap(box, c) >= board.clear_gap - 1e-9 for c in board.cells)
        for mark in align_marks(board, p):
            r = board.align_mark
            around = (mark.at[0] - r, mark.at[1] - r, mark.at[0] + r, mark.at[1] + r)
            assert all(box_gap(around, c) >= board.clear_gap - 1e-9
                       for c in board.cells)


def test_the_search_sizes_pieces_as_the_drawing_clips_them():
    """The search sizes pieces without building polygons; the drawing clips them. Every
    rectangle of a round board, with and without tabs, must give the same box and glue."""
    cuts = (-180.0, -90.0, 0.0, 90.0, 180.0)
    board = Board(regular_polygon((0.0, 0.0), 230.0, 10, turn=18.0), cuts, cuts)
    last = len(cuts) + 1
    pairs = [(a, b) for a in range(last) for b in range(a + 1, last + 1)]
    checked = 0
    for band, cols in itertools.product(pairs, pairs):
        rect = split_plan.piece_rect(board, band, cols)
        for top, left in itertools.product((False, True), repeat=2):
            extent = split_plan.piece_extent(board, rect, top, left, 2.0)
            grown = (rect[0] - 2, rect[1] - 2, rect[2] + 2, rect[3] + 2)
            if extent is None:
                assert not clip_box(outline_at(board, 2.0), grown)
                continue
            _polygon, _art, box, tabs = split_plan.piece_geometry(board, rect, top, left, 2.0)
            assert extent[:2] == pytest.approx((box[2] - box[0], box[3] - box[1]), abs=1e-6)
            assert extent[2] == pytest.approx(sum(math.dist(*e) for _s, e, _t in tabs),
                                              abs=1e-6)
            checked += 1
    assert checked > 800


def test_markers_in_the_margin_clear_the_cells_and_stay_inside():
    outline = regular_polygon((0.0, 0.0), 230.0, 10)
    hub = ((-60.0, -60.0, 60.0, 60.0),)
    spots = margin_spots(outline, hub, 20.0, 10, clear_gap=4.0, edge_gap=3.0)
    assert len(spots) == 10
    inner = grow(outline, -3.0)
    for p in spots:
        box = quiet_box(p, 20.0)
        corners = ((box[0], box[1]), (box[2], box[1]), (box[2], box[3]), (box[0], box[3]))
        assert all(contains(inner, c) for c in corners)
        assert box_gap(box, hub[0]) >= 4.0
    for a, b in itertools.combinations(spots, 2):
        assert max(abs(a[0] - b[0]), abs(a[1] - b[1])) >= 24.0
    # clockwise from the top: the first is the northernmost, the next to its east
    assert spots[0][1] == min(p[1] for p in spots) and spots[1][0] > spots[0][0]
    # a margin too narrow for a marker has none
    assert margin_spots(rect_outline(100, 100), ((2.0, 2.0, 98.0, 98.0),), 20.0, 4) == ()


def test_no_cut_runs_through_a_marker():
    # a marker astride the only cut that would make two pieces: the plan needs three
    board = Board(rect_outline(500, 200), (150.0, 250.0, 350.0), (),
                        markers=((240.0, 90.0, 260.0, 110.0),))
    pieces = check_plan(board, A4, 0.0)
    assert all(250.0 not in (p.rect[0], p.rect[2]) for p in pieces)


def test_a_concave_outline_or_a_board_too_big_is_refused():
    dart = ((0.0, 0.0), (100.0, 50.0), (0.0, 100.0), (30.0, 50.0))
    with pytest.raises(SplitError, match="convex"):
        plan_pieces(Board(dart, (), ()), A4, 0.0, F)
    with pytest.raises(SplitError, match="cannot be split to fit a4"):
        plan_pieces(Board(rect_outline(500, 500), (), ()), A4, 0.0, F)


def test_grow_pushes_every_edge_out():
    square = rect_outline(10, 10)
    assert grow(square, 2.0) == ((-2.0, -2.0), (12.0, -2.0), (12.0, 12.0), (-2.0, 12.0))
    diamond = ((0.0, -10.0), (10.0, 0.0), (0.0, 10.0), (-10.0, 0.0))
    r = 10 + math.sqrt(2)
    grown = [v for p in grow(diamond, 1.0) for v in p]
    assert grown == pytest.approx([0.0, -r, r, 0.0, 0.0, r, -r, 0.0])


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_the_second_side_lands_exactly_behind_the_first(duplex):
    """Side two's point (u, v) lies behind side one's (-u, v): through the back transform
    and the mirrored back item, it must print where the duplex flip takes side one's."""
    board = web()
    pieces = check_plan(board, A3, 2.0)
    assert all(not p.tabs and not p.landscape for p in pieces)
    comps = piece_components(board, pieces, kind="web", back="web")
    pages = place(comps, Options(A3, 2.0, duplex, back_offset=(0.4, -0.3)))
    fronts = [pg for pg in pages if pg.side == "front"]
    backs = {pg.sheet: pg for pg in pages if pg.side == "back"}
    placed = [(page, front) for page in fronts for front in page.items]
    assert sorted(front.component.id for _page, front in placed) == sorted(c.id for c in comps)
    for page, front in placed:
        (back,) = [b for b in backs[page.sheet].items if b.component.id == front.component.id]
        piece = piece_for(pieces, front.component)
        a, b, c, d, e, f = back_transform(piece, duplex)
        for x, y in piece.polygon:
            px, py = piece.to_page((x, y), front.x, front.y)
            # where the sheet's flip takes that front point on the back page
            flip = (px, page.height - py) if duplex == "short" else (page.width - px, py)
            u, v = -x, y
            on_back = (back.x + a * u + c * v + e, back.y + b * u + d * v + f)
            assert on_back == pytest.approx((flip[0] + 0.4, flip[1] - 0.3))
        assert contains(mirrored(piece.polygon), (-piece.polygon[0][0],
                                                              piece.polygon[0][1]))


def wide_board(quarter_turn: bool = True) -> Board:
    """A two-sided 380 x 250 mm board: on A3 it fits one sheet only turned."""
    return Board(((-190.0, -125.0), (190.0, -125.0), (190.0, 125.0), (-190.0, 125.0)),
                       tuple(float(c) for c in range(-150, 151, 50)), (0.0,),
                       glue_overlap=0.0, turn=False, quarter_turn=quarter_turn,
                       bare_pieces=True)


def test_a_two_sided_board_turns_a_quarter_only_when_that_takes_fewer_sheets():
    (whole,) = check_plan(wide_board(), A3, 2.0)
    assert whole.turned and not whole.landscape and whole.seams == ()
    assert len(check_plan(wide_board(False), A3, 2.0)) == 2
    # on A4 turning saves nothing: the upright plan, unchanged
    upright = plan_pieces(wide_board(False), A4, 2.0, F)
    turnable = plan_pieces(wide_board(), A4, 2.0, F)
    assert [(p.rect, p.turned) for p in turnable] == [(p.rect, False) for p in upright]
    (comp,) = piece_components(wide_board(), (whole,), kind="web", back="web")
    assert (comp.width, comp.height) == pytest.approx((254.0, 384.0))   # box, turned
    assert not comp.landscape and not comp.turnable       # two-sided: placement keeps it
    # a quarter turn clockwise: the board's top-left corner at the item's top-right
    x0, y0, x1, _y1 = whole.box
    assert whole.to_page((x0, y0), 10.0, 20.0) == pytest.approx((10.0 + 254.0, 20.0))
    assert whole.to_page((x1, y0), 10.0, 20.0) == pytest.approx((10.0 + 254.0, 20.0 + 384.0))
    assert whole.to_page(whole.offset, 10.0, 20.0) == pytest.approx((10.0, 20.0))
    assert comp.outline and all(0 <= x <= 254.0 and 0 <= y <= 384.0 for x, y in comp.outline)


@pytest.mark.parametrize("duplex", ["long", "short", "none"])
def test_a_turned_piece_s_second_side_lands_exactly_behind_the_first(duplex):
    (piece,) = pieces = check_plan(wide_board(), A3, 2.0)
    pages = place(piece_components(wide_board(), pieces, kind="web", back="web"),
                  Options(A3, 2.0, duplex, back_offset=(0.4, -0.3)))
    (page,) = [pg for pg in pages if pg.side == "front"]
    (back_page,) = [pg for pg in pages if pg.side == "back"]
    assert page.width < page.height and back_page.width == page.width   # upright sheets
    (front,), (back,) = page.items, back_page.items
    a, b, c, d, e, f = back_transform(piece, duplex)
    for x, y in (*piece.polygon, (0.0, 0.0), (30.0, -70.0)):
        px, py = piece.to_page((x, y), front.x, front.y)
        flip = (px, page.height - py) if duplex == "short" else (page.width - px, py)
        u, v = -x, y
        on_back = (back.x + a * u + c * v + e, back.y + b * u + d * v + f)
        assert on_back == pytest.approx((flip[0] + 0.4, flip[1] - 0.3))

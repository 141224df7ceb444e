"""The packer: every game's pieces share sheets near the area bound, nothing overlaps or
leaves the printable area, board pieces nest in each other's blank corners."""

from __future__ import annotations

import itertools
from functools import cache

import pytest

from pnp import games
from pnp.printing import packing
from pnp.printing.build import BuildRequest, plan
from pnp.printing.paper_use import area_bound, coverage, fronts, is_full_page, thin_sheets
from pnp.printing.placement import Component, Options, furniture, papers, place

BUILDS = [("asterion", "crete"), ("asterion", "revised"), ("assyria", None),
          ("spider-twist", None), ("constructo", None)]
CONFIGS = [(g, e, p, m) for (g, e), p, m in itertools.product(BUILDS, ("a4", "letter", "a3"),
                                                              (False, True))]
A4 = papers()["a4"]


@cache
def planned(game: str, edition: str | None, paper: str, marks: bool):
    request = BuildRequest(game, edition=edition, paper=paper, cut_files=marks,
                           cut_marks=marks, printing=games.part(game, "printing"))
    context, pages = plan(request)
    return context.options, pages


def drawn_boxes(item, bleed: float) -> list[tuple[float, float, float, float]]:
    """What an item draws: its cover, or its box with its bleed."""
    comp = item.component
    if comp.cover:
        return [(item.x + a, item.y + b, item.x + c, item.y + d) for a, b, c, d in comp.cover]
    pad = 0.0 if comp.bled else bleed
    return [(item.x - pad, item.y - pad, item.x + item.width + pad, item.y + item.height + pad)]


def overlap(a, b, tol: float = 1e-6) -> bool:
    return a[0] < b[2] - tol and b[0] < a[2] - tol and a[1] < b[3] - tol and b[1] < a[3] - tol


@pytest.mark.parametrize(("game", "edition", "paper", "marks"), CONFIGS)
def test_every_build_takes_few_sheets_and_fills_them(game, edition, paper, marks):
    """The targets: sheets <= 1.3 x the area bound + 1; no sheet under 40 % covered but
    full pages and the last sheet of pieces (benchmarks/paper_bench.py prints them)."""
    options, pages = planned(game, edition, paper, marks)
    assert len(fronts(pages)) <= 1.3 * area_bound(pages, options) + 1
    assert thin_sheets(pages, options, 0.4) == []


@pytest.mark.parametrize(("game", "edition", "paper", "marks"), CONFIGS)
def test_pieces_stay_apart_inside_the_printable_area(game, edition, paper, marks):
    options, pages = planned(game, edition, paper, marks)
    f, bleed = options.furniture, options.bleed
    ids = [i.component.id for p in fronts(pages) for i in p.items]
    assert len(ids) == len(set(ids))                        # each piece placed once
    for page in fronts(pages):
        if is_full_page(page):
            continue
        x0, y0 = f.printer_margin + f.reserve_x, f.printer_margin + f.reserve_y
        area = (x0 - 1e-6, y0 - 1e-6, page.width - x0 + 1e-6, page.height - y0 + 1e-6)
        boxes = [drawn_boxes(i, bleed) for i in page.items]
        for item, drawn in zip(page.items, boxes, strict=True):
            assert all(area[0] <= b[0] and area[1] <= b[1] and b[2] <= area[2]
                       and b[3] <= area[3] for b in drawn), item.component.id
        for (a, da), (b, db) in itertools.combinations(zip(page.items, boxes, strict=True), 2):
            if a.component.shared_cuts and b.component.shared_cuts:
                continue                     # identical solid pieces share their cut lines
            assert not any(overlap(p, q) for p in da for q in db), (a.component.id,
                                                                    b.component.id)
        for mark in page.marks:              # crop marks keep off every piece's bleed
            segment = (min(mark.x1, mark.x2), min(mark.y1, mark.y2),
                       max(mark.x1, mark.x2) + 1e-9, max(mark.y1, mark.y2) + 1e-9)
            grown = [[(b[0] - f.crop_gap + 1e-3, b[1] - f.crop_gap + 1e-3,
                       b[2] + f.crop_gap - 1e-3, b[3] + f.crop_gap - 1e-3) for b in d]
                     for d in boxes]
            assert not any(overlap(segment, g, 0.0) for d in grown for g in d), mark


@pytest.mark.parametrize(("game", "edition", "paper", "marks"), CONFIGS)
def test_the_back_stays_blank_behind_pieces_without_one(game, edition, paper, marks):
    _options, pages = planned(game, edition, paper, marks)
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        assert (front.side, back.side, front.sheet) == ("front", "back", back.sheet)
        with_backs = {i.component.id for i in front.items if i.component.back is not None}
        assert {i.component.id for i in back.items} == with_backs
        if with_backs:
            assert front.width < front.height          # a duplex flip is portrait


def test_kinds_share_sheets():
    """Assyria: a sheet holds a board piece and tokens; cards and tokens share sheets."""
    _options, pages = planned("assyria", None, "a4", False)
    kinds = [{i.component.kind for i in p.items} for p in fronts(pages)]
    assert any("board" in k and len(k) > 1 for k in kinds)
    assert sum(len(k) > 1 for k in kinds) >= 4


def test_cards_turn_to_fit_five_on_a_sheet_with_registration_marks():
    """A4 with registration marks holds 4 cards upright or 3 turned; 3 turned beside 2
    upright make 5."""
    _options, pages = planned("assyria", None, "a4", True)
    counts = [sum(i.component.kind == "card" for i in p.items) for p in fronts(pages)]
    assert max(counts) == 5
    turned = {(i.width > i.height) for p in fronts(pages) for i in p.items
              if i.component.kind == "card"}
    assert turned == {True, False}


def triangle(name: str, corner: str, size: float = 100.0) -> Component:
    """A right triangle in a `size` box, its right angle at `corner`, drawn in 10 mm strips
    (what a board piece's cover looks like)."""
    boxes = []
    for k in range(int(size // 10)):
        w = size - 10 * k                           # the widest strip along the legs
        y0, y1 = (k * 10, k * 10 + 10) if corner.startswith("top") else (
            size - k * 10 - 10, size - k * 10)
        x0, x1 = (0.0, w) if corner.endswith("left") else (size - w, size)
        boxes.append((x0, y0, x1, y1))
    return Component(name, "board", size, size, bled=True, cover=tuple(boxes),
                     outline=((0.0, 0.0), (size, 0.0), (0.0, size)))


def test_two_triangles_nest_in_one_box():
    options = Options(A4, 2.0)
    pages = fronts(place([triangle("a", "bottom-right", 180.0), triangle("b", "top-left", 150.0)],
                         options))
    assert len(pages) == 1
    a, b = pages[0].items
    assert overlap((a.x, a.y, a.x + a.width, a.y + a.height),
                   (b.x, b.y, b.x + b.width, b.y + b.height))   # their boxes overlap


def test_an_optional_part_gives_way_to_a_nesting_piece_only():
    big = triangle("a", "bottom-right", 180.0)
    big = Component(big.id, big.kind, big.width, big.height, bled=True, cover=big.cover,
                    outline=big.outline, optional=((0.0, 0.0, 50.0, 50.0),))
    nest = triangle("b", "top-left", 150.0)
    tiles = [Component(f"t{n}", "tile", 40.0, 40.0) for n in range(3)]
    pages = fronts(place([big, nest], Options(A4, 2.0)))
    (a, _b) = pages[0].items
    assert a.component.optional == ()                   # dropped for the nesting piece
    pages = fronts(place([big, *tiles], Options(A4, 2.0)))
    kept = next(i for i in pages[0].items if i.component.id == "a")
    assert kept.component.optional                      # grids keep off it
    part = kept.component.optional[0]
    part = (kept.x + part[0], kept.y + part[1], kept.x + part[2], kept.y + part[3])
    for tile in (i for p in pages for i in p.items if i.component.kind == "tile"):
        assert not overlap(part, (tile.x, tile.y, tile.x + 40.0, tile.y + 40.0))


def test_subtract_keeps_maximal_free_rectangles():
    free = packing.subtract([(0.0, 0.0, 100.0, 100.0)], (40.0, 40.0, 60.0, 60.0))
    assert sorted(free) == sorted([(0.0, 0.0, 40.0, 100.0), (60.0, 0.0, 100.0, 100.0),
                                   (0.0, 0.0, 100.0, 40.0), (0.0, 60.0, 100.0, 100.0)])
    assert packing.subtract(free, (0.0, 0.0, 100.0, 100.0)) == []


def test_the_same_components_pack_the_same_way():
    comps = [triangle("a", "bottom-right", 180.0), triangle("b", "top-left", 150.0),
             *(Component(f"t{n}", "tile", 50.0, 50.0, back="x") for n in range(20))]
    assert place(comps, Options(A4, 2.0)) == place(comps, Options(A4, 2.0))


def test_coverage_counts_every_piece_on_a_sheet():
    options, pages = planned("asterion", "revised", "a4", False)
    page = next(p for p in fronts(pages) if not is_full_page(p))
    assert 0.4 < coverage(page, options) <= 1.0
    assert furniture().printable(A4) == (200.0, 287.0)


def test_lone_pieces_leaving_the_most_blank_room_come_first():
    """`blankest_first`: a triangle (half its box blank) before a larger solid piece, then
    the rest biggest first; `biggest_first` puts the larger box first."""
    tri = triangle("t", "top-left", 100.0)
    groups = [packing.Group(3, packing.Grid(40.0, 40.0)),
              packing.Group(1, packing.Grid(150.0, 150.0)),
              packing.Group(1, packing.Grid(100.0, 100.0, cover=tri.cover)),
              packing.Group(2, packing.Grid(60.0, 60.0))]
    assert packing.blankest_first(groups) == [2, 1, 3, 0]
    assert packing.biggest_first(groups) == [1, 2, 3, 0]

"""The pure page-placement step: grids, gutters, crop marks, duplex mirroring."""

from __future__ import annotations

import itertools
import math

import pytest

from pnp.printing.asterion.components import tile_components, tomb_components
from pnp.printing.game import page_component
from pnp.printing.placement import (
    Component,
    Item,
    Options,
    Page,
    PlacementError,
    furniture,
    grid_capacity,
    papers,
    place,
)

A4, LETTER = papers()["a4"], papers()["letter"]
FURNITURE = furniture()


def bleed_box(item: Item, bleed: float) -> tuple[float, float, float, float]:
    return (item.x - bleed, item.y - bleed, item.x + item.width + bleed,
            item.y + item.height + bleed)


def overlaps(a, b, tol=1e-6) -> bool:
    return a[0] < b[2] - tol and b[0] < a[2] - tol and a[1] < b[3] - tol and b[1] < a[3] - tol


def components() -> list[Component]:
    return tile_components("crete") + tomb_components()


def fronts(pages: list[Page]) -> list[Page]:
    return [p for p in pages if p.side == "front"]


@pytest.mark.parametrize(("paper", "bleed", "expected"), [
    (A4, 2.0, (3, 5)),        # 54 mm pitch: 3 x 5 in 190 x 277 mm
    (A4, 0.0, (3, 5)),
    (LETTER, 2.0, (3, 4)),    # letter is 18 mm shorter: one row less at 2 mm bleed
    (LETTER, 0.0, (3, 5)),
])
def test_grid_capacity_of_the_printable_area(paper, bleed, expected):
    inner_w = paper.width - 2 * FURNITURE.margin
    inner_h = paper.height - 2 * FURNITURE.margin
    assert grid_capacity(inner_w, inner_h, 50, 50, bleed) == expected


@pytest.mark.parametrize("paper", [A4, LETTER])
@pytest.mark.parametrize("bleed", [0.0, 2.0, 3.0])
def test_every_component_is_placed_once_inside_the_margins_without_overlap(paper, bleed):
    comps = components()
    pages = place(comps, Options(paper, bleed))
    items = [i for p in fronts(pages) for i in p.items]
    assert sorted(i.component.id for i in items) == sorted(c.id for c in comps)
    m = FURNITURE.margin
    for page in fronts(pages):
        for item in page.items:
            box = bleed_box(item, bleed)
            assert box[0] >= m - 1e-6 and box[1] >= m - 1e-6
            assert box[2] <= paper.width - m + 1e-6 and box[3] <= paper.height - m + 1e-6
        for k, a in enumerate(page.items):
            for b in page.items[k + 1:]:
                # cut boxes never overlap; bleeds only where identical solid pieces
                # share their cut lines
                assert not overlaps(bleed_box(a, 0), bleed_box(b, 0))
                if not (a.component.shared_cuts and b.component.shared_cuts):
                    assert not overlaps(bleed_box(a, bleed), bleed_box(b, bleed))


def test_tiles_are_packed_fifteen_to_an_a4_page_and_tombs_fill_the_room_beside():
    pages = fronts(place(components(), Options(A4, 2.0)))
    tiles_per_page = [sum(i.component.kind == "tile" for i in p.items) for p in pages]
    assert tiles_per_page == [15, 15, 15, 15, 69 - 60]
    # all 68 tombs fit in the room the tiles leave: no sheet for tombs alone
    assert sum(i.component.kind == "tomb" for p in pages for i in p.items) == 68


def test_tombs_fill_the_strips_left_on_letter_tile_pages():
    pages = fronts(place(components(), Options(LETTER, 2.0)))
    assert all(any(i.component.kind == "tile" for i in p.items) for p in pages)
    assert sum(any(i.component.kind == "tomb" for i in p.items) for p in pages) >= 2


def _pitch(values) -> float:
    """The least step between distinct values (inf for one value)."""
    ordered = sorted({round(v, 6) for v in values})
    return min((b - a for a, b in itertools.pairwise(ordered)), default=math.inf)


def test_tombs_share_cut_lines_and_tiles_keep_a_gutter():
    page = next(p for p in fronts(place(components(), Options(A4, 2.0)))
                if sum(i.component.kind == "tomb" for i in p.items) > 1)
    tombs = [i for i in page.items if i.component.kind == "tomb"]
    assert min(_pitch([i.x for i in tombs]), _pitch([i.y for i in tombs])) == pytest.approx(12.0)
    tiles = [i for i in page.items if i.component.kind == "tile"]
    assert _pitch([i.x for i in tiles]) == pytest.approx(54.0)


@pytest.mark.parametrize("bleed", [0.0, 2.0])
def test_crop_marks_sit_on_every_cut_line_outside_every_component(bleed):
    pages = fronts(place(components(), Options(A4, bleed)))
    for page in pages:
        boxes = [bleed_box(i, bleed) for i in page.items]
        for mark in page.marks:
            segment = (min(mark.x1, mark.x2), min(mark.y1, mark.y2),
                       max(mark.x1, mark.x2), max(mark.y1, mark.y2))
            for box in boxes:
                grown = (box[0] - FURNITURE.crop_gap + 1e-6, box[1] - FURNITURE.crop_gap + 1e-6,
                         box[2] + FURNITURE.crop_gap - 1e-6, box[3] + FURNITURE.crop_gap - 1e-6)
                assert not (grown[0] <= segment[2] and segment[0] <= grown[2]
                            and grown[1] <= segment[3] and segment[1] <= grown[3]), (mark, box)
            # inside the printable area
            assert segment[0] >= FURNITURE.printer_margin - 1e-6
            assert segment[2] <= page.width - FURNITURE.printer_margin + 1e-6
        vertical = {round(m.x1, 6) for m in page.marks if m.x1 == m.x2}
        horizontal = {round(m.y1, 6) for m in page.marks if m.y1 == m.y2}
        for item in page.items:
            for x in (item.x, item.x + item.width):
                assert round(x, 6) in vertical
            for y in (item.y, item.y + item.height):
                assert round(y, 6) in horizontal


def test_no_crop_marks_when_asked():
    pages = place(components(), Options(A4, 2.0, crop_marks=False))
    assert all(not p.marks for p in pages)


def test_the_sheet_label_stays_clear_of_crop_marks():
    for page in fronts(place(components(), Options(A4, 2.0))):
        label = page.label
        assert label is not None and label.max_width > 20
        for mark in page.marks:
            if mark.x1 == mark.x2 and mark.y2 > page.height - FURNITURE.margin:
                assert abs(mark.x1 - label.x) > label.max_width / 2


@pytest.mark.parametrize("offset", [(0.0, 0.0), (1.5, -0.75)])
@pytest.mark.parametrize("duplex", ["long", "short"])
def test_each_back_lands_behind_its_front_after_the_flip(duplex, offset):
    pages = place(components(), Options(A4, 2.0, duplex, offset))
    assert [p.side for p in pages] == ["front", "back"] * (len(pages) // 2)
    for front, back in zip(pages[::2], pages[1::2], strict=True):
        assert front.sheet == back.sheet
        backs = {i.component.id: i for i in back.items}
        for item in front.items:
            if item.component.back is None:
                assert item.component.id not in backs
                continue
            b = backs[item.component.id]
            # Flip the back page over the chosen edge: it must cover the front exactly,
            # apart from the requested offset.
            if duplex == "long":
                x, y = A4.width - (b.x - offset[0]) - b.width, b.y - offset[1]
            else:
                x, y = b.x - offset[0], A4.height - (b.y - offset[1]) - b.height
            assert (x, y) == pytest.approx((item.x, item.y), abs=1e-9)


def test_duplex_none_puts_the_backs_after_all_the_fronts():
    comps = [page_component("check", A4, back="check"), *components(),
             page_component("aid", A4)]
    pages = place(comps, Options(A4, 2.0, "none"))
    sides = [p.side for p in pages]
    first_back = sides.index("back")
    assert set(sides[:first_back]) == {"front"} and set(sides[first_back:]) == {"back"}
    # only sheets with backs get a back page: not the player aid
    aid = next(p.sheet for p in pages if p.kind == "aid")
    assert not any(p.side == "back" and p.sheet == aid for p in pages)
    assert sum(p.side == "back" for p in pages) == 1 + 5   # print check, 5 tile sheets


def test_full_page_components_get_a_page_each_and_landscape_turns_the_paper():
    comps = [Component("aid", "aid", A4.width, A4.height, full_page=True),
             Component("wide", "board", 250, 180, full_page=True, landscape=True)]
    pages = fronts(place(comps, Options(A4, 2.0)))
    assert len(pages) == 2
    assert (pages[1].width, pages[1].height) == (A4.height, A4.width)
    item = pages[1].items[0]
    assert (item.x, item.y) == pytest.approx(((A4.height - 250) / 2, (A4.width - 180) / 2))


def test_a_component_too_big_for_the_paper_is_refused():
    with pytest.raises(PlacementError, match="does not fit"):
        place([Component("huge", "tile", 300, 300)], Options(A4, 2.0))
    with pytest.raises(PlacementError):
        place(components(), Options(A4, -1.0))


def test_round_and_hex_pieces_pack_by_their_bounding_box_without_crop_marks():
    discs = [Component(f"disc-{n}", "ring", 44, 44, shape="round") for n in range(12)]
    hexes = [Component(f"hex-{n}", "hex", 60, 52, shape="hex") for n in range(9)]
    pages = fronts(place(discs + hexes, Options(A4, 2.0)))
    placed = [i for p in pages for i in p.items]
    assert len(placed) == 21
    assert all(not p.marks for p in pages)

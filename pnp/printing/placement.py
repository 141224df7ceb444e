"""Page placement: which component goes where on which sheet, front and back.

A pure calculation (no drawing): components come in, pages of positioned items and crop
marks come out, all in millimetres with the origin at the page's top-left corner and y
pointing down. The drawing step only paints what this step decided.

Rules of the layout:
- Components of one size, in a row of the game's list, pack into grids ("blocks").
  Neighbours in a grid are separated by a gutter of twice the bleed, so each component's
  art runs `bleed` past its cut line without touching its neighbour's; identical solid
  pieces (tombs) share their cut lines.
- Crop marks sit round each block of rect pieces, on the extension of every cut line,
  never closer than `crop_gap` to any component's bleed and never on a component: a block
  keeps `crop_length + crop_gap` of room round its bleed for them.
- The packer (packing.py) puts the blocks of every kind on the fewest sheets it finds:
  pieces of different kinds share a sheet, small pieces fill the room large ones leave
  (board pieces leave their blank corners: `Component.cover`), blocks keep `block_gap`
  between their bleeds when both have crop marks (less when not). A piece with a back
  goes on portrait sheets only; a sheet is turned for a piece that fits only that way.
  Each sheet's content is centred across it; its label keeps a slot at the bottom.
- A back side mirrors its front for the duplex flip: long edge mirrors x, short edge
  mirrors y. `back_offset` then shifts every back item, for printers that misregister.
  Behind a piece without a back the back stays blank.
- Full-page components (player aid, print check) get a page each: those listed before
  every packed piece come first, the others last.
"""

from __future__ import annotations

from dataclasses import astuple, dataclass, field, replace
from functools import cache
from typing import Any

from pnp import layouts
from pnp.printing import packing
from pnp.printing.split.stored import stored
from pnp.units import mm

DUPLEX_MODES = ("long", "short", "none")


class PlacementError(ValueError):
    """A component cannot be placed on the chosen paper."""


@dataclass(frozen=True)
class Paper:
    """A paper size, in mm, as printed (portrait unless turned)."""
    name: str
    width: float
    height: float

    def turned(self) -> Paper:
        return Paper(self.name, self.height, self.width)


@dataclass(frozen=True)
class Furniture:
    """The page furniture: margins and crop marks (layouts/paper.toml `[page]`)."""

    printer_margin: float
    crop_length: float
    crop_gap: float
    block_gap: float
    reserve_x: float = 0.0       # paper kept free inside the printer margin, left and right,
    reserve_y: float = 0.0       # and top and bottom: print-and-cut registration marks

    @property
    def margin(self) -> float:
        """From the paper edge to the nearest bleed edge of a component."""
        return self.printer_margin + self.crop_length + self.crop_gap

    @property
    def margins(self) -> tuple[float, float]:
        """`margin` at the left and right, and at the top and bottom, with the reserves."""
        return self.margin + self.reserve_x, self.margin + self.reserve_y

    def printable(self, paper: Paper) -> tuple[float, float]:
        """Width and height a full-page piece may fill (no crop marks round it)."""
        return (paper.width - 2 * (self.printer_margin + self.reserve_x),
                paper.height - 2 * (self.printer_margin + self.reserve_y))


@cache
def papers() -> dict[str, Paper]:
    data = layouts.load("paper")["sizes"]
    return {name: Paper(name, mm(s["width"]), mm(s["height"])) for name, s in data.items()}


@cache
def furniture() -> Furniture:
    page = layouts.load("paper")["page"]
    return Furniture(mm(page["printer_margin"]), mm(page["crop_mark_length"]),
                     mm(page["crop_mark_gap"]), mm(page["block_gap"]))


@dataclass(frozen=True)
class Component:
    """One physical piece (or one full page) to print."""

    id: str                      # "Y07", "M", "tomb-01", "board-A1", "aid", "check"
    kind: str                    # "tile", "tomb", "board", "aid", "check"
    width: float                 # cut size, mm
    height: float
    back: str | None = None      # key of the back design; None = blank back
    full_page: bool = False      # drawn on a page of its own (board pieces, aid, check)
    shared_cuts: bool = False    # identical solid pieces (tombs): neighbours share cut lines
    shape: str = "rect"          # rect, or round / hex: cut along a printed outline instead
    landscape: bool = False      # a full-page component that wants the paper turned
    # How it is cut (pnp.printing.cuts: the cut files for cutting machines):
    corner_radius: float = 0.0   # a rect piece's rounded corners (cards), mm
    hole: float = 0.0            # a round piece's centred round hole (a ring): its diameter
    outline: tuple[tuple[float, float], ...] = ()   # a cut outline of its own (a board
    #                              piece with its glue tabs), mm from the item's top-left
    folds: tuple[tuple[tuple[float, float], tuple[float, float]], ...] = ()   # fold lines
    #                              (scored, not cut: a glue tab's seam), same frame
    # How it packs. A board piece: its size already holds its bleed and glue tabs, and
    # `cover` lists, as boxes (x0, y0, x1, y1) in the same frame, all that it draws when
    # that leaves parts of its box blank (the corners a triangle leaves): other pieces may
    # go there (() = its whole box); `optional`, what it draws only if placement leaves
    # the room (its assembly diagram): placement drops it (()) to nest another piece there.
    bled: bool = False
    cover: tuple[tuple[float, float, float, float], ...] = ()
    optional: tuple[tuple[float, float, float, float], ...] = ()
    # `turnable`: its drawing follows `turns`, the quarter turns clockwise placement gave it
    # (a card or a hex tile: its box; a board piece: `split.pieces.piece_for`); the box,
    # outline, folds, cover and optional parts given are those after the turns.
    turnable: bool = False
    turns: int = 0


@dataclass(frozen=True)
class Item:
    """A component's face placed on a page."""
    component: Component
    x: float                     # cut box, top-left corner, mm from the page's top-left
    y: float
    face: str                    # "front" or "back"

    @property
    def width(self) -> float:
        return self.component.width

    @property
    def height(self) -> float:
        return self.component.height


@dataclass(frozen=True)
class Mark:
    """A crop mark: a line from (x1, y1) to (x2, y2) on the page, mm."""
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Label:
    """Where the sheet label goes: its baseline's centre and the room it has."""
    x: float                     # centre of the baseline
    y: float
    max_width: float


@dataclass(frozen=True)
class Page:
    """One side of a sheet: its items, crop marks and label, in mm from its top-left."""
    width: float
    height: float
    side: str                    # "front" or "back"
    sheet: int                   # 1-based sheet number (a sheet = a front and its back)
    items: tuple[Item, ...] = ()
    marks: tuple[Mark, ...] = ()
    label: Label | None = None
    kind: str = "components"     # or the kind of its full-page component


@dataclass(frozen=True)
class Options:
    """How a build places its pages: paper, bleed, duplex and the page furniture."""
    paper: Paper
    bleed: float = 2.0
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    crop_marks: bool = True
    furniture: Furniture = field(default_factory=furniture)
    cut_marks: bool = False      # print-and-cut registration marks (furniture reserves room)


def gutter(component: Component, bleed: float) -> float:
    """Space between neighbours' cut lines: room for both bleeds, or none when they share
    their cut lines (identical solid pieces, whose bleed is each other's art)."""
    return 0.0 if component.shared_cuts else 2 * bleed


def grid_capacity(width: float, height: float, item_w: float, item_h: float,
                  bleed: float, gap: float | None = None) -> tuple[int, int]:
    """How many columns and rows of items fit in an area, with `bleed` round the grid and
    `gap` between neighbours (default 2 x bleed)."""
    gap = 2 * bleed if gap is None else gap
    return packing.Grid(item_w, item_h, gap, bleed).capacity(width, height)


LABEL_BAND = 3.5            # mm at the bottom of the printable area the sheet label takes


def _group(components: list[Component]) -> list[list[Component]]:
    """Consecutive components of the same kind and size form one group (its pieces go in
    grids); a piece with a `cover` of its own is a group alone."""
    groups: list[list[Component]] = []
    for comp in components:
        last = groups[-1][0] if groups else None
        if last is not None and not comp.cover and not last.cover and (
            (last.kind, last.width, last.height, last.shape, last.bled)
            == (comp.kind, comp.width, comp.height, comp.shape, comp.bled)
        ):
            groups[-1].append(comp)
        else:
            groups.append([comp])
    return groups


def _crop_marked(comp: Component, opts: Options) -> bool:
    """Crop marks only make sense for straight cuts across a grid of rect pieces; round,
    hex and outlined pieces print their own cut outline."""
    return opts.crop_marks and comp.shape == "rect" and not comp.outline and not comp.bled


def _grid(group: list[Component], opts: Options) -> packing.Grid:
    comp, f = group[0], opts.furniture
    return packing.Grid(
        comp.width, comp.height,
        gap=0.0 if comp.bled else gutter(comp, opts.bleed),
        pad=0.0 if comp.bled else opts.bleed,
        halo=f.crop_length + f.crop_gap if _crop_marked(comp, opts) else 0.0,
        cover=comp.cover, optional=comp.optional,
        upright=any(c.back is not None for c in group),
        turnable=all(c.turnable for c in group))


def spacing(f: Furniture) -> float:
    """What blocks keep between them besides their crop marks' room: `block_gap` between
    two grids' bleeds when both carry crop marks, and never less than `crop_gap`."""
    return max(f.crop_gap, f.block_gap - 2 * (f.crop_length + f.crop_gap))


def _frame(paper: Paper, f: Furniture) -> packing.Frame:
    x, y = f.printer_margin + f.reserve_x, f.printer_margin + f.reserve_y
    area = (x, y, paper.width - x, paper.height - y)
    # registration marks keep the label's band free already
    return packing.Frame(paper.width, paper.height, area, max(0.0, LABEL_BAND - f.reserve_y))


def _pack(groups: list[list[Component]], opts: Options) -> list[packing.Sheet]:
    paper, f = opts.paper, opts.furniture
    grids = tuple(packing.Group(len(g), _grid(g, opts)) for g in groups)
    try:
        return [_sheet(*data) for data in
                _packed(grids, (_frame(paper, f), _frame(paper.turned(), f)), spacing(f))]
    except ValueError as error:
        comp = groups[error.args[0]][0]
        marks = " and registration marks" if f.reserve_x or f.reserve_y else ""
        raise PlacementError(f"{comp.id} ({comp.width:g} x {comp.height:g} mm) does not fit "
                             f"on {paper.name} paper with {opts.bleed:g} mm bleed{marks}") from None


@stored
def _packed(groups: tuple[packing.Group, ...], frames: tuple[packing.Frame, packing.Frame],
            gap: float) -> tuple[Any, ...]:
    """`packing.pack`'s sheets as data (each sheet's frame, way round, blocks and dropped
    blocks), kept with the board-split answers for the default builds (`stored`): packing
    Crete's tiles, tombs and board pieces is a tenth of its build."""
    return tuple((astuple(s.frame), s.landscape, tuple(astuple(b) for b in s.blocks),
                  tuple(sorted(s.dropped)))
                 for s in packing.pack(groups, frames, gap))


def _sheet(frame: tuple[Any, ...], landscape: bool, blocks: tuple[tuple[Any, ...], ...],
           dropped: tuple[int, ...]) -> packing.Sheet:
    """A packed sheet from `_packed`'s data (its free room is not kept: nothing is added)."""
    return packing.Sheet(packing.Frame(*frame), landscape, [],
                         [packing.Block(*b) for b in blocks], dropped=set(dropped))


def _centred(sheet: packing.Sheet) -> float:
    """How far to move a sheet's blocks right to centre them across its printable area."""
    outers = [b.outer for b in sheet.blocks]
    x0, x1 = min(o[0] for o in outers), max(o[2] for o in outers)
    return (sheet.frame.area[0] + sheet.frame.area[2] - x0 - x1) / 2


def turned(comp: Component, turns: int) -> Component:
    """A component turned `turns` quarters clockwise: its box, outline, folds, cover and
    optional parts with it."""
    for _ in range(turns % 4):
        h = comp.height

        def point(p: tuple[float, float], h: float = h) -> tuple[float, float]:
            return (h - p[1], p[0])

        comp = replace(comp, width=comp.height, height=comp.width,
                       outline=tuple(point(p) for p in comp.outline),
                       folds=tuple((point(a), point(b)) for a, b in comp.folds),
                       cover=tuple(packing.turn_box(b, h) for b in comp.cover),
                       optional=tuple(packing.turn_box(b, h) for b in comp.optional),
                       turns=(comp.turns + 1) % 4)
    return comp


def _block_items(block: packing.Block, group: list[Component], dx: float, dropped: bool,
                 opts: Options) -> list[Item]:
    items = []
    for index, comp in enumerate(group[block.first:block.first + block.count]):
        comp = turned(comp, block.turns)
        if dropped:
            comp = replace(comp, optional=())
        row, col = divmod(index, block.cols)
        g = 0.0 if comp.bled else gutter(comp, opts.bleed)
        items.append(Item(comp, block.x + dx + col * (comp.width + g),
                          block.y + row * (comp.height + g), "front"))
    return items


def _block_marks(items: list[Item], cols: int, bleed: float, f: Furniture) -> list[Mark]:
    """Crop marks on every cut line of a block, outside it, `crop_gap` from its bleed."""
    first, comp = items[0], items[0].component
    w, h = comp.width, comp.height
    rows = -(-len(items) // cols)
    g = gutter(comp, bleed)
    left, top = first.x - bleed, first.y - bleed
    right = first.x + cols * (w + g) - g + bleed
    bottom = first.y + rows * (h + g) - g + bleed
    xs = sorted({round(first.x + c * (w + g) + d, 9) for c in range(cols) for d in (0, w)})
    ys = sorted({round(first.y + r * (h + g) + d, 9) for r in range(rows) for d in (0, h)})
    g, length = f.crop_gap, f.crop_length
    marks = []
    for x in xs:
        marks.append(Mark(x, top - g - length, x, top - g))
        marks.append(Mark(x, bottom + g, x, bottom + g + length))
    for y in ys:
        marks.append(Mark(left - g - length, y, left - g, y))
        marks.append(Mark(right + g, y, right + g + length, y))
    return marks


def _label(paper: Paper, marks: list[Mark], f: Furniture, items: tuple[Item, ...] = (),
           bleed: float = 0.0) -> Label:
    """The sheet label goes in the bottom margin, in the widest gap between crop marks and
    pieces' cut lines (it may lie on bleed, which is cut away), and with registration
    marks clear of the corners they keep (`reserve_y` deep)."""
    y = paper.height - f.printer_margin - 0.6
    band_top = paper.height - f.printer_margin - LABEL_BAND
    side = f.printer_margin + f.reserve_y
    taken = [(m.x1, m.x1) for m in marks if m.x1 == m.x2 and m.y2 > band_top - 0.01
             and side < m.x1 < paper.width - side]
    taken += [span for span in (_cut_span(item, band_top, bleed) for item in items) if span]
    gaps, cursor = [], side
    for a, b in sorted(taken):
        if a > cursor:
            gaps.append((a - cursor, cursor, a))
        cursor = max(cursor, b)
    gaps.append((paper.width - side - cursor, cursor, paper.width - side))
    width, a, b = max(gaps)
    return Label((a + b) / 2, y, max(0.0, width - 2.0))


def _cut_span(item: Item, top: float, bleed: float) -> tuple[float, float] | None:
    """How far across a piece's cut lines reach below `top` (None: not at all): its cut
    outline on a front, its cut box on a back (a board piece's box less its bleed)."""
    comp = item.component
    if comp.outline and item.face == "front":
        points = [(item.x + x, item.y + y) for x, y in comp.outline]
        xs = [p[0] for p in points if p[1] > top]
        for p, q in zip(points, points[1:] + points[:1], strict=True):
            if (p[1] - top) * (q[1] - top) < 0:
                xs.append(p[0] + (top - p[1]) / (q[1] - p[1]) * (q[0] - p[0]))
        return (min(xs), max(xs)) if xs else None
    inset = bleed if comp.bled else 0.0
    if item.y + item.height - inset <= top:
        return None
    return (item.x + inset, item.x + item.width - inset)


def _mirror(item: Item, paper: Paper, opts: Options) -> Item:
    dx, dy = opts.back_offset
    if opts.duplex == "short":
        x, y = item.x, paper.height - item.y - item.height
    else:  # long, and none (backs glued on: a flip over the long edge)
        x, y = paper.width - item.x - item.width, item.y
    return replace(item, x=x + dx, y=y + dy, face="back")


def place(components: list[Component], opts: Options) -> list[Page]:
    """Lay out `components` on pages: fronts, and the backs the duplex mode asks for.

    Returns the pages in print order. In `long`/`short` duplex every front page is followed
    by its reverse (blank where nothing has a back), so fronts stay on fronts. In `none`,
    all fronts come first, then a page of backs for each front sheet that has any, laid
    out to be glued on (mirrored as for a long-edge flip).
    """
    if opts.duplex not in DUPLEX_MODES:
        raise PlacementError(f"unknown duplex mode {opts.duplex!r}")
    if opts.bleed < 0:
        raise PlacementError("bleed cannot be negative")
    fronts = _fronts(components, opts)
    pages: list[Page] = []
    backs: list[Page] = []
    for front in fronts:
        paper = Paper(opts.paper.name, front.width, front.height)
        back_items = tuple(_mirror(i, paper, opts) for i in front.items
                           if i.component.back is not None)
        back = Page(front.width, front.height, "back", front.sheet, back_items, (),
                    _label(paper, [], opts.furniture, back_items, opts.bleed), front.kind)
        pages.append(front)
        if opts.duplex == "none":
            if back_items:
                backs.append(back)
        else:
            pages.append(back)
    return pages + backs


def _fronts(components: list[Component], opts: Options) -> list[Page]:
    """The front pages, numbered: full-page components listed before every packed piece,
    the packed sheets, the other full-page components."""
    packed = [c for c in components if not c.full_page]
    first = components.index(packed[0]) if packed else len(components)
    lead = [c for c in components[:first] if c.full_page]
    tail = [c for c in components[first:] if c.full_page]
    groups = _group(packed)
    pages = [_full_page(c, opts) for c in lead]
    pages += [_sheet_page(sheet, groups, opts) for sheet in _pack(groups, opts)]
    pages += [_full_page(c, opts) for c in tail]
    return [replace(page, sheet=number) for number, page in enumerate(pages, start=1)]


def _full_page(comp: Component, opts: Options) -> Page:
    paper = opts.paper.turned() if comp.landscape else opts.paper
    if comp.width > paper.width + 1e-6 or comp.height > paper.height + 1e-6:
        raise PlacementError(f"{comp.id} does not fit on {opts.paper.name} paper")
    item = Item(comp, (paper.width - comp.width) / 2, (paper.height - comp.height) / 2, "front")
    return Page(paper.width, paper.height, "front", 0, (item,), (),
                _label(paper, [], opts.furniture), comp.kind)


def _sheet_page(sheet: packing.Sheet, groups: list[list[Component]], opts: Options) -> Page:
    paper = Paper(opts.paper.name, sheet.frame.width, sheet.frame.height)
    dx = _centred(sheet)
    items: list[Item] = []
    marks: list[Mark] = []
    for index, block in enumerate(sheet.blocks):
        group = groups[block.group]
        placed = _block_items(block, group, dx, index in sheet.dropped, opts)
        items += placed
        if _crop_marked(group[0], opts):
            marks += _block_marks(placed, block.cols, opts.bleed, opts.furniture)
    return Page(paper.width, paper.height, "front", 0, tuple(items), tuple(marks),
                _label(paper, marks, opts.furniture, tuple(items), opts.bleed))

"""Page placement: which component goes where on which sheet, front and back.

A pure calculation (no drawing): components come in, pages of positioned items and crop
marks come out, all in millimetres with the origin at the page's top-left corner and y
pointing down. The drawing step only paints what this step decided.

Rules of the layout:
- Components of one size pack into a grid ("block"). Neighbours in a grid are separated
  by a gutter of twice the bleed, so each component's art runs `bleed` past its cut line
  without touching its neighbour's; identical solid pieces (tombs) share their cut lines.
- Crop marks sit in the page margin around each block, on the extension of every cut line,
  never closer than `crop_gap` to any component's bleed and never on a component.
- Blocks fill pages top to bottom, first fit: a group of pieces first fills the room left
  below earlier blocks (at least one row, `block_gap` below the previous block for their
  crop marks), then starts new pages.
- A back side mirrors its front for the duplex flip: long edge mirrors x, short edge
  mirrors y. `back_offset` then shifts every back item, for printers that misregister.
- Full-page components (board pieces, player aid, print check) get a page each.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass, field, replace
from functools import cache

from pnp import layouts
from pnp.units import mm

DUPLEX_MODES = ("long", "short", "none")


class PlacementError(ValueError):
    """A component cannot be placed on the chosen paper."""


@dataclass(frozen=True)
class Paper:
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


@dataclass(frozen=True)
class Item:
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
    x1: float
    y1: float
    x2: float
    y2: float


@dataclass(frozen=True)
class Label:
    x: float                     # centre of the baseline
    y: float
    max_width: float


@dataclass(frozen=True)
class Page:
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
    paper: Paper
    bleed: float = 2.0
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    crop_marks: bool = True
    furniture: Furniture = field(default_factory=furniture)
    cut_marks: bool = False      # print-and-cut registration marks (furniture reserves room)


@dataclass
class _Block:
    components: list[Component]
    cols: int
    rows: int
    x0: float                    # cut box of the first cell
    y0: float


def gutter(component: Component, bleed: float) -> float:
    """Space between neighbours' cut lines: room for both bleeds, or none when they share
    their cut lines (identical solid pieces, whose bleed is each other's art)."""
    return 0.0 if component.shared_cuts else 2 * bleed


def grid_capacity(width: float, height: float, item_w: float, item_h: float,
                  bleed: float, gap: float | None = None) -> tuple[int, int]:
    """How many columns and rows of items fit in an area, with `bleed` round the grid and
    `gap` between neighbours (default 2 x bleed)."""
    gap = 2 * bleed if gap is None else gap
    cols = (width - 2 * bleed + gap + 1e-9) // (item_w + gap)
    rows = (height - 2 * bleed + gap + 1e-9) // (item_h + gap)
    return max(0, int(cols)), max(0, int(rows))


def _group(components: list[Component]) -> list[list[Component]]:
    """Consecutive components of the same kind and size form one grid block."""
    groups: list[list[Component]] = []
    for comp in components:
        if groups and not comp.full_page and not groups[-1][0].full_page and (
            (groups[-1][0].kind, groups[-1][0].width, groups[-1][0].height)
            == (comp.kind, comp.width, comp.height)
        ):
            groups[-1].append(comp)
        else:
            groups.append([comp])
    return groups


def _pack_blocks(groups: list[list[Component]], opts: Options) -> list[list[_Block]]:
    """Fill pages with grid blocks, first fit: each group first fills the room left at the
    bottom of earlier pages (e.g. tombs below the tiles), then starts new pages. Returns
    the blocks of each front page."""
    paper, f, b = opts.paper, opts.furniture, opts.bleed
    margin_x, margin_y = f.margins
    inner_w = paper.width - 2 * margin_x
    inner_h = paper.height - 2 * margin_y
    pages: list[list[_Block]] = []
    used: list[float | None] = []      # height used on each page; None: a full-page piece
    for group in groups:
        if group[0].full_page:
            pages.append([_Block(group, 1, 1, 0.0, 0.0)])
            used.append(None)
            continue
        w, h = group[0].width, group[0].height
        g = gutter(group[0], b)
        cols, rows_per_page = grid_capacity(inner_w, inner_h, w, h, b, g)
        if cols == 0 or rows_per_page == 0:
            marks = " and registration marks" if f.reserve_x or f.reserve_y else ""
            raise PlacementError(f"{group[0].id} ({w:g} x {h:g} mm) does not fit on "
                                 f"{paper.name} paper with {b:g} mm bleed{marks}")
        pending = list(group)
        page = 0
        while pending:
            if page == len(pages):
                pages.append([])
                used.append(0.0)
            if used[page] is None:
                page += 1
                continue
            start = used[page] + (f.block_gap if used[page] else 0.0)
            free_rows = (grid_capacity(inner_w, inner_h - start, w, h, b, g)[1]
                         if start < inner_h else 0)
            if free_rows == 0:
                page += 1
                continue
            rows = min(free_rows, -(-len(pending) // cols))
            take, pending = pending[: rows * cols], pending[rows * cols:]
            used_cols = min(cols, len(take))
            block_w = used_cols * (w + g) - g + 2 * b
            x0 = (paper.width - block_w) / 2 + b                   # centred horizontally
            pages[page].append(_Block(take, used_cols, rows, x0, margin_y + start + b))
            used[page] = start + rows * (h + g) - g + 2 * b
    return pages


def _block_items(block: _Block, bleed: float) -> list[Item]:
    items = []
    for index, comp in enumerate(block.components):
        row, col = divmod(index, block.cols)
        g = gutter(comp, bleed)
        items.append(Item(comp, block.x0 + col * (comp.width + g),
                          block.y0 + row * (comp.height + g), "front"))
    return items


def _block_marks(block: _Block, bleed: float, f: Furniture) -> list[Mark]:
    """Crop marks on every cut line of a block, outside it, `crop_gap` from its bleed."""
    comp = block.components[0]
    w, h = comp.width, comp.height
    rows = -(-len(block.components) // block.cols)
    left, top = block.x0 - bleed, block.y0 - bleed
    g = gutter(comp, bleed)
    right = block.x0 + block.cols * (w + g) - g + bleed
    bottom = block.y0 + rows * (h + g) - g + bleed
    xs = sorted({round(block.x0 + c * (w + g) + d, 9) for c in range(block.cols) for d in (0, w)})
    ys = sorted({round(block.y0 + r * (h + g) + d, 9) for r in range(rows) for d in (0, h)})
    g, length = f.crop_gap, f.crop_length
    marks = []
    for x in xs:
        marks.append(Mark(x, top - g - length, x, top - g))
        marks.append(Mark(x, bottom + g, x, bottom + g + length))
    for y in ys:
        marks.append(Mark(left - g - length, y, left - g, y))
        marks.append(Mark(right + g, y, right + g + length, y))
    return marks


def _label(paper: Paper, marks: list[Mark], f: Furniture) -> Label:
    """The sheet label goes in the bottom margin, in the widest gap between crop marks
    (and, with registration marks, clear of the corners they keep: `reserve_y` deep)."""
    y = paper.height - f.printer_margin - 0.6
    band_top = paper.height - f.margins[1]
    side = f.printer_margin + f.reserve_y
    xs = sorted(m.x1 for m in marks if m.x1 == m.x2 and m.y2 > band_top - 0.01
                and side < m.x1 < paper.width - side)
    edges = [side, *xs, paper.width - side]
    gaps = [(b - a, a, b) for a, b in itertools.pairwise(edges)]
    width, a, b = max(gaps)
    return Label((a + b) / 2, y, max(0.0, width - 2.0))


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
    fronts: list[Page] = []
    for number, blocks in enumerate(_pack_blocks(_group(components), opts), start=1):
        if len(blocks) == 1 and blocks[0].components[0].full_page:
            comp = blocks[0].components[0]
            paper = opts.paper.turned() if comp.landscape else opts.paper
            if comp.width > paper.width + 1e-6 or comp.height > paper.height + 1e-6:
                raise PlacementError(f"{comp.id} does not fit on {opts.paper.name} paper")
            item = Item(comp, (paper.width - comp.width) / 2, (paper.height - comp.height) / 2,
                        "front")
            fronts.append(Page(paper.width, paper.height, "front", number, (item,), (),
                               _label(paper, [], opts.furniture), comp.kind))
            continue
        items: list[Item] = []
        marks: list[Mark] = []
        for block in blocks:
            items += _block_items(block, opts.bleed)
            # Crop marks only make sense for straight cuts across the grid; round and hex
            # pieces print their own cut outline.
            if opts.crop_marks and block.components[0].shape == "rect":
                marks += _block_marks(block, opts.bleed, opts.furniture)
        fronts.append(Page(opts.paper.width, opts.paper.height, "front", number, tuple(items),
                           tuple(marks), _label(opts.paper, marks, opts.furniture)))
    pages: list[Page] = []
    backs: list[Page] = []
    for front in fronts:
        paper = Paper(opts.paper.name, front.width, front.height)
        back_items = tuple(_mirror(i, paper, opts) for i in front.items
                           if i.component.back is not None)
        back = Page(front.width, front.height, "back", front.sheet, back_items, (),
                    _label(paper, [], opts.furniture), front.kind)
        pages.append(front)
        if opts.duplex == "none":
            if back_items:
                backs.append(back)
        else:
            pages.append(back)
    return pages + backs

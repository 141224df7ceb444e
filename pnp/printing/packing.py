"""Packing pieces onto sheets: where each grid of identical pieces goes, across all kinds.

A pure calculation on rectangles, in mm (page frame: origin top-left, y down), that knows
nothing of components: page placement (placement.py) hands it groups of identical pieces
and turns what comes back into items and crop marks.

- A sheet's free space is a list of maximal free rectangles (MaxRects): placing something
  cuts what it takes out of every free rectangle it overlaps.
- A group's pieces go in grids ("blocks"), as many as fit a free rectangle, turned a
  quarter where that fits more (`Grid.turnable`).
- A lone piece that leaves parts of its box blank (a triangle of board) takes only what it
  draws (`Grid.cover`): a later piece's box may lie over those blank parts, turned any
  quarter (nesting), as long as what each draws stays apart. Its `optional` part (an
  assembly diagram) keeps its room from grids, but gives it up to a nesting piece (the
  sheet records it as dropped).
- First fit over the open sheets, large pieces first, so small pieces fill the room that
  large ones leave; a new sheet opens only when no open sheet has room. A few strategies
  are tried (`STRATEGIES`: lone pieces leaving the most blank room first, or the biggest
  first) and the one taking the fewest sheets wins (ties: the first).
  Everything is deterministic.
- A sheet is portrait unless its first piece fits only on the turned paper. A piece with
  a back (`Grid.upright`) goes only on portrait sheets: a duplex flip is portrait.
- Everything keeps `spacing` from everything else (each box is grown by half of it).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, field, replace
from functools import cached_property

Box = tuple[float, float, float, float]     # x0, y0, x1, y1
EPS = 1e-6
SMALLEST = 4.0      # mm: free rectangles narrower than this are dropped (nothing fits)


def turn_box(box: Box, height: float) -> Box:
    """A box in a frame `height` tall, once the frame is turned a quarter clockwise."""
    x0, y0, x1, y1 = box
    return (height - y1, x0, height - y0, x1)


@dataclass(frozen=True)
class Grid:
    """How the pieces of one group sit together. The box a block of them needs is the
    grid of pieces `gap` apart, `pad` round it (bleed), and `halo` round that (room for
    crop marks)."""

    width: float                 # one piece's box
    height: float
    gap: float = 0.0             # between neighbours' boxes
    pad: float = 0.0
    halo: float = 0.0
    cover: tuple[Box, ...] = ()      # a lone piece's drawn parts (its frame); () = its box
    optional: tuple[Box, ...] = ()   # a lone piece's parts it may do without
    upright: bool = False        # only on portrait sheets (it has a back)
    turnable: bool = False       # may be turned a quarter

    def size(self, cols: int, rows: int) -> tuple[float, float]:
        """The outer box of a block of `cols` x `rows` pieces."""
        around = 2 * (self.pad + self.halo)
        return (cols * (self.width + self.gap) - self.gap + around,
                rows * (self.height + self.gap) - self.gap + around)

    def capacity(self, width: float, height: float) -> tuple[int, int]:
        """Columns and rows of pieces whose block fits `width` x `height`."""
        if self.cover:
            w, h = self.size(1, 1)
            return (1, 1) if w <= width + EPS and h <= height + EPS else (0, 0)
        around = 2 * (self.pad + self.halo)
        cols = (width - around + self.gap + EPS) // (self.width + self.gap)
        rows = (height - around + self.gap + EPS) // (self.height + self.gap)
        return max(0, int(cols)), max(0, int(rows))

    def turned(self, turns: int) -> Grid:
        """The grid of the pieces turned `turns` quarters clockwise."""
        return self._turns[turns % 4]

    @cached_property
    def _turns(self) -> tuple[Grid, Grid, Grid, Grid]:
        # kept on the grid (not in a cache keyed by it): hashing a grid hashes its cover
        turns = [self]
        for _ in range(3):
            turns.append(_turned(turns[-1]))
        return tuple(turns)

    def grown_cover(self, half: float) -> tuple[Box, ...]:
        """Its cover boxes grown by `half`, the largest first (the likeliest not to fit)."""
        kept = self._grown_covers.get(half)
        if kept is None:
            kept = self._grown_covers[half] = tuple(sorted(
                (grown(b, half) for b in self.cover),
                key=lambda b: (b[0] - b[2]) * (b[3] - b[1])))
        return kept

    @cached_property
    def _grown_covers(self) -> dict[float, tuple[Box, ...]]:
        return {}

    def ways(self) -> tuple[int, ...]:
        """The turns to try: none, or a quarter (a grid), or all four (a lone piece)."""
        if not self.turnable:
            return (0,)
        return (0, 1, 2, 3) if self.cover else (0, 1)


def _turned(grid: Grid) -> Grid:
    """The grid turned a quarter clockwise."""
    h = grid.height
    return replace(grid, width=grid.height, height=grid.width,
                   cover=tuple(turn_box(b, h) for b in grid.cover),
                   optional=tuple(turn_box(b, h) for b in grid.optional))


@dataclass(frozen=True)
class Group:
    """`count` pieces of one size, packed as a grid."""
    count: int
    grid: Grid


@dataclass(frozen=True)
class Frame:
    """One way round of the paper: its size, where pieces may go, and what is kept free."""

    width: float
    height: float
    area: Box                    # the printable area
    band: float = 0.0            # its bottom strip kept for the sheet's label: only blocks
    #                              whose crop marks' room is as deep reach into it (the
    #                              label then goes between their marks)


@dataclass(frozen=True)
class Block:
    """Pieces `first` .. `first + count - 1` of group `group`, in rows of `cols`, turned
    `turns` quarters clockwise, the first piece's box at (x, y)."""

    group: int
    first: int
    count: int
    cols: int
    x: float
    y: float
    outer: Box                   # the block's box with pad and halo
    turns: int = 0


@dataclass
class Sheet:
    """A sheet being filled: its frame, free rectangles and the blocks placed on it."""
    frame: Frame
    landscape: bool
    free: list[Box]              # maximal free rectangles, grown by half the spacing
    blocks: list[Block] = field(default_factory=list)
    optional: dict[int, list[Box]] = field(default_factory=dict)   # block -> kept parts
    dropped: set[int] = field(default_factory=set)   # blocks whose optional parts went
    roomy: bool = True           # a lone piece opening it turns to leave the most room

    _grid_free: list[Box] | None = None

    def take(self, box: Box, spacing: float) -> None:
        self.free = subtract(self.free, grown(box, spacing / 2))
        self._grid_free = None

    def grid_free(self, spacing: float) -> list[Box]:
        """The free rectangles for grids: the optional parts kept too."""
        if self._grid_free is None:
            free = self.free
            for parts in self.optional.values():
                for box in parts:
                    free = subtract(free, grown(box, spacing / 2))
            self._grid_free = free
        return self._grid_free


def grown(box: Box, d: float) -> Box:
    return (box[0] - d, box[1] - d, box[2] + d, box[3] + d)


def overlap(a: Box, b: Box) -> bool:
    return a[0] < b[2] - EPS and b[0] < a[2] - EPS and a[1] < b[3] - EPS and b[1] < a[3] - EPS


def subtract(free: list[Box], used: Box) -> list[Box]:
    """The maximal free rectangles once `used` is taken (MaxRects split and prune), in a
    fixed order: the untouched ones first, then the parts of the others."""
    kept: list[Box] = []
    parts: list[Box] = []
    for f in free:
        if not overlap(f, used):
            kept.append(f)
            continue
        parts += [r for r in ((f[0], f[1], used[0], f[3]), (used[2], f[1], f[2], f[3]),
                              (f[0], f[1], f[2], used[1]), (f[0], used[3], f[2], f[3]))
                  if r[2] - r[0] >= SMALLEST and r[3] - r[1] >= SMALLEST]
    if not parts:
        return kept
    # a part inside an untouched rectangle, or inside another part (the first of equal
    # ones stays), is not maximal; an untouched one is never inside a part
    out = list(kept)
    for k, r in enumerate(parts):
        if not (_within(r, kept) or _within_other(k, r, parts)):
            out.append(r)
    return out


def _within(r: Box, boxes: list[Box]) -> bool:
    """Whether `r` lies inside one of `boxes`. (The packer's hot spot: the generator
    yields only a hit, not a verdict per box, which is many times faster.)"""
    x0, y0, x1, y1 = r[0] + EPS, r[1] + EPS, r[2] - EPS, r[3] - EPS
    return any(True for a, b, c, d in boxes if a <= x0 and b <= y0 and x1 <= c and y1 <= d)


def _within_other(k: int, r: Box, parts: list[Box]) -> bool:
    """Whether part k lies inside another part; of equal ones, all but the first do."""
    x0, y0, x1, y1 = r[0] + EPS, r[1] + EPS, r[2] - EPS, r[3] - EPS
    for j, o in enumerate(parts):
        if j == k or not (o[0] <= x0 and o[1] <= y0 and x1 <= o[2] and y1 <= o[3]):
            continue
        if j < k or not (r[0] <= o[0] + EPS and r[1] <= o[1] + EPS
                         and o[2] - EPS <= r[2] and o[3] - EPS <= r[3]):
            return True
    return False


def _new_sheet(frame: Frame, landscape: bool, spacing: float, roomy: bool) -> Sheet:
    return Sheet(frame, landscape, [grown(frame.area, spacing / 2)], roomy=roomy)


Order = Callable[[Sequence[Group]], list[int]]


def biggest_first(groups: Sequence[Group]) -> list[int]:
    """Groups by the area of one piece's box, largest first (stable)."""
    def area(k: int) -> float:
        w, h = groups[k].grid.size(1, 1)
        return w * h
    return sorted(range(len(groups)), key=lambda k: -area(k))


def blankest_first(groups: Sequence[Group]) -> list[int]:
    """Lone pieces by the blank room their box leaves (a triangle of board: half of it),
    most first, so that the others nest in it; then by `biggest_first`'s area (stable)."""
    def key(k: int) -> tuple[float, float]:
        grid = groups[k].grid
        w, h = grid.size(1, 1)
        drawn = sum((b[2] - b[0]) * (b[3] - b[1]) for b in grid.cover) if grid.cover else w * h
        return (-(w * h - drawn), -w * h)
    return sorted(range(len(groups)), key=key)


# The ways tried, the fewest sheets wins (ties: the first): an order of the groups, and
# whether a lone piece opening a sheet turns to leave the roomiest free rectangle (or
# stays as it comes, leaving room its own way: that nests more triangles).
STRATEGIES: tuple[tuple[Order, bool], ...] = ((blankest_first, True), (biggest_first, False))


def pack(groups: Sequence[Group], frames: tuple[Frame, Frame], spacing: float,
         strategies: Sequence[tuple[Order, bool]] = STRATEGIES) -> list[Sheet]:
    """Every group's pieces on the fewest sheets the strategies find. `frames`: the paper
    portrait and landscape. Raises ValueError(k) when group k fits no sheet."""
    best: list[Sheet] | None = None
    for order, roomy in strategies:
        if roomy and not any(g.grid.cover and g.grid.turnable for g in groups):
            continue                    # nothing to turn: the same as the next way
        sheets = _pack_in_order(groups, order(groups), frames, spacing, roomy)
        if best is None or len(sheets) < len(best):
            best = sheets
    return best or []


def _pack_in_order(groups: Sequence[Group], order: list[int], frames: tuple[Frame, Frame],
                   spacing: float, roomy: bool) -> list[Sheet]:
    sheets: list[Sheet] = []
    for k in order:
        group = groups[k]
        done = 0
        for sheet in sheets:
            done = _fill(sheet, k, group, done, spacing)
            if done == group.count:
                break
        while done < group.count:
            sheet = _new_sheet_for(group, frames, spacing, k, roomy)
            before = done
            done = _fill(sheet, k, group, done, spacing)
            if done == before:
                raise ValueError(k)
            sheets.append(sheet)
    return sheets


def _new_sheet_for(group: Group, frames: tuple[Frame, Frame], spacing: float,
                   k: int, roomy: bool) -> Sheet:
    """Portrait, unless one piece fits only on the turned paper (and may go there); the
    label's band stays free unless no way round leaves it free."""
    grid = group.grid
    ways = [(bool(landscape), frame) for landscape, frame in enumerate(frames)
            if not (landscape and grid.upright)]
    for keep_band in (True, False):
        for landscape, frame in ways:
            x0, y0, x1, y1 = frame.area
            if not any(w <= x1 - x0 + EPS and h <= y1 - y0 + EPS
                       for w, h in (grid.turned(t).size(1, 1) for t in grid.ways())):
                continue
            sheet = _new_sheet(frame if keep_band else replace(frame, band=0.0), landscape,
                               spacing, roomy)
            if _room(sheet, grid, spacing):
                return sheet
    raise ValueError(k)


def _room(sheet: Sheet, grid: Grid, spacing: float) -> bool:
    if grid.cover:
        return _nest(sheet, grid, spacing) is not None
    return _best_spot(sheet.grid_free(spacing), grid, 1, spacing, _floor(sheet, grid,
                                                                        spacing)) is not None


def _floor(sheet: Sheet, grid: Grid, spacing: float) -> float:
    """How low a block of the grid may reach on the sheet (grown by half the spacing)."""
    bottom = sheet.frame.area[3] + spacing / 2
    return bottom if grid.halo >= sheet.frame.band else bottom - sheet.frame.band


def _fill(sheet: Sheet, k: int, group: Group, done: int, spacing: float) -> int:
    """Blocks of the group's pieces from `done` on into the sheet while any fits; returns
    how many of the group are placed."""
    if group.grid.upright and sheet.landscape:
        return done
    while done < group.count:
        if group.grid.cover:
            nest = _nest(sheet, group.grid, spacing)
            if nest is None:
                break
            x0, y0, turns = nest
            cols = rows = 1
        else:
            pick = _lookahead if group.grid.turnable else _best_spot
            found = pick(sheet.grid_free(spacing), group.grid, group.count - done, spacing,
                         _floor(sheet, group.grid, spacing))
            if found is None:
                break
            free, cols, rows, turns = found
            x0, y0 = free[0] + spacing / 2, free[1] + spacing / 2
        grid = group.grid.turned(turns)
        take = min(group.count - done, cols * rows)
        w, h = grid.size(cols, rows)
        inset = grid.pad + grid.halo
        block = Block(k, done, take, cols, x0 + inset, y0 + inset, (x0, y0, x0 + w, y0 + h),
                      turns)
        _put(sheet, block, grid, spacing)
        done += take
    return done


def _shifted(boxes, dx: float, dy: float) -> list[Box]:
    return [(a + dx, b + dy, c + dx, d + dy) for a, b, c, d in boxes]


def _put(sheet: Sheet, block: Block, grid: Grid, spacing: float) -> None:
    """Take a block's room: its outer box, or a lone piece's cover; a nesting piece takes
    the optional parts it lies over from their pieces, and keeps its own where clear."""
    half = spacing / 2
    index = len(sheet.blocks)
    sheet.blocks.append(block)
    taken = _shifted(grid.cover, block.x, block.y) or [block.outer]
    own = _shifted(grid.optional, block.x, block.y)
    keep = bool(own) and all(_clear(grown(b, half), sheet.free) for b in own)
    for j, parts in list(sheet.optional.items()):
        if _touch(parts, taken, half):
            del sheet.optional[j]
            sheet.dropped.add(j)
        elif _touch(parts, own, half):
            keep = False
    for box in taken:
        sheet.take(box, spacing)
    sheet._grid_free = None
    if keep:
        sheet.optional[index] = own
    elif own:
        sheet.dropped.add(index)


def _touch(a: list[Box], b: list[Box], half: float) -> bool:
    return any(overlap(grown(p, half), grown(q, half)) for p in a for q in b)


def _clear(box: Box, free: list[Box]) -> bool:
    """Whether a box lies in the free space (so inside one maximal free rectangle)."""
    return _within(box, free)


def _nest(sheet: Sheet, grid: Grid, spacing: float) -> tuple[float, float, int] | None:
    """Where a lone piece with a `cover` goes, turned any way it may be: its box at a
    corner of a free rectangle, inside the sheet, what it draws clear of what is drawn
    (its blank corners may lie over another piece's). The place that drops the fewest
    optional parts, then the highest, the leftmost, the fewest turns."""
    half = spacing / 2
    best: tuple[tuple[float, ...], tuple[float, float, int]] | None = None
    for turns in grid.ways():
        turned = grid.turned(turns)
        found = _nest_spots(sheet, turned, half)
        w, h = turned.size(1, 1)
        for y, x in found:
            box = grown((x, y, x + w, y + h), spacing)
            drops = sum(_touch(parts, _shifted(turned.cover, x, y), half)
                        for parts in sheet.optional.values()
                        if any(overlap(p, box) for p in parts))
            # on an empty sheet, the way round that leaves the roomiest free rectangle
            room = 0.0
            if sheet.roomy and not sheet.blocks:
                room = -_roominess(subtract(sheet.free, grown((x, y, x + w, y + h), half)))
            key = (drops, room, y, x, turns)
            if best is None or key < best[0]:
                best = (key, (x, y, turns))
            if drops == 0:
                break           # the spots come highest first: none after it does better
    return None if best is None else best[1]


def _roominess(free: list[Box]) -> float:
    """The area of the largest free rectangle."""
    return max(((f[2] - f[0]) * (f[3] - f[1]) for f in free), default=0.0)


def _nest_spots(sheet: Sheet, grid: Grid, half: float) -> Iterator[tuple[float, float]]:
    """Every spot (y, x), highest first, where the grid's lone piece fits without touching
    what is drawn: its box inside the sheet, each box of its cover in the free space.
    Tried: its box, or its largest cover box, at a corner of a free rectangle."""
    w, h = grid.size(1, 1)
    ax0, ay0, ax1, _ay1 = grown(sheet.frame.area, half)
    ay1 = _floor(sheet, grid, 2 * half)
    cover = grid.grown_cover(half)
    big = cover[0]
    bw, bh = big[2] - big[0], big[3] - big[1]
    roomy = [f for f in sheet.free if f[2] - f[0] >= bw - EPS and f[3] - f[1] >= bh - EPS]
    if not roomy:
        return
    spots = {(y, x)
             for f in roomy
             for x in (f[0] + half, f[2] - half - w, f[0] - big[0], f[2] - big[2])
             if ax0 - EPS <= x - half and x + w + half <= ax1 + EPS
             for y in (f[1] + half, f[3] - half - h, f[1] - big[1], f[3] - big[3])
             if ay0 - EPS <= y - half and y + h + half <= ay1 + EPS}
    rest = cover[1:]
    for y, x in sorted(spots):
        if (_clear((big[0] + x, big[1] + y, big[2] + x, big[3] + y), roomy)
                and all(_clear((a + x, b + y, c + x, d + y), sheet.free)
                        for a, b, c, d in rest)):
            yield y, x


def _lookahead(free: list[Box], grid: Grid, pending: int, spacing: float,
               floor: float) -> tuple[Box, int, int, int] | None:
    """The first block of a group on a sheet: of the spots `_best_spot` weighs, the one
    after which the most of the group fits the sheet (each later block taken by
    `_best_spot`), ties to `_best_spot`'s order."""
    best: tuple[tuple[float, ...], tuple[Box, int, int, int]] | None = None
    for spot in _spots(free, grid, pending, spacing, floor):
        key, f, cols, rows, turns = spot
        outer = grid.turned(turns).size(cols, rows)
        rest = subtract(free, (f[0], f[1], f[0] + outer[0] + spacing, f[1] + outer[1] + spacing))
        take = -key[0]
        placed = take + _greedy_count(rest, grid, pending - take, spacing, floor)
        if best is None or (-placed, *key) < best[0]:
            best = ((-placed, *key), (f, cols, rows, turns))
    return None if best is None else best[1]


def _greedy_count(free: list[Box], grid: Grid, pending: int, spacing: float,
                  floor: float) -> int:
    placed = 0
    while pending > 0:
        found = _best_spot(free, grid, pending, spacing, floor)
        if found is None:
            break
        f, cols, rows, turns = found
        take = min(pending, cols * rows)
        w, h = grid.turned(turns).size(cols, rows)
        free = subtract(free, (f[0], f[1], f[0] + w + spacing, f[1] + h + spacing))
        placed += take
        pending -= take
    return placed


def _spots(free: list[Box], grid: Grid, pending: int, spacing: float, floor: float):
    """Every free rectangle and turn with room for a block above `floor`: (key, rect,
    cols, rows, turns), the key (-pieces, y, x, turns)."""
    for turns in grid.ways():
        turned = grid.turned(turns)
        w, h = turned.size(1, 1)
        w, h = w + spacing - 1e-3, h + spacing - 1e-3     # clearly too small: not asked
        for f in free:
            if f[2] - f[0] < w or min(f[3], floor) - f[1] < h:
                continue
            cols, rows = turned.capacity(f[2] - f[0] - spacing,
                                         min(f[3], floor) - f[1] - spacing)
            if cols * rows == 0:
                continue
            cols = min(cols, pending)
            rows = min(rows, math.ceil(pending / cols))
            key = (-min(pending, cols * rows), round(f[1], 6), round(f[0], 6), turns)
            yield key, f, cols, rows, turns


def _best_spot(free: list[Box], grid: Grid, pending: int, spacing: float,
               floor: float) -> tuple[Box, int, int, int] | None:
    """The free rectangle and turn that take the most pieces (then the highest, the
    leftmost, the fewest turns), and the block's columns and rows there."""
    best = min(_spots(free, grid, pending, spacing, floor), default=None, key=lambda s: s[0])
    return None if best is None else best[1:]

"""What a cutting machine cuts on a placed page: one pure description for every game.

A placed item's cut path follows from its `Component` alone (kind-neutral): a rect piece
is its cut box (with its `corner_radius`), a round piece the ellipse in its cut box (and a
centred `hole`), a hex piece the hexagon in its cut box (corners on the longer axis: flat
side up when wider than tall), and a piece with an `outline` of its own (a board piece
from pnp/printing/split/) that outline, with its `folds` scored rather than cut.
Full-page sheets without an outline (print check, player aid) are not cut.

Print-and-cut registration marks (`RegistrationMarks`) are the common three-corner kind
that Silhouette (Type 1) and similar optical cutters look for: a filled square at the
top-left, L-shaped corners at the top-right and bottom-left, at a fixed inset from the
paper's edges. The page layout keeps their corners free (`reserve`).

Everything in mm, page frame: origin at the page's top-left, y down. No drawing here: the
PDF (pdf.py) and the cut files (cutfile.py) both draw from this module.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

from pnp.geometry.polygon import Point
from pnp.printing.placement import Component, Furniture, Item, Page, Paper, PlacementError


class CutError(PlacementError):
    """A component whose cut path cannot be described (an unknown shape): the CLI says so
    in one line, as for a piece that does not fit."""


@dataclass(frozen=True)
class RoundedRect:
    x: float
    y: float
    width: float
    height: float
    radius: float = 0.0          # corner radius; 0: sharp corners


@dataclass(frozen=True)
class Ellipse:
    cx: float
    cy: float
    rx: float
    ry: float


@dataclass(frozen=True)
class Poly:
    points: tuple[Point, ...]
    closed: bool = True          # False: a line (a fold), not a loop


Shape = RoundedRect | Ellipse | Poly


@dataclass(frozen=True)
class ItemCuts:
    """One component's paths on the page: `cut` (the blade cuts through; inner paths
    first, so a hole is cut before the piece comes loose) and `score` (fold lines)."""

    id: str
    cut: tuple[Shape, ...]
    score: tuple[Shape, ...] = ()


def has_cut(component: Component) -> bool:
    """Whether a cutting machine cuts this component (a full page is only cut when it has
    an outline of its own: a board piece, not the player aid)."""
    return bool(component.outline) or not component.full_page


def item_cuts(item: Item) -> ItemCuts | None:
    """The cut paths of a placed item, or None for a page that is not cut."""
    comp = item.component
    if not has_cut(comp):
        return None
    x, y, w, h = item.x, item.y, comp.width, comp.height
    if comp.outline:
        outline = Poly(tuple((x + px, y + py) for px, py in comp.outline))
        folds = tuple(Poly(((x + a[0], y + a[1]), (x + b[0], y + b[1])), closed=False)
                      for a, b in comp.folds)
        return ItemCuts(comp.id, (outline,), folds)
    if comp.shape == "rect":
        radius = min(comp.corner_radius, w / 2, h / 2)
        return ItemCuts(comp.id, (RoundedRect(x, y, w, h, radius),))
    if comp.shape == "round":
        cx, cy = x + w / 2, y + h / 2
        hole = (Ellipse(cx, cy, comp.hole / 2, comp.hole / 2),) if comp.hole > 0 else ()
        return ItemCuts(comp.id, (*hole, Ellipse(cx, cy, w / 2, h / 2)))
    if comp.shape == "hex":
        return ItemCuts(comp.id, (Poly(hexagon(x, y, w, h)),))
    raise CutError(f"no cut path for {comp.id}: unknown shape {comp.shape!r}")


def hexagon(x: float, y: float, w: float, h: float) -> tuple[Point, ...]:
    """The hexagon in a cut box, clockwise (y down) from its left or top corner: corners
    on the longer axis (a regular hexagon flat side up is 2R wide, sqrt(3) R tall)."""
    if w >= h:
        return ((x, y + h / 2), (x + w / 4, y), (x + 3 * w / 4, y), (x + w, y + h / 2),
                (x + 3 * w / 4, y + h), (x + w / 4, y + h))
    return ((x + w / 2, y), (x + w, y + h / 4), (x + w, y + 3 * h / 4), (x + w / 2, y + h),
            (x, y + 3 * h / 4), (x, y + h / 4))


def page_cuts(page: Page) -> list[ItemCuts]:
    """Every cut item of a (front) page, in placement order."""
    return [c for c in (item_cuts(item) for item in page.items) if c is not None]


def check_cuts(pages: list[Page]) -> None:
    """Raise CutError before anything is written if a cut page holds a piece without a
    cut path."""
    for page in pages:
        if is_cut(page):
            page_cuts(page)


def is_cut(page: Page) -> bool:
    """A front page with something to cut: it gets a cut file (and registration marks)."""
    return page.side == "front" and any(has_cut(item.component) for item in page.items)


# --- Registration marks -----------------------------------------------------------------

@dataclass(frozen=True)
class RegistrationMarks:
    """Three-corner print-and-cut marks (Silhouette Studio "Type 1", which Silhouette
    Cameo/Portrait/Curio read; other optical cutters take the same kind). The defaults
    are the values to set in the cutter's software: inset from every paper edge to the
    marks' outer edges, leg length, line thickness, and the square's side."""

    inset: float = 10.0          # Silhouette Studio's smallest inset
    length: float = 20.0
    thickness: float = 0.5
    square: float = 5.0
    clear: float = 3.0           # nothing else printed this close to a mark

    def shapes(self, width: float, height: float) -> tuple[RoundedRect, ...]:
        """The marks on a page, as filled rectangles: the square at the top-left, then
        the top-right L (its two legs) and the bottom-left L."""
        i, n, t, s = self.inset, self.length, self.thickness, self.square
        right, bottom = width - i, height - i
        return (RoundedRect(i, i, s, s),
                RoundedRect(right - n, i, n, t), RoundedRect(right - t, i, t, n),
                RoundedRect(i, bottom - t, n, t), RoundedRect(i, bottom - n, t, n))

    def zones(self, width: float, height: float) -> tuple[tuple[float, float, float, float], ...]:
        """The boxes (x0, y0, x1, y1) around the three marks that must stay blank."""
        i, n, c = self.inset, self.length, self.clear
        return ((0.0, 0.0, i + n + c, i + n + c),
                (width - i - n - c, 0.0, width, i + n + c),
                (0.0, height - i - n - c, i + n + c, height))

    def reserve(self, furniture: Furniture) -> Furniture:
        """The page furniture that keeps the marks free: everything the layout prints
        (crop marks and full-page pieces too) stays `clear` inside the rectangle the
        marks span, and below/above the marks' corners, so every cut line lies inside
        the area the cutter reads between them."""
        x = max(0.0, self.inset + self.clear - furniture.printer_margin)
        y = max(0.0, self.inset + self.length + self.clear - furniture.printer_margin)
        return replace(furniture, reserve_x=x, reserve_y=y)

    def fits(self, paper: Paper) -> bool:
        """Whether a paper leaves room between the marks' corners for anything at all."""
        side = 2 * (self.inset + self.length + self.clear)
        return paper.width > side and paper.height > side


MARKS = RegistrationMarks()

"""How much paper a build uses: the area of its pieces against the sheets they take.

Pure (no drawing). A piece's area is what it takes of the paper, with its bleed and glue
tabs: a rect piece its cut box grown by the bleed on every side (identical solid pieces
that share their cut lines: their cut box alone), a round piece its disc grown by the
bleed, a hex or an outlined piece (a board piece with its tabs, a die net) its outline
grown by the bleed. A sheet's usable area is the printable area of the paper upright
(inside the printer's margin and the registration marks' reserve). Full-page components
(the print check, a player aid) take a sheet each.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

from pnp.geometry.polygon import area, perimeter
from pnp.printing.cuts import hexagon
from pnp.printing.placement import Component, Options, Page


def piece_area(comp: Component, bleed: float) -> float:
    """The paper one piece takes, in mm², its bleed and glue tabs included."""
    if comp.outline:
        outline = tuple(comp.outline)
        return area(outline) + bleed * perimeter(outline)
    if comp.shape == "round":
        return math.pi * (comp.width / 2 + bleed) * (comp.height / 2 + bleed)
    if comp.shape == "hex":
        hexa = hexagon(0.0, 0.0, comp.width, comp.height)
        return area(hexa) + bleed * perimeter(hexa) + math.pi * bleed ** 2
    if comp.shared_cuts:
        return comp.width * comp.height
    return (comp.width + 2 * bleed) * (comp.height + 2 * bleed)


def usable_area(options: Options) -> float:
    """A sheet's printable area, mm² (upright paper)."""
    width, height = options.furniture.printable(options.paper)
    return width * height


def fronts(pages: Sequence[Page]) -> list[Page]:
    return [p for p in pages if p.side == "front"]


def is_full_page(page: Page) -> bool:
    return any(item.component.full_page for item in page.items)


def coverage(page: Page, options: Options) -> float:
    """The share of a front page's usable area its pieces take (0..1, about)."""
    return sum(piece_area(i.component, options.bleed) for i in page.items) / usable_area(options)


def area_bound(pages: Sequence[Page], options: Options) -> int:
    """The fewest sheets the pieces could take: the area of every packed piece over a
    sheet's usable area, rounded up, and a sheet for each full-page component."""
    packed = [p for p in fronts(pages) if not is_full_page(p)]
    total = sum(piece_area(i.component, options.bleed) for p in packed for i in p.items)
    return math.ceil(total / usable_area(options) - 1e-9) + len(fronts(pages)) - len(packed)


def thin_sheets(pages: Sequence[Page], options: Options, least: float = 0.4) -> list[int]:
    """The sheets (numbers) under `least` covered, but for full pages and the last sheet
    of packed pieces."""
    packed = [p for p in fronts(pages) if not is_full_page(p)]
    return [p.sheet for p in packed[:-1] if coverage(p, options) < least]

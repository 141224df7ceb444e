"""A plan's pieces as printed components: one component per piece, which page placement
packs with the rest, and the lines a cutting machine cuts and scores on it.
"""

from __future__ import annotations

from dataclasses import replace

from pnp.geometry.polygon import EPS, Box, Point, Polygon, dedupe, strip_cover
from pnp.printing.placement import Component
from pnp.printing.split.board import Board, BoardPiece, Seam, SplitError
from pnp.printing.split.furniture import diagram_spot
from pnp.printing.split.stored import stored

COVER_STEP = 10.0      # mm: how finely a piece's cover follows its slanted edges


def piece_components(board: Board, pieces, kind: str = "board",
                     back: str | None = None) -> list[Component]:
    """One component per piece ("board-A1"), sized to everything it draws (bleed and glue
    tabs included), its `cover` what it draws of that box, so that smaller pieces may go
    in the corners it leaves blank, and its assembly diagram `optional`. A one-sided
    board's pieces may be turned to pack (`turnable`). `back`: the back design of a
    two-sided board (see `back_transform`)."""
    components = []
    for p in pieces:
        outlines, folds = piece_cuts(p)
        width, height = p.size

        def local(point: Point, p: BoardPiece = p) -> Point:
            return p.to_page(point, 0.0, 0.0)

        spot = diagram_spot(board, p) if len(pieces) > 1 else None
        components.append(Component(
            id=f"{kind}-{p.label}", kind=kind, width=width, height=height, back=back,
            outline=tuple(local(q) for q in outlines[0]),
            folds=tuple((local(a), local(b)) for a, b in folds),
            bled=True, cover=_cover(p), turnable=back is None,
            optional=() if spot is None else (_local_box(p, spot),)))
    return components


@stored
def _cover(piece: BoardPiece) -> tuple[Box, ...]:
    """What a piece draws but its assembly diagram, as boxes in its component's frame:
    its art and tabs, followed in strips."""
    shapes: list[Polygon] = [piece.art_polygon, *(s.tab_polygon for s in piece.tabs)]
    local = [tuple(piece.to_page(q, 0.0, 0.0) for q in shape) for shape in shapes]
    width, height = piece.size
    boxes = [(max(0.0, a), max(0.0, b), min(width, c), min(height, d))
             for a, b, c, d in strip_cover(local, COVER_STEP)]
    return tuple(b for b in boxes if b[2] - b[0] > EPS and b[3] - b[1] > EPS)


def _local_box(piece: BoardPiece, box: Box) -> Box:
    """A board-frame box in the piece's component frame."""
    corners = [piece.to_page(p, 0.0, 0.0) for p in ((box[0], box[1]), (box[2], box[3]))]
    return (min(c[0] for c in corners), min(c[1] for c in corners),
            max(c[0] for c in corners), max(c[1] for c in corners))


def piece_cuts(piece: BoardPiece) -> tuple[tuple[Polygon, ...], tuple[tuple[Point, Point], ...]]:
    """What a cutting machine cuts and scores on a piece (board frame): the outline of the
    piece with its glue tabs, as closed polygons (one, for a convex board), and the fold
    lines (the seams the piece's tabs hinge on). The same lines draw_split draws: solid
    where cut, dashed where folded."""
    folds = tuple((s.a, s.b) for s in piece.tabs)
    on_fold = {(s.a, s.b) for s in piece.tabs} | {(s.b, s.a) for s in piece.tabs}
    poly = piece.polygon
    segments = [(a, poly[(k + 1) % len(poly)]) for k, a in enumerate(poly)
                if (a, poly[(k + 1) % len(poly)]) not in on_fold]
    for seam in piece.tabs:
        tab = seam.tab_polygon
        segments += [(a, tab[(k + 1) % len(tab)]) for k, a in enumerate(tab)
                     if not (_on_line(a, seam) and _on_line(tab[(k + 1) % len(tab)], seam))]
    return _chain(segments), folds


def _on_line(p: Point, seam: Seam) -> bool:
    a, b = seam.a, seam.b
    cross = (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
    return abs(cross) < 1e-6 * max(1.0, abs(b[0] - a[0]) + abs(b[1] - a[1]))


def _chain(segments: list[tuple[Point, Point]]) -> tuple[Polygon, ...]:
    """Join segments that meet end to end into closed polygons, in the order given."""
    def key(p: Point) -> tuple[float, float]:
        return (round(p[0], 6), round(p[1], 6))

    left = list(segments)
    loops: list[Polygon] = []
    while left:
        a, b = left.pop(0)
        loop = [a, b]
        while key(loop[-1]) != key(loop[0]):
            nxt = next((k for k, (p, q) in enumerate(left)
                        if key(loop[-1]) in (key(p), key(q))), None)
            if nxt is None:
                raise SplitError("a piece's cut outline is not closed")
            p, q = left.pop(nxt)
            loop.append(q if key(p) == key(loop[-1]) else p)
        loops.append(dedupe(loop[:-1]))
    return tuple(loops)


def piece_for(pieces, component: Component) -> BoardPiece:
    """The piece a component of `piece_components` prints, turned as far again as page
    placement turned the component."""
    label = component.id.removeprefix(f"{component.kind}-")
    for piece in pieces:
        if piece.label == label:
            if component.turns:
                return replace(piece, turns=(piece.turns + component.turns) % 4)
            return piece
    raise KeyError(f"no board piece {label!r}")

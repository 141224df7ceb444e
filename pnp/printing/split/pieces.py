"""A plan's pieces as printed components: one full-page component per piece, and the
lines a cutting machine cuts and scores on it.
"""

from __future__ import annotations

from pnp.geometry.polygon import Point, Polygon, dedupe
from pnp.printing.placement import Component
from pnp.printing.split.board import BoardPiece, Seam, SplitError


def piece_components(pieces, kind: str = "board", back: str | None = None) -> list[Component]:
    """One full-page component per piece ("board-A1"), sized to everything it draws.
    `back`: the back design of a two-sided board (see `back_transform`)."""
    components = []
    for p in pieces:
        outlines, folds = piece_cuts(p)
        width, height = p.size

        def local(point: Point, p: BoardPiece = p) -> Point:
            return p.to_page(point, 0.0, 0.0)

        components.append(Component(
            id=f"{kind}-{p.label}", kind=kind, width=width, height=height, back=back,
            full_page=True, landscape=p.landscape,
            outline=tuple(local(q) for q in outlines[0]),
            folds=tuple((local(a), local(b)) for a, b in folds)))
    return components


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
    """The piece a component of `piece_components` prints."""
    label = component.id.removeprefix(f"{component.kind}-")
    for piece in pieces:
        if piece.label == label:
            return piece
    raise KeyError(f"no board piece {label!r}")

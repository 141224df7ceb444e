"""A two-sided board: where its second side lands behind a piece's front."""

from __future__ import annotations

from pnp.geometry.polygon import Polygon
from pnp.printing.split.board import BoardPiece


def back_transform(piece: BoardPiece, duplex: str) -> tuple[float, ...]:
    """The affine map (a, b, c, d, e, f: x' = a*x + c*y + e, y' = b*x + d*y + f) from the
    board's second side to the back face of the piece's item, its origin the item's
    top-left corner (as `Canvas.transform` takes it).

    The second side's frame is the first side's turned over left to right: its point (u, v)
    lies behind the first side's (-u, v). The back page is the front mirrored for the
    duplex flip (pnp.printing.placement): long edge (and none, glued) mirrors x, short
    mirrors y, so the second side is drawn shifted, or turned half round. Either way it
    lands exactly behind the first side, to the bleed. A `turned` piece's second side is
    turned the quarter the other way (its front's map, turned over and flipped)."""
    x0, y0, x1, y1 = piece.box
    if piece.turned:
        if duplex == "short":
            return (0.0, 1.0, -1.0, 0.0, y1, x1)
        return (0.0, -1.0, 1.0, 0.0, -y0, -x0)
    if duplex == "short":
        return (-1.0, 0.0, 0.0, -1.0, -x0, y1)
    return (1.0, 0.0, 0.0, 1.0, x1, -y0)


def mirrored(polygon: Polygon) -> Polygon:
    """A first-side outline in the second side's frame (see `back_transform`)."""
    return tuple((-x + 0.0, y) for x, y in reversed(polygon))

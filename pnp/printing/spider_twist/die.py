"""A d6 net with glue tabs (ruling "Components": any d6; we also print a net).

The net, in its component's frame (mm, origin top-left, y down), `s` the side of a face:

            [1]            a strip 1-2-6-5 folds into a loop (top, front, bottom, back);
         [4][2][3]         4 and 3 fold down as the left and right sides;
            [6]            opposite faces add up to 7.
            [5]

Glue tabs: on 1's left, right and top edges (under 4, 3 and 5), on 6's and 5's left and
right edges (under 4 and 3). The top tab adds `tab` above face 1.
"""

from __future__ import annotations

from pnp.geometry import spider_twist as geometry
from pnp.geometry.polygon import bounds
from pnp.printing.drawing import Canvas
from pnp.printing.pen import saved
from pnp.printing.spider_twist import icons
from pnp.printing.spider_twist.style import Style

# face value -> (column, row) in the net
FACES = {1: (1, 0), 4: (0, 1), 2: (1, 1), 3: (2, 1), 6: (1, 2), 5: (1, 3)}
TABS = ((1, "left"), (1, "right"), (1, "top"), (6, "left"), (6, "right"), (5, "left"),
        (5, "right"))


def net_size() -> tuple[float, float]:
    s, tab = geometry.spec().die, geometry.spec().die_tab
    return 3 * s, 4 * s + tab


def face_box(value: int) -> tuple[float, float, float, float]:
    s, tab = geometry.spec().die, geometry.spec().die_tab
    col, row = FACES[value]
    return (col * s, tab + row * s, col * s + s, tab + row * s + s)


def tab_polygon(value: int, edge: str) -> tuple[tuple[float, float], ...]:
    """A trapezoid `tab` deep on one edge of a face, its ends slanted 45 degrees."""
    tab = geometry.spec().die_tab
    x0, y0, x1, y1 = face_box(value)
    if edge == "left":
        return ((x0, y0), (x0 - tab, y0 + tab), (x0 - tab, y1 - tab), (x0, y1))
    if edge == "right":
        return ((x1, y0), (x1 + tab, y0 + tab), (x1 + tab, y1 - tab), (x1, y1))
    return ((x0, y0), (x0 + tab, y0 - tab), (x1 - tab, y0 - tab), (x1, y0))


def outline() -> tuple[tuple[float, float], ...]:
    """The net's cut outline with its tabs, clockwise from face 1's top-left corner."""
    s, tab = geometry.spec().die, geometry.spec().die_tab
    y = tab
    return ((s, y), (s + tab, y - tab), (2 * s - tab, y - tab), (2 * s, y),    # 1 top tab
            (2 * s + tab, y + tab), (2 * s + tab, y + s - tab), (2 * s, y + s),   # 1 right
            (3 * s, y + s), (3 * s, y + 2 * s), (2 * s, y + 2 * s),              # face 3
            (2 * s + tab, y + 2 * s + tab), (2 * s + tab, y + 3 * s - tab),       # 6 right
            (2 * s, y + 3 * s),
            (2 * s + tab, y + 3 * s + tab), (2 * s + tab, y + 4 * s - tab),       # 5 right
            (2 * s, y + 4 * s), (s, y + 4 * s),
            (s - tab, y + 4 * s - tab), (s - tab, y + 3 * s + tab), (s, y + 3 * s),  # 5 left
            (s - tab, y + 3 * s - tab), (s - tab, y + 2 * s + tab), (s, y + 2 * s),  # 6 left
            (0.0, y + 2 * s), (0.0, y + s), (s, y + s),                          # face 4
            (s - tab, y + s - tab), (s - tab, y + tab))                           # 1 left


def draw_net(canvas: Canvas, x: float, y: float, style: Style, grow: float) -> None:
    """The net, its component's top-left at (x, y): faces with pips, hatched tabs, dashed
    fold lines, the cut outline. `grow`: the faces' white runs this far past the cut."""
    s = geometry.spec().die
    with saved(canvas):
        canvas.translate(x, y)
        canvas.setFillColor(style.die_fill)
        canvas.setStrokeColor(style.die_fill)
        canvas.setLineWidth(2 * grow)
        canvas.setLineJoin(1)
        path = canvas.beginPath()
        points = outline()
        path.moveTo(*points[0])
        for p in points[1:]:
            path.lineTo(*p)
        path.close()
        canvas.drawPath(path, stroke=int(grow > 0), fill=1)
        for value, edge in TABS:
            poly = tab_polygon(value, edge)
            tab_path = canvas.beginPath()
            tab_path.moveTo(*poly[0])
            for p in poly[1:]:
                tab_path.lineTo(*p)
            tab_path.close()
            with saved(canvas):
                canvas.clipPath(tab_path, stroke=0, fill=0)
                canvas.setFillColor(style.web["rings"] if not style.ink_saver else
                                    style.die_fill)
                bx0, by0, bx1, by1 = bounds(poly)
                canvas.rect(bx0, by0, bx1 - bx0, by1 - by0, stroke=0, fill=1)
                canvas.setStrokeColor(style.label)
                canvas.setLineWidth(0.2)
                k = bx0 - (by1 - by0)
                while k < bx1:
                    canvas.line(k, by1, k + (by1 - by0), by0)
                    k += 1.5
        for value in FACES:
            x0, y0, _x1, _y1 = face_box(value)
            icons.die_face(canvas, x0 + 0.6, y0 + 0.6, s - 1.2, value, style.die_fill,
                           style.die_pip)
        canvas.setStrokeColor(style.label)
        canvas.setLineWidth(0.2)
        canvas.setDash([1.0, 1.0], 0)
        for a, b in folds():
            canvas.line(*a, *b)
        canvas.setDash([], 0)
        canvas.setStrokeColor(style.strand)
        canvas.setLineWidth(style.cut_line)
        canvas.drawPath(path, stroke=1, fill=0)


def folds():
    """Every edge between two faces or a face and its tab (folded, not cut)."""
    s, tab = geometry.spec().die, geometry.spec().die_tab
    y = tab
    return [((s, y), (2 * s, y)),                            # 1 | top tab
            ((s, y), (s, y + s)), ((2 * s, y), (2 * s, y + s)),          # 1 | tabs
            ((s, y + s), (2 * s, y + s)),                    # 1 | 2
            ((s, y + s), (s, y + 2 * s)), ((2 * s, y + s), (2 * s, y + 2 * s)),  # 4|2|3
            ((s, y + 2 * s), (2 * s, y + 2 * s)),            # 2 | 6
            ((s, y + 2 * s), (s, y + 3 * s)), ((2 * s, y + 2 * s), (2 * s, y + 3 * s)),
            ((s, y + 3 * s), (2 * s, y + 3 * s)),            # 6 | 5
            ((s, y + 3 * s), (s, y + 4 * s)), ((2 * s, y + 3 * s), (2 * s, y + 4 * s))]

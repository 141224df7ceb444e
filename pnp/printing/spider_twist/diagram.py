"""The picture of a reaction, for disputes (`pnp check spider-twist --disturb N --overlay`).

`reaction_png(state, node, data)` draws the state's web side with its tokens (the males on
their nodes, "done" ones turned, the female with her die, mated and eaten males in their
areas), then what the rules core answered (`COMMANDS.check_report(...).data`, ruling "The
female's reaction"):

- the disturbed node (a blue ring) and the spoke that gives her reach (a blue band), each
  male counted numbered 1, 2, ...;
- every shortest route from her node to the disturber (thin orange dashes);
- every walk the player moving her may choose (bold orange, arrows, steps numbered);
- where she stops (a vermilion ring) and whom she eats (a vermilion cross);

and a legend below in words. Drawn by the board's own drawing code (reportlab) and
rasterised with pdfium, like `pnp export`.
"""

from __future__ import annotations

import io
import itertools
from collections.abc import Mapping
from typing import Any

from reportlab.pdfgen.canvas import Canvas

from pnp.geometry import spider_twist as geometry
from pnp.printing import pen
from pnp.printing.pen import saved, text
from pnp.printing.spider_twist import scene
from pnp.printing.spider_twist.draw_web import paint_side
from pnp.printing.spider_twist.style import Style, spider_style
from pnp.printing.style import FONT, FONT_BOLD, WHITE, font_pt, register_fonts
from pnp.rules.spider_twist import read_state

LEGEND = 36.0           # mm below the board for the legend
DPI = 110


def reaction_png(state: Mapping[str, Any], node: str, data: Mapping[str, Any],
                 dpi: int = DPI, ink_saver: bool = False) -> bytes:
    """PNG bytes: the state's web side, the disturbance on `node` and the reaction in
    `data` (the check report's data)."""
    import pypdfium2 as pdfium

    pdf = reaction_pdf(state, node, data, ink_saver)
    document = pdfium.PdfDocument(pdf)
    try:
        image = document[0].render(scale=dpi / 72).to_pil().convert("RGB")
    finally:
        document.close()
    buffer = io.BytesIO()
    image.save(buffer, format="PNG", dpi=(dpi, dpi))
    return buffer.getvalue()


def draw_overlay(state: Mapping[str, Any], report: Any, query: Mapping[str, Any]) -> bytes:
    """The registry's "diagram" part: (state JSON, check report, query) -> PNG bytes."""
    return reaction_png(state, report.data["disturb"], report.data)


def page_size() -> tuple[float, float]:
    x0, y0, x1, y1 = geometry.board_box()
    return x1 - x0, y1 - y0 + LEGEND


def reaction_pdf(state: Mapping[str, Any], node: str, data: Mapping[str, Any],
                 ink_saver: bool = False) -> bytes:
    st = read_state(state)
    style = spider_style(ink_saver)
    register_fonts()
    buffer = io.BytesIO()
    canvas = Canvas(buffer, invariant=1, initialFontName=FONT)
    width, height = page_size()
    pen.start_page(canvas, width, height)
    x0, y0, _x1, _y1 = geometry.board_box()
    with saved(canvas):
        canvas.translate(-x0, -y0)
        draw_reaction(canvas, st.web, style, st.female, st.males, st.done, st.die, node, data,
                      st.mated, st.eaten, moved_from=_moved_from(st, node))
    _legend(canvas, style, st.web, node, data, (0.0, height - LEGEND, width, LEGEND))
    canvas.showPage()
    canvas.save()
    return buffer.getvalue()


def draw_reaction(canvas: Canvas, side: str, style: Style, female: str,
                  males: Mapping[str, str], done, die: int | None, node: str,
                  data: Mapping[str, Any], mated: Mapping[str, int] | None = None,
                  eaten: Mapping[str, int] | None = None, labels: bool = True,
                  areas: bool = True, moved_from: str | None = None, paint: bool = True,
                  marks: float = 1.0) -> None:
    """The scene and the reaction in the side's board frame. `moved_from`: the node the
    disturbing male came from (an arrow); `paint`: paint the web first; `marks`: scale of
    the badges and rings (a small scene wants them larger than its scale)."""
    spec = geometry.spec()
    if paint:
        paint_side(canvas, side, style, 0.0, markers=False, labels=labels, areas=areas)
    if areas:
        scene.area_tokens(canvas, style, mated or {}, eaten or {})
    if data.get("spoke") is not None:
        scene.spoke_band(canvas, side, int(data["spoke"]), style.accent_2, 7.0 * marks)
    for r in data.get("routes", ()):
        scene.route(canvas, side, r["route"], style.accent, 0.9, dash=(2.2, 1.6))
    walks = [o["path"] for o in data.get("outcomes", ())]
    for path in walks:
        scene.route(canvas, side, path, style.accent, 3.2 * marks, alpha=0.85)
    if moved_from is not None:
        scene.route(canvas, side, (moved_from, node), style.strand, 1.4 * marks,
                    dash=(0.1, 1.2 * marks))
    scene.tokens(canvas, side, style, female, males, done, die)
    if moved_from is not None:
        scene.arrow_head(canvas, side, moved_from, node, style.strand, 3.4 * marks, at=0.45)
    seen = set()
    for path in walks:
        for step, (a, b) in enumerate(itertools.pairwise(path), start=1):
            if (a, b) in seen:
                continue
            seen.add((a, b))
            scene.arrow_head(canvas, side, a, b, style.accent, 3.2 * marks, at=0.3)
            x, y = scene.edge_point(side, a, b, 0.6)
            scene.badge(canvas, x, y, str(step), style.accent, 4.6 * marks)
    x, y = geometry.node_centre(side, node)
    scene.ring(canvas, x, y, spec.male * scene.TOKEN_SCALE / 2 + 1.6, style.accent_2,
               1.1 * marks)
    for k, counted in enumerate(data.get("counted", ()), start=1):
        cx, cy = geometry.node_centre(side, counted["node"])
        off = spec.male * scene.TOKEN_SCALE / 2
        scene.badge(canvas, cx - off * 0.8, cy - off * 0.8, str(k), style.accent_2,
                    4.6 * marks)
    stops = {(o["stops_at"], o["eats"]) for o in data.get("outcomes", ())}
    for stop, eats in sorted(stops, key=str):
        sx, sy = geometry.node_centre(side, stop)
        r = spec.male * scene.TOKEN_SCALE / 2 + 3.0
        scene.ring(canvas, sx, sy, r, style.warn, 1.2 * marks, dash=(2.0, 1.2))
        if eats:
            scene.cross(canvas, sx, sy, spec.male * scene.TOKEN_SCALE * 0.7, style.warn)


def _moved_from(st, node: str) -> str | None:
    """Where the disturbing male came from, if the state's turn says (its last move onto
    `node`); None for a placement or when unknown."""
    for a, b in reversed(st.moved):
        if b == node and st.graph.is_adjacent(a, node):
            return a
    return None


def _legend(canvas: Canvas, style: Style, side: str, node: str, data: Mapping[str, Any],
            box: tuple[float, float, float, float]) -> None:
    x, y, w, h = box
    canvas.setFillColor(WHITE)
    canvas.rect(x, y, w, h, stroke=0, fill=1)
    canvas.setStrokeColor(style.label)
    canvas.setLineWidth(0.3)
    canvas.line(x, y, x + w, y)
    cap = 3.0
    line = cap * 2.05
    left = x + 8.0
    top = y + 5.0 + cap
    canvas.setFillColor(style.strand)
    by = data.get("by", "?")
    die = data.get("die")
    head = (f"{side} side: disturbance on {node} by the {by} male; the female on "
            f"{data.get('female', '?')}, " + (f"die {die['before']} on her" if die else
                                               "no die on her"))
    text(canvas, left, top, head, font_pt(cap), FONT_BOLD)
    counted = ", ".join(c["node"] for c in data.get("counted", ()))
    rows = [(style.accent_2, "ring", f"reach {data.get('reach')}: the males on spoke "
             f"{data.get('spoke')} ({counted})" + (" — C counts on every spoke"
                                                   if "C" in counted.split(", ") else ""))]
    if die:
        after = (f"the die goes down to {die['after']}" if die.get("after") else
                 "the die (1) is removed")
        rows.append((style.warn, "ring", f"she is eating and does not move: {after}"))
    else:
        routes = data.get("routes", ())
        outs = data.get("outcomes", ())
        eating = sum(1 for r in routes if r.get("eating"))
        rows.append((style.accent, "dash", f"distance {data.get('distance')}: "
                     f"{len(routes)} shortest route{'s' if len(routes) != 1 else ''}"
                     + (f", {eating} eating (eating routes win)" if 0 < eating < len(routes)
                        else "")))
        chooser = data.get("chooser", "the opponent")
        walk = ("the walk she must take" if len(outs) == 1 else
                f"the {len(outs)} walks {chooser} (moving her) chooses from")
        rows.append((style.accent, "bold", f"{walk}, steps numbered"))
        stops = sorted({(o["stops_at"], o["eats"]) for o in outs})
        said = " or ".join(f"on {s}" + (f", eating the {e} male" if e else " (empty)")
                           for s, e in stops)
        rows.append((style.warn, "cross", f"she stops {said}"))
    for k, (colour, mark, words) in enumerate(rows):
        ry = top + line * (k + 1)
        _key(canvas, left + 3.0, ry - cap / 2, colour, mark)
        canvas.setFillColor(style.strand)
        text(canvas, left + 9.0, ry, words, font_pt(cap * 0.92), FONT)


def _key(canvas: Canvas, x: float, y: float, colour, mark: str) -> None:
    with saved(canvas):
        canvas.setStrokeColor(colour)
        canvas.setFillColor(colour)
        canvas.setLineCap(1)
        if mark == "ring":
            canvas.setLineWidth(1.0)
            canvas.circle(x, y, 2.2, stroke=1, fill=0)
        elif mark == "dash":
            canvas.setLineWidth(0.9)
            canvas.setDash([2.0, 1.4], 0)
            canvas.line(x - 3.0, y, x + 3.0, y)
        elif mark == "bold":
            canvas.setLineWidth(3.0)
            canvas.line(x - 3.0, y, x + 3.0, y)
        else:
            scene.cross(canvas, x, y, 3.6, colour)


def main() -> None:
    """Write docs/spider-twist-reaction.png: the ruling's first worked example (the rings
    side, examples/spider-twist-state.json, disturbance on S3R3)."""
    import json
    from pathlib import Path

    from pnp.fileio import write_bytes
    from pnp.rules.spider_twist.commands import COMMANDS

    root = Path(__file__).resolve().parents[3]
    state = json.loads((root / "examples" / "spider-twist-state.json").read_text())
    report = COMMANDS.check_report(COMMANDS.read_state(state), {"disturb": "S3R3"})
    write_bytes(root / "docs" / "spider-twist-reaction.png",
                reaction_png(state, "S3R3", report.data, dpi=90))


if __name__ == "__main__":
    main()

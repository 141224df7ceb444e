"""The reaction diagram (`pnp check spider-twist --disturb N --overlay`): rendered from a
state and the rules core's report, it marks the disturbed node, the males counted, the
walks she may take, where she stops and whom she eats, and nothing else."""

from __future__ import annotations

import io
import json
import math
from functools import cache
from pathlib import Path

import numpy as np
from PIL import Image

from pnp.geometry import spider_twist as geometry
from pnp.printing.spider_twist import diagram, scene
from pnp.printing.spider_twist.style import spider_style
from pnp.rules.api import Report
from pnp.rules.spider_twist.commands import COMMANDS
from pnp.rules.spider_twist.read import position

DPI = 80
SCALE = DPI / 25.4
STYLE = spider_style()
SPEC = geometry.spec()
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "spider-twist-state.json"


def rgb(colour) -> np.ndarray:
    return np.array([round(colour.red * 255), round(colour.green * 255),
                     round(colour.blue * 255)])


@cache
def rendered(state_json: str, node: str) -> tuple[np.ndarray, dict]:
    state = json.loads(state_json)
    data = COMMANDS.check_report(COMMANDS.read_state(state), {"disturb": node}).data
    png = diagram.reaction_png(state, node, data, dpi=DPI)
    return np.array(Image.open(io.BytesIO(png)).convert("RGB")).astype(int), data


def pixel(image: np.ndarray, side_point) -> np.ndarray:
    x0, y0, _x1, _y1 = geometry.board_box()
    return image[round((side_point[1] - y0) * SCALE), round((side_point[0] - x0) * SCALE)]


def share_on_circle(image, centre, radius, colour, tol=40) -> float:
    """The part of a circle's points whose pixel is near `colour`."""
    hits = 0
    steps = 72
    for k in range(steps):
        a = 2 * math.pi * k / steps
        p = (centre[0] + radius * math.cos(a), centre[1] + radius * math.sin(a))
        hits += np.abs(pixel(image, p) - rgb(colour)).max() <= tol
    return hits / steps


def example_rings() -> str:
    return EXAMPLE.read_text()


def test_the_picture_is_the_web_with_a_legend():
    image, _data = rendered(example_rings(), "S3R3")
    width, height = diagram.page_size()
    assert abs(image.shape[1] - width * SCALE) <= 1 and abs(image.shape[0] - height * SCALE) <= 1


def test_worked_example_1_marks_the_stop_on_s1r3_and_the_eaten_black_male():
    image, _data = rendered(example_rings(), "S3R3")
    r_stop = SPEC.male * scene.TOKEN_SCALE / 2 + 3.0
    stop = geometry.node_centre("rings", "S1R3")
    assert share_on_circle(image, stop, r_stop, STYLE.warn) > 0.3     # dashed ring
    # the cross over the eaten male
    assert np.abs(pixel(image, stop) - rgb(STYLE.warn)).max() <= 40
    # no stop ring anywhere else she could not stop
    for other in ("S2R2", "S2R3", "S3R3", "S0R3", "S1R2"):
        assert share_on_circle(image, geometry.node_centre("rings", other), r_stop,
                               STYLE.warn) < 0.15, other


def test_worked_example_1_rings_the_disturber_and_numbers_the_males_counted():
    image, _data = rendered(example_rings(), "S3R3")
    r = SPEC.male * scene.TOKEN_SCALE / 2 + 1.6
    disturbed = geometry.node_centre("rings", "S3R3")
    assert share_on_circle(image, disturbed, r, STYLE.accent_2) > 0.6
    assert share_on_circle(image, geometry.node_centre("rings", "S1R3"), r,
                           STYLE.accent_2) < 0.1
    off = SPEC.male * scene.TOKEN_SCALE / 2 * 0.8
    for counted in ("S3R1", "S3R3"):
        x, y = geometry.node_centre("rings", counted)
        badge = pixel(image, (x - off + 1.2, y - off))       # beside the digit
        assert np.abs(badge - rgb(STYLE.accent_2)).max() <= 40, counted
    x, y = geometry.node_centre("rings", "S2R3")               # a male not counted
    assert np.abs(pixel(image, (x - off + 1.2, y - off)) - rgb(STYLE.accent_2)).max() > 60


def _beside_edge(a: str, b: str, at: float = 0.4, off: float = 1.1):
    """A point just off the middle of an edge (bold walks cover it, thin routes do not)."""
    (x, y) = scene.edge_point("rings", a, b, at)
    (x2, y2) = scene.edge_point("rings", a, b, at + 0.05)
    length = math.hypot(x2 - x, y2 - y)
    return (x - (y2 - y) / length * off, y + (x2 - x) / length * off)


def test_worked_example_1_draws_the_eating_walks_bold_and_the_others_thin():
    image, data = rendered(example_rings(), "S3R3")
    walks = {tuple(o["path"]) for o in data["outcomes"]}
    assert walks == {("S0R2", "S0R3", "S1R3"), ("S0R2", "S1R2", "S1R3")}
    orange = rgb(STYLE.accent)
    for a, b in (("S0R3", "S1R3"), ("S1R2", "S1R3")):
        assert np.abs(pixel(image, _beside_edge(a, b)) - orange).max() <= 60, (a, b)
    # a shortest route that loses (it does not eat within reach): no bold line
    for a, b in (("S2R2", "S3R2"), ("S3R2", "S3R3")):
        assert np.abs(pixel(image, _beside_edge(a, b)) - orange).max() > 60, (a, b)


def test_worked_example_2_on_the_spiral_shows_both_stops_to_choose_from():
    state = position("spiral", "P14", {"C": "white", "P6": "white", "P15": "white",
                                       "P26": "black", "P36": "black"}, turn="black")
    image, data = rendered(json.dumps(state.to_json()), "P26")
    assert {(o["stops_at"], o["eats"]) for o in data["outcomes"]} == {("P15", "white"),
                                                                      ("P26", "black")}
    r_stop = SPEC.male * scene.TOKEN_SCALE / 2 + 3.0
    for stop in ("P15", "P26"):
        assert share_on_circle(image, geometry.node_centre("spiral", stop), r_stop,
                               STYLE.warn) > 0.3, stop
    assert share_on_circle(image, geometry.node_centre("spiral", "P25"), r_stop,
                           STYLE.warn) < 0.05


def test_with_a_die_on_her_nothing_moves():
    state = position("rings", "S0R2", {"S2R3": "white", "S5R1": "black"}, die=2)
    image, data = rendered(json.dumps(state.to_json()), "S2R3")
    assert data["outcomes"] == [] and data["die"] == {"before": 2, "after": 1}
    r_stop = SPEC.male * scene.TOKEN_SCALE / 2 + 3.0
    for node in geometry.node_centres("rings"):
        if node != "C":
            assert share_on_circle(image, geometry.node_centre("rings", node), r_stop,
                                   STYLE.warn) < 0.05, node


def test_the_registry_adapter_takes_the_check_report():
    state = json.loads(example_rings())
    report = COMMANDS.check_report(COMMANDS.read_state(state), {"disturb": "S3R3"})
    png = diagram.draw_overlay(state, Report(report.lines, report.data), {"disturb": "S3R3"})
    assert png.startswith(b"\x89PNG")
    assert png == diagram.draw_overlay(state, report, {"disturb": "S3R3"})   # deterministic


def test_the_docs_picture_is_worked_example_1():
    """docs/spider-twist-reaction.png is the rings example's picture (regenerate it with
    `python -m pnp.printing.spider_twist.diagram`): she eats on S1R3, not on S2R3."""
    picture = Path(__file__).resolve().parents[2] / "docs" / "spider-twist-reaction.png"
    image = np.array(Image.open(picture).convert("RGB")).astype(int)
    mm = image.shape[1] / diagram.page_size()[0]
    x0, y0, _x1, _y1 = geometry.board_box()
    for node, eaten in (("S1R3", True), ("S2R3", False)):
        x, y = geometry.node_centre("rings", node)
        here = image[round((y - y0) * mm), round((x - x0) * mm)]
        assert (np.abs(here - rgb(STYLE.warn)).max() <= 40) == eaten, node

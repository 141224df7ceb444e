"""Each node's male is read on its own, so one male lying off his node could be claimed by
two nodes; two discs cannot lie nearer than their width, so such a pair is flagged and
pinned on both nodes (referee/spider_twist/pipeline.py)."""

from __future__ import annotations

import numpy as np

from pnp.geometry import spider_twist as geometry
from referee.spider_twist import board
from referee.spider_twist.pipeline import one_male_at_two_nodes
from referee.spider_twist.problems import NODE_UNCLEAR
from referee.spider_twist.verdict import PieceSeen


def _male(node: str, at: tuple[float, float], what: str = "male") -> PieceSeen:
    return PieceSeen(what, "black", node, False, at, (at[0] * 10, at[1] * 10))


def test_one_male_read_at_two_nodes_is_flagged_on_both():
    names, _centres = board.nodes("rings")
    a, b = names[3], names[4]
    pieces = [_male(a, (100.0, 100.0)), _male(b, (103.6, 100.0))]
    problems = one_male_at_two_nodes(pieces, list(names))
    assert [p.code for p in problems] == [NODE_UNCLEAR, NODE_UNCLEAR]
    assert [p.cell for p in problems] == [(3,), (4,)]
    assert [p.point for p in problems] == [(1000.0, 1000.0), (1036.0, 1000.0)]
    assert "4 mm" in problems[0].message and b in problems[0].message


def test_males_on_neighbouring_nodes_are_no_problem():
    names, centres = board.nodes("rings")
    nearest = min(((i, j) for i in range(len(names)) for j in range(i + 1, len(names))),
                  key=lambda ij: float(np.hypot(*(centres[ij[0]] - centres[ij[1]]))))
    pieces = [_male(names[k], tuple(float(v) for v in centres[k])) for k in nearest]
    assert geometry.spec().male < float(np.hypot(*(centres[nearest[0]] - centres[nearest[1]])))
    assert one_male_at_two_nodes(pieces, list(names)) == []


def test_only_males_count():
    names, _centres = board.nodes("rings")
    pieces = [_male(names[0], (50.0, 50.0)), _male(names[1], (52.0, 50.0), "female")]
    assert one_male_at_two_nodes(pieces, list(names)) == []

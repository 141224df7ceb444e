"""What a player can tap in a Spider Twist photo and settle by looking (the seam:
`GameReferee.places`, `corrections`, `correct`: a tap asks the rules, a correction settles
what the referee was unsure of).

- Tap a male on the web: the rules' `check` with `{"disturb": NODE}` (the female's
  reaction to a disturbance there), drawn by the overlay's `disturb` option.
- A node the photo could not read (node-unclear, token-unreadable, a male's look off his
  node) offers its candidates: empty, or a white or black male, either face.
Answers change the males found; the state is built and checked by the rules core again
(`position`), so a correction can never make an illegal web look sure.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from pnp.geometry import spider_twist as geometry
from referee.api import Correction, Place, answered
from referee.errors import CorrectionError
from referee.geometry import project
from referee.problems import INVALID_LAYOUT
from referee.spider_twist import board
from referee.spider_twist.problems import NODE_UNCLEAR, TOKEN_AMBIGUOUS, TOKEN_UNREADABLE

if TYPE_CHECKING:
    from referee.spider_twist.verdict import SpiderVerdict

EMPTY = "empty"
CHOICES = ((EMPTY, "nothing: the node is empty"),
           ("white", "a white male, spider up"), ("white-done", "a white male, turned (done)"),
           ("black", "a black male, spider up"), ("black-done", "a black male, turned (done)"))


def places(verdict: SpiderVerdict) -> list[Place]:
    """Every male read on the web: a disc of his width round his node."""
    if verdict.homography is None:
        return []
    r = geometry.spec().male / 2
    ring = np.array([[r * np.cos(a), r * np.sin(a)] for a in np.linspace(0, 2 * np.pi, 16,
                                                                           endpoint=False)])
    out = []
    _names, centres = board.nodes(verdict.side or "rings")
    where = dict(zip(_names, centres, strict=True))
    for p in verdict.pieces:
        if p.what == "male" and p.node in where:
            out.append(Place(p.node, project(verdict.homography, ring + where[p.node]),
                             {"disturb": p.node}, {"disturb": p.node}))
    return out


def corrections(verdict: SpiderVerdict) -> list[Correction]:
    if verdict.found is None or verdict.found.female is None:
        return []
    names, _c = board.nodes(verdict.side or "rings")
    out = []
    for i, p in enumerate(verdict.problems):
        if (p.code not in (NODE_UNCLEAR, TOKEN_UNREADABLE, TOKEN_AMBIGUOUS) or not p.cell
                or not p.message.startswith("node ")):
            continue
        node = names[int(p.cell[0])]
        out.append(Correction(f"node {node}", f"What lies on node {node}?", CHOICES, (i,),
                              p.point))
    return out


def correct(verdict: SpiderVerdict, answers: Mapping[str, str]) -> SpiderVerdict:
    from referee.spider_twist.pipeline import assemble

    if not answers:
        return verdict
    offered = corrections(verdict)
    if not offered:
        raise CorrectionError("nothing was read that could be corrected")
    found = copy.deepcopy(verdict.found)
    pairs, settled = answered(offered, answers)
    for key, value in pairs:
        node = key.split()[1]
        found.males.pop(node, None)
        if value != EMPTY:
            colour, _, done = value.partition("-")
            found.males[node] = (colour, bool(done))
    kept = [p for i, p in enumerate(verdict.problems)
            if i not in settled and p.code != INVALID_LAYOUT]
    state, turn_seen, more = assemble(verdict.side or "rings", found, verdict.areas,
                                       verdict.pieces, verdict.homography)
    return replace(verdict, state=state, problems=kept + more, found=found,
                   turn_seen=turn_seen)

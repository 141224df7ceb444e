"""What a player can tap in a Constructo photo and settle by looking (the seam:
`GameReferee.places`, `corrections`, `correct`: a tap asks the rules, a
correction settles what the referee was unsure of).

- Tap a tile: the rules' `check` with `{"tile": "q,r"}`: what stands there and the legal
  actions from or onto it.
- A stack the photo could not show (band-hidden, stack-unclear) offers candidates: for a
  hidden band the two stacks it may be ([small, ring], no tower; [medium, small, ring], a
  tower; ruling "Components"), otherwise empty or one piece of either player.
Answers replace the tile's stack; the state is assembled again and checked by the rules
core (`stack_problem`, `read_state`), so a correction can never make a wrong board sure.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING

import numpy as np

from pnp.geometry import constructo as geometry
from pnp.rules.constructo import KINDS, PLAYERS, Piece, stack_problem
from pnp.rules.constructo.pieces import NAMES
from referee.api import Correction, Place, answered
from referee.constructo.problems import BAND_HIDDEN, STACK_UNCLEAR, SUPPLY_OVER
from referee.errors import CorrectionError
from referee.geometry import project
from referee.problems import INVALID_LAYOUT

if TYPE_CHECKING:
    from referee.constructo.verdict import ConstructoVerdict

EMPTY = "empty"


def places(verdict: ConstructoVerdict) -> list[Place]:
    """Every tile placed in the pattern: its hexagon in the photo."""
    out = []
    outline = np.array(geometry.hex_outline(), float)
    for t in verdict.tiles:
        if t.place is None:
            continue
        key = f"{t.place[0]},{t.place[1]}"
        out.append(Place(key, project(t.to_photo, outline), {"tile": key}))
    return out


def _text(stack: list[tuple[str, str]]) -> str:
    return " / ".join(f"{o} {NAMES[k]}" for o, k in stack) + " (bottom to top)"


def _value(stack: list[tuple[str, str]]) -> str:
    return ",".join(f"{o}:{k}" for o, k in stack) or EMPTY


def _stack(value: str) -> list[tuple[str, str]]:
    if value == EMPTY:
        return []
    return [tuple(p.split(":", 1)) for p in value.split(",")]      # type: ignore[misc]


def _candidates() -> list[list[tuple[str, str]]]:
    """Every stack of 1 to 3 pieces the rules allow: from above, any taller stack looks like
    one of them (its top, and whether it is a tower, always show; ruling "Components")."""
    out: list[list[tuple[str, str]]] = [[(o, k)] for o in PLAYERS for k in KINDS]
    for _level in range(2):
        longer = []
        for stack in out[-6:]:
            for o in PLAYERS:
                for k in KINDS:
                    trial = [*stack, (o, k)]
                    if stack_problem([Piece(a, b) for a, b in trial]) is None:
                        longer.append(trial)
        out += longer
    return out


def corrections(verdict: ConstructoVerdict) -> list[Correction]:
    found: list[Correction] = []
    asked: dict[tuple[int, int], int] = {}       # one question a tile, settling all its doubts
    tiles = {t.place: t for t in verdict.tiles if t.place is not None}
    for i, p in enumerate(verdict.problems):
        if p.code not in (BAND_HIDDEN, STACK_UNCLEAR, SUPPLY_OVER) or p.cell is None:
            continue
        place = (int(p.cell[0]), int(p.cell[1]))
        if place in asked:
            k = asked[place]
            found[k] = replace(found[k], problems=(*found[k].problems, i))
            continue
        asked[place] = len(found)
        t = tiles.get(place)
        key = f"{place[0]},{place[1]}"
        if p.code == BAND_HIDDEN and t is not None and t.look and len(t.look.layers) == 2:
            small, ring = (t.look.layers[0].owner, "small"), (t.look.layers[1].owner, "ring")
            options = [[small, ring], [(ring[0], "medium"), small, ring]]
            choices = tuple((_value(s), _text(s) + (": a tower" if len(s) == 3 else
                                                     ": no tower")) for s in options)
        else:
            choices = ((EMPTY, "nothing: the tile is empty"),
                       *((_value(s), _text(s)) for s in _candidates()))
        found.append(Correction(f"tile {key}", f"What stands on tile {key}?", choices, (i,),
                                p.point))
    return found


def correct(verdict: ConstructoVerdict, answers: Mapping[str, str]) -> ConstructoVerdict:
    """The verdict with the answered tiles' stacks; the rules' problems found again."""
    from referee.constructo.pipeline import assemble

    if not answers:
        return verdict
    if verdict.pattern is None:
        raise CorrectionError("nothing was read that could be corrected")
    stacks: dict[tuple[int, int], list[tuple[str, str]]] = {}
    pairs, settled = answered(corrections(verdict), answers)
    for key, value in pairs:
        q, r = (int(n) for n in key.split()[1].split(","))
        stacks[q, r] = _stack(value)
    turn = verdict.state["turn"] if verdict.state else PLAYERS[0]
    kept = [p for i, p in enumerate(verdict.problems)
            if i not in settled and p.code not in (INVALID_LAYOUT, SUPPLY_OVER)]
    state, more = assemble(verdict.pattern, verdict.tiles, turn, stacks)
    return replace(verdict, state=state, problems=kept + more)

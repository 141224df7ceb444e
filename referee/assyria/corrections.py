"""What a player can settle for Assyria's referee by looking at the table, and what they may
tap in the photo (the seam: `GameReferee.places`, `corrections`, `correct`).

- Tap a hex with a hut: the rules' `check` about it (`{"hut": "colour@hex"}`: is it
  supplied, by which river or well; pnp/rules/assyria/commands.py check_report).
- A hut or ziggurat whose colour or size could not be read, or that lies between hexes
  (piece-unclear, piece-off-hex, hex-unclear): empty, or a hut of one of the players.
- A ziggurat whose level could not be read (level-unclear): level 1, 2 or 3.
- A well vertex (well-unclear): a well or none; a well that may be this turn's
  (new-well-unknown): new (whose huts surround it) or older.
- A disc that could not be told (track-unclear): the value of that player's track; for a
  colour read as a player from its discs alone (no --state, no piece of it on the map),
  also "no such player": the state is then made anew for the other players.

Answers change the state; the rules core's `read_state` then judges it again, so a
correction can never make an illegal board look sure.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any

import numpy as np

from pnp.geometry import assyria as geometry
from pnp.rules.api import RulesError
from pnp.rules.assyria.cards import CAMELS_MAX, OFFERING_MAX
from pnp.rules.assyria.commands import COMMANDS
from referee.api import Correction, Place, answered
from referee.assyria import unseen
from referee.assyria.problems import (
    HEX_UNCLEAR,
    LEVEL_UNCLEAR,
    NEW_WELL_UNKNOWN,
    PIECE_OFF_HEX,
    PIECE_UNCLEAR,
    TRACK_UNCLEAR,
    WELL_UNCLEAR,
)
from referee.errors import CorrectionError
from referee.geometry import project
from referee.problems import INVALID_LAYOUT, RefereeProblem

if TYPE_CHECKING:
    from referee.assyria.verdict import AssyriaVerdict

EMPTY = "empty"
NO_PLAYER = "none"          # a track's answer: that colour plays not (a stray disc, a tint)
RULES_PREFIX = "the rules do not allow what was seen: "     # pipeline.assemble's wording
TRACK_MAX = {"score": 99, "camel": CAMELS_MAX, "offering": OFFERING_MAX}
STATE_KEY = {"score": "score", "camel": "camels", "offering": "offering"}
DISCS = (*STATE_KEY, "turn")      # the tracks a player has a disc on


def _hexes() -> dict[str, geometry.HexPlace]:
    return {p.name: p for p in geometry.hexes()}


def places(verdict: AssyriaVerdict) -> list[Place]:
    """Every hut read: tap it to ask the rules whether it is supplied (`check --hut`)."""
    if verdict.homography is None:
        return []
    hexes = _hexes()
    out = []
    for p in verdict.pieces:
        if p.what != "hut" or p.colour is None or p.at not in hexes:
            continue
        outline = project(verdict.homography, np.array(hexes[p.at].corners, float))
        out.append(Place(f"{p.colour} hut on {p.at}", outline, {"hut": f"{p.colour}@{p.at}"}))
    return out


def _players(verdict: AssyriaVerdict) -> list[str]:
    state = verdict.state or {}
    return list(state.get("players") or sorted({p.colour for p in verdict.pieces
                                                if p.colour is not None}))


def _hex_at(verdict: AssyriaVerdict, p: RefereeProblem) -> str | None:
    if p.cell is None or len(p.cell) != 2:
        return None
    for hp in geometry.hexes():
        if (hp.q, hp.r) == tuple(p.cell):
            return hp.name
    return None


def corrections(verdict: AssyriaVerdict) -> list[Correction]:
    """One question per doubt the player can answer by looking (problems at one place are
    settled by one answer)."""
    state = verdict.state
    if state is None or "players" not in state:
        return []
    players = _players(verdict)
    phantoms = _phantoms(verdict)
    wells = {w.index: w.name for w in geometry.wells()}
    found: dict[str, Correction] = {}

    def add(key: str, question: str, choices: list[tuple[str, str]], i: int,
            point: Any) -> None:
        if key in found:
            c = found[key]
            found[key] = replace(c, problems=(*c.problems, i))
        else:
            found[key] = Correction(key, question, tuple(choices), (i,), point)

    for i, p in enumerate(verdict.problems):
        if p.code in (PIECE_UNCLEAR, PIECE_OFF_HEX, HEX_UNCLEAR):
            name = _hex_at(verdict, p)
            if name is None:
                continue
            choices = [(EMPTY, "nothing: the hex is empty")]
            choices += [(f"hut {c}", f"a {c} hut") for c in players]
            add(f"hex {name}", f"What stands on hex {name}?", choices, i, p.point)
        elif p.code == LEVEL_UNCLEAR:
            name = _hex_at(verdict, p)
            if name is None:
                continue
            add(f"level {name}", f"How high is the ziggurat on {name}?",
                [("1", "a base only"), ("2", "base and centre"), ("3", "base, centre and "
                                                                   "roof")], i, p.point)
        elif p.code in (WELL_UNCLEAR, NEW_WELL_UNKNOWN) and p.cell and len(p.cell) == 1:
            name = wells.get(int(p.cell[0]))
            if name is None:
                continue
            if p.code == WELL_UNCLEAR:
                add(f"well {name}", f"Is there a well on vertex {name}?",
                    [("well", "a well"), ("none", "no well")], i, p.point)
            else:
                owner = (state.get("huts") or {}).get(name.split("/")[0], "")
                add(f"new-well {name}", f"Was the well on {name} placed this turn?",
                    [("new", f"yes: {owner}'s new well"), ("old", "no: an older well")],
                    i, p.point)
        elif p.code == TRACK_UNCLEAR and p.cell and len(p.cell) == 2 and p.cell[1]:
            track, colour = str(p.cell[0]), str(p.cell[1])
            none = ([(NO_PLAYER, f"no {colour} player: a stray disc, or the print")]
                    if colour in phantoms else [])
            if track in TRACK_MAX:
                choices = [(str(v), str(v)) for v in range(TRACK_MAX[track] + 1)]
                add(f"{track} {colour}", f"Where is {colour}'s disc on the {track} track?",
                    choices + none, i, p.point)
            elif track == "turn":
                choices = [(str(k), f"place {k}") for k in range(1, len(players) + 1)]
                add(f"turn {colour}", f"Which place of the turn order is {colour}'s?",
                    choices + none, i, p.point)
    return list(found.values())


def correct(verdict: AssyriaVerdict, answers: Mapping[str, str]) -> AssyriaVerdict:
    """The verdict with `answers` applied to its state; the problems they settle gone and
    the rules core's problems found again."""
    if not answers:
        return verdict
    if verdict.state is None:
        raise CorrectionError("nothing was read that could be corrected")
    state = copy.deepcopy(verdict.state)
    pairs, settled = answered(corrections(verdict), answers)
    for key, value in pairs:
        _apply(state, key, value, {p.at: p.colour for p in verdict.pieces if p.colour})
    playing = set(state.get("players", []))
    kept = [p for i, p in enumerate(verdict.problems)
            if i not in settled and not (p.code == INVALID_LAYOUT
                                         and p.message.startswith(RULES_PREFIX))
            and not _about_gone(p, playing)]
    return replace(verdict, state=state, problems=kept + _rules_problems(verdict, state))


def _apply(state: dict[str, Any], key: str, value: str, owners: dict[str, str]) -> None:
    """One answer into the state (`owners`: the colour read on each hex, for a ziggurat
    whose level alone was unclear)."""
    kind, _, where = key.partition(" ")
    if kind in DISCS and where not in state.get("players", []):
        return                       # a colour answered as no player: its discs are gone
    if kind in DISCS and value == NO_PLAYER:
        without = _without_player(state, where)
        state.clear()
        state.update(without)
    elif kind == "hex":
        state.setdefault("huts", {}).pop(where, None)
        state.setdefault("ziggurats", {}).pop(where, None)
        if value != EMPTY:
            state["huts"][where] = value.split(" ", 1)[1]
        state["huts"] = dict(sorted(state["huts"].items()))
    elif kind == "level":
        zig = state.setdefault("ziggurats", {}).get(where)
        owner = zig["owner"] if zig else owners.get(where, "")
        state["ziggurats"][where] = {"owner": owner, "level": int(value)}
    elif kind == "well":
        wells = [w for w in state.get("wells", []) if w != where]
        state["wells"] = sorted([*wells, where] if value == "well" else wells)
    elif kind == "new-well":
        owner = state.get("huts", {}).get(where.split("/")[0])
        news = state.setdefault("new_wells", {})
        if value == "new" and owner:
            news[owner] = sorted({*news.get(owner, []), where})
    elif kind in STATE_KEY:
        state.setdefault(STATE_KEY[kind], {})[where] = int(value)
    elif kind == "turn":
        order = [c for c in state.get("order", []) if c != where]
        order.insert(int(value) - 1, where)
        state["order"] = order


def _phantoms(verdict: AssyriaVerdict) -> set[str]:
    """Colours read as players from their discs alone (no --state, no piece of theirs on
    the map: pipeline.discs_without_pieces pins them), when two players would be left."""
    players = _players(verdict)
    if not verdict.neutral or len(players) <= 2:
        return set()
    return set(players) - {p.colour for p in verdict.pieces if p.what != "well"}


def _without_player(state: dict[str, Any], colour: str) -> dict[str, Any]:
    """The neutral state made anew for the players but `colour` (the cards and the map
    depend on how many play), with what the photo showed of the others."""
    players = [c for c in state["players"] if c != colour]
    data = unseen.neutral_state(players, state["turn"])
    for key in ("huts", "ziggurats", "wells", "ashur"):
        data[key] = copy.deepcopy(state.get(key, data.get(key)))
    for key in ("score", "camels", "offering", "new_wells"):
        data[key] = {c: v for c, v in state.get(key, {}).items() if c != colour}
    data["order"] = [c for c in state.get("order", []) if c != colour]
    return data


def _about_gone(p: RefereeProblem, playing: set[str]) -> bool:
    """A track problem about a colour answered as no player."""
    return (p.code == TRACK_UNCLEAR and p.cell is not None and len(p.cell) == 2
            and p.cell[0] in DISCS and p.cell[1] not in playing)


def _rules_problems(verdict: AssyriaVerdict, state: dict[str, Any]) -> list[RefereeProblem]:
    """read_state on the corrected state, worded as pipeline.assemble does."""
    try:
        COMMANDS.read_state(state)
    except RulesError as exc:
        return [RefereeProblem(INVALID_LAYOUT, f"{RULES_PREFIX}{line}") for line in exc.lines]
    return []

"""Judge an Asterion verdict against the true table: the accuracy tests and benchmark
share this (the `Outcome` is referee.evaluate's, the same for every game).

The referee turns the whole table so the Minotaur has rot 0 (docs/referee.md), and a
whole-table turn changes no score (rules core property), so both tables are normalised
the same way before they are compared.
"""

from __future__ import annotations

import copy
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from pnp.rules.asterion import score, table_from_dict
from referee.evaluate import Case, Outcome, shared_presets

if TYPE_CHECKING:
    from referee.synth import SynthPhoto


def turned(table: dict, quarters: int) -> dict:
    """The table turned clockwise (as seen from above, y down) by quarter turns."""
    out = copy.deepcopy(table)
    for t in out["tiles"]:
        for _ in range(quarters % 4):
            t["x"], t["y"] = -t["y"], t["x"]
        t["rot"] = (t["rot"] + 90 * quarters) % 360
    return out


def normalised(table: dict) -> dict:
    """Minotaur at 0,0 with rot 0."""
    minotaur = next(t for t in table["tiles"] if t["id"] == "M")
    out = turned(table, -(minotaur["rot"] // 90))
    m = next(t for t in out["tiles"] if t["id"] == "M")
    for t in out["tiles"]:
        t["x"], t["y"] = t["x"] - m["x"], t["y"] - m["y"]
    return out


def placements(table: dict) -> dict[str, tuple[int, int, int]]:
    return {t["id"]: (t["x"], t["y"], t["rot"]) for t in normalised(table)["tiles"]}


def escape_scores(table: dict) -> dict:
    """The rules core's score JSON without kill points (a photo cannot show them)."""
    plain = copy.deepcopy(table)
    plain["kill_points"] = {}
    result = score(table_from_dict(plain)).to_dict()
    # players' order is turn order in one and colour order in the other: compare as sets
    result["winners"] = sorted(result["winners"])
    result["prisoners"] = sorted(result["prisoners"], key=lambda p: p["tile"])
    return result


def judge(verdict, truth: dict) -> Outcome:
    """Compare an `AsterionVerdict` with the true table file dict. Pieces are tiles (id,
    cell and rotation); the state is right when placements, tombs and players all are."""
    true_places = placements(truth)
    seen_places = placements(verdict.table) if verdict.table and any(
        t["id"] == "M" for t in verdict.table["tiles"]) else {}
    right = sum(1 for tile, place in true_places.items() if seen_places.get(tile) == place)
    board_right = (verdict.table is not None and seen_places == true_places
                   and set(verdict.table.get("dead", [])) == set(truth.get("dead", []))
                   and sorted(verdict.table.get("players", [])) == sorted(truth["players"]))
    try:
        score_right = (verdict.table is not None
                       and escape_scores(verdict.table) == escape_scores(truth))
    except ValueError:
        score_right = False
    return Outcome(len(true_places), right, verdict.is_certain, board_right, score_right,
                   tuple(p.code for p in verdict.problems))


@dataclass(frozen=True)
class Condition:
    """One row of the benchmark: a shared preset (referee.synth.PRESETS), what it changes,
    and what Asterion's scene adds."""

    preset: str
    changes: tuple[tuple[str, Any], ...] = ()    # Conditions fields changed
    board: bool | None = None                    # None: the design's choice
    megapixels: float | None = None              # None: the design's choice
    stray_tombs: int = 0                         # spare tombs on markers (synth.photo)


def conditions() -> dict[str, Condition]:
    """Every shared preset (but "3mp": every row runs at 12 and 3 MP), then Asterion's own:
    the printed board seen at 3 MP from standing height, and spare tombs lying on markers
    (on both of one tile's)."""
    out = {name: Condition(name) for name in shared_presets()}
    out["board-3mp"] = Condition("default", (("fill", 0.65), ("tilt_deg", 25.0)), board=True,
                                 megapixels=3.0)
    out["stray-tombs"] = Condition("default", stray_tombs=2)
    return out


# Cases outside the cycle of conditions (so adding them renumbers no photo): `art-only`,
# a 12 MP photo of the board with a spare tomb on every tile's every mark, so that every
# tile is read from its art (the board's markers give the plane).
EXTRAS = {"art-only": Condition("default", board=True, megapixels=12.0, stray_tombs=1000)}


# Rows made to hide things on purpose (fingers on random markers, everything at once): the
# target "boards exact" leaves them out; "wrong without a flag" never does.
HEAVY_OCCLUSION = ("occluded", "worst")


class AsterionAccuracy:
    """The benchmark's photos (referee.evaluate.AccuracyKit): seeded random legal games of
    2-4 players, on the Crete board or an open table, under every condition at 12 and 3 MP
    (`conditions()`: the shared presets and Asterion's own)."""

    pieces = "tiles"
    states = "boards"
    resolutions = (12.0, 3.0)
    heavy_occlusion = HEAVY_OCCLUSION

    def __init__(self, marks: str | None = None) -> None:
        from pnp.geometry.asterion.tile import printed_marks

        self.conditions = conditions()
        self.presets = tuple(self.conditions)
        self.extras = tuple(EXTRAS)
        # the tiles' print photographed (synth.photo's `marks`; None: the one pnp build prints)
        self.marks = marks or printed_marks()

    def design(self, i: int) -> tuple[str, float, bool, int]:
        """Photo i's condition, megapixels, board and player count: conditions change
        fastest, then resolution, board, players (a mixed radix, so every combination comes
        round); a condition may fix the board or the resolution."""
        rest = i // len(self.presets)
        name = self.presets[i % len(self.presets)]
        c = self.conditions[name]
        megapixels = c.megapixels if c.megapixels is not None else self.resolutions[rest % 2]
        board = c.board if c.board is not None else (rest // 2) % 2 == 0
        return name, megapixels, board, 2 + (rest // 4) % 3

    def case(self, i: int, seed: int) -> Case:
        from referee.asterion.synth import simulated_table

        preset, megapixels, board, players = self.design(i)
        table = simulated_table(seed, players, "crete", board)
        name = (f"{i:03d}-{preset}-{megapixels:g}mp-{'board' if board else 'open'}-"
                f"{players}p-seed{seed}{'' if self.marks == 'classic' else '-' + self.marks}")
        return Case(name, preset, megapixels, table, {"edition": "crete", "board": board})

    def extra_case(self, name: str, k: int, seed: int) -> Case:
        """Photo k of the extra case `name` (EXTRAS): 2-4 players in turn."""
        from referee.asterion.synth import simulated_table

        c = EXTRAS[name]
        players = 2 + k % 3
        table = simulated_table(seed, players, "crete", bool(c.board))
        name_k = (f"{name}-{k:03d}-{c.megapixels:g}mp-{players}p-seed{seed}"
                  f"{'' if self.marks == 'classic' else '-' + self.marks}")
        return Case(name_k, name, float(c.megapixels or 12.0), table,
                    {"edition": "crete", "board": bool(c.board)})

    def photograph(self, case: Case, seed: int) -> SynthPhoto:
        from referee.asterion.synth import photo
        from referee.synth import PRESETS

        c = self.conditions.get(case.preset) or EXTRAS[case.preset]
        cond = replace(PRESETS[c.preset], megapixels=case.megapixels, **dict(c.changes))
        return photo(case.truth, cond, seed, stray_tombs=c.stray_tombs, marks=self.marks)

    def judge(self, verdict, truth: dict) -> Outcome:
        return judge(verdict, truth)

    def pieces_in(self, truth: dict) -> int:
        return len(truth["tiles"])

"""Judge an Asterion verdict against the true table: the accuracy tests and benchmark
share this (the `Outcome` is referee.evaluate's, the same for every game).

The referee turns the whole table so the Minotaur has rot 0 (docs/referee.md), and a
whole-table turn changes no score (rules core property), so both tables are normalised
the same way before they are compared.
"""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import TYPE_CHECKING

from pnp.rules.asterion import score, table_from_dict
from referee.evaluate import Case, Outcome

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


class AsterionAccuracy:
    """The benchmark's photos (referee.evaluate.AccuracyKit): seeded random legal games of
    2-4 players, on the Crete board or an open table, under every preset at 12 and 3 MP."""

    pieces = "tiles"
    states = "boards"
    resolutions = (12.0, 3.0)

    def __init__(self) -> None:
        from referee.asterion.synth import PRESETS

        # "3mp" is the default at 3 MP: every preset runs at both resolutions here.
        self.presets = tuple(name for name in PRESETS if name != "3mp")

    def design(self, i: int) -> tuple[str, float, bool, int]:
        """Photo i's preset, megapixels, board and player count: presets change fastest,
        then resolution, board, players (a mixed radix, so every combination comes round)."""
        rest = i // len(self.presets)
        return (self.presets[i % len(self.presets)], self.resolutions[rest % 2],
                (rest // 2) % 2 == 0, 2 + (rest // 4) % 3)

    def case(self, i: int, seed: int) -> Case:
        from referee.asterion.synth import simulated_table

        preset, megapixels, board, players = self.design(i)
        table = simulated_table(seed, players, "crete", board)
        name = (f"{i:03d}-{preset}-{megapixels:g}mp-{'board' if board else 'open'}-"
                f"{players}p-seed{seed}")
        return Case(name, preset, megapixels, table, {"edition": "crete", "board": board})

    def photograph(self, case: Case, seed: int) -> SynthPhoto:
        from referee.asterion.synth import PRESETS, photo

        return photo(case.truth, replace(PRESETS[case.preset], megapixels=case.megapixels),
                     seed)

    def judge(self, verdict, truth: dict) -> Outcome:
        return judge(verdict, truth)

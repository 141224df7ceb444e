"""Judge an Assyria verdict against the true state: the accuracy tests and the benchmark
share this (the `Outcome` is referee.evaluate's, the same for every game).

A photo shows the board: huts, ziggurats (owner, level) and wells. The rest of a state
(hands, tracks, turn) comes from `--state`, which the benchmark gives as the truth itself;
so states are compared on the board, and scores on what the rules core makes of each.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pnp.rules.assyria.commands import COMMANDS
from referee.evaluate import Case, Outcome

if TYPE_CHECKING:
    from referee.synth import SynthPhoto


def visible(state: dict[str, Any]) -> dict[str, Any]:
    """What a photo of `state` can show."""
    return {"huts": dict(state.get("huts", {})),
            "ziggurats": {n: (z["owner"], z["level"])
                          for n, z in state.get("ziggurats", {}).items()},
            "wells": sorted(state.get("wells", []))}


def _score(state: dict[str, Any]) -> Any:
    return COMMANDS.score_report(COMMANDS.read_state(state)).data


def judge(verdict, truth: dict[str, Any]) -> Outcome:
    """Pieces are every hut, ziggurat and well (by place, owner, level); the state is
    right when the whole board is."""
    want = visible(truth)
    got = visible(verdict.state) if verdict.state else {"huts": {}, "ziggurats": {},
                                                         "wells": []}
    right = sum(got["huts"].get(n) == c for n, c in want["huts"].items())
    right += sum(got["ziggurats"].get(n) == z for n, z in want["ziggurats"].items())
    right += len(set(got["wells"]) & set(want["wells"]))
    pieces = len(want["huts"]) + len(want["ziggurats"]) + len(want["wells"])
    state_right = got == want
    try:
        score_right = bool(verdict.state) and _score(verdict.state) == _score(truth)
    except Exception:  # an unreadable state scores nothing
        score_right = False
    return Outcome(pieces, right, verdict.is_certain, state_right, score_right,
                   tuple(p.code for p in verdict.problems))


class AssyriaAccuracy:
    """The benchmark's photos (referee.evaluate.AccuracyKit): random legal states of 2 to
    4 players, under every preset at 12 and 3 MP; `--state` is the truth."""

    pieces = "pieces"
    states = "boards"
    resolutions = (12.0, 3.0)

    def __init__(self) -> None:
        from referee.synth import PRESETS

        self.presets = tuple(name for name in PRESETS if name != "3mp")

    def design(self, i: int) -> tuple[str, float, int]:
        rest = i // len(self.presets)
        return (self.presets[i % len(self.presets)], self.resolutions[rest % 2],
                (4, 3, 2)[(rest // 2) % 3])

    def case(self, i: int, seed: int) -> Case:
        from referee.assyria.synth import simulated_state

        preset, megapixels, players = self.design(i)
        state = simulated_state(seed, players)
        return Case(f"{i:03d}-{preset}-{megapixels:g}mp-{players}p-seed{seed}", preset,
                    megapixels, state, {"state": state})

    def photograph(self, case: Case, seed: int) -> SynthPhoto:
        from referee.assyria.synth import photo
        from referee.synth import PRESETS

        return photo(case.truth, replace(PRESETS[case.preset], megapixels=case.megapixels),
                     seed)

    def judge(self, verdict, truth: dict[str, Any]) -> Outcome:
        return judge(verdict, truth)

"""Judge an Assyria verdict against the true state: the accuracy tests and the benchmark
share this (the `Outcome` is referee.evaluate's, the same for every game).

A photo shows the board (huts, ziggurats with owner and level, wells) and the tracks
(score mod 100, camels, offering, turn order, Ashur's huts). The benchmark gives no
`--state`: only `--turn` and `--new-wells` (what a player would type on the phone page), so
the whole visible state is read from the photo; states are compared on what a photo shows,
and scores on what the rules core makes of each (the turn's income).
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
            "wells": sorted(state.get("wells", [])),
            "tracks": {"score": {c: v % 100 for c, v in state.get("score", {}).items()},
                       "camels": dict(state.get("camels", {})),
                       "offering": dict(state.get("offering", {})),
                       "order": list(state.get("order", [])),
                       "ashur": {t: list(v) for t, v in state.get("ashur", {}).items()}}}


def _score(state: dict[str, Any]) -> Any:
    return COMMANDS.score_report(COMMANDS.read_state(state)).data


def judge(verdict, truth: dict[str, Any]) -> Outcome:
    """Pieces are every hut, ziggurat and well (by place, owner, level), each player's
    disc per track and each hut in Ashur; the state is right when all of them are."""
    want = visible(truth)
    got = visible(verdict.state) if verdict.state else {"huts": {}, "ziggurats": {},
                                                         "wells": [], "tracks": {}}
    right = sum(got["huts"].get(n) == c for n, c in want["huts"].items())
    right += sum(got["ziggurats"].get(n) == z for n, z in want["ziggurats"].items())
    right += len(set(got["wells"]) & set(want["wells"]))
    pieces = len(want["huts"]) + len(want["ziggurats"]) + len(want["wells"])
    for track in ("score", "camels", "offering"):
        mine = got["tracks"].get(track, {})
        right += sum(mine.get(c) == v for c, v in want["tracks"][track].items())
        pieces += len(want["tracks"][track])
    order = got["tracks"].get("order", [])
    right += sum(k < len(order) and order[k] == c
                 for k, c in enumerate(want["tracks"]["order"]))
    pieces += len(want["tracks"]["order"])
    for tier, huts in want["tracks"]["ashur"].items():
        mine = got["tracks"].get("ashur", {}).get(tier, [])
        right += sum(k < len(mine) and mine[k] == c for k, c in enumerate(huts))
        pieces += len(huts)
    state_right = got == want
    try:
        score_right = bool(verdict.state) and _score(verdict.state) == _score(truth)
    except Exception:  # an unreadable state scores nothing
        score_right = False
    return Outcome(pieces, right, verdict.is_certain, state_right, score_right,
                   tuple(p.code for p in verdict.problems))


class AssyriaAccuracy:
    """The benchmark's photos (referee.evaluate.AccuracyKit): random legal states of 2 to
    4 players, under every preset at 12 and 3 MP; the options are the true turn and new
    wells (no --state)."""

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
                    megapixels, state, {"turn": state["turn"],
                                        "new_wells": state.get("new_wells", {})})

    def photograph(self, case: Case, seed: int) -> SynthPhoto:
        from referee.assyria.synth import photo
        from referee.synth import PRESETS

        return photo(case.truth, replace(PRESETS[case.preset], megapixels=case.megapixels),
                     seed)

    def judge(self, verdict, truth: dict[str, Any]) -> Outcome:
        return judge(verdict, truth)

"""Judge a Constructo verdict against the true state: the accuracy tests and benchmark
share this (the `Outcome` is referee.evaluate's, the same for every game).

A photo cannot show everything in a state: pieces under the lowest visible layer (they
change no score: ruling "Components"), the supply (so neither), whose turn it is, the
round, earlier points, and which way round the pattern was numbered. Both states are
compared on what a photo shows: the pattern, the multiset of visible stacks and the
round's towers.
"""

from __future__ import annotations

from dataclasses import replace
from typing import TYPE_CHECKING, Any

from pnp.rules.constructo import Piece, is_tower
from referee.evaluate import Case, Outcome

if TYPE_CHECKING:
    from referee.synth import SynthPhoto

SIZE = {"small": 0, "medium": 1, "ring": 2}


def visible(stack: list[dict]) -> tuple:
    """What shows of one stack (bottom to top) from above: the top piece, each piece under
    it while they grow (small < medium < ring), and for a top ring its small disc and
    whether a medium disc lies under that (ruling "Components")."""
    pieces = [(p["owner"], p["piece"]) for p in stack]
    if not pieces:
        return ()
    if pieces[-1][1] == "ring" and len(pieces) >= 2:
        band = len(pieces) >= 3
        return (pieces[-2], pieces[-1], band)
    out = [pieces[-1]]
    for p in reversed(pieces[:-1]):
        if SIZE[p[1]] <= SIZE[out[-1][1]]:
            break
        out.append(p)
    return tuple(reversed(out))


def seen_of(state: dict[str, Any]) -> tuple[list, dict]:
    stacks = sorted(visible(s) for s in state["stacks"].values() if s)
    points = {"white": 0, "black": 0}
    for s in state["stacks"].values():
        ps = [Piece(p["owner"], p["piece"]) for p in s]
        if is_tower(ps):
            points[ps[-1].owner] += 1
    return stacks, points


def judge(verdict, truth: dict[str, Any]) -> Outcome:
    """Pieces are the tiles (their visible stack right); the state is right when the
    visible stacks are, the score when the round's points are."""
    want, want_points = seen_of(truth)
    n = len(truth["stacks"]) and 9
    if not verdict.state:
        return Outcome(9, 0, verdict.is_certain, False, False,
                       tuple(p.code for p in verdict.problems))
    got, got_points = seen_of(verdict.state)
    right = 9 - len(set(map(repr, want)) ^ set(map(repr, got)))
    del n
    # ruling "Components": the three patterns differ in shape, so a photo tells them apart
    return Outcome(9, max(0, right), verdict.is_certain, got == want and
                   verdict.state["pattern"] == truth["pattern"],
                   got_points == want_points,
                   tuple(p.code for p in verdict.problems))


class ConstructoAccuracy:
    """The benchmark's photos (referee.evaluate.AccuracyKit): random legal round-1 states
    of the three patterns, under every preset at 12 and 3 MP."""

    pieces = "tiles"
    states = "boards"
    resolutions = (12.0, 3.0)

    def __init__(self) -> None:
        from referee.synth import PRESETS

        self.presets = tuple(name for name in PRESETS if name != "3mp")

    def design(self, i: int) -> tuple[str, float]:
        rest = i // len(self.presets)
        return self.presets[i % len(self.presets)], self.resolutions[rest % 2]

    def case(self, i: int, seed: int) -> Case:
        from referee.constructo.synth import simulated_state

        preset, megapixels = self.design(i)
        state = simulated_state(seed)
        return Case(f"{i:03d}-{preset}-{megapixels:g}mp-{state['pattern']}-seed{seed}",
                    preset, megapixels, state, {"turn": state["turn"]})

    def photograph(self, case: Case, seed: int) -> SynthPhoto:
        from referee.constructo.synth import photo
        from referee.synth import PRESETS

        return photo(case.truth, replace(PRESETS[case.preset], megapixels=case.megapixels),
                     seed)

    def judge(self, verdict, truth: dict[str, Any]) -> Outcome:
        return judge(verdict, truth)

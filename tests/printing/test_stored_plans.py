"""The board-split and packing answers kept as data (pnp/printing/split/stored_plans.json)
are the searches' own: recomputed here for the kept builds of every game, on one paper a
game (benchmarks/regression_sweeps.py recomputes them on every paper)."""

from __future__ import annotations

import json

import pytest

from pnp.games import game_names, part
from pnp.printing.split import stored

PAPERS = ("a4", "letter", "a3")
# Every game on every paper; the suite checks each game on one paper and each paper for
# one game or more (the search is one for all papers), benchmarks/regression_sweeps.py all.
KEPT = [(game, paper) for game in game_names("printing") for paper in PAPERS]
IN_SUITE = [(game, PAPERS[index % len(PAPERS)])
            for index, game in enumerate(game_names("printing"))]


@pytest.mark.parametrize(("game", "paper"), IN_SUITE)
def test_every_kept_answer_is_what_the_search_finds(game: str, paper: str) -> None:
    kept = json.loads(stored.STORE.read_text())
    builds = [b for b in stored.kept_builds([part(game, "printing")]) if b.paper == paper]
    found = stored.record_all(builds)
    stale = {q: a for q, a in found.items() if kept.get(q, "missing") != a}
    assert builds and found
    assert stale == {}, "run `python -m pnp.cli.stored_plans` to store the answers anew"


def test_a_question_not_kept_is_answered_by_the_search() -> None:
    calls = []

    @stored.stored
    def search(board: tuple[float, ...]) -> tuple[float, ...]:
        calls.append(board)
        return tuple(2 * x for x in board)

    assert search((1.5, 2.0)) == (3.0, 4.0)
    assert calls == [(1.5, 2.0)]


def test_the_key_tells_apart_what_the_search_reads() -> None:
    assert stored.key("f", (2.0,)) != stored.key("f", (2.0000001,))
    assert stored.key("f", (2.0,)) != stored.key("g", (2.0,))
    assert stored.key("f", ((1, 2),)) == stored.key("f", ([1, 2],))

"""The Spider Twist simulator's fast paths against the slow computations they replace, in
seeded random games: the movers kept through a turn against `own_movers`, the playout's
game end against `State.current()`, and her walks (a stack) against a recursive reading of
ruling "The female's reaction"."""

from __future__ import annotations

import random
from collections.abc import Mapping

from pnp.rules.spider_twist.female import Outcome, outcomes, reach_count
from pnp.rules.spider_twist.game import _move_in_play, initial_state, playout
from pnp.rules.spider_twist.moves import End, Pass
from pnp.rules.spider_twist.play import movers_after, own_movers, play_legal
from pnp.rules.spider_twist.web import Web, get_web

WEBS = ("rings", "spiral")


def slow_outcomes(web: Web, female: str, node: str, steps: int,
                  males: Mapping[str, str]) -> tuple[Outcome, ...]:
    """Every shortest route's walk, recursively: she stops on the first male she enters or
    after `steps` steps; equal walks once; eating walks win."""
    limit = min(steps, web.distance(female, node))
    found: list[Outcome] = []

    def grow(path: tuple[str, ...]) -> None:
        for nxt in web.toward(path[-1], node):
            longer = (*path, nxt)
            if nxt in males:
                found.append(Outcome(longer, males[nxt]))
            elif len(longer) > limit:
                found.append(Outcome(longer, None))
            else:
                grow(longer)

    grow((female,))
    eating = [o for o in found if o.eats is not None]
    return tuple(eating or found)


def test_the_playout_plays_the_game_current_would():
    for seed in range(30):
        web = WEBS[seed % 2]
        state, rng, count = initial_state(seed, 2, web), random.Random(seed), 0
        while state.current() is not None:
            play_legal(state, _move_in_play(state, rng))
            count += 1
        game = playout(seed, web)
        assert game.moves == count
        assert game.state.to_json() == state.to_json() and state.is_over()


def test_movers_kept_through_a_turn_match_own_movers():
    compared = 0
    for seed in range(30):
        state, rng = initial_state(seed, 2, WEBS[seed % 2]), random.Random(seed)
        kept: list[str] | None = None
        while state.current() is not None:
            if state.react is None and not state.roll:
                kept = own_movers(state) if kept is None else movers_after(state, kept)
                assert kept == own_movers(state)
                compared += 1
            move = _move_in_play(state, rng)
            play_legal(state, move)
            if isinstance(move, (End, Pass)):
                kept = None
    assert compared > 2000


def test_her_walks_match_the_recursive_reading_on_every_male_of_many_positions():
    compared = 0
    for seed in range(40):
        state, rng = initial_state(seed, 2, WEBS[seed % 2]), random.Random(seed)
        web = get_web(state.web)
        while state.current() is not None:
            for node in state.males:
                if node != state.female:
                    steps = reach_count(web, state.males, node)
                    assert outcomes(web, state.female, node, steps, state.males) == \
                        slow_outcomes(web, state.female, node, steps, state.males)
                    compared += 1
            play_legal(state, _move_in_play(state, rng))
    assert compared > 20000

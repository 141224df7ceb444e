"""The Spider Twist simulator's fast paths against the slow computations they replace, in
seeded random games: the board's bit sets kept through a game against the plain choices
and policy, the simulator's draw against randrange, the playout's
game end against `State.current()`, the log made when read against one written move by
move through the checked `apply_in_place`, an allowed walk played unchecked against the
checked choice, her walks and the die drawn as from `legal_moves`, and her walks (a
stack) against a recursive reading of ruling "The female's reaction"."""

from __future__ import annotations

import random
from collections.abc import Mapping

import pytest

from pnp.rules.api import IllegalMove
from pnp.rules.spider_twist.bits import Board, act, acts, turnable, web_bits
from pnp.rules.spider_twist.female import Outcome, outcomes, reach_count, walks
from pnp.rules.spider_twist.game import (
    DONE_RATE,
    END_RATE,
    _move_in_play,
    _player_move,
    initial_state,
    playout,
    start_rolls,
)
from pnp.rules.spider_twist.moves import Done, End, Female, Move, Pass
from pnp.rules.spider_twist.play import (
    Choices,
    apply_in_place,
    legal_moves,
    own_movers,
    play_legal,
)
from pnp.rules.spider_twist.scoring import score
from pnp.rules.spider_twist.state import State
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


def eager_log(seed: int, web: str) -> list[str]:
    """The simulator's log written line by line as the game is played, every move checked."""
    state, rng = initial_state(seed, 2, web), random.Random(seed)
    rolls = ", ".join(f"white {w} black {b}" for w, b in start_rolls(seed))
    log = [f"spider-twist {web} seed {seed}", f"start rolls: {rolls}: {state.turn} starts",
           f"turn 1: {state.turn}"]
    count, turns = 0, 1
    while state.current() is not None:
        player = state.current()
        move = _move_in_play(state, rng)
        events = apply_in_place(state, move)
        count += 1
        log.append(f"{count:5d} {player:<5} {move}" + (f"  ({'; '.join(events)})"
                                                        if events else ""))
        if isinstance(move, (End, Pass)):
            turns += 1
            log.append(f"turn {turns}: {state.turn}")
    result = score(state)
    log += [f"{c}: mated {s.mated}, eaten {s.eaten}: {s.points} points"
            for c, s in result.players.items()]
    log.append(f"{'draw' if len(result.winners) > 1 else 'winner'}: {' '.join(result.winners)}")
    return log


def test_the_log_made_when_read_is_the_one_written_move_by_move():
    lines = 0
    for seed in range(40):
        web = WEBS[seed % 2]
        expected = eager_log(seed, web)
        assert playout(seed, web).log == expected
        lines += len(expected)
    assert lines > 5000


def _decisions(seeds: int):
    """Each decision of seeded 2-player games on both webs, with the game's random player;
    the caller plays a move before asking for the next."""
    for seed in range(seeds):
        state, rng = initial_state(seed, 2, WEBS[seed % 2]), random.Random(seed)
        while state.current() is not None:
            yield state, rng


def test_the_kept_walks_are_those_found_afresh_and_play_as_the_checked_choice():
    """At every decision of her reaction the walks the disturbance kept are those found
    afresh (a copy, keeping none, lists the same moves), and each allowed walk played
    unchecked does what the checked choice does; at every other decision none are kept."""
    positions = compared = 0
    for state, rng in _decisions(80):
        if state.react is None:
            assert state.walks is None          # cleared by the move that ended her choice
        else:
            assert state.walks is not None      # kept: the random player does not look again
            fresh = _fresh_walks(state)
            assert state.walks == fresh
            assert legal_moves(state) == [Female(o.path) for o in fresh]
            again = state.copy()
            assert again.walks is None and legal_moves(again) == legal_moves(state)
            positions += 1
            for move in legal_moves(state):
                fast, checked = state.copy(), state.copy()
                assert play_legal(fast, move) == apply_in_place(checked, move)
                assert fast.to_json() == checked.to_json()
                compared += 1
        play_legal(state, _move_in_play(state, rng))
    assert positions > 500 and compared > 1000


def test_her_moves_are_drawn_as_from_legal_moves():
    compared = 0
    for state, rng in _decisions(60):
        if state.react is not None or state.roll:
            plain = random.Random()
            plain.setstate(rng.getstate())
            moves = legal_moves(state)
            expected = moves[plain.randrange(len(moves))]
            assert _move_in_play(state, rng) == expected
            assert rng.getstate() == plain.getstate()
            compared += 1
            play_legal(state, expected)
        else:
            play_legal(state, _move_in_play(state, rng))
    assert compared > 1000


def plain_player_move(state: State, rng: random.Random) -> Move:
    """The random player's policy (`random_move`) read plainly from the listed choices."""
    choices = Choices(state)
    acts_, males, ends = choices.act_count, len(choices.turnable), int(choices.can_end)
    if acts_ + males + ends <= 1:
        rng.randrange(1)
        return legal_moves(state)[0]
    chance = rng.random()
    if ends and (not acts_ or chance < END_RATE):
        return End()
    if males and (not acts_ or chance > 1 - DONE_RATE):
        return Done(choices.turnable[rng.randrange(males)])
    return choices.acts()[rng.randrange(acts_)]


def test_the_kept_board_and_its_actions_are_the_plain_choices():
    """Through seeded games the board kept move by move is the one read afresh, its movers
    are `own_movers`, its actions (and turnable males) are `Choices`' in their order, and the
    player's move drawn from it is the plain policy's, with the same draws."""
    compared = 0
    for seed in range(60):
        state, rng = initial_state(seed, 2, WEBS[seed % 2]), random.Random(seed)
        bits, board = web_bits(state.web), Board(state)
        while state.current() is not None:
            fresh = Board(state)
            assert (board.own, board.her, board.occupied, board.movers) == \
                (fresh.own, fresh.her, fresh.occupied, fresh.movers)
            if state.react is None and not state.roll:
                assert board.movers == sum(bits.bit[n] for n in own_movers(state))
                choices, actions = Choices(state), acts(state, board)
                assert [act(board, actions, i) for i in range(actions[4])] == choices.acts()
                if not state.has_acted:
                    males = turnable(board.movers, actions[0], actions[3])
                    assert [n for n in bits.bit if bits.bit[n] & males] == choices.turnable
                plain = random.Random()
                plain.setstate(rng.getstate())
                move = _player_move(state, rng, board)
                assert move == plain_player_move(state, plain)
                assert rng.getstate() == plain.getstate()
                compared += 1
                play_legal(state, move)
                board.played(state, move)
            else:
                play_legal(state, _move_in_play(state, rng))
                board.walked(state)
    assert compared > 5000


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


def _fresh_walks(state) -> tuple[Outcome, ...]:
    web = get_web(state.web)
    found = walks(web, state.female, state.males, state.react)
    steps = reach_count(web, state.males, state.react)
    assert found == slow_outcomes(web, state.female, state.react, steps, state.males)
    return found


def test_the_checked_choice_takes_the_kept_walks_and_refuses_others():
    chosen = 0
    for state, rng in _decisions(40):
        move = _move_in_play(state, rng)
        if state.react is not None:
            fresh = _fresh_walks(state)
            wrong = Female((state.female, state.react))
            if all(o.path != wrong.path for o in fresh):
                with pytest.raises(IllegalMove, match="not an allowed walk"):
                    apply_in_place(state, wrong)
                assert state.walks == fresh     # a refused move changes nothing
            chosen += 1
        apply_in_place(state, move)
        assert state.walks is None or state.walks == _fresh_walks(state)
    assert chosen > 200

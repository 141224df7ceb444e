"""The shared game API: every registered game plays seeded random games through it."""

from __future__ import annotations

import random
import subprocess
import sys

import pytest

from pnp.games import UnknownGame, game_names, get_commands, get_game
from pnp.rules.api import (
    Game,
    GameRules,
    IllegalMove,
    MoveSyntaxError,
    ProblemsError,
    RulesError,
    random_playout,
)

GAMES = game_names("rules")


def test_registry_lists_asterion_and_rejects_unknown_games():
    assert "asterion" in GAMES
    with pytest.raises(UnknownGame, match="unknown game"):
        get_game("no-such-game")


@pytest.mark.parametrize("name", game_names("commands"))
def test_game_commands_implement_the_protocol(name):
    assert isinstance(get_commands(name), GameRules)


@pytest.mark.parametrize("name", GAMES)
def test_game_implements_the_protocol(name):
    assert isinstance(get_game(name), Game)


@pytest.mark.parametrize("name", GAMES)
def test_a_wrong_number_or_choice_of_players_is_refused(name):
    game = get_game(name)
    for players in (min(game.player_counts) - 1, max(game.player_counts) + 1,
                    ["nobody", "noone"]):
        with pytest.raises(ValueError, match="players"):
            game.initial_state(1, players)


@pytest.mark.parametrize("name", game_names("commands"))
def test_a_bad_state_file_is_a_list_of_named_problems(name):
    with pytest.raises(ProblemsError) as info:
        get_commands(name).read_state(["not", "a", "state"])
    error = info.value
    assert isinstance(error, RulesError) and error.problems
    assert error.lines == [str(p) for p in error.problems]
    assert all(p.code and p.message for p in error.problems)


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("seed", [1, 2])
def test_random_games_keep_the_api_invariants(name, seed):
    game = get_game(name)
    rng = random.Random(seed)
    state = game.initial_state(seed, max(game.player_counts))
    before = game.state_to_json(state)
    turns = 0
    while not game.is_over(state):
        moves = game.legal_moves(state)
        assert moves, "a game that is not over always has a legal move"
        assert game.current_player(state) is not None
        texts = [game.move_text(m) for m in moves]
        assert len(set(texts)) == len(texts)
        move = game.random_move(state, rng)
        assert move in moves
        assert game.parse_move(game.move_text(move)) == move
        new = game.apply(state, move)
        assert game.state_to_json(state) == before, "apply must not change the old state"
        state, before = new, game.state_to_json(new)
        turns += 1
        assert turns < 1000
    assert game.legal_moves(state) == [] and game.current_player(state) is None
    scores = game.scores(state)
    assert scores and all(isinstance(v, int) for v in scores.values())
    reloaded = game.state_from_json(game.state_to_json(state))
    assert game.is_over(reloaded) and game.scores(reloaded) == scores


@pytest.mark.parametrize("name", GAMES)
def test_moves_that_are_not_legal_now_raise_the_api_errors(name):
    game = get_game(name)
    with pytest.raises(MoveSyntaxError):
        game.parse_move("no such move at all")
    rng = random.Random(3)
    state = game.initial_state(3, max(game.player_counts))
    earlier: list = []          # moves legal in an earlier position
    stale = 0
    while not game.is_over(state) and stale < 60:
        legal = game.legal_moves(state)
        for move in [m for m in earlier[-20:] if m not in legal][:3]:
            with pytest.raises(IllegalMove):
                game.apply(state, move)
            stale += 1
        earlier.extend(legal[:3])
        state = game.apply(state, game.random_move(state, rng))
    assert stale >= 20, "enough stale moves were tried"


@pytest.mark.parametrize("name", GAMES)
def test_playout_is_deterministic(name):
    game = get_game(name)
    players = min(game.player_counts)
    a, moves_a = random_playout(game, 9, players)
    b, moves_b = random_playout(game, 9, players)
    assert moves_a == moves_b and game.scores(a) == game.scores(b)
    _, moves_c = random_playout(game, 10, players)
    assert moves_c != moves_a


def test_revised_edition_through_the_api():
    game = get_game("asterion")
    state = game.initial_state(4, 2, edition="revised")
    rng = random.Random(4)
    for _ in range(12):
        moves = game.legal_moves(state)
        state = game.apply(state, rng.choice(moves))
    assert any(" " in game.move_text(m) for m in game.legal_moves(state)), \
        "by mid-game the revised edition offers actions"


def test_every_rules_module_imports_only_the_standard_library():
    """House rule: the rules cores (every module under pnp/rules) are pure standard-library
    Python: no drawing, vision, CLI or referee code, of any game."""
    code = ("import importlib, pkgutil, sys; before = set(sys.modules); import pnp.rules; "
            "[importlib.import_module(m.name) for m in "
            "pkgutil.walk_packages(pnp.rules.__path__, 'pnp.rules.')]; "
            "new = set(sys.modules) - before; "
            "print(sorted(m for m in new if m.split('.')[0] not in sys.stdlib_module_names "
            "and m.split('.')[0] != 'pnp' or m.startswith(('pnp.printing', 'pnp.cli'))))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]"
    shared = ("import sys, pnp.rules.api; print(sorted(m for m in sys.modules if "
              "m.startswith('pnp.') and m not in ('pnp.rules', 'pnp.rules.api', "
              "'pnp.rules.options')))")
    out = subprocess.run([sys.executable, "-c", shared], capture_output=True, text=True,
                         check=True)
    assert out.stdout.strip() == "[]", "the shared API imports no game and no registry"


def test_a_game_binds_its_rules_functions_to_the_api_by_class_keywords():
    from pnp.rules.api import GameBase

    def legal(state):
        return [state + 1]

    class Counting(GameBase, legal_moves=legal):
        name = "counting"
        player_counts = (1,)

    assert Counting().legal_moves(1) == [2]                 # a plain function, no self
    with pytest.raises(TypeError, match="not calls of the game API: legal"):
        class Wrong(GameBase, legal=legal):                # a misspelt call is refused
            pass

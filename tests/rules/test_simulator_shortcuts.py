"""The simulators' shortcuts against the checked path they skip: Assyria's `play_on`
returns exactly `legal_moves` of the position it leaves, and Spider Twist's and Asterion's
`play_legal` change a state as `apply_in_place` does, and Spider Twist's random player,
which lists his actions only when a draw needs them, draws as from `legal_moves`, in seeded
random games."""

from __future__ import annotations

import itertools
import random
from collections import Counter

import pytest

from pnp.rules.assyria.phases import new_game
from pnp.rules.assyria.play import apply_in_place as assyria_apply
from pnp.rules.assyria.play import legal_moves as assyria_moves
from pnp.rules.assyria.play import play_on
from pnp.rules.asterion.game import initial_state as asterion_state
from pnp.rules.asterion.game import random_move as asterion_move
from pnp.rules.asterion.labyrinth import EMPTY, STEP, WALL, Labyrinth, key, kind
from pnp.rules.asterion.moves import Discard, Place, Shift
from pnp.rules.asterion.play import (
    _JOINED_ROUND,
    _RING,
    _pieces,
    action_candidates,
    candidate_is_legal,
)
from pnp.rules.asterion.play import apply_in_place as asterion_apply
from pnp.rules.asterion.play import play_legal as asterion_play_legal
from pnp.rules.asterion.play import play_legal_action as asterion_play_legal_action
from pnp.rules.asterion.tiles import tiles_by_id
from pnp.rules.spider_twist.game import DONE_RATE, END_RATE, initial_state, random_move
from pnp.rules.spider_twist.moves import Done, End, Mate, Step
from pnp.rules.spider_twist.moves import Place as SpiderPlace
from pnp.rules.spider_twist.play import apply_in_place as spider_apply
from pnp.rules.spider_twist.play import legal_moves, play_legal

from .helpers import revised_turns

ASSYRIA_COLOURS = ("red", "blue", "green", "yellow")


@pytest.mark.parametrize("given_before", [False, True])
def test_assyria_play_on_returns_the_legal_moves_after_the_move(given_before):
    """Without `before` every step works its moves out afresh; given the list the move
    came from, the steps that can work out only what changed do so."""
    moves_checked = 0
    for seed in range(12):
        players = ASSYRIA_COLOURS[:2 + seed % 3]
        fast, checked = new_game(seed, players), new_game(seed, players)
        rng = random.Random(seed)
        moves = assyria_moves(fast)
        while moves:
            move = moves[rng.randrange(len(moves))]
            fast_log: list[str] = []
            checked_log: list[str] = []
            moves = play_on(fast, move, fast_log, moves if given_before else None)
            assyria_apply(checked, move, checked_log)
            assert moves == assyria_moves(checked)
            assert fast_log == checked_log and fast.to_json() == checked.to_json()
            assert fast.found is None                # nothing kept past the move
            moves_checked += 1
    assert moves_checked > 2000


def test_spider_twist_play_legal_matches_apply_in_place():
    moves_checked = 0
    for seed in range(40):
        fast = initial_state(seed, 2, ("rings", "spiral")[seed % 2])
        checked = initial_state(seed, 2, ("rings", "spiral")[seed % 2])
        rng = random.Random(seed)
        while not fast.is_over():
            move = random_move(fast, rng)
            assert play_legal(fast, move) == spider_apply(checked, move)
            assert fast.to_json() == checked.to_json()
            moves_checked += 1
    assert moves_checked > 3000


def test_asterion_play_legal_matches_apply_in_place():
    placed = acted = 0
    for seed in range(24):
        setup = {"players": 2 + seed % 3, "edition": ("crete", "revised")[seed % 2],
                 "board": seed % 4 == 0}
        fast, checked = asterion_state(seed, **setup), asterion_state(seed, **setup)
        rng = random.Random(seed)
        while fast.current is not None:
            move = asterion_move(fast, rng)
            if isinstance(move, Place):
                asterion_play_legal(fast, key(move.x, move.y), move.rot)
                placed += 1
            elif isinstance(move, Discard):
                asterion_apply(fast, move)
            else:
                asterion_play_legal_action(fast, move)
                acted += 1
            asterion_apply(checked, move)
            assert fast.to_json() == checked.to_json()
            assert fast.lab().placements() == checked.lab().placements()
    assert placed > 1000 and acted > 20


def _facts(lab: Labyrinth) -> tuple:
    """What a labyrinth knows, free of which node is a component's root: its components
    (node sets) each with its exits' cells and the living prisoners it holds, the frontier,
    the living prisoners, the tiles."""
    groups: dict[int, list[int]] = {}
    for node in range(len(lab.parent)):
        groups.setdefault(lab.find(node), []).append(node)
    components = sorted((nodes, sorted(lab.exits[root]), sorted(lab.held[root]))
                        for root, nodes in groups.items())
    return (components, lab.frontier, lab.alive, lab.cells, lab.tile_cell, lab.asterion,
            lab.asterion_exits(), lab._last_exit_cell())


def test_asterion_labyrinth_built_at_once_matches_placing_tile_by_tile():
    """`Labyrinth.build` joins every cell at once; placing the same tiles one by one (what a
    game does) must end with the same components, exits, prisoners held and frontier, and
    so must the game's own labyrinth, placed tile by tile with its kills."""
    compared = 0
    for seed in range(30):
        setup = {"players": 2 + seed % 3, "edition": ("crete", "revised")[seed % 2],
                 "board": seed % 4 == 0}
        state = asterion_state(seed, **setup)
        rng = random.Random(seed)
        while state.current is not None:
            asterion_apply(state, asterion_move(state, rng))
            lab = state.lab()
            placements = lab.placements()
            rng.shuffle(placements)                     # build takes them in any order
            one_by_one = Labyrinth(lab.board)
            one_by_one.dead = set(lab.dead)
            for tile, cell, rot in placements:
                one_by_one.place(tile, cell, rot, kill=False)
            built = Labyrinth.build(placements, lab.dead, lab.board)
            assert _facts(built) == _facts(one_by_one)
            assert _facts_by_cell(lab) == _facts_by_cell(built)
            compared += 1
    assert compared > 1200


def _facts_by_cell(lab: Labyrinth) -> tuple:
    """What a labyrinth knows, by (cell, region) rather than node: its components each with
    its exits' cells and the living prisoners it holds, the frontier, the living prisoners'
    tiles, the tiles' cells and turns."""
    groups: dict[int, list[tuple[int, int]]] = {}
    at: dict[int, tuple[int, int]] = {}
    for cell, (k, _, node0) in lab.cells.items():
        for region in range(k.regions):
            groups.setdefault(lab.find(node0 + region), []).append((cell, region))
            at[node0 + region] = (cell, region)
    components = sorted((sorted(members), sorted(lab.exits[root]),
                         sorted(at[node] for node in lab.held[root]))
                        for root, members in groups.items())
    return (components, lab.frontier, sorted(lab.alive.values()), lab.dead,
            {cell: (k.id, r) for cell, (k, r, _) in lab.cells.items()}, lab.tile_cell,
            lab.asterion_exits(), lab._last_exit_cell())


def test_asterion_actions_lifting_tiles_match_rebuilding_the_labyrinth():
    """An action the simulator plays lifts its tiles off the labyrinth and puts them down
    again; the labyrinth must end as one built afresh after the action (ruling "A turn")."""
    acted: Counter[str] = Counter()
    for seed, state in revised_turns(range(12)):
        candidates = action_candidates(state)
        for drawn, index in enumerate(range(seed % 5, len(candidates), 41)):   # a sample
            move = candidates[index]
            if isinstance(move, Shift) and drawn % 3:    # shifts are most: one in three
                continue
            if not candidate_is_legal(state, move):
                continue
            fast, checked = state.copy(), state.copy()
            asterion_play_legal_action(fast, move)
            asterion_apply(checked, move)
            fresh = Labyrinth.build(fast.lab().placements(), checked.dead, checked.lab().board)
            assert _facts_by_cell(fast.lab()) == _facts_by_cell(checked.lab()) == \
                _facts_by_cell(fresh), (seed, str(move))
            assert fast.to_json() == checked.to_json()
            acted[type(move).__name__] += 1
    assert acted["Shift"] > 1000 and acted["Rotate"] > 400 and acted["Swap"] > 100, acted


def test_asterion_ring_table_says_when_one_ring_piece_holds_every_orthogonal_tile():
    """The table behind the shift group check: for each of the 256 ways of filling the 8
    cells round a tile, it says whether one orthogonally connected piece of those cells
    holds every filled orthogonal neighbour (so lifting the tile cannot split them)."""
    home = key(10, 10)
    joined = 0
    for mask in range(256):
        ring = {home + step for bit, step in enumerate(_RING) if mask >> bit & 1}
        neighbours = {home + step for step in STEP} & ring
        plain = any(neighbours <= piece for piece in _pieces(ring)) or not neighbours
        assert _JOINED_ROUND[mask] == plain, bin(mask)
        joined += plain
    assert 0 < joined < 256


def test_asterion_memoised_kept_rotations_match_the_no_trap_check():
    """The memo of rotations that keep Asterion an exit is keyed by enough: in random games
    every answer it gives is the one `_keeps_exit` gives on that very labyrinth."""
    compared = 0
    for seed in range(60):
        revised = seed % 3 == 0
        state = asterion_state(seed, 2 + seed % 3, "revised" if revised else "crete",
                               not revised and seed % 2 == 0)
        rng = random.Random(seed)
        while state.current is not None:
            lab = state.lab()
            last = lab._last_exit_cell()
            hand = state.hands[state.current]
            if last is not None and last in lab.frontier and hand is not None:
                k, around = kind(hand), lab._around(last)
                direct = tuple(r for r in k.rotations if lab._keeps_exit(k, r // 90, around))
                assert lab._kept(k, around) == direct
                compared += 1
            asterion_apply(state, asterion_move(state, rng))
    assert compared > 300


def _surroundings(pattern: tuple[str, ...]) -> tuple[Labyrinth, list[int]]:
    """A labyrinth with just the components a last exit cell's sides meet, and those sides:
    per side "empty", "wall", "asterion" (his component, its every exit on this cell),
    "joins" (one dead end met on every such side), "open" (a component with an exit
    elsewhere too) or "shut" (a dead end met on this side alone)."""
    lab = Labyrinth()
    lab.parent, lab.exits, lab.asterion = [0, 1], [[], []], 0
    around = []
    for side in pattern:
        if side in ("empty", "wall"):
            around.append(EMPTY if side == "empty" else WALL)
            continue
        node = {"asterion": 0, "joins": 1}.get(side, len(lab.parent))
        if node == len(lab.parent):
            lab.parent.append(node)
            lab.exits.append([key(9, 9)] if side == "open" else [])
        lab.exits[node].append(key(0, 0))
        around.append(node)
    return lab, around


def test_asterion_kept_rotations_by_side_classes_are_the_no_trap_check():
    """The memo's answer, worked out from each side's class alone, is what `_keeps_exit`
    says of every tile of every edition on every surroundings a last exit cell can have
    (Asterion on a side; a dead end on several sides, or none)."""
    sides = ("empty", "wall", "asterion", "joins", "open", "shut")
    patterns = [p for p in itertools.product(sides, repeat=4)
                if "asterion" in p and p.count("joins") != 1]
    differs = 0
    for tile in tiles_by_id():
        k = kind(tile)
        for pattern in patterns:
            lab, around = _surroundings(pattern)
            direct = tuple(r for r in k.rotations if lab._keeps_exit(k, r // 90, around))
            assert lab._kept(k, around) == direct, (tile, pattern)
            differs += direct != k.rotations
    assert differs > 1000


def drawn_from_legal_moves(state, rng):
    """Spider Twist's random player as its docstring states it, from `legal_moves`' list:
    the one legal move drawn alone; else `end` with END_RATE once he has acted (always when
    he has no action), turning a male with DONE_RATE (always when he has no action)."""
    moves = legal_moves(state)
    if state.react is not None or state.roll or len(moves) <= 1:
        return moves[rng.randrange(len(moves))]
    acts = [m for m in moves if isinstance(m, (SpiderPlace, Step, Mate))]
    turns = [m for m in moves if isinstance(m, Done)]
    chance = rng.random()
    if End() in moves and (not acts or chance < END_RATE):
        return End()
    if turns and (not acts or chance > 1 - DONE_RATE):
        return turns[rng.randrange(len(turns))]
    return acts[rng.randrange(len(acts))]


def test_spider_twist_random_player_draws_as_from_the_legal_moves():
    moves_checked = 0
    for seed in range(40):
        state = initial_state(seed, 2, ("rings", "spiral")[seed % 2])
        rng = random.Random(seed)
        while not state.is_over():
            expected_rng = random.Random()
            expected_rng.setstate(rng.getstate())
            move = random_move(state, rng)
            assert move == drawn_from_legal_moves(state, expected_rng)
            assert rng.getstate() == expected_rng.getstate()
            play_legal(state, move)
            moves_checked += 1
    assert moves_checked > 3000

"""Property tests over seeded random games (hypothesis picks the seeds and setups)."""

from __future__ import annotations

import random
from dataclasses import replace

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from pnp.rules.asterion import network, score, table_from_json, validate
from pnp.rules.asterion.game import initial_state, random_move, simulate
from pnp.rules.asterion.labyrinth import STEP, key, kind
from pnp.rules.asterion.moves import Place
from pnp.rules.asterion.play import apply_in_place
from pnp.rules.asterion.state import State
from pnp.rules.asterion.tiles import PORTS, STEPS, rotate_port, tiles_by_id

SETUPS = st.sampled_from([("crete", True, 4), ("crete", True, 3), ("crete", True, 2),
                          ("crete", False, 4), ("crete", False, 2), ("revised", False, 4),
                          ("revised", False, 3)])
SEEDS = st.integers(min_value=0, max_value=2**32 - 1)
FEW = settings(max_examples=12, deadline=None)


@FEW
@given(seed=SEEDS, setup=SETUPS)
def test_every_step_of_a_random_game_keeps_the_rules(seed, setup):
    edition, board, players = setup
    state = initial_state(seed, players, edition, board)
    rng = random.Random(seed)
    dead: list[str] = []
    while state.current is not None:
        move = random_move(state, rng)
        if isinstance(move, Place):
            occupied = {key(x, y) for _, x, y, _ in state.tiles}
            assert any(key(move.x, move.y) + s in occupied for s in STEP)  # adjacent
        apply_in_place(state, move)
        assert state.dead[:len(dead)] == dead                   # the dead stay dead
        dead = list(state.dead)
        net = network(state.table())
        asterion = net.asterion_component()
        assert asterion.has_exit                                 # never trapped
        assert state.lab().asterion_exits() == len(asterion.exits)   # engine == BFS
        # Every prisoner in Asterion's component has been killed (ruling "A turn" 3).
        assert set(asterion.prisoners) <= set(state.dead)
    assert validate(state.table()) == []


@FEW
@given(seed=SEEDS, setup=SETUPS, turns=st.integers(min_value=1, max_value=3))
def test_turning_the_whole_table_changes_no_score(seed, setup, turns):
    table = simulate(seed, setup[2], setup[0], setup[1]).table()
    turned = table.turned(turns)
    assert validate(turned) == []
    assert score(turned).to_dict() == score(table).to_dict()


@FEW
@given(seed=SEEDS, setup=SETUPS)
def test_table_and_state_json_round_trip(seed, setup):
    edition, board, players = setup
    final = simulate(seed, players, edition, board)
    assert table_from_json(final.table().to_json()) == final.table()
    # A game saved half way and reloaded plays on exactly as the original.
    state = initial_state(seed, players, edition, board)
    rng = random.Random(seed ^ 0x5EED)
    for _ in range(20):
        apply_in_place(state, random_move(state, rng))
    reloaded = State.from_json(state.to_json())
    assert reloaded == state
    rng_copy = random.Random()
    rng_copy.setstate(rng.getstate())
    while state.current is not None:
        apply_in_place(state, random_move(state, rng))
        apply_in_place(reloaded, random_move(reloaded, rng_copy))
    assert reloaded.tiles == state.tiles and reloaded.log == state.log


@FEW
@given(seed=SEEDS, setup=SETUPS)
def test_same_seed_same_game(seed, setup):
    edition, board, players = setup
    a = simulate(seed, players, edition, board)
    b = simulate(seed, players, edition, board)
    assert a.log == b.log and a.table() == b.table()


def _components_by_flood(table) -> list[set[tuple[str, int]]]:
    """The table's components found the plain way: a flood over every port pair."""
    tiles = tiles_by_id()
    at = {p.cell: p for p in table.tiles}
    regions = {(p.tile, r): {rotate_port(d, p.rot) for d in g.ports}
               for p in table.tiles for r, g in enumerate(tiles[p.tile].regions)}
    seen: set[tuple[str, int]] = set()
    found = []
    for start in regions:
        if start in seen:
            continue
        group, todo = {start}, [start]
        while todo:
            tile, r = todo.pop()
            x, y = table.placement(tile).cell
            for d in regions[(tile, r)]:
                dx, dy = STEPS[PORTS.index(d)]
                other = at.get((x + dx, y + dy))
                if other is None:
                    continue
                back = {"N": "S", "E": "W", "S": "N", "W": "E"}[d]
                for node in ((other.tile, k) for k in range(len(tiles[other.tile].regions))):
                    if back in regions[node] and node not in group:
                        group.add(node)
                        todo.append(node)
        seen |= group
        found.append(group)
    return found


@FEW
@given(seed=SEEDS, setup=SETUPS, order=st.randoms(use_true_random=False))
def test_network_components_match_a_plain_flood_in_any_file_order(seed, setup, order):
    edition, board, players = setup
    table = simulate(seed, players, edition, board).table()
    tiles = list(table.tiles)
    order.shuffle(tiles)
    net = network(replace(table, tiles=tuple(tiles)))
    assert sorted(sorted(c.nodes) for c in net.components) == \
        sorted(sorted(g) for g in _components_by_flood(table))
    for comp in net.components:
        assert net.components[comp.index] is comp
        assert comp.exit_count == len(comp.exits)
        assert comp.coins == sum(tiles_by_id()[t].regions[r].coins for t, r in comp.nodes)
        assert all(net.component(node) == comp for node in comp.nodes)
    assert network(table).asterion_component() == net.asterion_component()


@FEW
@given(seed=SEEDS, setup=SETUPS)
def test_legal_placements_are_those_that_leave_asterion_an_exit(seed, setup):
    edition, board, players = setup
    state = initial_state(seed, players, edition, board)
    rng = random.Random(seed)
    while state.current is not None:
        hand = state.hands[state.current]
        lab = state.lab()
        found = lab.legal_placements(hand)
        tried = []
        for cell in sorted(lab.frontier):
            for rot in kind(hand).rotations:
                trial = lab.copy()
                trial.place(hand, cell, rot, kill=False)
                if trial.asterion_exits() > 0:
                    tried.append((cell, rot))
        assert list(found) == tried and len(found) == len(tried)
        assert [found[i] for i in range(-len(found), 0)] == tried
        with pytest.raises(IndexError):
            found[len(found)]
        apply_in_place(state, random_move(state, rng))

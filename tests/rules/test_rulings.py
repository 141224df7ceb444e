"""One scenario per rule (docs/rules/asterion.md), on small hand-built tables.

Tile designs used (ports as printed): 01 dead end N; 02 dead end N + coin; 03 dead end N +
wing; 04 straight NS; 05 NS + coin; 06 NS + wing; 07 corner NE; 13 cross; 14 cross + 2 coins;
15 {NW prisoner} + {ES coin}. Rotations are clockwise: at 90 the N port faces E.
"""

from __future__ import annotations

import random

import pytest

from pnp.rules.asterion import load_tileset, network, rotate_port, score, unrotate_port
from pnp.rules.asterion.game import initial_state, simulate
from pnp.rules.asterion.labyrinth import key
from pnp.rules.asterion.moves import Discard, IllegalMove, Place, Rotate, Shift, Swap
from pnp.rules.asterion.play import (
    apply,
    is_over,
    legal_actions,
    legal_moves,
    legal_placements,
)
from pnp.rules.asterion.scoring import DEAD, ESCAPED, TRAPPED

from .helpers import state, table


def statuses(t) -> dict[str, str]:
    return {p.tile: p.status for p in score(t).prisoners}


# -- Editions -------------------------------------------------------------------------------
def test_editions_decks():
    crete, revised = load_tileset("crete"), load_tileset("revised")
    assert len(crete) == 1 + 4 * 17 and len(revised) == 1 + 4 * 16
    assert set(crete) - set(revised) == {"Y13", "B13", "R13", "G13"}


def test_revised_has_no_board():
    with pytest.raises(ValueError, match="no board"):
        initial_state(1, 2, "revised", board=True)


# -- The tile model -------------------------------------------------------------------------
def test_rotation_is_clockwise():
    assert rotate_port("N", 90) == "E" and rotate_port("W", 90) == "N"
    assert unrotate_port(rotate_port("S", 270), 270) == "S"
    # A corner (NE) turned 90 faces E and S: S meets the Minotaur, E meets B04 (turned EW).
    net = network(table("Y07@0,-1r90", "B04@1,-1r90"))
    assert set(net.asterion_component().prisoners) == {"Y07", "B04"}
    # Turned 0 (N and E) it shows the Minotaur a wall and still reaches B04.
    net = network(table("Y07@0,-1r0", "B04@1,-1r90"))
    assert net.asterion_component().prisoners == ()
    assert net.component(("B04", 0)) == net.component(("Y07", 0))


# -- Connections ----------------------------------------------------------------------------
def test_port_facing_a_wall_is_closed_and_facing_nothing_is_an_exit():
    # Y04 (NS) east of the Minotaur shows it a wall: M keeps exits N, S, W only.
    asterion = network(table("Y04@1,0r0")).asterion_component()
    assert sorted(d for _, _, d in asterion.exits) == ["N", "S", "W"]
    assert "Y04" not in asterion.prisoners


def test_port_facing_off_the_board_is_an_exit():
    # Two players use |x|+|y| <= 3; B04 turned EW at 3,0 points off the board.
    t = table("Y04@1,0r90", "Y13@2,0r0", "B04@3,0r90", players=("yellow", "blue"), board=True,
              dead=("Y04", "Y13", "B04"))
    exits = network(t).asterion_component().exits
    assert (3, 0, "E") in exits


def test_component_is_maximal():
    # M - Y04 - Y13 - B04 all linked: one component holding Asterion and three prisoners.
    comp = network(table("Y04@1,0r90", "Y13@2,0r0", "B04@3,0r90")).asterion_component()
    assert set(comp.prisoners) == {"Y04", "Y13", "B04"}


# -- A turn 1: adjacency and the board area -----------------------------------------------
def test_placement_must_touch_a_placed_tile():
    s = state(hands={"yellow": "Y04"})
    cells = {(m.x, m.y) for m in legal_placements(s)}
    assert cells == {(0, -1), (1, 0), (0, 1), (-1, 0)}
    with pytest.raises(IllegalMove, match="next to a placed tile"):
        apply(s, Place("Y04", 2, 0, 0))


@pytest.mark.parametrize(("players", "radius"), [(4, 5), (3, 4), (2, 3)])
def test_board_area_by_player_count(players, radius):
    game = simulate(3, players, "crete", board=True)
    cells = {(x, y) for _, x, y, _ in game.tiles}
    assert max(abs(x) + abs(y) for x, y in cells) <= radius
    assert len(cells) <= 2 * radius * (radius + 1) + 1   # 61, 41, 25 squares


def test_board_edge_rejects_a_placement_beyond_it():
    s = state("Y04@1,0r90", "Y13@2,0r0", "B04@3,0r90", hands={"yellow": "Y01", "blue": "B01"},
              players=("yellow", "blue"))
    s.board, s._lab = True, None
    assert all(abs(m.x) + abs(m.y) <= 3 for m in legal_placements(s))
    with pytest.raises(IllegalMove, match="board"):
        apply(s, Place("Y01", 4, 0, 0))


# -- A turn 2: never trap Asterion ----------------------------------------------------------
def trap_state(hand: str):
    # Walls close the Minotaur's N, W and S ports: its only exit is E, onto 1,0.
    return state("G04@0,-1r90", "B04@-1,0r0", "R04@0,1r90", hands={"yellow": hand})


def test_cannot_trap_asterion():
    s = trap_state("Y01")       # a dead end: at 1,0 it either walls M off or seals it
    moves = legal_placements(s)
    assert moves and not any((m.x, m.y) == (1, 0) for m in moves)
    for rot in (0, 90, 180, 270):
        with pytest.raises(IllegalMove, match="trapped"):
            apply(s, Place("Y01", 1, 0, rot))


def test_a_straight_may_extend_the_last_exit():
    s = trap_state("Y04")
    at_exit = {m.rot for m in legal_placements(s) if (m.x, m.y) == (1, 0)}
    assert at_exit == {90}      # E-W carries the exit on; N-S would wall it off


# -- A turn 3: kills and kill points ----------------------------------------------------------
def kill_state(hand: str, no_kill_points: bool = False):
    # G04 walls off M's north; B04 stands at 1,-1 with its S port open onto 1,0.
    return state("G04@0,-1r90", "B04@1,-1r0", hands={"yellow": hand, "blue": "B01"},
                 no_kill_points=no_kill_points)


def test_killing_an_opponent_scores_plus_one():
    # Y15 turned 180: its chest region links M (west) to B04 (north); its prisoner is apart.
    after = apply(kill_state("Y15"), Place("Y15", 1, 0, 180))
    assert after.dead == ["B04"] and after.kill_points["yellow"] == 1


def test_killing_own_prisoner_scores_minus_one():
    after = apply(kill_state("Y01"), Place("Y01", 0, 1, 0))
    assert after.dead == ["Y01"] and after.kill_points["yellow"] == -1


def test_kill_points_net_of_own_losses():
    # Y07 turned 270 faces W (Asterion) and N (B04): both prisoners die, 1 - 1 = 0.
    after = apply(kill_state("Y07"), Place("Y07", 1, 0, 270))
    assert sorted(after.dead) == ["B04", "Y07"] and after.kill_points["yellow"] == 0


def test_no_kill_points_variant():
    after = apply(kill_state("Y15", no_kill_points=True), Place("Y15", 1, 0, 180))
    assert after.dead == ["B04"] and after.kill_points["yellow"] == 0
    t = after.table()
    t = type(t)(t.edition, t.board, t.players, t.tiles, t.dead, {"yellow": 5}, True)
    assert score(t).players["yellow"].kill_points == 0


def test_dead_prisoners_are_not_killed_twice():
    s = kill_state("Y15")
    s.dead = ["B04"]
    s._lab = None
    after = apply(s, Place("Y15", 1, 0, 180))
    assert after.dead == ["B04"] and after.kill_points["yellow"] == 0


# -- A turn 4 and game end ------------------------------------------------------------------
def test_draw_after_the_turn_and_the_game_ends_when_every_tile_is_used():
    s = initial_state(5, 2, "crete")
    first = s.current
    deck_before = list(s.decks[first])
    s2 = apply(s, legal_moves(s)[0])
    assert s2.hands[first] == deck_before[0] and s2.current != first
    end = simulate(5, 2, "crete")
    assert is_over(end) and legal_moves(end) == []
    used = len(end.tiles) - 1 + sum(len(d) for d in end.discards.values())
    assert used == 2 * 17


# -- Revised actions ------------------------------------------------------------------------
def revised(*specs: str, dead: tuple[str, ...] = ()):
    return state(*specs, hands={"yellow": "Y02", "blue": "B02"}, edition="revised",
                 players=("yellow", "blue"), dead=dead)


def test_rotate_action_kills_and_scores():
    # Y15 at 1,0 turned 90: prisoner region faces N (B04) and E; chest region faces S, W (M).
    s = revised("G04@0,-1r90", "B04@1,-1r0", "Y15@1,0r90")
    assert Rotate("Y15", 180) in legal_actions(s)
    after = apply(s, Rotate("Y15", 180))
    assert after.dead == ["B04"] and after.kill_points["yellow"] == 1
    assert ("Y15", 1, 0, 180) in after.tiles
    assert after.discards["yellow"] == ["Y02"]          # the price of the action
    assert ("Y02", 0, 0, 0) not in after.tiles


def test_dead_stay_dead_after_an_action():
    s = revised("G04@0,-1r90", "B04@1,-1r0", "Y15@1,0r180", dead=("B04",))
    after = apply(s, Rotate("Y15", 90))   # B04 is cut off from Asterion again
    assert "B04" in after.dead
    assert statuses(after.table())["B04"] == DEAD


def test_swap_action_keeps_rotations():
    # Y15 (1,0) keeps M at its chest region; Y04 (0,1) shows M a wall. Swapped, both die.
    s = revised("Y15@1,0r90", "Y04@0,1r90")
    after = apply(s, Swap("Y15", "Y04"))
    assert ("Y15", 0, 1, 90) in after.tiles and ("Y04", 1, 0, 90) in after.tiles
    assert sorted(after.dead) == ["Y04", "Y15"] and after.kill_points["yellow"] == -2


def test_move_action_must_keep_one_group():
    s = revised("Y04@1,0r0", "Y01@2,0r0")
    with pytest.raises(IllegalMove, match="one group"):
        apply(s, Shift("Y04", -1, 0, 0))
    assert not any(isinstance(m, Shift) and m.tile == "Y04" and (m.x, m.y) == (-1, 0)
                   for m in legal_actions(s))
    after = apply(s, Shift("Y01", 0, 1, 0))    # onto M's south port: killed, -1
    assert after.dead == ["Y01"] and after.kill_points["yellow"] == -1


def test_move_action_cannot_trap_asterion():
    s = revised("G04@0,-1r90", "B04@-1,0r0", "R04@0,1r90", "Y01@1,-1r0")
    s.players = ("yellow", "blue", "red", "green")
    s.hands = {"yellow": "Y02", "blue": "B02", "red": "R02", "green": "G02"}
    s.decks = {c: [] for c in s.players}
    s.kill_points = dict.fromkeys(s.players, 0)
    s.discards = {c: [] for c in s.players}
    assert not any(isinstance(m, Shift) and (m.x, m.y) == (1, 0) for m in legal_actions(s))
    with pytest.raises(IllegalMove, match="trapped"):
        apply(s, Shift("Y01", 1, 0, 270))


def test_action_needs_a_free_side_a_living_own_prisoner_and_the_revised_edition():
    crowded = revised("B04@1,-1r0", "Y01@1,0r0", "B05@1,1r0", "B06@2,0r0")  # Y01: 4 sides
    with pytest.raises(IllegalMove, match="side without a neighbour"):
        apply(crowded, Rotate("Y01", 90))
    assert not any(getattr(m, "tile", None) == "Y01" for m in legal_actions(crowded))
    with pytest.raises(IllegalMove, match="living yellow prisoner"):
        apply(revised("Y01@1,0r0", dead=("Y01",)), Rotate("Y01", 90))
    with pytest.raises(IllegalMove, match="living yellow prisoner"):
        apply(revised("B01@1,0r0"), Rotate("B01", 90))
    crete = state("Y01@1,0r0", hands={"yellow": "Y02"})
    with pytest.raises(IllegalMove, match="revised"):
        apply(crete, Rotate("Y01", 90))


def test_fast_action_list_matches_the_reference_check():
    """legal_actions (lift once, check incrementally) agrees with applying each candidate."""
    from pnp.rules.asterion.play import action_candidates, resolve

    s = revised("G04@0,-1r90", "B04@1,-1r0", "Y15@1,0r90", "Y04@0,1r90", "Y01@-1,0r0")
    reference = []
    for move in action_candidates(s):
        try:
            resolve(s, move)
        except IllegalMove:
            continue
        reference.append(move)
    assert sorted(map(str, legal_actions(s))) == sorted(map(str, reference))
    assert len(reference) > 10


# -- Nothing legal: discard ---------------------------------------------------------------------
def test_discard_only_when_nothing_is_legal():
    assert Discard() not in legal_moves(state(hands={"yellow": "Y01"}))
    with pytest.raises(IllegalMove, match="legal move exists"):
        apply(state(hands={"yellow": "Y01"}), Discard())
    # A full Crete board leaves no legal placement: find such a turn in a seeded game.
    for seed in range(40):
        s = initial_state(seed, 4, "crete", board=True)
        rng = random.Random(seed)
        while s.current is not None and legal_placements(s):
            s = apply(s, rng.choice(legal_placements(s)))
        if s.current is not None:
            assert legal_moves(s) == [Discard()]
            hand = s.hands[s.current]
            after = apply(s, Discard())
            assert after.discards[s.current][-1] == hand and after.tiles == s.tiles
            return
    pytest.fail("no seeded board game reached a turn without a legal placement")


def test_crete_board_setup_discards():
    for players, count in ((4, 2), (3, 4), (2, 5)):
        s = initial_state(11, players, "crete", board=True)
        for colour in s.players:
            assert len(s.discards[colour]) == count
            assert len(s.decks[colour]) + 1 + count == 17
    assert all(not d for d in initial_state(11, 4, "crete").discards.values())


# -- Game end and scoring ---------------------------------------------------------------------
def test_coins_reached_through_an_exit_are_shared():
    # Y05 (chest) and Y04 in one line east of M (M sees Y04's wall); open at both ends.
    t = table("Y04@1,0r0", "Y05@1,-1r0")
    result = score(t)
    assert statuses(t) == {"Y04": ESCAPED, "Y05": ESCAPED}
    assert result.players["yellow"].escape_points == 2     # both score the one chest
    assert result.players["yellow"].escapers == 2


def test_coins_reached_by_two_wings_without_an_exit():
    # Y03 (wing) - G06 (wing) - B02 (chest): sealed, but two wings let all three fly.
    t = table("Y03@1,0r180", "G06@1,1r0", "B02@1,2r0")
    comp = network(t).component(("B02", 0))
    assert not comp.has_exit and comp.wings == 2 and comp.coins == 1
    result = score(t)
    assert statuses(t) == {"Y03": ESCAPED, "G06": ESCAPED, "B02": ESCAPED}
    assert [result.players[c].escape_points for c in ("yellow", "blue", "green")] == [1, 1, 1]


def test_one_wing_and_no_exit_is_trapped():
    t = table("Y03@1,0r180", "B02@1,1r0")
    assert statuses(t) == {"Y03": TRAPPED, "B02": TRAPPED}
    assert score(t).players["blue"].escape_points == 0


def test_escaping_without_coins_scores_nothing_but_counts_for_the_tie():
    t = table("Y04@1,0r0")                   # alone, open N and S, no chest
    result = score(t)
    assert statuses(t) == {"Y04": ESCAPED}
    assert result.players["yellow"].escape_points == 0
    assert result.players["yellow"].escapers == 1


def test_final_score_adds_kill_points():
    t = table("Y04@1,0r0", "Y05@1,-1r0", kill_points={"yellow": -1, "blue": 3})
    players = score(t).players
    assert players["yellow"].total == 1 and players["blue"].total == 3


def test_tie_broken_by_escaping_prisoners_then_shared():
    # Yellow: Y05 escapes with 1 chest. Blue: B02's chest (1 point) but B04 escapes too.
    t = table("Y05@1,0r0", "B02@-1,0r270", "B04@0,1r90", players=("yellow", "blue"))
    result = score(t)
    assert result.players["yellow"].total == result.players["blue"].total == 1
    assert result.players["blue"].escapers == 2 and result.winners == ["blue"]
    shared = score(table("Y05@1,0r0", "B05@-1,0r0", players=("yellow", "blue")))
    assert shared.winners == ["yellow", "blue"]


def test_prisoner_in_asterions_component_is_dead_without_a_tomb():
    t = table("Y05@1,0r90")               # linked to M, no tomb recorded
    assert statuses(t) == {"Y05": DEAD}
    assert score(t).players["yellow"].escape_points == 0


def test_tomb_is_dead_even_away_from_asterion():
    t = table("Y05@1,0r0", dead=("Y05",))
    assert statuses(t) == {"Y05": DEAD}


# -- Start player -----------------------------------------------------------------------------
def test_start_player_is_the_one_with_horns():
    from pnp.rules.asterion.labyrinth import kind

    checked = 0
    for seed in range(60):
        s = initial_state(seed, 4, "crete")
        horned = [c for c in s.players if kind(s.hands[c]).horns]
        assert s.start == s.players[s.turn]
        if len(horned) == 1:
            assert s.start == horned[0]
            checked += 1
        elif horned:
            assert s.start in horned
    assert checked > 5


def test_engine_cells_roundtrip():
    from pnp.rules.asterion.labyrinth import xy

    for cell in ((0, 0), (-5, 3), (68, -68)):
        assert xy(key(*cell)) == cell

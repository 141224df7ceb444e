"""The simulator's fast paths against the slow computations they replace, in seeded random
games: `feed_moves` against a plain reading of ruling II.C; the huts left after a hut
against `hut_hexes`; the feeds and actions left after a card or an action against
`feed_moves` and `action_moves`. (`play_on` given the moves before, against
`apply_in_place` and `legal_moves`, is tested with the other simulators' shortcuts in
test_simulator_shortcuts.py.)"""

from __future__ import annotations

import random
from collections import Counter
from functools import partial
from itertools import combinations

from pnp.rules.assyria.board import board
from pnp.rules.assyria.cards import (
    BUILD_COST,
    CAMEL_VALUE,
    CENTRE_COST,
    FOOD_DECK,
    OFFERING_COST,
    PLOUGH,
    PLOUGH_COST,
    ROOF_COST,
    SYMBOLS,
    TIER_COST,
    WILD,
    food_of,
)
from pnp.rules.assyria.chance import draw_cards
from pnp.rules.assyria.choices import (
    MIN_COST,
    action_moves,
    action_moves_after,
    feed_moves,
    feed_moves_after,
    hex_food,
    hut_hexes,
    hut_moves_after,
    place_hut,
    well_vertices,
)
from pnp.rules.assyria.moves import Feed, Pass, PlaceHut
from pnp.rules.assyria.phases import new_game
from pnp.rules.assyria.play import legal_moves, pay_and_act, play_on
from pnp.rules.assyria.runs import actions_run, huts_run, supply_run
from pnp.rules.assyria.state import State
from pnp.rules.draws import randbelow

COLOURS = ("red", "blue", "green", "yellow")


def slow_feed_moves(s: State, colour: str) -> list[Feed]:
    """Ruling II.C read plainly: each distinct card in hand (sorted), then the plough; a
    k-symbol card of food F feeds min(k, n) of the n unsupplied huts on F hexes, every such
    choice; wild and plough feed one hut of any food."""
    food = hex_food()
    hungry = sorted(h for h, c in s.huts.items() if c == colour and h not in s.supplied)
    cards = sorted(set(s.hands.get(colour, [])))
    if s.ploughs.get(colour, 0):
        cards.append(PLOUGH)
    moves = []
    for card in cards:
        fits = hungry if card in (WILD, PLOUGH) else [h for h in hungry
                                                       if food[h] == food_of(card)]
        if fits:
            k = min(SYMBOLS[card], len(fits))
            moves += [Feed(card, combo) for combo in combinations(fits, k)]
    return moves


def games(count: int):
    """Seeded random games, 2 to 4 players: each position with the move chosen there."""
    for seed in range(count):
        s = new_game(seed, COLOURS[:2 + seed % 3])
        rng = random.Random(seed)
        moves = legal_moves(s)
        while moves:
            move = moves[rng.randrange(len(moves))]
            yield s, moves, move
            moves = play_on(s, move, None, moves)


def test_feed_moves_match_the_plain_reading_in_every_supply_step():
    compared = 0
    for s, _, _ in games(60):
        if s.phase == "supply":
            assert feed_moves(s, s.to_move) == slow_feed_moves(s, s.to_move)
            compared += 1
    assert compared > 3000


def test_the_huts_left_after_a_hut_match_hut_hexes():
    compared = 0
    for s, moves, move in games(60):
        if isinstance(move, PlaceHut):
            after = s.copy()
            after.huts[move.hex] = s.to_move
            assert hut_moves_after(after, moves, move.hex) == \
                [place_hut(h) for h in hut_hexes(after, s.to_move)]
            compared += 1
    assert compared > 3000


def test_every_action_costs_at_least_the_cheapest_so_without_it_only_pass_is_left():
    costs = [BUILD_COST, CENTRE_COST, ROOF_COST, OFFERING_COST, PLOUGH_COST,
             *TIER_COST.values(), *CAMEL_VALUE.values()]
    assert MIN_COST == min(costs) == 1
    paid = 0
    for s, moves, _ in games(20):
        if s.phase != "actions":
            continue
        c = s.to_move
        for move in moves:
            if move != Pass():
                after = s.copy()
                pay_and_act(after, c, move)        # the payment, before any scoring
                assert s.camels[c] - after.camels[c] >= MIN_COST, move
                paid += 1
        poor = s.copy()
        poor.camels[c] = MIN_COST - 1
        assert action_moves(poor, c) == [Pass()]
    assert paid > 500


def test_the_feeds_left_after_a_card_match_feed_moves():
    compared = 0
    for s, moves, move in games(60):
        if isinstance(move, Feed):
            c = s.to_move
            after = s.copy()
            if move.card == PLOUGH:
                after.ploughs[c] = 0
            else:
                after.hands[c].remove(move.card)
            after.supplied.extend(move.hexes)
            expected = feed_moves(after, c)
            assert feed_moves_after(after, c, moves, move) == expected
            hungry = sorted(h for h, o in after.huts.items()
                            if o == c and h not in after.supplied)
            assert feed_moves_after(after, c, moves, move, hungry) == expected
            compared += 1
    assert compared > 3000


def test_the_actions_left_after_an_action_match_action_moves():
    compared = 0
    for s, moves, move in games(80):
        if s.phase == "actions" and move != Pass():
            c = s.to_move
            after = s.copy()
            pay_and_act(after, c, move)
            assert action_moves_after(after, c, moves, move) == action_moves(after, c), move
            compared += 1
    assert compared > 2000


def plain_draw(deck: Counter[str], discard: Counter[str], rng: random.Random,
               ) -> tuple[str | None, Counter[str], Counter[str]]:
    """Ruling I, Sowing, one card at a time: reshuffle an empty deck from the discards, then
    the pick-th card in card order, pick uniform among the deck's cards."""
    if sum(deck.values()) == 0:
        deck, discard = discard, Counter()
    total = sum(deck.values())
    if total == 0:
        return None, deck, discard
    pick = rng.randrange(total)
    for card in sorted(deck):
        pick -= deck[card]
        if pick < 0:
            deck[card] -= 1
            return card, deck, discard
    raise AssertionError("unreachable")


def test_cards_drawn_from_one_laid_out_deck_match_drawing_them_one_by_one():
    reshuffled = short = 0
    for seed in range(400):
        pool = random.Random(seed)
        cards = list(FOOD_DECK.elements())
        pool.shuffle(cards)
        cut, cut2 = sorted(pool.sample(range(len(cards) + 1), 2))
        deck, discard = Counter(cards[:cut]), Counter(cards[cut:cut2])
        count = pool.randrange(1, 16)
        s = State(("red", "blue"), deck=Counter(deck), discard=Counter(discard))
        ours, theirs = random.Random(seed), random.Random(seed)
        drawn = draw_cards(s, ours, count)
        expected = []
        for _ in range(count):
            card, deck, discard = plain_draw(deck, discard, theirs)
            if card is not None:
                expected.append(card)
        assert drawn == expected
        assert (s.deck, s.discard) == (deck, discard)
        assert ours.getstate() == theirs.getstate()
        reshuffled += cut < count
        short += len(drawn) < count
    assert reshuffled > 50 and short > 10


def plain_well_vertices(s: State, colour: str) -> list[int]:
    """Ruling II.E read plainly: every free vertex touching no between-the-rivers hex whose
    three hexes hold the player's huts, while the stock lasts."""
    if s.well_stock() <= 0:
        return []
    b = board()
    return [v for v in sorted(b.well_vertices) if v not in s.wells
            and all(s.huts.get(h) == colour for h in b.vertices[v].hexes)]


def test_well_vertices_match_the_plain_reading_for_every_player():
    compared = found = 0
    for s, _, _ in games(40):
        for colour in s.players:
            expected = plain_well_vertices(s, colour)
            assert well_vertices(s, colour) == expected
            compared += 1
            found += bool(expected)
    assert compared > 10000 and found > 300


RUN_PHASES = {"huts": ("huts", "supply"), "supply": ("supply",), "actions": ("actions",)}


def test_the_huts_supply_and_actions_runs_play_what_play_on_plays_move_by_move():
    runs = {"huts": huts_run, "supply": supply_run, "actions": actions_run}
    compared = Counter()
    for n, (s, moves, _) in enumerate(games(40)):
        if s.phase not in runs:
            continue
        phase, c = s.phase, s.to_move
        fast, fast_log, fast_rng = s.copy(), [], random.Random(n)
        fast_moves = runs[phase](fast, list(moves), partial(randbelow, fast_rng), fast_log)
        plain, plain_log, plain_rng = s.copy(), [], random.Random(n)
        plain_moves = moves
        while plain.phase in RUN_PHASES[phase] and plain.to_move == c:
            move = plain_moves[randbelow(plain_rng, len(plain_moves))]
            plain_moves = play_on(plain, move, plain_log, plain_moves)
        assert fast.to_json() == plain.to_json()
        assert (fast_log, fast_moves) == (plain_log, plain_moves)
        assert fast_rng.getstate() == plain_rng.getstate()      # the same draws
        compared[phase] += 1
    assert min(compared.values()) > 1000

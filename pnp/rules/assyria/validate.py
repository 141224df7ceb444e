"""The rules' checks on an Assyria position: `validate(state)` names every way it breaks
them (pieces, wells, tracks, cards, the phase's bookkeeping).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from pnp.rules.assyria.board import board
from pnp.rules.assyria.cards import (
    EXPANSION_CARDS,
    FOOD_DECK,
    HUTS,
    PLOUGH,
    REIGN_FIRST_TURN,
    REIGN_LAST_TURN,
    REIGN_OF_TURN,
    TIER_SPACES,
    TIERS,
    TURNS,
    WELLS,
    ZIGGURATS,
    can_feed,
)
from pnp.rules.assyria.state import DECISION_PHASES, EXPANSION_PHASES, Problem, State

Bad = Callable[[str, str, str], None]     # bad(where, message, code) records a problem


def expected_expansion_cards(turn: int, phase: str) -> int:
    """How many expansion cards lie in the slots (ruling "A turn", II.A and "Reign end").

    Slot 1 is filled at setup / at the previous reign's end, so the first turn of a reign
    shows one card from the start; every other turn reveals its card at phase II."""
    if phase in ("game_end", "over"):
        return 0
    reign = REIGN_OF_TURN[turn]
    if phase == "reign_end":
        return REIGN_LAST_TURN[reign] - REIGN_FIRST_TURN[reign] + 1
    index = turn - REIGN_FIRST_TURN[reign]
    revealed = phase not in ("setup", "draft", "harvest") or index == 0
    return index + (1 if revealed else 0)


def validate(s: State) -> list[Problem]:
    """Every way the position breaks the rules (pieces, tracks, cards, phase bookkeeping)."""
    out: list[Problem] = []

    def bad(where: str, message: str, code: str) -> None:
        out.append(Problem(code, message, where))

    for check in (_check_pieces, _check_wells, _check_ashur_and_cards, _check_expansion,
                  _check_phase, _check_this_turn, _check_sowing):
        check(s, bad)
    return out


def _check_pieces(s: State, bad: Bad) -> None:
    """Huts and ziggurats: in play, one piece a hex, ziggurat sites, stocks."""
    b = board()
    hx = b.hexes
    for h in sorted(s.huts):
        if not b.is_in_play(h, s.n):
            bad(f"huts.{hx[h].name}", f"column {hx[h].q} is not in play with {s.n} players",
                "not-in-play")
        if h in s.ziggurats:
            bad(f"huts.{hx[h].name}", "a hut and a ziggurat on one hex", "occupied")
    well_hexes = {h for v in s.wells for h in b.vertices[v].hexes}
    for h in sorted(s.ziggurats):
        where = f"ziggurats.{hx[h].name}"
        if not b.is_in_play(h, s.n):
            bad(where, f"column {hx[h].q} is not in play with {s.n} players", "not-in-play")
        if hx[h].is_river:
            # Ruling III: never on a river hex (start hexes are not on rivers either).
            bad(where, "a ziggurat cannot stand on a river hex", "ziggurat-site")
        if h in well_hexes:
            bad(where, "a ziggurat cannot stand on a hex touching a well", "ziggurat-site")
    for c in s.players:
        stock = s.hut_stock(c)
        if stock < 0:
            bad("huts", f"{c} has {HUTS - stock} huts on the board and in Ashur "
                         f"(at most {HUTS})", "too-many-huts")
        zigs = s.ziggurats_of(c)
        if len(zigs) > ZIGGURATS:
            bad("ziggurats", f"{c} has {len(zigs)} ziggurats (at most {ZIGGURATS})",
                "too-many-ziggurats")
        if s.phase not in ("setup",) and not any(s.n in hx[h].start for h in zigs):
            bad("ziggurats", f"{c} has no ziggurat on a start hex for {s.n} players",
                "no-start-ziggurat")


def _check_wells(s: State, bad: Bad) -> None:
    """Wells (ruling "Components" and II.E): sites, stock, the turn's new wells."""
    b = board()
    for v in s.wells:
        vx = b.vertices[v]
        if not b.can_take_well(v):
            bad(f"wells.{vx.name}", "a well cannot touch a between-the-rivers hex", "well-site")
        if not b.vertex_in_play(v, s.n):
            bad(f"wells.{vx.name}", f"not in play with {s.n} players", "not-in-play")
    if len(s.wells) > WELLS[s.n]:
        bad("wells", f"{len(s.wells)} wells, the stock has {WELLS[s.n]} with {s.n} players",
            "well-stock")
    for c, vs in s.new_wells.items():
        for v in vs:
            vx = b.vertices[v]
            if v not in s.wells:
                bad(f"new_wells.{c}", f"{vx.name} is not in wells", "well-site")
            elif any(s.huts.get(h) != c for h in vx.hexes):
                bad(f"new_wells.{c}", f"{vx.name}: its three hexes must hold {c}'s huts",
                    "well-site")
    if sum(len(v) for v in s.new_wells.values()) != len(
            {v for vs in s.new_wells.values() for v in vs}):
        bad("new_wells", "a well listed twice", "duplicate")
    if any(s.new_wells.values()) and s.phase not in (*EXPANSION_PHASES, "income"):
        bad("new_wells", "new wells are scored at the turn's income: in phase "
                         f"{s.phase} there are none", "phase")


def _check_ashur_and_cards(s: State, bad: Bad) -> None:
    """Ashur's spaces, the ploughs and the 40 food cards."""
    for tier in TIERS:
        if len(s.ashur.get(tier, [])) > TIER_SPACES[tier]:
            bad(f"ashur.{tier}", f"{len(s.ashur[tier])} huts on {TIER_SPACES[tier]} spaces",
                "ashur-full")
    # Cards.
    for c in s.players:
        if s.ploughs.get(c, 0) > 1:
            bad(f"hands.{c}", "a player holds at most one plough", "ploughs")
    if sum(s.ploughs.values()) + s.used_ploughs != s.n:
        bad("used_ploughs", f"{s.n} ploughs are in play with {s.n} players: held "
                            f"{sum(s.ploughs.values())} + used {s.used_ploughs}", "ploughs")
    cards = [*s.deck.elements(), *s.discard.elements(), *s.draft]
    for hand in s.hands.values():
        cards += hand
    for col in s.sowing:
        cards += col or []
    seen = Counter(cards)
    if seen != FOOD_DECK:
        extra = seen - FOOD_DECK
        missing = FOOD_DECK - seen
        detail = "; ".join(part for part in (
            "too many " + ", ".join(f"{k} x{v}" for k, v in sorted(extra.items()))
            if extra else "",
            "missing " + ", ".join(f"{k} x{v}" for k, v in sorted(missing.items()))
            if missing else "") if part)
        bad("deck", f"the 40 food cards do not add up ({detail})", "food-cards")


def _check_expansion(s: State, bad: Bad) -> None:
    """The 9 expansion cards, and how many lie in the slots now."""
    exp = Counter([*s.expansion_deck.elements(), *s.expansion, *s.expansion_out])
    if exp != EXPANSION_CARDS:
        bad("expansion_deck", "the 9 expansion cards (2 x2, 3 x4, 4 x3) do not add up "
                              f"(have {sorted(exp.elements())})", "expansion-cards")
    want = expected_expansion_cards(s.turn, s.phase)
    if len(s.expansion) != want:
        bad("expansion", f"turn {s.turn}, phase {s.phase}: {want} expansion card(s) in the "
                         f"slots, not {len(s.expansion)}", "expansion-cards")
    if s.turn == 1 and s.expansion and s.expansion[0] != 4:
        bad("expansion", "reign 1 starts with the face-up 4 in slot 1", "expansion-cards")


def _check_phase(s: State, bad: Bad) -> None:
    """Who moves in the phase, the draft, and a decision phase that play would have moved
    past (it would leave the player without a move)."""
    b = board()
    if s.phase in ("setup", "draft") and s.turn != 1:
        bad("phase", f"{s.phase} happens before turn 1 only", "phase")
    if s.phase in ("game_end", "over") and s.turn != TURNS:
        bad("phase", f"{s.phase} comes after turn {TURNS}", "phase")
    if s.phase == "reign_end" and s.turn != REIGN_LAST_TURN[s.reign]:
        bad("phase", f"turn {s.turn} does not end a reign (turns 2, 5 and 8 do)", "phase")
    if s.phase in DECISION_PHASES and s.to_move is None:
        bad("to_move", f"phase {s.phase} needs the player to move", "to-move")
    if s.draft and s.phase != "draft":
        bad("draft", "draft cards lie out only during the draft", "draft")
    if s.phase == "draft" and not s.draft:
        bad("draft", "the draft has no card left to take", "draft")
    if s.huts_to_place and s.phase != "huts":
        bad("this_turn.huts_to_place", "huts are placed in phase huts only", "this-turn")
    if s.phase == "huts" and s.to_move is not None:
        if s.huts_to_place > s.hut_stock(s.to_move):
            bad("this_turn.huts_to_place", f"{s.to_move} has only {s.hut_stock(s.to_move)} "
                                           "huts in stock", "this-turn")
        if s.huts_to_place > s.expansion_value():
            bad("this_turn.huts_to_place", f"more than the expansion card's "
                                           f"{s.expansion_value()}", "this-turn")
    # A decision phase the engine would have moved past leaves the player without a move.
    if s.phase == "huts" and s.to_move is not None and s.huts_to_place < 1:
        bad("this_turn.huts_to_place", "phase huts needs at least one hut to place",
            "this-turn")
    if s.phase == "supply" and s.to_move is not None:
        fed = set(s.supplied)
        foods = {b.hexes[h].food for h in s.huts_of(s.to_move) if h not in fed}
        cards = s.hands.get(s.to_move, []) + [PLOUGH] * s.ploughs.get(s.to_move, 0)
        if not any(can_feed(card, food) for card in cards for food in foods):
            bad("phase", f"{s.to_move} has no card that can supply an unsupplied hut: the "
                         "supply step is over", "phase")
    if s.phase == "setup" and all(h in s.ziggurats for h in b.start_hexes(s.n)):
        bad("ziggurats", "setup: no free start hex left", "phase")


def _check_this_turn(s: State, bad: Bad) -> None:
    """This turn's records: supplied huts, grown ziggurats, offerings, purchases."""
    b = board()
    if s.supplied:
        if s.phase != "supply":
            bad("this_turn.supplied", "huts are supplied in phase supply only", "this-turn")
        elif any(s.huts.get(h) != s.to_move for h in s.supplied):
            bad("this_turn.supplied", f"lists a hex without a hut of {s.to_move}", "this-turn")
    for h in s.grown:
        if h not in s.ziggurats:
            bad("this_turn.grown", f"{b.hexes[h].name} holds no ziggurat", "this-turn")
    for c, k in s.offered.items():
        if k > s.offering.get(c, 0):
            bad(f"this_turn.offered.{c}", f"{k} steps this turn but the disc is at "
                                          f"{s.offering.get(c, 0)}", "this-turn")
    if len(s.bought) != len(set(s.bought)):
        bad("this_turn.bought", "a player buys at most one food card a turn", "this-turn")


def _check_sowing(s: State, bad: Bad) -> None:
    """The sowing and the harvest (ruling I)."""
    if len(s.sowing) > s.n + 1:
        bad("sowing", f"{s.n + 1} columns with {s.n} players, not {len(s.sowing)}", "sowing")
    for i, col in enumerate(s.sowing):
        if col is not None and len(col) > 2:
            bad(f"sowing[{i}]", "a column holds two cards", "sowing")
    for c, taken in s.harvest.items():
        if taken >= len(s.sowing) or s.sowing[taken] is not None:
            bad(f"harvest.{c}", f"column {taken + 1} is not marked taken (null) in sowing",
                "harvest")
    if len(set(s.harvest.values())) != len(s.harvest):
        bad("harvest", "two players took the same column", "harvest")
    if s.phase == "harvest":
        if len(s.sowing) != s.n + 1:
            bad("sowing", f"the harvest needs {s.n + 1} columns", "sowing")
        elif any(col is not None and len(col) != 2 for col in s.sowing):
            bad("sowing", "columns not yet taken hold two cards each", "sowing")
        if s.to_move in s.harvest:
            bad("to_move", f"{s.to_move} has already taken a column", "to-move")

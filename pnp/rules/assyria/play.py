"""Assyria's legal moves and applying one, with the automatic steps that follow it up to the
next decision (phases.py). Rulings (docs/rules/assyria.md) are cited per function.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache

from pnp.rules.assyria.cards import (
    BUILD_COST,
    CENTRE_COST,
    OFFERING_COST,
    PLOUGH,
    PLOUGH_COST,
    ROOF_COST,
    TIER_COST,
    camel_value,
)
from pnp.rules.assyria.choices import (
    action_moves,
    action_moves_after,
    can_build,
    feed_moves,
    feed_moves_after,
    free_start_hexes,
    hut_hexes,
    hut_moves_after,
    place_hut,
    well_moves,
    well_vertices,
)
from pnp.rules.assyria.moves import (
    Ashur,
    Build,
    Buy,
    Centre,
    Continue,
    Draft,
    Feed,
    Harvest,
    IllegalMove,
    Move,
    Offer,
    Pass,
    PlaceHut,
    Roof,
    Start,
    Well,
)
from pnp.rules.assyria.phases import (
    begin_draft,
    begin_supply,
    end_actions,
    end_expansion,
    end_harvest,
    famine,
    next_in_order,
    run_scoring,
)
from pnp.rules.assyria.state import SCORING_PHASES, Log, State


def legal_moves(s: State) -> list[Move]:
    """Every legal move in a deterministic order."""
    c = s.to_move
    if s.phase in SCORING_PHASES:
        return [Continue()]
    if s.phase == "over" or c is None:
        return []
    if s.phase == "setup":
        return [Start(h) for h in free_start_hexes(s)]
    if s.phase == "draft":
        return [Draft(card) for card in sorted(set(s.draft))]
    if s.phase == "harvest":
        return [_harvest_move(i) for i, col in enumerate(s.sowing) if col is not None]
    if s.phase == "huts":
        return list(map(place_hut, hut_hexes(s, c)))
    if s.phase == "supply":
        return list(feed_moves(s, c))
    if s.phase == "wells":
        return well_moves(well_vertices(s, c))
    if s.phase == "actions":
        return action_moves(s, c)
    return []



def _illegal(s: State, move: Move, why: str) -> IllegalMove:
    return IllegalMove(f"{move}: {why} (phase {s.phase}, {s.to_move or 'nobody'} to move)")


def apply_in_place(s: State, move: Move, log: Log = None, checked: bool = False) -> State:
    """Play `move` on `s` (changed in place) and run the automatic steps that follow, up to
    the next decision. IllegalMove if the rules forbid it (`checked`: the caller took the
    move from `legal_moves(s)` and it need not be looked up again)."""
    if not checked and move not in legal_moves(s):
        raise _illegal(s, move, _why_illegal(s, move))
    play_on(s, move, log)
    return s


Before = list[Move] | None      # the legal moves before the move, when the caller has them
Step = Callable[[State, str, Move, Log, Before], "list[Move] | None"]


def play_on(s: State, move: Move, log: Log = None, before: Before = None) -> list[Move]:
    """Play `move`, taken from `legal_moves(s)`, on `s` in place and return the legal moves
    after it. The steps that must know whether the player can go on find those moves
    anyway, so the simulator does not look for them twice; given `before`, the list `move`
    was taken from (exactly `legal_moves(s)`), a step may work out only what changed."""
    s.found = None
    s.moves += 1
    c = s.to_move
    if isinstance(move, Continue):
        run_scoring(s, log)
        after = None
    else:
        assert c is not None
        if log is not None:
            log.append(f"  {c}: {move.text}")
        after = _STEPS.get(type(move), _act)(s, c, move, log, before)
    if after is None:
        after = legal_moves(s) if s.found is None else s.found
    s.found = None
    return after


def _start(s: State, c: str, move: Move, log: Log, before: Before = None) -> None:
    assert isinstance(move, Start)
    s.ziggurats[move.hex] = (c, 1)
    _pass_on(s, c, lambda: begin_draft(s, log))


def _draft(s: State, c: str, move: Move, log: Log, before: Before = None) -> None:
    assert isinstance(move, Draft)
    s.draft.remove(move.card)
    s.hands[c] = sorted(s.hands[c] + [move.card])
    _pass_on(s, c, lambda: _first_harvest(s, log))


def _harvest(s: State, c: str, move: Move, log: Log,
             before: Before = None) -> list[Move] | None:
    assert isinstance(move, Harvest)
    column = move.column
    cards = s.sowing[column] or []
    s.sowing[column] = None
    s.hands[c] = sorted(s.hands[c] + cards)
    s.harvest[c] = column
    nxt = next_in_order(s, c)
    if not nxt:
        end_harvest(s, log)
        return None
    s.to_move = nxt
    if before is None:
        return None
    return [m for m in before if m.column != column]   # type: ignore[union-attr]


_harvest_move = cache(Harvest)      # the harvest's moves are asked every turn: built once


def _place_hut_step(s: State, c: str, move: Move, log: Log,
                    before: Before = None) -> list[Move] | None:
    assert isinstance(move, PlaceHut)
    s.huts[move.hex] = c
    s.huts_to_place -= 1
    if s.huts_to_place > 0:
        after: list[Move]
        if before is not None:        # PlaceHut moves, in hex order (no cast: a call a hut)
            after = hut_moves_after(s, before, move.hex)  # type: ignore[arg-type,assignment]
        else:
            after = list(map(place_hut, hut_hexes(s, c)))
        if after:
            return after
    begin_supply(s, log)
    return None


def _feed(s: State, c: str, move: Move, log: Log, before: Before = None) -> list[Move] | None:
    assert isinstance(move, Feed)
    if move.card == PLOUGH:
        s.ploughs[c] = 0
        s.used_ploughs += 1
    else:
        s.hands[c].remove(move.card)
        s.discard[move.card] += 1
    s.supplied.extend(move.hexes)
    # none exactly when no card plays; `before` holds Feed moves (no cast: a call a card)
    feeds: list[Move] = (list(feed_moves(s, c)) if before is None  # type: ignore[assignment]
                         else feed_moves_after(s, c, before, move))  # type: ignore[arg-type]
    if not feeds:
        famine(s, log)
        return None
    return feeds


def _well(s: State, c: str, move: Move, log: Log, before: Before = None) -> list[Move] | None:
    assert isinstance(move, Well)
    s.wells = sorted([*s.wells, move.vertex])
    s.new_wells.setdefault(c, []).append(move.vertex)
    vertices = well_vertices(s, c)
    if not vertices:
        end_expansion(s, log)
        return None
    return well_moves(vertices)


def _pass(s: State, c: str, move: Move, log: Log, before: Before = None) -> None:
    if s.phase == "wells":
        end_expansion(s, log)
    else:
        end_actions(s, log)


def _act(s: State, c: str, move: Move, log: Log, before: Before = None) -> list[Move] | None:
    pay_and_act(s, c, move)
    actions = (action_moves(s, c) if before is None
               else action_moves_after(s, c, before, move))
    if len(actions) == 1:                   # only pass is left
        end_actions(s, log)
        return None
    return actions


_STEPS: dict[type, Step] = {Start: _start, Draft: _draft, Harvest: _harvest,
                            PlaceHut: _place_hut_step, Feed: _feed, Well: _well, Pass: _pass}


def apply(s: State, move: Move, log: Log = None) -> State:
    """A new state after `move`; `s` is unchanged."""
    return apply_in_place(s.copy(), move, log)


def pay_and_act(s: State, c: str, move: Move) -> None:
    """Ruling III: pay and do one action."""
    if isinstance(move, Build):
        s.camels[c] -= BUILD_COST
        del s.huts[move.hex]                        # the hut goes back to stock
        s.ziggurats[move.hex] = (c, 1)
        s.grown.append(move.hex)                    # no centre on it this turn
    elif isinstance(move, Centre):
        s.camels[c] -= CENTRE_COST
        s.ziggurats[move.hex] = (c, 2)
        s.grown.append(move.hex)
    elif isinstance(move, Roof):
        s.camels[c] -= ROOF_COST
        s.ziggurats[move.hex] = (c, 3)
        s.grown.append(move.hex)
    elif isinstance(move, Ashur):
        s.camels[c] -= TIER_COST[move.tier]
        s.ashur[move.tier].append(c)
    elif isinstance(move, Offer):
        s.camels[c] -= OFFERING_COST
        s.offering[c] += 1
        s.offered[c] = s.offered.get(c, 0) + 1
    elif isinstance(move, Buy) and move.card == PLOUGH:
        s.camels[c] -= PLOUGH_COST
        s.used_ploughs -= 1
        s.ploughs[c] = 1
    elif isinstance(move, Buy):
        s.camels[c] -= camel_value(move.card)
        left = next(col for col in s.sowing if col is not None)
        left.remove(move.card)
        s.hands[c] = sorted(s.hands[c] + [move.card])
        s.bought.append(c)


def _why_illegal(s: State, move: Move) -> str:
    if s.phase == "over":
        return "the game is over"
    if s.phase in SCORING_PHASES:
        return f"a {s.phase} scoring is due: the only move is continue"
    c = s.to_move or ""
    if isinstance(move, Build):
        return can_build(s, c, move.hex) or "not now"
    if isinstance(move, Feed) and s.phase == "supply":
        return "the card cannot supply those huts (a k-symbol card feeds as many of the " \
               "player's unsupplied huts of its food as it can, up to k)"
    if isinstance(move, PlaceHut) and s.phase == "huts":
        return "a hut goes on a free in-play hex next to the player's own hut or ziggurat"
    return "not a legal move now"


def _pass_on(s: State, c: str, last: Callable[[], None]) -> None:
    """The next player in order after `c` moves; after the last one, `last` runs."""
    nxt = next_in_order(s, c)
    if nxt:
        s.to_move = nxt
    else:
        last()


def _first_harvest(s: State, log: Log) -> None:
    if log is not None:
        log.append("turn 1 (reign 1)")
    s.phase, s.to_move = "harvest", s.order[0]     # turn 1's sowing lies out

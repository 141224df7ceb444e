"""Assyria's rules in motion: setup, legal moves, applying a move, and the automatic steps
between moves (sowing, reveal, famine, income, end of turn, reign end, game end).

Rules (docs/rules/assyria.md) are cited per function. Chance (the setup's turn
order, card draws, the expansion cards) comes from `random.Random("assyria:<seed>:<n>")`
for the n-th chance event, so a state's JSON carries all its future chance: same state,
same game. The food deck is a multiset: a draw takes a uniformly random card of it, which
is what a shuffled deck does.
"""

from __future__ import annotations

import random
from collections import Counter
from itertools import combinations

from pnp.rules.assyria.board import board
from pnp.rules.assyria.cards import (
    BUILD_COST,
    CENTRE_COST,
    DRAFT,
    EXPANSION_CARDS,
    FOOD_DECK,
    OFFERING_COST,
    OFFERING_MAX,
    OFFERING_STEPS_PER_TURN,
    PLOUGH,
    PLOUGH_COST,
    REIGN_FIRST_TURN,
    REIGN_LAST_TURN,
    ROOF_COST,
    TIER_COST,
    TIER_SPACES,
    TIERS,
    TURNS,
    WILD,
    ZIGGURATS,
    camel_value,
    can_feed,
    food_of,
    sow_key,
    symbols,
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
from pnp.rules.assyria.scoring import Scoring, apply_lines, game_end, income, reign_end
from pnp.rules.assyria.state import SCORING_PHASES, State

Log = list[str] | None


# -- chance ----------------------------------------------------------------------------------
def chance(state: State) -> random.Random:
    """The generator of the state's next chance event (and count the event)."""
    rng = random.Random(f"assyria:{state.seed}:{state.draws}")
    state.draws += 1
    return rng


def draw_card(state: State, rng: random.Random) -> str | None:
    """One food card from the deck; an empty deck is reshuffled from the discards, even
    mid-draw (ruling I, Sowing). None when deck and discards are both empty (every card
    is in a hand or on the table: the sowing is laid short, see the docs). A deck whose
    counts are all zero (a state file may write `"deck": {"wild": 0}`) is empty."""
    if sum(state.deck.values()) == 0:
        state.deck, state.discard = state.discard, Counter()
    total = sum(state.deck.values())
    if total == 0:
        return None
    pick = rng.randrange(total)
    for card in sorted(state.deck):
        pick -= state.deck[card]
        if pick < 0:
            state.deck[card] -= 1
            if not state.deck[card]:
                del state.deck[card]
            return card
    raise AssertionError("unreachable")


def draw_expansion(state: State, rng: random.Random) -> int:
    cards = sorted(state.expansion_deck.elements())
    card = cards[rng.randrange(len(cards))]
    state.expansion_deck[card] -= 1
    if not state.expansion_deck[card]:
        del state.expansion_deck[card]
    return card


def sow(state: State, log: Log = None) -> None:
    """Ruling I, Sowing: two rows of players+1 cards, each sorted by symbols (wild
    rightmost, equal counts in draw order); column k is the two cards at position k."""
    rng = chance(state)
    rows = []
    for _ in range(2):
        row = [card for _ in range(state.n + 1) if (card := draw_card(state, rng))]
        rows.append(sorted(row, key=sow_key))       # sorted() is stable: draw order kept
    state.sowing = [[row[k] for row in rows if k < len(row)] for k in range(state.n + 1)]
    if log is not None:
        log.append("  sowing: " + " | ".join(" ".join(col) or "-" for col in state.sowing
                                              if col is not None))


# -- setup -----------------------------------------------------------------------------------
def new_game(seed: int, players: tuple[str, ...], log: Log = None) -> State:
    """Ruling "Setup": random turn order; tracks at 0; the face-up 4 in slot 1 and the other
    eight expansion cards face down; the first sowing laid out; then each player in turn
    order puts a base on a start hex (moves), gets a plough, and the draft follows."""
    s = State(tuple(players), seed=seed)
    rng = chance(s)
    order = list(players)
    rng.shuffle(order)
    s.order = order
    s.score = dict.fromkeys(players, 0)
    s.camels = dict.fromkeys(players, 0)
    s.offering = dict.fromkeys(players, 0)
    s.ashur = {t: [] for t in TIERS}
    s.hands = {c: [] for c in players}
    s.ploughs = dict.fromkeys(players, 1)          # one plough each; the rest out of play
    s.used_ploughs = 0
    s.expansion = [4]
    s.expansion_deck = EXPANSION_CARDS - Counter([4])
    s.deck = Counter(FOOD_DECK)
    if log is not None:
        log.append(f"assyria seed {seed}, {s.n} players; turn order {' '.join(order)}")
    sow(s, log)
    s.phase, s.to_move = "setup", order[0]
    return s


def _next_in_order(s: State, colour: str) -> str | None:
    i = s.order.index(colour)
    return s.order[i + 1] if i + 1 < len(s.order) else None


# -- legal moves -----------------------------------------------------------------------------
def free_start_hexes(s: State) -> list[int]:
    return [h for h in board().start_hexes(s.n) if h not in s.ziggurats and h not in s.huts]


def hut_hexes(s: State, colour: str) -> list[int]:
    """Ruling II.B: an in-play hex with no hut or ziggurat, next to one of the player's own
    huts or ziggurats. Wells do not block; river hexes are allowed."""
    b = board()
    own = [h for h, c in s.huts.items() if c == colour]
    own += [h for h, (c, _) in s.ziggurats.items() if c == colour]
    out = set()
    for h in own:
        for nb in b.neighbours[h]:
            if nb not in s.huts and nb not in s.ziggurats and b.is_in_play(nb, s.n):
                out.add(nb)
    return sorted(out)


def unsupplied(s: State, colour: str) -> list[int]:
    fed = set(s.supplied)
    return [h for h in s.huts_of(colour) if h not in fed]


def playable_cards(s: State, colour: str) -> list[str]:
    """The cards in hand (and the plough) that can supply one of the player's unsupplied
    huts (ruling II.C: the player must go on while there is one)."""
    b = board()
    foods = {b.hexes[h].food for h in unsupplied(s, colour)}
    if not foods:
        return []
    cards = sorted(set(s.hands.get(colour, [])))
    if s.ploughs.get(colour, 0):
        cards.append(PLOUGH)
    return [c for c in cards if any(can_feed(c, f) for f in foods)]


def feed_moves(s: State, colour: str) -> list[Feed]:
    """Ruling II.C: a k-symbol card of food F supplies up to k unsupplied huts on F hexes,
    as many as there are (the rest of its symbols are lost); wild and plough one hut."""
    b = board()
    hungry = unsupplied(s, colour)
    moves = []
    for card in playable_cards(s, colour):
        fits = [h for h in hungry if can_feed(card, b.hexes[h].food)]
        k = min(symbols(card), len(fits))
        moves.extend(Feed(card, combo) for combo in combinations(fits, k))
    return moves


def can_supply(s: State, colour: str, hexes: list[int]) -> bool:
    """Whether the player's cards in hand and plough can supply all the huts on `hexes`
    at once (ruling II.C: a k-symbol card of food F up to k huts on F hexes, a wild or a
    plough one hut of any food). Food cards serve only their food, so each food's shortfall
    must be met by wilds and ploughs."""
    b = board()
    hand = s.hands.get(colour, [])
    need = Counter(b.hexes[h].food for h in hexes)
    short = sum(max(0, k - sum(symbols(c) for c in hand if food_of(c) == food))
                for food, k in need.items())
    return short <= hand.count(WILD) + s.ploughs.get(colour, 0)


def well_vertices(s: State, colour: str) -> list[int]:
    """Ruling II.E: a free vertex whose three hexes hold the player's supplied huts and that
    touches no between-the-rivers hex, while the stock lasts."""
    if s.well_stock() <= 0:
        return []
    b = board()
    taken = set(s.wells)
    out = []
    for v in sorted(b.well_vertices):
        if v in taken:
            continue
        if all(s.huts.get(h) == colour for h in b.vertices[v].hexes):
            out.append(v)
    return out


def can_build(s: State, colour: str, h: int) -> str | None:
    """Why the player may not build a ziggurat on h now (ruling III), None if they may."""
    b = board()
    if s.huts.get(h) != colour:
        return "no own hut there"
    if b.hexes[h].is_river:
        return "a river hex"
    if any(h in b.vertices[v].hexes for v in s.wells):
        return "the hex touches a well"
    if len(s.ziggurats_of(colour)) >= ZIGGURATS:
        return f"already {ZIGGURATS} ziggurats"
    if s.camels.get(colour, 0) < BUILD_COST:
        return f"a ziggurat costs {BUILD_COST} camels"
    return None


def action_moves(s: State, colour: str) -> list[Move]:
    """Ruling III: every action the player can pay for now, then pass."""
    camels = s.camels.get(colour, 0)
    moves: list[Move] = []
    for h in s.huts_of(colour):
        if can_build(s, colour, h) is None:
            moves.append(Build(h))
    grown = set(s.grown)
    for h in s.ziggurats_of(colour):
        level = s.ziggurats[h][1]
        if h in grown:
            continue                    # one level per ziggurat per turn
        if level == 1 and camels >= CENTRE_COST:
            moves.append(Centre(h))
        elif level == 2 and camels >= ROOF_COST:
            moves.append(Roof(h))
    if s.hut_stock(colour) > 0:
        for tier in TIERS:
            if camels >= TIER_COST[tier] and len(s.ashur[tier]) < TIER_SPACES[tier]:
                moves.append(Ashur(tier))
    if (camels >= OFFERING_COST and s.offered.get(colour, 0) < OFFERING_STEPS_PER_TURN
            and s.offering.get(colour, 0) < OFFERING_MAX):
        moves.append(Offer())
    if camels >= PLOUGH_COST and not s.ploughs.get(colour, 0) and s.used_ploughs > 0:
        moves.append(Buy(PLOUGH))
    if colour not in s.bought:
        for card in sorted(set(s.leftover())):
            if camel_value(card) <= camels:
                moves.append(Buy(card))
    moves.append(Pass())
    return moves


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
        return [Harvest(i) for i, col in enumerate(s.sowing) if col is not None]
    if s.phase == "huts":
        return [PlaceHut(h) for h in hut_hexes(s, c)]
    if s.phase == "supply":
        return list(feed_moves(s, c))
    if s.phase == "wells":
        return [Well(v) for v in well_vertices(s, c)] + [Pass()]
    if s.phase == "actions":
        return action_moves(s, c)
    return []


# -- applying moves --------------------------------------------------------------------------
def _illegal(s: State, move: Move, why: str) -> IllegalMove:
    return IllegalMove(f"{move}: {why} (phase {s.phase}, {s.to_move or 'nobody'} to move)")


def apply_in_place(s: State, move: Move, log: Log = None, checked: bool = False) -> State:
    """Play `move` on `s` (changed in place) and run the automatic steps that follow, up to
    the next decision. IllegalMove if the rules forbid it (`checked`: the caller took the
    move from `legal_moves(s)` and it need not be looked up again)."""
    if not checked and move not in legal_moves(s):
        raise _illegal(s, move, _why_illegal(s, move))
    c = s.to_move
    s.moves += 1
    if log is not None and not isinstance(move, Continue):
        log.append(f"  {c}: {move}")
    if isinstance(move, Continue):
        _run_scoring(s, log)
    elif isinstance(move, Start):
        assert c is not None
        s.ziggurats[move.hex] = (c, 1)
        nxt = _next_in_order(s, c)
        if nxt:
            s.to_move = nxt
        else:
            _begin_draft(s, log)
    elif isinstance(move, Draft):
        assert c is not None
        s.draft.remove(move.card)
        s.hands[c] = sorted(s.hands[c] + [move.card])
        nxt = _next_in_order(s, c)
        if nxt:
            s.to_move = nxt
        else:
            if log is not None:
                log.append("turn 1 (reign 1)")
            s.phase, s.to_move = "harvest", s.order[0]     # turn 1's sowing lies out
    elif isinstance(move, Harvest):
        assert c is not None
        cards = s.sowing[move.column] or []
        s.sowing[move.column] = None
        s.hands[c] = sorted(s.hands[c] + cards)
        s.harvest[c] = move.column
        nxt = _next_in_order(s, c)
        if nxt:
            s.to_move = nxt
        else:
            _end_harvest(s, log)
    elif isinstance(move, PlaceHut):
        assert c is not None
        s.huts[move.hex] = c
        s.huts_to_place -= 1
        if s.huts_to_place <= 0 or not hut_hexes(s, c):
            _begin_supply(s, log)
    elif isinstance(move, Feed):
        assert c is not None
        if move.card == PLOUGH:
            s.ploughs[c] = 0
            s.used_ploughs += 1
        else:
            s.hands[c].remove(move.card)
            s.discard[move.card] += 1
        s.supplied.extend(move.hexes)
        if not playable_cards(s, c):
            _famine(s, log)
    elif isinstance(move, Well):
        assert c is not None
        s.wells = sorted([*s.wells, move.vertex])
        s.new_wells.setdefault(c, []).append(move.vertex)
        if not well_vertices(s, c):
            _end_expansion(s, log)
    elif isinstance(move, Pass) and s.phase == "wells":
        _end_expansion(s, log)
    elif isinstance(move, Pass):
        _end_actions(s, log)
    else:
        assert c is not None
        _action(s, c, move)
        if action_moves(s, c) == [Pass()]:
            _end_actions(s, log)
    return s


def apply(s: State, move: Move, log: Log = None) -> State:
    """A new state after `move`; `s` is unchanged."""
    return apply_in_place(s.copy(), move, log)


def _action(s: State, c: str, move: Move) -> None:
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


# -- automatic steps -------------------------------------------------------------------------
def _begin_draft(s: State, log: Log) -> None:
    """Ruling "Setup": draw one card per player; in turn order each takes one (summary,
    not BGA: the first player picks first)."""
    rng = chance(s)
    s.draft = sorted(card for _ in range(DRAFT[s.n]) if (card := draw_card(s, rng)))
    if log is not None:
        log.append(f"  draft: {' '.join(s.draft)}")
    s.phase, s.to_move = "draft", s.order[0]


def begin_turn(s: State, log: Log) -> None:
    """Ruling "A turn": the sowing (turn 1's was laid at setup), then the harvest."""
    if log is not None:
        log.append(f"turn {s.turn} (reign {s.reign})")
    if s.turn > 1:
        sow(s, log)
    s.phase, s.to_move = "harvest", s.order[0]


def _end_harvest(s: State, log: Log) -> None:
    """Ruling I, Harvest: the new turn order is the column order, leftmost first. Then II.A:
    reveal the turn's expansion card (the first turn of a reign uses slot 1)."""
    s.order = sorted(s.order, key=lambda c: s.harvest[c])
    index = s.turn - REIGN_FIRST_TURN[s.reign]
    if len(s.expansion) <= index:
        s.expansion.append(draw_expansion(s, chance(s)))
    if log is not None:
        log.append(f"  turn order {' '.join(s.order)}; expansion card {s.expansion_value()}")
    _begin_expansion(s, s.order[0], log)


def _begin_expansion(s: State, c: str, log: Log) -> None:
    """Ruling II.B: place min(expansion value, huts in stock), stopping when no hex is
    legal."""
    s.phase, s.to_move = "huts", c
    s.huts_to_place = min(s.expansion_value(), s.hut_stock(c))
    s.supplied = []
    if s.huts_to_place <= 0 or not hut_hexes(s, c):
        _begin_supply(s, log)


def _begin_supply(s: State, log: Log) -> None:
    s.huts_to_place = 0
    s.phase = "supply"
    s.supplied = []
    assert s.to_move is not None
    if not playable_cards(s, s.to_move):
        _famine(s, log)


def _famine(s: State, log: Log) -> None:
    """Ruling II.D: unsupplied huts go back to their owner's stock. Then II.E, wells."""
    c = s.to_move
    assert c is not None
    starving = unsupplied(s, c)
    for h in starving:
        del s.huts[h]
    if starving and log is not None:
        log.append(f"  {c}: famine, {len(starving)} hut(s) back to stock: "
                   + " ".join(board().hexes[h].name for h in starving))
    s.supplied = []
    s.phase = "wells"
    if not well_vertices(s, c):
        _end_expansion(s, log)


def _end_expansion(s: State, log: Log) -> None:
    assert s.to_move is not None
    nxt = _next_in_order(s, s.to_move)
    if nxt:
        _begin_expansion(s, nxt, log)
    else:
        s.phase, s.to_move = "income", None
        _run_scoring(s, log)


def _begin_actions(s: State, c: str, log: Log) -> None:
    s.phase, s.to_move = "actions", c
    if action_moves(s, c) == [Pass()]:
        _end_actions(s, log)


def _end_actions(s: State, log: Log) -> None:
    assert s.to_move is not None
    nxt = _next_in_order(s, s.to_move)
    if nxt:
        _begin_actions(s, nxt, log)
    else:
        _end_turn(s, log)


def _end_turn(s: State, log: Log) -> None:
    """Ruling "A turn", end: the left-over column is discarded; all huts count as
    unsupplied again; then the reign end after turns 2, 5 and 8."""
    for col in s.sowing:
        if col is not None:
            s.discard.update(col)
    s.sowing, s.harvest = [], {}
    s.grown, s.offered, s.bought, s.supplied = [], {}, [], []
    s.to_move = None
    if s.turn == REIGN_LAST_TURN[s.reign]:
        s.phase = "reign_end"
        _run_scoring(s, log)
    else:
        s.turn += 1
        begin_turn(s, log)


def _score(s: State) -> Scoring:
    """Run the scoring the state is due for, with its bookkeeping (in place)."""
    b = board()
    if s.phase == "income":
        res = income(s)
        apply_lines(s, res)
        s.new_wells = {}
    elif s.phase == "reign_end":
        res = reign_end(s)
        apply_lines(s, res)
        # Ruling "Reign end" 1 and 5: the flood (its lines are in the scoring), then Ashur
        # huts back to stock, offering discs to 0, the expansion cards cleared.
        for h in [h for h in s.huts if b.hexes[h].is_river]:
            del s.huts[h]
        s.ashur = {t: [] for t in TIERS}
        s.offering = dict.fromkeys(s.players, 0)
        s.expansion_out += s.expansion
        s.expansion = []
    elif s.phase == "game_end":
        res = game_end(s)
        apply_lines(s, res)
        s.phase, s.to_move = "over", None
    else:
        raise IllegalMove(f"no scoring is due in phase {s.phase}")
    return res


def _run_scoring(s: State, log: Log) -> None:
    """Run the due scoring, then go on to the next decision."""
    res = _score(s)
    _log_scoring(s, res, log)
    if res.due == "income":
        _begin_actions(s, s.order[0], log)
    elif res.due == "reign_end" and s.turn >= TURNS:
        s.phase = "game_end"
        _run_scoring(s, log)
    elif res.due == "reign_end":
        # For the next reign a new card goes into slot 1 (the bonus card of four players is
        # counted from the reign number, see scoring.ashur_cards).
        s.expansion = [draw_expansion(s, chance(s))]
        s.turn += 1
        begin_turn(s, log)


def _log_scoring(s: State, res: Scoring, log: Log) -> None:
    if log is None:
        return
    title = {"income": f"income, turn {res.turn}", "reign_end": f"end of reign {res.reign}",
             "game_end": "game end"}[res.due]
    log.append(f"  scoring: {title}")
    for line in res.lines:
        if line.points or line.camels or line.ploughs or line.count:
            log.append(f"    {line.player}: {line.text}")
    log.append("    score " + ", ".join(f"{c} {s.score[c]}" for c in s.order)
               + "; camels " + ", ".join(f"{c} {s.camels[c]}" for c in s.order))


def settle(s: State) -> list[Scoring]:
    """Run the scoring `s` is due for on `s` (in place), without playing on. At turn 8 the
    reign end and the game end run together (nothing is decided between them)."""
    if s.phase not in SCORING_PHASES:
        return []
    out = [_score(s)]
    if out[0].due == "income":
        s.phase, s.to_move = "actions", s.order[0]
    elif out[0].due == "reign_end" and s.turn >= TURNS:
        s.phase = "game_end"
        out.append(_score(s))
    return out

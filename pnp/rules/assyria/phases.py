"""Assyria's setup and the automatic steps between moves: the draft, sowing, turn order,
reveal, famine, the scorings due, end of turn, reign end and game end. Rulings
(docs/rules/assyria.md) are cited per function.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

from pnp.rules.assyria.board import board
from pnp.rules.assyria.cards import (
    DRAFT,
    EXPANSION_CARDS,
    FOOD_DECK,
    REIGN_FIRST_TURN,
    REIGN_LAST_TURN,
    TIERS,
    TURNS,
)
from pnp.rules.assyria.chance import chance, draw_cards, draw_expansion, sow
from pnp.rules.assyria.choices import (
    action_moves,
    feed_moves,
    hut_hexes,
    place_hut,
    unsupplied,
    well_moves,
    well_vertices,
)
from pnp.rules.assyria.moves import Feed
from pnp.rules.assyria.scoring import Scoring, score_due
from pnp.rules.assyria.state import Log, State


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


def next_in_order(s: State, colour: str) -> str | None:
    i = s.order.index(colour)
    return s.order[i + 1] if i + 1 < len(s.order) else None



def begin_draft(s: State, log: Log) -> None:
    """Ruling "Setup": draw one card per player; in turn order each takes one (seed, not
    BGA: the first player picks first)."""
    s.draft = sorted(draw_cards(s, chance(s), DRAFT[s.n]))
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


def end_harvest(s: State, log: Log) -> None:
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
    hexes = hut_hexes(s, c) if s.huts_to_place > 0 else []
    if hexes:
        s.found = list(map(place_hut, hexes))
    else:
        begin_supply(s, log)


def begin_supply(s: State, log: Log) -> None:
    hungry, feeds = start_supply(s)
    if feeds:
        s.found = feeds
    else:
        famine(s, log, hungry)


def start_supply(s: State) -> tuple[list[int], list[Feed]]:
    """Ruling II.C begins: the mover's unsupplied huts and the cards' moves (none exactly
    when no card plays; then famine is next)."""
    s.huts_to_place = 0
    s.phase = "supply"
    s.supplied = []
    assert s.to_move is not None
    hungry = unsupplied(s, s.to_move)
    return hungry, feed_moves(s, s.to_move, hungry)


def famine(s: State, log: Log, starving: list[int] | None = None) -> None:
    """Ruling II.D: unsupplied huts go back to their owner's stock. Then II.E, wells.
    `starving`: `unsupplied(s, to_move)` when the caller keeps it (the supply run does)."""
    c = s.to_move
    assert c is not None
    if starving is None:
        starving = unsupplied(s, c)
    for h in starving:
        del s.huts[h]
    if starving and log is not None:
        hexes = board().hexes
        log.append(f"  {c}: famine, {len(starving)} hut(s) back to stock: "
                   + " ".join([hexes[h].name for h in starving]))
    s.supplied = []
    s.phase = "wells"
    vertices = well_vertices(s, c)
    if vertices:
        s.found = well_moves(vertices)
    else:
        end_expansion(s, log)


def end_expansion(s: State, log: Log) -> None:
    if not _next_begins(s, _begin_expansion, log):
        s.phase, s.to_move = "income", None
        run_scoring(s, log)


def _begin_actions(s: State, c: str, log: Log) -> None:
    s.phase, s.to_move = "actions", c
    actions = action_moves(s, c)
    if len(actions) == 1:                   # only pass: nothing to decide
        end_actions(s, log)
    else:
        s.found = actions


def end_actions(s: State, log: Log) -> None:
    if not _next_begins(s, _begin_actions, log):
        _end_turn(s, log)


def _next_begins(s: State, begin: Callable[[State, str, Log], None], log: Log) -> bool:
    """The next player in order after the one to move begins (`begin`); False after the
    last one."""
    assert s.to_move is not None
    nxt = next_in_order(s, s.to_move)
    if nxt:
        begin(s, nxt, log)
    return bool(nxt)


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
        run_scoring(s, log)
    else:
        s.turn += 1
        begin_turn(s, log)




def run_scoring(s: State, log: Log) -> None:
    """Run the due scoring, then go on to the next decision."""
    res = score_due(s)
    _log_scoring(s, res, log)
    if res.due == "income":
        _begin_actions(s, s.order[0], log)
    elif res.due == "reign_end" and s.turn >= TURNS:
        s.phase = "game_end"
        run_scoring(s, log)
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
    log += [f"    {c}: {text}" for c, _, count, text, points, camels, ploughs in res.lines
            if points or camels or ploughs or count]
    score, camels = s.score, s.camels
    log.append("    score " + ", ".join([f"{c} {score[c]}" for c in s.order])
               + "; camels " + ", ".join([f"{c} {camels[c]}" for c in s.order]))

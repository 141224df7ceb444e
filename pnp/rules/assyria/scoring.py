"""Assyria's scorings, line by line: the turn's income and prestige, a reign end, the game
end. Pure: each function reads a state and returns lines; `apply_lines` moves the tracks.

Rules (docs/rules/assyria.md): "A turn" II.E and "Income"; "Reign end" 1-4;
"Game end".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cache
from typing import Any, NamedTuple

from pnp.rules.assyria.board import board
from pnp.rules.assyria.cards import (
    BONUS_VALUE,
    CAMELS_MAX,
    HIGH_PRIEST_POINTS,
    OFFERING_MULTIPLIER,
    REGION_POINTS,
    RIVER_FIRST,
    RIVER_MORE,
    TIER_INFLUENCE,
    TIERS,
    TURNS,
    WELL_POINTS,
)
from pnp.rules.assyria.choices import hex_is_river
from pnp.rules.assyria.moves import IllegalMove
from pnp.rules.assyria.state import SCORING_PHASES, State

DUE = ("income", "reign_end", "game_end")


class Line(NamedTuple):
    """One scoring line for one player: what was counted and what it gives (a named tuple:
    a scoring builds dozens, and a frozen dataclass is slow to build)."""

    player: str
    item: str            # e.g. "upper river", "huts between", "ashur", "offerings"
    # how many things were counted (huts, levels, wells, ...); the field hides tuple.count
    count: int  # type: ignore[assignment]
    text: str            # the line for people
    points: int = 0
    camels: int = 0      # before the camel track's cap of 10
    ploughs: int = 0

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "item": self.item, "count": self.count,
                "points": self.points, "camels": self.camels, "ploughs": self.ploughs,
                "text": self.text}


@dataclass(frozen=True)
class AshurRank:
    """A player's place at Ashur (ruling "Reign end" 2)."""

    player: str
    rank: int            # 1 = first
    influence: int
    huts: int
    best_tier: str       # the highest tier holding one of the player's huts
    first_space: int     # the player's earliest space on that tier (0 = first)
    points: int

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player, "rank": self.rank, "influence": self.influence,
                "huts": self.huts, "best_tier": self.best_tier,
                "first_space": self.first_space + 1, "points": self.points}


@dataclass
class Scoring:
    """One due scoring: its kind, the turn, and every line."""

    due: str
    turn: int
    reign: int
    lines: list[Line] = field(default_factory=list)
    ashur: list[AshurRank] = field(default_factory=list)
    cards: list[int] = field(default_factory=list)    # the Ashur cards (reign end)

    def totals(self, player: str) -> tuple[int, int, int]:
        """(points, camels before the cap, ploughs) of the player's lines."""
        mine = [x for x in self.lines if x.player == player]
        return (sum(x.points for x in mine), sum(x.camels for x in mine),
                sum(x.ploughs for x in mine))


@cache                   # every scoring line asks for one or two: the counts are few
def _plural(k: int, word: str) -> str:
    return f"{k} {word}{'' if k == 1 else 's'}"


def river_camels(huts: int) -> int:
    """Ruling "Income": a river's first supplied hut 3 camels, each further one 2."""
    return 0 if huts == 0 else RIVER_FIRST + RIVER_MORE * (huts - 1)


@cache
def hex_region() -> tuple[str, ...]:
    """Each hex's region, by hex index."""
    return tuple(h.region for h in board().hexes)


# -- the turn's income and prestige ----------------------------------------------------------
def income(state: State) -> Scoring:
    """Ruling "Income" (after II) with the new wells of II.E (6/5/4 by reign). Every hut on
    the board counts as supplied: famine has removed the others."""
    out = Scoring("income", state.turn, state.reign)
    region = hex_region()
    counts = {c: dict.fromkeys(("upper", "lower", "between", "outside"), 0)
              for c in state.order}
    for h, owner in state.huts.items():          # one pass for every player
        if owner in counts:
            counts[owner][region[h]] += 1
    levels_of = dict.fromkeys(state.order, 0)
    for owner, lv in state.ziggurats.values():
        if owner in levels_of:
            levels_of[owner] += lv
    reign = state.reign
    lines = out.lines
    line = _income_line
    for c in state.order:
        by_region = counts[c]
        up, low = by_region["upper"], by_region["lower"]
        wells = len(state.new_wells.get(c, ()))
        lines += (line(c, "upper", up), line(c, "lower", low),
                  line(c, "between", by_region["between"]),
                  line(c, "outside", by_region["outside"]), line(c, "rivers", up + low),
                  line(c, "levels", levels_of[c]), line(c, "wells", wells, reign))
    return out


_INCOME_ITEMS = {"upper": "upper river", "lower": "lower river", "between": "huts between",
                 "outside": "huts outside", "rivers": "huts on rivers",
                 "levels": "ziggurat levels", "wells": "new wells"}


@cache          # an income line hangs on its player, kind and count alone: built once
def _income_line(c: str, what: str, k: int, reign: int = 0) -> Line:
    """Player c's income line of one kind (`_INCOME_ITEMS`) for k things counted."""
    item = _INCOME_ITEMS[what]
    if what in ("upper", "lower"):
        return Line(c, item, k, _income_text(what, k), 0, river_camels(k))
    if what in ("between", "outside"):
        return Line(c, item, k, _income_text(what, k), REGION_POINTS[what] * k)
    if what == "levels":
        return Line(c, item, k, _income_text(what, k), k)
    if what == "wells":
        return Line(c, item, k, _income_text(what, k, reign), WELL_POINTS[reign] * k)
    return Line(c, item, k, _income_text(what, k))


def _income_text(what: str, k: int, reign: int = 0) -> str:
    if what in ("upper", "lower"):
        return f"{what} river: {_plural(k, 'hut')} -> {_plural(river_camels(k), 'camel')}"
    if what == "between":
        return (f"between the rivers: {_plural(k, 'hut')} x {REGION_POINTS['between']} = "
                f"{_plural(2 * k, 'point')}")
    if what == "outside":
        return (f"outside the rivers: {_plural(k, 'hut')} x {REGION_POINTS['outside']} = "
                f"{_plural(k, 'point')}")
    if what == "rivers":
        return f"on the rivers: {_plural(k, 'hut')} x 0 = 0 points"
    if what == "levels":
        return f"ziggurats: {_plural(k, 'level')} x 1 = {_plural(k, 'point')}"
    points = WELL_POINTS[reign]
    return f"new wells: {k} x {points} (reign {reign}) = {_plural(k * points, 'point')}"


# -- reign end -------------------------------------------------------------------------------
def ashur_cards(state: State) -> list[int]:
    """The reign's expansion cards, with four players plus the bonus card (a 4) in reigns
    2 and 3; highest first (ruling "Reign end" 2)."""
    cards = list(state.expansion)
    if state.n == 4 and state.reign >= 2:
        cards.append(BONUS_VALUE)
    return sorted(cards, reverse=True)


def ashur_ranking(state: State) -> list[AshurRank]:
    """Ruling "Reign end" 2: influence 3/2/1 per hut on high/middle/low; only influence > 0
    ranks. Ties: more huts in Ashur, then the hut on the higher tier, then the hut placed
    earlier (on that tier: the lower space)."""
    entries = []
    for c in state.players:
        influence = sum(TIER_INFLUENCE[t] * state.ashur.get(t, []).count(c) for t in TIERS)
        if influence <= 0:
            continue
        huts = state.ashur_huts(c)
        tier = next(t for t in TIERS if c in state.ashur.get(t, []))
        space = state.ashur[tier].index(c)
        entries.append((-influence, -huts, TIERS.index(tier), space, c, influence, huts, tier))
    entries.sort()
    cards = ashur_cards(state)
    ranks = []
    for i, (*_, c, influence, huts, tier) in enumerate(entries):
        space = state.ashur[tier].index(c)
        ranks.append(AshurRank(c, i + 1, influence, huts, tier, space,
                               ashur_points(i, cards, state.n, state.reign)))
    return ranks


def ashur_points(place: int, cards: list[int], players: int, reign: int) -> int:
    """Points for the player at `place` (0 = first), `cards` highest first.

    Ruling "Reign end" 2: 1st scores the sum; remove the highest card; 2nd the rest; and so
    on. Two players: 1st the full sum; 2nd 0 in reign 1, the single lowest card after."""
    if players == 2 and place == 1:
        return 0 if reign == 1 or not cards else min(cards)
    if players == 2 and place > 1:
        return 0
    return sum(cards[place:])


def reign_end(state: State) -> Scoring:
    """Ruling "Reign end", steps 1-4 (the reset, step 5, moves pieces and scores nothing)."""
    out = Scoring("reign_end", state.turn, state.reign, cards=ashur_cards(state))
    # 1. Flood: huts on river hexes go back to stock (no points; shown so people see it).
    river = hex_is_river()
    flooded = dict.fromkeys(state.order, 0)
    for h, c in state.huts.items():
        if river[h] and c in flooded:
            flooded[c] += 1
    out.lines += [_flood_line(c, k) for c, k in flooded.items()]
    # 2. Ashur.
    out.ashur = ashur_ranking(state)
    ranked = {r.player: r for r in out.ashur}
    cards_text = "+".join(map(str, out.cards)) or "none"
    for c in state.order:
        r = ranked.get(c)
        if r is None:
            out.lines.append(Line(c, "ashur", 0, "Ashur: no influence, no rank"))
        else:
            out.lines.append(Line(c, "ashur", r.rank,
                                  f"Ashur: rank {r.rank} (influence {r.influence}, "
                                  f"{_plural(r.huts, 'hut')}; cards {cards_text}) = "
                                  f"{_plural(r.points, 'point')}", points=r.points))
    # 3. Priests: high 1/4/8 points; middle a plough if none held; low 1 camel per hut.
    high, middle, low = (state.ashur.get(t, []) for t in TIERS)
    for c in state.order:
        out.lines += _priest_lines(c, high.count(c), middle.count(c), low.count(c),
                                   bool(state.ploughs.get(c, 0)))
    # 4. Offerings: ziggurat sites x the multiplier of the disc's position.
    sites = dict.fromkeys(state.order, 0)
    for c, _ in state.ziggurats.values():
        if c in sites:
            sites[c] += 1
    out.lines += [_offering_line(c, k, state.offering.get(c, 0)) for c, k in sites.items()]
    return out


# Each line below hangs on a player and a few counts alone: built once (lines are immutable).
@cache
def _flood_line(c: str, k: int) -> Line:
    return Line(c, "flood", k, f"flood: {_plural(k, 'hut')} on the rivers back to stock")


@cache
def _priest_lines(c: str, high: int, middle: int, low: int,
                  holds_plough: bool) -> tuple[Line, Line, Line]:
    """Ruling "Reign end" 3: high 1/4/8 points; middle a plough if none held; low 1 camel
    per hut."""
    pts = HIGH_PRIEST_POINTS[min(high, 3)]
    plough = 1 if middle and not holds_plough else 0
    why = ("a plough" if plough else
           "no plough (holds one already)" if middle else "nothing")
    return (Line(c, "high priest", high,
                 f"high priest: {_plural(high, 'hut')} = {_plural(pts, 'point')}", points=pts),
            Line(c, "middle priest", middle,
                 f"middle priest: {_plural(middle, 'hut')} -> {why}", ploughs=plough),
            Line(c, "low priest", low,
                 f"low priest: {_plural(low, 'hut')} -> {_plural(low, 'camel')}", camels=low))


@cache
def _offering_line(c: str, sites: int, pos: int) -> Line:
    """Ruling "Reign end" 4: ziggurat sites x the multiplier of the disc's position."""
    mult = OFFERING_MULTIPLIER[pos]
    return Line(c, "offerings", sites,
                f"offerings: {_plural(sites, 'ziggurat site')} x {mult} "
                f"(disc on {pos}) = {_plural(sites * mult, 'point')}", points=sites * mult)


# -- game end --------------------------------------------------------------------------------
def game_end(state: State) -> Scoring:
    """Ruling "Game end": +1 per ziggurat piece, per plough held, per two food cards left
    (summary, not BGA), per two camels left. No tie-break."""
    out = Scoring("game_end", state.turn, state.reign)
    line = _game_end_line
    for c in state.order:
        pieces = sum([lv for o, lv in state.ziggurats.values() if o == c])
        out.lines += (line(c, "ziggurat pieces", pieces),
                      line(c, "ploughs", state.ploughs.get(c, 0)),
                      line(c, "food cards", len(state.hands.get(c, []))),
                      line(c, "camels left", state.camels.get(c, 0)))
    return out


_GAME_END_TEXT = {"ziggurat pieces": "ziggurat pieces: {k} x 1", "ploughs": "ploughs held: {k} x 1",
                  "food cards": "food cards left: {k} / 2", "camels left": "camels left: {k} / 2"}


@cache
def _game_end_line(c: str, item: str, k: int) -> Line:
    """One game end line: a point per ziggurat piece and plough, per two food cards and per
    two camels."""
    points = k // 2 if item in ("food cards", "camels left") else k
    return Line(c, item, k, _GAME_END_TEXT[item].format(k=k) + f" = {_plural(points, 'point')}",
                points=points)


def apply_lines(state: State, scoring: Scoring) -> None:
    """Move the score and camel tracks and hand out ploughs (in place). The camel track
    stops at 10 for every gain (ruling "Income"); a middle-priest plough comes from the
    used-plough space."""
    points = dict.fromkeys(state.players, 0)
    camels = dict.fromkeys(state.players, 0)
    ploughs = dict.fromkeys(state.players, 0)
    for player, _, _, _, k_points, k_camels, k_ploughs in scoring.lines:
        if player in points:        # most lines give one thing: add only what they give
            if k_points:
                points[player] += k_points
            if k_camels:
                camels[player] += k_camels
            if k_ploughs:
                ploughs[player] += k_ploughs
    for c in state.players:
        state.score[c] = state.score.get(c, 0) + points[c]
        state.camels[c] = min(CAMELS_MAX, state.camels.get(c, 0) + camels[c])
        if ploughs[c] and not state.ploughs.get(c, 0) and state.used_ploughs > 0:
            state.ploughs[c] = 1
            state.used_ploughs -= 1


def score_due(s: State) -> Scoring:
    """Run the scoring the state is due for, with its bookkeeping (in place)."""
    if s.phase == "income":
        res = income(s)
        apply_lines(s, res)
        s.new_wells = {}
    elif s.phase == "reign_end":
        res = reign_end(s)
        apply_lines(s, res)
        # Ruling "Reign end" 1 and 5: the flood (its lines are in the scoring), then Ashur
        # huts back to stock, offering discs to 0, the expansion cards cleared.
        river = hex_is_river()
        for h in [h for h in s.huts if river[h]]:
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



def settle(s: State) -> list[Scoring]:
    """Run the scoring `s` is due for on `s` (in place), without playing on. At turn 8 the
    reign end and the game end run together (nothing is decided between them)."""
    if s.phase not in SCORING_PHASES:
        return []
    out = [score_due(s)]
    if out[0].due == "income":
        s.phase, s.to_move = "actions", s.order[0]
    elif out[0].due == "reign_end" and s.turn >= TURNS:
        s.phase = "game_end"
        out.append(score_due(s))
    return out

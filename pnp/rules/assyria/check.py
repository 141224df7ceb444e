"""Settle disputes about one position: a hut (supplied? what does it earn? may one go
there?), a well vertex (does it take a well?), and Ashur (who ranks where).

Each function returns (lines for people, JSON-ready data). Rulings: "A turn" II.B-E, III,
"Income", "Reign end" 2-3 in docs/rules/assyria.md.
"""

from __future__ import annotations

from typing import Any

from pnp.rules.assyria.board import BoardError, board
from pnp.rules.assyria.cards import PLOUGH, REGION_POINTS, TIERS, WELL_POINTS, can_feed
from pnp.rules.assyria.choices import can_build, can_supply, hut_hexes, well_vertices
from pnp.rules.assyria.scoring import ashur_cards, ashur_ranking, river_camels
from pnp.rules.assyria.state import EXPANSION_PHASES, State


class QueryError(ValueError):
    """A query that names no hex, vertex or player of this game."""


def _parse_hut(state: State, text: str) -> tuple[str | None, int]:
    """"red@H23", "H23" or "red@2,2": the colour (None: whoever owns it) and the hex."""
    raw = str(text).strip()
    colour, _, where = raw.rpartition("@")
    b = board()
    try:
        h = b.parse_hex(where)
    except BoardError as exc:
        raise QueryError(str(exc)) from None
    who = colour.strip().lower() or None
    if who is not None and who not in state.players:
        raise QueryError(f"{who!r} is not playing (players: {', '.join(state.players)})")
    return who, h


def supply_status(state: State, colour: str, h: int) -> tuple[bool | None, str]:
    """Whether the player's hut on h counts as supplied now (None: not yet decided this
    turn), and why. Ruling II.C-D: supplied in the player's own phase II; after famine every
    remaining hut is supplied until the end of the turn."""
    if state.phase in ("income", "actions", "reign_end", "game_end", "over"):
        return True, "famine has removed every unsupplied hut this turn"
    if state.phase in EXPANSION_PHASES and state.to_move is not None:
        me, now = state.order.index(colour), state.order.index(state.to_move)
        if me < now:
            return True, f"{colour} has finished phase II this turn (famine is past)"
        if me == now and state.phase == "wells":
            return True, "famine is past (phase wells)"
        if me == now and state.phase == "supply":
            if h in state.supplied:
                return True, "supplied in this supply step"
            return False, "not supplied yet in this supply step"
        return None, f"{colour} has not reached the supply step of this turn"
    return None, "huts count as unsupplied at the start of a turn; they are fed in phase II"


def check_hut(state: State, text: str) -> tuple[list[str], dict[str, Any]]:
    b = board()
    colour, h = _parse_hut(state, text)
    hx = b.hexes[h]
    owner = state.huts.get(h)
    zig = state.ziggurats.get(h)
    in_play = b.is_in_play(h, state.n)
    region_text = {"upper": "on the upper river", "lower": "on the lower river",
                   "between": "between the rivers", "outside": "outside the rivers"}
    lines = [f"hex {hx.name} (q,r = {hx.q},{hx.r}): {hx.food}, {region_text[hx.region]}"
             + ("" if in_play else f"; NOT IN PLAY with {state.n} players")]
    data: dict[str, Any] = {"hex": hx.name, "q": hx.q, "r": hx.r, "food": hx.food,
                            "region": hx.region, "in_play": in_play,
                            "hut": owner, "ziggurat": None}
    if zig:
        lines.append(f"holds a ziggurat of {zig[0]}, level {zig[1]}")
        data["ziggurat"] = {"owner": zig[0], "level": zig[1]}
    elif owner:
        lines.append(f"holds a hut of {owner}")
    else:
        lines.append("empty")
    if colour is None:
        colour = owner or (zig[0] if zig else None)
    if colour is None:
        raise QueryError(f"{hx.name} is empty: name the player, e.g. "
                         f"{state.order[0]}@{hx.name}")
    data["player"] = colour
    if owner == colour:
        data.update(_about_hut(state, colour, h, lines))
    elif owner is not None:
        lines.append(f"the hut there is {owner}'s, not {colour}'s")
    data["placement"] = _may_place(state, colour, h, lines)
    return lines, data


def _about_hut(state: State, colour: str, h: int, lines: list[str]) -> dict[str, Any]:
    """Supply, income and wells of the player's hut on h."""
    b = board()
    hx = b.hexes[h]
    supplied, why = supply_status(state, colour, h)
    word = {True: "SUPPLIED", False: "NOT SUPPLIED", None: "not yet supplied"}[supplied]
    lines.append(f"supply: {word} ({why})")
    feeders = sorted({c for c in state.hands.get(colour, []) if can_feed(c, hx.food)})
    if state.ploughs.get(colour, 0):
        feeders.append(PLOUGH)
    lines.append(f"food: needs {hx.food}; {colour}'s cards that can feed it: "
                 f"{', '.join(feeders) or 'none'}")
    out: dict[str, Any] = {"supplied": supplied, "supply_reason": why, "feeders": feeders}
    if hx.is_river:
        k = sum(1 for x in state.huts_of(colour) if b.hexes[x].region == hx.region)
        lines.append(f"income: on the {hx.region} river, no points; {colour} has "
                     f"{k} hut(s) on this river -> {river_camels(k)} camels a turn "
                     "(first 3, each further 2); flooded at the reign end")
        out["income"] = {"river": hx.region, "huts_on_river": k, "camels": river_camels(k)}
    else:
        pts = REGION_POINTS[hx.region]
        lines.append(f"income: {pts} point(s) a turn ({hx.region} the rivers)")
        out["income"] = {"points": pts}
    wells = [b.vertices[v].name for v in b.hex_vertices[h] if v in state.wells]
    lines.append(f"wells touching it: {', '.join(wells) or 'none'}")
    out["wells"] = wells
    why_not = can_build(state, colour, h)
    lines.append("ziggurat: may be built here now (6 camels)" if why_not is None else
                 f"ziggurat: not now ({why_not})")
    out["ziggurat_here"] = why_not is None
    return out


def _may_place(state: State, colour: str, h: int, lines: list[str]) -> dict[str, Any]:
    """Ruling II.B: may the player put a hut on h (ignoring whose turn it is), and now?"""
    b = board()
    reasons = []
    if not b.is_in_play(h, state.n):
        reasons.append(f"column {b.hexes[h].q} is not in play with {state.n} players")
    if h in state.huts or h in state.ziggurats:
        reasons.append("the hex is taken")
    own = set(state.huts_of(colour)) | set(state.ziggurats_of(colour))
    if not own & set(b.neighbours[h]):
        reasons.append(f"no hut or ziggurat of {colour} next to it")
    if state.hut_stock(colour) <= 0:
        reasons.append(f"{colour} has no hut in stock")
    now = (state.phase == "huts" and state.to_move == colour and state.huts_to_place > 0
           and h in hut_hexes(state, colour))
    if reasons:
        lines.append(f"new hut of {colour} here: NO ({'; '.join(reasons)})")
    else:
        when = "yes, now" if now else "yes, in its phase II huts step"
        lines.append(f"new hut of {colour} here: {when}")
    return {"allowed": not reasons, "now": now, "reasons": reasons}


def check_well(state: State, text: str) -> tuple[list[str], dict[str, Any]]:
    """Ruling II.E: a free vertex touching no between-the-rivers hex, its three hexes the
    player's supplied huts, while the stock lasts."""
    b = board()
    try:
        v = b.parse_vertex(str(text))
    except BoardError as exc:
        raise QueryError(str(exc)) from None
    vx = b.vertices[v]
    parts = []
    for h in vx.hexes:
        hx = b.hexes[h]
        who = (f"hut {state.huts[h]}" if h in state.huts else
               f"ziggurat {state.ziggurats[h][0]}" if h in state.ziggurats else "empty")
        parts.append(f"{hx.name} {hx.region} ({who})")
    lines = [f"vertex {vx.name} (q,r,t = {vx.q},{vx.r},{vx.t:+d}): " + "; ".join(parts)]
    reasons = []
    if not b.can_take_well(v):
        reasons.append("it touches a between-the-rivers hex")
    if not b.vertex_in_play(v, state.n):
        reasons.append(f"not in play with {state.n} players")
    if v in state.wells:
        reasons.append("a well stands there already")
    if state.well_stock() <= 0:
        reasons.append("the well stock is empty")
    owners = {state.huts.get(h) for h in vx.hexes}
    owner = owners.pop() if len(owners) == 1 else None
    if owner is None:
        reasons.append("its three hexes do not all hold huts of one player")
    hungry = [] if owner is None else _unsupplied(state, owner, list(vx.hexes), reasons)
    now = (owner is not None and state.phase == "wells" and state.to_move == owner
           and v in well_vertices(state, owner))
    data: dict[str, Any] = {"vertex": vx.name, "q": vx.q, "r": vx.r, "t": vx.t,
                            "hexes": [b.hexes[h].name for h in vx.hexes],
                            "has_well": v in state.wells, "well_stock": state.well_stock(),
                            "player": owner, "allowed": not reasons, "now": now,
                            "to_supply": [b.hexes[h].name for h in hungry],
                            "reasons": reasons}
    if reasons:
        lines.append(f"well: NO ({'; '.join(reasons)})")
    else:
        pts = WELL_POINTS[state.reign]
        when = "now" if now else "in its wells step"
        if hungry:
            when += f", once its huts on {', '.join(data['to_supply'])} are supplied"
        lines.append(f"well: YES for {owner} ({when}), "
                     f"{pts} points in reign {state.reign}; stock {state.well_stock()}")
        data["points"] = pts
    return lines, data


def _unsupplied(state: State, colour: str, hexes: list[int], reasons: list[str]) -> list[int]:
    """Ruling II.E asks for supplied huts: the hexes whose hut is not supplied yet this
    turn. When the player's hand is the one it supplies with (phase II, after the harvest)
    and it cannot supply them all, that is a reason (added to `reasons`)."""
    hungry = [h for h in hexes if supply_status(state, colour, h)[0] is not True]
    if hungry and state.phase in EXPANSION_PHASES and not can_supply(state, colour, hungry):
        b = board()
        hand = ", ".join(state.hands.get(colour, []) + [PLOUGH] * state.ploughs.get(colour, 0))
        reasons.append(f"{colour}'s cards ({hand or 'none'}) cannot supply its huts on "
                       f"{', '.join(b.hexes[h].name for h in hungry)}")
    return hungry


def check_ashur(state: State) -> tuple[list[str], dict[str, Any]]:
    """Ruling "Reign end" 2-3: the ranking and what each would score if the reign ended now."""
    ranks = ashur_ranking(state)
    cards = ashur_cards(state)
    lines = ["Ashur: " + "; ".join(f"{t} {' '.join(state.ashur.get(t, [])) or '-'}"
                                   for t in TIERS),
             f"cards this reign: {' + '.join(map(str, cards)) or 'none'}"
             + (" (with the bonus 4)" if state.n == 4 and state.reign >= 2 else "")]
    if not ranks:
        lines.append("nobody has influence: nobody ranks")
    for r in ranks:
        lines.append(f"{r.rank}. {r.player}: influence {r.influence}, {r.huts} hut(s), "
                     f"best tier {r.best_tier} (space {r.first_space + 1}) -> {r.points} points")
    ranked = {r.player for r in ranks}
    for c in state.players:
        if c not in ranked:
            lines.append(f"-. {c}: no influence, no rank")
    lines.append("ties: more huts in Ashur, then the hut on the higher tier, then the "
                 "earlier-placed hut")
    return lines, {"cards": cards, "ranking": [r.to_dict() for r in ranks],
                   "tiers": {t: list(state.ashur.get(t, [])) for t in TIERS}}

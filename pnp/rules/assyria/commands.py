"""What `pnp score|check|simulate assyria` ask of the rules core (pnp.rules.api.GameRules).

Pure: parsed JSON in, text lines and JSON-ready data out. The CLI only reads files, prints
and writes.
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from pnp.rules.api import Report, RulesError, Simulation
from pnp.rules.assyria import cards
from pnp.rules.assyria.board import board, colours
from pnp.rules.assyria.check import QueryError, check_ashur, check_hut, check_well
from pnp.rules.assyria.game import simulate, winners
from pnp.rules.assyria.read import read_state
from pnp.rules.assyria.scoring import Scoring, settle
from pnp.rules.assyria.state import State
from pnp.rules.options import Option, whole_number

TITLES = {"income": "income and prestige of turn {turn} (reign {reign})",
          "reign_end": "end of reign {reign}", "game_end": "game end"}


def score_report(state: State) -> Report:
    """Run the scoring the state is due for (on a copy) and list every line, per player."""
    head = f"assyria, {state.n} players, turn {state.turn} (reign {state.reign}), " \
           f"phase {state.phase}"
    after = state.copy()
    scorings = settle(after)
    lines = [head]
    if not scorings and state.phase == "over":
        lines.append("the game is over: every scoring has run")
    elif not scorings:
        lines.append(f"no scoring is due in phase {state.phase} (a state due one has phase "
                     "income, reign_end or game_end)")
    for sc in scorings:
        lines.append(f"{TITLES[sc.due].format(turn=sc.turn, reign=sc.reign)}:")
        if sc.due == "reign_end":
            lines.append(f"  Ashur cards: {' + '.join(map(str, sc.cards)) or 'none'}; ranking: "
                         + (", ".join(f"{r.rank}. {r.player}" for r in sc.ashur) or "nobody"))
        for c in state.order:
            points, camels, ploughs = sc.totals(c)
            lines.append(f"  {c}: +{points} points, +{camels} camels"
                         + (f", +{ploughs} plough" if ploughs else ""))
            lines.extend(f"    {x.text}" for x in sc.lines if x.player == c)
    lines.append("tracks: " + "; ".join(
        f"{c} score {state.score.get(c, 0)} -> {after.score.get(c, 0)}, camels "
        f"{state.camels.get(c, 0)} -> {after.camels.get(c, 0)}" for c in state.order))
    if after.phase == "over":
        lines.append(f"winner{'s' if len(winners(after)) > 1 else ''}: "
                     f"{', '.join(winners(after))} (no tie-break)")
    data = {"game": "assyria", "turn": state.turn, "reign": state.reign,
            "phase": state.phase, "due": [sc.due for sc in scorings],
            "scorings": [_scoring_json(sc) for sc in scorings],
            "players": {c: {"score_before": state.score.get(c, 0),
                            "score_after": after.score.get(c, 0),
                            "camels_before": state.camels.get(c, 0),
                            "camels_after": after.camels.get(c, 0),
                            "lines": [x.to_dict() for sc in scorings for x in sc.lines
                                      if x.player == c]}
                        for c in state.order}}
    if after.phase == "over":
        data["winners"] = winners(after)
    return Report(lines, data)


def _scoring_json(sc: Scoring) -> dict[str, Any]:
    out: dict[str, Any] = {"due": sc.due, "turn": sc.turn, "reign": sc.reign,
                           "lines": [x.to_dict() for x in sc.lines]}
    if sc.due == "reign_end":
        out["ashur_cards"] = sc.cards
        out["ashur"] = [r.to_dict() for r in sc.ashur]
    return out


PER_PLAYER = {"hut": cards.HUTS, "ziggurat base": cards.ZIGGURATS,
              "ziggurat centre": cards.ZIGGURATS, "ziggurat roof": cards.ZIGGURATS,
              "track disc": 4}


def pieces_report() -> Report:
    """Each player's pieces, the wells, the cards (food cards as a state names them) and the
    hexes."""
    food = dict(cards.FOOD_DECK)
    expansion = dict(sorted(cards.EXPANSION_CARDS.items()))
    hexes = [h.name for h in board().hexes]
    wells = ", ".join(f"{n} with {p} players" for p, n in cards.WELLS.items())
    lines = [f"assyria, for each player ({', '.join(colours())}): "
             + ", ".join(f"{n} {kind}s" for kind, n in PER_PLAYER.items()),
             f"wells: {wells}",
             f"{sum(food.values())} food cards: "
             + ", ".join(f"{n} {c}" for c, n in food.items()),
             f"{cards.PLOUGHS} ploughs; {sum(expansion.values())} expansion cards: "
             + ", ".join(f"{n} of value {v}" for v, n in expansion.items())
             + f"; the bonus card (four players, counts as a {cards.BONUS_VALUE})",
             f"{len(hexes)} hexes ({hexes[0]}..{hexes[-1]}: H, column, row); a well's vertex "
             "names its three hexes, e.g. H01/H02/H11"]
    return Report(lines, {"game": "assyria", "colours": list(colours()),
                          "per_player": PER_PLAYER, "wells": cards.WELLS,
                          "cards": {"food": food, cards.PLOUGH: cards.PLOUGHS,
                                    "expansion": expansion, "bonus": 1},
                          "hexes": hexes})


class AssyriaCommands:
    name = "assyria"
    score_options = ()
    check_options = (
        Option("hut", "is this hut supplied, may it go there.", metavar="COLOUR@HEX"),
        Option("well", "does this vertex take a well.", metavar="VERTEX"),
        Option("ashur", "the ranking at Ashur.", "flag"),
    )
    simulate_options = (Option("players", "how many play, 2-4.", parse=whole_number("players"),
                               metavar="N", short="-p"),)
    pieces_options = ()
    read_state = staticmethod(read_state)
    score_report = staticmethod(score_report)
    pieces_report = staticmethod(pieces_report)

    def check_report(self, state: State, query: Mapping[str, Any]) -> Report:
        lines: list[str] = []
        data: dict[str, Any] = {}
        try:
            if query.get("hut"):
                more, data["hut"] = check_hut(state, str(query["hut"]))
                lines += more
            if query.get("well"):
                more, data["well"] = check_well(state, str(query["well"]))
                lines += more
            if query.get("ashur"):
                more, data["ashur"] = check_ashur(state)
                lines += more
        except QueryError as exc:
            raise RulesError(str(exc)) from None
        if not data:
            raise RulesError("ask about a hut (--hut red@H23), a well vertex "
                             "(--well H01/H02/H11) or Ashur (--ashur)")
        return Report(lines, data)

    def simulate(self, seed: int, options: Mapping[str, Any]) -> Simulation:
        players = options.get("players", 4)
        if isinstance(players, bool) or players not in (2, 3, 4):
            raise RulesError(f"--players must be 2, 3 or 4 for assyria, not {players}")
        state, log = simulate(seed, players)
        ranking = sorted(state.players, key=lambda c: -state.score[c])
        won = winners(state)
        summary = (f"{state.moves} moves over 8 turns; "
                   + ", ".join(f"{c} {state.score[c]}" for c in ranking)
                   + f"; winner{'s' if len(won) > 1 else ''} {', '.join(won)}")
        return Simulation({"state.json": json.dumps(state.to_json(), indent=1) + "\n",
                           "log.txt": "\n".join(log) + "\n"}, summary)


COMMANDS = AssyriaCommands()

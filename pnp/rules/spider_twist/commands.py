"""What `pnp score|check|simulate spider-twist` ask of the rules core
(pnp.rules.api.GameRules). Pure: parsed JSON in, text lines and JSON-ready data out.

- score: mated and eaten males, points (2 per mated, -1 per eaten), winners once over.
- check `disturb=NODE`: the female's reaction to a disturbance on NODE (the disturbing male
  stands there in the state): her reach and the males counted, every shortest route, where
  she would stop on each and whom she would eat, and the walks left for the player moving
  her. Without `disturb`, the state's pending disturbance (`"react"`) is checked.
- simulate `web`: a seeded random legal game (`state.json`, `log.txt`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnp.rules.api import Report, RulesError, Simulation
from pnp.rules.options import Option
from pnp.rules.spider_twist.female import Reaction, react, routes
from pnp.rules.spider_twist.read import read_state
from pnp.rules.spider_twist.scoring import ScoreResult, score
from pnp.rules.spider_twist.state import COLOURS, MALES, State
from pnp.rules.spider_twist.web import CENTRE, WEBS, get_web


def _status(state: State) -> str:
    where = f"spider-twist {state.web}"
    if state.is_over():
        short = [c for c in COLOURS if state.left(c) <= 1]
        return f"{where}: over ({' and '.join(short)} has only {state.left(short[0])} " \
               f"male{'' if state.left(short[0]) == 1 else 's'} left)"
    return f"{where}: in play, {state.turn}'s turn (points as if it ended now)"


def score_lines(state: State, res: ScoreResult) -> list[str]:
    lines = [_status(state), f"{'colour':<8}{'mated':>6}{'eaten':>6}{'points':>7}"]
    for c, s in res.players.items():
        mark = "  winner" if c in res.winners and len(res.winners) == 1 else ""
        lines.append(f"{c:<8}{s.mated:>6}{s.eaten:>6}{s.points:>7}{mark}")
    if len(res.winners) == 1:
        lines.append(f"winner: {res.winners[0]}")
    elif res.winners:
        lines.append(f"draw: {' and '.join(res.winners)}")
    return lines


def _walk(path: tuple[str, ...] | list[str]) -> str:
    return "-".join(path)


def _disturbed(state: State, query: Mapping[str, Any]) -> str:
    unknown = sorted(set(query) - {"disturb"})
    if unknown:
        raise RulesError(f"spider-twist's check takes only disturb, not {', '.join(unknown)}")
    node = query.get("disturb")
    if node is None:
        if state.react is None:
            raise RulesError("name the node of the disturbance, e.g. disturb S3R3 (the "
                             "male who was placed or moved there stands on it)")
        return state.react
    web = state.graph
    if not isinstance(node, str):
        raise RulesError(f"the disturbed node is a node name such as {web.entry[3]}")
    named = web.node_named(node)                # s3r3 is S3R3
    if named is None:
        node = node.strip().upper()
        shown = repr(node) if len(node) <= 20 else repr(node[:20] + "...")
        raise RulesError(f"no node {shown} on the {web.name} web ({web.node_names()})")
    node = named
    if node == state.female:
        raise RulesError(f"{node} is the female's node: a male who moves there mates and she "
                         "does not react (a die on her counts down)")
    if node not in state.males:
        raise RulesError(f"no male on {node}: a disturbance is a male placed or moved onto a "
                         "node; put him there in the state")
    return node


def check_lines(state: State, reaction: Reaction, by: str, chooser: str) -> list[str]:
    node = reaction.node
    web = state.graph
    die = f"die {state.die} on her" if state.die is not None else "no die on her"
    lines = [f"spider-twist {state.web}: disturbance on {node} by the {by} male; female on "
             f"{state.female}, {die}"]
    if state.is_over():
        lines.append("(the game is over: this is what she would do)")
    counted = ", ".join(f"{state.males[n]} {n}" for n in reaction.counted)
    if node == CENTRE:
        where = f"on C and spoke {reaction.spoke} (a spoke with most males)"
    else:
        where = f"on spoke {reaction.spoke}" + (" (and C)" if CENTRE in reaction.counted
                                                else "")
    lines.append(f"reach {reaction.reach}: the males {where}: {counted}")
    if reaction.die_before is not None:
        after = (f"the die goes to {reaction.die_after}" if reaction.die_after else
                 "the die (1) is removed; she reacts again from the next disturbance")
        lines.append(f"she is eating and does not react: {after}")
        return lines
    every = routes(web, state.female, node, state.males)
    eating = sum(r.is_eating for r in every)
    lines.append(f"distance {reaction.distance}: {len(every)} shortest "
                 f"route{'s' if len(every) != 1 else ''}")
    for r in every:
        w = r.walk
        n = len(w.path) - 1
        stop = (f"eats {w.eats} on {w.stops_at}" if w.eats else
                f"stops on the empty {w.stops_at}")
        lines.append(f"  {_walk(r.path)}: after {n} step{'s' if n != 1 else ''} she {stop}")
    if eating and eating < len(every):
        lines.append(f"eating routes win: {eating} of {len(every)}")
    outs = reaction.outcomes
    if len(outs) == 1:
        lines.append(f"{chooser} (moving her) has no choice: {_walk(outs[0].path)}")
    else:
        lines.append(f"{chooser} (moving her) chooses one of {len(outs)} walks:")
        lines += [f"  {_walk(o.path)}" for o in outs]
    stops = {(o.stops_at, o.eats) for o in outs}
    if len(stops) == 1:
        stop, eats = next(iter(stops))
        lines.append(f"she stops on {stop}" + (f" and eats the {eats} male" if eats else "")
                     + (" whichever walk" if len(outs) > 1 else ""))
    else:
        lines.append("she may stop on " + " or ".join(
            f"{s}" + (f" (eats {e})" if e else "") for s, e in sorted(stops)))
    return lines


class SpiderTwistCommands:
    name = "spider-twist"
    score_options = ()
    check_options = (Option("disturb", "the female's reaction to a disturbance at NODE.",
                            metavar="NODE"),)
    simulate_options = (Option("web", "rings or spiral.", choices=WEBS, metavar="WEB"),)
    pieces_options = ()

    def pieces_report(self) -> Report:
        """The males, the female and her die; the nodes of each web, as a state names them."""
        males = " and ".join(f"{MALES} {c} males" for c in COLOURS)
        lines = [f"spider-twist: {males} (a picture face, and a \"done\" face), the "
                 "female, a die (on her while she eats)"]
        lines += [f"nodes of the {w} web: {get_web(w).node_names()}" for w in WEBS]
        pieces = [{"piece": "male", "colour": c, "count": MALES} for c in COLOURS]
        pieces += [{"piece": "female", "count": 1}, {"piece": "die", "count": 1}]
        return Report(lines, {"game": "spider-twist", "pieces": pieces,
                              "nodes": {w: list(get_web(w).nodes) for w in WEBS}})
    read_state = staticmethod(read_state)

    def score_report(self, state: State) -> Report:
        res = score(state)
        return Report(score_lines(state, res), res.to_json())

    def check_report(self, state: State, query: Mapping[str, Any]) -> Report:
        node = _disturbed(state, query)
        reaction = react(state.graph, state.female, state.die, state.males, node)
        by = state.males[node]
        chooser = COLOURS[1] if by == COLOURS[0] else COLOURS[0]
        data = reaction.to_json()
        every = [] if state.die is not None else routes(state.graph, state.female, node,
                                                        state.males)
        data.update({
            "disturb": node, "by": by, "female": state.female, "spoke": reaction.spoke,
            "counted": [{"node": n, "colour": state.males[n]} for n in reaction.counted],
            "distance": reaction.distance,
            "routes": [{**r.walk.to_json(), "route": list(r.path), "eating": r.is_eating}
                       for r in every],
            "chooser": chooser,
        })
        return Report(check_lines(state, reaction, by, chooser), data)

    def simulate(self, seed: int, options: Mapping[str, Any]) -> Simulation:
        web = options.get("web") or "rings"
        if web not in WEBS:
            raise RulesError(f"unknown web {web!r} (choose from: {', '.join(WEBS)})")
        from pnp.rules.spider_twist.game import playout  # the game API: for simulate only

        game = playout(seed, web)
        res = score(game.state)
        points = ", ".join(f"{c} {s.points} (mated {s.mated}, eaten {s.eaten})"
                           for c, s in res.players.items())
        won = (f"winner {res.winners[0]}" if len(res.winners) == 1 else
               f"draw {' and '.join(res.winners)}")
        return Simulation({"state.json": game.state.to_text(),
                           "log.txt": "\n".join(game.log) + "\n"},
                          f"{web} web, {game.turns} turns, {game.moves} moves; {points}; {won}")


COMMANDS = SpiderTwistCommands()

"""What `pnp score|check|simulate constructo` ask of the rules core
(pnp.rules.api.GameRules). Pure: parsed JSON in, text lines and JSON-ready data out.

- score: the towers on the board, each player's points this round and in total, and the
  winners once both rounds are over.
- check: every legal action of the player in turn; or, with `move`, whether that action is
  legal and, if not, why in one sentence ("can my medium disc go there?"); or, with
  `tile` ("q,r"), what stands on that tile and the legal actions from or onto it.
- simulate: a seeded random legal two-round game (`pattern`: both rounds on it).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from pnp.rules.api import Report, RulesError, Simulation
from pnp.rules.constructo.game import play_random
from pnp.rules.constructo.hexes import (
    PATTERN_NAMES,
    PATTERNS,
    TileSyntaxError,
    parse_tile,
    tile_text,
    unknown_pattern,
)
from pnp.rules.constructo.moves import ChoosePattern, Move, MoveSyntaxError, Place, parse_move
from pnp.rules.constructo.pieces import KINDS, NAMES, PER_KIND, PLAYERS, is_tower
from pnp.rules.constructo.play import (
    current_player,
    is_round_over,
    legal_actions,
    why_illegal,
)
from pnp.rules.constructo.read import read_state
from pnp.rules.constructo.scoring import round_points, totals, towers, winners
from pnp.rules.constructo.state import State
from pnp.rules.options import Option, names


def pattern_name(text: str) -> str:
    """A pattern's name; ValueError listing the three (and why a gone one is gone)."""
    if text not in PATTERN_NAMES:
        raise ValueError(unknown_pattern(text))
    return text


def _status(state: State) -> str:
    where = f"constructo round {state.round} of 2 on the {state.pattern} pattern"
    if not is_round_over(state):
        return f"{where}: in play, {state.turn} to move (points as if it ended now)"
    after = ("the game is over" if state.round == 2 else
             f"{state.players[1]} starts round 2 by choosing its pattern")
    return f"{where}: over ({state.turn}, to move, has no action); {after}"


def score_data(state: State) -> dict[str, Any]:
    over = is_round_over(state)
    total = totals(state)
    return {"towers": [{"tile": tile_text(t), "top": o} for t, o in towers(state.stacks)],
            "round_points": round_points(state.stacks), "total": total,
            "winners": winners(total) if over and state.round == 2 else [],
            "round": state.round, "pattern": state.pattern, "round_over": over}


def score_lines(state: State, data: Mapping[str, Any]) -> list[str]:
    lines = [_status(state)]
    for tower in data["towers"]:
        q, r = map(int, tower["tile"].split(","))
        stack = state.stacks[(q, r)]
        lines.append(f"tower {tower['tile']}: {len(stack)} pieces, {stack[-1]} on top")
    if not data["towers"]:
        lines.append("no towers")
    lines.append(f"{'player':<8}{'round':>6}{'earlier':>9}{'total':>7}")
    for player in PLAYERS:
        lines.append(f"{player:<8}{data['round_points'][player]:>6}"
                     f"{state.scores[player]:>9}{data['total'][player]:>7}")
    won = data["winners"]
    if len(won) == 1:
        lines.append(f"winner: {won[0]}")
    elif won:
        lines.append(f"draw: {' and '.join(won)}")
    return lines


def _effect(state: State, action: Place | Move | ChoosePattern) -> str:
    """What a legal action does, in words."""
    if isinstance(action, ChoosePattern):
        return f"round 2 on the {action.pattern} pattern, every piece back to its owner"
    if isinstance(action, Place):
        return f"a {NAMES[action.kind]} from the supply onto the empty tile"
    piece, stack = state.stacks[action.src][0], state.stacks[action.dst]
    made = "a tower" if is_tower((*stack, piece)) else "no tower (a ring around a small disc)"
    return f"the {piece} onto {stack[-1].owner}'s {NAMES[stack[-1].kind]}, making {made}"


def _tile_report(state: State, text: Any) -> Report:
    """What stands on one tile (bottom to top; a tower or not, whose top) and the legal
    actions of the player in turn from or onto it: the tap on the phone page."""
    if not isinstance(text, str):
        raise RulesError("the tile must be text, e.g. '1,0'")
    try:
        tile = parse_tile(text)
    except TileSyntaxError as exc:
        raise RulesError(str(exc)) from None
    if tile not in PATTERNS[state.pattern]:
        raise RulesError(f"tile {text} is not on the {state.pattern} board")
    stack = list(state.stacks.get(tile, ()))
    tower = is_tower(stack)
    here = [a for a in legal_actions(state)
            if (isinstance(a, Place) and a.tile == tile)
            or (isinstance(a, Move) and tile in (a.src, a.dst))]
    if not stack:
        lines = [f"tile {text}: empty"]
    else:
        lines = [f"tile {text}: {' / '.join(str(p) for p in stack)} (bottom to top); "
                 + (f"a tower, {stack[-1].owner}'s" if tower else "not a tower")]
    lines.append(f"{state.turn} to move: "
                 + (f"{len(here)} legal action{'s' if len(here) != 1 else ''} here"
                    if here else "no legal action from or onto it"))
    lines += [f"  {a}: {_effect(state, a)}" for a in here]
    return Report(lines, {"tile": text, "stack": [{"owner": p.owner, "piece": p.kind}
                                                  for p in stack],
                          "tower": tower, "top": stack[-1].owner if tower else None,
                          "player": state.turn, "actions": [str(a) for a in here]})


class ConstructoCommands:
    name = "constructo"
    score_options = ()
    check_options = (
        Option("move", "is this move legal, and why.", metavar="TEXT"),
        Option("tile", "what stands on this tile, and the legal actions from or onto it.",
               metavar="Q,R"),
    )
    simulate_options = (Option("pattern", "rhombus, triangle or spindle.", parse=pattern_name,
                               choices=PATTERN_NAMES, metavar="PATTERN"),)
    pieces_options = ()

    def pieces_report(self) -> Report:
        """Each player's pieces, and each pattern's tiles as `--tile` names them."""
        each = ", ".join(f"{PER_KIND} {NAMES[k]}s" for k in KINDS)
        lines = [f"constructo: {each} for each player ({', '.join(PLAYERS)})"]
        patterns = {p: [tile_text(t) for t in sorted(PATTERNS[p])] for p in PATTERN_NAMES}
        lines += [f"the {p} pattern's {len(tiles)} tiles (q,r): {' '.join(tiles)}"
                  for p, tiles in patterns.items()]
        pieces = [{"owner": o, "piece": k, "count": PER_KIND} for o in PLAYERS for k in KINDS]
        return Report(lines, {"game": "constructo", "pieces": pieces, "patterns": patterns})
    read_state = staticmethod(read_state)

    def score_report(self, state: State) -> Report:
        data = score_data(state)
        return Report(score_lines(state, data), data)

    def check_report(self, state: State, query: Mapping[str, Any]) -> Report:
        unknown = sorted(set(query) - set(names(self.check_options)))
        if unknown:
            raise RulesError(f"constructo's check takes only a move or a tile, not "
                             f"{', '.join(unknown)}")
        if "move" in query and "tile" in query:
            raise RulesError("constructo's check takes a move or a tile, not both")
        player = current_player(state)
        if "tile" in query:
            return _tile_report(state, query["tile"])
        if "move" in query:
            text = query["move"]
            if not isinstance(text, str):
                raise RulesError("the move must be text, e.g. 'move 0,0 1,0'")
            try:
                action = parse_move(text)
            except MoveSyntaxError as exc:
                raise RulesError(str(exc)) from None
            why = why_illegal(state, action)
            # A place or move is the player in turn's (who may have none left); a pattern
            # choice is round 2's starter's.
            who = (player or state.turn) if isinstance(action, ChoosePattern) else state.turn
            line = (f"{action}: illegal for {who}: {why}" if why else
                    f"{action}: legal for {who}: {_effect(state, action)}.")
            return Report([line], {"move": str(action), "player": who, "legal": why is None,
                                   "reason": why})
        actions = [str(a) for a in legal_actions(state)]
        lines = [_status(state)]
        if player is None:
            lines.append("no actions: the game is over")
        else:
            doing = ("chooses round 2's pattern" if state.round == 1 and is_round_over(state)
                     else "to move")
            lines.append(f"{player} {doing}: {len(actions)} legal actions")
            lines += [f"  {a}" for a in actions]
        return Report(lines, {"player": player, "round": state.round,
                              "round_over": is_round_over(state), "actions": actions})

    def simulate(self, seed: int, options: Mapping[str, Any]) -> Simulation:
        pattern = options.get("pattern")
        if pattern is not None and pattern not in PATTERN_NAMES:
            raise RulesError(unknown_pattern(pattern))
        game = play_random(seed, pattern)
        total = totals(game.state)
        won = winners(total)
        result = f"winner {won[0]}" if len(won) == 1 else "draw"
        return Simulation({"state.json": game.state.to_text(),
                           "log.txt": "\n".join(game.log) + "\n"},
                          f"{game.patterns[0]} then {game.patterns[1]}, {game.turns} turns; "
                          f"white {total['white']}, black {total['black']}; {result}")


COMMANDS = ConstructoCommands()

"""Legal actions, why an action is illegal, applying an action, round and game end.

Rules (docs/rules/constructo.md#play): a turn is exactly one action, place or
move, no passing; the round ends when the player to move has no action; two rounds, the
other player starts round 2 and chooses its pattern, and every piece goes back first.
"""

from __future__ import annotations

from collections.abc import Iterator
from functools import cache

from pnp.rules.constructo.hexes import (
    PATTERN_NAMES,
    PATTERNS,
    Tile,
    board,
    is_adjacent,
    tile_text,
)
from pnp.rules.constructo.moves import Action, ChoosePattern, IllegalMove, Move, Place
from pnp.rules.constructo.pieces import GOES_ONTO, KINDS, NAMES, Piece, can_go_onto, opponent
from pnp.rules.constructo.scoring import totals
from pnp.rules.constructo.state import State, full_supply

# Actions are frozen values asked for every turn: each is built once (a lookup is cheaper).
_place, _move = cache(Place), cache(Move)


def _places(state: State) -> list[Place]:
    stock = state.supply[state.turn]
    empty = [t for t in board(state.pattern) if t not in state.stacks]
    return [_place(kind, t) for kind in KINDS if stock[kind] for t in empty]


def _moves(state: State) -> list[Move]:
    """Ruling "Play", move: your piece alone on its tile, to an adjacent tile whose top piece
    is the opponent's, by the cycle."""
    return [_move(src, dst) for src, dst in _move_tiles(state)]


def _move_tiles(state: State) -> Iterator[tuple[Tile, Tile]]:
    """(from, to) of `_moves`, in its order, found one at a time (`has_action` needs one).
    `can_go_onto` written out: the test runs for every neighbour of every lone piece."""
    stacks, turn = state.stacks, state.turn
    for src, near in board(state.pattern).items():
        stack = stacks.get(src)
        if stack is None or len(stack) != 1 or stack[0].owner != turn:
            continue
        goes = GOES_ONTO[stack[0].kind]
        for dst in near:
            target = stacks.get(dst)
            if target and target[-1].owner != turn and target[-1].kind == goes:
                yield src, dst


def round_actions(state: State) -> list[Place | Move]:
    """Every place and move of the player in turn, places first (kinds ring, medium, small;
    tiles in reading order), then moves; [] when the round is over."""
    return [*_places(state), *_moves(state)]


def has_action(state: State) -> bool:
    has_empty_tile = len(state.stacks) < len(PATTERNS[state.pattern])
    if has_empty_tile and any(state.supply[state.turn].values()):
        return True
    return next(_move_tiles(state), None) is not None


def is_round_over(state: State) -> bool:
    """Ruling "Play": the round ends when the player to move has no action."""
    return not has_action(state)


def is_over(state: State) -> bool:
    return state.round == 2 and is_round_over(state)


def current_player(state: State) -> str | None:
    """Who acts next: the player in turn; between rounds, round 2's starter (who chooses the
    pattern); None once round 2 is over."""
    if has_action(state):
        return state.turn
    return state.players[1] if state.round == 1 else None


def legal_actions(state: State) -> list[Action]:
    """Every legal action of `current_player`, in a fixed order."""
    if has_action(state):
        return list(round_actions(state))
    if state.round == 1:
        return [ChoosePattern(p) for p in PATTERN_NAMES]
    return []


def _round_state(state: State) -> str:
    return f"round {state.round} is over ({state.turn}, to move, has no action)"


def why_illegal(state: State, action: Action) -> str | None:
    """Why `action` is not legal for `current_player(state)`, in one sentence; None if it
    is legal."""
    over = is_round_over(state)
    if isinstance(action, ChoosePattern):
        if not over:
            return (f"round {state.round} is not over: a pattern is chosen only between "
                    f"rounds, by round 2's starting player.")
        if state.round == 2:
            return "the game is over: both rounds are played."
        return None
    if over:
        tail = ("the game is over" if state.round == 2 else
                f"{state.players[1]} now starts round 2 by choosing its pattern "
                "(pattern NAME)")
        return f"{_round_state(state)}: {tail}."
    player, tiles = state.turn, board(state.pattern)
    if isinstance(action, Place):
        if action.tile not in tiles:
            return f"{tile_text(action.tile)} is not a tile of the {state.pattern} pattern."
        if state.supply[player][action.kind] == 0:
            return f"{player} has no {NAMES[action.kind]} left in the supply."
        if action.tile in state.stacks:
            return (f"{tile_text(action.tile)} is not empty: a piece is placed only on an "
                    "empty tile (it joins other pieces only by a move).")
        return None
    src, dst = tile_text(action.src), tile_text(action.dst)
    if action.src not in tiles:
        return f"{src} is not a tile of the {state.pattern} pattern."
    if action.dst not in tiles:
        return f"{dst} is not a tile of the {state.pattern} pattern."
    stack = state.stack(action.src)
    if not stack:
        return f"{src} is empty: there is no piece to move (place one from the supply)."
    if len(stack) > 1:
        return (f"{src} holds {len(stack)} pieces: only a piece alone on its tile moves "
                "(towers never split, and a ring around a small disc holds both).")
    piece = stack[0]
    if piece.owner != player:
        return f"the {piece} on {src} is not {player}'s: you move only your own pieces."
    if not is_adjacent(action.src, action.dst):
        return f"{dst} is not adjacent to {src}: a piece moves to a neighbouring tile."
    top = state.top(action.dst)
    if top is None:
        return (f"{dst} is empty: a piece moves only onto a piece (place from the supply "
                "onto an empty tile).")
    if top.owner == player:
        return (f"the top piece on {dst} is {player}'s own {NAMES[top.kind]}: a piece moves "
                "only onto the opponent's piece.")
    if not can_go_onto(piece, top):
        return (f"a {NAMES[piece.kind]} goes only onto a {NAMES[GOES_ONTO[piece.kind]]}, and "
                f"the top piece on {dst} is {top.owner}'s {NAMES[top.kind]}.")
    return None


def apply(state: State, action: Action) -> State:
    """The state after `action`; raises IllegalMove saying why it is not legal."""
    why = why_illegal(state, action)
    if why:
        raise IllegalMove(why)
    return apply_legal(state, action)


def apply_legal(state: State, action: Action) -> State:
    """`apply` without the check, for an action known to be legal (e.g. from
    `legal_actions`)."""
    if isinstance(action, ChoosePattern):
        # Ruling "Play": between rounds every piece goes back to its owner and the board is
        # laid anew; round 2's starter (the other player) chooses the pattern and moves first.
        return State(action.pattern, state.players, state.players[1], 2, {}, full_supply(),
                     totals(state))
    stacks = dict(state.stacks)
    supply = state.supply
    if isinstance(action, Place):
        stacks[action.tile] = (Piece(state.turn, action.kind),)
        stock = supply[state.turn]
        supply = {**supply, state.turn: {**stock, action.kind: stock[action.kind] - 1}}
    else:
        moving = stacks.pop(action.src)
        stacks[action.dst] = stacks[action.dst] + moving
    return State(state.pattern, state.players, opponent(state.turn), state.round, stacks,
                 supply, state.scores)


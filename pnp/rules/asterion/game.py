"""Asterion as a game: state, legal moves, apply, game end, scores, and a random simulator.

The state is plain data (`State.to_json()` / `State.from_json()`); the fast labyrinth
(engine.py) is a cache rebuilt from it when missing. Rulings: "A turn", "Game end and
scoring", "Start player" in docs/rules/asterion.md.
"""

from __future__ import annotations

import random
from collections import deque
from dataclasses import dataclass, field, replace
from itertools import combinations
from typing import Any

from pnp.rules.api import GameBase, seat_players
from pnp.rules.asterion.connect import tile_order
from pnp.rules.asterion.engine import STEP, Labyrinth, board_cells, key, kind, xy
from pnp.rules.asterion.moves import (
    Discard,
    IllegalMove,
    Move,
    Place,
    Rotate,
    Shift,
    Swap,
    parse_move,
)
from pnp.rules.asterion.scoring import ScoreResult, score
from pnp.rules.asterion.table import BOARD_RADIUS, SETUP_DISCARDS, Placement, Table
from pnp.rules.asterion.tiles import COLOURS, EDITIONS, MINOTAUR_ID, load_tileset

# Simulator policy, revised edition: on a turn with a legal placement, the player considers
# an action (rotate / swap / move) with this probability; the rules call actions rare.
ACTION_RATE = 0.05


@dataclass
class State:
    """Everything about a game in progress, as JSON-ready data."""

    edition: str
    board: bool
    players: tuple[str, ...]
    seed: int
    no_kill_points: bool
    decks: dict[str, list[str]]          # per colour, the next draw first
    hands: dict[str, str | None]         # the tile in hand; None once the deck is spent
    turn: int                            # index in `players` of the player to move
    start: str
    tiles: list[tuple[str, int, int, int]] = field(default_factory=list)  # (id, x, y, rot)
    dead: list[str] = field(default_factory=list)
    kill_points: dict[str, int] = field(default_factory=dict)
    discards: dict[str, list[str]] = field(default_factory=dict)  # setup and in-game
    log: list[str] = field(default_factory=list)
    moves: int = 0
    _lab: Labyrinth | None = field(default=None, compare=False, repr=False)

    @property
    def current(self) -> str | None:
        """The colour to move, None when the game is over."""
        colour = self.players[self.turn]
        return colour if self.hands[colour] is not None else None

    @property
    def radius(self) -> int | None:
        return BOARD_RADIUS[len(self.players)] if self.board else None

    def lab(self) -> Labyrinth:
        if self._lab is None:
            board = board_cells(self.radius) if self.radius is not None else None
            self._lab = Labyrinth.build(((t, key(x, y), r) for t, x, y, r in self.tiles),
                                        self.dead, board)
        return self._lab

    def copy(self) -> State:
        return replace(self, decks={c: list(d) for c, d in self.decks.items()},
                       hands=dict(self.hands), tiles=list(self.tiles), dead=list(self.dead),
                       kill_points=dict(self.kill_points),
                       discards={c: list(d) for c, d in self.discards.items()},
                       log=list(self.log), _lab=self._lab.copy() if self._lab else None)

    def table(self) -> Table:
        return Table(self.edition, self.board, self.players,
                     tuple(Placement(t, x, y, r) for t, x, y, r in self.tiles),
                     tuple(self.dead), dict(self.kill_points), self.no_kill_points)

    def to_json(self) -> dict[str, Any]:
        return {"game": "asterion", "edition": self.edition, "board": self.board,
                "players": list(self.players), "seed": self.seed,
                "no_kill_points": self.no_kill_points,
                "decks": {c: list(d) for c, d in self.decks.items()},
                "hands": dict(self.hands), "turn": self.turn, "start": self.start,
                "tiles": [list(t) for t in self.tiles], "dead": list(self.dead),
                "kill_points": dict(self.kill_points),
                "discards": {c: list(d) for c, d in self.discards.items()},
                "log": list(self.log), "moves": self.moves}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> State:
        return cls(data["edition"], data["board"], tuple(data["players"]), data["seed"],
                   data["no_kill_points"], {c: list(d) for c, d in data["decks"].items()},
                   dict(data["hands"]), data["turn"], data["start"],
                   [tuple(t) for t in data["tiles"]], list(data["dead"]),
                   dict(data["kill_points"]),
                   {c: list(d) for c, d in data["discards"].items()}, list(data["log"]),
                   data["moves"])


def initial_state(seed: int, players: int | list[str] | tuple[str, ...] = 4,
                  edition: str = "crete", board: bool = False,
                  no_kill_points: bool = False) -> State:
    """A new game: decks shuffled with `random.Random(seed)`, setup discards, hands drawn and
    the start player chosen. Players play in the order given (the rules' anticlockwise)."""
    chosen = seat_players("Asterion", players, COLOURS, (2, 3, 4))
    if edition not in EDITIONS:
        raise ValueError(f"unknown edition {edition!r} (choose from: {', '.join(EDITIONS)})")
    if board and edition != "crete":
        raise ValueError(f"the {edition} edition has no board")
    rng = random.Random(seed)
    tileset = load_tileset(edition)
    decks: dict[str, list[str]] = {}
    discards: dict[str, list[str]] = {}
    for colour in chosen:
        deck = [t.id for t in tileset.values() if t.colour == colour]
        rng.shuffle(deck)
        # Ruling "A turn": Crete board setup discards (4 players 2 each, 3: 4, 2: 5). The
        # simulator discards from the top of the shuffled deck, before drawing the hand.
        count = SETUP_DISCARDS[len(chosen)] if board else 0
        discards[colour], decks[colour] = deck[:count], deck[count:]
    hands: dict[str, str | None] = {c: decks[c].pop(0) for c in chosen}
    # Ruling "Start player": the player whose first tile shows horns starts; if several or
    # none, pick at random with the seed (among the horned players when there are several).
    horned = [c for c in chosen if kind(hands[c] or "").horns]
    start = horned[0] if len(horned) == 1 else rng.choice(horned or list(chosen))
    state = State(edition, board, chosen, seed, no_kill_points, decks, hands,
                  chosen.index(start), start, [(MINOTAUR_ID, 0, 0, 0)], [],
                  dict.fromkeys(chosen, 0), discards)
    state.log.append(header(state))
    return state


def header(state: State) -> str:
    setup = " ".join(f"{c}:{','.join(d)}" for c, d in state.discards.items() if d)
    return (f"asterion {state.edition}{' board' if state.board else ''} seed {state.seed} "
            f"players {','.join(state.players)}"
            f"{' no-kill-points' if state.no_kill_points else ''}; start {state.start}"
            f" (hand {state.hands[state.start]}){'; setup discards ' + setup if setup else ''}")


# -- legal moves ----------------------------------------------------------------------------
def legal_placements(state: State) -> list[Place]:
    colour = state.current
    if colour is None:
        return []
    tile = state.hands[colour]
    assert tile is not None
    return [Place(tile, *xy(cell), rot) for cell, rot in state.lab().legal_placements(tile)]


def _eligible(state: State, lab: Labyrinth, colour: str) -> list[str]:
    """Ruling "A turn", revised actions: placed tiles with a living prisoner of the player's
    colour and at most 3 orthogonal neighbours."""
    return sorted((t for t, cell in lab.tile_cell.items()
                   if kind(t).colour == colour and kind(t).prisoner >= 0 and t not in lab.dead
                   and lab.neighbours(cell) <= 3), key=tile_order)


def _pieces(cells: set[int]) -> list[set[int]]:
    """The orthogonally connected groups of `cells`."""
    pieces, seen = [], set()
    for start in sorted(cells):
        if start in seen:
            continue
        piece = {start}
        queue = deque([start])
        while queue:
            cell = queue.popleft()
            for step in STEP:
                near = cell + step
                if near in cells and near not in piece:
                    piece.add(near)
                    queue.append(near)
        seen |= piece
        pieces.append(piece)
    return pieces


def _without(lab: Labyrinth, *tiles: str) -> list[tuple[str, int, int]]:
    return [p for p in lab.placements() if p[0] not in tiles]


def action_candidates(state: State) -> list[Move]:
    """Actions that meet the tile conditions, before the group and no-trap checks."""
    colour = state.current
    if state.edition != "revised" or colour is None:
        return []
    lab = state.lab()
    eligible = _eligible(state, lab, colour)
    rots = {t: r for t, _, _, r in state.tiles}
    moves: list[Move] = []
    for t in eligible:
        k = kind(t)
        moves += [Rotate(t, r) for r in k.rotations
                  if k.canonical[r // 90] != k.canonical[rots[t] // 90]]
    moves += [Swap(a, b) for a, b in combinations(eligible, 2)]
    for t in eligible:
        moves += [Shift(t, *xy(cell), r) for cell in sorted(lab.frontier)
                  for r in kind(t).rotations]
    return moves


def legal_actions(state: State) -> list[Move]:
    """Every legal revised action (ruling "A turn", actions a-c), fast: each tile is lifted
    once and its new spots are checked incrementally."""
    colour = state.current
    if state.edition != "revised" or colour is None:
        return []
    lab = state.lab()
    eligible = _eligible(state, lab, colour)
    occupied = set(lab.cells)
    rotations: list[Move] = []
    shifts: list[Move] = []
    for t in eligible:
        k = kind(t)
        home = lab.tile_cell[t]
        current = k.canonical[lab.cells[home][1]]
        reduced = Labyrinth.build(_without(lab, t), lab.dead, lab.board)
        rotations += [Rotate(t, r) for r in k.rotations
                      if k.canonical[r // 90] != current and reduced.can_place(t, home, r)]
        # The tiles must stay one group: if lifting t splits them, its new cell must touch
        # every piece.
        pieces = _pieces(occupied - {home})
        for cell in sorted(reduced.frontier):
            if cell == home or (len(pieces) > 1 and not all(
                    any(cell + s in piece for s in STEP) for piece in pieces)):
                continue
            shifts += [Shift(t, *xy(cell), r) for r in k.rotations
                       if reduced.can_place(t, cell, r)]
    swaps: list[Move] = []
    for a, b in combinations(eligible, 2):
        ka, kb = lab.cells[lab.tile_cell[a]], lab.cells[lab.tile_cell[b]]
        moved = [(a, lab.tile_cell[b], ka[1] * 90), (b, lab.tile_cell[a], kb[1] * 90)]
        swapped = Labyrinth.build([*_without(lab, a, b), *moved], lab.dead, lab.board)
        if swapped.asterion_exits() > 0:
            swaps.append(Swap(a, b))
    return rotations + swaps + shifts


def legal_moves(state: State) -> list[Move]:
    """Placements, then (revised) actions; `discard` only when nothing else is legal."""
    if state.current is None:
        return []
    moves: list[Move] = [*legal_placements(state), *legal_actions(state)]
    return moves or [Discard()]


# -- applying moves -------------------------------------------------------------------------
def _after_action(state: State, placements: list[tuple[str, int, int]], check_group: bool,
                  move: Move) -> tuple[Labyrinth, list[str]]:
    lab = state.lab()
    new = Labyrinth.build(placements, lab.dead, lab.board)
    if check_group and len(_pieces(set(new.cells))) > 1:
        raise IllegalMove(f"{move}: the tiles would no longer form one group")
    if new.asterion_exits() <= 0:
        raise IllegalMove(f"{move}: Asterion would be trapped")
    return new, new.sweep()


def _check_action_tiles(state: State, colour: str, tiles: tuple[str, ...], move: Move) -> None:
    if state.edition != "revised":
        raise IllegalMove(f"{move}: actions exist only in the revised edition")
    lab = state.lab()
    for t in tiles:
        if t not in lab.tile_cell:
            raise IllegalMove(f"{move}: {t} is not on the table")
        if t not in _eligible(state, lab, colour):
            raise IllegalMove(f"{move}: {t} must carry a living {colour} prisoner and have a "
                              "side without a neighbour")


def _resolve(state: State, move: Move) -> tuple[Labyrinth, list[str], bool]:
    """The labyrinth after `move`, its kills, and whether the hand tile was placed."""
    colour = state.current
    if colour is None:
        raise IllegalMove(f"{move}: the game is over")
    hand = state.hands[colour]
    assert hand is not None
    lab = state.lab()
    if isinstance(move, Place):
        if move.tile != hand:
            raise IllegalMove(f"{move}: {colour} holds {hand}, not {move.tile}")
        cell = key(move.x, move.y)
        if not lab.can_place(hand, cell, move.rot):
            if cell in lab.cells:
                why = "that cell is taken"
            elif cell not in lab.frontier:
                why = ("not on a board square in use next to a placed tile" if state.board
                       else "not next to a placed tile")
            else:
                why = "Asterion would be trapped"
            raise IllegalMove(f"{move}: {why}")
        lab = lab.copy()
        return lab, lab.place(hand, cell, move.rot), True
    if isinstance(move, Discard):
        if legal_placements(state) or legal_actions(state):
            raise IllegalMove("discard: a legal move exists (discard only when none does)")
        return lab, [], False
    rots = {t: r for t, _, _, r in state.tiles}
    if isinstance(move, Rotate):
        _check_action_tiles(state, colour, (move.tile,), move)
        k = kind(move.tile)
        if k.canonical[move.rot // 90] == k.canonical[rots[move.tile] // 90]:
            raise IllegalMove(f"{move}: the tile would look the same")
        new = [*_without(lab, move.tile), (move.tile, lab.tile_cell[move.tile], move.rot)]
        return (*_after_action(state, new, False, move), False)
    if isinstance(move, Swap):
        _check_action_tiles(state, colour, (move.a, move.b), move)
        a, b = lab.tile_cell[move.a], lab.tile_cell[move.b]
        new = [*_without(lab, move.a, move.b), (move.a, b, rots[move.a]), (move.b, a, rots[move.b])]
        return (*_after_action(state, new, False, move), False)
    if isinstance(move, Shift):
        _check_action_tiles(state, colour, (move.tile,), move)
        cell = key(move.x, move.y)
        if cell in lab.cells:
            raise IllegalMove(f"{move}: that cell is taken")
        new = [*_without(lab, move.tile), (move.tile, cell, move.rot)]
        return (*_after_action(state, new, True, move), False)
    raise IllegalMove(f"{move!r} is not an Asterion move")


def apply_in_place(state: State, move: Move) -> State:
    """Play `move` for the player in turn (IllegalMove if the rules forbid it); mutates."""
    colour = state.current
    lab, killed, placed = _resolve(state, move)
    assert colour is not None
    hand = state.hands[colour]
    assert hand is not None
    state._lab = lab
    if placed:
        state.tiles.append((hand, *xy(lab.tile_cell[hand]), lab.cells[lab.tile_cell[hand]][1]
                            * 90))
    else:
        state.discards[colour].append(hand)   # discarded, or the price of an action
        if not isinstance(move, Discard):
            rot_of = {k.id: r * 90 for k, r, _ in lab.cells.values()}
            state.tiles = [(t, *xy(lab.tile_cell[t]), rot_of[t]) for t, _, _, _ in state.tiles]
    killed.sort(key=tile_order)
    state.dead.extend(killed)
    # Ruling "A turn" 3: (opponents' prisoners killed) - (own prisoners killed); can be
    # negative. Variant `no kill points`: not scored.
    gain = sum(1 if kind(t).colour != colour else -1 for t in killed)
    if not state.no_kill_points:
        state.kill_points[colour] += gain
    state.moves += 1
    text = f"{state.moves:3d} {colour:<6} {move}"
    if not placed:
        text += f" (discards {hand})" if not isinstance(move, Discard) else f" {hand}"
    if killed:
        text += f"  kills {' '.join(killed)} ({gain:+d})"
    state.log.append(text)
    # Ruling "A turn" 4: draw the next tile; then the next player (in seating order) with a
    # tile in hand moves. The game ends when the last tile was played or discarded.
    deck = state.decks[colour]
    state.hands[colour] = deck.pop(0) if deck else None
    for step in range(1, len(state.players) + 1):
        turn = (state.turn + step) % len(state.players)
        if state.hands[state.players[turn]] is not None:
            state.turn = turn
            break
    return state


def apply(state: State, move: Move) -> State:
    """A new state after `move`; `state` is unchanged."""
    return apply_in_place(state.copy(), move)


def is_over(state: State) -> bool:
    return state.current is None


def result(state: State) -> ScoreResult:
    return score(state.table())


def scores(state: State) -> dict[str, int]:
    """Totals if the game ended now (ruling "Game end and scoring")."""
    return {c: s.total for c, s in result(state).players.items()}


# -- the random player ----------------------------------------------------------------------
def _first_legal_action(state: State, rng: random.Random) -> Move | None:
    """A uniformly random legal action: the first legal one in a random order."""
    candidates = action_candidates(state)
    rng.shuffle(candidates)
    for move in candidates:
        try:
            _resolve(state, move)
        except IllegalMove:
            continue
        return move
    return None


def random_move(state: State, rng: random.Random) -> Move:
    """The simulator's policy: a placement chosen uniformly among the legal (cell, rotation)
    pairs (rotations that look alike count once). Revised: with probability ACTION_RATE the
    player first tries a uniformly random legal action. With no legal placement: a random
    legal action (revised), else discard."""
    colour = state.current
    assert colour is not None
    hand = state.hands[colour]
    assert hand is not None
    placements = state.lab().legal_placements(hand)    # (cell, rot): build one Place only
    if state.edition == "revised" and (not placements or rng.random() < ACTION_RATE):
        action = _first_legal_action(state, rng)
        if action is not None:
            return action
    if placements:
        cell, rot = placements[rng.randrange(len(placements))]
        return Place(hand, *xy(cell), rot)
    return Discard()


def simulate(seed: int, players: int | list[str] | tuple[str, ...] = 4,
             edition: str = "crete", board: bool = False,
             no_kill_points: bool = False) -> State:
    """A whole seeded random game; the same arguments always give the same game."""
    state = initial_state(seed, players, edition, board, no_kill_points)
    rng = random.Random(seed ^ 0x5EED)
    while state.current is not None:
        apply_in_place(state, random_move(state, rng))
    return state


def game_log(state: State) -> str:
    """The turn log, with the final scores once the game is over."""
    lines = list(state.log)
    if is_over(state):
        res = result(state)
        for colour, s in res.players.items():
            lines.append(f"end {colour:<6} total {s.total:3d} = escape {s.escape_points} + "
                         f"kills {s.kill_points}; {s.escapers} escaping")
        lines.append(f"winners: {' '.join(res.winners)}")
    return "\n".join(lines) + "\n"


class AsterionGame(GameBase, initial_state=initial_state, legal_moves=legal_moves,
                   apply=apply, scores=scores, random_move=random_move,
                   parse_move=parse_move, state_from_json=State.from_json):
    """The shared game API (pnp/rules/api.py) for Asterion."""

    name = "asterion"
    editions = EDITIONS
    player_counts = (2, 3, 4)

    def current_player(self, state: State) -> str | None:
        return state.current


GAME = AsterionGame()

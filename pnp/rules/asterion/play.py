"""Asterion's legal moves and applying one, and the game's end (ruling "A turn" in
docs/rules/asterion.md).
"""

from __future__ import annotations

from collections.abc import Container, Iterable
from itertools import combinations
from operator import itemgetter

from pnp.rules.asterion.connect import tile_order
from pnp.rules.asterion.labyrinth import STEP, Labyrinth, key, kind, xy
from pnp.rules.asterion.moves import (
    Action,
    Discard,
    IllegalMove,
    Move,
    Place,
    Rotate,
    Shift,
    Swap,
    place_text,
)
from pnp.rules.asterion.state import State
from pnp.rules.asterion.tiles import MINOTAUR_ID
from pnp.rules.indexed import Indexed


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
    cells, tile_cell = lab.cells, lab.tile_cell
    north, east, south, west = STEP
    found = []
    for t in lab.alive.values():                         # placed, a prisoner, not dead
        if kind(t).colour == colour:
            at = tile_cell[t]
            if not (at + north in cells and at + east in cells and at + south in cells
                    and at + west in cells):
                found.append(t)
    found.sort(key=tile_order)
    return found


def _pieces(cells: set[int]) -> list[set[int]]:
    """The orthogonally connected groups of `cells`."""
    pieces: list[set[int]] = []
    seen: set[int] = set()
    for start in sorted(cells):
        if start not in seen:
            piece = _flood(cells, start)
            seen |= piece
            pieces.append(piece)
    return pieces


def _flood(cells: Container[int], start: int) -> set[int]:
    """The cells of `cells` orthogonally joined to `start` (itself included)."""
    piece = {start}
    todo = [start]
    while todo:
        at = todo.pop()
        for step in STEP:
            near = at + step
            if near in cells and near not in piece:
                piece.add(near)
                todo.append(near)
    return piece


def _connected(cells: Iterable[int]) -> bool:
    """Whether `cells` form one orthogonally connected group (`len(_pieces(...)) <= 1`), by
    one flood fill."""
    left = set(cells)
    if not left:
        return True
    todo = [left.pop()]
    north, east, south, west = STEP
    while todo:
        cell = todo.pop()
        for near in (cell + north, cell + east, cell + south, cell + west):
            if near in left:
                left.remove(near)
                todo.append(near)
    return not left


def _without(lab: Labyrinth, *tiles: str) -> list[tuple[str, int, int]]:
    return [p for p in lab.placements() if p[0] not in tiles]


class ActionCandidates(Indexed[Action]):
    """Actions that meet the tile conditions, before the group and no-trap checks: rotations,
    swaps (as `combinations(eligible, 2)` pairs them), then each eligible tile's moves to
    every frontier cell at each of its rotations. A move is built when indexed (the
    simulator tries a few in random order)."""

    __slots__ = ("cells", "eligible", "shifters", "swaps", "turners", "turns")

    def __init__(self, turners: list[tuple[str, tuple[int, ...]]], eligible: list[str],
                 cells: list[int]) -> None:
        self.turners = turners              # (tile, the rotations it may turn to)
        self.turns = sum(len(rots) for _, rots in turners)
        self.eligible = eligible
        self.swaps = len(eligible) * (len(eligible) - 1) // 2
        self.shifters = [(t, kind(t).rotations) for t in eligible]
        self.cells = cells                  # the frontier, sorted
        self.size = self.turns + self.swaps + len(cells) * sum(len(rots)
                                                               for _, rots in self.shifters)

    def _at(self, index: int) -> Action:
        if index < self.turns:
            for tile, rots in self.turners:
                if index < len(rots):
                    return Rotate(tile, rots[index])
                index -= len(rots)
        index -= self.turns
        if index < self.swaps:
            first, row = 0, len(self.eligible) - 1     # pairs (first, later) in a row
            while index >= row:
                index, first, row = index - row, first + 1, row - 1
            return Swap(self.eligible[first], self.eligible[first + 1 + index])
        index -= self.swaps
        for tile, rots in self.shifters:
            block = len(self.cells) * len(rots)
            if index < block:
                cell = self.cells[index // len(rots)]
                return Shift(tile, *xy(cell), rots[index % len(rots)])
            index -= block
        raise AssertionError("unreachable: index checked against size")


def action_candidates(state: State, frontier: list[int] | None = None) -> ActionCandidates:
    """Actions that meet the tile conditions, before the group and no-trap checks.
    `frontier`: the labyrinth's frontier sorted, when the caller has it already."""
    colour = state.current
    if state.edition != "revised" or colour is None:
        return ActionCandidates([], [], [])
    lab = state.lab()
    eligible = _eligible(state, lab, colour)
    cells, tile_cell = lab.cells, lab.tile_cell
    turners = [(t, kind(t).unlike[cells[tile_cell[t]][1]]) for t in eligible]
    return ActionCandidates(turners, eligible,
                            list(lab.frontier_sorted) if frontier is None else frontier)


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
        for cell in reduced.frontier_sorted:
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
    if check_group and not _connected(new.cells):
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


def _check_place(state: State, move: Place) -> int:
    """The cell of a legal placement of the tile in hand; IllegalMove otherwise."""
    colour = state.current
    assert colour is not None
    hand = state.hands[colour]
    if move.tile != hand:
        raise IllegalMove(f"{move}: {colour} holds {hand}, not {move.tile}")
    lab = state.lab()
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
    return cell


def resolve(state: State, move: Move) -> tuple[Labyrinth, list[str], bool]:
    """The labyrinth after `move`, its kills, and whether the hand tile was placed; the
    state's own labyrinth is left as it was."""
    colour = state.current
    if colour is None:
        raise IllegalMove(f"{move}: the game is over")
    lab = state.lab()
    if isinstance(move, Place):
        cell = _check_place(state, move)
        lab = lab.copy()
        return lab, lab.place(move.tile, cell, move.rot), True
    if isinstance(move, Discard):
        if legal_placements(state) or legal_actions(state):
            raise IllegalMove("discard: a legal move exists (discard only when none does)")
        return lab, [], False
    if isinstance(move, Rotate):
        _check_action_tiles(state, colour, (move.tile,), move)
        k = kind(move.tile)
        if k.canonical[move.rot // 90] == k.canonical[_rotation(state, move.tile) // 90]:
            raise IllegalMove(f"{move}: the tile would look the same")
    elif isinstance(move, Swap):
        _check_action_tiles(state, colour, (move.a, move.b), move)
    elif isinstance(move, Shift):
        _check_action_tiles(state, colour, (move.tile,), move)
        if key(move.x, move.y) in lab.cells:
            raise IllegalMove(f"{move}: that cell is taken")
    else:
        raise IllegalMove(f"{move!r} is not an Asterion move")
    return (*_after_action(state, _acted(state, move), isinstance(move, Shift), move), False)


def _rotation(state: State, tile: str) -> int:
    return next(r for t, _, _, r in state.tiles if t == tile)


def _acted(state: State, move: Rotate | Swap | Shift) -> list[tuple[str, int, int]]:
    """The (tile, cell, rot) placements after an action."""
    lab = state.lab()
    if isinstance(move, Rotate):
        return [*_without(lab, move.tile), (move.tile, lab.tile_cell[move.tile], move.rot)]
    if isinstance(move, Swap):
        a, b = lab.tile_cell[move.a], lab.tile_cell[move.b]
        return [*_without(lab, move.a, move.b), (move.a, b, _rotation(state, move.a)),
                (move.b, a, _rotation(state, move.b))]
    return [*_without(lab, move.tile), (move.tile, key(move.x, move.y), move.rot)]


def candidate_is_legal(state: State, move: Move,
                       split: dict[int, list[set[int]]] | None = None) -> bool:
    """Whether an action from `action_candidates(state)` (its tile conditions met) is legal:
    what `resolve` decides, without building the labyrinth after it (the simulator tries
    candidates until one is legal). `split`: a dict kept across the candidates of one
    position, where a move's group check keeps the groups a lifted tile leaves."""
    assert isinstance(move, (Rotate, Swap, Shift))
    lab = state.lab()
    if isinstance(move, Swap):
        a, b = lab.tile_cell[move.a], lab.tile_cell[move.b]
        return _escapes_after(lab, {a: _facing(lab, b), b: _facing(lab, a)})
    home = lab.tile_cell[move.tile]
    turned = kind(move.tile).facing[move.rot // 90]
    if isinstance(move, Rotate):
        return _escapes_after(lab, {home: turned})
    cell = key(move.x, move.y)
    if cell in lab.cells or not _shift_keeps_one_group(lab, home, cell, split):
        return False
    return _escapes_after(lab, {home: None, cell: turned})


def _facing(lab: Labyrinth, cell: int) -> tuple[int, ...]:
    k, r, _ = lab.cells[cell]
    return k.facing[r]


# The 8 cells around one, in a ring (each 4-adjacent to the next): N NE E SE S SW W NW.
_RING = (STEP[0], STEP[0] + STEP[1], STEP[1], STEP[2] + STEP[1], STEP[2], STEP[2] + STEP[3],
         STEP[3], STEP[0] + STEP[3])


def _shift_keeps_one_group(lab: Labyrinth, home: int, cell: int,
                           split: dict[int, list[set[int]]] | None = None) -> bool:
    """Whether the tiles stay one group when the tile on `home` moves to the empty `cell`:
    `cell` must touch another tile, and touch every group the rest fall into when it is
    lifted. They stay one when its neighbours are joined round it (`_JOINED_ROUND`); else
    the groups are found (`_split_by_lifting`), and kept in `split` for the next cell."""
    cells = lab.cells
    for step in STEP:                  # a loop, not any(): this runs for every candidate
        near = cell + step
        if near != home and near in cells:
            break
    else:
        return False
    ring = 0
    for bit, step in _RING_BITS:
        if home + step in cells:
            ring |= bit
    if _JOINED_ROUND[ring]:
        return True
    groups = None if split is None else split.get(home)
    if groups is None:
        groups = _split_by_lifting(cells, home)
        if split is not None:
            split[home] = groups
    if not groups:
        return True
    touched = []
    for step in STEP:
        near = cell + step
        if near != home and near in cells:
            touched.append(near)
    for group in groups:                # it touches every group listed...
        if group.isdisjoint(touched):
            return False
    for near in touched:                # ...and the one not listed
        for group in groups:
            if near in group:
                break
        else:
            return True
    return False


def _split_by_lifting(cells: Container[int], home: int) -> list[set[int]]:
    """The groups the tiles but `home` fall into (they are one group with it), all but one
    listed whole: [] when they stay one. Each group holds a neighbour of `home`: a flood
    from each neighbour grows by a cell in turn, floods that meet become one, and once all
    but one have run out, those are the groups (a few tiles cut off are found in a few
    steps, whichever neighbour they hang from)."""
    starts = [home + s for s in STEP if home + s in cells]
    owner = {home: -1}                  # cell -> the flood that reached it first
    for i, start in enumerate(starts):
        owner[start] = i
    into = list(range(len(starts)))     # a flood that met another goes on as that one
    todo = [[start] for start in starts]
    pieces = [{start} for start in starts]
    running = len(starts)               # floods neither met nor run out
    whole: list[set[int]] = []
    while running > 1:
        for i, queue in enumerate(todo):
            if not queue or into[i] != i:
                continue
            at = queue.pop()
            for step in STEP:
                near = at + step
                if near not in cells:
                    continue
                met = owner.get(near)
                if met is None:
                    owner[near] = i
                    queue.append(near)
                    pieces[i].add(near)
                elif met >= 0:
                    while into[met] != met:
                        met = into[met]
                    if met != i:
                        into[met] = i
                        queue += todo[met]
                        todo[met] = []
                        pieces[i] |= pieces[met]
                        running -= 1
            if not queue:               # run out: nothing can reach it now, it is whole
                whole.append(pieces[i])
                running -= 1
            if running <= 1:
                break
    return whole


def _one_run_holds_neighbours(ring: list[bool]) -> bool:
    """On a ring of 8 flags (not all set), whether one run of set flags holds every set
    flag at an even position (the orthogonal neighbours)."""
    first_empty = ring.index(False)
    runs = 0
    counted = False                   # the run we are in holds a neighbour already
    for i in range(first_empty, first_empty + 8):
        at = i % 8
        if not ring[at]:
            counted = False
        elif at % 2 == 0 and not counted:
            runs += 1
            counted = True
    return runs <= 1


# A bitmask of the ring's tiles (bit i: `_RING[i]`) -> whether one run of tiles on the ring
# holds all its orthogonal neighbours (all 8 set: one closed run); a table, as the simulator
# asks this for every eligible tile and frontier cell.
_RING_BITS = tuple((1 << i, step) for i, step in enumerate(_RING))
_JOINED_ROUND = tuple(mask == 255 or _one_run_holds_neighbours([bool(mask >> i & 1)
                                                                for i in range(8)])
                      for mask in range(256))


def _escapes_after(lab: Labyrinth, changed: dict[int, tuple[int, ...] | None]) -> bool:
    """Whether Asterion's component has an exit (a port facing a cell with no tile) once the
    cells in `changed` hold those facings (None: emptied), the rest as in `lab`: what
    `Labyrinth.build(...).asterion_exits() > 0` says of the labyrinth after the change,
    found by walking his component from his region until the first exit. (Asterion's tile
    never moves: it holds no prisoner.)"""
    cells = lab.cells
    home = lab.tile_cell.get(MINOTAUR_ID)
    if home is None:
        return False
    if _exit_untouched(lab, changed):
        return True
    start = (home, kind(MINOTAUR_ID).asterion)
    seen, todo = {start}, [start]
    while todo:
        cell, region = todo.pop()
        here = changed[cell] if cell in changed else _facing(lab, cell)
        assert here is not None
        for d in range(4):
            if here[d] != region:
                continue
            near = cell + STEP[d]
            if near in changed:
                facing = changed[near]
            else:
                other = cells.get(near)
                facing = None if other is None else other[0].facing[other[1]]
            if facing is None:
                return True
            joined = facing[d ^ 2]
            if joined >= 0 and (near, joined) not in seen:
                seen.add((near, joined))
                todo.append((near, joined))
    return False


def _exit_untouched(lab: Labyrinth, changed: dict[int, tuple[int, ...] | None]) -> bool:
    """`_escapes_after`'s cheap case: no changed cell holds a region of Asterion's component
    (so the change cannot cut it) and one of its exits faces a cell the change leaves
    empty: that exit is his still."""
    find = lab.find
    a = find(lab.asterion)
    cells = lab.cells
    for cell in changed:
        placed = cells.get(cell)
        if placed is not None:
            node0 = placed[2]
            for node in range(node0, node0 + placed[0].regions):
                if find(node) == a:
                    return False
    return any(changed.get(near) is None for near in lab.exits[a])


def apply_in_place(state: State, move: Move) -> State:
    """Play `move` for the player in turn (IllegalMove if the rules forbid it); mutates."""
    colour = state.current
    if isinstance(move, Place) and colour is not None:
        # A placement changes the state's own labyrinth: no copy to throw away.
        return play_legal(state, _check_place(state, move), move.rot)
    lab, killed, _ = resolve(state, move)
    assert colour is not None
    state.use_lab(lab)
    return _not_placed(state, colour, move, killed)


def play_legal(state: State, cell: int, rot: int) -> State:
    """`apply_in_place` for placing the tile in hand on `cell` (a key) at `rot`, a pair the
    caller took from `legal_placements`: the same change, without checking it again or
    building the move."""
    colour = state.players[state.turn]
    hand = state.hands[colour]
    assert hand is not None             # (`state.current`: the game is not over)
    killed = state.lab().place(hand, cell, rot)
    x, y = xy(cell)
    state.tiles.append((hand, x, y, rot))
    return _finish(state, colour, place_text(hand, x, y, rot), killed)


def play_legal_action(state: State, move: Action) -> State:
    """`apply_in_place` for an action `candidate_is_legal` accepted: the same change, without
    checking it again."""
    colour = state.current
    assert colour is not None
    lab = state.lab()        # changed in place: the tiles lifted, then put down again
    if isinstance(move, Swap):
        a, b = lab.tile_cell[move.a], lab.tile_cell[move.b]
        put = [(move.a, b, lab.cells[a][1] * 90), (move.b, a, lab.cells[b][1] * 90)]
    else:
        cell = lab.tile_cell[move.tile] if isinstance(move, Rotate) else key(move.x, move.y)
        put = [(move.tile, cell, move.rot)]
    for tile, _, _ in put:
        lab.lift(tile)
    for tile, cell, rot in put:
        lab.place(tile, cell, rot, kill=False)
    return _not_placed(state, colour, move, lab.sweep())


def _not_placed(state: State, colour: str, move: Move, killed: list[str]) -> State:
    """`_finish` for a discard or an action (the state's labyrinth is the one after it)."""
    hand = state.hands[colour]
    assert hand is not None
    state.discards[colour].append(hand)   # discarded, or the price of an action
    if isinstance(move, Discard):
        return _finish(state, colour, f"{move} {hand}", killed)
    _move_tiles(state.tiles, move, state.lab())
    return _finish(state, colour, f"{move} (discards {hand})", killed)


def _finish(state: State, colour: str, did: str, killed: list[str]) -> State:
    """The rest of a turn once the state's tiles and labyrinth are as after it, the move
    written as `did` in the log, and its kills known."""
    gain = 0
    if killed:
        killed.sort(key=tile_order)
        state.dead.extend(killed)
        # Ruling "A turn" 3: (opponents' prisoners killed) - (own prisoners killed); can be
        # negative. Variant `no kill points`: not scored.
        gain = sum(1 if kind(t).colour != colour else -1 for t in killed)
        if not state.no_kill_points:
            state.kill_points[colour] += gain
    state.moves += 1
    # `{moves:3d} {colour:<6}` written with str methods: a format spec is parsed anew on
    # every call, and this runs every turn
    text = f"{str(state.moves).rjust(3)} {colour.ljust(6)} {did}"
    if killed:
        text += f"  kills {' '.join(killed)} ({gain:+d})"
    state.log.append(text)
    # Ruling "A turn" 4: draw the next tile; then the next player (in seating order) with a
    # tile in hand moves. The game ends when the last tile was played or discarded.
    deck = state.decks[colour]
    hands = state.hands
    hands[colour] = deck.pop(0) if deck else None
    players = state.players
    turn = state.turn
    for _ in players:                   # once round the table at most
        turn = (turn + 1) % len(players)
        if hands[players[turn]] is not None:
            state.turn = turn
            break
    return state


def _move_tiles(tiles: list[tuple[str, int, int, int]], move: Move, lab: Labyrinth) -> None:
    """Update the (tile, x, y, rot) list, in place, for the action `move`, as `lab` (the
    labyrinth after it) has the tiles it moved."""
    moved = (move.a, move.b) if isinstance(move, Swap) else (
        (move.tile,) if isinstance(move, (Rotate, Shift)) else ())
    ids = list(map(itemgetter(0), tiles))       # found by C's list search, not a loop
    for t in moved:
        at = -1
        for _ in range(ids.count(t)):
            at = ids.index(t, at + 1)
            cell = lab.tile_cell[t]
            tiles[at] = (t, *xy(cell), lab.cells[cell][1] * 90)


def apply(state: State, move: Move) -> State:
    """A new state after `move`; `state` is unchanged."""
    return apply_in_place(state.copy(), move)


def is_over(state: State) -> bool:
    return state.current is None

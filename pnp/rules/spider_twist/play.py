"""The rules of a turn (ruling "A turn") and the female's part in it: legal moves, apply.

Flow: the player in turn places, moves, mates and turns males in any order; every
placement or move is a disturbance and the female reacts at once, before the next action.
When her reaction leaves a choice (several allowed walks) the opponent, who moves her, must
choose (`female ...`); when she eats, the opponent rolls the die (`roll N`, a chance move).
A reaction with a single allowed walk is made at once. `end` ends the turn after at least
one action; `pass` is the only move when no action is possible.
"""

from __future__ import annotations

from functools import cache

from pnp.rules.spider_twist.female import (
    Outcome,
    countdown,
    outcome_of,
    outcomes,
    reach_count,
    walks,
)
from pnp.rules.spider_twist.moves import (
    Done,
    End,
    Female,
    IllegalMove,
    Mate,
    Move,
    Pass,
    Place,
    Roll,
    Step,
)
from pnp.rules.spider_twist.state import COLOURS, MALES, State
from pnp.rules.spider_twist.web import get_web

DIE = (1, 2, 3, 4, 5, 6)
OTHER = {COLOURS[0]: COLOURS[1], COLOURS[1]: COLOURS[0]}   # `State.opponent` without the call
REACHES = tuple(f"reach {n}" for n in range(2 * MALES + 1))   # a disturbance's log text
GAME_OVER = "game over"     # the last event of the move that ends the game
ROLLS = tuple(Roll(v) for v in DIE)
# Moves are frozen values: one object per node (or pair) serves every game, and building
# a frozen dataclass costs more than looking one up.
place_of = cache(Place)
step_of = cache(Step)
mate_of = cache(Mate)
done_of = cache(Done)
female_of = cache(Female)


# ------------------------------------------------------------------------ what is legal
def own_movers(state: State) -> list[str]:
    """Own males that may still move: on the web at the start of the turn (a male placed
    this turn is turned at once), not yet moved or turned."""
    turn, done = state.turn, state.done
    movers = [n for n, c in state.males.items() if c == turn and n not in done]
    if len(movers) > 1:
        movers.sort(key=get_web(state.web).index.__getitem__)
    return movers


class Choices:
    """What the player in turn may do, as nodes: placements (at most one a turn, from stock,
    on an empty entry node, not hers either), moves of one edge onto an empty node, matings
    (at most one a turn, next to her) by the males that may still move, turning a male, and
    `end` once he has acted. Moves are built when asked for: the simulator builds only the
    one it picks."""

    __slots__ = ("act_count", "can_end", "matings", "places", "steps", "turnable")

    def __init__(self, state: State) -> None:
        web, males, female = get_web(state.web), state.males, state.female
        movers = own_movers(state)
        self.places: list[str] = [] if state.placed is not None or not state.stock[state.turn] \
            else [n for n in web.entry if n not in males and n != female]
        adjacent = web.adjacent
        self.steps: list[tuple[str, str]] = [(n, to) for n in movers for to in adjacent[n]
                                             if to not in males and to != female]
        near = adjacent[female]
        self.matings: list[str] = ([] if state.mating is not None
                                   else [n for n in movers if n in near])
        self.act_count = len(self.places) + len(self.steps) + len(self.matings)
        self.can_end = state.has_acted
        self.turnable = movers if self.can_end else self._turnable(movers)

    def _turnable(self, movers: list[str]) -> list[str]:
        """Before his first action: turning must not leave the player without the action
        he still owes (one by another male, or a placement)."""
        froms: set[str | None] = {n for n, _ in self.steps}
        froms.update(self.matings)
        if self.places:
            froms.add(None)
        if len(froms) > 1:
            return movers
        return [n for n in movers if n not in froms] if froms else []

    def act(self, index: int) -> Move:
        """The `index`-th of `acts()`."""
        if index < len(self.places):
            return place_of(self.places[index])
        index -= len(self.places)
        if index < len(self.steps):
            return step_of(*self.steps[index])
        return mate_of(self.matings[index - len(self.steps)])

    def acts(self) -> list[Move]:
        """Placements, moves, matings."""
        return [*map(Place, self.places), *(Step(*s) for s in self.steps),
                *map(Mate, self.matings)]


def placements(state: State) -> list[Place]:
    return [Place(n) for n in Choices(state).places]


def steps(state: State) -> list[Step]:
    return [Step(*s) for s in Choices(state).steps]


def matings(state: State) -> list[Mate]:
    return [Mate(n) for n in Choices(state).matings]


def actions(state: State) -> list[Move]:
    """The actions open to the player in turn: placements, moves, matings."""
    return Choices(state).acts()


def female_moves(state: State) -> list[Female]:
    return [Female(o.path) for o in her_walks(state)]


def her_walks(state: State) -> tuple[Outcome, ...]:
    """Her allowed walks for the disturbance waiting on `react`: those the disturbance
    found, if this state still holds them."""
    assert state.react is not None
    found = state.walks
    if found is None:
        found = walks(state.graph, state.female, state.males, state.react)
    return found


def legal_moves(state: State) -> list[Move]:
    """Every legal move of the player who moves next, in a fixed order."""
    if state.is_over():
        return []
    if state.react is not None:
        return list(female_moves(state))
    if state.roll:
        return list(ROLLS)
    choices = Choices(state)
    acts = choices.acts()
    if not choices.can_end and not acts:
        return [Pass()]
    return [*acts, *map(Done, choices.turnable), *([End()] if choices.can_end else [])]


# ------------------------------------------------------------------------------ applying
def apply(state: State, move: Move) -> State:
    """A new state after `move`; `state` is unchanged."""
    new = state.copy()
    apply_in_place(new, move)
    return new


def apply_in_place(state: State, move: Move) -> list[str]:
    """Play `move` (IllegalMove if the rules forbid it); changes `state`. Returns what
    followed, as short texts for a log (her walk, what she ate, the die, the game end)."""
    if state.is_over():
        raise IllegalMove(f"{move}: the game is over")
    if state.react is not None:
        return _choose_walk(state, move)
    state.walks = None
    if state.roll and not isinstance(move, Roll):
        raise IllegalMove(f"{move}: she has eaten; {state.opponent} rolls the die first "
                          "(roll 1..6)")
    if not state.roll:
        _check_action(state, move)
    return play_legal(state, move)


def play_legal(state: State, move: Move) -> list[str]:
    """`apply_in_place` for a move known to be legal (taken from `legal_moves` or the random
    player in a game not over): the action's checks are not made again."""
    state.walks = None                         # every move changes what they were found for
    if state.react is not None:
        return _walk_allowed(state, move)
    events: list[str] = []
    # The commonest moves first (a random game's moves are mostly steps and ends).
    if isinstance(move, Step):
        frm, to = move.frm, move.to
        del state.males[frm]
        state.males[to] = state.turn
        state.done.add(to)
        state.moved.append((frm, to))
        _disturb(state, to, events)
    elif isinstance(move, End):
        _end_turn(state)
    elif isinstance(move, Place):
        node = move.node
        state.stock[state.turn] -= 1
        state.males[node] = state.turn
        state.done.add(node)                   # a placed male cannot move this turn
        state.placed = node
        _disturb(state, node, events)
    elif isinstance(move, Roll):
        state.die, state.roll = move.value, False
        events.append(f"die {move.value} on her")
    elif isinstance(move, Mate):
        _mate(state, move, events)
    elif isinstance(move, Done):
        state.done.add(move.node)
    else:                                      # pass: no action is possible
        _end_turn(state)
        events.append("no action possible")
    return events


def _mate(state: State, move: Mate, events: list[str]) -> None:
    del state.males[move.frm]
    state.mated[state.turn] += 1
    state.mating = move.frm
    events.append(f"{state.turn} mated")
    # Ruling "The female's reaction": a mating is no disturbance, but counts a die down.
    if state.die is not None:
        events.append(_count_down(state))
    _game_end(state, events)


def _check_action(state: State, move: Move) -> None:
    """IllegalMove unless the player in turn may make `move` now."""
    if isinstance(move, (Female, Roll)):
        raise IllegalMove(f"{move}: the female only moves in reaction to a disturbance")
    web = state.graph
    for node in (getattr(move, "node", None), getattr(move, "frm", None),
                 getattr(move, "to", None)):
        if node is not None and not web.is_node(node):
            raise IllegalMove(f"{move}: no node {node} on the {web.name} web "
                              f"({web.node_names()})")
    if isinstance(move, Place):
        _check_place(state, move)
    elif isinstance(move, Step):
        _check_step(state, move)
    elif isinstance(move, Mate):
        if state.mating is not None:
            raise IllegalMove(f"{move}: one mating a turn (already from {state.mating})")
        _check_mover(state, move.frm, move)
        if not web.is_adjacent(move.frm, state.female):
            raise IllegalMove(f"{move}: the female ({state.female}) is not next to {move.frm}")
    elif isinstance(move, Done):
        _check_mover(state, move.node, move)
        if move not in legal_moves(state):
            raise IllegalMove(f"{move}: {state.turn} has not acted yet and this male's "
                              "moves are his only actions left")
    elif isinstance(move, End):
        if not state.has_acted:
            raise IllegalMove("end: at least one action (placement, move or mating) first")
    elif isinstance(move, Pass):
        if state.has_acted or actions(state):
            raise IllegalMove("pass: only when no action is possible")
    else:
        raise IllegalMove(f"{move!r} is not a Spider Twist move")


def _check_step(state: State, move: Step) -> None:
    _check_mover(state, move.frm, move)
    if not state.graph.is_adjacent(move.frm, move.to):
        raise IllegalMove(f"{move}: {move.to} is not next to {move.frm}")
    if move.to == state.female:
        raise IllegalMove(f"{move}: the female is on {move.to}; to mate write "
                          f"'mate {move.frm}'")
    if move.to in state.males:
        raise IllegalMove(f"{move}: a {state.males[move.to]} male is on {move.to}")


def _check_place(state: State, move: Place) -> None:
    if state.placed is not None:
        raise IllegalMove(f"{move}: one placement a turn (already on {state.placed})")
    if state.stock[state.turn] == 0:
        raise IllegalMove(f"{move}: {state.turn} has no male in stock")
    if not state.graph.is_entry(move.node):
        web = state.graph
        raise IllegalMove(f"{move}: males enter on the periphery ({web.entry[0]}.."
                          f"{web.entry[-1]})")
    if move.node in state.males:
        raise IllegalMove(f"{move}: a {state.males[move.node]} male is on {move.node}")
    if move.node == state.female:
        raise IllegalMove(f"{move}: the female is on {move.node}")


def _check_mover(state: State, node: str, move: Move) -> None:
    colour = state.males.get(node)
    if colour is None:
        raise IllegalMove(f"{move}: no male on {node}")
    if colour != state.turn:
        raise IllegalMove(f"{move}: the male on {node} is {colour}'s; {state.turn} moves "
                          "only his own")
    if node in state.done:
        why = ("placed this turn" if node == state.placed else
               "already moved or turned this turn")
        raise IllegalMove(f"{move}: the male on {node} was {why}")


def _count_down(state: State) -> str:
    before = state.die
    assert before is not None
    state.die = countdown(before)
    return COUNTED_DOWN[before]


# What the log says as each die value counts down (half the disturbances do)
COUNTED_DOWN = {v: f"die {v} -> {countdown(v)}" if countdown(v) else
                "die 1 removed: she reacts again" for v in DIE}


def _disturb(state: State, node: str, events: list[str]) -> None:
    """Ruling "The female's reaction": she reacts at once, or counts her die down."""
    if state.die is not None:
        events.append(_count_down(state))
        return
    web = get_web(state.web)
    steps = reach_count(web, state.males, node)
    found = outcomes(web, state.female, node, steps, state.males)
    if len(found) == 1:
        events.append(REACHES[steps])
        _walk(state, found[0], events)
    else:
        state.react, state.walks = node, found
        events.append(f"reach {steps}: {state.opponent} chooses her walk "
                      f"({len(found)} allowed)")


def _choose_walk(state: State, move: Move) -> list[str]:
    if not isinstance(move, Female):
        raise IllegalMove(f"{move}: the female must react to the disturbance on "
                          f"{state.react} first ({state.opponent} moves her)")
    found = her_walks(state)
    for outcome in found:
        if outcome.path == move.path:
            state.react, state.walks = None, None
            events: list[str] = []
            _walk(state, outcome, events, echo=False)
            return events
    allowed = ", ".join("-".join(o.path) for o in found)
    raise IllegalMove(f"{move}: not an allowed walk (allowed: {allowed})")


def _walk_allowed(state: State, move: Move) -> list[str]:
    """`_choose_walk` for one of her allowed walks: not looked for among them again. An
    allowed walk ends where she stops, on the first male she enters if any, so she eats
    the male on its last node, if there is one."""
    assert isinstance(move, Female)
    state.react = None
    events: list[str] = []
    _walk(state, outcome_of(move.path, state.males.get(move.path[-1])), events, echo=False)
    return events


def _walk(state: State, outcome: Outcome, events: list[str], echo: bool = True) -> None:
    """She walks `outcome` (echo: the log shows her walk, which no move spelt out)."""
    state.female = outcome.path[-1]           # where she stops
    text = "female " + "-".join(outcome.path) if echo else ""
    if outcome.eats is None:
        if echo:
            events.append(text)
        return
    del state.males[outcome.stops_at]
    state.done.discard(outcome.stops_at)
    state.eaten[outcome.eats] += 1
    events.append(f"{text} eats {outcome.eats}".strip())
    if not _game_end(state, events):
        state.roll = True              # a die is rolled and put on her


def _game_end(state: State, events: list[str]) -> bool:
    """Ruling "End and score": over at once when a player has one male left."""
    for c in COLOURS:
        n = state.left(c)
        if n <= 1:
            events.append(f"{GAME_OVER}: {c} has {n} male{'' if n == 1 else 's'} left")
            return True
    return False


def _end_turn(state: State) -> None:
    """The turn passes: the opponent's turn begins, nothing done in it yet."""
    state.done.clear()                 # all males face up again
    state.turn = OTHER[state.turn]
    state.placed, state.moved, state.mating = None, [], None

"""The rules a Spider Twist position keeps, each broken one a named `Problem`: where males
are placed and how they move this turn, how many each player has, what waits on the
female. read.py calls each check where the parts it needs have been read.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from pnp.rules.api import Problem
from pnp.rules.spider_twist.state import COLOURS, MALES
from pnp.rules.spider_twist.web import Web


@dataclass
class Parts:
    """What could be read of a state; None where a part could not be (its problem is
    already named), so the checks below skip what they cannot judge."""

    web: Web | None
    turn: str | None
    female: str | None
    die: int | None
    males: dict[str, str] | None
    done: set[str]
    stock: dict[str, int] | None
    mated: dict[str, int] | None
    eaten: dict[str, int] | None
    placed: str | None
    moved: list[tuple[str, str]]
    mating: str | None
    react: str | None
    roll: bool


def placement(web: Web, placed: str) -> list[Problem]:
    if web.is_entry(placed):
        return []
    return [Problem("not-an-entry", f"{placed} is not an entry node (males are placed on "
                    f"{web.entry[0]}..{web.entry[-1]})", "this_turn.placed")]


def step(web: Web, moved: list[tuple[str, str]], move: tuple[str, str],
         where: str) -> list[Problem]:
    """A move of this turn: one edge, and (ruling "A turn") each male moves at most once. A
    male leaving a node was there at the start of the turn, so no earlier move this turn
    left that node or went to it (a male who arrives is turned face down)."""
    frm, to = move
    if not web.is_adjacent(frm, to):
        return [Problem("not-adjacent", f"{frm} and {to} are not neighbours: a male moves "
                        "one edge", where)]
    for j, (a, b) in enumerate(moved):
        if frm in (a, b):
            how = ("the same move twice" if (a, b) == move else
                   f"a male left {frm} already" if frm == a else
                   f"the male who moved to {frm} moves again")
            return [Problem("moved-twice", f"{how} (this_turn.moves[{j}]): each male moves at "
                            "most once a turn", where)]
    return []


def males_on_web(males: dict[str, str]) -> list[Problem]:
    per = Counter(males.values())
    return [Problem("too-many-males", f"{per[c]} {c} males on the web; each player has {MALES}",
                    "males") for c in COLOURS if per[c] > MALES]


def consistency(p: Parts) -> list[Problem]:
    """The parts against each other: the female's node, every player's 10 males, turned
    males, what waits on her, this turn's mating."""
    out: list[Problem] = []
    if p.female is not None and p.males is not None and p.female in p.males:
        out.append(Problem("male-on-female", f"a {p.males[p.female]} male is on the female's "
                           f"node {p.female} (a male that reaches her is mated and leaves the "
                           "web)", "males"))
    out += _ten_each(p)
    if p.males is not None and p.turn is not None and p.web is not None:
        for node in sorted(p.done, key=p.web.index.__getitem__):
            if p.males[node] != p.turn:
                out.append(Problem("turned-out-of-turn", f"the {p.males[node]} male on {node} "
                                   f"is turned face down, but it is {p.turn}'s turn (all are "
                                   "face up between turns)", "males"))
    out += _pending(p)
    if p.female is not None and p.males is not None:
        out += _mating(p, p.female, p.males)
    return out


def _ten_each(p: Parts) -> list[Problem]:
    """Ruling "Components": each player's 10 males are on the web, in stock, mated or eaten."""
    if p.males is None or p.stock is None or p.mated is None or p.eaten is None:
        return []
    out = []
    for c in COLOURS:
        on_web = sum(1 for x in p.males.values() if x == c)
        total = on_web + p.stock[c] + p.mated[c] + p.eaten[c]
        if total != MALES:
            out.append(Problem("too-many-males" if total > MALES else "too-few-males",
                               f"{total} males (web {on_web} + stock {p.stock[c]} + mated "
                               f"{p.mated[c]} + eaten {p.eaten[c]}); each player has {MALES}",
                               c))
    return out


def _pending(p: Parts) -> list[Problem]:
    """A reaction waiting for her move, a die to roll, a die on her: one at a time."""
    out = []
    if p.react is not None:
        if p.roll:
            out.append(Problem("two-pending", "she cannot both wait to react and wait for a "
                               "die roll", "react"))
        if p.die is not None:
            out.append(Problem("react-with-die", f"she does not react while eating (die "
                               f"{p.die} on her)", "react"))
        if p.males is not None and p.turn is not None and p.males.get(p.react) != p.turn:
            out.append(Problem("react-without-male", f"no {p.turn} male on {p.react} to react "
                               "to (the disturber stands there until she moves)", "react"))
    if p.roll and p.die is not None:
        out.append(Problem("roll-with-die", f"a die ({p.die}) is already on her", "roll"))
    return out


def _mating(p: Parts, female: str, males: dict[str, str]) -> list[Problem]:
    """The mating male came from a node next to her. Only a placement or a move disturbs
    her (a mating does not), so without either this turn she is still where he met her:
    his node is next to hers, and empty. (After one, she may have walked anywhere.)"""
    if p.mating is None or p.placed is not None or p.moved or p.web is None:
        return []
    if not p.web.is_adjacent(p.mating, female):
        return [Problem("mated-too-far", f"the mating male came from {p.mating}, not next to "
                        f"the female on {female}, and nothing has disturbed her since",
                        "this_turn.mated")]
    if p.mating in males:
        return [Problem("mated-from-occupied", f"the mating male left {p.mating}, but a "
                        f"{males[p.mating]} male is there and nothing else moved",
                        "this_turn.mated")]
    return []

"""What a photo of the board cannot show, when no --state gives it: the options a player
types (the turn, the wells new this turn) and a state that fills the rest so the turn's
income is scored as the table stands.

A photo shows the board, the tracks (score mod 100, camels, offering, turn order) and
Ashur. The income of a turn (ruling "Income") needs besides only the turn (its reign sets
a new well's worth) and which wells are new this turn and whose (II.E); hands, the deck,
the sowing and the expansion cards do not change it, so they are filled with a neutral
setup's (no cards in hand, the whole deck) and `seen()` says so. A reign end (Ashur cards)
or the game end (hands) is not scored from a photo alone: that needs --state.
"""

from __future__ import annotations

from typing import Any

from pnp.inputs import quote
from pnp.rules.assyria.board import BoardError, board, colours
from pnp.rules.assyria.cards import REIGN_OF_TURN
from pnp.rules.assyria.validate import expected_expansion_cards
from referee.errors import BadOption

TURNS = tuple(str(t) for t in range(1, 9))


class BadUnseen(BadOption, ValueError):
    """A --turn or --new-wells the referee cannot take (a ValueError too, as an Option's
    parse raises: `pnp serve` answers it 400 in one line)."""


def parse_turn(value: Any) -> int | None:
    if value is None or str(value).strip() == "":
        return None
    text = str(value).strip()
    if text not in TURNS:
        raise BadUnseen(f"--turn must be 1 to 8 for assyria, not {value}")
    return int(text)


def parse_new_wells(value: Any) -> dict[str, list[str]] | None:
    """"red=H01/H02/H11;blue=..." (or a dict, or "none") -> {colour: [vertex, ...]}: each
    colour one of the game's, each vertex one of the board's (by its name)."""
    if value is None:
        return None
    if isinstance(value, dict):
        pairs = [(str(c), str(v)) for c, vs in value.items() for v in vs]
    else:
        text = str(value).strip()
        if text == "":
            return None
        if text.lower() in ("none", "no", "0", "-"):
            return {}
        pairs = [_new_well(part) for part in text.replace(",", ";").split(";")]
    out: dict[str, list[str]] = {}
    for colour, vertex in pairs:
        out.setdefault(_well_colour(colour), []).append(_well_vertex(vertex))
    return out


def _new_well(part: str) -> tuple[str, str]:
    colour, eq, vertex = part.strip().partition("=")
    if not eq or not colour.strip() or not vertex.strip():
        raise BadUnseen(f"--new-wells: write colour=vertex (e.g. red=H01/H02/H11; "
                        f"'none'), not {quote(part.strip())}")
    return colour.strip(), vertex.strip()


def _well_colour(text: str) -> str:
    colour = text.lower()
    if colour not in colours():
        raise BadUnseen(f"--new-wells: {quote(text)} is not a colour of assyria "
                        f"(choose from {', '.join(colours())})")
    return colour


def _well_vertex(text: str) -> str:
    try:
        vertex = board().vertices[board().parse_vertex(text)]
    except BoardError as exc:
        raise BadUnseen(f"--new-wells: {exc}") from None
    return vertex.name


def in_play(new_wells: dict[str, list[str]] | None, players: list[str]) -> None:
    """A new well's colour must be a player's (known once the photo or --state is read)."""
    strangers = sorted(c for c, vs in (new_wells or {}).items() if vs and c not in players)
    if strangers:
        raise BadUnseen(f"--new-wells: {', '.join(strangers)} is not in play "
                        f"(the players are {', '.join(players) or 'none seen'})")


def show_new_wells(value: Any) -> str:
    if value is None:
        return ""
    wells = parse_new_wells(value) or {}
    return "; ".join(f"{c}={v}" for c, vs in wells.items() for v in vs) or "none"


def neutral_state(players: list[str], turn: int) -> dict[str, Any]:
    """A legal state of `players` due turn `turn`'s income, with nothing a photo can show
    (the pipeline puts the board, tracks and Ashur in) and neutral cards: no hand, the
    whole deck, the ploughs used, the reign's expansion cards in the slots."""
    from pnp.rules.assyria.game import players_of
    from pnp.rules.assyria.phases import new_game

    data = new_game(0, players_of(players)).to_json()
    deck: dict[str, int] = {}
    for cards in [*data["hands"].values(), *(c or [] for c in data["sowing"])]:
        for card in cards:
            if card != "plough":
                deck[card] = deck.get(card, 0) + 1
    for card, k in data["deck"].items():
        deck[card] = deck.get(card, 0) + k
    slots = expected_expansion_cards(turn, "income")
    cards = sorted([*data["expansion"], *data["expansion_deck"]], reverse=True)
    data.update(turn=turn, reign=REIGN_OF_TURN[turn], phase="income", to_move=None,
                hands={c: [] for c in players}, used_ploughs=len(players), deck=deck,
                discard={}, sowing=[], harvest={}, draft=[], expansion=cards[:slots],
                expansion_deck=cards[slots:], expansion_out=[])
    return data

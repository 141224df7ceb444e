"""Everything Assyria prints, as data: the card faces, the tokens, the component list.

Pure (no reportlab). Facts from the rules core (pnp.rules.assyria.cards; ruling
"Components"): 54 cards (40 food, 4 ploughs, 9 expansion, 1 bonus), per player 10 huts,
4 ziggurat bases, centres and roofs, 4 discs; 16 wells.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

from pnp import layouts
from pnp.geometry.assyria import token_size
from pnp.printing.game import page_component
from pnp.printing.placement import Component, Options, grid_capacity
from pnp.rules.assyria import cards as rules_cards
from pnp.rules.assyria.board import FOODS
from pnp.units import mm


@dataclass(frozen=True)
class CardFace:
    """A card design and how many of it the game has."""
    key: str            # "grape-2", "wild", "plough", "expansion-3", "bonus"
    deck: str           # its back: "food", "plough" or "expansion"
    count: int          # identical cards in the game

    @property
    def food(self) -> str | None:
        return self.key.rsplit("-", 1)[0] if self.deck == "food" and self.key != "wild" else None

    @property
    def value(self) -> int:
        """Symbols of a food card (1 for wild), an expansion card's value, the bonus's 4."""
        if self.deck == "food":
            return rules_cards.symbols(self.key)
        if self.key == "bonus":
            return rules_cards.BONUS_VALUE
        if self.deck == "expansion":
            return int(self.key.rsplit("-", 1)[1])
        return 1


@cache
def card_faces() -> tuple[CardFace, ...]:
    """The distinct card faces, in print order: food by food (1, 2, 3 symbols), wild,
    ploughs, expansion 2, 3, 4, bonus."""
    faces = [CardFace(f"{food}-{n}", "food", rules_cards.FOOD_DECK[f"{food}-{n}"])
             for food in FOODS for n in (1, 2, 3)]
    faces.append(CardFace(rules_cards.WILD, "food", rules_cards.FOOD_DECK[rules_cards.WILD]))
    faces.append(CardFace(rules_cards.PLOUGH, "plough", rules_cards.PLOUGHS))
    faces += [CardFace(f"expansion-{v}", "expansion", n)
              for v, n in sorted(rules_cards.EXPANSION_CARDS.items())]
    faces.append(CardFace("bonus", "expansion", 1))
    assert sum(f.count for f in faces) == 54
    return tuple(faces)


def face_of(component_id: str) -> CardFace:
    """The face a card component prints ("grape-2.1" -> grape-2)."""
    key = component_id.split(".", 1)[0]
    for face in card_faces():
        if face.key == key:
            return face
    raise KeyError(f"no card {component_id!r}")


def card_size() -> tuple[float, float]:
    data = layouts.load("assyria")["print"]["cards"]
    return mm(data["width"]), mm(data["height"])


def card_corner() -> float:
    return mm(layouts.load("assyria")["print"]["cards"]["corner"])


def cards_landscape(options: Options) -> bool:
    """Whether cards go on the sheet turned a quarter (88 wide, 63 high): when more fit a
    sheet that way (A4 and Letter with bleed; A3 holds more upright)."""
    w, h = card_size()
    mx, my = options.furniture.margins
    inner_w = options.paper.width - 2 * mx
    inner_h = options.paper.height - 2 * my
    up = grid_capacity(inner_w, inner_h, w, h, options.bleed)
    turned = grid_capacity(inner_w, inner_h, h, w, options.bleed)
    return turned[0] * turned[1] > up[0] * up[1]


def card_components(landscape: bool = False) -> list[Component]:
    """The 54 cards, one component each ("grape-2.1", "grape-2.2", ...), with their deck's
    back and rounded corners. `landscape`: laid on the sheet turned a quarter (the drawing
    turns the art)."""
    w, h = card_size()
    if landscape:
        w, h = h, w
    return [Component(f"{face.key}.{n}", "card", w, h, back=face.deck,
                      corner_radius=card_corner(), turnable=True)
            for face in card_faces() for n in range(1, face.count + 1)]


# --- Tokens ------------------------------------------------------------------------------

PLAYER_TOKEN_KINDS = ("hut", "base", "centre", "roof", "disc")   # every player has his own
TOKEN_COUNTS = {"hut": rules_cards.HUTS, "base": rules_cards.ZIGGURATS,
                "centre": rules_cards.ZIGGURATS, "roof": rules_cards.ZIGGURATS, "disc": 4}
def players() -> tuple[str, ...]:
    return tuple(layouts.load("assyria")["game"]["colours"])


def token_shape(kind: str) -> str:
    return "round" if kind in ("disc", "well") else "rect"


def token_components() -> list[Component]:
    """Per kind, every player's pieces (grids of one size): huts, ziggurat bases, centres,
    roofs, discs; then the 16 wells (the most any game uses, ruling "Player count")."""
    out = []
    for kind in PLAYER_TOKEN_KINDS:
        size = token_size(kind)
        for player in players():
            out += [Component(f"{kind}-{player}-{n:02d}", kind, size, size,
                              shape=token_shape(kind))
                    for n in range(1, TOKEN_COUNTS[kind] + 1)]
    size = token_size("well")
    wells = max(rules_cards.WELLS.values())
    out += [Component(f"well-{n:02d}", "well", size, size, shape="round")
            for n in range(1, wells + 1)]
    return out


def token_player(component_id: str) -> str | None:
    """The player colour of a token ("hut-red-03" or "hut-red" -> red), None for a well."""
    parts = component_id.split("-")
    return None if parts[0] == "well" else parts[1]


# --- Everything --------------------------------------------------------------------------

def assyria_components(options: Options) -> list[Component]:
    """In print order: the board's pieces, the cards, the tokens, the player aid (the build
    puts the print check first)."""
    from pnp.printing.assyria.board import plan, split_board
    from pnp.printing.split.pieces import piece_components

    pieces = plan(options.paper, options.bleed, options.furniture)
    components = piece_components(split_board(), pieces, kind="board")
    components += card_components(cards_landscape(options))
    components += token_components()
    components.append(page_component("aid", options.paper))
    return components

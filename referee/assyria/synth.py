"""Assyria's scene for the shared photo generator (referee.synth): the board with huts,
ziggurats (base, centre and roof stacked by hand) and wells on it, put down by hand, and
the cards a table has: expansion cards in their slots, a used plough, the deck and the
sowing row beside the board.

Faces: the PDF's own (`pnp.printing.export.render_faces` of the game's printing part).
Tokens are card slabs (`Pieces`: thickness, cut edge): a hut or a ziggurat lies off its
hex's centre by the hand's jitter, never more than a third of a hex's inner radius (the
referee's limit); a ziggurat's centre and roof lie on the level under them, each laid by
hand a few mm off it; a well sits on its vertex. Truth: the rules core's seeded random
game stopped at a random point (`simulated_state`).

    python -m referee.assyria.synth --example   # examples/assyria.jpg + assyria-photo-state.json
"""

from __future__ import annotations

import argparse
import math
import random
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import numpy as np

from pnp.geometry import assyria as geometry
from pnp.geometry.assyria import token_size
from referee.synth import Conditions, Face, Layer, Layout, SynthPhoto, affine, example, shoot
from referee.synth.camera import disc, nudge
from referee.synth.solids import flat_lift

FACE_DPI = 200
KINDS = ("hut", "base", "centre", "roof", "disc")


@cache
def faces() -> dict[str, np.ndarray]:
    """Faces by kind ("board", "hut-red", "base-blue", ..., "well"; cards as "card-<stem>",
    "card-back" the food deck's back), once per process."""
    import cv2

    from pnp.games import part
    from pnp.printing.build import BuildRequest
    from pnp.printing.export import render_faces

    out: dict[str, np.ndarray] = {}
    request = BuildRequest("assyria", printing=part("assyria", "printing"))
    for stem, pil in render_faces(request, FACE_DPI):
        image = cv2.cvtColor(np.asarray(pil), cv2.COLOR_RGB2BGR)
        parts = stem.split("-")
        if stem == "wild-back":
            out["card-back"] = image
        elif stem.endswith("-back"):
            continue
        elif stem == "board" or parts[0] == "well":
            out.setdefault(parts[0], image)
        elif parts[0] in KINDS and len(parts) >= 2:
            out.setdefault(f"{parts[0]}-{parts[1]}", image)
        elif image.shape[0] > image.shape[1]:
            out[f"card-{stem}"] = image
    return out


# the cut edge of a token: grey board, a tan or a white card under the print
EDGES = ((150, 155, 160), (120, 160, 190), (225, 228, 230))


@dataclass(frozen=True)
class Pieces:
    """How a player's set is made and laid: token thickness (mm) and the cut edges'
    colours; how far (at most, mm) each ziggurat level lies off the one below; whether
    the table has its cards (expansion cards in their slots, a used plough, the deck and
    the sowing row beside the board)."""

    token_mm: float = 1.5
    edges: tuple[tuple[int, int, int], ...] = EDGES
    level_off_mm: float = 3.0
    cards: bool = True


# --- states --------------------------------------------------------------------------------

def simulated_state(seed: int, players: int = 4) -> dict:
    """A random legal state as state JSON, due its turn's scoring: the rules core's seeded
    random game stopped at the end of a random turn's actions, in phase "income" (what the
    table looks like when the referee is asked to score the turn)."""
    from pnp.rules.assyria.game import players_of, random_move
    from pnp.rules.assyria.phases import new_game
    from pnp.rules.assyria.play import apply_in_place

    rng = random.Random(seed)
    state = new_game(seed, players_of(players))
    due = []
    while state.phase != "over":
        before = state.to_json()
        apply_in_place(state, random_move(state, rng))
        if before["phase"] == "actions" and state.turn != before["turn"]:
            before.update(phase="income", to_move=None)
            due.append(before)
    return due[rng.randrange(len(due))]


# --- placing by hand ---------------------------------------------------------------------

def _square(size: float) -> np.ndarray:
    return np.array([[0, 0], [size, 0], [size, size], [0, size]], float)




def _token(kind: str, at, turn: float, name: str | None = None) -> Face:
    """A token flat on the table (`_slab` gives it its thickness)."""
    size = token_size(kind.split("-")[0])
    image = faces()[kind]
    alpha = None
    outline = _square(size)
    if kind == "well" or kind.startswith("disc"):
        n = image.shape[0]
        yy, xx = np.mgrid[:n, :n]
        alpha = (((xx - (n - 1) / 2) ** 2 + (yy - (n - 1) / 2) ** 2) <= (n / 2) ** 2
                 ).astype(np.uint8) * 255
        outline = disc(size)
    return Face(image, affine(float(at[0]), float(at[1]), turn) @ affine(-size / 2, -size / 2),
                outline, FACE_DPI, alpha, name=name)


def _slab(token: Face, base: float, thickness: float, edge: tuple[int, int, int]) -> Face:
    """`token` as a card slab of `thickness` mm lying on something `base` mm high."""
    return replace(token, lift=flat_lift(base + thickness), wall=(thickness, edge))


def max_offset() -> float:
    """The farthest a piece lies off its hex centre in the generated photos: a third of
    the hex (its width flat to flat), never onto another piece (a hand does not stack
    pieces on each other)."""
    return geometry.spec().side * math.sqrt(3) / 3


def _reach(kind: str) -> float:
    """Half a piece's diagonal: no other piece within the sum of two reaches."""
    return token_size(kind) / 2 * (1.0 if kind == "well" else math.sqrt(2))


def track_places(state: dict) -> list[tuple[str, str, str]]:
    """(kind, colour, space id) of every player's piece off the map, as players keep them:
    a disc on the score (mod 100), camel and offering tracks and on the turn order; the
    huts in Ashur on its spaces, leftmost first (ruling III, Ashur)."""
    out = []
    for c in state["players"]:
        out.append(("disc", c, f"score-{state.get('score', {}).get(c, 0) % 100}"))
        out.append(("disc", c, f"camel-{state.get('camels', {}).get(c, 0)}"))
        out.append(("disc", c, f"offering-{state.get('offering', {}).get(c, 0)}"))
    for k, c in enumerate(state.get("order", [])):
        out.append(("disc", c, f"turn-{k + 1}"))
    for tier, huts in state.get("ashur", {}).items():
        out += [("hut", c, f"ashur-{tier}-{k + 1}") for k, c in enumerate(huts)]
    return out


def _fan(box, count: int) -> list[np.ndarray]:
    """Where `count` discs on one space lie: spread along the space's diagonal so each
    shows (a player keeps every disc in view), inside the space."""
    x0, y0, x1, y1 = box
    centre = np.array([(x0 + x1) / 2, (y0 + y1) / 2])
    if count == 1:
        return [centre]
    room = np.array([x1 - x0, y1 - y0]) - token_size("disc")
    ends = [centre - room / 2, centre + room / 2]
    return [ends[0] + (ends[1] - ends[0]) * k / (count - 1) for k in range(count)]


def track_faces(state: dict, cond: Conditions, rng: np.random.Generator,
                 slab) -> list[Face]:
    spaces = {sp.id: sp for sp in geometry.track_spaces()}
    by_space: dict[str, list[tuple[str, str]]] = {}
    for kind, colour, space in track_places(state):
        by_space.setdefault(space, []).append((kind, colour))
    out = []
    for space, pieces in by_space.items():
        order = [pieces[k] for k in rng.permutation(len(pieces))]   # who moved there last
        # the hand is off by up to 1 mm for the whole fan, and a disc on a fan by a little
        # more: each keeps its crescent in view (independent 1 mm nudges of four discs
        # 2.3 mm apart could hide one entirely, which a player would not leave so)
        whole = nudge(rng, min(1.0, cond.jitter_mm))
        for k, ((kind, colour), at) in enumerate(zip(order, _fan(spaces[space].box,
                                                                 len(order)), strict=True)):
            at = at + whole + (nudge(rng, 0.3) if len(order) > 1 else 0.0)
            turn = rng.uniform(0, 360) if kind == "disc" else rng.uniform(-8, 8)
            # a fanned disc rests on the one under it
            out.append(slab(_token(f"{kind}-{colour}", at, turn, name=space), k))
    return out


def _place(rng: np.random.Generator, centre, kind: str, most: float,
           placed: list[tuple[np.ndarray, float]]) -> np.ndarray:
    reach = _reach(kind)
    at = np.array(centre, float)
    for attempt in range(40):
        limit = most * (1 - attempt / 40)
        at = np.array(centre, float) + nudge(rng, limit)
        if all(np.hypot(*(at - q)) >= reach + r for q, r in placed):
            break
    placed.append((at, reach))
    return at


def layout(state: dict, cond: Conditions, rng: np.random.Generator,
            pieces: Pieces = Pieces()) -> Layout:
    places = {h.name: h.centre for h in geometry.hexes()}
    wells_at = {w.name: w.at for w in geometry.wells()}
    most = min(max_offset(), 4.0 * cond.jitter_mm)
    thick = pieces.token_mm
    edge = pieces.edges[int(rng.integers(len(pieces.edges)))]

    def slab(face: Face, under: int) -> Face:      # on `under` tokens' thickness
        return _slab(face, under * thick, thick, edge)

    low: list[Face] = []
    mid: list[Face] = []
    top: list[Face] = []
    placed: list[tuple[np.ndarray, float]] = []
    for name in state.get("wells", []):
        at = _place(rng, wells_at[name], "well", 1.0, placed)
        low.append(slab(_token("well", at, rng.uniform(0, 360), name=f"well {name}"), 0))
    for name, colour in state.get("huts", {}).items():
        at = _place(rng, places[name], "hut", most, placed)
        low.append(slab(_token(f"hut-{colour}", at, rng.uniform(0, 360), name=name), 0))
    for name, zig in state.get("ziggurats", {}).items():
        at = _place(rng, places[name], "base", most, placed)
        turn = rng.uniform(0, 360)
        low.append(slab(_token(f"base-{zig['owner']}", at, turn, name=name), 0))
        # each level laid by hand a little off the one below (it stays on it)
        if zig["level"] >= 2:
            at = at + nudge(rng, min(pieces.level_off_mm, 3.5))
            turn += rng.uniform(-cond.jitter_deg, cond.jitter_deg) * 2
            mid.append(slab(_token(f"centre-{zig['owner']}", at, turn), 1))
        if zig["level"] >= 3:
            at = at + nudge(rng, min(pieces.level_off_mm, 3.5))
            top.append(slab(_token(f"roof-{zig['owner']}", at, turn + rng.uniform(-20, 20)),
                            2))
    low += track_faces(state, cond, rng, slab)
    cards = _cards(state, rng) if pieces.cards else []
    w, h = geometry.board_size()
    board = Face(faces()["board"], affine(0, 0), _square(1) * [w, h], FACE_DPI,
                 key="assyria-board")
    outline = np.array(geometry.outline(), float)
    markers = {m.id: np.array(m.corners, float) for m in geometry.markers()}

    def layers(h_cam: np.ndarray, shape: tuple[int, ...], rng_props: np.random.Generator
               ) -> list[Layer]:
        # a 1.5 mm slab's soft shadow; each level up casts a little further
        return [Layer([board], (0.6, 1.0, 0.25)), Layer(cards, (1.2, 1.5, 0.3)),
                Layer(low, (1.4, 1.0, 0.4)), Layer(mid, (1.2, 1.0, 0.35)),
                Layer(top, (1.2, 1.0, 0.35))]

    return Layout(outline, outline, markers, layers)


CARD_MM = 0.35                      # a printed card's thickness
DECK_MM = 12.0                      # the food deck's height


def _card(stem: str, at, turn: float, base: float = 0.0, thickness: float = CARD_MM
          ) -> Face:
    """A card (its face by stem, "back" face down) with its top left at `at` (mm)."""
    image = faces()[f"card-{stem}"]
    s = geometry.spec()
    size = np.array([[0, 0], [s.card_w, 0], [s.card_w, s.card_h], [0, s.card_h]], float)
    return Face(image, affine(float(at[0]), float(at[1]), turn), size,
                image.shape[1] / s.card_w * 25.4,
                lift=flat_lift(base + thickness), wall=(thickness, (215, 222, 226)))


def _cards(state: dict, rng: np.random.Generator) -> list[Face]:
    """The cards on a table: the reign's expansion cards in their slots (each on the one
    before), a used plough in its space, the deck face down and the sowing row face up
    beside the board, each laid by hand a little off and turned."""
    out = []
    slots = geometry.expansion_slots()
    for k, value in enumerate(state.get("expansion", [])[:len(slots)]):
        x0, y0, *_ = slots[k].box
        g = geometry.spec().card_gap
        out.append(_card(f"expansion-{value}", np.array([x0 + g, y0 + g]) + nudge(rng, 1.0),
                         rng.uniform(-2, 2), base=k * CARD_MM))
    if state.get("used_ploughs", 0) > 0:
        x0, y0, *_ = geometry.plough_slot().box
        out.append(_card("plough", np.array([x0, y0]) + nudge(rng, 1.5), rng.uniform(-3, 3)))
    w, _h = geometry.board_size()
    s = geometry.spec()
    out.append(_card("back", (w + 12 + rng.uniform(0, 8), 40 + rng.uniform(0, 20)),
                     rng.uniform(-6, 6), thickness=DECK_MM))
    row = [c for column in state.get("sowing", []) if column for c in column if c]
    for k, stem in enumerate(row):
        at = (w + 12 + (k % 2) * (s.card_w + 6), 150 + (k // 2) * (s.card_h * 0.45))
        out.append(_card(stem, np.add(at, nudge(rng, 2.0)), rng.uniform(-5, 5)))
    return out


def photo(state: dict, conditions: Conditions, seed: int,
          pieces: Pieces = Pieces()) -> SynthPhoto:
    """A phone photo of `state` (state JSON) under `conditions`; same seed, same photo.
    `corners` holds each hut's and ziggurat base's outline by hex name, wells by
    "well <vertex>", discs and Ashur's huts by space. `pieces`: how the set is made."""
    return shoot(state, lambda rng: layout(state, conditions, rng, pieces), conditions,
                 seed)


# --- the example ---------------------------------------------------------------------------

EXAMPLE_SEED = 5
# examples/assyria.jpg and assyria-photo-state.json (what --state gives)
EXAMPLE = example.Example("assyria", lambda: simulated_state(EXAMPLE_SEED, 4),
                          json_name="assyria-photo-state.json")


def main(argv: list[str] | None = None) -> int:
    def add_options(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--players", type=int, default=4, choices=(2, 3, 4))

    return example.main(argv, description=__doc__.splitlines()[0], example=EXAMPLE,
                        photograph=photo, add_options=add_options,
                        random_state=lambda a: simulated_state(a.seed, a.players),
                        out=Path("output/assyria-synth.jpg"))


if __name__ == "__main__":
    raise SystemExit(main())

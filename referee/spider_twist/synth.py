"""Spider Twist's scene for the shared photo generator (referee.synth): the board with the
side in play up, the males on their nodes (picture face up, or turned when done), the
female with the die on her, mated and eaten males in the players' areas, put down by hand.

Faces: the PDF's own (`pnp.printing.export.render_faces` of the game's printing part; a done
male is his token's back); the die's top face is drawn from the layout data (sketch.py),
flat on the female (the generator has no height). A male lies off his node by the hand's
jitter, up to a third of his width (the ruling's limit) under the default conditions, never
on another male, turned any way (they are round); area males lie near their slots. Truth:
a seeded random legal game (the rules core's simulator) stopped at a random point. Which
nodes the die leans over in a photo (`die_hides`) is worked out from the same seeded hand
and camera, without drawing it.

    python -m referee.spider_twist.synth --example   # examples/spider-twist.jpg and .json
"""

from __future__ import annotations

import argparse
import random
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from pnp.geometry import spider_twist as geometry
from referee.spider_twist import sketch
from referee.synth import Conditions, Face, Layer, Layout, SynthPhoto, affine, example, shoot
from referee.synth import transform as _apply
from referee.synth.camera import disc, nudge
from referee.synth.photo import photo_camera, streams
from referee.synth.solids import cube_sides, flat_lift, lifted_outline, shaded, top_placement

FACE_DPI = sketch.DPI
# every face the scene needs ("-done": a male's back, turned face up)
FACE_KINDS = ("board-rings", "board-spiral", "male-white", "male-white-done", "male-black",
              "male-black-done", "female")


@cache
def faces() -> dict[str, np.ndarray]:
    """Faces by kind (FACE_KINDS, and "die-1".."die-6"), rendered once per process (about
    2.5 s): the PDF's own, the die's top face drawn from the layout data."""
    from pnp.games import part
    from pnp.printing.build import BuildRequest
    from pnp.printing.export import render_faces

    # a male's "done" face is the back of his token
    named = {kind.replace("-done", "-back") if kind.endswith("-done") else kind: kind
             for kind in FACE_KINDS}
    request = BuildRequest("spider-twist", printing=part("spider-twist", "printing"))
    out = {named[stem]: cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2BGR)
           for stem, image in render_faces(request, FACE_DPI) if stem in named}
    missing = sorted(set(FACE_KINDS) - set(out))
    if missing:
        raise RuntimeError(f"the Spider Twist export has no face for {', '.join(missing)}")
    for pips in range(1, 7):
        out[f"die-{pips}"] = sketch.die_face(pips)
    return out


# --- states --------------------------------------------------------------------------------

def simulated_state(seed: int, web: str = "rings") -> dict:
    """A random legal state: the rules core's seeded random game stopped at a random move
    (never before the first placement), as state JSON."""
    from pnp.rules.spider_twist.game import initial_state, random_move
    from pnp.rules.spider_twist.play import apply_in_place

    rng = random.Random(seed)
    state = initial_state(seed, 2, web)
    history = [state.copy()]
    while not state.is_over():
        apply_in_place(state, random_move(state, rng))
        history.append(state.copy())
    stop = rng.randrange(max(1, len(history) // 4), len(history))
    chosen = history[stop]
    data = chosen.to_json()
    return data


# --- placing by hand ---------------------------------------------------------------------------

# Tokens are printed card glued on greyboard (the player aid's advice): slabs this thick,
# whose cut edge shows at a tilt in one of these colours (BGR: grey board, a white card's
# core, brown board); a real die, any size players use, stands on the female.
EDGES = ((128, 134, 138), (214, 222, 226), (92, 118, 142))


@dataclass(frozen=True)
class Pieces:
    """How a player's set is made: the tokens' thickness, the die's sizes, the cut edges'
    colours (one drawn per photo)."""

    token_mm: float = 2.0
    die_mm: tuple[float, float] = (12.0, 16.0)
    edges: tuple[tuple[int, int, int], ...] = EDGES


def _token(kind: str, centre: tuple[float, float], turn: float, width: float,
           name: str | None = None) -> Face:
    """A token flat on the table (`_slab` gives it its thickness)."""
    n = faces()[kind].shape[0]
    return Face(faces()[kind], affine(centre[0], centre[1], turn) @ affine(-width / 2,
                                                                           -width / 2),
                disc(width), FACE_DPI, sketch.disc_alpha(n), name=name)


def _slab(token: Face, thickness: float, edge: tuple[int, int, int]) -> Face:
    return replace(token, lift=flat_lift(thickness), wall=(thickness, edge))


def _die(pips: int, at: np.ndarray, turn: float, side: float, base: float,
         h_cam: np.ndarray) -> list[Face]:
    """A real die standing on the female: its sides (farthest first, the pips a die has
    round `pips`: opposite faces add to 7), then its top face."""
    dpi = faces()[f"die-{pips}"].shape[0] / side * 25.4
    square = np.array([[0, 0], [side, 0], [side, side], [0, side]], float)
    around = [p for p in (1, 2, 3, 6, 5, 4) if p not in (pips, 7 - pips)]
    out = []
    for k, to_table, lift, light in cube_sides(tuple(at), turn, side, base, h_cam):
        out.append(Face(shaded(faces()[f"die-{around[k]}"], light), to_table, square, dpi,
                        lift=lift))
    out.append(Face(faces()[f"die-{pips}"], top_placement(tuple(at), turn, side), square, dpi,
                    name="die", lift=flat_lift(base + side)))
    return out




@dataclass(frozen=True)
class Placed:
    """Where the hand put everything (table mm), before any face is drawn: tokens as
    (kind, centre, turn, width, name), the female, the die (pips, centre, turn) and its
    side, the tokens' thickness and cut edge's colour."""

    tokens: list[tuple[str, np.ndarray, float, float, str]]
    female: tuple[np.ndarray, float]
    die: tuple[int, np.ndarray, float] | None
    die_side: float
    thick: float
    edge: tuple[int, int, int]


def _place(state: dict, cond: Conditions, rng: np.random.Generator,
           offsets: dict[str, tuple[float, float]] | None = None,
           pieces: Pieces = Pieces()) -> Placed:
    s = geometry.spec()
    centres = geometry.node_centres(state["web"])
    # a hand puts a token roughly on its node: up to a third of its width off (ruling
    # "Components"; layouts [tokens] off_node) at the default jitter (twice jitter_mm, at
    # most the third; none with no jitter), never onto another token: tokens are card
    male_off = min(2 * cond.jitter_mm, s.male * s.off_node)
    female_at = np.array(centres[state["female"]]) + nudge(rng, min(cond.jitter_mm,
                                                                    s.female / 4))
    tokens: list[tuple[str, np.ndarray, float, float, str]] = []
    placed: list[np.ndarray] = []
    for m in state["males"]:
        kind = f"male-{m['colour']}" + ("-done" if m.get("done") else "")
        at = _lay(np.array(centres[m["node"]]), male_off, placed, female_at, rng)
        if offsets and m["node"] in offsets:          # a test's own hand
            at = np.array(centres[m["node"]]) + np.array(offsets[m["node"]], float)
        placed.append(at)
        tokens.append((kind, at, rng.uniform(0, 360), s.male, m["node"]))
    for a in geometry.areas():
        count = state[a.kind][a.colour]
        for k in range(count):
            at = np.array(a.slots[k]) + nudge(rng, min(cond.jitter_mm, 3.0))
            tokens.append((f"male-{a.colour}", at, rng.uniform(0, 360), s.male,
                           f"{a.colour}-{a.kind}-{k}"))
    female = (female_at, rng.uniform(0, 360))
    die = None
    if state.get("die") is not None:
        die = (state["die"], female_at + nudge(rng, 2.5), rng.uniform(0, 90))
    # drawn last, so the hand's placements above are as they were without them
    edge = pieces.edges[int(rng.integers(len(pieces.edges)))]
    return Placed(tokens, female, die, rng.uniform(*pieces.die_mm), pieces.token_mm, edge)


def _layout(state: dict, cond: Conditions, rng: np.random.Generator,
            offsets: dict[str, tuple[float, float]] | None = None,
            pieces: Pieces = Pieces()) -> Layout:
    s = geometry.spec()
    side = state["web"]
    put = _place(state, cond, rng, offsets, pieces)
    thick, edge, die = put.thick, put.edge, put.die
    tokens = [_slab(_token(kind, tuple(at), turn, width, name=name), thick, edge)
              for kind, at, turn, width, name in put.tokens]
    female = _slab(_token("female", tuple(put.female[0]), put.female[1], s.female,
                          name="female"), thick, edge)
    board_px = faces()[f"board-{side}"]
    x0, y0, x1, y1 = geometry.board_box()
    outline = np.array(geometry.outline(), float)
    board = Face(board_px, affine(x0, y0),
                 np.array([[0, 0], [x1 - x0, 0], [x1 - x0, y1 - y0], [0, y1 - y0]]), FACE_DPI,
                 key=f"spider-board-{side}")
    markers = {m.id: np.array(m.corners, float) for m in geometry.board_markers(side)}
    spare = cond.spare_pieces

    def layers(h_cam: np.ndarray, shape: tuple[int, ...], rng_props: np.random.Generator
               ) -> list[Layer]:
        heap = [_slab(t, thick, edge) for t in _spare(state, spare, rng_props)]
        on_top = [] if die is None else _die(die[0], die[1], die[2], put.die_side, thick,
                                              h_cam)
        # a 2 mm slab's soft shadow; the die's, from its height, falls further
        return [Layer([board], (0.6, 1.0, 0.25)),
                Layer([*tokens, female, *heap], (1.6, 1.2, 0.4)),
                Layer(on_top, (5.0, 3.0, 0.35))]

    return Layout(outline, outline, markers, layers)


def _lay(node: np.ndarray, most: float, placed: list[np.ndarray], female: np.ndarray,
         rng: np.random.Generator) -> np.ndarray:
    """Where a hand puts a male for `node`: up to `most` mm off it, clear of the males
    already down (nodes are 17.5 mm apart, males 17 mm wide: a male pushed towards a
    neighbour's would lie on him) and no further under the female than on his node (she
    is large and overhangs her neighbours' nodes). Centred if no nudge fits."""
    s = geometry.spec()
    to_female = float(np.hypot(*(node - female)))
    for _try in range(12):
        at = node + nudge(rng, most)
        if (all(np.hypot(*(at - p)) >= s.male + 0.3 for p in placed)
                and np.hypot(*(at - female)) >= min(to_female, s.female / 2 + s.male / 2)):
            return at
    return node


def _spare(state: dict, count: int, rng: np.random.Generator) -> list[Face]:
    """Stock males in a loose heap beside the board (off it: they are not in play)."""
    if count <= 0:
        return []
    s = geometry.spec()
    stock = [c for c in ("white", "black") for _ in range(state["stock"][c])][:count]
    if not stock:
        return []
    side = 1 if rng.uniform() < 0.5 else -1
    middle = np.array([rng.uniform(-100, 100), side * (s.height / 2 + 25)])
    out = []
    for k, c in enumerate(stock):
        at = middle + np.array([(k % 6) * (s.male + 1.5), side * (k // 6) * (s.male + 1.5)])
        at += rng.normal(0, 1.0, 2)
        out.append(_token(f"male-{c}", tuple(at), rng.uniform(0, 360), s.male))
    return out


def photo(state: dict, conditions: Conditions, seed: int,
          offsets: dict[str, tuple[float, float]] | None = None,
          pieces: Pieces = Pieces()) -> SynthPhoto:
    """A phone photo of `state` (state JSON) under `conditions`; same seed, same photo.
    `corners` holds each token's outline in the photo: by node for males on the web,
    "female", "die", and "<colour>-<kind>-<k>" for area males. `offsets`: node -> (dx, dy)
    mm, where a test puts those males instead of the hand. `pieces`: how the set is made."""
    return shoot(state, lambda rng: _layout(state, conditions, rng, offsets, pieces),
                 conditions, seed)


# What the die must cover of a node for the photo not to show it plainly: any of a male's
# middle or of an empty node's bead in view (the print's bead's width round the node: his
# face's spider, tick or "DONE", or the bead the referee tells an empty node by), or this
# share of a male's top face.
HIDES_FACE = 0.10


def die_hides(state: dict, conditions: Conditions, seed: int,
              offsets: dict[str, tuple[float, float]] | None = None,
              pieces: Pieces = Pieces()) -> tuple[str, ...]:
    """The nodes (sorted) whose male's top face, or whose empty bead, the die on the female
    covers in `photo(state, conditions, seed, offsets, pieces)`, leaning over them at a
    tilt: worked out from the same seeded hand and camera, no pixels drawn."""
    return tuple(sorted(n for n, (face, middle) in die_cover(state, conditions, seed, offsets,
                                                              pieces).items()
                        if middle > 0 or face >= HIDES_FACE))


def die_cover(state: dict, conditions: Conditions, seed: int,
              offsets: dict[str, tuple[float, float]] | None = None,
              pieces: Pieces = Pieces()) -> dict[str, tuple[float, float]]:
    """Node -> (share of his top face, share of his middle or of the empty bead in view)
    that the die covers in that photo (the female's own node left out: she is under it)."""
    put = _place(state, conditions, streams(seed)["layout"], offsets, pieces)
    if put.die is None:
        return {}
    h_cam = photo_camera(np.array(geometry.outline(), float), conditions, seed)
    die = _silhouette(put.die[1], put.die[2], put.die_side, put.thick, h_cam)
    s = geometry.spec()
    on_web = {m["node"] for m in state["males"]}
    males = {name: at for _k, at, _t, _w, name in put.tokens if name in on_web}
    her, her_at = s.female / 2, put.female[0]
    out = {}
    for node, centre in geometry.node_centres(state["web"]).items():
        if node == state["female"]:
            continue
        if node in males:
            face = _disc_points(males[node], s.male / 2)
            middle = _disc_points(males[node], s.node_radius)
            out[node] = (_share(die, h_cam, face, put.thick),
                         _share(die, h_cam, middle, put.thick))
            continue
        bead = _disc_points(np.array(centre, float), s.node_radius)
        bead = bead[np.hypot(*(bead - her_at).T) > her]        # what she covers never shows
        out[node] = (0.0, _share(die, h_cam, bead, 0.0))
    return out


def _silhouette(at: np.ndarray, turn: float, side: float, base: float, h_cam: np.ndarray
                ) -> np.ndarray:
    """A cube's outline in the photo (px, convex): the hull of its eight corners."""
    square = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], float) * side
    foot = _apply(top_placement(tuple(at), turn, side), square)
    cube = np.vstack([lifted_outline(h_cam, foot, z) for z in (base, base + side)])
    return cv2.convexHull(cube.astype(np.float32)).reshape(-1, 2).astype(float)


def _disc_points(centre: np.ndarray, radius: float, step: float = 0.25) -> np.ndarray:
    """A grid of table points `step` mm apart over a disc."""
    r = np.arange(-radius, radius + step / 2, step)
    grid = np.array(np.meshgrid(r, r)).reshape(2, -1).T
    return np.asarray(centre, float) + grid[np.hypot(*grid.T) <= radius]


def _share(die: np.ndarray, h_cam: np.ndarray, points: np.ndarray, z: float) -> float:
    """The share of `points` (table mm at height z) that the die's convex silhouette (px,
    counter-clockwise or clockwise) covers in the photo."""
    if not len(points):
        return 0.0
    px = lifted_outline(h_cam, points, z)
    edges = np.roll(die, -1, axis=0) - die
    cross = (edges[:, 0][None] * (px[:, 1][:, None] - die[:, 1][None])
             - edges[:, 1][None] * (px[:, 0][:, None] - die[:, 0][None]))
    inside = np.all(cross >= 0, axis=1) | np.all(cross <= 0, axis=1)
    return float(inside.mean())


def node_points(state: dict, shot: SynthPhoto) -> dict[str, np.ndarray]:
    """Every node's centre in the photo, through the photo's camera (before the lens)."""
    centres = geometry.node_centres(state["web"])
    names = list(centres)
    pts = _apply(shot.homography, np.array([centres[n] for n in names]))
    return dict(zip(names, pts, strict=True))


# --- the example ---------------------------------------------------------------------------

EXAMPLE_SEED = 11
# examples/spider-twist.jpg and spider-twist.json: a game on the rings side
EXAMPLE = example.Example("spider-twist", lambda: simulated_state(EXAMPLE_SEED, "rings"))


def main(argv: list[str] | None = None) -> int:
    def add_options(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--web", default="rings", choices=("rings", "spiral"))

    return example.main(argv, description=__doc__.splitlines()[0], example=EXAMPLE,
                        photograph=photo, add_options=add_options,
                        random_state=lambda a: simulated_state(a.seed, a.web),
                        out=Path("output/spider-twist-synth.jpg"))


if __name__ == "__main__":
    raise SystemExit(main())

"""Constructo's scene for the shared photo generator (referee.synth): the nine tiles laid
in the round's pattern (rhombus, triangle or spindle: `geometry.board_centres`), touching,
each turned any way by its markers' places (pointy side up, plus a hand's slop), and on
each its stack, laid by hand (`Pieces`): each piece up to a quarter of its width off the
tile's centre and turned any way, hanging over the piece under it by 2 mm at most (a ring
stays round its small disc), the lowest clear of the next tiles' pieces.

Faces: the PDF's own (`pnp.printing.export.render_faces` of the game's printing part), masked
to their round shape (the export's faces are rectangles on white). Pieces are card slabs
(PIECE_MM thick; a ring round a small disc rests where the disc does): each stands on its
own plane through the camera (`referee.synth.camera.lifted`), its top face that much
higher, its cut edge between (`Face.wall`; a ring's hole shows its inner wall on the far
side, `Face.hole`), every level casting its soft shadow where it rests, so a tilt shows
the parallax, a higher face larger, and the edges on the near side.
Truth: a seeded random legal game (the rules core's `play`) stopped at a random point of
round 1.

    python -m referee.constructo.synth --example   # examples/constructo.jpg and .json
    python -m referee.constructo.synth --pattern spindle --seed 4   # a random spindle table
"""

from __future__ import annotations

import argparse
import json
import random
from dataclasses import dataclass, replace
from functools import cache
from pathlib import Path

import numpy as np

from pnp.geometry import constructo as geometry
from pnp.rules.constructo import PATTERN_NAMES
from referee.synth import Conditions, Face, Layer, Layout, SynthPhoto, affine, example, shoot
from referee.synth import transform as _apply
from referee.synth.camera import disc, lifted, nudge
from referee.synth.solids import flat_lift

FACE_DPI = 200
OVERHANG_MM = 2.0          # a piece hangs over the one under it at most this far
RING_SLOP_MM = 2.5         # a ring round a small disc: the hole leaves 3 mm each way
# Each piece's thickness: printed card glued on 1.5-2 mm greyboard, as the player aid's
# back advises (pnp/printing/constructo/aid.py "Mount"); the ruling gives only diameters.
# A stack of 6 stands 10 mm: at 40 degrees its top face is seen ~8 mm off its tile.
PIECE_MM = 2.0


@cache
def faces() -> dict[str, np.ndarray]:
    """The export's faces by stem ("tile-3", "black-ring", ...), BGR, once per process."""
    import cv2

    from pnp.games import part
    from pnp.printing.build import BuildRequest
    from pnp.printing.export import render_faces

    request = BuildRequest("constructo", printing=part("constructo", "printing"))
    return {stem: cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2BGR)
            for stem, image in render_faces(request, FACE_DPI) if not stem.endswith("-back")}


@cache
def _piece_alpha(kind: str, n: int) -> np.ndarray:
    import cv2

    spec = geometry.piece_specs()[kind]
    mask = np.zeros((n, n), np.uint8)
    c = n * 4
    px = n / spec.diameter                       # px per mm
    cv2.circle(mask, (c, c), int(spec.radius * px * 8) - 4, 255, -1, cv2.LINE_AA, 3)
    if spec.hole:
        cv2.circle(mask, (c, c), int(spec.hole_radius * px * 8) + 4, 0, -1, cv2.LINE_AA, 3)
    return mask


@cache
def _tile_alpha(h: int, w: int) -> np.ndarray:
    import cv2

    px = h / geometry.tile_spec().across_flats
    pts = np.array(geometry.hex_outline(-0.15), float) * px + np.array([w / 2, h / 2])
    mask = np.zeros((h, w), np.uint8)
    cv2.fillPoly(mask, [np.round(pts * 8).astype(np.int32)], 255, cv2.LINE_AA, 3)
    return mask


# --- states --------------------------------------------------------------------------------

def simulated_state(seed: int, pattern: str | None = None) -> dict:
    """A random legal round-1 state: the rules core's seeded random game stopped at a
    random action (at least one piece down), as state JSON."""
    from pnp.rules.constructo.game import initial_state, random_action
    from pnp.rules.constructo.play import apply_legal, is_round_over

    rng = random.Random(seed)
    state = initial_state(seed, 2, pattern)
    history = []
    while not is_round_over(state):
        state = apply_legal(state, random_action(state, rng))
        history.append(state)
    return history[rng.randrange(len(history))].to_json()


# --- placing by hand ---------------------------------------------------------------------------



def tile_places(state: dict, cond: Conditions, rng: np.random.Generator
                ) -> dict[str, tuple[int, np.ndarray, float]]:
    """Tile "q,r" -> (printed tile number, centre mm, turn degrees) as a hand lays them."""
    step = geometry.tile_spec().across_flats + max(0.0, cond.gap_mm)
    centres = geometry.board_centres(state["pattern"], step)
    numbers = [int(n) for n in rng.permutation(list(geometry.tile_numbers()))]
    out = {}
    for k, (q, r) in enumerate(sorted(centres)):
        at = np.array(centres[(q, r)]) + nudge(rng, min(cond.jitter_mm, 2.0) / 2)
        turn = 30.0 + 60.0 * int(rng.integers(6)) + rng.uniform(-1, 1) * min(cond.jitter_deg, 3)
        out[f"{q},{r}"] = (numbers[k], at, turn)
    return out


# Pieces are printed card glued on greyboard (the player aid's "Mount" advice): slabs whose
# cut edge shows at a tilt in one of these colours (BGR: grey board, a white card's core,
# brown board).
EDGES = ((128, 134, 138), (150, 152, 150), (92, 118, 142))


@dataclass(frozen=True)
class Pieces:
    """How a player's set is made and laid: each piece's thickness, the cut edges' colours
    (one drawn per photo), and how far a hand puts a piece off its tile's centre (a share
    of its width; a piece rests on the one under it, and a ring round a small disc stays
    round it)."""

    thickness: float = PIECE_MM
    edges: tuple[tuple[int, int, int], ...] = EDGES
    off_share: float = 0.25


def _base(kind: str, below: list[dict], tops: list[float], thickness: float) -> float:
    """Where a piece rests, mm above the tile: on the top of the piece under it, except a
    ring round a small disc, which rests where that disc does (its hole holds it)."""
    if not below:
        return 0.0
    if kind == "ring" and below[-1]["piece"] == "small":
        return tops[-1] - thickness     # the ring's level is the small disc's
    return tops[-1]


def _offset(kind: str, below: tuple[str, np.ndarray, float] | None, most: float,
            rng: np.random.Generator) -> np.ndarray:
    """Where a hand puts a piece, mm off its tile's centre: up to `most`, hanging over the
    piece under it by OVERHANG_MM at most (a stack off true, not falling over), a ring
    round its small disc and a small disc in a ring's hole within the slack the hole
    leaves."""
    if below is not None and {kind, below[0]} == {"ring", "small"}:
        return below[1] + nudge(rng, RING_SLOP_MM)
    off = nudge(rng, most)
    if below is not None:
        reach = max(below[2] - geometry.piece_radius(kind) + OVERHANG_MM, 0.0)
        gap = off - below[1]
        if np.hypot(*gap) > reach:
            off = below[1] + gap * reach / np.hypot(*gap)
    return off


def _clear(at: np.ndarray, radius: float, placed: list[tuple[np.ndarray, float]]) -> bool:
    return all(np.hypot(*(at - c)) >= radius + r + 0.5 for c, r in placed)


def _stack_faces(key: str, stack: list[dict], at: np.ndarray, pieces: Pieces,
                 placed: list[tuple[np.ndarray, float]], rng: np.random.Generator
                 ) -> list[tuple[Face, float]]:
    """One tile's pieces, bottom up: (face on the tile's plane, its base mm). The lowest
    piece keeps clear of the neighbours' lowest pieces (`placed`, which it joins)."""
    out: list[tuple[Face, float]] = []
    tops: list[float] = []
    below: tuple[str, np.ndarray, float] | None = None
    for level, piece in enumerate(stack):
        kind, owner = piece["piece"], piece["owner"]
        r = geometry.piece_radius(kind)
        most = pieces.off_share * 2 * r
        off = _offset(kind, below, most, rng)
        if level == 0:
            for _try in range(12):
                if _clear(at + off, r, placed):
                    break
                off = _offset(kind, below, most, rng)
            else:
                off = np.zeros(2)
            placed.append((at + off, r))
        base = _base(kind, stack[:level], tops, pieces.thickness)
        tops.append(base + pieces.thickness)
        below = (kind, off, r)
        img = faces()[geometry.piece_id(owner, kind)]
        c = at + off
        spec = geometry.piece_specs()[kind]
        hole = disc(2 * spec.hole_radius, 32) + (r - spec.hole_radius) if spec.hole else None
        out.append((Face(img, affine(c[0], c[1], rng.uniform(0, 360)) @ affine(-r, -r),
                         disc(2 * r, 32), FACE_DPI, _piece_alpha(kind, img.shape[0]),
                         name=f"{key}/{level}", hole=hole), base))
    return out


def _layout(state: dict, cond: Conditions, rng: np.random.Generator,
            pieces: Pieces = Pieces()) -> Layout:
    places = tile_places(state, cond, rng)
    tiles, markers = [], {}
    for _tile, (number, at, turn) in places.items():
        img = faces()[geometry.tile_id(number)]
        h, w = img.shape[:2]
        to_table = affine(at[0], at[1], turn)
        tiles.append(Face(img, to_table @ affine(-w / FACE_DPI * 25.4 / 2,
                                                 -h / FACE_DPI * 25.4 / 2),
                          np.array(geometry.hex_outline(), float) + np.array(
                              [w / FACE_DPI * 25.4 / 2, h / FACE_DPI * 25.4 / 2]),
                          FACE_DPI, _tile_alpha(h, w), name=f"tile-{number}"))
        for mid, place in zip(geometry.tile_marker_ids(number), geometry.marker_places(),
                              strict=True):
            markers[mid] = _apply(to_table, np.array(place.corners, float))
    levels: list[list[tuple[Face, float]]] = []
    placed: list[tuple[np.ndarray, float]] = []
    for key, stack in state["stacks"].items():
        for level, item in enumerate(_stack_faces(key, stack, places[key][1], pieces,
                                                  placed, rng)):
            while len(levels) <= level:
                levels.append([])
            levels[level].append(item)
    # drawn last, so the hand's placements above are as they were without it
    edge = pieces.edges[int(rng.integers(len(pieces.edges)))]
    thick = pieces.thickness
    outline = np.vstack([_apply(f.to_table, f.outline) for f in tiles])

    def layers(h_cam: np.ndarray, shape: tuple[int, ...], rng_props: np.random.Generator
               ) -> list[Layer]:
        # each piece is a slab standing on its base: its frame is the base's plane (so its
        # soft shadow falls where it rests), its top face `thick` above that, its cut edge
        # between (h_cam^-1 . lifted(h_cam, base) moves the tile's plane to the base's)
        to_table = np.linalg.inv(np.asarray(h_cam, float))
        return [Layer(tiles, (0.6, 1.0, 0.25))] + [
            Layer([replace(f, to_table=to_table @ lifted(h_cam, base) @ f.to_table,
                           lift=flat_lift(thick), wall=(thick, edge))
                   for f, base in level], (1.2, 1.4, 0.4)) for level in levels]

    return Layout(outline, outline, markers, layers)


def photo(state: dict, conditions: Conditions, seed: int, pieces: Pieces = Pieces()
          ) -> SynthPhoto:
    """A phone photo of `state` under `conditions`; same seed, same photo. `corners` holds
    each tile's outline ("tile-<n>") and each piece's ("<q,r>/<level>": where it rests).
    `pieces`: how the set is made and laid."""
    return shoot(state, lambda rng: _layout(state, conditions, rng, pieces), conditions,
                 seed)


# --- the example ---------------------------------------------------------------------------

EXAMPLE_SEED = 5
# examples/constructo.jpg and constructo.json: the worked example's board
EXAMPLE = example.Example(
    "constructo", lambda: json.loads((example.EXAMPLES / "constructo-state.json").read_text()),
    seed=EXAMPLE_SEED)


def _figure(out: Path) -> int:
    """Each tile of examples/constructo.jpg square-on beside how its stack was sorted."""
    import cv2

    from referee.constructo import REFEREE, stacks

    verdict = REFEREE.read(example.EXAMPLES / "constructo.jpg")
    rows = [stacks.picture(stacks.rectify_tile(verdict.photo.image, verdict.photo.scale,
                                               t.to_photo))
            for t in verdict.tiles if t.look and t.look.layers][:4]
    grid = np.vstack([np.hstack(rows[:2]), np.hstack(rows[2:4])])
    cv2.imwrite(str(out), grid)
    print(f"wrote {out}")
    return 0


def main(argv: list[str] | None = None) -> int:
    def add_options(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--figure", type=Path,
                            help="write docs/referee.md's figure: the example's stacks as read")
        parser.add_argument("--pattern", choices=PATTERN_NAMES,
                            help="the random state's pattern (default: drawn with the seed)")

    return example.main(argv, description=__doc__.splitlines()[0], example=EXAMPLE,
                        photograph=photo, add_options=add_options,
                        random_state=lambda a: simulated_state(a.seed, a.pattern),
                        extra=lambda a: _figure(a.figure) if a.figure else None,
                        out=Path("output/constructo-synth.jpg"))


if __name__ == "__main__":
    raise SystemExit(main())

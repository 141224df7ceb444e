"""Asterion's scene for the shared photo generator (referee.synth): its board, tiles and
tombs where a finished game puts them, laid down by hand, for the referee's tests and
benchmark.

The faces come from `pnp.printing.export.render_faces` (the PDF's own drawing). Tiles lie
on their cells, off by the hand's jitter (never overlapping: cardboard pushes back), on the
Crete board or about `gap_mm` apart; tombs lie a few mm off their prisoners' medallions;
spare tombs (`Conditions.spare_pieces`) lie in a heap a cell clear of the game. `photo()`
returns the JPEG, the decoded image the referee sees, and the ground truth. A 12 MP photo
takes about 0.6 s (1 s on the board), a 3 MP one about 0.2 s (0.35 s).

    python -m referee.asterion.synth --example     # writes examples/endgame.jpg and .json
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import cv2
import numpy as np

from pnp.geometry.asterion.tile import prisoner_points
from pnp.rules.asterion.tiles import tiles_by_id
from referee.synth import (
    Conditions,
    Face,
    Layer,
    Layout,
    SynthPhoto,
    affine,
    example,
    printed_faces,
    shoot,
)
from referee.synth import square as _square
from referee.synth import transform as _apply
from referee.synth import with_conditions as with_conditions

TILE = 50.0                 # mm, layouts/asterion.toml [tile] size
TOMB = 12.0                 # mm, [tomb] size
FACE_DPI = 200              # faces are rendered once per process at this resolution
TOMB_JITTER_MM = 2.5        # a 12 mm tomb on a 9 mm medallion, put down by hand


# --- faces ------------------------------------------------------------------------------

@cache
def faces(dpi: int = FACE_DPI, marks: str | None = None) -> dict[str, np.ndarray]:
    """Front faces (BGR) by stem: "M", "Y07", "tomb", "board", the tiles printed with the
    machine-mark design `marks` ("classic", "discreet": layouts/asterion.toml [markers];
    None: the one `pnp build` prints). Rendered once per process and design."""
    from pnp.games import part
    from pnp.printing.build import BuildRequest

    printing = part("asterion", "printing")
    return printed_faces(BuildRequest("asterion", "crete", printing=printing, marks=marks),
                         dpi)


def _board_size() -> float:
    from pnp.geometry.asterion.board import board_size

    return board_size()[0]


@cache
def board_alpha(shape: tuple[int, int]) -> np.ndarray:
    """The board is a diamond: its PNG's corners are not cardboard."""
    h, w = shape
    mask = np.zeros((h, w), np.uint8)
    cv2.fillConvexPoly(mask, np.array([[w // 2, 0], [w - 1, h // 2], [w // 2, h - 1],
                                       [0, h // 2]], np.int32), 255, lineType=cv2.LINE_AA)
    return mask


# --- placing by hand -------------------------------------------------------------------

@dataclass(frozen=True)
class _Placed:
    id: str
    to_table: np.ndarray            # tile frame mm (upright, top-left origin) -> table mm


def _place_tiles(table: dict, cond: Conditions, rng: np.random.Generator) -> list[_Placed]:
    """Where each tile lies: on its cell, off by the hand's jitter. On the board the squares
    hold the tiles at 50 mm; off it they lie about `gap_mm` apart. Cardboard cannot
    overlap: where two tiles would, both are pushed back towards their cells."""
    pitch = TILE if table.get("board") else TILE + cond.gap_mm
    cells = [(t["x"], t["y"]) for t in table["tiles"]]
    jitter = np.c_[rng.uniform(-cond.jitter_mm, cond.jitter_mm, (len(cells), 2)),
                   rng.uniform(-cond.jitter_deg, cond.jitter_deg, len(cells))]

    def transform(k: int) -> np.ndarray:
        t = table["tiles"][k]
        centre = (t["x"] * pitch + jitter[k, 0], t["y"] * pitch + jitter[k, 1])
        return affine(*centre, t["rot"] + jitter[k, 2]) @ affine(-TILE / 2, -TILE / 2)

    index = {cell: k for k, cell in enumerate(cells)}
    pairs = [(k, index[(x + dx, y + dy)]) for k, (x, y) in enumerate(cells)
             for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)) if (x + dx, y + dy) in index]
    square = np.float32([[0, 0], [TILE, 0], [TILE, TILE], [0, TILE]])
    for _ in range(30):
        quads = [_apply(transform(k), square).astype(np.float32) for k in range(len(cells))]
        clash = {k for a, b in pairs
                 if cv2.intersectConvexConvex(quads[a], quads[b])[0] > 0.05 for k in (a, b)}
        if not clash:
            break
        for k in clash:
            jitter[k] *= 0.8
    return [_Placed(t["id"], transform(k)) for k, t in enumerate(table["tiles"])]


def _tombs(table: dict, placed: list[_Placed], rng: np.random.Generator) -> list[np.ndarray]:
    """tomb frame mm -> table mm for every prisoner on a `dead` tile, put down by hand
    (rulings "A turn" 3: a tomb goes on each killed prisoner)."""
    dead = set(table.get("dead", []))
    tiles = tiles_by_id()
    out = []
    for p in placed:
        if p.id not in dead:
            continue
        for px, py in prisoner_points(tiles[p.id]):
            # a hand puts it roughly on the medallion: up to TOMB_JITTER_MM off its centre
            r, a = TOMB_JITTER_MM * math.sqrt(rng.uniform()), rng.uniform(0, 2 * math.pi)
            at = _apply(p.to_table, [[px + r * math.cos(a), py + r * math.sin(a)]])[0]
            turn = rng.uniform(-25, 25)
            out.append(affine(at[0], at[1], turn) @ affine(-TOMB / 2, -TOMB / 2))
    return out


def _spare_tombs(table: dict, placed: list[_Placed], h_cam: np.ndarray,
                 shape: tuple[int, ...], count: int, rng: np.random.Generator
                 ) -> list[np.ndarray]:
    """tomb frame mm -> table mm for `count` unused tombs in a loose heap on the table, in
    view, at least a cell clear of every tile (and off the board): where players keep the
    supply. No heap if no such place is found."""
    if count <= 0:
        return []
    centres = np.array([_apply(p.to_table, [[TILE / 2, TILE / 2]])[0] for p in placed])
    middle = centres.mean(axis=0)
    reach = float(np.linalg.norm(centres - middle, axis=1).max())
    half = _board_size() / 2 + 30 if table.get("board") else 0.0
    h, w = shape[:2]
    for _ in range(100):
        a = rng.uniform(0, 2 * math.pi)
        heap = middle + (reach + rng.uniform(0, 150)) * np.array([math.cos(a), math.sin(a)])
        px = _apply(h_cam, [heap])[0]
        if (np.linalg.norm(centres - heap, axis=1).min() > TILE * 1.5 + 45
                and abs(heap).sum() > half and 0.1 * w < px[0] < 0.9 * w
                and 0.1 * h < px[1] < 0.9 * h):
            break
    else:
        return []
    spots = heap + rng.normal(0, 14, (count, 2))
    return [affine(x, y, rng.uniform(0, 90)) @ affine(-TOMB / 2, -TOMB / 2) for x, y in spots]


def _marker_quads(placed: list[_Placed], marks: str) -> dict[int, np.ndarray]:
    """Every tile marker's square, table mm."""
    from pnp.geometry.asterion.markers import tile_marks

    out = {}
    for p in placed:
        for m, marker_id in tile_marks(p.id, marks):
            quad = [[m.x, m.y], [m.x + m.size, m.y], [m.x + m.size, m.y + m.size],
                    [m.x, m.y + m.size]]
            out[marker_id] = _apply(p.to_table, quad)
    return out


# --- the photo --------------------------------------------------------------------------

def photo(table: dict, conditions: Conditions, seed: int, *, stray_tombs: int = 0,
          marks: str | None = None) -> SynthPhoto:
    """A phone photo of `table` (a table file dict) under `conditions`; same seed, same photo.
    `corners` holds each tile's printed NW, NE, SE, SW corners in the photo, by tile id.
    `stray_tombs` > 0: a spare tomb lies on each marker of one tile, and stray_tombs - 1
    more on other markers (knocked there by a hand); they count as covered markers.
    `conditions.hidden_pieces` hides tiles under fingers (SynthPhoto.hidden names them).
    `marks`: the tiles' machine-mark design ("classic", "discreet"; None: the one `pnp build`
    prints); the same seed lays the same table either way, only the print differs."""
    from pnp.geometry.asterion.tile import printed_marks

    marks = marks or printed_marks()
    covered: set[int] = set()
    shot = shoot(table, lambda rng: _layout(table, conditions, rng, stray_tombs, covered,
                                            marks), conditions, seed)
    shot.covered_markers |= covered
    return shot


def _layout(table: dict, cond: Conditions, rng: np.random.Generator, stray: int,
            covered: set[int] | None, marks: str) -> Layout:
    placed = _place_tiles(table, cond, rng)
    tile_mm = np.concatenate([_apply(p.to_table, _square(TILE)) for p in placed])
    half = _board_size() / 2
    board = bool(table.get("board"))
    outline = np.array([[0, -half], [half, 0], [0, half], [-half, 0]]) if board else tile_mm
    quads = _marker_quads(placed, marks)

    def layers(h_cam: np.ndarray, shape: tuple[int, ...], rng_props: np.random.Generator
               ) -> list[Layer]:
        return _layers(table, placed, h_cam, shape, rng_props, cond.spare_pieces, stray,
                       quads, covered, marks)

    from pnp.geometry.asterion.markers import tile_marks

    return Layout(outline, tile_mm, quads, layers,
                  {p.id: tuple(i for _, i in tile_marks(p.id, marks)) for p in placed},
                  _piece_centres(placed, marks))


def _piece_centres(placed: list[_Placed], marks: str) -> dict[str, np.ndarray]:
    """Each tile's centre, table mm, for a print of one mark a tile (the discreet): a
    finger on its mark points away from it. A print of two marks has its centre midway
    between them already, and its photos stay as they were."""
    from pnp.geometry.asterion.tile import marker_places

    if len(marker_places(marks)) > 1:
        return {}
    return {p.id: _apply(p.to_table, _square(TILE)).mean(axis=0) for p in placed}


def _stray_tombs(placed: list[_Placed], quads: dict[int, np.ndarray], count: int,
                 rng: np.random.Generator, covered: set[int] | None) -> list[np.ndarray]:
    """tomb frame mm -> table mm for `count` spare tombs lying on markers: one on each of
    one tile's markers, the rest on other markers at random; the ids go into `covered`."""
    if count <= 0 or not placed:
        return []
    from pnp.geometry.asterion.markers import tile_marker_ids

    victim = placed[int(rng.integers(len(placed)))].id
    ids = [i for i in tile_marker_ids(victim) if i in quads]     # the ids its print has
    others = sorted(set(quads) - set(ids))
    ids += [others[int(k)] for k in rng.choice(len(others), min(count - 1, len(others)),
                                                replace=False)] if count > 1 else []
    out = []
    for marker_id in ids:
        at = quads[marker_id].mean(axis=0) + rng.uniform(-1.5, 1.5, 2)
        out.append(affine(float(at[0]), float(at[1]), rng.uniform(0, 90))
                   @ affine(-TOMB / 2, -TOMB / 2))
        if covered is not None:
            covered.add(marker_id)
    return out


def _layers(table: dict, placed: list[_Placed], h_cam: np.ndarray, shape: tuple[int, ...],
            rng_tombs: np.random.Generator, spare: int = 0, stray: int = 0,
            quads: dict[int, np.ndarray] | None = None, covered: set[int] | None = None,
            marks: str | None = None) -> list[Layer]:
    """The board (if any), the tiles and the tombs, bottom first, each with its contact
    shadow."""
    art = faces(FACE_DPI, marks)
    out = []
    if table.get("board"):
        half = _board_size() / 2
        board_face = art["board"]
        # the board's PNG spans the board's square box, centred on the Minotaur's square
        diamond = np.array([[half, 0], [2 * half, half], [half, 2 * half], [0, half]])
        out.append(Layer([Face(board_face, affine(-half, -half), diamond, FACE_DPI,
                               board_alpha(board_face.shape[:2]), key="board")],
                         (0.6, 1.0, 0.25)))
    tombs = _tombs(table, placed, rng_tombs) + _spare_tombs(table, placed, h_cam, shape,
                                                           spare, rng_tombs)
    tombs += _stray_tombs(placed, quads or {}, stray, rng_tombs, covered)
    # printed card on a table: a thin, soft contact shadow on the side away from the light
    out.append(Layer([Face(art[p.id], p.to_table, _square(TILE), FACE_DPI, name=p.id)
                      for p in placed], (1.2, 1.2, 0.35)))
    out.append(Layer([Face(art["tomb"], t, _square(TOMB), FACE_DPI) for t in tombs],
                     (1.0, 0.8, 0.4)))
    return out


# --- tables -------------------------------------------------------------------------------

def simulated_table(seed: int, players: int = 4, edition: str = "crete",
                    board: bool = False) -> dict:
    """The final table file of a seeded random legal game (pnp simulate's)."""
    from pnp.rules.asterion.game import simulate

    return simulate(seed, players, edition, board).table().to_dict()


# --- the example ----------------------------------------------------------------------------

# examples/endgame.jpg and endgame.json: a 4-player Crete game on the board
EXAMPLE = example.Example("endgame", lambda: simulated_table(7, 4, "crete", board=True))


def main(argv: list[str] | None = None) -> int:
    return example.main(argv, description=__doc__.splitlines()[0], example=EXAMPLE,
                        photograph=photo, state_flag="--table",
                        random_state=lambda a: simulated_table(a.seed, 4, "crete", board=True),
                        out=Path("output/synth.jpg"))


if __name__ == "__main__":
    raise SystemExit(main())

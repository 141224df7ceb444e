"""An open table of the discreet print whose marks are seen but not read (3 MP,
blurred): the plane from the marks' outlines, each tile's cell and turn from its mark's place
in the cell's corner, those cells read from their art (a whole photo so read:
benchmarks/hard_photos_bench.py, photo 72); a dead end is contested by the
straight one corridor apart; a plane is never fitted to one centre."""

from __future__ import annotations

import numpy as np
import pytest

from pnp.rules.asterion.tiles import tiles_by_id
from referee.asterion.art.pose import ArtMatch
from referee.asterion.classify import read_cells
from referee.asterion.evaluate import AsterionAccuracy
from referee.asterion.grid import CELL, Grid, fit_grid, marker_model
from referee.asterion.hidden import one_corridor_apart, rivals_of
from referee.asterion.markers import TileMarker, identify
from referee.asterion.outlines import mark_outlines, plane_from_outlines
from referee.asterion.problems import CELL_UNIDENTIFIED
from referee.detect import detect_markers
from referee.geometry import project, rotation
from referee.image import load_photo

# a steep camera: table mm -> photo px
CAMERA = np.array([[3.1, 0.6, 900.0], [-0.4, 2.2, 700.0], [0.0004, 0.0011, 1.0]])


def _lattice_map(found: dict[tuple[int, int], int], truth: dict[tuple[int, int], int]
                 ) -> tuple[int, tuple[int, int]] | None:
    """The quarter turn and shift that take the found frame's cells and turns onto the
    truth's for every found mark, if one does."""
    first = next(iter(found))
    for k in range(4):
        r = np.rint(rotation(90.0 * k)).astype(int)
        for target in truth:
            shift = np.array(target) - r @ np.array(first)
            if all(tuple(r @ np.array(c) + shift) in truth
                   and truth[tuple(r @ np.array(c) + shift)] == (rot + 90 * k) % 360
                   for c, rot in found.items()):
                return k, (int(shift[0]), int(shift[1]))
    return None


def _square_at(cell: tuple[int, int], rot: int, h: np.ndarray) -> np.ndarray:
    model = marker_model("discreet")["SW"]
    return project(h, model @ rotation(rot).T + CELL * np.array(cell, np.float64))


def test_the_marks_outlines_give_the_plane_and_each_tiles_cell_and_turn():
    rng = np.random.default_rng(4)
    truth = {(x, y): int(rng.choice([0, 90, 180, 270]))
             for x in range(-3, 4) for y in range(-2, 3) if (x + 2 * y) % 5}
    quads = [np.roll(_square_at(cell, rot, CAMERA), int(rng.integers(4)), axis=0)
             for cell, rot in truth.items()]
    # a medallion or a chest the detector took for a square: off every cell's corner
    quads += [_square_at((0, 0), 0, CAMERA) + np.array([30.0, -22.0]),
              _square_at((2, 1), 90, CAMERA) + np.array([-41.0, 17.0])]
    plane = plane_from_outlines(quads)
    assert plane is not None
    found = {m.cell: m.rot for m in plane.marks}
    assert len(found) == len(truth)               # every mark placed, the squares left out
    assert _lattice_map(found, truth) is not None


def test_too_few_outlines_are_no_plane():
    quads = [_square_at((x, 0), 0, CAMERA) for x in range(5)]
    assert plane_from_outlines(quads) is None


@pytest.fixture(scope="module")
def photo_256():
    # seed 1 benchmark photo 256 (blur, 3 MP, a 4-player open table): not one mark decodes
    kit = AsterionAccuracy(marks="discreet")
    case = kit.case(256, 100_256)
    return case, load_photo(kit.photograph(case, 100_256).jpeg)


def test_a_blurred_open_tables_marks_are_placed_on_their_true_cells(photo_256):
    case, photo = photo_256
    assert not [m for m in identify(detect_markers(photo.image, photo.scale))
                if m.tile is not None]
    plane = plane_from_outlines(mark_outlines(photo.image, photo.scale))
    assert plane is not None and len(plane.marks) >= 20
    truth = {(t["x"], t["y"]): t["rot"] for t in case.truth["tiles"]}
    assert _lattice_map({m.cell: m.rot for m in plane.marks}, truth) is not None


def test_cells_whose_marks_were_seen_are_read_first_while_no_tile_is_placed():
    grid = Grid(np.eye(3), [], False, marked={(0, 0): 90, (1, 0): 0}, design="discreet")
    image = np.full((200, 200, 3), 200, np.uint8)
    cells, problems = read_cells(image, 1.0, grid)
    assert {c.cell for c in cells} == {(0, 0), (1, 0)}
    assert not any(c.empty for c in cells)
    assert {p.cell for p in problems if p.code == CELL_UNIDENTIFIED} == {(0, 0), (1, 0)}


def test_a_dead_end_is_contested_by_the_straight_one_corridor_apart():
    # seed 1 photo 256: G05's straight scored as G02's dead end, G05 not among the best four
    tiles = tiles_by_id()
    apart = one_corridor_apart(tiles["G02"], 180)
    assert ("G05", 0) in apart and ("G05", 180) in apart
    assert all(tiles[t].colour == "green" for t, _ in apart)
    best = ArtMatch("G02", 180, (0.0, 0.0), 180.0, 0.78)
    assert ("G05", 180) in {(m.tile, m.rot) for m in rivals_of(best, [best], None, {"G05"})}
    # a tile placed elsewhere is no candidate
    assert "G05" not in {m.tile for m in rivals_of(best, [best], None, {"G04"})}


def test_one_small_mark_alone_still_fits_a_plane():
    # seed 1 photo 457 (worst, 3 MP): the plane refitted to one tile's centre was no plane
    # (a similarity of one point), and the referee crashed
    corners = project(CAMERA, marker_model("discreet")["SW"])
    marker = identify([TileMarker(_sw_id("Y07"), corners, "Y07", "SW")])[0]
    grid = fit_grid([marker], design="discreet")
    assert np.isfinite(grid.homography).all()
    assert [(p.tile, p.cell, p.rot) for p in grid.tiles] == [("Y07", (0, 0), 0)]


def _sw_id(tile: str) -> int:
    from pnp.geometry.asterion.markers import tile_marks

    return next(i for place, i in tile_marks(tile, "discreet") if place.corner == "SW")

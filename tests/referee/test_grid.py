"""The table plane, cells and rotations: right under perspective and hand placement,
turned so the Minotaur has rotation 0, and flagged when a pose is doubtful."""

from __future__ import annotations

import pytest

from pnp.rules.asterion import table_from_dict
from referee.asterion.grid import fit_grid
from referee.asterion.markers import identify
from referee.detect import detect_markers
from referee.errors import GridError

from .conftest import small_table, table

# These tables are of the first print (conftest `scenes`); the stages read them as such.


def _seen(grid) -> set[tuple[str, int, int, int]]:
    return {(p.tile, *p.cell, p.rot) for p in grid.tiles}


def _truth(data: dict) -> set[tuple[str, int, int, int]]:
    return {(t["id"], t["x"], t["y"], t["rot"]) for t in data["tiles"]}


def test_hand_placed_table_under_perspective(scenes):
    data = table(5, 3)
    scene = scenes.render(data, ppm=4, gap_mm=3, jitter_mm=1.2, jitter_deg=3, seed=2,
                          tilt_deg=40, turn_deg=-60, size=(2000, 1500))
    grid = fit_grid(identify(detect_markers(scene.image)), design="classic")
    assert _seen(grid) == _truth(data)
    assert grid.problems == []
    assert not grid.board
    for pose in grid.tiles:
        assert abs(pose.skew) < 5 and max(map(abs, pose.offset)) < 6


def test_the_result_is_turned_so_the_minotaur_has_rotation_0(scenes):
    data = small_table()
    turned = table_from_dict(data).turned(1).to_dict()     # M now at rot 90
    assert turned["tiles"][0]["rot"] == 90
    scene = scenes.render(turned, ppm=4, turn_deg=15, size=(1600, 1200))
    grid = fit_grid(identify(detect_markers(scene.image)), design="classic")
    assert _seen(grid) == _truth(data)


def test_board_markers_fix_the_squares(scenes):
    data = table(2, 2, board=True)
    turned = table_from_dict(data).turned(2).to_dict()
    scene = scenes.render(turned, ppm=3, jitter_mm=0.8, jitter_deg=1, tilt_deg=25,
                          turn_deg=100, size=(2000, 1500))
    grid = fit_grid(identify(detect_markers(scene.image)), board=True, design="classic")
    assert grid.board and grid.board_markers == 24
    assert _seen(grid) == _truth(data)
    assert grid.problems == []


def test_a_tile_between_two_cells_or_turned_45_is_flagged(scenes):
    data = small_table()
    scene = scenes.render(data, ppm=4, size=(1600, 1200),
                          moves={"B02": (0.0, 24.0, 0.0), "Y05": (0.0, 0.0, 40.0)})
    grid = fit_grid(identify(detect_markers(scene.image)), design="classic")
    flagged = {(p.code, p.message.split()[0]) for p in grid.problems}
    assert flagged == {("tile-ambiguous", "B02"), ("tile-ambiguous", "Y05")}
    b02 = next(p for p in grid.problems if p.message.startswith("B02"))
    assert b02.cell in ((1, 2), (1, 3)) and b02.point is not None


def test_the_same_tile_twice_is_a_duplicate(scenes):
    data = small_table()
    data["tiles"].append({"id": "Y03", "x": 2, "y": 0, "rot": 0})
    scene = scenes.render(data, ppm=4, size=(1600, 1200))
    grid = fit_grid(identify(detect_markers(scene.image)), design="classic")
    assert [p.code for p in grid.problems] == ["duplicate-id"]
    assert "Y03" not in {p.tile for p in grid.tiles}


def test_too_few_markers(scenes):
    data = {**small_table(), "tiles": [{"id": "M", "x": 0, "y": 0, "rot": 0}], "dead": []}
    scene = scenes.render(data, ppm=4, size=(800, 600), hide={"M": ("NE",)})
    grid = fit_grid(identify(detect_markers(scene.image)), design="classic")
    assert [p.code for p in grid.problems] == ["too-few-markers"]
    with pytest.raises(GridError):
        fit_grid([], design="classic")


def test_board_asked_for_but_not_in_the_photo(scenes):
    scene = scenes.render(small_table(), ppm=4, size=(1600, 1200))
    grid = fit_grid(identify(detect_markers(scene.image)), board=True, design="classic")
    assert not grid.board
    assert [p.code for p in grid.problems] == ["too-few-markers"]
    assert _seen(grid) == _truth(small_table())


@pytest.mark.parametrize("design", ["classic", "discreet"])
def test_every_tile_placed_at_once_as_one_at_a_time(design):
    # the fit places all tiles in one projection (grid._Seen.poses); each pose must be
    # the one the single-tile fit (pose_in_plane) gives, residual included
    import numpy as np

    from referee.asterion.grid import _Seen, in_cell, marker_model, pose_in_plane
    from referee.asterion.markers import TileMarker

    rng = np.random.default_rng(7)
    h = np.array([[3.1, 0.4, 900.0], [-0.3, 2.8, 700.0], [2e-4, -1e-4, 1.0]])
    groups = {}
    for k, tile in enumerate(["M", "1", "2", "3", "4", "5"]):
        cell, rot = (k % 3, k // 3), 90 * (k % 4)
        corners = list(marker_model(design))[: 1 + k % 2]       # one or both markers
        groups[tile] = tuple(
            TileMarker(2 * k + n, in_cell(marker_model(design)[c], cell, rot)
                       @ h[:2, :2].T + h[:2, 2] + rng.normal(0, 1.5, (4, 2)), tile, c)
            for n, c in enumerate(corners))
    seen = _Seen(groups, design)
    h_inv = np.linalg.inv(h)
    angles, centres, residuals = seen.poses(h_inv)
    for k, tile in enumerate(seen.tiles):
        angle, centre, residual = pose_in_plane(h_inv, groups[tile], design)
        assert angles[k] == pytest.approx(angle, abs=1e-9)
        assert np.allclose(centres[k], centre, atol=1e-9)
        assert residuals[k] == pytest.approx(residual, abs=1e-9)
        assert residual > 0.01          # the noise is measured, not fitted away


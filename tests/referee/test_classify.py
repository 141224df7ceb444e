"""Tombs and unidentified cells on rendered tables."""

from __future__ import annotations

import cv2
import numpy as np

from referee.asterion import classify
from referee.asterion.classify import read_cells, read_tombs
from referee.asterion.grid import fit_grid
from referee.asterion.markers import identify
from referee.detect import detect_markers

from .conftest import small_table, table

# These tables are of the first print (conftest `scenes`); the stages read them as such.


def _read(image, board_radius=None):
    grid = fit_grid(identify(detect_markers(image)), design="classic")
    dead, readings, problems = read_tombs(image, 1.0, grid)
    cells, cell_problems = read_cells(image, 1.0, grid, board_radius)
    return grid, dead, readings, problems, cells, cell_problems


def test_tombs_are_read_on_every_prisoner(scenes):
    data = table(5, 3)
    scene = scenes.render(data, ppm=4, gap_mm=2, jitter_mm=0.8, jitter_deg=2, tilt_deg=30,
                          turn_deg=20, size=(2000, 1500))
    _grid, dead, readings, problems, cells, cell_problems = _read(scene.image)
    assert sorted(dead) == sorted(data["dead"]) and data["dead"]
    assert problems == [] and cell_problems == []
    assert all(r.verdict in ("dead", "alive") for r in readings)
    # every empty neighbouring cell was looked at and found empty
    assert cells and all(c.empty for c in cells)


def test_glare_on_a_tomb_is_never_read_as_alive(scenes):
    data = small_table()
    scene = scenes.render(data, ppm=4, size=(1600, 1200))
    _, _, readings, _, _, _ = _read(scene.image)
    image = scene.image.copy()
    for r in readings:
        if r.tile == "Y04":
            glare = np.zeros_like(image)
            cv2.circle(glare, (round(r.point[0]), round(r.point[1])), 22, (255, 255, 255), -1)
            glare = cv2.GaussianBlur(glare, (0, 0), 6)
            image = cv2.add(image, glare)
    _, dead, readings, problems, _, _ = _read(image)
    y04 = next(r for r in readings if r.tile == "Y04")
    assert y04.verdict != "alive"
    assert "Y04" in dead or [p.code for p in problems] == ["tomb-uncertain"]


def test_a_tile_with_both_markers_covered_is_a_problem_at_its_cell(scenes):
    data = small_table()
    scene = scenes.render(data, ppm=4, size=(1600, 1200), hide={"G06": ("NE", "SW")})
    grid, _, _, _, cells, problems = _read(scene.image)
    assert "G06" not in {p.tile for p in grid.tiles}
    assert [(p.code, p.cell) for p in problems] == [("cell-unidentified", (1, 1))]
    assert problems[0].point is not None
    assert sum(not c.empty for c in cells) == 1


def test_a_cell_outside_the_photo_is_reported(scenes):
    data = small_table()
    scene = scenes.render(data, ppm=4, size=(1600, 1200))
    grid = fit_grid(identify(detect_markers(scene.image)), design="classic")
    # cut the photo just below B02 (cell 1,2): the cell under it is out of view
    bottom = grid.to_image(np.array([[50.0, 125.0 + 8]]))[0]
    image = scene.image[: round(bottom[1])]
    _, _, _, _, _, problems = _read(image)
    assert ("cell-out-of-view", (1, 3)) in [(p.code, p.cell) for p in problems]


def test_cells_contrasts_from_one_view_of_the_table_are_each_windows_own(scenes, monkeypatch):
    data = table(5, 3)
    scene = scenes.render(data, ppm=4, gap_mm=2, tilt_deg=30, turn_deg=20, size=(2000, 1500))
    grid = fit_grid(identify(detect_markers(scene.image)), design="classic")
    taken = {p.cell for p in grid.tiles}
    cells = sorted({(x + dx, y + dy) for x, y in taken
                    for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1))} - taken)
    alone = {c: classify.local_contrast(scene.image, 1.0, grid, c) for c in cells}
    windows: list[tuple[int, int]] = []
    monkeypatch.setattr(classify, "local_contrast", lambda *a: windows.append(a[3]))
    shared = classify.local_contrasts(scene.image, 1.0, grid, cells)
    assert len(cells) > 8 and windows == []         # the table seen once, not cell by cell
    assert shared.keys() == alone.keys()
    # the same samples, OpenCV's warp rounding each within a grey level of the other
    assert max(abs(shared[c] - alone[c]) for c in cells) < 0.01
    classify.local_contrasts(scene.image, 1.0, grid, cells[:1])
    assert windows == cells[:1]                      # one window alone: read on its own

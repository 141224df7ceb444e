"""What a cell's art said is kept for the photo's later passes (hidden.ArtBudget), only
while the plane and the candidates allow it."""

import numpy as np

from referee.asterion.grid import Grid, TilePose
from referee.asterion.hidden import PLANE_MOVED_MM, ArtBudget
from referee.asterion.problems import CELL_UNIDENTIFIED
from referee.problems import RefereeProblem

CELL = (1, -2)


def _grid(shift_mm: float = 0.0, tiles: list[TilePose] | None = None) -> Grid:
    """A plane of 3 px per mm, moved `shift_mm` along the table's x."""
    h = np.array([[3.0, 0.0, 900.0 + 3.0 * shift_mm], [0.0, 3.0, 700.0], [0.0, 0.0, 1.0]])
    return Grid(h, list(tiles or []), board=True)


def _pose(tile: str) -> TilePose:
    return TilePose(tile, CELL, 90, (50.0, -100.0), 91.0, ())


def test_an_identified_tile_is_recalled_while_the_plane_holds_and_it_is_a_candidate():
    budget = ArtBudget(10)
    budget.keep(_grid(), CELL, ["B04", "B05", "Y02"], _pose("B04"))
    # the same plane, fewer candidates (a tile read elsewhere meanwhile): recalled
    assert budget.recall(_grid(), CELL, ["B04", "Y02"]) == _pose("B04")
    # moved by less than the tolerance: recalled; by more: judged again
    assert budget.recall(_grid(0.8 * PLANE_MOVED_MM), CELL, ["B04"]) == _pose("B04")
    assert budget.recall(_grid(2.0 * PLANE_MOVED_MM), CELL, ["B04"]) is None
    # the tile no candidate any more (read elsewhere by its marks), or new candidates
    assert budget.recall(_grid(), CELL, ["B05", "Y02"]) is None
    assert budget.recall(_grid(), CELL, ["B04", "R01"]) is None
    # another cell was never judged
    assert budget.recall(_grid(), (0, 0), ["B04"]) is None


def test_an_unsettled_cell_is_recalled_only_with_the_same_candidates_and_tiles_seen():
    budget = ArtBudget(10)
    problem = RefereeProblem(CELL_UNIDENTIFIED, "cell 1,-2: B04 or B05", CELL, (0.0, 0.0))
    budget.keep(_grid(), CELL, ["B04", "B05"], problem)
    assert budget.recall(_grid(), CELL, ["B04", "B05"]) is problem
    # one candidate fewer may settle it: judged again
    assert budget.recall(_grid(), CELL, ["B04"]) is None
    # a tile seen elsewhere since changes the contests' rules: judged again
    seen = _pose("Y02")
    assert budget.recall(_grid(tiles=[seen]), CELL, ["B04", "B05"]) is None

"""Normal benchmark photos (`referee_bench.py --game assyria --seed S --only N`) whose
fanned discs were `track-unclear`, one generated photo each, read exactly now: a disc
seen nowhere on its track found in the one fan that, seen from the camera, fits better
with it (a disc found so counted in its fan); a top disc seen from the side reaching over
the line onto the space beside."""

from __future__ import annotations

import pytest

from referee.assyria.evaluate import visible

from .test_assyria_normal_spots import bench

# Every such photo; the suite reads one a cause (the hardest), benchmarks/regression_sweeps.py
# all of them.
FANNED_PHOTOS = [
    # a disc seen nowhere found in the fan that fits it better
    (900064, "jpeg-70"),       # blue lowest of four on offering 0
    (700062, "hand-laid"),     # green lowest of three, its crescent under blue's top face
    # blue's 1 mm crescent lowest of four; 7 of 26 markers read, all bottom and right, the
    # map's far side 5 mm and more off: refitted to the print, the whole map reads
    (700041, "blur"),
    (700061, "tilt-35"),       # red's top disc 2-3 mm over the line, score and offering
    # blue lowest and green third of four, both seen nowhere: blue found once green is
    (1300047, "clutter"),
    # red lowest of four, seen nowhere; a cropped photo at a 15-degree tilt: its camera's
    # lean, found with the principal point left free, lets the fan with it fit
    (500041, "blur"),
]


@pytest.mark.parametrize(("seed", "preset"), FANNED_PHOTOS[2:])
def test_a_fanned_disc_the_photo_barely_shows_is_read(seed, preset):
    truth, verdict = bench(seed, preset, 3.0, 4)
    assert verdict.is_certain, verdict.problems
    assert visible(verdict.state) == visible(truth)

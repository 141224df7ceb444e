"""One photo's searches round a pose are found once (referee/asterion/art/pose.py `kept`):
a cell judged again under the same plane, its candidates fewer, searches round the same
poses and is given what was found, never a result of another photo, plane or pose."""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from referee.asterion.art.pose import ArtMatch, kept, kept_in


def _grid(shift: float = 0.0) -> SimpleNamespace:
    h = np.eye(3)
    h[0, 2] = shift
    return SimpleNamespace(design="discreet", homography=h)


def test_a_search_round_the_same_pose_is_found_once_a_photo_and_plane():
    runs = []

    def search(tag: str):
        def run():
            runs.append(tag)
            return tag
        return run

    image, other = np.zeros((4, 4, 3), np.uint8), np.zeros((4, 4, 3), np.uint8)
    m = ArtMatch("G07", 90, (1.0, 2.0), 91.5, 0.4)
    memo: dict = {}
    with kept_in(memo):
        assert kept("refine", image, 1.0, _grid(), m, search("a")) == "a"
        # the same pose with another score (a rival's): what was found
        assert kept("refine", image, 1.0, _grid(), ArtMatch("G07", 90, (1.0, 2.0), 91.5, 0.0),
                    search("b")) == "a"
        # another plane, photo, pose, tile or search: searched
        assert kept("refine", image, 1.0, _grid(0.1), m, search("c")) == "c"
        assert kept("refine", other, 1.0, _grid(), m, search("d")) == "d"
        assert kept("refine", image, 1.0, _grid(), ArtMatch("G07", 90, (1.0, 2.5), 91.5, 0.4),
                    search("e")) == "e"
        assert kept("refine", image, 1.0, _grid(), ArtMatch("G02", 90, (1.0, 2.0), 91.5, 0.4),
                    search("f")) == "f"
        assert kept("unveiled", image, 1.0, _grid(), m, search("g")) == "g"
    # outside a photo's memo, every search runs
    assert kept("refine", image, 1.0, _grid(), m, search("h")) == "h"
    assert runs == ["a", "c", "d", "e", "f", "g", "h"]

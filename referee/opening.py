"""The opening stages a game's referee shares (game-neutral): the photo loaded, the game's
own markers found in it (none at all: `NoMarkers`), and for a printed board its plane
fitted from them (too few markers: a problem, not an error). Each game says what is its
own: which marker ids are its, its refusal, its marker model and how many fix its board."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from referee.detect import Marker, detect_markers
from referee.errors import NoMarkers
from referee.geometry import board_plane
from referee.image import Photo, PhotoInput, load_photo
from referee.problems import RefereeProblem, too_few_board_markers
from referee.timing import Laps


def our_markers(photo: PhotoInput, lap: Laps, is_ours: Callable[[int], object],
                refusal: Callable[[Photo], str],
                again: Callable[[Photo], list[Marker]] | None = None
                ) -> tuple[Photo, list[Marker]]:
    """The photo and the markers in it whose ids `is_ours` accepts; none: `again`'s, if
    a game gives a slower look of its own (e.g. for markers smaller than the detector's
    least), and none after that either: `NoMarkers` with `refusal`'s message (it may look
    at the photo to say why)."""
    image = load_photo(photo)
    lap("load")
    ours = [m for m in detect_markers(image.image, image.scale) if is_ours(m.id)]
    lap("detect")
    if not ours and again is not None:
        ours = [m for m in again(image) if is_ours(m.id)]
        lap("look again")
    if not ours:
        raise NoMarkers(refusal(image))
    return image, ours


@dataclass
class BoardPlane:
    """A board's plane (None: not fitted), the ids of the markers it rests on, and the
    problem when they are too few to trust it (then nothing on the board can be read)."""
    homography: np.ndarray | None
    ids: list[int]
    too_few: RefereeProblem | None


def fit_board(image: Photo, markers: list[Marker], model: dict[int, np.ndarray],
              least: int, lap: Laps) -> BoardPlane:
    """The board's plane from its markers (`model`: each id's corners in mm), trusted only
    on at least `least` distinct markers."""
    h, resting = board_plane(image, markers, model)
    lap("plane")
    ids = sorted({m.id for m in resting})
    too_few = (too_few_board_markers(len(ids), len(model), least)
               if h is None or len(ids) < least else None)
    return BoardPlane(h, ids, too_few)

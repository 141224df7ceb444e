"""A disc of a fan seen only as a thin crescent (the lowest, or one in the middle): read
by its place, shape and colour, never from a colour that could be the next disc's."""

import cv2
import numpy as np

from pnp.geometry import assyria as geometry
from referee.assyria import fan, read, tracks

PLAYERS = ["red", "blue", "green", "yellow"]


def _board(stack: list[str], blur: int = 3, parallax=(0.0, 0.0)) -> np.ndarray:
    """The print square-on at TPPM with `stack` (lowest first) fanned on offering 0, the
    top disc moved by `parallax` (mm) and each lower one by less (its height's part)."""
    img = tracks.printed_board().copy()
    box = _box()
    n = len(stack)
    at = fan.fan_centres(box, n) + np.outer(np.arange(1, n + 1) / n, parallax)
    for colour, (x, y) in zip(stack, at, strict=True):
        hsv = np.uint8([[[read.HUES[colour], 200, 170]]])
        bgr = tuple(int(v) for v in cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0])
        cv2.circle(img, (round(x * tracks.TPPM * 16), round(y * tracks.TPPM * 16)),
                   round(fan.R_MM * tracks.TPPM * 16), bgr, -1, cv2.LINE_AA, shift=4)
    return cv2.GaussianBlur(img, (blur, blur), 0)


def _box():
    return next(sp for sp in geometry.track_spaces() if sp.id == "offering-0").box


def _lowest(bgr: np.ndarray, colour: str, above: list[str], top: str) -> bool:
    masks = tracks.colour_masks(bgr, PLAYERS)
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)
    return fan.lowest_crescent(masks, hsv, read.HUES, tracks.TPPM, _box(), colour, above, top)


def test_a_blue_crescent_under_three_discs_is_read():
    bgr = _board(["blue", "red", "yellow", "green"])
    assert _lowest(bgr, "blue", ["red", "yellow", "green"], "green")


def test_no_crescent_where_the_lowest_is_anothers_disc():
    # three discs, no blue: the place of a fourth's crescent shows red (the lowest)
    bgr = _board(["red", "yellow", "green"])
    assert not _lowest(bgr, "blue", ["red", "yellow", "green"], "green")
    # a lone disc: no fan, nothing to read under it
    assert not _lowest(_board(["green"]), "blue", ["green"], "green")


def test_a_crescent_of_the_tops_hue_is_not_taken_for_the_lowest():
    # green lowest under red/yellow/blue: asked for blue (green's neighbour in hue) it is
    # refused when green could lie there (green is not the top disc)
    bgr = _board(["green", "red", "yellow", "blue"])
    assert not _lowest(bgr, "blue", ["green", "red", "yellow"], "yellow")


def test_a_blue_crescent_is_not_green_s():
    # green is no top disc here, so it could lie lowest: only blue's hue reads the crescent
    bgr = _board(["blue", "red", "yellow"])
    assert _lowest(bgr, "blue", ["red", "yellow"], "yellow")
    assert not _lowest(bgr, "green", ["red", "yellow"], "yellow")


def test_a_crescent_in_the_middle_of_a_fan_is_read():
    # green second of four: its crescent lies between yellow above it and blue below
    bgr = _board(["blue", "green", "yellow", "red"])
    assert _lowest(bgr, "green", ["blue", "yellow", "red"], "red")
    # three discs and no green: no crescent of it anywhere in the fan
    assert not _lowest(_board(["blue", "yellow", "red"]), "green", ["blue", "yellow", "red"],
                       "red")


def test_a_crescent_under_a_fan_seen_from_the_side_is_read():
    # photo 050 of seed 4 (3 MP, pattern): the top disc, on three others, seen 3.5 mm off
    # its place by parallax and past the space's edge, each lower disc moved less
    bgr = _board(["green", "red", "yellow", "blue"], parallax=(3.5, 1.0))
    assert _lowest(bgr, "green", ["red", "yellow", "blue"], "blue")
    # ... and with no green disc there, none is read from the same sheared fan
    bgr = _board(["red", "yellow", "blue"], parallax=(3.5, 1.0))
    assert not _lowest(bgr, "green", ["red", "yellow", "blue"], "blue")


def _one_more(bgr: np.ndarray, above: list[str], missing: str) -> bool:
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)
    return fan.one_more(hsv, read.HUES, tracks.TPPM, _box(), PLAYERS, above, missing)


def test_a_fan_of_four_is_told_from_three_by_its_shape():
    # green lowest of four: the rims of blue and yellow lie where a fan of four puts
    # them, not three (a 3 MP photo's teal crescent: test_assyria_normal_spots)
    for blur in (3, 7):
        bgr = _board(["green", "blue", "yellow", "red"], blur=blur)
        assert _one_more(bgr, ["blue", "yellow", "red"], "green")


def test_a_fan_of_three_holds_no_fourth():
    for blur in (3, 7):
        bgr = _board(["blue", "yellow", "red"], blur=blur)
        assert not _one_more(bgr, ["blue", "yellow", "red"], "green")
        assert not _one_more(_board(["yellow", "red"], blur=blur), ["yellow", "red"], "green")


def _on_space(space: str, stack: list[str], shift=(0.0, 0.0)) -> tuple[np.ndarray, tuple]:
    """The print with `stack` (lowest first) fanned on `space`, the fan moved by `shift`."""
    img = tracks.printed_board().copy()
    box = next(sp for sp in geometry.track_spaces() if sp.id == space).box
    for colour, (x, y) in zip(stack, fan.fan_centres(box, len(stack)) + shift, strict=True):
        hsv = np.uint8([[[read.HUES[colour], 200, 170]]])
        bgr = tuple(int(v) for v in cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0])
        cv2.circle(img, (round(x * tracks.TPPM * 16), round(y * tracks.TPPM * 16)),
                   round(fan.R_MM * tracks.TPPM * 16), bgr, -1, cv2.LINE_AA, shift=4)
    return cv2.GaussianBlur(img, (3, 3), 0), box


def _lowest_on(bgr, box, colour: str, above: list[str], top: str) -> bool:
    masks = tracks.colour_masks(bgr, PLAYERS)
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)
    return fan.lowest_crescent(masks, hsv, read.HUES, tracks.TPPM, box, colour, above, top,
                               tracks.printed_hsv())


def test_a_red_crescent_beside_the_tracks_tan_print_is_read():
    # seed 8's photo 140 (JPEG 70, 3 MP): red lowest under blue and green on score 4, the
    # fan laid to the space's top left; the track's tan border, red's hue, lies round it
    bgr, box = _on_space("score-4", ["red", "blue", "green"], (-1.0, -1.0))
    assert _lowest_on(bgr, box, "red", ["blue", "green"], "green")
    # ... and none read where there is none
    bgr, box = _on_space("score-4", ["blue", "green"], (-1.0, -1.0))
    assert not _lowest_on(bgr, box, "red", ["blue", "green"], "green")


def test_no_red_crescent_is_read_from_a_tenth_spaces_tan():
    # a fan of two on score 10, whose tan is red's hue where a third disc's crescent lies
    bgr, box = _on_space("score-10", ["blue", "green"])
    assert not _lowest_on(bgr, box, "red", ["blue", "green"], "green")
    assert not _lowest_on(bgr, box, "yellow", ["blue", "green"], "green")


# --- fans seen from the camera ---------------------------------------------------------------

def _seen_from_side(space: str, stack: list[str], lean, blur: int = 3) -> np.ndarray:
    """The print with `stack` (lowest first) fanned on `space` as a camera sees discs of
    fan.DISC_MM: each disc's grey cut edge from its bottom to its top, and its top face,
    moved by `lean` (mm a point moves per mm of height)."""
    img = tracks.printed_board().copy()
    box = next(sp for sp in geometry.track_spaces() if sp.id == space).box
    lean = np.asarray(lean, float)
    s = tracks.TPPM * 16
    for k, (colour, c) in enumerate(zip(stack, fan.fan_centres(box, len(stack)), strict=True)):
        for z in np.linspace(k, k + 1, 7)[:-1] * fan.DISC_MM:      # the cut edge
            x, y = c + lean * z
            cv2.circle(img, (round(x * s), round(y * s)), round(fan.R_MM * s), (150, 155, 160),
                       -1, cv2.LINE_AA, shift=4)
        hsv = np.uint8([[[read.HUES[colour], 200, 170]]])
        bgr = tuple(int(v) for v in cv2.cvtColor(hsv, cv2.COLOR_HSV2BGR)[0, 0])
        x, y = c + lean * (k + 1) * fan.DISC_MM
        cv2.circle(img, (round(x * s), round(y * s)), round(fan.R_MM * s), bgr, -1,
                   cv2.LINE_AA, shift=4)
    return cv2.GaussianBlur(img, (blur, blur), 0)


def _gain(bgr: np.ndarray, space: str, above: list[str], missing: str, lean) -> float:
    box = next(sp for sp in geometry.track_spaces() if sp.id == space).box
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)
    return fan.fit_gain(hsv, tracks.unlike_around(bgr, box, 8.0), read.HUES, tracks.TPPM, box,
                        PLAYERS, above, missing, np.asarray(lean, float))


def test_a_fan_seen_from_the_side_fits_better_with_its_hidden_disc():
    # seed 7's photo 062 (hand-laid, 3 MP): green lowest of three, the camera's lean
    # towards the fan's lowest end: blue's top face, a disc higher, covers its crescent
    lean = (-0.54, -0.42)
    bgr = _seen_from_side("score-7", ["green", "blue", "red"], lean)
    assert _gain(bgr, "score-7", ["blue", "red"], "green", lean) >= tracks.FAN_GAIN
    # ... and a fan of two holds no third
    bgr = _seen_from_side("score-7", ["blue", "red"], lean)
    assert _gain(bgr, "score-7", ["blue", "red"], "green", lean) < tracks.FAN_GAIN


def test_a_lowest_crescent_widened_by_the_lean_is_fitted():
    # seed 9's photo 064 (JPEG 70, 3 MP): blue lowest of four on offering 0, the lean
    # along the fan, each higher disc moved further
    lean = (0.52, 0.34)
    bgr = _seen_from_side("offering-0", ["blue", "yellow", "red", "green"], lean, blur=5)
    assert _gain(bgr, "offering-0", ["yellow", "red", "green"], "blue", lean) >= tracks.FAN_GAIN
    bgr = _seen_from_side("offering-0", ["yellow", "red", "green"], lean, blur=5)
    assert _gain(bgr, "offering-0", ["yellow", "red", "green"], "blue", lean) < tracks.FAN_GAIN

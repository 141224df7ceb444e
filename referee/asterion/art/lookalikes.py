"""Telling two look-alike prints apart where only they differ: the photo's softness, then
per px which print it shows, or neither (covered): `Comparison`.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from referee.asterion.art.occlusion import covered_patch
from referee.asterion.art.pairs import differ, tile_frame_photo, turned_print
from referee.asterion.art.photometry import (
    SHADE_NEAR,
    VOTE_PPM,
    channel_max,
    channel_mean,
    channel_sum,
    fit_print,
    off_range,
    print_levels,
    shading,
)
from referee.asterion.art.pose import ArtMatch, art_patch, kept
from referee.asterion.art.templates import FINE_SPAN, face_counts, warp_face
from referee.asterion.grid import Grid
from referee.quantiles import median

MIN_GAIN = 0.6              # a rival's print keeps this share of the best's contrast
APART = 10                  # levels (0-255) by which two prints differ there: two colours'
#                             wall tints differ by 12 to 50 in some channel
SOFTNESS = (0.0, 1.0, 2.0, 3.0)     # Gaussian sigmas (px at VOTE_PPM) tried on the prints
SHARED = 400                # px both prints count on, at least, to compare them
NOISE_FLOOR = 4.0           # levels: the least noise a px a print explains is allowed
CLEAR_SHARE = 0.5           # the best wins at once if it explains this share of where the
CLEAR_RATIO = 20.0          # prints differ, this many times the px the rival explains
#                             (both on the best's levels: `Comparison.clearly_best`)


def softness(image: np.ndarray, scale: float, grid: Grid, a: ArtMatch) -> float:
    """How soft the photo is where `a` lies: the blur of its print that explains it best
    (the prints are sharp, a photo is not: blur, a 3 MP sensor, JPEG)."""
    n = round(FINE_SPAN * VOTE_PPM)
    origin = (a.centre[0] - FINE_SPAN / 2, a.centre[1] - FINE_SPAN / 2)
    photo = art_patch(image, scale, grid, a.centre, FINE_SPAN, VOTE_PPM)
    ta, wa = warp_face(grid.design, a.tile, a.centre, a.angle, origin, n, VOTE_PPM)
    return _softness(photo, ta, (wa * (1.0 - covered_patch(image, scale, grid, a, n))) > 0)[0]


Levels = tuple[np.ndarray, float, float]       # `print_levels`: scale, offset and gain


def _softness(photo: np.ndarray, ta: np.ndarray, use: np.ndarray
              ) -> tuple[float, np.ndarray, Levels]:
    """`softness` from the photo, the sharp print and where it counts, uncovered; and the
    print as soft, with its levels there (what a comparison maps it by)."""
    seen = photo[use]
    best: tuple[float, float, np.ndarray, Levels] | None = None
    for sigma in SOFTNESS:
        soft = cv2.GaussianBlur(ta, (0, 0), sigma) if sigma else ta
        levels = print_levels(photo, soft, use)
        # (the fit's error only where it counts: the same values, not the whole patch's)
        fitted = soft[use] * levels[0] + np.float32(levels[1])
        err = median(channel_sum(np.abs(seen - fitted)))
        if best is None or err < best[0]:
            best = (err, sigma, soft, levels)
    return best[1], best[2], best[3]


@dataclass(frozen=True)
class VoteMaps:
    photo: np.ndarray           # the cell, table frame, VOTE_PPM
    fit_a: np.ndarray           # a's print on the photo's levels
    fit_b: np.ndarray
    like_a: np.ndarray          # px that show a's print where the two differ
    like_b: np.ndarray
    covered: np.ndarray         # px like neither (a finger, a tomb, glare)
    apart: np.ndarray           # where the two prints differ (and count)

    def tint(self) -> tuple[float, float, int]:
        """Over where the prints differ and the photo shows one of them (not covered):
        how far the photo's median colour lies from each print's (the same design in two
        colours differs there only in its walls' tint: a faint difference per px, clear
        in the median of thousands), and how many px that is."""
        seen = self.apart & ~self.covered
        count = int(seen.sum())
        if count == 0:
            return 0.0, 0.0, 0

        def chroma(px: np.ndarray) -> np.ndarray:
            # the median colour less its own grey level: a fit's small error in lightness
            # is no colour
            m = np.median(px, axis=0)
            return m - m.mean()

        photo = chroma(self.photo[seen])
        return (float(np.linalg.norm(photo - chroma(self.fit_a[seen]))),
                float(np.linalg.norm(photo - chroma(self.fit_b[seen]))), count)


def comparison(image: np.ndarray, scale: float, grid: Grid, a: ArtMatch,
               sigma: float | None = None) -> Comparison:
    """`Comparison(image, scale, grid, a, sigma)`, kept for the photo and plane
    (pose.kept_in): a cell judged again with fewer candidates compares the same best
    with the same rivals, and is told what they were told."""
    return kept("comparison", image, scale, grid, a,
                lambda: Comparison(image, scale, grid, a, sigma), a.covered, sigma)


class Comparison:
    """The photo where `a` lies, against `a`'s print and any rival's, both where `a` lies
    (its pose fits the photo best; a look-alike has the same corridors, so the same pose):
    only their prints differ, not their placing. `sigma`: the photo's `softness` there
    (found if not given)."""

    def __init__(self, image: np.ndarray, scale: float, grid: Grid, a: ArtMatch,
                 sigma: float | None = None) -> None:
        self.a = a
        self.n = round(FINE_SPAN * VOTE_PPM)
        self.origin = (a.centre[0] - FINE_SPAN / 2, a.centre[1] - FINE_SPAN / 2)
        self.photo = art_patch(image, scale, grid, a.centre, FINE_SPAN, VOTE_PPM)
        self.design = grid.design
        self.sharp_a, self.wa = warp_face(self.design, a.tile, a.centre, a.angle, self.origin,
                                          self.n, VOTE_PPM)
        # A finger found on the tile (`unveiled`) is no print's light: left out of the
        # fits. Not of the votes: what `a` does not explain may be a rival's print (a
        # chest, an id where another turn has them), and a finger is like neither.
        covered = covered_patch(image, scale, grid, a, self.n)
        self.clear = (1.0 - covered) > 0
        self.lum_a = channel_mean(self.sharp_a)
        # Each print is mapped onto the photo's levels by its own white balance, gain and
        # offset (so another colour is judged fairly), as soft as the photo. (Softness
        # from the same photo, print and cover, which fits the print at each softness:
        # the fit at the one chosen is kept.)
        counted = (self.wa > 0) & self.clear
        if sigma is None:
            self.sigma, self.ta, levels = _softness(self.photo, self.sharp_a, counted)
        else:
            self.sigma = sigma
            self.ta = self._soft(self.sharp_a)
            levels = print_levels(self.photo, self.ta, counted)
        self.scale_a, self.offset_a, self.gain = levels
        self.fa = self.ta * self.scale_a + np.float32(self.offset_a)
        self._prints: dict[tuple[str, int], tuple[np.ndarray, np.ndarray]] = {}
        self.image, self.scale, self.grid = image, scale, grid
        self._within_floor: np.ndarray | None = None     # `a`'s px within NOISE_FLOOR
        self._alone: tuple[np.ndarray, np.ndarray, tuple[np.ndarray, np.ndarray],
                           np.ndarray] | None = None
        # each rival's outcome, once (they depend on its tile and quarter turn alone)
        self._maps: dict[tuple[str, int], VoteMaps | None] = {}
        self._clear: dict[tuple[str, int, int], bool] = {}

    def _soft(self, image: np.ndarray) -> np.ndarray:
        return cv2.GaussianBlur(image, (0, 0), self.sigma) if self.sigma else image

    def votes(self, b: ArtMatch) -> tuple[int, int, int]:
        maps = self.maps(b)
        if maps is None:
            return 0, 0, 0
        return int(maps.like_a.sum()), int(maps.like_b.sum()), int(maps.covered.sum())

    def _print_of(self, b: ArtMatch) -> tuple[np.ndarray, np.ndarray]:
        """A rival's print where `a` lies (b's quarter turn), sharp, and where it counts
        with its markers' squares (`warp_face`): drawn once a rival."""
        key = (b.tile, b.rot)
        if key not in self._prints:
            self._prints[key] = warp_face(self.design, b.tile, self.a.centre, self._angle(b),
                                          self.origin, self.n, VOTE_PPM, markers=True)
        return self._prints[key]

    def _angle(self, b: ArtMatch) -> float:
        return self.a.angle - self.a.rot + b.rot

    def _a_alone(self) -> tuple[np.ndarray, np.ndarray, tuple[np.ndarray, np.ndarray],
                                np.ndarray]:
        """In `a`'s own frame (pairs.py), once a comparison: the photo, the light across
        it judged from `a`'s print alone, how far the light may vary a few mm round, and
        how far each px lies outside `a`'s levels (the light as three channels, like the
        prints it scales)."""
        if self._alone is None:
            a = self.a
            photo = tile_frame_photo(self.image, self.scale, self.grid, a.centre, a.angle)
            fa = turned_print(self.design, a.tile, 0, self.sigma) * self.scale_a + np.float32(
                self.offset_a)
            use = differ(self.design, a.tile, a.tile, 0, APART)[0]
            light = shading(photo, (fa,), use)
            spread, light = _spread(light), _three(light)
            self._alone = (photo, light, spread, off_range(photo, fa * light, *spread))
        return self._alone

    def clearly_best(self, b: ArtMatch, least: int) -> bool:
        key = (b.tile, b.rot, least)
        if key not in self._clear:
            self._clear[key] = self._clearly_best(b, least)
        return self._clear[key]

    def _clearly_best(self, b: ArtMatch, least: int) -> bool:
        """Whether `a` wins against `b` without a closer look: where their prints differ
        (known in advance, pairs.differ), the photo shows `a`'s print at `least` px and
        at most of them, and hardly ever `b`'s, both mapped on `a`'s levels and light
        (one fit, one light and one rectified photo a comparison, in `a`'s own frame).
        Only a clear win is told so: a close contest, a finger where they differ (px like
        neither), a finger found on `a`, or a loss goes to `maps`, which fits each print
        on its own."""
        a = self.a
        if a.covered > 0:
            return False
        quarters = (b.rot - a.rot) // 90 % 4
        use, apart = differ(self.design, a.tile, b.tile, quarters, APART)
        count = int(apart.sum())
        if use.sum() < SHARED or count < least:
            return False
        photo, light, spread, ea = self._a_alone()
        fb = (turned_print(self.design, b.tile, quarters, self.sigma) * self.scale_a
              + np.float32(self.offset_a)) * light
        eb = off_range(photo, fb, *spread)
        noise = self._noise(ea, eb, use)
        like_a = int((apart & (ea < 2.5 * noise) & (eb > ea + 2.0 * noise)).sum())
        like_b = int((apart & (eb < 2.5 * noise) & (ea > eb + 2.0 * noise)).sum())
        return like_a >= max(least, CLEAR_SHARE * count) and like_a >= CLEAR_RATIO * like_b

    def _noise(self, ea: np.ndarray, eb: np.ndarray, use: np.ndarray) -> float:
        """How far a px either print explains still lies from it, in `a`'s frame: the
        median over `use` of the nearer print's distance, NOISE_FLOOR at least. (Where
        most of `use` lies within the floor of `a`'s print alone, the median of the nearer
        does too: no median to take.)"""
        if self._within_floor is None:
            self._within_floor = ea <= NOISE_FLOOR
        if np.count_nonzero(self._within_floor & use) > np.count_nonzero(use) // 2:
            return NOISE_FLOOR
        return max(median(np.minimum(ea, eb)[use]), NOISE_FLOOR)

    def maps(self, b: ArtMatch) -> VoteMaps | None:
        """Per px where `a`'s and `b`'s prints differ, which the photo shows (None: they
        share too few px to tell)."""
        key = (b.tile, b.rot)
        if key not in self._maps:
            self._maps[key] = self._vote_maps(b)
        return self._maps[key]

    def _vote_maps(self, b: ArtMatch) -> VoteMaps | None:
        sharp_b, wb = self._print_of(b)
        use = (self.wa * wb) > 0
        if use.sum() < SHARED:
            return None
        # compared only where the prints themselves differ, so that the two mappings
        # differing a little along shared edges decides nothing
        apart = use & (channel_max(np.abs(self.sharp_a - sharp_b)) > APART)
        # (fitted where b's print counts without its markers' squares)
        own_b = face_counts(self.design, b.tile, self.a.centre, self._angle(b), self.origin,
                            self.n, VOTE_PPM)
        fb, _ = fit_print(self.photo, self._soft(sharp_b), (own_b > 0) & self.clear,
                          MIN_GAIN * self.gain)
        # the light across the cell, from where both prints are equally light (so it
        # favours neither; two colours' walls are): a finger's or a hand's shadow darkens
        # a corridor next to it, which one level for the whole cell would call like
        # neither print
        alike = np.abs(self.lum_a - channel_mean(sharp_b)) <= APART
        light = shading(self.photo, (self.fa, fb), use & alike)
        fa, fb = self.fa * light, fb * light
        spread = _spread(light)
        # a px may be a px off where it was printed (pose, lens, paper): it is explained
        # by a print if it lies within the print's levels around it
        ea, eb = off_range(self.photo, fa, *spread), off_range(self.photo, fb, *spread)
        # how far a px a print explains still lies from it: noise, JPEG, the pose
        noise = max(median(np.minimum(ea, eb)[use]), NOISE_FLOOR)
        # like a print: as close to it as the photo's noise allows, and clearly closer
        # than to the other; like neither (covered): far from both
        like_a = apart & (ea < 2.5 * noise) & (eb > ea + 2.0 * noise)
        like_b = apart & (eb < 2.5 * noise) & (ea > eb + 2.0 * noise)
        covered = apart & (ea > 3.0 * noise) & (eb > 3.0 * noise)
        return VoteMaps(self.photo, fa, fb, like_a, like_b, covered, apart)


def _spread(light: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """How much darker and lighter than `light` the light may be at each px: it is known
    only roughly where two prints differ over a large area (a chest, a marker), and there
    a print may be as light as the light a few mm round."""
    near = np.ones((SHADE_NEAR, SHADE_NEAR), np.uint8)
    dim, bright = cv2.erode(light, near)[..., None], cv2.dilate(light, near)[..., None]
    # (as three channels, like the prints they scale: numpy broadcasts a last axis slowly)
    return _three(dim / light), _three(bright / light)


def _three(v: np.ndarray) -> np.ndarray:
    """An h x w x 1 image as h x w x 3, the same value in each channel."""
    return np.ascontiguousarray(np.broadcast_to(v, (*v.shape[:2], 3)))

"""Machine marks read back from an exported face's pixels: which pixels look like a mark,
and the patches they form. Shared by every game's marks measure (each knows its own face
and code). numpy only (no OpenCV): the print side's dependencies.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

BLACK_MAX = 40        # a channel at most this: the marker's black (the art's darkest is ~42)
WHITE_MIN = 248       # every channel at least this: the marker's white
NEUTRAL = 3           # max - min channel at most this: a grey between black and white

Run = tuple[int, int, int]          # (row, start, end), end exclusive


@dataclass(frozen=True)
class MarkPixels:
    black: np.ndarray      # the marker's black
    markish: np.ndarray    # black, white and the neutral greys between (anti-aliased edges)
    low: np.ndarray        # each pixel's lowest channel
    high: np.ndarray       # each pixel's highest channel


def mark_pixels(image: np.ndarray) -> MarkPixels:
    """Classify an RGB face's pixels. A mark is black and white with the neutral greys
    between them; a game's art is tinted, so it has no such region holding black."""
    rgb = image.astype(np.int16)
    low, high = rgb.min(axis=2), rgb.max(axis=2)
    black = high <= BLACK_MAX
    return MarkPixels(black, black | (low >= WHITE_MIN) | (high - low <= NEUTRAL), low, high)


def code_problems(pixels: MarkPixels, code: np.ndarray) -> tuple[int, int, int]:
    """Against the expected code (-1 no mark, 0 black, 1 white, 2 unsure): marker black
    outside every mark, mark pixels of the wrong colour, and mark pixels compared."""
    sure_black, sure_white = code == 0, code == 1
    mismatched = ((sure_black & (pixels.high > 60)).sum()
                  + (sure_white & (pixels.low < 230)).sum())
    return (int((pixels.black & (code == -1)).sum()), int(mismatched),
            int((sure_black | sure_white).sum()))


def patches(mask: np.ndarray) -> list[list[Run]]:
    """4-connected patches of a boolean image, each as its runs along rows. Labelled by runs
    (a face has a few thousand), joined where runs of neighbouring rows overlap."""
    parent: list[int] = []

    def root(i: int) -> int:
        while parent[i] != i:
            parent[i] = parent[parent[i]]
            i = parent[i]
        return i

    runs: list[Run] = []
    previous: list[int] = []                      # indices of the last row's runs
    padded = np.zeros((mask.shape[0], mask.shape[1] + 2), np.int8)
    padded[:, 1:-1] = mask
    edges = np.diff(padded, axis=1)
    for row in range(mask.shape[0]):
        current = []
        for a, b in zip(np.flatnonzero(edges[row] == 1).tolist(),
                        np.flatnonzero(edges[row] == -1).tolist(), strict=True):
            index = len(runs)
            runs.append((row, a, b))
            parent.append(index)
            for j in previous:                    # runs above that overlap join this one
                if runs[j][1] < b and a < runs[j][2]:
                    parent[root(j)] = root(index)
            current.append(index)
        previous = current
    groups: dict[int, list[Run]] = {}
    for index, run in enumerate(runs):
        groups.setdefault(root(index), []).append(run)
    return list(groups.values())


def bounds(runs: list[Run]) -> tuple[int, int, int, int]:
    """A patch's (row0, col0, row1, col1), ends exclusive."""
    rows = [r for r, _a, _b in runs]
    return (min(rows), min(a for _r, a, _b in runs), max(rows) + 1,
            max(b for _r, _a, b in runs))


def inked(pixels: MarkPixels, runs: list[Run]) -> int:
    """How many of a patch's pixels are marker black."""
    return sum(int(pixels.black[r, a:b].sum()) for r, a, b in runs)

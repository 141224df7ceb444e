"""Which male lies on a node, and which face is up, by what is drawn on him: the print's
own four faces (white or black; the spider, or the tick and "DONE") matched against the
board seen square-on, at every turn and a little round where he was found.

Brightness is not a property of the print: a photo's exposure and the printer move every
grey. The match is a normalised correlation (gain and offset fall out), of the middle of
the face only (the cut edge, its shadow and the parallax of his height live at the rim).
A white face and a black one are each other's negatives, so the colour comes with the
shape. The best face must beat every other face by MARGIN, else the face is not sure.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import cache

import cv2
import numpy as np

from referee.spider_twist.tokens import PPM, Rectified

FACES = {("white", False): "male-white", ("white", True): "male-white-back",
         ("black", False): "male-black", ("black", True): "male-black-back"}
TURN_STEP = 6               # degrees between the templates' turns
HALF_MM = 5.4               # the matched square's half side: inside his printed circle
SEARCH_MM = 2.0             # how far round the found centre he is looked for
# On generated photos (64 of them, every condition): males on the web score 0.82-0.97 (1 %
# below 0.65), anything else that covers a node (the die leaning over it, blurred paper
# and bead) at most 0.49.
SURE = 0.6                  # the best face's correlation at least this...
MARGIN = 0.12               # ... and this much above any other face's
BLUR_STEP = 0.5             # px of the board square-on: the smeared prints' sigma steps
SMEAR = 0.45                # a photo px spread over n board px smears as sigma 0.45 n
MAX_BLUR = 6
SURE_COLOUR = 0.45          # whose male alone (matched at coarser turns): a white face and
#                             a black one are negatives, so the colour's lead is large


@dataclass(frozen=True)
class FaceLook:
    colour: str | None       # "white" / "black"; None: no face fits
    done: bool | None
    score: float             # the best face's correlation
    margin: float            # its lead over the best other face
    centre: tuple[float, float]     # board mm where it fits best
    colour_margin: float = 0.0      # its lead over the best face of the other colour

    @property
    def sure(self) -> bool:
        return self.colour is not None and self.score >= SURE and self.margin >= MARGIN

    @property
    def sure_colour(self) -> bool:
        """Whose male, whichever face is up (a male in a player's area)."""
        return (self.colour is not None and self.score >= SURE_COLOUR
                and self.colour_margin >= MARGIN)


@cache
def _print() -> dict[str, np.ndarray]:
    """The print's male faces and both sides of the board, grey, at PPM (the registry's
    printing seam draws them; a board spans exactly its box at PPM, as `Rectified` does)."""
    from pnp.games import part
    from pnp.printing.build import BuildRequest
    from pnp.printing.export import render_faces

    printing = part("spider-twist", "printing")
    wanted = set(FACES.values()) | {"board-rings", "board-spiral"}
    out = {}
    for stem, image in render_faces(BuildRequest("spider-twist", printing=printing),
                                    ppm=PPM):
        if stem in wanted:
            out[stem] = cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2GRAY).astype(np.float32)
    return out


def _printed() -> dict[tuple[str, bool], np.ndarray]:
    """The print's male faces, grey, at PPM."""
    return {key: _print()[stem] for key, stem in FACES.items()}


def printed_board(side: str) -> np.ndarray:
    """The side's board as printed, grey, on the grid of `Rectified` (px i: mm i / PPM
    from the board box's corner)."""
    return _print()[f"board-{side}"]


def blur_for(r: Rectified, centre) -> int:
    """How blurred the board square-on is round `centre`, in BLUR_STEP px steps: where the
    photo has fewer px per mm than PPM, each of its px is smeared over several of the
    board's, and the print is matched as smeared (a sharp print against a soft photo
    correlates low)."""
    spread = PPM / max(r.photo_px_per_mm(centre), 0.1)
    if spread <= 1.0:
        return 0
    return min(MAX_BLUR, round(SMEAR * spread / BLUR_STEP))


@cache
def templates(blur: int = 0) -> dict[tuple[str, bool], np.ndarray]:
    """Each face's middle square at every TURN_STEP: (turns, n, n) float32, smeared by
    `blur` BLUR_STEP px steps."""
    k = round(HALF_MM * PPM)
    out = {}
    for key, face in _printed().items():
        if blur:
            face = cv2.GaussianBlur(face, (0, 0), blur * BLUR_STEP)
        c = ((face.shape[1] - 1) / 2, (face.shape[0] - 1) / 2)
        stack = []
        for turn in range(0, 360, TURN_STEP):
            m = cv2.getRotationMatrix2D(c, turn, 1.0)
            turned = cv2.warpAffine(face, m, (face.shape[1], face.shape[0]),
                                    flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
            y, x = round(c[1]), round(c[0])
            stack.append(turned[y - k:y + k + 1, x - k:x + k + 1])
        out[key] = np.stack(stack).astype(np.float32)
    return out


def _window(r: Rectified, centre, reach: float, exclude: np.ndarray | None,
            half: float = HALF_MM) -> tuple[np.ndarray, int, int] | None:
    """The board square-on where a face's middle centred within `reach` mm of `centre`
    may lie, and its top-left px; None off the board. Pixels in `exclude` are made the
    window's mean, so they favour no face."""
    k = round(half * PPM) + round(reach * PPM)
    x, y = np.round(r.px(centre)).astype(int)
    x0, y0, x1, y1 = x - k, y - k, x + k + 1, y + k + 1
    if x0 < 0 or y0 < 0 or x1 > r.rel.shape[1] or y1 > r.rel.shape[0]:
        return None
    window = r.rel[y0:y1, x0:x1].astype(np.float32)
    if exclude is not None and exclude[y0:y1, x0:x1].any():
        hidden = exclude[y0:y1, x0:x1]
        window = np.where(hidden, np.float32(window[~hidden].mean() if (~hidden).any()
                                                   else 0.0), window)
    return window, x0, y0


@dataclass(frozen=True)
class Bank:
    """Templates ready to correlate with every window of one size at once: their
    zero-mean, flipped spectra at an FFT size, and their norms."""

    spectra: np.ndarray      # (templates, size, size // 2 + 1) complex64
    norms: np.ndarray        # (templates,) float32
    side: int                # a template's side, px
    size: int                # the FFT's side, px


@cache
def _bank(blur: int, stride: int, coarse: bool, size: int) -> Bank:
    """Every face's templates (every stride-th turn of `templates(blur)`, or the coarse
    ones), face after face, at FFT size `size` (`_size`: at least the window's side, so
    no wrap of the circular correlation reaches a shift that is read)."""
    stacks = (_coarse_templates(blur) if coarse
              else {key: stack[::stride] for key, stack in templates(blur).items()})
    every = np.concatenate(list(stacks.values())).astype(np.float64)
    every -= every.mean(axis=(1, 2), keepdims=True)
    flipped = every[:, ::-1, ::-1].astype(np.float32)
    spectra = np.fft.rfft2(flipped, s=(size, size)).astype(np.complex64)
    norms = np.sqrt((every ** 2).sum(axis=(1, 2))).astype(np.float32)
    return Bank(spectra, norms, every.shape[1], size)


FLAT_SPREAD = 1e-5          # levels' std below this: flat (a photo's grain is >= 1e-3)


def _size(window: np.ndarray) -> int:
    return cv2.getOptimalDFTSize(max(window.shape))


def bank_fits(window: np.ndarray, bank: Bank) -> np.ndarray:
    """cv2.matchTemplate(window, t, TM_CCOEFF_NORMED) for every template t of `bank`
    (templates, shifts y, shifts x), by one FFT of the window instead of one pass per
    template (a face is matched at 60 turns)."""
    n, size = bank.side, bank.size
    h, w = window.shape[0] - n + 1, window.shape[1] - n + 1
    spectrum = np.fft.rfft2(window.astype(np.float32), s=(size, size))
    # the inverse FFT's rows first, and only the rows of whole shifts before its columns
    rows = np.fft.ifft(spectrum[None] * bank.spectra, axis=1)[:, n - 1:n - 1 + h]
    num = np.fft.irfft(rows, n=size, axis=2)[:, :, n - 1:n - 1 + w]
    levels = window.astype(np.float64)
    sums, squares = cv2.integral2(levels - levels.mean(), sdepth=cv2.CV_64F)[:2]
    s, s2 = (_box(a, n, h, w) for a in (sums, squares))
    spread = np.sqrt(np.maximum(s2 - s * s / (n * n), 0.0)).astype(np.float32)
    den = spread[None] * bank.norms[:, None, None]
    # a flat square (a hidden part made one level) fits nothing, as in OpenCV: its spread
    # is the sums' rounding, not the photo's
    fit = np.divide(num, den, out=np.zeros_like(num), where=spread[None] > FLAT_SPREAD * n)
    # as OpenCV does where rounding lifts a fit past 1: up to 1.125 is +-1, beyond it 0
    return np.where(np.abs(fit) < 1.0, fit, np.where(np.abs(fit) < 1.125, np.sign(fit), 0.0)
                    ).astype(np.float32)


def _box(integral: np.ndarray, n: int, h: int, w: int) -> np.ndarray:
    """The sums over every n x n square (h x w of them) from an integral image."""
    return (integral[n:n + h, n:n + w] - integral[:h, n:n + w] - integral[n:n + h, :w]
            + integral[:h, :w])


def read_face(r: Rectified, centre, exclude: np.ndarray | None = None,
              search: float = SEARCH_MM, stride: int = 1) -> FaceLook:
    """The face that fits the board square-on round `centre` (mm) best, and how sure.
    Pixels in `exclude` (a board-size mask: the female lying over his rim) are made the
    window's mean, so they favour no face. `stride`: every stride-th turn only (whose male
    alone needs no fine turn: a white face and a black one are each other's negatives)."""
    k = round(HALF_MM * PPM)
    cut = _window(r, centre, search, exclude)
    if cut is None:
        return FaceLook(None, None, 0.0, 0.0, tuple(float(v) for v in centre))
    window, x0, y0 = cut
    blur = blur_for(r, centre)
    res = bank_fits(window, _bank(blur, stride, False, _size(window)))
    per_key = res.reshape(len(FACES), -1)      # each face's turns, one after the other
    best: dict[tuple[str, bool], tuple[float, int, int]] = {}
    for key, fits in zip(templates(blur), per_key, strict=True):
        i = int(np.argmax(fits))               # the first best, turn by turn, as a scan
        best[key] = (float(fits[i]), *divmod(i % (res.shape[1] * res.shape[2]),
                                             res.shape[2]))
    ranked = sorted(best, key=lambda key: -best[key][0])
    first, second = ranked[0], ranked[1]
    score, by, bx = best[first]
    at = r.mm((x0 + bx + k, y0 + by + k))
    other = max(v[0] for key, v in best.items() if key[0] != first[0])
    return FaceLook(first[0], first[1], round(score, 3), round(score - best[second][0], 3),
                    (float(at[0]), float(at[1])), round(score - other, 3))


FLAT = 0.025                # a window whose levels vary less (their std) shows no face: on
#                             generated photos males' faces vary 0.046 and more (one paled by
#                             glare), plain paper's grain and faint print 0.008-0.019


def flat(r: Rectified, centre) -> bool:
    """The face-sized square round `centre` (mm) is flat: no face is drawn there, however
    well one correlates with its grain (a normalised correlation lifts any faint
    pattern to full contrast)."""
    k = round(HALF_MM * PPM)
    x, y = np.round(r.px(centre)).astype(int)
    window = r.rel[max(0, y - k):y + k + 1, max(0, x - k):x + k + 1]
    return window.size > 0 and float(window.std()) < FLAT


COARSE = 2                  # the wide search's px step (half the board's resolution)
COARSE_TURN = 2             # ... and every second turn


@cache
def _coarse_templates(blur: int = 0) -> dict[tuple[str, bool], np.ndarray]:
    """templates(blur) at 1/COARSE of the resolution, every COARSE_TURN-th turn."""
    out = {}
    for key, stack in templates(blur).items():
        n = (stack.shape[1] + COARSE - 1) // COARSE
        out[key] = np.stack([cv2.resize(t, (n, n), interpolation=cv2.INTER_AREA)
                             for t in stack[::COARSE_TURN]])
    return out


def find_face(r: Rectified, centre, reach: float,
              exclude: np.ndarray | None = None) -> FaceLook:
    """The best face anywhere within `reach` mm of `centre` (a male laid well off where his
    disc was looked for, or his disc's look lost to blur): a coarse search over the whole
    reach, then read_face where it peaked."""
    cut = _window(r, centre, reach, exclude)
    if cut is None:
        return FaceLook(None, None, 0.0, 0.0, tuple(float(v) for v in centre))
    window, x0, y0 = cut
    small = cv2.resize(window, (window.shape[1] // COARSE, window.shape[0] // COARSE),
                       interpolation=cv2.INTER_AREA)
    bank = _bank(blur_for(r, centre), COARSE_TURN, True, _size(small))
    res = bank_fits(small, bank)
    by, bx = divmod(int(np.argmax(res)) % (res.shape[1] * res.shape[2]), res.shape[2])
    n = bank.side
    at = r.mm((x0 + (bx + n / 2) * COARSE, y0 + (by + n / 2) * COARSE))
    return read_face(r, at, exclude, search=COARSE / PPM * 1.5)


EMPTY_SEARCH_MM = 1.5       # an empty node's print is looked for this far round its place
EMPTY_HALF_MM = 3.2         # ... its bead and the strands through it: a neighbour's card
#                             may come within 3.3 mm of a node


@cache
def _board(side: str, blur: int) -> np.ndarray:
    board = printed_board(side)
    return cv2.GaussianBlur(board, (0, 0), blur * BLUR_STEP) if blur else board


def empty_fit(r: Rectified, centre, exclude: np.ndarray | None = None) -> float:
    """How well the board's own print round a node, nothing on it, fits the board
    square-on there (normalised correlation of the square round its bead, smeared as the
    photo is there, best within EMPTY_SEARCH_MM): an empty node looks like its print
    however soft the photo, a male covering it does not. Pixels in `exclude` (the
    female's disc overhanging the node) are left out of the correlation."""
    return print_fit(r, centre, EMPTY_HALF_MM, exclude)


SOFTER = 4                  # BLUR_STEP steps beyond blur_for: a lens's or a shake's own blur


def soft_empty_fit(r: Rectified, centre, exclude: np.ndarray | None = None) -> float:
    """empty_fit with the print smeared up to SOFTER steps more than the photo's px
    alone smear it (a soft photo: lens blur, shake), the best of them."""
    base = blur_for(r, centre)
    return max(print_fit(r, centre, EMPTY_HALF_MM, exclude, blur=min(MAX_BLUR, base + extra))
               for extra in range(SOFTER + 1))


SHADE_MM = 1.2             # a token's soft shadow, a lamp's fall-off: wider than this; the
#                             print's lines and bead: narrower


@cache
def _lines(side: str, blur: int) -> np.ndarray:
    """The side's print, smeared by `blur` steps, less its own shade (`_shadeless`)."""
    return _shadeless(_board(side, blur))


def _shadeless(levels: np.ndarray) -> np.ndarray:
    """Levels less their blur over SHADE_MM: what a shadow or a lamp adds, nearly flat at
    that size, falls out; the print's lines and bead stay."""
    return levels - cv2.GaussianBlur(levels, (0, 0), SHADE_MM * PPM)


def lines_fit(r: Rectified, centre, exclude: np.ndarray | None = None) -> float:
    """soft_empty_fit of the print's lines alone (`_shadeless`, photo and print alike): a
    neighbour's soft shadow or her slab's across an empty node's bead darkens it unevenly,
    which a plain correlation takes for something on it; a male on the node hides the
    lines themselves."""
    base = blur_for(r, centre)
    return max(_lines_fit(r, centre, exclude, min(MAX_BLUR, base + extra))
               for extra in range(SOFTER + 1))


def _lines_fit(r: Rectified, centre, exclude: np.ndarray | None, blur: int) -> float:
    k, step = round(EMPTY_HALF_MM * PPM), round(EMPTY_SEARCH_MM * PPM)
    pad = round(3 * SHADE_MM * PPM)              # the shade's reach, so the cut is exact
    x, y = np.round(r.px(centre)).astype(int)
    lo, hi = k + step + pad, k + step + pad + 1
    board = _lines(r.side, blur)
    if x - lo < 0 or y - lo < 0 or x + hi > min(r.rel.shape[1], board.shape[1]) or \
            y + hi > min(r.rel.shape[0], board.shape[0]):
        return 0.0
    window = _shadeless(r.rel[y - lo:y + hi, x - lo:x + hi].astype(np.float32))
    window = window[pad:-pad, pad:-pad]
    template = board[y - k:y + k + 1, x - k:x + k + 1]
    if exclude is None or not exclude[y - k - step:y + k + step + 1,
                                      x - k - step:x + k + step + 1].any():
        res = cv2.matchTemplate(window, template, cv2.TM_CCOEFF_NORMED)
        return round(float(np.nan_to_num(res, nan=-1.0, posinf=-1.0, neginf=-1.0).max()), 3)
    seen = ~exclude[y - k - step:y + k + step + 1, x - k - step:x + k + step + 1]
    return _masked_fit(window, template, seen)


SLOT_HALF_MM = 9.2          # an area slot's print: its dashed outline (8.5 mm round it)
#                             and what it holds, a disc (a neighbour's male lies near)


def slot_fit(r: Rectified, slot) -> float:
    """How well the board's own print round a slot of a player's area, nothing on it (its
    dashed outline and the paper inside), fits the board square-on there, smeared as the
    photo is: an empty slot looks like its print, a male on it hides the outline and shows
    his face."""
    return print_fit(r, slot, SLOT_HALF_MM, disc=True)


def print_fit(r: Rectified, centre, half_mm: float, exclude: np.ndarray | None = None,
              disc: bool = False, blur: int | None = None) -> float:
    """The board's own print in the square of half side `half_mm` round `centre` (mm) (its
    inscribed disc if `disc`), smeared as the photo is there, against the board
    square-on: the best normalised correlation within EMPTY_SEARCH_MM (pixels in
    `exclude` left out); 0 off the board. `blur`: the print's smear in BLUR_STEP steps
    (None: blur_for's)."""
    k, step = round(half_mm * PPM), round(EMPTY_SEARCH_MM * PPM)
    x, y = np.round(r.px(centre)).astype(int)
    x0, y0, x1, y1 = x - k - step, y - k - step, x + k + step + 1, y + k + step + 1
    board = _board(r.side, blur_for(r, centre) if blur is None else blur)
    if x0 < 0 or y0 < 0 or x1 > min(r.rel.shape[1], board.shape[1]) or \
            y1 > min(r.rel.shape[0], board.shape[0]):
        return 0.0
    window = r.rel[y0:y1, x0:x1].astype(np.float32)
    template = board[y - k:y + k + 1, x - k:x + k + 1]
    if exclude is None or not exclude[y0:y1, x0:x1].any():
        res = cv2.matchTemplate(window, template, cv2.TM_CCOEFF_NORMED,
                                mask=_disc_mask(k) if disc else None)
        return round(float(np.nan_to_num(res, nan=-1.0, posinf=-1.0, neginf=-1.0).max()), 3)
    return _masked_fit(window, template, ~exclude[y0:y1, x0:x1])


@cache
def _disc_mask(k: int) -> np.ndarray:
    mask = np.zeros((2 * k + 1, 2 * k + 1), np.float32)
    cv2.circle(mask, (k, k), k, 1.0, -1)
    return mask


MIN_SEEN = 0.4              # of the square round a bead in view, for its print to tell


def _masked_fit(window: np.ndarray, template: np.ndarray, seen: np.ndarray) -> float:
    """The best normalised correlation of `template` with `window` at every shift, over
    the window's `seen` pixels only."""
    from numpy.lib.stride_tricks import sliding_window_view

    n = template.shape[0]
    patches = sliding_window_view(window, (n, n))          # (sy, sx, n, n)
    valid = sliding_window_view(seen, (n, n)).astype(np.float32)
    count = valid.sum(axis=(2, 3))
    w = np.maximum(count, 1.0)
    p_mean = (patches * valid).sum(axis=(2, 3)) / w
    t_mean = (template * valid).sum(axis=(2, 3)) / w
    dp = (patches - p_mean[..., None, None]) * valid
    dt = (template - t_mean[..., None, None]) * valid
    num = (dp * dt).sum(axis=(2, 3))
    den = np.sqrt((dp * dp).sum(axis=(2, 3)) * (dt * dt).sum(axis=(2, 3)))
    fit = np.where((den > 1e-6) & (count >= MIN_SEEN * n * n), num / np.maximum(den, 1e-6),
                   -1.0)
    return round(float(fit.max()), 3)

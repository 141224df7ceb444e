"""Drawing on the photo, for every game's overlay: the picture people look at to agree on
the result.

Primitives: a faded copy of the photo cropped to what was seen (`view_of`, `faded`), text
and labels on white boxes, problems boxed (or circled) in magenta with their code
(`mark_problem`), a band on top that says SURE or lists the problems (`banner`), and
writing the result (`write_overlay`). A game draws its own components with these
(referee/asterion/overlay.py); `basic_overlay` is what a game without its own drawing gets.

Canvas px: `view` maps original photo px to overlay px; `unit` scales strokes and text
with the size things appear at.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from contextvars import ContextVar
from pathlib import Path
from typing import TYPE_CHECKING, Any

import cv2
import numpy as np

from pnp import fileio
from referee.errors import OverlayError
from referee.geometry import project
from referee.image import scaling
from referee.png import png_bytes
from referee.quantiles import median

if TYPE_CHECKING:
    from referee.api import Verdict
    from referee.problems import RefereeProblem

MAX_SIDE = 1600               # px: the overlay's long side (more than a phone screen shows)

# BGR colours
INK = (40, 40, 40)
WHITE = (255, 255, 255)
PROBLEM = (255, 0, 255)       # magenta: loud, and not a player's colour
SURE = (60, 130, 30)


# What `framed` records of a drawing: the view `view_of` chose and the banner's height.
_FRAME: ContextVar[dict[str, Any] | None] = ContextVar("overlay_frame", default=None)


def framed(draw: Callable[[], np.ndarray]) -> tuple[np.ndarray, np.ndarray | None]:
    """Run an overlay drawing; return it and the 3x3 map from original photo px to its px
    (None if it framed nothing with `view_of`), so a tap on the picture can be placed."""
    record: dict[str, Any] = {}
    token = _FRAME.set(record)
    try:
        canvas = draw()
    finally:
        _FRAME.reset(token)
    if "view" not in record:
        return canvas, None
    shift = np.array([[1.0, 0, 0], [0, 1.0, record.get("band", 0)], [0, 0, 1.0]])
    return canvas, shift @ record["view"]


def view_of(image: np.ndarray, image_scale: float, outlines: Sequence[np.ndarray],
            points: Sequence[tuple[float, float]]) -> tuple[np.ndarray, tuple[int, int]]:
    """Original photo px -> overlay px: what was seen (`outlines`: each piece's corners,
    the first side a typical piece side; `points`: problems), with a margin of most of a
    piece, at most MAX_SIDE px on the long side, enlarged at most 2x. `image` is the photo
    scaled by `image_scale`; the view crops it on whole pixels and scales it as `faded`'s
    resize does."""
    pts = list(outlines)
    pts += [np.array([p]) for p in points]
    full = np.array([image.shape[1], image.shape[0]]) / image_scale
    if pts:
        allp = np.vstack(pts)
        side = median([np.linalg.norm(c[1] - c[0]) for c in outlines]) if outlines else 0.0
        lo = np.maximum(allp.min(axis=0) - 0.8 * side, 0)
        hi = np.minimum(allp.max(axis=0) + 0.8 * side, full)
    else:
        lo, hi = np.zeros(2), full
    start = np.floor(project(scaling(image_scale), np.array([lo]))[0]).clip(0)
    end = np.ceil(project(scaling(image_scale), np.array([hi]))[0])
    crop = np.maximum(np.minimum(end, [image.shape[1], image.shape[0]]) - start, 1)
    zoom = min(MAX_SIDE / float(crop.max()), 2.0)         # image px -> overlay px
    size = (max(1, round(crop[0] * zoom)), max(1, round(crop[1] * zoom)))
    view = _resized(start, zoom) @ scaling(image_scale)
    if (record := _FRAME.get()) is not None:
        record["view"] = view
    return view, size


def _resized(start: np.ndarray, zoom: float) -> np.ndarray:
    """Image px -> px of `cv2.resize` by `zoom` of the image cropped at `start` (whole px),
    pixel centres as OpenCV places them."""
    shift = 0.5 * (zoom - 1) - zoom * start
    return np.array([[zoom, 0, shift[0]], [0, zoom, shift[1]], [0, 0, 1.0]])


def faded(image: np.ndarray, image_scale: float, view: np.ndarray,
          size: tuple[int, int]) -> np.ndarray:
    """The photo seen through `view`, faded towards white so drawing on it stands out.
    `view` only scales and shifts: the crop `view_of` chose resized (bilinear, a third of
    an affine warp's time), or any other such view warped; faded in place (55 % photo,
    45 % white)."""
    to_canvas = view @ np.linalg.inv(scaling(image_scale))
    zoom = float(to_canvas[0, 0])
    start = np.round((0.5 * (zoom - 1) - to_canvas[:2, 2]) / zoom).astype(int)
    # the least crop `view_of` may have chosen that resizes to `size`
    width, height = (math.ceil((n - 0.5) / zoom) for n in size)
    x, y = (int(n) for n in start)
    canvas = None
    if (np.allclose(_resized(start, zoom), to_canvas, rtol=0, atol=1e-9) and min(x, y) >= 0
            and to_canvas[1, 1] == zoom):
        crop = image[y:y + height, x:x + width]
        canvas = cv2.resize(crop, None, fx=zoom, fy=zoom, interpolation=cv2.INTER_LINEAR)
        if canvas.shape[1::-1] != tuple(size):
            canvas = None
    if canvas is None:
        canvas = cv2.warpAffine(image, to_canvas[:2], size, flags=cv2.INTER_LINEAR,
                                borderMode=cv2.BORDER_REPLICATE)
    return cv2.convertScaleAbs(canvas, canvas, 0.55, 0.45 * 255)


def unit_of(view: np.ndarray, outlines: Sequence[np.ndarray], per: float = 110.0) -> float:
    """Stroke and text scale: a piece's side on the canvas over `per` px, 0.6 to 3."""
    sides = [np.linalg.norm(np.diff(project(view, c)[:2], axis=0)) for c in outlines]
    return float(np.clip(median(sides) / per, 0.6, 3.0)) if sides else 1.0


def outline(canvas: np.ndarray, quad: np.ndarray, unit: float, colour=INK) -> None:
    """A piece's outline (canvas px)."""
    cv2.polylines(canvas, [pts(quad)], True, colour, max(1, round(1.5 * unit)), cv2.LINE_AA)


def mark_problem(canvas: np.ndarray, problem: RefereeProblem, view: np.ndarray, unit: float,
                 place: np.ndarray | None = None) -> None:
    """A problem in magenta with its code: its place's outline (`place`, canvas px, e.g.
    the cell it names) boxed, else its photo point circled; nothing if it has neither."""
    t = max(3, round(4 * unit))
    if place is not None:
        cv2.polylines(canvas, [pts(place)], True, PROBLEM, t, cv2.LINE_AA)
        anchor = place.mean(axis=0)
    elif problem.point is not None:
        anchor = project(view, np.array([problem.point]))[0]
        cv2.circle(canvas, pt(anchor), round(25 * unit), PROBLEM, t, cv2.LINE_AA)
    else:
        return
    label(canvas, problem.code, (anchor[0], anchor[1] + 10 * unit), unit, PROBLEM)


def banner(canvas: np.ndarray, verdict: Verdict, sure: str) -> np.ndarray:
    """A white band above the picture: `sure` (a line saying everything was read), or
    every problem (the first eight)."""
    unit = max(1.0, canvas.shape[1] / 1400)
    if verdict.is_certain:
        lines = [sure]
        colour = SURE
    else:
        n = len(verdict.problems)
        lines = [f"Referee NOT SURE: {n} problem{'s' if n != 1 else ''} (magenta) - "
                 "no final score"]
        lines += [f"- {p.code}: {p.message}" for p in verdict.problems[:8]]
        if n > 8:
            lines.append(f"... and {n - 8} more (see the text output)")
        colour = PROBLEM
    step = round(26 * unit)
    band = np.full((step * len(lines) + round(12 * unit), canvas.shape[1], 3), 255, np.uint8)
    for i, line in enumerate(lines):
        text(band, line, (10 * unit, step * (i + 1)), 0.6 * unit, colour if i == 0 else INK)
    if (record := _FRAME.get()) is not None:
        record["band"] = record.get("band", 0) + band.shape[0]
    return np.vstack([band, canvas])


def table_canvas(verdict: Verdict, image: np.ndarray, image_scale: float,
                 table_outline: np.ndarray | None = None
                 ) -> tuple[np.ndarray, np.ndarray, np.ndarray | None]:
    """The faded photo cropped to the table (`table_outline`, mm in the table frame, seen
    through the verdict's plane) and to every problem's point: the canvas, the view (photo
    px to canvas px) and table mm to canvas px (None without a plane)."""
    h = verdict.homography
    outlines = ([project(h, table_outline)]
                if h is not None and table_outline is not None else [])
    view, size = view_of(image, image_scale, outlines,
                         [p.point for p in verdict.problems if p.point is not None])
    canvas = faded(image, image_scale, view, size)
    return canvas, view, (None if h is None else view @ h)


def problems_only(canvas: np.ndarray, verdict: Verdict, view: np.ndarray,
                  sure: str) -> np.ndarray:
    """Every problem circled where it was seen, and the banner: all a drawing can show
    without a plane (or for a game without its own drawing)."""
    unit = max(1.0, canvas.shape[1] / 1400)
    for p in verdict.problems:
        mark_problem(canvas, p, view, unit)
    return banner(canvas, verdict, sure)


def piece_unit(to_px: np.ndarray, width_mm: float) -> float:
    """Line widths and labels scaled to a piece `width_mm` wide as it is drawn (40 px is
    one unit), within 0.6-3."""
    ends = project(to_px, np.array([[0.0, 0.0], [width_mm, 0.0]]))
    return float(np.clip(np.linalg.norm(ends[1] - ends[0]) / 40, 0.6, 3.0))


def basic_overlay(verdict: Verdict, image: np.ndarray, image_scale: float) -> np.ndarray:
    """The whole photo, faded, with the problems circled and the banner: a game without
    its own drawing gets this."""
    view, size = view_of(image, image_scale, [], [])
    canvas = faded(image, image_scale, view, size)
    return problems_only(canvas, verdict, view, "Referee: SURE - everything read. The "
                                                "score is in the text output.")


def write_overlay(path: Path, overlay: np.ndarray) -> None:
    """Write in the format the extension names: .png, or .jpg/.jpeg (JPEG, quality 90)."""
    ext = path.suffix.lower()
    if ext not in (".png", ".jpg", ".jpeg"):
        raise OverlayError(f"cannot write {path}: the overlay is a .png or .jpg file")
    if ext == ".png":
        data = png_bytes(overlay)
    else:
        ok, jpeg = cv2.imencode(".jpg", overlay, [cv2.IMWRITE_JPEG_QUALITY, 90])
        if not ok:
            raise OverlayError("could not encode the overlay as JPG")
        data = jpeg.tobytes()
    try:
        fileio.write_bytes(path, data)
    except OSError as exc:
        raise OverlayError(f"cannot write {path}: {exc.strerror or exc}") from None


# --- primitives --------------------------------------------------------------------------

def pts(points: np.ndarray) -> np.ndarray:
    """Points as OpenCV's int32 polyline."""
    return np.round(np.asarray(points)).astype(np.int32).reshape(-1, 1, 2)


def pt(p) -> tuple[int, int]:
    return (round(float(p[0])), round(float(p[1])))


def off(p: np.ndarray, dx: float, dy: float) -> np.ndarray:
    return p + np.array([dx, dy])


def text(canvas, words: str, at, size: float, colour, centre: bool = False) -> None:
    thick = max(1, round(size * 2))
    (tw, th), _ = cv2.getTextSize(words, cv2.FONT_HERSHEY_SIMPLEX, size, thick)
    x, y = float(at[0]), float(at[1])
    if centre:
        x, y = x - tw / 2, y + th / 2
    cv2.putText(canvas, words, (round(x), round(y)), cv2.FONT_HERSHEY_SIMPLEX, size, colour,
                thick, cv2.LINE_AA)


def label(canvas, words: str, at, unit: float, colour, left: bool = False) -> None:
    """Text on a white box, centred on `at` (or starting there)."""
    size = 0.45 * unit
    thick = max(1, round(unit))
    (tw, th), base = cv2.getTextSize(words, cv2.FONT_HERSHEY_SIMPLEX, size, thick)
    x = float(at[0]) if left else float(at[0]) - tw / 2
    y = float(at[1]) + th / 2
    pad = math.ceil(3 * unit)
    cv2.rectangle(canvas, (round(x) - pad, round(y - th) - pad),
                  (round(x + tw) + pad, round(y + base) + pad), WHITE, -1)
    cv2.putText(canvas, words, (round(x), round(y)), cv2.FONT_HERSHEY_SIMPLEX, size, colour,
                thick, cv2.LINE_AA)

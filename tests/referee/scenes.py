"""Flat test photos for the referee's own tests: exported tile PNGs pasted at known cells,
rotations and hand-placement errors, then warped by a known perspective.

Not a realistic camera (referee/synth/ is): these scenes give exact ground truth for
each stage. Rendering the PNGs takes about 2 s, so tests share one `Scenes` per session.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from pathlib import Path

import cv2
import numpy as np

from pnp.geometry.asterion.tile import prisoner_points
from pnp.rules.asterion.tiles import tiles_by_id
from referee.asterion.synth import board_alpha
from referee.synth import affine as _affine
from referee.synth import paste_face

TILE = 50.0
BOARD_HALF = 335.36            # docs/asterion-board.md: board.png's top-left in board mm


@dataclass
class Scene:
    image: np.ndarray                  # BGR photo
    table: dict                        # the truth, as a table-file dict
    homography: np.ndarray             # table mm -> photo px
    jitter: dict[str, tuple[float, float, float]] = field(default_factory=dict)


class Scenes:
    def __init__(self, folder: Path, dpi: int = 300, marks: str = "classic") -> None:
        """Tiles exported to `folder` with the machine-mark design `marks`."""
        from pnp.printing.asterion import PRINTING
        from pnp.printing.build import BuildRequest
        from pnp.printing.export import export

        self.dpi = dpi
        self.marks = marks
        if not (folder / "manifest.json").exists():
            export(BuildRequest("asterion", "crete", printing=PRINTING, marks=marks),
                   folder, dpi=dpi)
        self.folder = folder
        self._cache: dict[str, np.ndarray] = {}

    def png(self, name: str) -> np.ndarray:
        if name not in self._cache:
            self._cache[name] = cv2.imread(str(self.folder / f"{name}.png"), cv2.IMREAD_COLOR)
        return self._cache[name]

    def render(self, table: dict, *, ppm: float = 4.0, gap_mm: float = 0.0, jitter_mm: float = 0.0,
               jitter_deg: float = 0.0, seed: int = 0, tilt_deg: float = 0.0,
               turn_deg: float = 0.0, size: tuple[int, int] | None = None,
               background: tuple[int, int, int] = (120, 135, 150),
               hide: dict[str, tuple[str, ...]] | None = None,
               moves: dict[str, tuple[float, float, float]] | None = None) -> Scene:
        """Paste the table at `ppm` px/mm, then view it tilted by `tilt_deg` (a trapezoid)
        and turned by `turn_deg`, into a photo of `size` (w, h). Tiles sit `gap_mm` apart
        and are pushed by up to `jitter_mm` and turned by up to `jitter_deg` (keep the two
        within the gap: real tiles never overlap). `hide` covers markers
        ({"Y07": ("NE",)}) with a skin-coloured blob, as a finger would ("hand": the tile's
        middle under a palm); `moves` pushes
        and turns single tiles further ({"Y07": (dx_mm, dy_mm, degrees)})."""
        rng = np.random.default_rng(seed)
        cells = [(t["x"], t["y"]) for t in table["tiles"]]
        if table.get("board"):
            lo_x = lo_y = -BOARD_HALF - 20
            hi_x = hi_y = BOARD_HALF + 20
        else:
            lo_x = min(x for x, _ in cells) * TILE - 90
            hi_x = max(x for x, _ in cells) * TILE + 90
            lo_y = min(y for _, y in cells) * TILE - 90
            hi_y = max(y for _, y in cells) * TILE + 90
        w, h = int((hi_x - lo_x) * ppm), int((hi_y - lo_y) * ppm)
        canvas = np.empty((h, w, 3), np.uint8)
        canvas[:] = background
        # table mm -> canvas px
        to_canvas = np.array([[ppm, 0, -lo_x * ppm], [0, ppm, -lo_y * ppm], [0, 0, 1.0]])
        src_ppm = self.dpi / 25.4
        if table.get("board"):
            a = to_canvas @ _affine(-BOARD_HALF, -BOARD_HALF, 0.0, 1 / src_ppm)
            _paste(canvas, self.png("board"), a, diamond=True)
        jitter: dict[str, tuple[float, float, float]] = {}
        tiles = tiles_by_id()
        dead = set(table.get("dead", []))
        hide = hide or {}
        for t in table["tiles"]:
            dx, dy = (rng.uniform(-jitter_mm, jitter_mm, 2) if jitter_mm else (0.0, 0.0))
            da = rng.uniform(-jitter_deg, jitter_deg) if jitter_deg else 0.0
            mx, my, ma = (moves or {}).get(t["id"], (0.0, 0.0, 0.0))
            dx, dy, da = dx + mx, dy + my, da + ma
            jitter[t["id"]] = (float(dx), float(dy), float(da))
            pitch = TILE + gap_mm
            cx, cy = t["x"] * pitch + dx, t["y"] * pitch + dy
            # tile frame mm -> table mm: centre, then turned by rot + da clockwise
            tile_to_table = _affine(cx, cy, t["rot"] + da, 1.0) @ _affine(-25, -25, 0, 1.0)
            a = to_canvas @ tile_to_table @ _affine(0, 0, 0, 1 / src_ppm)
            _paste(canvas, self.png(t["id"]), a)
            if t["id"] in dead:
                for px, py in prisoner_points(tiles[t["id"]]):
                    b = to_canvas @ tile_to_table @ _affine(px - 6, py - 6, 0, 1 / src_ppm)
                    _paste(canvas, self.png("tomb"), b)
            for corner in hide.get(t["id"], ()):
                # a finger on a marker, or ("hand") a palm over the tile's middle
                centre = {"NE": (39.6, 10.4), "SW": (10.4, 39.6), "hand": (25.0, 25.0)}[corner]
                axes = (22, 17) if corner == "hand" else (11, 7)
                p = to_canvas @ tile_to_table @ np.array([*centre, 1.0])
                cv2.ellipse(canvas, (int(p[0]), int(p[1])),
                            (int(axes[0] * ppm), int(axes[1] * ppm)),
                            35, 0, 360, (120, 150, 215), -1, cv2.LINE_AA)
        out_w, out_h = size or (w, h)
        # canvas -> photo: fit the canvas into the photo, squeeze the far edge for the tilt
        # (a camera tilted by `tilt_deg` sees the far side shorter) and turn it.
        shrink = math.cos(math.radians(tilt_deg))
        src = np.float32([[0, 0], [w, 0], [w, h], [0, h]])
        top = (1 - shrink) / 2 * w
        dst = np.float32([[top, 0], [w - top, 0], [w, h * (0.5 + shrink / 2)],
                          [0, h * (0.5 + shrink / 2)]])
        turn = _affine(0, 0, turn_deg, 1.0)
        dst = cv2.perspectiveTransform(dst[None], turn)[0]
        lo, hi = dst.min(axis=0), dst.max(axis=0)
        scale = 0.92 * min(out_w / (hi[0] - lo[0]), out_h / (hi[1] - lo[1]))
        dst = (dst - (lo + hi) / 2) * scale + np.float32([out_w / 2, out_h / 2])
        warp = cv2.getPerspectiveTransform(src, dst.astype(np.float32))
        photo = cv2.warpPerspective(canvas, warp, (out_w, out_h), flags=cv2.INTER_AREA,
                                    borderValue=background)
        truth = {k: v for k, v in table.items()}
        return Scene(photo, truth, warp @ to_canvas, jitter)


def _paste(canvas: np.ndarray, image: np.ndarray, a: np.ndarray, diamond: bool = False) -> None:
    """Warp `image` by `a` into `canvas` (only over the inscribed diamond for the board,
    whose PNG is white outside it): the photo generator's own paste."""
    paste_face(canvas, image, a, board_alpha(image.shape[:2]) if diamond else None)

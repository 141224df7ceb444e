"""One realistic phone photo of any game's table: `shoot(truth, scene, conditions, seed)`.

The game's scene says what lies where (`Layout`: flat printed `Face`s in `Layer`s, its
markers, what the photo must frame); this module does the rest, the same for every game: a
pinhole camera `tilt_deg` off vertical warps every face straight into the photo (nothing
is resampled twice), on a table top in the same plane, with contact shadows, fingers
resting on markers, uneven light, a person's shadow, glare, lens distortion, blur, sensor
noise, a colour cast (or a coloured room light, a wrong white balance, a dim room) and
JPEG. Same seed, same photo.
"""

from __future__ import annotations

import copy
import math
from collections import OrderedDict
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

import cv2
import numpy as np

from referee.synth.camera import camera, distorted, frame_size, lens, mm_to_px, transform
from referee.synth.hands import draw_finger, hide_pieces, place_fingers
from referee.synth.paste import paste_face, print_tone, shade
from referee.synth.phone import phone
from referee.synth.solids import face_to_photo, paint_holed_wall, paint_wall
from referee.synth.table import enlarged_texture, small_texture, table_top


@dataclass(frozen=True)
class Conditions:
    megapixels: float = 12.0          # 12 -> 4032x3024, 3 -> 2016x1512 (4:3)
    tilt_deg: float = 15.0            # camera angle from vertical (max 40)
    table_rotation: bool = True       # the table turned by any angle in the frame
    jitter_mm: float = 3.0            # per-piece offset by hand (max ~5)
    jitter_deg: float = 4.0           # per-piece turn by hand (max ~8)
    gap_mm: float = 1.0               # off a board, pieces sit this far apart on average
    light: float = 0.3                # uneven light: how much darker the dim side gets
    glare: bool = False               # a specular spot
    shadow: bool = True               # a person's soft shadow across part of the table
    blur_sigma: float = 0.7           # px (max 1.5)
    noise: float = 3.0                # sensor noise, grey levels
    jpeg_quality: int = 85            # 70..90
    fingers: int = 0                  # fingers resting on markers
    texture: str = "wood"             # wood, cloth, light, grain, check or pattern (table.py)
    fill: float = 0.8                 # the table's share of the frame's short side
    distortion: float = 0.0           # lens k1 left after the phone's correction (< 0: barrel)
    print_fade: float = 1.0           # 1: a home print's grey ink and off-white paper; 0: the PDF
    print_gamma: float = 1.0          # < 1: the printer's greys lighter than the PDF's
    spare_pieces: int = 0             # unused pieces in a heap on the table, clear of the game
    room_light: str = "neutral"       # neutral, warm, cool, mixed or wrong-wb (phone.py)
    exposure: float = 1.0             # < 1: a dim room the phone could not fully brighten
    hidden_pieces: int = 0            # pieces with a finger on each of their markers
    # True: the photo framed by zooming and moving the phone, so its principal point stays
    # at the centre (a phone's is); False: by cropping (the point lands off centre)
    centred_lens: bool = False


PRESETS: dict[str, Conditions] = {
    "default": Conditions(),
    "steep": Conditions(tilt_deg=40.0),
    "sloppy": Conditions(jitter_mm=5.0, jitter_deg=8.0, gap_mm=2.0),
    "blur": Conditions(blur_sigma=1.5, noise=4.0),
    "glare": Conditions(glare=True),
    "dark": Conditions(light=0.6, shadow=True, noise=6.0, texture="cloth"),
    "white-table": Conditions(texture="light"),
    "occluded": Conditions(fingers=2),
    "3mp": Conditions(megapixels=3.0),
    # a wide lens the phone did not fully correct: edges bend by ~1 % of the frame
    "lens": Conditions(distortion=-0.04),
    # the supply of spare pieces (Asterion: tombs) left lying a few cm from the game
    "clutter": Conditions(spare_pieces=25),
    # tables the project does not print on: a strongly grained wood, a checked or striped
    # tablecloth, a printed oilcloth with bold flowers and dots
    "grain": Conditions(texture="grain"),
    "check": Conditions(texture="check"),
    "pattern": Conditions(texture="pattern"),
    # room light: a warm lamp, cold daylight, both at once, the phone's white balance off;
    # a dim, warm, uneven evening room (underexposed by about 2/3 of a stop, noisy)
    "warm": Conditions(room_light="warm", light=0.4),
    "cool": Conditions(room_light="cool"),
    "mixed-light": Conditions(room_light="mixed", light=0.5),
    "white-balance": Conditions(room_light="wrong-wb"),
    "dim": Conditions(room_light="warm", exposure=0.6, light=0.4, noise=6.0),
    # loose framing: the game fills half the frame (more table and floor, smaller pieces)
    "loose": Conditions(fill=0.5),
    # a piece with a finger on each of its markers (the rest of it in view)
    "hidden": Conditions(hidden_pieces=1),
    "worst": Conditions(tilt_deg=40.0, jitter_mm=5.0, jitter_deg=8.0, gap_mm=2.0, light=0.6,
                        glare=True, blur_sigma=1.5, noise=6.0, jpeg_quality=70, fingers=2,
                        texture="light", distortion=-0.04),
}


def with_conditions(base: str, **changes: Any) -> Conditions:
    return replace(PRESETS[base], **changes)


@dataclass
class SynthPhoto:
    jpeg: bytes
    truth: dict                       # the game's state JSON the photo shows
    covered_markers: set[int] = field(default_factory=set)   # ids a finger overlaps
    corners: dict[str, np.ndarray] = field(default_factory=dict)  # named faces' outlines, px
    # table mm -> px (the game's table frame; before the hand's jitter and the lens)
    homography: np.ndarray = field(default_factory=lambda: np.eye(3))
    conditions: Conditions = field(default_factory=Conditions)
    hidden: tuple[str, ...] = ()      # pieces with a finger on each marker (hidden_pieces)

    @cached_property
    def image(self) -> np.ndarray:
        """BGR, decoded from the JPEG: what the referee sees (decoded when first asked: most
        callers hand the referee the JPEG)."""
        return cv2.imdecode(np.frombuffer(self.jpeg, np.uint8), cv2.IMREAD_COLOR)


@dataclass(frozen=True)
class Face:
    """A flat printed piece lying on the table."""

    image: np.ndarray                 # BGR, as printed (e.g. pnp export's PNG)
    to_table: np.ndarray              # 3x3: the piece's own frame (mm) -> table mm
    outline: np.ndarray               # the piece's outline in its own frame (mm): its shadow;
    #                                   a named face's outline in px is in SynthPhoto.corners
    dpi: float                        # the image's px per inch
    alpha: np.ndarray | None = None   # uint8 mask where the image is not cardboard
    key: str | None = None            # a big face (a board): its shrunk copy is kept
    name: str | None = None           # report its corners as SynthPhoto.corners[name]
    # its plane's height above the table, z = lift . (u, v, 1) of its own mm (solids.py):
    # a piece's top face (flat_lift), or a die's upright side; None: on the table
    lift: np.ndarray | None = None
    # a card slab under it: (thickness mm, its cut edge's BGR), drawn before the face
    wall: tuple[float, tuple[int, int, int]] | None = None
    # a ring's hole (its own mm): the wall is cut through there, its inner wall shown
    hole: np.ndarray | None = None


@dataclass(frozen=True)
class Layer:
    """Faces put down together (a board, then tiles, then tokens on them), each casting a
    soft contact shadow: `shadow` = (how far it falls, mm; its blur, mm; its strength)."""

    faces: list[Face]
    shadow: tuple[float, float, float] = (1.2, 1.2, 0.35)


# (camera: table mm -> px, the frame's shape, the "props" random stream) -> layers, bottom
# first. Loose props (spare pieces) may need the camera: they lie in view.
LayersFn = Callable[[np.ndarray, tuple[int, ...], np.random.Generator], list[Layer]]


@dataclass(frozen=True)
class Layout:
    """What a game's scene hands `shoot`."""

    outline: np.ndarray               # table mm: what the photo must frame (board or pieces)
    game: np.ndarray                  # table mm: where the game lies (light and glare aim there)
    markers: dict[int, np.ndarray]    # marker id -> its square, table mm: where fingers rest
    layers: LayersFn
    # piece name -> its marker ids: what Conditions.hidden_pieces may hide (optional)
    pieces: dict[str, tuple[int, ...]] = field(default_factory=dict)
    # piece name -> its centre, table mm: where a finger holding it down points away from
    # (optional: else its markers' middle, which a piece of one marker does not tell)
    piece_centres: dict[str, np.ndarray] = field(default_factory=dict)


# One random stream per aspect, so that (say) adding a token moves no piece. The game's
# scene draws its hand placement from "layout" and its loose props from "props".
STREAMS = ("frame", "layout", "camera", "texture", "props", "fingers", "light", "noise",
           "print", "room", "hide")


def shoot(truth: dict, scene: Callable[[np.random.Generator], Layout], conditions: Conditions,
          seed: int) -> SynthPhoto:
    """A phone photo of the table `scene` lays out (from the "layout" random stream), under
    `conditions`; `truth` is the state it shows. Same seed, same photo."""
    rng = streams(seed)
    cond = conditions
    size = _frame(cond, rng)

    layout = scene(rng["layout"])
    outline = layout.outline
    h_cam = camera(outline, size, cond, rng["camera"])
    image = enlarged_texture(_table(cond.texture, size, seed, outline, h_cam,
                                    rng["texture"]), size)
    cast = _cast(rng["light"])
    corners = _draw_layers(image, layout.layers(h_cam, image.shape, rng["props"]), h_cam,
                           outline, cast, print_tone(rng["print"], cond.print_fade,
                                                    cond.print_gamma))

    fingers, covered = place_fingers(cond.fingers, layout.markers, rng["fingers"])
    hidden: tuple[str, ...] = ()
    if cond.hidden_pieces:
        more, also, hidden = hide_pieces(cond.hidden_pieces, layout.markers, layout.pieces,
                                         rng["hide"], layout.piece_centres)
        fingers, covered = fingers + more, covered | also
    if fingers:
        scale = mm_to_px(h_cam, outline)
        # fingers rest on the table but are thick: a wider, softer shadow
        shade(image, [transform(h_cam, f.outline()) for f in fingers], cast * 4 * scale,
              4 * scale, 0.4)
        for f in fingers:
            draw_finger(image, h_cam, f, rng["fingers"])

    table_px = transform(h_cam, layout.game)
    if cond.distortion:
        image = lens(image, cond.distortion)
        corners = {k: distorted(q, size, cond.distortion) for k, q in corners.items()}
        table_px = distorted(table_px, size, cond.distortion)
    final = phone(image, cond, rng["light"], rng["noise"], table_px, rng["room"])
    ok, buffer = cv2.imencode(".jpg", final, [cv2.IMWRITE_JPEG_QUALITY, int(cond.jpeg_quality)])
    if not ok:
        raise RuntimeError("JPEG encoding failed")
    return SynthPhoto(buffer.tobytes(), copy.deepcopy(truth), covered, corners, h_cam, cond,
                      hidden)


# Photos of one table from one camera (a test's variations of one state) share its top:
# (texture, size, seed, outline, camera) -> the table top made small (a few MB).
_TABLES: OrderedDict[tuple, np.ndarray] = OrderedDict()
KEPT_TABLES = 4


def _table(kind: str, size: tuple[int, int], seed: int, outline: np.ndarray,
           h_cam: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """`small_texture` of the table top under the game framing `outline`, seen by `h_cam`;
    `rng` is seed's "texture" stream at its start (nothing else draws from it), so these
    inputs fix the top and it is made once for them."""
    outline = np.asarray(outline, np.float64)
    key = (kind, tuple(size), seed, outline.shape, outline.tobytes(), h_cam.tobytes())
    if key not in _TABLES:
        top = table_top(outline, rng)
        small = small_texture(kind, size, rng, np.linalg.inv(h_cam), top)
        small.flags.writeable = False           # kept: each photo draws on its own copy
        _TABLES[key] = small
        while len(_TABLES) > KEPT_TABLES:
            _TABLES.popitem(last=False)
    _TABLES.move_to_end(key)
    return _TABLES[key]


def streams(seed: int) -> dict[str, np.random.Generator]:
    """`shoot`'s random streams for `seed`, each at its start."""
    return {name: np.random.default_rng([seed, k]) for k, name in enumerate(STREAMS)}


def _frame(cond: Conditions, rng: dict[str, np.random.Generator]) -> tuple[int, int]:
    return frame_size(cond.megapixels, portrait=bool(rng["frame"].integers(2)))


def photo_camera(outline: np.ndarray, conditions: Conditions, seed: int) -> np.ndarray:
    """The camera (table mm -> px, before the lens) `shoot` photographs a scene framing
    `outline` with, under `conditions` and `seed`: what a scene may work out about its
    photo (what hides what) without drawing it, the same for a photo kept as a JPEG."""
    rng = streams(seed)
    return camera(outline, _frame(conditions, rng), conditions, rng["camera"])


def _draw_layers(image: np.ndarray, layers: list[Layer], h_cam: np.ndarray,
                 outline: np.ndarray, cast: np.ndarray, tone: np.ndarray
                 ) -> dict[str, np.ndarray]:
    """Every layer's contact shadows (falling towards `cast`), then its faces, in place.
    Returns the named faces' outlines in the photo."""
    scale = mm_to_px(h_cam, outline)
    corners: dict[str, np.ndarray] = {}
    for layer in layers:
        quads = [transform(h_cam @ f.to_table, f.outline) for f in layer.faces]
        offset, blur, strength = layer.shadow
        shade(image, quads, cast * offset * scale, blur * scale, strength)
        for f, quad in zip(layer.faces, quads, strict=True):
            face_mm = np.diag([25.4 / f.dpi, 25.4 / f.dpi, 1.0])       # face px -> mm
            to_photo = face_to_photo(h_cam, f.to_table, f.lift)
            if f.wall is not None:
                top = 0.0 if f.lift is None else float(f.lift[2])
                outline_table = transform(f.to_table, f.outline)
                if f.hole is None:
                    paint_wall(image, h_cam, outline_table, top - f.wall[0], top, f.wall[1])
                else:
                    paint_holed_wall(image, h_cam, outline_table,
                                     transform(f.to_table, f.hole), top - f.wall[0], top,
                                     f.wall[1])
            paste_face(image, f.image, to_photo @ face_mm, f.alpha, key=f.key, tone=tone)
            if f.name is not None:
                corners[f.name] = quad          # where it lies: its footprint on the table
    return corners


def _cast(rng: np.random.Generator) -> np.ndarray:
    """Which way contact shadows fall, in photo px (a unit vector)."""
    a = rng.uniform(0, 2 * math.pi)
    return np.array([math.cos(a), math.sin(a)])


def printed_faces(request: Any, dpi: int) -> dict[str, np.ndarray]:
    """Front faces (BGR) by file stem ("Y07", "board" ...) of a `pnp.printing.build.
    BuildRequest`, from the PDF's own drawing (`pnp.printing.export.render_faces`). Slow
    (a second or more): cache the result per process."""
    from pnp.printing.export import render_faces

    out: dict[str, np.ndarray] = {}
    for stem, image in render_faces(request, dpi):
        if not stem.endswith("-back"):
            out[stem] = cv2.cvtColor(np.asarray(image), cv2.COLOR_RGB2BGR)
    return out

"""Constructo's referee: one photo in, a `ConstructoVerdict` out.

Stages: tile markers (shared detection; each id names its tile and corner) -> one table
plane for all tiles (the best-seen tile's markers first, then every tile's pose by a rigid
fit on the plane and the plane refitted from all) -> the tiles' axial places and the
pattern they fit -> per tile, its stack from above (stacks.py) -> the state through the
rules core, which checks it before it is believed. What a photo cannot show (the supply,
whose turn, the round, earlier points) is inferred or defaulted and said so in `seen()`.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any, ClassVar

import cv2
import numpy as np

from pnp.printing.constructo import geometry
from pnp.rules.api import GameRules
from pnp.rules.constructo import KINDS, PATTERN_NAMES, PATTERNS, PLAYERS, Piece, stack_problem
from pnp.rules.constructo.commands import COMMANDS
from pnp.rules.constructo.pieces import PER_KIND
from pnp.rules.constructo.state import StateError, read_state
from referee.api import Verdict
from referee.constructo import stacks
from referee.constructo.problems import (
    BAND_HIDDEN,
    PATTERN_UNCLEAR,
    STACK_UNCLEAR,
    SUPPLY_OVER,
    TILE_UNSEEN,
)
from referee.detect import detect_markers
from referee.errors import NoTiles, RefereeError
from referee.geometry import project, rigid_fit, rotation, similarity
from referee.image import PhotoInput, load_photo
from referee.problems import INVALID_LAYOUT, RefereeProblem
from referee.timing import Laps

LATTICE_SLOP = 0.25         # of a tile's step: a centre further off its hex is no pattern


class BadOption(RefereeError):
    """An option `read` cannot take."""


@dataclass
class TileSeen:
    number: int                          # the printed tile (1..9)
    markers: list[int]
    centre_mm: tuple[float, float]       # table frame
    turn: float
    to_photo: np.ndarray                 # tile frame mm -> photo px
    place: tuple[int, int] | None = None # (q, r) in the pattern
    look: stacks.StackLook | None = None

    @property
    def point(self) -> tuple[float, float]:
        p = project(self.to_photo, np.zeros((1, 2)))[0]
        return (float(p[0]), float(p[1]))

    def to_dict(self) -> dict[str, Any]:
        look = self.look or stacks.StackLook()
        return {"tile": self.number,
                "at": None if self.place is None else f"{self.place[0]},{self.place[1]}",
                "markers": self.markers,
                "layers_bottom_up": [la.to_dict() for la in look.layers],
                "band": look.band, "problem": look.problem,
                "point": [round(v, 1) for v in self.point]}


@dataclass
class ConstructoVerdict(Verdict):
    pattern: str | None = None
    pattern_from: str = "tiles"
    tiles: list[TileSeen] = field(default_factory=list)
    turn_given: bool = False             # the turn came from the player (--turn)

    rules: ClassVar[GameRules | None] = COMMANDS

    def seen(self) -> dict[str, Any]:
        return {"pattern": self.pattern, "pattern_from": self.pattern_from,
                "tiles": [t.to_dict() for t in self.tiles],
                "stacks_from": "the visible layers; pieces hidden under the lowest visible "
                               "layer change no score and are left out",
                "supply_from": "not seen: 3 of each piece per player, less those seen",
                "turn_from": ("given (--turn)" if self.turn_given else
                              "not seen: white by default (--turn names it)")
                + "; round 1 and no earlier points: not seen"}

    def _draw(self, image: np.ndarray, image_scale: float, **options: Any) -> np.ndarray:
        from referee.constructo.overlay import draw_overlay

        return draw_overlay(self, image, image_scale)


def _model() -> dict[str, np.ndarray]:
    return {p.corner: np.array(p.corners, float) for p in geometry.marker_places()}


def _fit(table: np.ndarray, image: np.ndarray) -> np.ndarray:
    if len(table) >= 8:
        h, _m = cv2.findHomography(table, image, 0)
        if h is not None:
            return h / h[2, 2]
    return similarity(table, image)


def _pose(turn: float, shift: np.ndarray) -> np.ndarray:
    t = np.eye(3)
    t[:2, :2] = rotation(turn)
    t[:2, 2] = shift
    return t


def tile_poses(markers) -> tuple[np.ndarray, dict[int, tuple[list, np.ndarray]]]:
    """The table plane (table mm -> px, the table frame being the best-seen tile's) and
    each tile's pose on it (tile frame -> table mm)."""
    model = _model()
    groups: dict[int, list] = {}
    for m in markers:
        tile, corner = geometry.tile_for_marker(m.id)
        groups.setdefault(tile, []).append((m, corner))
    best = max(sorted(groups), key=lambda t: len(groups[t]))
    src = np.vstack([model[c] for _m, c in groups[best]])
    dst = np.vstack([m.corners for m, _c in groups[best]])
    h = _fit(src, dst)
    poses: dict[int, np.ndarray] = {}
    for _round in range(3):
        inv = np.linalg.inv(h)
        table, image = [], []
        for tile, seen in groups.items():
            mod = np.vstack([model[c] for _m, c in seen])
            obs = np.vstack([m.corners for m, _c in seen])
            turn, shift, _res = rigid_fit(mod, project(inv, obs))
            poses[tile] = _pose(turn, shift)
            table.append(project(poses[tile], mod))
            image.append(obs)
        h = _fit(np.vstack(table), np.vstack(image))
    return h, {t: (sorted(m.id for m, _c in groups[t]), poses[t]) for t in groups}


# --- the pattern ---------------------------------------------------------------------------

def _axial(centres: np.ndarray) -> tuple[list[tuple[int, int]] | None, float]:
    """Axial places of tile centres (table mm) on the hex lattice they lie on."""
    if len(centres) == 1:
        return [(0, 0)], 0.0
    d = np.hypot(*(centres[:, None, :] - centres[None, :, :]).transpose(2, 0, 1))
    np.fill_diagonal(d, np.inf)
    step = float(np.median(d.min(axis=1)))
    vecs = [centres[j] - centres[i] for i in range(len(centres)) for j in range(len(centres))
            if i != j and d[i, j] < 1.3 * step]
    six = np.array([math.atan2(v[1], v[0]) * 6 for v in vecs])
    theta = math.atan2(np.sin(six).mean(), np.cos(six).mean()) / 6
    a = step * np.array([math.cos(theta), math.sin(theta)])
    b = step * np.array([math.cos(theta + math.pi / 3), math.sin(theta + math.pi / 3)])
    basis = np.linalg.inv(np.column_stack([a, b]))
    rel = (centres - centres[0]) @ basis.T
    places = np.round(rel)
    off = float(np.max(np.hypot(*((rel - places) @ np.column_stack([a, b]).T / step).T)))
    return [(int(q), int(r)) for q, r in places], off


def _symmetries(q: int, r: int) -> list[tuple[int, int]]:
    out = []
    for flip in (False, True):
        x, y = (r, q) if flip else (q, r)
        for _k in range(6):
            out.append((x, y))
            x, y = -y, x + y
    return out


def fit_pattern(places: list[tuple[int, int]], pattern: str
                ) -> list[tuple[int, int]] | None:
    """The seen places mapped onto `pattern`'s tiles by a symmetry of the hex grid and a
    shift, or None if they fit no way."""
    want = set(PATTERNS[pattern])
    for g in range(12):
        moved = [_symmetries(q, r)[g] for q, r in places]
        for target in sorted(want):
            dq, dr = target[0] - moved[0][0], target[1] - moved[0][1]
            out = [(q + dq, r + dr) for q, r in moved]
            if set(out) <= want and len(set(out)) == len(out):
                return out
    return None


# --- the referee ---------------------------------------------------------------------------

def referee_photo(photo: PhotoInput, *, pattern: str | None = None,
                  turn: str | None = None) -> ConstructoVerdict:
    """`turn`: whose turn it is (a photo cannot show it; it decides whether the round is
    over, so the score's status line); None: white, said so in `seen()`."""
    if pattern is not None and pattern not in PATTERN_NAMES:
        raise BadOption(f"unknown pattern {pattern!r} (choose from: "
                        f"{', '.join(PATTERN_NAMES)})")
    if turn is not None and turn not in PLAYERS:
        raise BadOption(f"unknown turn {turn!r} (choose from: {', '.join(PLAYERS)})")
    lap = Laps()
    timings = lap.timings

    image = load_photo(photo)
    lap("load")
    ours = [m for m in detect_markers(image.image, image.scale)
            if geometry.tile_for_marker(m.id) is not None]
    lap("detect")
    if not ours:
        raise NoTiles("no Constructo tile markers in the photo")
    h, poses = tile_poses(ours)
    tiles = [TileSeen(t, ids, (float(p[0, 2]), float(p[1, 2])),
                      math.degrees(math.atan2(p[1, 0], p[0, 0])), h @ p)
             for t, (ids, p) in sorted(poses.items())]
    lap("plane")
    problems: list[RefereeProblem] = []
    places, off = _axial(np.array([t.centre_mm for t in tiles]))
    chosen, fitted, alike = None, None, []
    names = (pattern,) if pattern else PATTERN_NAMES
    if places is not None and off < LATTICE_SLOP:
        fits = {name: fit_pattern(places, name) for name in names}
        fits = {name: f for name, f in fits.items() if f is not None}
        if fits:
            chosen = next(iter(fits))
            fitted = fits[chosen]
            alike = [n for n in fits if n != chosen]
    if chosen is None:
        told = f"the {pattern} pattern" if pattern else "any pattern"
        problems.append(RefereeProblem(PATTERN_UNCLEAR, f"the {len(tiles)} tiles seen do not "
                                       f"fit {told}: lay them touching, as the player aid "
                                       "shows", None, None))
    else:
        for t, place in zip(tiles, fitted, strict=True):
            t.place = place
        if len(tiles) < len(PATTERNS[chosen]):
            problems.append(RefereeProblem(TILE_UNSEEN, f"only {len(tiles)} of the "
                                           f"{chosen}'s {len(PATTERNS[chosen])} tiles seen "
                                           "(markers hidden?): photograph every tile, its "
                                           "corners uncovered", None, None))
    lap("pattern")
    for t in tiles:
        t.look = stacks.read_stack(stacks.rectify_tile(image.image, image.scale, t.to_photo))
        if t.look.code:
            where = f"tile {t.place[0]},{t.place[1]}" if t.place else f"tile {t.number}"
            code = BAND_HIDDEN if t.look.code == "band-hidden" else STACK_UNCLEAR
            problems.append(RefereeProblem(code, f"{where}: {t.look.problem}; "
                                           + ("look from straight above, or lift the ring "
                                              "and say what lies under it" if
                                              code == BAND_HIDDEN else
                                              "uncover it and square the pieces up"),
                                           t.place, t.point))
    lap("stacks")
    state = None
    if chosen is not None:
        state, more = _assemble(chosen, tiles, turn or PLAYERS[0])
        problems += more
    lap("assemble")
    # the rhombus and the flower are one shape turned: the tiles cannot tell them apart
    # (the pattern changes no score); say so rather than pretend
    source = "--pattern" if pattern else "tiles" + (
        f" (the same shape as {', '.join(alike)}: give --pattern to name it)" if alike else "")
    return ConstructoVerdict(state, problems, h, image.size, timings, image, pattern=chosen,
                             pattern_from=source, tiles=tiles, turn_given=turn is not None)


def _assemble(pattern: str, tiles: list[TileSeen], turn: str,
              answers: dict[tuple[int, int], list[tuple[str, str]]] | None = None
              ) -> tuple[dict | None, list[RefereeProblem]]:
    """The state from each tile's stack as read, or as the player answered (`answers`:
    place -> (owner, kind) bottom to top, for stacks the photo could not show)."""
    problems: list[RefereeProblem] = []
    stacks_json: dict[str, list] = {}
    used = {p: dict.fromkeys(KINDS, 0) for p in PLAYERS}
    for t in tiles:
        if t.place is not None and answers and t.place in answers:
            stack = answers[t.place]
        elif t.look is None or t.look.code or t.place is None:
            continue
        else:
            stack = t.look.stack()
        if not stack:
            continue
        why = stack_problem([Piece(o, k) for o, k in stack])
        key = f"{t.place[0]},{t.place[1]}"
        if why:
            problems.append(RefereeProblem(INVALID_LAYOUT, f"tile {key}: the rules do not "
                                           f"allow what was seen: {why}", t.place, t.point))
            continue
        stacks_json[key] = [{"owner": o, "piece": k} for o, k in stack]
        for o, k in stack:
            used[o][k] += 1
    supply = {p: {k: PER_KIND - used[p][k] for k in KINDS} for p in PLAYERS}
    for p in PLAYERS:
        for k in KINDS:
            if supply[p][k] < 0:
                problems.append(RefereeProblem(SUPPLY_OVER, f"{used[p][k]} {p} {k} pieces "
                                               f"seen; each player has {PER_KIND}", None, None))
                supply[p][k] = 0
    state = {"game": "constructo", "pattern": pattern, "players": list(PLAYERS),
             "turn": turn, "round": 1, "stacks": stacks_json, "supply": supply,
             "scores": dict.fromkeys(PLAYERS, 0)}
    if problems:
        return None, problems
    try:
        read_state(state)
    except StateError as exc:
        return None, [RefereeProblem(INVALID_LAYOUT, f"the rules do not allow what was seen: "
                                     f"{p}", None, None) for p in exc.problems]
    return state, []

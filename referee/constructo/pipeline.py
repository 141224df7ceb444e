"""Constructo's referee: one photo in, a `ConstructoVerdict` out.

Stages: tile markers (shared detection; each id names its tile and corner) -> one table
plane for all tiles and each tile's pose on it (plane.py) -> the tiles' axial places and the
pattern they fit -> per tile, its stack from above (stacks.py) -> the state through the
rules core, which checks it before it is believed. What a photo cannot show (the supply,
whose turn, the round, earlier points) is inferred or defaulted and said so in `seen()`.
"""

from __future__ import annotations

import math

import numpy as np

from pnp.geometry import constructo as geometry
from pnp.rules.constructo import KINDS, PATTERN_NAMES, PATTERNS, PLAYERS, Piece, stack_problem
from pnp.rules.constructo.hexes import lay_on, unknown_pattern
from pnp.rules.constructo.pieces import PER_KIND
from pnp.rules.constructo.read import read_state
from pnp.rules.constructo.state import StateError
from referee.constructo import stacks
from referee.constructo.plane import tile_poses
from referee.constructo.problems import (
    BAND_HIDDEN,
    PATTERN_UNCLEAR,
    STACK_UNCLEAR,
    SUPPLY_OVER,
    TILE_UNSEEN,
)
from referee.constructo.verdict import ConstructoVerdict, TileSeen
from referee.detect import Marker, detect_in_windows, merge_markers
from referee.errors import BadOption
from referee.image import Photo, PhotoInput
from referee.opening import our_markers
from referee.pose import Pose, camera_pose
from referee.problems import INVALID_LAYOUT, RefereeProblem
from referee.timing import Laps

LATTICE_SLOP = 0.25         # of a tile's step: a centre further off its hex is no pattern
SMALL_MARKER_PX = 24.0      # working px: markers this small are looked for again
BOARD_REACH = 4.5           # tiles: how far the rest of a board may lie from a marker seen


def second_look(image: Photo, ours: list[Marker]) -> list[Marker]:
    """The tiles' markers again, round those seen, with the detector for small markers, when
    some are missing: a tile not found at all (a blurred 3 MP photo's markers at the
    default detector's limit), or few markers small in the working copy (a loosely framed
    table; the spindle, five tiles end to end, most of all; docs/referee.md "Constructo")."""
    spec = geometry.tile_spec()
    side = float(np.median([m.side for m in ours])) * image.scale
    tiles = {geometry.tile_for_marker(m.id)[0] for m in ours}
    # enough: every tile and two markers a tile on average make a sure plane (markers
    # this large are found the first time, but for a whole tile's missed in a blur)
    if len(tiles) == spec.count and (side >= SMALL_MARKER_PX or len(ours) >= 2 * spec.count):
        return ours
    # a tile is across_flats / marker side markers across; the window in original px
    reach = BOARD_REACH * spec.across_flats / (spec.modules * spec.module) * side / image.scale
    pts = np.vstack([m.corners for m in ours])
    lo, hi = pts.min(axis=0) - reach, pts.max(axis=0) + reach
    s = image.scale
    window = [(int(lo[0] * s), int(lo[1] * s), int(hi[0] * s) + 1, int(hi[1] * s) + 1)]
    # the default detector skips outlines under 3 % of the image's side: markers of
    # about 16 px in a 2000 px photo; the tiny detector's finer threshold reads them
    found = detect_in_windows(image.image, window, s, tiny=True)
    merged = merge_markers(ours, [m for m in found if geometry.tile_for_marker(m.id)])
    if (len({geometry.tile_for_marker(m.id)[0] for m in merged}) < spec.count
            and side < SMALL_MARKER_PX):
        # a whole tile still missed: markers under about 2.5 px a module decode only
        # enlarged (a loose 3 MP photo's 12 px markers); slower, so only then
        found = detect_in_windows(image.image, window, s, upsample=2, tiny=True)
        merged = merge_markers(merged, [m for m in found if geometry.tile_for_marker(m.id)])
    return merged


def tiny_look(image: Photo) -> list[Marker]:
    """Every marker in the whole working copy, by the detector for small markers: when the
    default one found none, a table framed so loosely that every marker is under its
    least size (about 16 px in a 2000 px copy); slower, so only then."""
    h, w = image.image.shape[:2]
    return detect_in_windows(image.image, [(0, 0, w, h)], image.scale, tiny=True)


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


def pattern_fits(places: list[tuple[int, int]] | None, off: float
                 ) -> dict[str, list[tuple[int, int]]]:
    """Each pattern the seen places fit (ruling "Components": the three differ under turning
    and mirroring, so all nine tiles fit one at most; fewer may fit more), with the places
    numbered as that pattern's tiles (the rules core's `lay_on`)."""
    if places is None or off >= LATTICE_SLOP:
        return {}
    fits = {name: lay_on(places, name) for name in PATTERN_NAMES}
    return {name: f for name, f in fits.items() if f is not None}


def _unfit(tiles: list[TileSeen], pattern: str | None, fits: dict) -> RefereeProblem:
    """`pattern-unclear`: the tiles fit no pattern, or not the one --pattern names."""
    told = f"the {pattern} pattern" if pattern else "any pattern"
    advice = (f"they fit the {' or the '.join(fits)}: check --pattern" if fits else
              "lay them touching, as the player aid shows")
    return RefereeProblem(PATTERN_UNCLEAR, f"the {len(tiles)} tiles seen do not fit {told}: "
                          f"{advice}", None, None)


def _unseen(tiles: list[TileSeen], chosen: str, alike: list[str]) -> RefereeProblem:
    """`tile-unseen`: fewer tiles than the pattern has (and the others they also fit)."""
    also = f"; they also fit the {' or the '.join(alike)}" if alike else ""
    return RefereeProblem(TILE_UNSEEN, f"only {len(tiles)} of the {chosen}'s "
                          f"{len(PATTERNS[chosen])} tiles seen (markers hidden?{also}): "
                          "photograph every tile, its corners uncovered", None, None)


def tile_lean(pose: Pose, tile: TileSeen) -> stacks.Lean:
    """Which way the camera looks at a tile, in the tile's own frame (its cut edges show
    on the near side)."""
    away, per_mm = pose.lean(np.array(tile.centre_mm), 0.0)
    turn = np.radians(tile.turn)
    c, s = math.cos(turn), math.sin(turn)
    # table -> tile frame: the tile's turn undone
    return stacks.Lean((float(c * away[0] + s * away[1]), float(-s * away[0] + c * away[1])),
                       float(per_mm))


# --- the referee ---------------------------------------------------------------------------

def referee_photo(photo: PhotoInput, *, pattern: str | None = None,
                  turn: str | None = None) -> ConstructoVerdict:
    """`turn`: whose turn it is (a photo cannot show it; it decides whether the round is
    over, so the score's status line); None: white, said so in `seen()`."""
    if pattern is not None and pattern not in PATTERN_NAMES:
        raise BadOption(unknown_pattern(pattern))
    if turn is not None and turn not in PLAYERS:
        raise BadOption(f"unknown turn {turn!r} (choose from: {', '.join(PLAYERS)})")
    lap = Laps()
    timings = lap.timings

    image, ours = our_markers(photo, lap, lambda i: geometry.tile_for_marker(i) is not None,
                              lambda _: "no Constructo tile markers in the photo", tiny_look)
    ours = second_look(image, ours)
    lap("second look")
    h, poses = tile_poses(ours)
    tiles = [TileSeen(t, ids, (float(p[0, 2]), float(p[1, 2])),
                      math.degrees(math.atan2(p[1, 0], p[0, 0])), h @ p)
             for t, (ids, p) in sorted(poses.items())]
    lap("plane")
    problems: list[RefereeProblem] = []
    fits = pattern_fits(*_axial(np.array([t.centre_mm for t in tiles])))
    # --pattern is believed only if the tiles fit it; else the one pattern they fit
    chosen = next((n for n in fits if n == pattern or not pattern), None)
    alike = [n for n in fits if n != chosen]
    if chosen is None:
        problems.append(_unfit(tiles, pattern, fits))
    else:
        # the tiles numbered from the pattern as laid (neighbours on the table stay
        # neighbours; a turned table may get turned coordinates)
        for t, place in zip(tiles, fits[chosen], strict=True):
            t.place = place
        if len(tiles) < len(PATTERNS[chosen]):
            problems.append(_unseen(tiles, chosen, alike))
    lap("pattern")
    # a photo may be cropped off its lens's axis: the principal point left free
    pose = camera_pose(h, image.size, free_centre=True)
    squares = [stacks.rectify_tile(image.image, image.scale, t.to_photo) for t in tiles]
    seen = [stacks.levels(square) for square in squares]
    # the photo's red: glare pales a tile's own, corners and all
    red = float(np.median([stacks.red_of(levels) for levels in seen]))
    for t, square, levels in zip(tiles, squares, seen, strict=True):
        t.look = stacks.read_stack(square, tile_lean(pose, t), red, levels)
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
        state, more = assemble(chosen, tiles, turn or PLAYERS[0])
        problems += more
    lap("assemble")
    # the three patterns differ in shape, but tiles not seen may leave more than one that
    # fits (tile-unseen is flagged then); say so rather than pretend
    source = "--pattern" if pattern else "tiles" + (
        f" (the tiles seen also fit the {', '.join(alike)}: give --pattern to name it)"
        if alike else "")
    return ConstructoVerdict(state, problems, h, image.size, timings, image, pattern=chosen,
                             pattern_from=source, tiles=tiles, turn_given=turn is not None)


def assemble(pattern: str, tiles: list[TileSeen], turn: str,
              answers: dict[tuple[int, int], list[tuple[str, str]]] | None = None
              ) -> tuple[dict | None, list[RefereeProblem]]:
    """The state from each tile's stack as read, or as the player answered (`answers`:
    place -> (owner, kind) bottom to top, for stacks the photo could not show)."""
    problems: list[RefereeProblem] = []
    stacks_json: dict[str, list] = {}
    used = {p: dict.fromkeys(KINDS, 0) for p in PLAYERS}
    holding: dict[tuple[str, str], list[TileSeen]] = {}     # which tiles show each piece
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
            holding.setdefault((o, k), []).append(t)
    supply = {p: {k: PER_KIND - used[p][k] for k in KINDS} for p in PLAYERS}
    for p in PLAYERS:
        for k in KINDS:
            if supply[p][k] < 0:
                # any of them may be the one misread: each is pinned
                problems += [RefereeProblem(SUPPLY_OVER, f"tile {t.place[0]},{t.place[1]}: one "
                                            f"of {used[p][k]} {p} {k} pieces seen; each "
                                            f"player has {PER_KIND}: check this stack",
                                            t.place, t.point) for t in holding[p, k]]
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

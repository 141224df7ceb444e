"""Spider Twist's referee: one photo in, a `SpiderVerdict` out (REFEREE.read calls this).

Stages: board markers (shared detection) -> which side is up (by their ids) and the plane
(shared RANSAC fit) -> the board seen square-on -> the female and the die on her -> every
node: empty, or whose token and which face -> the players' areas (counts) -> the state
through the rules core's `position`, which checks it (`read_state`) before it is believed.
Everything unsure is a problem with its place, never a guess (docs/referee.md).
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from pnp.geometry import spider_twist as geometry
from pnp.rules.spider_twist.read import position
from pnp.rules.spider_twist.state import StateError
from referee.errors import BadOption
from referee.geometry import project
from referee.image import PhotoInput, scaling
from referee.opening import fit_board, our_markers
from referee.pose import Pose, camera_pose
from referee.problems import INVALID_LAYOUT, RefereeProblem
from referee.spider_twist import board, faces, tokens
from referee.spider_twist.die import DieLook, read_die
from referee.spider_twist.markers import with_small_markers
from referee.spider_twist.problems import (
    AREA_UNCLEAR,
    AREA_WRONG_COLOUR,
    DIE_UNCLEAR,
    FEMALE_UNSEEN,
    NODE_UNCLEAR,
    SIDE_UNCLEAR,
    TOKEN_AMBIGUOUS,
    TOKEN_UNREADABLE,
)
from referee.spider_twist.verdict import PieceSeen, SpiderVerdict
from referee.timing import Laps

MIN_MARKERS = 3             # of a side's 6: 12 corners round the board fix the plane
AMBIGUOUS_MM = 3.0          # a token this much nearer one node than the next is not sure
LOCATE_BEYOND_MM = 2.0      # a male is looked for this far beyond a third of his width...
OFF_SLOP_MM = 2.0           # ... and read up to this far beyond it (where his face was found: the
#                             camera model and a card's parallax move him a mm or two)
# an empty node seen soft or in shade (`_soft_bead`; on generated photos 99 % of empty
# nodes' beads show 0.16 and more, their pattern's response 0.26 and more)
SOFT_BEAD = 0.1
SOFT_RATIO = 0.15           # ... of its light ring's level
SOFT_RESPONSE = 0.2
NO_FACE = 0.45              # no male's face fits this well (a soft empty bead fits a
#                             turned white male's up to 0.6)
CLEAR_BEAD, CLEAR_RESPONSE = 0.25, 0.4      # a bead no covered node shows (0.19, 0.36)
DIE_REACH_MM = 45.0         # her radius and a large die's height seen from 40 degrees
EMPTY_PRINT = 0.6           # the board's own print fits an empty node this well
LINES_PRINT = 0.8           # ... its lines alone, shade aside (on generated photos empty
#                             nodes 0.86 and more, covered ones at most 0.46)
STRONG_FACE = 0.8           # a face this sure needs no male's look round it...
LOCATE_NEAR_MM = 2.0        # ... else his look is looked for this near it
HER_HIDES = 0.5             # of a bead under her disc: she may hide the rest (her overhang)
HER_SHADOW_MM = 2.0         # her 2 mm slab's shadow reaches about this far beyond her edge
BEAD_SEEN = 0.5             # of a bead beside her edge and shadow, left to tell it by...
BEAD_GLIMPSE = 0.35         # ... or this much, where its print fits as a male's face does
TOKEN_MM = 2.0              # a male's card: his face lies this high (1-3 mm read alike)
EMPTY_SLOT_FACE = 0.45      # an empty slot's paper fits no male's face this well...
SLOT_PRINT = 0.35           # ... or its own print fits this well (on generated photos an
#                             occupied slot's at most 0.2, most empty ones' 0.5 and more)
AREA_STRIDE = 3             # an area male's colour alone: every 18 degrees is enough
AREA_SLOP_MM = 4.0          # a male in a player's area lies about this near his slot
EMPTY_BUT_MALE = 0.42       # a male's look this clear round a node whose bead seems whole


def referee_photo(photo: PhotoInput, *, web: str | None = None) -> SpiderVerdict:
    if web is not None and web not in board.SIDES:
        raise BadOption(f"unknown web {web!r} (choose from: {', '.join(board.SIDES)})")
    lap = Laps()
    timings = lap.timings

    image, ours = our_markers(photo, lap, board.side_of,
                              lambda _: "no Spider Twist board markers in the photo")
    problems: list[RefereeProblem] = []
    counts = {s: sum(board.side_of(m.id) == s for m in ours) for s in board.SIDES}
    side = max(board.SIDES, key=lambda s: counts[s])
    other = next(s for s in board.SIDES if s != side)
    if counts[other]:
        problems.append(RefereeProblem(SIDE_UNCLEAR, f"markers of both sides seen ({side} "
                                       f"{counts[side]}, {other} {counts[other]}): one board, "
                                       "one side up", None, None))
    side_from = "markers"
    if web is not None and web != side:
        problems.append(RefereeProblem(SIDE_UNCLEAR, f"the markers show the {side} side up, "
                                       f"not the {web} side you named", None, None))
    mine = with_small_markers(image, [m for m in ours if board.side_of(m.id) == side], side)
    lap("small markers")
    model = board.marker_model(side)
    plane = fit_board(image, mine, model, MIN_MARKERS, lap)
    h, ids = plane.homography, plane.ids
    if plane.too_few:
        problems.append(plane.too_few)
        return SpiderVerdict(None, problems, h, image.size, timings, image, side=side,
                             side_from=side_from, markers=ids)
    rect = tokens.rectify_board(image.image, scaling(image.scale) @ h, side)
    lap("rectify")
    pieces, found, more = _read_web(rect, side, h, image)
    lap("nodes")
    if image.scale < 1.0 and {p.code for p in more} & SHARPER_HELPS:
        # a large photo is read at a working size; where that leaves a place unsure, the
        # photo's own pixels may settle it (a steep view's far side, a board small in
        # the frame)
        image = image.at_full_resolution()
        rect = tokens.rectify_board(image.image, h, side)
        pieces, found, more = _read_web(rect, side, h, image)
        lap("nodes at full resolution")
    problems += more
    areas, area_pieces, area_problems = _read_areas(rect, h, _pose(h, image.size))
    pieces += area_pieces
    problems += area_problems
    lap("areas")
    state, turn_seen, rules_problems = assemble(side, found, areas, pieces, h)
    problems += rules_problems
    lap("assemble")
    return SpiderVerdict(state, problems, h, image.size,
                         timings, image, side=side, side_from=side_from, pieces=pieces,
                         markers=ids, turn_seen=turn_seen, found=found, areas=areas)



# what a sharper look may settle
SHARPER_HELPS = {TOKEN_UNREADABLE, NODE_UNCLEAR, TOKEN_AMBIGUOUS, DIE_UNCLEAR, FEMALE_UNSEEN}


@dataclass
class _Found:
    female: str | None = None
    die: int | None = None
    males: dict[str, tuple[str, bool]] = field(default_factory=dict)   # node -> colour, done


def _px(h: np.ndarray, mm) -> tuple[float, float]:
    p = project(h, np.array([mm], float))[0]
    return (float(p[0]), float(p[1]))


@dataclass(frozen=True)
class _Web:
    """What every node's reading shares: the board square-on, where it lies in the photo,
    the camera, the side's nodes, and the female (her centre and disc, if seen)."""

    rect: tokens.Rectified
    side: str
    h: np.ndarray
    pose: Any
    names: tuple[str, ...]
    centres: np.ndarray
    female: tuple[float, float] | None = None
    under: np.ndarray | None = None
    die: bool = True                 # a die (or something white) may stand on her


def _pose(h: np.ndarray, size: tuple[int, int]) -> Pose:
    """The camera from the board's plane; a photo may be cropped off its lens's axis, so
    the principal point is left free (referee/pose.py)."""
    return camera_pose(h, size, free_centre=True)


def _read_web(rect: tokens.Rectified, side: str, h: np.ndarray, image
              ) -> tuple[list[PieceSeen], _Found, list[RefereeProblem]]:
    names, centres = board.nodes(side)
    web = _Web(rect, side, h, _pose(h, image.size), names, centres)
    found = _Found()
    # the female first: she is large and may overhang a neighbour's dot
    pieces, problems, web = _read_female(web, image, found)
    for k, node in enumerate(names):
        if found.female is not None and node == found.female:
            continue
        piece, problem = _read_node(web, k)
        if problem is not None:
            problems.append(problem)
        if piece is not None:
            found.males[node] = (piece.colour, bool(piece.done))
            pieces.append(piece)
    problems += one_male_at_two_nodes(pieces, list(names))
    return pieces, found, problems


TWO_MALES_APART = 0.6       # of a male's width: two males' centres lie at least this far apart


def one_male_at_two_nodes(pieces: list[PieceSeen], names: list[str]
                          ) -> list[RefereeProblem]:
    """Two nodes' males seen nearer than two discs can lie (each node is checked on its
    own, so one male off his node may be claimed by both): each of the two nodes unclear,
    pinned on it."""
    males = [p for p in pieces if p.what == "male" and p.node is not None]
    least = TWO_MALES_APART * geometry.spec().male
    out = []
    for i, a in enumerate(males):
        for b in males[i + 1:]:
            apart = math.dist(a.centre_mm, b.centre_mm)
            if apart >= least:
                continue
            for p, other in ((a, b), (b, a)):
                out.append(RefereeProblem(
                    NODE_UNCLEAR, f"node {p.node}: the male read there lies {apart:.0f} mm "
                    f"from node {other.node}'s, one male seen at both; push him onto his "
                    "node", (names.index(str(p.node)),), p.point))
    return out


def _read_female(web: _Web, image, found: _Found
                 ) -> tuple[list[PieceSeen], list[RefereeProblem], _Web]:
    """The female and the die on her (into `found`); the web with her place."""
    s = geometry.spec()
    fem = tokens.find_female(web.rect)
    if fem.centre is None:
        return [], [RefereeProblem(FEMALE_UNSEEN, "the yellow female was not found on the "
                                   "web" if fem.blobs == 0 else f"{fem.blobs} yellow "
                                   "females seen: one female, on the web", None, None)], web
    index = {n: k for k, n in enumerate(web.names)}
    problems: list[RefereeProblem] = []
    node, d1, d2 = tokens.node_of(fem.centre, web.names, web.centres)
    point = _px(web.h, fem.centre)
    if d1 > s.female * s.off_node + 1.0 or d2 - d1 < AMBIGUOUS_MM:
        problems.append(RefereeProblem(TOKEN_AMBIGUOUS, f"the female lies between {node} "
                                       "and a neighbour: push her onto her node",
                                       (index[node],), point))
    else:
        found.female = node
    pieces = [PieceSeen("female", None, node, None, fem.centre, point)]
    die = read_die(image.image, image.scale, web.h, fem.centre, web.rect.gain, image.size,
                   web.centres)
    if not die.clear:
        problems.append(RefereeProblem(DIE_UNCLEAR, f"the die on the female ({node}): "
                                       f"{die.why}: put it flat on her, pips up, in full "
                                       "view", (index[node],), point))
    elif die.pips is not None:
        found.die = die.pips
        pieces.append(_die_piece(die, node, web.h))
    return pieces, problems, replace(web, female=fem.centre,
                                     under=tokens.female_mask(web.rect, fem.centre),
                                     die=not (die.clear and die.pips is None))


def _read_node(web: _Web, k: int) -> tuple[PieceSeen | None, RefereeProblem | None]:
    """Node k (not the female's): the male read there, or the problem that stops it; an
    unsure node whose print shows after all (`_empty_after_all`) is empty."""
    piece, problem = _look_at_node(web, k)
    if problem is not None and problem.cell == (k,) and _empty_after_all(web, k, problem):
        return None, None
    return piece, problem


def _empty_after_all(web: _Web, k: int, problem: RefereeProblem) -> bool:
    """Node k, left unsure, is empty: its print, smeared as a soft photo is, fits beside
    her (`_beside_her`), or its lines alone do, shade aside (a male seen astray towards a
    neighbour stays pinned)."""
    if any(_print_shows(web, k, mask, faces.soft_empty_fit, least)
           for mask, least in _beside_her(web, k)):
        return True
    return problem.code != TOKEN_AMBIGUOUS and _print_shows(
        web, k, _hide(web, k), faces.lines_fit, LINES_PRINT)


def _hide(web: _Web, k: int) -> np.ndarray | None:
    """The female's disc where she may lie over node k's male (her overhang), else None."""
    s = geometry.spec()
    if web.female is None or web.under is None:
        return None
    off_her = float(np.hypot(*(web.centres[k] - np.array(web.female))))
    return web.under if off_her < s.female / 2 + s.male / 2 + s.male * s.off_node else None


def _beside_her(web: _Web, k: int) -> list[tuple[np.ndarray | None, float]]:
    """What to leave out of node k's print, and how well the rest must fit it: nothing
    where her disc cannot reach k; else her slab (`_hide`'s disc, her cut edge seen down
    to her base and her soft shadow round it) while half the bead stays in view, or a
    glimpse of it if the print fits as strongly as a male's face does (a male on k would
    hide all of its bead); and her disc alone."""
    hide = _hide(web, k)
    if hide is None:
        return [(None, EMPTY_PRINT)]
    away, per_mm = web.pose.lean(web.female, TOKEN_MM)
    base = np.asarray(web.female, float) - away * per_mm * TOKEN_MM
    edge = tokens.female_edge_mask(web.rect, web.female, base, HER_SHADOW_MM)
    seen = _bead_seen(web, k, edge)
    if seen >= BEAD_SEEN:
        return [(edge, EMPTY_PRINT)]
    if seen >= BEAD_GLIMPSE:
        return [(edge, STRONG_FACE), (hide, EMPTY_PRINT)]
    return [(hide, EMPTY_PRINT)]


def _bead_seen(web: _Web, k: int, mask: np.ndarray) -> float:
    """The share of node k's printed bead outside `mask`."""
    s = geometry.spec()
    c, r = web.rect.px(web.centres[k]), (s.node_radius + 0.25) * tokens.PPM
    ys, xs = np.mgrid[-r:r:15j, -r:r:15j]
    inside = np.hypot(xs, ys) <= r
    px = np.round(np.stack([xs[inside] + c[0], ys[inside] + c[1]], axis=-1)).astype(int)
    px = np.clip(px, 0, np.array(mask.shape[::-1]) - 1)
    return float(np.mean(~mask[px[:, 1], px[:, 0]]))


def _look_at_node(web: _Web, k: int) -> tuple[PieceSeen | None, RefereeProblem | None]:
    """Node k (not the female's): the male read there, or the problem that stops it."""
    s = geometry.spec()
    rect, node, centre = web.rect, web.names[k], web.centres[k]
    point = _px(web.h, centre)
    off_her = (float(np.hypot(*(centre - np.array(web.female))))
               if web.female is not None else math.inf)
    if off_her < s.female / 2 - s.node_radius:
        # her disc hides a neighbour's whole bead: she lies far off her node, and a male
        # there could not be seen
        return None, RefereeProblem(NODE_UNCLEAR, f"node {node} is under the female: push "
                                    "her onto her node", (k,), point)
    look = tokens.look_at_node(rect, web.side, node, centre)
    near_female = off_her < s.female / 2 + s.male / 2 + s.male * s.off_node
    # where the male lies: up to a third of his width off his node (ruling "Components",
    # layouts [tokens] off_node); he is read where he lies, his face a card's thickness
    # up (seen shifted away from the camera)
    third = s.male * s.off_node
    hide = web.under if near_female else None
    found_at = tokens.locate_male(rect, web.pose.seen_at(centre, TOKEN_MM),
                                  third + LOCATE_BEYOND_MM, hide)
    if look.verdict == "empty":
        # a white male's card and spider, well off his node, can pass for its bead: where
        # a male's look lies round a bead that is not plain, the face drawn there says (on
        # generated photos empty nodes correlate at most 0.31 with a male's look)
        if look.bead >= tokens.BEAD_STRONG and not _male_beside_bead(web, k, found_at, hide):
            return None, None
        if found_at.centre is None:
            # no male's look round it: his face, if anywhere he could lie, says (a white
            # male a third of his width off: his printed ring beside the node can pass
            # for the bead's rim)
            seen_node = web.pose.seen_at(centre, TOKEN_MM)
            wide = faces.find_face(rect, seen_node, third + LOCATE_BEYOND_MM, hide)
            if wide.score < faces.SURE or not _a_male_there(web, wide, hide):
                return None, None
            found_at = tokens.Located(wide.centre, wide.score, float(
                np.hypot(*(np.asarray(wide.centre) - seen_node))))
        face = faces.read_face(rect, found_at.centre, hide)
        if not face.sure:
            if found_at.score >= EMPTY_BUT_MALE or face.score >= faces.SURE:
                return None, RefereeProblem(NODE_UNCLEAR, f"node {node}: a bead, and a "
                                            "male's look beside it; push the male onto his "
                                            "node", (k,), point)
            return None, None
        look = replace(look, verdict="covered")
    if found_at.centre is not None and found_at.off > third + OFF_SLOP_MM:
        found_at = _placed_by_face(web, k, found_at, hide)
    if found_at.centre is not None:
        astray = _astray(web, k, found_at.centre)
        if astray is not None:
            # his disc's look, pulled by blur or a neighbour, may lie astray where his
            # face, sure, lies on his node
            found_at = _placed_by_face(web, k, found_at, hide)
            if _astray(web, k, found_at.centre) is not None:
                return None, astray
    at = found_at.centre or tuple(float(v) for v in centre)
    token = tokens.read_token(rect, at, s.male, hide)
    if (look.verdict == "covered" and near_female and _plain(token)
            and _under_her(centre, web.female) >= HER_HIDES):
        return None, None                  # her overhang and its shadow hide this dot
    if (token.kind in ("paper", "female") and look.verdict == "covered"
            and (token.kind == "female" or near_female)):
        if _under_her(centre, web.female) >= HER_HIDES:
            return None, None              # her overhang hides this dot
        # what hides the bead beyond her rim stands on her: the die, seen from low down,
        # hides a neighbour, a male there or not
        return None, RefereeProblem(NODE_UNCLEAR, f"node {node} is hidden behind the die "
                                    "on the female: photograph from higher up, or move "
                                    "the die aside", (k,), point)
    if look.verdict == "unclear" and found_at.centre is None:
        if look.bead >= tokens.BEAD_EMPTY and (
                token.kind == "paper" or (near_female and _plain(token))):
            # a whole bead a little dim (a neighbour's shadow, the female's edge), no
            # male's look round it and only paper (beside her disc) on it: empty
            return None, None
        if _soft_bead(web, k, look, hide):
            return None, None
        if token.kind != "paper":
            # the bead half seen and no male's look round it: something on the print,
            # unless a male's face fits strongly within his reach (his ring may pass for
            # part of the bead, and his look be lost beside it)
            wide = _strong_face(web, k, hide)
            if wide is None:
                return None, RefereeProblem(NODE_UNCLEAR, f"node {node}: its printed bead "
                                            f"is only partly hidden{_die_may_hide(web, k)}; "
                                            "push the male onto his node or clear it",
                                            (k,), point)
            astray = _astray(web, k, wide.centre)
            if astray is not None:
                return None, astray
            at = wide.centre
            token = tokens.read_token(rect, at, s.male, hide)
    return _read_male(web, k, at, look, token, hide)


def _male_beside_bead(web: _Web, k: int, found_at: tokens.Located,
                      hide: np.ndarray | None) -> bool:
    """A plain bead at node k, yet a male's look within his reach with his face fitting as
    strongly as males do, and the node's own print not showing: the paper between two
    white males' printed rings can pass for the bead."""
    if found_at.centre is None:
        return False
    face = faces.read_face(web.rect, found_at.centre, hide)
    return (face.sure and face.score >= STRONG_FACE
            and faces.empty_fit(web.rect, web.centres[k], hide) < EMPTY_PRINT)


def _strong_face(web: _Web, k: int, hide: np.ndarray | None) -> faces.FaceLook | None:
    """A male's face fitting as strongly as males do, within his reach of node k, where
    the node's own print does not show; else None."""
    s = geometry.spec()
    wide = faces.find_face(web.rect, web.pose.seen_at(web.centres[k], TOKEN_MM),
                           s.male * s.off_node + LOCATE_BEYOND_MM, hide)
    if not wide.sure or wide.score < STRONG_FACE:
        return None
    if faces.empty_fit(web.rect, web.centres[k], hide) >= EMPTY_PRINT:
        return None
    return wide


def _read_male(web: _Web, k: int, at, look: tokens.NodeLook, token: tokens.TokenLook,
               hide: np.ndarray | None) -> tuple[PieceSeen | None, RefereeProblem | None]:
    """The male covering node k, found at `at` (mm), by the face drawn on him."""
    node, point = web.names[k], _px(web.h, web.centres[k])
    face = faces.read_face(web.rect, at, hide)
    if not face.sure and _soft_bead(web, k, look, hide):
        return None, None
    if not face.sure:
        # his disc's look was found off where he lies (blur, a steep view): his face is
        # looked for wherever he may lie
        s = geometry.spec()
        seen = web.pose.seen_at(web.centres[k], TOKEN_MM)
        wide = faces.find_face(web.rect, seen, s.male * s.off_node + LOCATE_BEYOND_MM, hide)
        # on a covered node a sure face is a male's (his look round it may be spoilt by a
        # neighbour's card against his, or a print's greys); where the die may lean over
        # the node a plain turned face needs his look (its white side fits one)
        if wide.sure and (_a_male_there(web, wide, hide) or (
                look.verdict == "covered" and not (wide.done and _die_reaches(web, k)))):
            face, at = wide, wide.centre
            astray = _astray(web, k, at)
            if astray is not None:
                return None, astray
    if not face.sure or token.seen < 0.6:
        what = ("a token only partly in view" if token.seen < 0.6
                else "no male's face fits it" if face.score < faces.SURE
                else f"a {face.colour} male, but which face is not sure")
        what += _die_may_hide(web, k)
        return None, RefereeProblem(TOKEN_UNREADABLE if look.verdict == "covered"
                                    else NODE_UNCLEAR, f"node {node}: {what}; uncover it "
                                    "(whose male, which face) or take it off", (k,), point)
    if face.colour == "white" and face.done and node != "C":
        # a done white face is light and plain, as the paper is: if a bead-like spot lies
        # just beside the node (a lens the plane does not absorb), the "male" may be the
        # empty node's paper
        _spot, response = tokens.find_bead(web.rect, web.centres[k])
        if response >= tokens.BEAD_BESIDE:
            return None, RefereeProblem(NODE_UNCLEAR, f"node {node}: a turned white male, "
                                        "or the empty node seen beside its place; "
                                        "photograph from straight above", (k,), point)
    return PieceSeen("male", face.colour, node, bool(face.done), at, _px(web.h, at)), None


def _placed_by_face(web: _Web, k: int, found_at: tokens.Located,
                    hide: np.ndarray | None) -> tokens.Located:
    """His disc's look is a rough guide (his print pulls it): where his face lies within
    his reach of node k, if it is sure there, says where he is."""
    s = geometry.spec()
    third = s.male * s.off_node
    seen = web.pose.seen_at(web.centres[k], TOKEN_MM)
    wide = faces.find_face(web.rect, seen, third + LOCATE_BEYOND_MM, hide)
    off = float(np.hypot(*(np.asarray(wide.centre) - seen)))
    if wide.sure and off <= third + OFF_SLOP_MM:
        return replace(found_at, centre=wide.centre, off=off)
    return found_at


def _a_male_there(web: _Web, face: faces.FaceLook, hide: np.ndarray | None) -> bool:
    """A face found away from any male's look is a male's only if it fits strongly or
    his round card and printed ring are seen round it: a die's white side, seen from low
    down beside her, fits a turned white male's face up to about 0.7 (no ring, no round
    edge)."""
    if face.score >= STRONG_FACE:
        return True
    return tokens.locate_male(web.rect, face.centre, LOCATE_NEAR_MM, hide).centre is not None


def _die_reaches(web: _Web, k: int) -> bool:
    """Node k lies where a die on the female, leaning towards the camera, may be seen."""
    if web.female is None:
        return True
    if not web.die:
        return False
    return float(np.hypot(*(web.centres[k] - np.asarray(web.female)))) <= DIE_REACH_MM


def _die_may_hide(web: _Web, k: int) -> str:
    """What to tell the player where the die on the female may be what hides node k."""
    if web.female is not None and _die_reaches(web, k):
        return " (the die on the female may hide it: photograph from higher up)"
    return ""


def _astray(web: _Web, k: int, at) -> RefereeProblem | None:
    """A male found at `at` (mm) is node k's when he lies at most a third of his width (and
    the slop) off it, and clearly nearer it than any other node; else the problem."""
    s = geometry.spec()
    seen = np.array([web.pose.seen_at(c, TOKEN_MM) for c in web.centres])
    d = np.hypot(*(seen - np.asarray(at, float)).T)
    off, other = float(d[k]), float(np.delete(d, k).min())
    if off <= s.male * s.off_node + OFF_SLOP_MM and other - off >= AMBIGUOUS_MM:
        return None
    node = web.names[k]
    nearest = _neighbour(at, node, web.names, web.centres)
    return RefereeProblem(TOKEN_AMBIGUOUS, f"node {node}: a male {off:.0f} mm off it (more "
                          f"than a third of his width), towards {nearest}: push him onto "
                          "his node, or uncover it", (k,), _px(web.h, web.centres[k]))


def _soft_bead(web: _Web, k: int, look: tokens.NodeLook, hide: np.ndarray | None) -> bool:
    """An empty node seen soft or in shade (a board small in a 3 MP frame, a die's
    shadow): the board's own print fits there, smeared as the photo is, better than any
    male's face (`_print_shows`); or its bead's pattern is there, if faint (no male's
    middle shows it: on generated photos a covered node's bead is at most 0.19, its
    pattern's response 0.36), and no male's face lies anywhere he could (males score 0.6
    and more)."""
    if _print_shows(web, k, hide):
        return True
    if look.bead < SOFT_BEAD or look.bead < SOFT_RATIO * look.light:
        return False
    _spot, response = tokens.find_bead(web.rect, web.centres[k])
    if response < SOFT_RESPONSE:
        return False
    if look.bead >= CLEAR_BEAD and response >= CLEAR_RESPONSE:
        return True     # a bead plainer than any male's middle (no face was sure there)
    s = geometry.spec()
    face = faces.find_face(web.rect, web.pose.seen_at(web.centres[k], TOKEN_MM),
                           s.male * s.off_node + LOCATE_BEYOND_MM, hide)
    return face.score < NO_FACE


def _print_shows(web: _Web, k: int, hide: np.ndarray | None,
                 fit: Callable[..., float] = faces.empty_fit,
                 least: float = EMPTY_PRINT) -> bool:
    """Node k's own print, nothing on it, fits the photo there (`fit`, at least `least`:
    `empty_fit`, a covered node's at most 0.45 on generated photos, an empty one's 0.65
    and more however soft), better than any male's face fits anywhere he could lie, and
    no face fits as a male's does (0.8). `soft_empty_fit`: the print smeared more than
    the photo's px alone smear it, too (a blurred photo; a covered node whose male's face
    is unsure fits it at most 0.51); `lines_fit`: its lines alone, shade aside."""
    empty = fit(web.rect, web.centres[k], hide)
    if empty < least:
        return False
    s = geometry.spec()
    face = faces.find_face(web.rect, web.pose.seen_at(web.centres[k], TOKEN_MM),
                           s.male * s.off_node + LOCATE_BEYOND_MM, hide)
    return face.score < min(empty, STRONG_FACE)


def _under_her(node_mm, female) -> float:
    """The share of a node's printed bead that lies under the female's disc."""
    if female is None:
        return 0.0
    s = geometry.spec()
    r = s.node_radius
    ys, xs = np.mgrid[-r:r:15j, -r:r:15j]
    inside = np.hypot(xs, ys) <= r
    pts = np.stack([xs[inside], ys[inside]], axis=-1) + np.asarray(node_mm, float)
    return float(np.mean(np.hypot(*(pts - np.asarray(female, float)).T) <= s.female / 2 + 0.5))


def _plain(token: tokens.TokenLook) -> bool:
    """Beside the female's disc: paper in her shadow (grey, but neither a male's ink nor
    a black male's level)."""
    return token.shares["dark"] <= 0.01 and token.shares.get("level", 0.0) >= 0.75


def _neighbour(point, node: str, names: tuple[str, ...], centres: np.ndarray) -> str:
    """The node other than `node` nearest to a point (mm): where a male off his node
    leans."""
    d = np.hypot(*(centres - np.asarray(point)).T)
    order = [int(i) for i in np.argsort(d) if names[int(i)] != node]
    return names[order[0]]


def _die_piece(die: DieLook, node: str, h: np.ndarray) -> PieceSeen:
    centre = die.centre or (0.0, 0.0)
    return PieceSeen("die", None, node, None, centre, _px(h, centre), die.pips)


def _read_areas(rect: tokens.Rectified, h: np.ndarray, pose
                ) -> tuple[dict[str, dict[str, int]], list[PieceSeen], list[RefereeProblem]]:
    """Count the males in each player's mated and eaten areas, slot by slot (each male's
    face seen a card's thickness up, where the camera sees it)."""
    s = geometry.spec()
    counts: dict[str, dict[str, int]] = {"mated": {}, "eaten": {}}
    pieces: list[PieceSeen] = []
    problems: list[RefereeProblem] = []
    for a in board.areas():
        n = 0
        for slot in a.slots:
            seen = pose.seen_at(slot, TOKEN_MM)
            token = tokens.read_token(rect, seen, s.male)
            face = faces.read_face(rect, seen, search=AREA_SLOP_MM, stride=AREA_STRIDE)
            if token.kind == "paper" and (face.score < EMPTY_SLOT_FACE or (
                    face.score < faces.SURE and (faces.slot_fit(rect, slot) >= SLOT_PRINT
                                                 or faces.flat(rect, face.centre)))):
                # plain paper, and no face drawn there (glare pales both), or the slot's
                # own dashed outline in view round it, or only the paper's grain where
                # a face fits best
                continue
            if face.score < faces.SURE:
                # a male laid turned between the coarse turns, or further off his slot
                face = faces.find_face(rect, seen, AREA_SLOP_MM + LOCATE_BEYOND_MM)
            point = _px(h, slot)
            if not face.sure_colour or (token.kind == "paper" and face.score < faces.SURE):
                # (paper with a face's likeness: a neighbour's rim in reach, or a male
                # paled by glare)
                problems.append(RefereeProblem(AREA_UNCLEAR, f"{a.colour}'s {a.kind} area: "
                                               "something there is not a male that can be "
                                               "read; uncover it", None, point))
                continue
            if face.colour != a.colour:
                problems.append(RefereeProblem(AREA_WRONG_COLOUR, f"a {face.colour} male in "
                                               f"{a.colour}'s {a.kind} area: put it in its "
                                               "own player's area", None, point))
                continue
            n += 1
            pieces.append(PieceSeen("area-male", face.colour, f"{a.colour}-{a.kind}", None,
                                    tuple(slot), point))
        counts[a.kind][a.colour] = n
    return counts, pieces, problems


def assemble(side: str, found: _Found, areas: dict[str, dict[str, int]],
              pieces: list[PieceSeen], h: np.ndarray
              ) -> tuple[dict | None, bool, list[RefereeProblem]]:
    """The state through the rules core (`position`: its validation), or None."""
    if found.female is None:
        return None, False, []
    names, centres = board.nodes(side)
    index = {n: k for k, n in enumerate(names)}
    done = {n for n, (_c, d) in found.males.items() if d}
    turned = {found.males[n][0] for n in done}
    turn = next(iter(turned)) if len(turned) == 1 else "white"
    try:
        state = position(side, found.female, {n: c for n, (c, _d) in found.males.items()},
                         turn=turn, die=found.die, mated=areas["mated"], eaten=areas["eaten"],
                         done=done)
    except StateError as exc:
        problems = []
        for p in exc.problems:
            node = next((n for n in names if n in p.message.split()), None)
            cell = (index[node],) if node else None
            point = _px(h, centres[index[node]]) if node else None
            problems.append(RefereeProblem(INVALID_LAYOUT, f"the rules do not allow what was "
                                           f"seen: {p}", cell, point))
        return None, bool(turned), problems
    data = state.to_json()
    for key in ("this_turn", "react", "roll"):          # a photo cannot show these
        data.pop(key, None)
    return data, bool(turned), []

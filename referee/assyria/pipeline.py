"""Assyria's referee: one photo (and a state file for what a photo cannot show) in, an
`AssyriaVerdict` out (REFEREE.read calls `referee_photo`).

Stages: board markers (shared detection) -> the plane (shared RANSAC fit, a second look
for missing markers), refined against the print (refine.py) -> the map seen square-on
-> pieces (patches of a player's colour the print does not have: huts, ziggurats and their
level) -> wells at the 58 vertices -> every
empty hex checked against the print (something covering it is a problem, never "empty")
-> the tracks' discs and Ashur's huts (tracks.py) -> the state: the board and tracks
from the photo, the rest (hands, cards) from `--state`, or without it a neutral rest
(unseen.py: enough for the turn's income, given --turn and --new-wells), read by the
rules core (`read_state`: its validation) before it is believed.
"""

from __future__ import annotations

import math
from functools import cache
from pathlib import Path
from typing import Any

import numpy as np

from pnp.geometry import assyria as geometry
from pnp.rules.api import RulesError
from pnp.rules.assyria.commands import COMMANDS
from pnp.rules.assyria.game import players_of
from referee.assyria import found, read, refine, tracks, unseen
from referee.assyria.problems import (
    BOARD_MISALIGNED,
    HEX_UNCLEAR,
    LEVEL_UNCLEAR,
    NEW_WELL_UNKNOWN,
    PIECE_OFF_HEX,
    PIECE_UNCLEAR,
    PLAYERS_MISMATCH,
    STATE_NEEDED,
    TRACK_UNCLEAR,
    WELL_UNCLEAR,
)
from referee.assyria.verdict import AssyriaVerdict, PieceSeen
from referee.errors import BadOption
from referee.geometry import project
from referee.image import PhotoInput, scaling
from referee.opening import fit_board, our_markers
from referee.pose import camera_pose
from referee.problems import INVALID_LAYOUT, RefereeProblem
from referee.timing import Laps

COLOURS = players_of(4)     # every player colour, in the rules' seating order
MIN_MARKERS = 6             # of 26 round the board: enough corners to trust the plane
INNER = geometry.spec().side * math.sqrt(3) / 2      # a hex's inner radius, mm (19.05)
OFF_MOST = 0.75 * INNER     # a piece's middle at most this far off its hex centre
AMBIGUOUS_MM = 4.0          # nearer one centre than the next by less: between two hexes
HEX_UNLIKE = 25.0           # mm² of a hex unlike its print: something covers it
WELL_YES, WELL_NO = 0.45, 0.2    # the ring's share unlike the print (wells 0.33-0.64)
WELL_BOTH = 0.3             # ring and middle both at least this: a well (a blurred 3 MP one)
WELL_HIDDEN = 0.7          # a vertex's ring this much under pieces: no well can show
BY_ZIG_MIDDLE = 0.5         # by a ziggurat, a well must cover the spot this much (a
#                             base's edge and shadow reach the rim: 0.35-0.39)
BY_ZIG_HIDDEN = 0.3         # ... and show whole (its cut edge beside a base's own: 0.54)
FAR_NONE = 0.1              # the rim away from pieces at most this unlike: no well
#                             there (true wells 0.18-0.82; a hut's edge beside one 0-0.07)
FAR_WELL = 0.25             # ... at least this: no piece's edge nor shadow (the spot
#                             tests below cannot clear it; a well on a home print: 0.37)
FREE_HIDDEN = 0.05          # a vertex's ring this little under pieces: none lies near, so
#                             a rim unlike FAR_WELL and the spot covered are a well's (a
#                             home print's light grey rim: 0.28-0.32 unlike; bare vertices
#                             at most 0.09)
SPOT_WHOLE = 0.1            # the printed spot's share unlike the print at most this: it
#                             shows whole, so no well covers it (true wells 0.32-1.0)
SPOT_LIKE = 0.2             # the spot's part clear of pieces at most this unlike: it
#                             shows, no well covers it (true wells' middles: 0.32-1.0)
SPOT_COVERED = 0.35         # with none near, the spot this much unlike and the rim more
#                             than WELL_NO: a well (a home print's rims 0.21-0.22 unlike,
#                             their middles 0.436-0.55; bare vertices' middles at most 0.12)
BODY_ON = 0.1               # a vertex's middle this much under a piece's own body: no
#                             well (a hut laid by hand onto the vertex: 0.19)


def _px(h: np.ndarray, mm) -> tuple[float, float]:
    p = project(h, np.array([mm], float))[0]
    return (float(p[0]), float(p[1]))


def marker_model() -> dict[int, np.ndarray]:
    return {m.id: np.array(m.corners, float) for m in geometry.markers()}


def given_state(state: Any) -> tuple[dict[str, Any] | None, str | None]:
    """--state as parsed JSON (a path, or already-parsed data), and its name."""
    if state is None:
        return None, None
    if isinstance(state, dict):
        return state, "the given state"
    from pnp.inputs import InputError, read_json

    try:
        data = read_json(Path(state))
    except (InputError, OSError) as exc:
        raise BadOption(f"--state {state}: {exc}") from None
    if not isinstance(data, dict):
        raise BadOption(f"--state {state}: not an Assyria state (a JSON object)")
    try:
        COMMANDS.read_state(data)
    except RulesError as exc:
        raise BadOption(f"--state {state}: {exc.lines[0] if exc.lines else exc}") from None
    return data, Path(state).name


def given_players(players: Any) -> int | None:
    if players is None:
        return None
    try:
        n = int(str(players).strip())
    except ValueError:
        n = 0
    if n not in (2, 3, 4):
        raise BadOption(f"--players must be 2, 3 or 4 for assyria, not {players}")
    return n


def referee_photo(photo: PhotoInput, *, state: Any = None, players: Any = None,
                  turn: Any = None, new_wells: Any = None) -> AssyriaVerdict:
    base, state_from = given_state(state)
    n_players = given_players(players)
    turn_no = unseen.parse_turn(turn)
    wells_new = unseen.parse_new_wells(new_wells)
    lap = Laps()
    timings = lap.timings

    model = marker_model()
    image, mine = our_markers(photo, lap, model.__contains__,
                              lambda image: found.no_markers(image.image))
    problems: list[RefereeProblem] = []
    plane = fit_board(image, mine, model, MIN_MARKERS, lap)
    h, ids = plane.homography, plane.ids
    if plane.too_few:
        problems.append(plane.too_few)
        return AssyriaVerdict(None, problems, h, image.size, timings, image, markers=ids,
                              state_from=state_from)
    to_scale = scaling(image.scale)
    moved, board_view, field = refine.onto_print(
        lambda g: tracks.board_square_on(image.image, to_scale @ h @ g),
        tracks.printed_board(), tracks.TPPM)
    h = h @ moved                   # the plane as the print places it (markers on one side)
    to_work = to_scale @ h
    if field is not None:           # the plane mm off the print (a lens, blurred markers)
        board_view = refine.shifted(board_view, field, (0.0, 0.0), tracks.TPPM)
    seen = read.square_on(image.image, to_work, field)
    lap("rectify")
    if found.alignment(seen) < found.ALIGNED:
        problems.append(RefereeProblem(BOARD_MISALIGNED, "the board's markers do not line "
                                       "up with its print (a marker misread, or the photo "
                                       "blurred): shoot again, the phone still and the "
                                       "whole board in view", None, None))
        return AssyriaVerdict(None, problems, h, image.size, timings, image, markers=ids,
                              state_from=state_from)
    patches, covered, under_patches = read.patches(seen)
    pieces, board, more = _pieces(seen, patches, h)
    problems += more
    lap("pieces")
    hidden = _covered_hexes(seen, under_patches, {p.at for p in pieces}, h)
    lap("hexes")
    wells, well_pieces, more = read_wells(seen, covered, board, h, _doubtful(more + hidden))
    pieces += well_pieces
    problems += more + hidden
    lap("wells")
    unlifted = read.board_casts_undone(read.balanced(board_view, seen.gain), seen.casts,
                                       tracks.TPPM)
    on_board = read.exposed(unlifted, seen.lift)
    # every colour's share of each space, found once: it tells the players and their discs
    fills = fill_hues(patches, pieces)
    share = tracks.shares(on_board, list(COLOURS), fills) if base is None else None
    players = _players(board, base, share)
    out_of_view = _out_of_view(h, image.size)
    reading = tracks.read_tracks(on_board, players, out_of_view, share, fills,
                                 camera_pose(h, image.size, free_centre=True), unlifted)
    reading.unclear += ashur_covered(on_board, reading)
    problems += _track_problems(reading, h)
    if base is None:
        problems += discs_without_pieces(board, players, reading, h)
    lap("tracks")
    data, more = assemble(board, wells, base, n_players, h, reading, players, turn_no,
                           wells_new)
    problems += more
    lap("assemble")
    return AssyriaVerdict(data, problems, h, image.size, timings, image, pieces=pieces,
                          markers=ids, state_from=state_from, tracks=reading,
                          neutral=base is None and turn_no is not None)


def fill_hues(patches: list[read.Patch], pieces: list[PieceSeen]) -> dict[str, float]:
    """Each colour's hue as its huts and ziggurats on the map show it (the median of
    theirs): the discs are printed and lit alike."""
    taken = {(p.colour, p.centre_mm) for p in pieces if p.colour}
    hues: dict[str, list[float]] = {}
    for p in patches:
        if (p.colour, p.centre) in taken and p.hue is not None:
            hues.setdefault(p.colour, []).append(p.hue)
    return {c: float(np.median(v)) for c, v in hues.items()}


def _players(board: dict[str, tuple[str, str, int | None]], base: dict[str, Any] | None,
             share: dict[str, dict[str, float]] | None) -> list[str]:
    """The state file's players, else every colour with a piece on the map (each player
    has a ziggurat on a start hex from the setup on) or a disc on the turn order (each
    player has one there: a ziggurat not read does not lose its player), in the rules'
    seating order. `share`: every colour's share of each space (tracks.shares)."""
    if base is not None:
        return list(base.get("players", []))
    every = list(COLOURS)
    seen = {c for _k, c, _lv in board.values()}
    seen |= {c for c in every for sp in tracks.tracked_spaces() if sp.kind == "turn"
             and share[sp.id][c] >= tracks.TRACK_YES}
    return [c for c in every if c in seen]


def discs_without_pieces(board: dict[str, tuple[str, str, int | None]], players: list[str],
                          reading: tracks.TrackReading, h: np.ndarray) -> list[RefereeProblem]:
    """A colour with discs on the tracks but no piece on the map may be no player at all
    (a stray disc, or a print's tint taken for one: every player has a ziggurat from the
    setup on), so each of its discs, the turn order's too, is pinned."""
    on_map = {c for _k, c, _lv in board.values()}
    out = []
    for track, colour, space, at in reading.seen:
        if colour in players and colour not in on_map and not track.startswith("ashur"):
            out.append(RefereeProblem(TRACK_UNCLEAR, f"the {track} track: {colour}'s disc "
                                      f"({space}), but no {colour} piece on the map; a "
                                      "player's ziggurat in view, or the stray disc taken "
                                      "away", (track, colour), _px(h, at)))
    return out


def _out_of_view(h: np.ndarray, size: tuple[int, int]) -> set[str]:
    """Track and Ashur spaces whose middle lies outside the photo (or at its very edge)."""
    spaces = [sp for sp in geometry.track_spaces() if sp.kind in tracks.KINDS]
    pts = project(h, np.array([sp.centre for sp in spaces], float))
    w, h_px = size
    m = 0.01 * max(w, h_px)
    return {sp.id for sp, (x, y) in zip(spaces, pts, strict=True)
            if not (m <= x <= w - m and m <= y <= h_px - m)}


ASHUR_COVERED = 0.25        # an Ashur space's share unlike its print: something lies there


def ashur_covered(on_board: np.ndarray, reading: tracks.TrackReading
                  ) -> list[tuple[str, None, str, tuple[float, float]]]:
    """Ashur's spaces read empty whose print something covers (`tracks.unlike_print`
    over ASHUR_COVERED of the space, the print fitted round it per channel): a hut no
    colour's test took (a dark corner's, too dark for it) leaves its tier unclear, never
    short of a hut. As `reading.unclear`'s entries."""
    told = {space for _t, _c, space, _at in reading.seen + reading.unclear}
    ref = tracks.printed_board()
    g = round(tracks.AROUND_MM * tracks.TPPM)
    out = []
    for sp in tracks.tracked_spaces():
        if sp.kind != "ashur" or sp.id in told:
            continue
        x0, y0, x1, y1 = tracks.space_boxes()[sp.id]
        a = on_board[y0 - g:y1 + g, x0 - g:x1 + g].astype(np.float32)
        b = ref[y0 - g:y1 + g, x0 - g:x1 + g].astype(np.float32)
        if a.shape != b.shape or not b.size:
            continue                 # not the whole board (a test's stand-in)
        gain = np.median((a / np.maximum(b, 8.0)).reshape(-1, 3), axis=0)
        covered = tracks.unlike_print(a[g:-g, g:-g], b[g:-g, g:-g] * gain).mean()
        if covered >= ASHUR_COVERED:
            out.append((f"ashur {sp.get('tier')}", None, sp.id, sp.centre))
    return out


def _track_problems(reading: tracks.TrackReading, h: np.ndarray) -> list[RefereeProblem]:
    """One problem per track and player (or Ashur tier) that could not be told."""
    out, done = [], set()
    for track, colour, space, at in reading.unclear:
        key = (track, colour)
        if key in done:
            continue
        done.add(key)
        who = f"{colour}'s disc" if colour else "a hut"
        where = f" ({space})" if space else ""
        what = ("Ashur's spaces" if track.startswith("ashur") else f"the {track} track")
        out.append(RefereeProblem(TRACK_UNCLEAR, f"{what}: {who} not clearly seen{where}; "
                                  "put each disc on one space, every disc in view (fan "
                                  "discs that share a space)", (track, colour or ""),
                                  _px(h, at)))
    return out



def _pieces(seen: read.Map, patches: list[read.Patch], h: np.ndarray
            ) -> tuple[list[PieceSeen], dict[str, tuple[str, str, int | None]],
                       list[RefereeProblem]]:
    places = geometry.hexes()
    centres = np.array([p.centre for p in places])
    index = {p.name: k for k, p in enumerate(places)}
    pieces: list[PieceSeen] = []
    board: dict[str, tuple[str, str, int | None]] = {}     # hex -> kind, colour, level
    problems: list[RefereeProblem] = []
    twice: set[str] = set()
    for p in patches:
        d = np.hypot(*(centres - np.array(p.centre)).T)
        order = np.argsort(d)
        k1, d1, d2 = int(order[0]), float(d[order[0]]), float(d[order[1]])
        name = places[k1].name
        point = _px(h, p.centre)
        cell = (places[k1].q, places[k1].r)
        if d1 > INNER and _on_a_space(p.centre):
            continue                         # a disc or an Ashur hut: tracks.py reads it
        if d1 > INNER and _on_a_card_slot(p.centre):
            continue                         # an expansion card's or a plough's print
        kind = read.kind_of(p)
        if kind is None:
            if p.area < read.HUT_AREA[0] and d1 > INNER:
                continue                     # a sliver off the map (the frame's print)
            problems.append(RefereeProblem(PIECE_UNCLEAR, f"something {p.colour} near {name} "
                                           f"({p.area:.0f} mm², {p.sides[0]:.0f} x "
                                           f"{p.sides[1]:.0f} mm) is neither a whole hut nor "
                                           "a ziggurat: uncover it, or move pieces apart",
                                           cell, point))
            problems += reach_problems(p, d, name, h)
            continue
        if d1 > OFF_MOST or d2 - d1 < AMBIGUOUS_MM:
            problems.append(RefereeProblem(PIECE_OFF_HEX, f"a {p.colour} {kind} lies between "
                                           f"{name} and a neighbour: push it onto its hex",
                                           cell, point))
            continue
        level = None
        if kind == "ziggurat":
            level, _looks = read.level_of(seen, p)
            if level is None:
                problems.append(RefereeProblem(LEVEL_UNCLEAR, f"the {p.colour} ziggurat on "
                                               f"{name}: its stack (base, centre, roof) is not "
                                               "clear; stack it squarely, in full view",
                                               cell, point))
        if name in board:
            twice.add(name)
        board[name] = (kind, p.colour, level)
        pieces.append(PieceSeen(kind, p.colour, name, level, p.centre, point))
    for name in sorted(twice):
        k = index[name]
        problems.append(RefereeProblem(INVALID_LAYOUT, f"more than one piece on {name}: one "
                                       "hut or one ziggurat a hex",
                                       (places[k].q, places[k].r), _px(h, places[k].centre)))
    return pieces, board, problems


def reach_problems(p: read.Patch, d: np.ndarray, name: str, h: np.ndarray
             ) -> list[RefereeProblem]:
    """An unclear patch larger than a hut may be pieces on several hexes (two huts a
    shadow joins): each other hex it may hold a piece of is pinned too."""
    if p.area <= read.HUT_AREA[1]:
        return []
    places = geometry.hexes()
    reach = p.sides[1] / 2 + OFF_MOST
    return [RefereeProblem(PIECE_UNCLEAR, f"something {p.colour} by {name} may reach "
                           f"{hp.name}: move pieces apart", (hp.q, hp.r), _px(h, hp.centre))
            for k, hp in enumerate(places) if hp.name != name and d[k] <= reach]


DOUBT_MM = 30.0             # hexes this near a piece not read may hide a well's reading


def _doubtful(problems: list[RefereeProblem]) -> set[str]:
    """Hexes near a piece that was not read (unclear, off its hex, its level unclear) or
    a hex hidden by something: a well seen by them may be that thing's edge or shadow."""
    codes = (PIECE_UNCLEAR, PIECE_OFF_HEX, LEVEL_UNCLEAR, HEX_UNCLEAR)
    at = [p.cell for p in problems if p.code in codes and p.cell]
    out = set()
    for hp in geometry.hexes():
        if any(math.dist(hp.centre, _centre_of(cell)) <= DOUBT_MM for cell in at):
            out.add(hp.name)
    return out


def _centre_of(cell) -> tuple[float, float]:
    return _hex_centres()[tuple(cell)]


@cache
def _hex_centres() -> dict[tuple[int, int], tuple[float, float]]:
    return {(hp.q, hp.r): hp.centre for hp in geometry.hexes()}


def _on_a_space(mm: tuple[float, float]) -> bool:
    """On a track's or Ashur's space (grown by 2 mm: a disc fanned a little off it)."""
    x, y = mm
    return any(b[0] - 2 <= x <= b[2] + 2 and b[1] - 2 <= y <= b[3] + 2
               for b in _space_boxes())


def _on_a_card_slot(mm: tuple[float, float]) -> bool:
    """On an expansion card's or the used plough's slot (grown by 4 mm: a card laid by
    hand a little off it): cards lie there, their print in players' colours."""
    x, y = mm
    return any(b[0] - 4 <= x <= b[2] + 4 and b[1] - 4 <= y <= b[3] + 4
               for b in (sp.box for sp in geometry.track_spaces()
                         if sp.kind in ("expansion", "plough")))


@cache
def _space_boxes() -> tuple[tuple[float, float, float, float], ...]:
    return tuple(sp.box for sp in geometry.track_spaces() if sp.kind in tracks.KINDS)


def read_wells(seen: read.Map, covered: np.ndarray, board: dict[str, tuple], h: np.ndarray,
               doubtful: set[str] = frozenset()
               ) -> tuple[list[str], list[PieceSeen], list[RefereeProblem]]:
    """A well where a vertex's visible rim is unlike the print (or rim and middle both
    are, a little: a blurred small one). A vertex touching a ziggurat's hex holds no well
    unless one clearly shows (ruling III, build: a ziggurat never touches a well; the
    rules core refuses one seen there): a base's shadow or overhang there is no problem.
    A well covers the printed spot: where that shows whole (middle at most SPOT_WHOLE),
    a rim half unlike is a neighbour's shadow, no well. Elsewhere a vertex mostly under
    pieces, or half unlike, is unclear; so is a well seen beside a piece not read (one
    of the `doubtful` hexes). A piece's body over the vertex's middle (a hut laid onto
    it: its cut edge and shadow make the rim and middle unlike) is no well: pieces lie
    beside a well, never on it (unclear only where the rim is unlike far from it)."""
    names, pieces, problems = [], [], []
    seen = read.with_spot_tone(seen, covered)
    zigs = {n for n, (kind, _c, _lv) in board.items() if kind == "ziggurat"}
    for w in geometry.wells():
        look, hidden, middle = read.well_look(seen, covered, w.at)
        point = _px(h, w.at)
        by_zig = bool(zigs & set(w.name.split("/")))
        if by_zig and (look < WELL_YES or middle < BY_ZIG_MIDDLE or hidden > BY_ZIG_HIDDEN):
            continue     # a base's cut edge or shadow on the rim (a tilted photo)
        if _a_well(seen, covered, w.at, (look, hidden, middle)):
            names.append(w.name)
            pieces.append(PieceSeen("well", None, w.name, None, w.at, point))
            if doubtful & set(w.name.split("/")):
                problems.append(RefereeProblem(WELL_UNCLEAR, f"well vertex {w.name}: a well "
                                               "seen beside a piece that could not be read; "
                                               "is it a well?", (w.index,), point))
        elif by_zig or _no_well(seen, covered, w.at, hidden, middle):
            continue     # by a ziggurat its edge or shadow (the rules: no well there)
        elif look > WELL_NO or hidden > WELL_HIDDEN:
            why = "a piece covers it" if hidden > WELL_HIDDEN else "half a well seen"
            problems.append(RefereeProblem(WELL_UNCLEAR, f"well vertex {w.name}: {why}; put "
                                           "the well (if any) squarely on its vertex, in view",
                                           (w.index,), point))
    return names, pieces, problems


def _a_well(seen: read.Map, covered: np.ndarray, at, looks: tuple[float, float, float]
            ) -> bool:
    """The vertex's rim (or rim and middle, or a lone rim) unlike the print as a well's,
    in view, and no piece's body over its middle (a hut laid onto the vertex)."""
    look, hidden, middle = looks
    if hidden > WELL_HIDDEN or not (look >= WELL_YES or min(look, middle) >= WELL_BOTH
                                    or _well_alone(seen, covered, at, hidden, middle)):
        return False
    return read.body_share(covered, seen, at) < BODY_ON


def _well_alone(seen: read.Map, covered: np.ndarray, at, hidden: float, middle: float
                ) -> bool:
    """A well with no piece near (a home print's rim, printed lighter, is less unlike):
    its rim unlike where no piece's edge nor shadow reaches, and its spot covered (the
    rim less unlike where the spot is plainly covered)."""
    if hidden > FREE_HIDDEN or middle <= SPOT_LIKE:
        return False
    far = read.well_far(seen, covered, at)
    return far is not None and (far >= FAR_WELL or (far > WELL_NO and middle >= SPOT_COVERED))


def _no_well(seen: read.Map, covered: np.ndarray, at, hidden: float, middle: float
             ) -> bool:
    """A vertex whose rim is not plainly a well's holds none when its rim is unlike only
    beside pieces (their edges and shadows), a piece lies over its middle, or its printed
    spot shows. Yet a rim unlike far from every piece (FAR_WELL) is no piece's edge nor
    shadow: a well whose own blue middle lies on the spot, so the spot cannot clear it."""
    far = read.well_far(seen, covered, at)
    if far is not None and far <= FAR_NONE:
        return True      # the rim unlike only by a piece (its edge, its shadow)
    if far is not None and far >= FAR_WELL:
        return False
    if read.body_share(covered, seen, at) >= BODY_ON:
        return True      # pieces lie flat beside a well (10 mm across), never on it
    if hidden <= WELL_HIDDEN and middle <= SPOT_WHOLE:
        return True      # a neighbour's shadow on the rim, the printed spot whole
    spot = read.spot_unlike(seen, covered, at)
    return spot is not None and spot <= SPOT_LIKE   # the spot shows by pieces hiding the rim


def _covered_hexes(seen: read.Map, covered: np.ndarray, taken: set[str], h: np.ndarray
                   ) -> list[RefereeProblem]:
    problems = []
    soft = read.softened(seen.bgr)
    for p in geometry.hexes():
        if p.name in taken:
            continue
        if read.hex_unlike(seen, p.centre, covered, soft) > HEX_UNLIKE:
            problems.append(RefereeProblem(HEX_UNCLEAR, f"hex {p.name}: its print is hidden "
                                           "by something not a hut or ziggurat; clear it or "
                                           "uncover the piece", (p.q, p.r), _px(h, p.centre)))
    return problems


def assemble(board: dict[str, tuple[str, str, int | None]], wells: list[str],
              base: dict[str, Any] | None, n_players: int | None, h: np.ndarray,
              reading: tracks.TrackReading, players: list[str], turn: int | None,
              new_wells: dict[str, list[str]] | None
              ) -> tuple[dict[str, Any] | None, list[RefereeProblem]]:
    """The board and tracks from the photo over the --state's rest (or, with --turn and
    no --state, a neutral rest), through the rules core."""
    huts = {n: c for n, (k, c, _lv) in sorted(board.items()) if k == "hut"}
    zigs = {n: {"owner": c, "level": lv} for n, (k, c, lv) in sorted(board.items())
            if k == "ziggurat" and lv is not None}
    seen: dict[str, Any] = {"huts": huts, "ziggurats": zigs, "wells": sorted(wells)}
    problems: list[RefereeProblem] = []
    neutral = base is None and turn is not None
    if base is None and not neutral:
        problems.append(RefereeProblem(STATE_NEEDED, "no --state and no --turn: a photo "
                                       "cannot show which turn it is (give --turn 1-8, and "
                                       "--new-wells if a well was placed this turn), nor "
                                       "hands for a reign's or the game's end (give the "
                                       "state file with --state)", None, None))
        _put_tracks(seen, {"players": players}, reading, players)
        return seen, problems
    if neutral:
        if not 2 <= len(players) <= 4:
            problems.append(RefereeProblem(PLAYERS_MISMATCH, f"{len(players)} players' "
                                           "pieces seen on the map (every player has a "
                                           "ziggurat there): give --state", None, None))
            _put_tracks(seen, {"players": players}, reading, players)
            return seen, problems
        base = unseen.neutral_state(players, turn)
    assert base is not None
    players = list(base.get("players", []))
    unseen.in_play(new_wells, players)
    if n_players is not None and n_players != len(players):
        problems.append(RefereeProblem(PLAYERS_MISMATCH, f"--players {n_players}, but "
                                       f"{'the state file has' if not neutral else 'the map shows'}"
                                       f" {len(players)} players", None, None))
    strangers = sorted({c for _k, c, _lv in board.values()} - set(players))
    if strangers:
        problems.append(RefereeProblem(PLAYERS_MISMATCH, f"{', '.join(strangers)} pieces on "
                                       "the board, but not among the state file's players: "
                                       f"{', '.join(players)}", None, None))
    data = dict(base)
    data.update(seen)
    if turn is not None and not neutral and turn != base.get("turn"):
        problems.append(RefereeProblem(STATE_NEEDED, f"--turn {turn}, but the state file is "
                                       f"at turn {base.get('turn')}", None, None))
    _put_tracks(data, base, reading, players)
    if new_wells is not None:
        data["new_wells"] = {c: vs for c, vs in new_wells.items() if vs}
    elif neutral:
        data["new_wells"] = {}
        problems += _maybe_new(huts, wells, h)
    else:
        data["new_wells"] = {c: [v for v in vs if v in wells]
                             for c, vs in base.get("new_wells", {}).items()
                             if any(v in wells for v in vs)}
    try:
        COMMANDS.read_state(data)
    except RulesError as exc:
        places = {p.name: p for p in geometry.hexes()}
        vertices = {w.name: w for w in geometry.wells()}
        for line in exc.lines:
            names = [w.strip(".:,") for w in line.replace(".", " ").split()]
            hp = next((places[n] for n in names if n in places), None)
            # a well the rules refuse (on a vertex not in play) is pinned on its vertex
            well = next((vertices[n] for n in names if n in vertices), None)
            cell, at = (((hp.q, hp.r), hp.centre) if hp else ((well.index,), well.at)
                        if well else (None, None))
            problems.append(RefereeProblem(
                INVALID_LAYOUT, f"the rules do not allow what was seen: {line}",
                cell, _px(h, at) if at else None))
            if hp is not None:
                problems += _wells_beside(hp.name, wells, line, h)
    return data, problems


def _wells_beside(hexname: str, wells: list[str], line: str, h: np.ndarray
                  ) -> list[RefereeProblem]:
    """A well seen touching a hex the rules refuse (a ziggurat beside a well): either may
    be misread, so each such well is pinned too."""
    return [RefereeProblem(INVALID_LAYOUT, f"well {w.name}: the rules do not allow what "
                           f"was seen beside it ({line})", (w.index,), _px(h, w.at))
            for w in geometry.wells() if w.name in wells and hexname in w.name.split("/")]


def _put_tracks(data: dict[str, Any], base: dict[str, Any], reading: tracks.TrackReading,
                players: list[str]) -> None:
    """The tracks as seen; a player's disc not seen keeps the base's value (its problem is
    raised already). The score track shows the score mod 100: the hundreds come from the
    state file (none without one)."""
    values = reading.values
    old = base.get("score", {})
    data["score"] = {c: (100 * (old.get(c, 0) // 100) + values["score"][c]
                         if c in values["score"] else old.get(c, 0)) for c in players}
    for track, key in (("camel", "camels"), ("offering", "offering")):
        data[key] = {c: values[track].get(c, base.get(key, {}).get(c, 0)) for c in players}
    places = {c: k for c, k in values["turn"].items() if 1 <= k <= len(players)}
    if len(set(places.values())) == len(places):
        # a disc not seen (its problem is raised) takes a free place, for a correction
        free = [k for k in range(1, len(players) + 1) if k not in places.values()]
        rest = iter(free)
        at = {**places, **{c: next(rest) for c in players if c not in places}}
        data["order"] = sorted(players, key=lambda c: at[c])
    data["ashur"] = {t: list(v) for t, v in reading.ashur.items()}


def _maybe_new(huts: dict[str, str], wells: list[str], h: np.ndarray) -> list[RefereeProblem]:
    """Without --state or --new-wells: a well whose three hexes hold one player's huts may
    have been placed this turn (II.E), which the income scores; the photo cannot tell."""
    out = []
    for w in geometry.wells():
        if w.name not in wells:
            continue
        owners = {huts.get(n) for n in w.name.split("/")}
        if len(owners) == 1 and None not in owners:
            owner = owners.pop()
            out.append(RefereeProblem(NEW_WELL_UNKNOWN, f"well {w.name} stands among "
                                      f"{owner}'s huts: was it placed this turn? (give "
                                      "--new-wells, or none)", (w.index,), _px(h, w.at)))
    return out

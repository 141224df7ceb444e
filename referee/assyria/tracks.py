"""Reading the players' pieces off the map: the discs on the score, camel, offering and
turn-order tracks, and the huts on Ashur's spaces.

The whole board is seen square-on at a coarse scale (2 px/mm: a 13 mm disc is 26 px
across) and compared with the print like the map (read.py): a pixel counts for a player
where it has their fill's colour and the print there does not. Each space's share of a
colour then says whether that player's piece lies there. Discs sharing a space lie fanned
(synth.py: as a player keeps them in view), so a lower one shows a crescent: a share of at
least TRACK_YES is a disc, at most TRACK_NO none, between unclear. Each player has one disc
per track (ruling "Components": 4 discs): none seen, two seen or an unclear space is a
problem naming the track, never a guess.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass, field
from functools import cache

import cv2
import numpy as np

from pnp.geometry import assyria as geometry
from referee.assyria import fan, read
from referee.pose import Pose

TPPM = 2.0                       # px per mm of the board seen square-on for the tracks
TRACK_YES, TRACK_NO = 0.028, 0.01    # a colour's share of a track space (a disc: 0.03-0.55)
# a colour's only trace on a track (elsewhere at most TRACE), under others' discs: the
# crescent of the lowest of four fanned discs, 1.5-2 mm wide, 0.009-0.03 after the opening
CRESCENT, TRACE = 0.006, 0.003
ASHUR_YES, ASHUR_NO = 0.18, 0.06     # ... of an Ashur space (a 14 mm hut on 16 mm: 0.25-0.6)
TRACKS = ("score", "camel", "offering", "turn")
INSET_MM = 1.0                   # of each side of a space: not looked at
AROUND_MM = 5.0                  # the print is fitted to the photo over the space grown so
UNLIKE = 0.3                     # a channel this far from the fitted print: not the print
TINT = 0.06                      # a share of one channel in the pixel's sum
BRIGHTER = 1.15                  # a pixel this much brighter than the fitted print: no shadow
NEAR = np.ones((5, 5), np.uint8)     # 1 mm each way at TPPM
MORE_SAT = 0.16                  # a pixel's saturation (0-1) this far above the print's
OPEN = np.ones((3, 3), np.uint8)     # 1.5 mm: thin misregistered print edges are no piece
# Hue window round each fill (OpenCV units): red and yellow are kept apart (a yellow disc's
# edge on the tan of every tenth score space turns orange), the rest as on the map.
# A home print turns red's fill towards orange (up to 20) and blue's towards green (down
# to 89; a disc's shadowed edge turns green's towards blue: up to 84).
HUE_WINDOW = {"red": (-9, 7), "yellow": (-6, 9), "green": (-9, 2), "blue": (-12, 9)}
# The photo's own fills (its pieces on the map, the same print and light) move a window: a
# home print may turn red's fill to 21, where yellow's window starts
MOST_SHIFT = 9                   # hue units a fill seen on the map moves its window at most
PIECE_MIN_SAT = 80               # a piece's colour, in any light the fit leaves alike
# ... and its least value: a dark photo's blue hut in Ashur, lifted, shows at 45-60
PIECE_MIN_VAL = 40


@dataclass
class TrackReading:
    """Per track, each player's space value (score mod 100, camels, offering, turn-order
    place); Ashur's tiers as the rules core lists them; where each piece was seen (board
    mm); and what could not be told (track or tier, player or None, space centre mm)."""

    values: dict[str, dict[str, int]] = field(default_factory=dict)
    ashur: dict[str, list[str]] = field(default_factory=dict)
    seen: list[tuple[str, str, str, tuple[float, float]]] = field(default_factory=list)
    unclear: list[tuple[str, str | None, str, tuple[float, float]]] = field(
        default_factory=list)


def _box_px(box) -> tuple[int, int, int, int]:
    """A space's box at TPPM, less INSET_MM each side (a neighbour's disc, placed by hand,
    may reach a little over the line)."""
    x0, y0, x1, y1 = (v * TPPM for v in box)
    d = INSET_MM * TPPM
    return (round(x0 + d), round(y0 + d), round(x1 - d), round(y1 - d))


@cache
def printed_board() -> np.ndarray:
    """The print of the whole board at TPPM (BGR)."""
    w, h = geometry.board_size()
    return cv2.resize(read.board_print(), (round(w * TPPM), round(h * TPPM)),
                      interpolation=cv2.INTER_AREA)


@cache
def printed_hsv() -> np.ndarray:
    return cv2.cvtColor(printed_board(), cv2.COLOR_BGR2HSV)


def board_square_on(image: np.ndarray, to_work: np.ndarray) -> np.ndarray:
    """The whole board seen square-on at TPPM (BGR); `to_work`: board mm -> working px."""
    w, h = geometry.board_size()
    pick = np.array([[1 / TPPM, 0, 0.5 / TPPM], [0, 1 / TPPM, 0.5 / TPPM], [0, 0, 1.0]])
    return cv2.warpPerspective(image, to_work @ pick, (round(w * TPPM), round(h * TPPM)),
                               flags=cv2.INTER_AREA | cv2.WARP_INVERSE_MAP,
                               borderMode=cv2.BORDER_REPLICATE)


def shares(bgr: np.ndarray, players: list[str], fills: dict[str, float] | None = None
           ) -> dict[str, dict[str, float]]:
    """Per track or Ashur space id, each player colour's share of its box (colour_masks,
    opened: thin misregistered print edges are no piece)."""
    masks = {c: cv2.morphologyEx(m, cv2.MORPH_OPEN, OPEN)
             for c, m in colour_masks(bgr, players, fills).items()}
    out: dict[str, dict[str, float]] = {}
    for sp_id, (x0, y0, x1, y1) in space_boxes().items():
        out[sp_id] = {c: float(m[y0:y1, x0:x1].mean()) for c, m in masks.items()}
    return out


@cache
def space_boxes() -> dict[str, tuple[int, int, int, int]]:
    return {sp.id: _box_px(sp.box) for sp in tracked_spaces()}


def colour_masks(bgr: np.ndarray, players: list[str], fills: dict[str, float] | None = None
                 ) -> dict[str, np.ndarray]:
    """Per player colour, the pixels (0/1) of that colour where the photo is unlike the
    print, on and just round every space. The print is fitted to the photo per
    channel round each space (the median over the space grown by AROUND_MM: a piece covers
    less than half of it), so a tinted light or a shadow leaves the print alike, and the
    tan of every tenth score space is not a yellow or red disc. `fills`: each colour's hue
    seen on the map (hue_windows)."""
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)
    unlike_all = unlike_round_spaces(bgr)
    # each colour's hue test only where the print is unlike (a small part of the board)
    ys, xs = np.nonzero(unlike_all)
    windows = hue_windows(fills)
    out = {}
    for c in players:
        mask = np.zeros_like(unlike_all)
        mask[ys, xs] = _colour(hsv[ys, xs], c, windows[c])
        out[c] = mask
    return out


def unlike_round_spaces(bgr: np.ndarray) -> np.ndarray:
    """Where (0/1) the photo is unlike the print on and just round every space, the
    print fitted to it per channel round each space (colour_masks)."""
    ref = printed_board()
    unlike_all = np.zeros(bgr.shape[:2], np.uint8)
    g = round(AROUND_MM * TPPM)
    for x0, y0, x1, y1 in space_boxes().values():
        a = bgr[y0 - g:y1 + g, x0 - g:x1 + g].astype(np.float32)
        b = ref[y0 - g:y1 + g, x0 - g:x1 + g].astype(np.float32)
        # per pixel, then the median: a space beside the margin's or a tenth space's tan
        # is half one colour, half the other, and a disc tips a median of levels over
        gain = np.median((a / np.maximum(b, 8.0)).reshape(-1, 3), axis=0)
        e = RIM
        a, fit = a[g - e:-g + e, g - e:-g + e], b[g - e:-g + e, g - e:-g + e] * gain
        unlike_all[y0 - e:y1 + e, x0 - e:x1 + e] |= unlike_print(a, fit).astype(np.uint8)
    return unlike_all


RIM = 2                          # px round a space's box: its opening's context


def unlike_print(a: np.ndarray, fit: np.ndarray) -> np.ndarray:
    """Where the photo `a` (float BGR) is unlike the print fitted to it (`fit`): far from
    it in some channel and of another tint or brighter, or plainly more saturated."""
    unlike = _most(np.abs(a - fit) / np.maximum(fit, 30.0)) > UNLIKE
    # ... of another tint or brighter: a piece's shadow darkens the print, keeping its
    # tint (a yellow disc on a home print's tan tenth space keeps it too, but is brighter)
    tint = _most(np.abs(a / np.maximum(a.sum(axis=2, keepdims=True), 1.0)
                        - fit / np.maximum(fit.sum(axis=2, keepdims=True), 1.0)))
    # (than the print's brightest within 1 mm: a light print detail misregistered by a
    # pixel or two is not brighter)
    brighter = a.sum(axis=2) > BRIGHTER * cv2.dilate(fit.sum(axis=2), NEAR)
    # ... or plainly more saturated than the print anywhere near (a home print's yellow
    # disc on its light tan: alike in tint and brightness, not in saturation)
    richer = _saturation(a) >= cv2.dilate(_saturation(fit), NEAR) + MORE_SAT
    return (unlike & ((tint > TINT) | brighter)) | richer


def _saturation(bgr: np.ndarray) -> np.ndarray:
    """HSV's saturation (0-1) of float BGR."""
    return 1.0 - _least(bgr) / np.maximum(_most(bgr), 1.0)


def _most(bgr: np.ndarray) -> np.ndarray:
    """Each pixel's largest channel (numpy's max over a 3-long axis is slow)."""
    return np.maximum(np.maximum(bgr[..., 0], bgr[..., 1]), bgr[..., 2])


def _least(bgr: np.ndarray) -> np.ndarray:
    return np.minimum(np.minimum(bgr[..., 0], bgr[..., 1]), bgr[..., 2])


def _colour(hsv: np.ndarray, colour: str, window: tuple[int, int]) -> np.ndarray:
    lo, hi = window
    d = (hsv[..., 0].astype(np.int16) - read.HUES[colour] + 90) % 180 - 90
    return ((d >= lo) & (d <= hi) & (hsv[..., 1] >= PIECE_MIN_SAT)
            & (hsv[..., 2] >= PIECE_MIN_VAL))


def fill_centres(fills: dict[str, float] | None) -> dict[str, int]:
    """Each colour's hue in this photo: its pieces' on the map (`fills`, moved at most
    MOST_SHIFT), else the fill's own."""
    fills = fills or {}
    return {c: h + int(np.clip(round(fills[c] - h), -MOST_SHIFT, MOST_SHIFT)) if c in fills
            else h for c, h in read.HUES.items()}


def hue_windows(fills: dict[str, float] | None) -> dict[str, tuple[int, int]]:
    """Each colour's hue window (about its fill's own hue, as HUE_WINDOW): HUE_WINDOW
    grown to take in the same window about the fill seen on the map (`fills`); where two
    windows then overlap, each keeps only the hues nearer its own centre (fill_centres)."""
    centres = fill_centres(fills)
    grown = {c: (min(read.HUES[c], centres[c]) + lo, max(read.HUES[c], centres[c]) + hi)
             for c, (lo, hi) in HUE_WINDOW.items()}          # absolute hues
    out = {}
    for c, (lo, hi) in grown.items():
        for o, (olo, ohi) in grown.items():
            middle = (centres[c] + centres[o]) / 2
            if centres[o] > centres[c] and olo <= grown[c][1]:
                hi = min(hi, math.ceil(middle) - 1)
            elif centres[o] < centres[c] and ohi >= grown[c][0]:
                lo = max(lo, math.floor(middle) + 1)
        out[c] = (lo - read.HUES[c], hi - read.HUES[c])
    return out


@cache
def tracked_spaces() -> tuple[geometry.Space, ...]:
    return tuple(sp for sp in geometry.track_spaces() if sp.kind in KINDS)


KINDS = ("score", "camel", "offering", "turn", "ashur")


def read_tracks(bgr: np.ndarray, players: list[str], hidden: set[str] | frozenset = frozenset(),
                share: dict[str, dict[str, float]] | None = None,
                fills: dict[str, float] | None = None, pose: Pose | None = None,
                unlifted: np.ndarray | None = None) -> TrackReading:
    """Each player's disc per track and Ashur's huts; a space in `hidden` (out of the
    photo) or washed out by a glare with no piece seen on it is unclear for every
    colour. `share`: `shares` of these players or more, if found already; `fills`: each
    colour's hue on the map (hue_windows); `pose`: the camera over the board (a fanned
    disc's top face seen moved by its height), if known; `unlifted`: `bgr` before a dim
    photo's lift (read.exposed), where a glare is told: the lift clips a bright edge of
    the board to white too (a home print's score track, lighter than the map)."""
    share = (shares(bgr, players, fills) if share is None
             else {sp_id: {c: row[c] for c in players} for sp_id, row in share.items()})
    washed = {sp_id for sp_id in washed_out(bgr if unlifted is None else unlifted)
              if max(share[sp_id].values(), default=0.0) < TRACK_YES}
    hidden = set(hidden) | washed
    for sp_id in hidden:
        share[sp_id] = {c: (TRACK_YES + TRACK_NO) / 2 for c in players}
    out = TrackReading()
    hues = fill_centres(fills)
    masks: dict[str, np.ndarray] = {}        # colour_masks, made only if a fan needs them
    lean = _leaner(pose)
    by_kind: dict[str, list[geometry.Space]] = {}
    for sp in tracked_spaces():
        by_kind.setdefault(sp.kind, []).append(sp)
    for track in TRACKS:
        values: dict[str, int] = {}
        # a colour found hidden in a fan is one of that fan's discs when the next one
        # seen nowhere is looked for (two of four seen: each missing one's fan holds the
        # other); a colour that fit no fan is tried once more after the rest
        fanned: dict[str, str] = {}
        queue, retried = list(players), {}  # retried: how many were fanned then
        while queue:
            c = queue.pop(0)
            yes = [sp for sp in by_kind[track] if share[sp.id][c] >= TRACK_YES]
            maybe = [sp for sp in by_kind[track] if TRACK_NO < share[sp.id][c] < TRACK_YES]
            trace = [sp for sp in by_kind[track] if share[sp.id][c] > TRACE]
            if not yes and len(trace) == 1 and share[trace[0].id][c] >= CRESCENT and any(
                    share[trace[0].id][o] >= TRACK_YES for o in players if o != c):
                # the lowest of a fan: its crescent beside others' discs, and nowhere
                # else on the track a trace of it (each player has one disc a track)
                yes, maybe = trace, []
            if not yes and not maybe and len(trace) <= 1:
                if retried.get(c) != len(fanned):       # else nothing new to fit it with
                    yes = _under_a_fan(bgr, players, share, by_kind[track], c, trace, masks,
                                       fills)
                if not yes and retried.get(c) != len(fanned):
                    yes = _only_fan_for(bgr, players, share, by_kind[track], c, fills, lean,
                                        fanned)
                    if yes:
                        fanned[c] = yes[0].id
                    elif c not in retried:
                        retried[c] = len(fanned)
                        queue.append(c)
                        continue
            elif not yes and _fan_and_beside(maybe, trace, share, players, c):
                # the lowest of a fan laid to its space's edge, its crescent faint on both
                # sides of the line: read where the fan's crescent shows it (a disc alone
                # on the space beside would show whole)
                yes = _under_a_fan(bgr, players, share, by_kind[track], c,
                                   [sp for sp in maybe if _others_on(sp, share, players, c)],
                                   masks, fills)
                maybe = [] if yes else maybe
            if not yes and len(maybe) == 1 and trace == maybe and not _others_on(
                    maybe[0], share, players, c) and share_by_tone(
                    bgr, maybe[0], c, fills) >= TRACK_YES:
                # a disc alone, its only trace on the track, whose blurred rim comes near
                # the tone of a dark print (a tenth score space): seen against the print
                # fitted tone by tone
                yes, maybe = maybe, []
            def holds_more(sp: geometry.Space, on: list[str], c: str = c) -> bool:
                return fan.one_more(cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV), hues, TPPM,
                                    sp.box, players, on, c)

            def reach(home: geometry.Space, over: geometry.Space) -> float:
                return fan.reach_over(home.box, max(_discs_on(home, share, players), 1),
                                      space_boxes()[over.id], lean(home), TPPM)

            if len(yes) == 2 and not maybe:
                yes = spilt_over(yes, share, players, c, holds_more, reach)
            if len(yes) == 1:
                # a faint trace beside its disc, or round others' where no fan holds one
                # more (a yellow disc's edge turned orange by a warm light), as spilt_over
                maybe = [sp for sp in maybe if not _spills(sp, yes[0], share, c, reach)
                         and spilt_over([yes[0], sp], share, players, c,
                                        holds_more, reach) != [yes[0]]]
            for sp in maybe:
                out.unclear.append((track, c, sp.id, sp.centre))
            if len(yes) == 1 and not maybe:
                values[c] = int(yes[0].value or 0)
                out.seen.append((track, c, yes[0].id, yes[0].centre))
            elif not maybe:
                where = yes[0].centre if yes else by_kind[track][0].centre
                out.unclear.append((track, c, ",".join(sp.id for sp in yes), where))
        out.values[track] = {c: values[c] for c in players if c in values}
    for tier in ("high", "middle", "low"):
        huts: list[str] = []
        gap = False
        for sp in sorted((sp for sp in by_kind["ashur"] if sp.get("tier") == tier),
                         key=lambda sp: sp.value or 0):
            row = share[sp.id]
            yes = [c for c in players if row[c] >= ASHUR_YES]
            maybe = [c for c in players if ASHUR_NO < row[c] < ASHUR_YES or sp.id in hidden]
            if maybe or len(yes) > 1:
                out.unclear.append((f"ashur {tier}", None, sp.id, sp.centre))
            elif yes:
                if gap:          # ruling III: the next free space is the leftmost one
                    out.unclear.append((f"ashur {tier}", yes[0], sp.id, sp.centre))
                huts.append(yes[0])
                out.seen.append(("ashur", yes[0], sp.id, sp.centre))
            else:
                gap = True
        out.ashur[tier] = huts
    return out


TONE_ALIKE = 0.15                # a channel this far from the first fit: left out of the next


def tone_fit(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """The print `b` fitted to the photo `a` (float BGR) per channel by a gain and an
    offset: a phone's flare lifts a dark ink's weak channels more than the paper's, so
    one gain fits one tone only (a disc covering most of a dark space leaves the fit
    its light neighbours' gain). Fitted again over the pixels the first fit leaves
    alike (the print, not a piece)."""
    photo, printed = a.reshape(-1, 3), b.reshape(-1, 3)
    keep = np.ones(len(photo), bool)
    fit = printed.copy()
    for _ in range(2):
        if keep.sum() < 2:
            break
        for ch in range(3):
            design = np.c_[printed[keep, ch], np.ones(int(keep.sum()))]
            (gain, offset), *_ = np.linalg.lstsq(design, photo[keep, ch], rcond=None)
            fit[:, ch] = printed[:, ch] * gain + offset
        keep = _most(np.abs(photo - fit) / np.maximum(fit, 30.0)) < TONE_ALIKE
    return fit.reshape(a.shape)


def share_by_tone(bgr: np.ndarray, sp: geometry.Space, colour: str,
                  fills: dict[str, float] | None = None) -> float:
    """`colour`'s share of `sp`'s box (as `shares`) against the print fitted round it
    tone by tone (tone_fit); 0 when `bgr` is not the whole board (a test's stand-in)."""
    ref = printed_board()
    if bgr.shape != ref.shape:
        return 0.0
    x0, y0, x1, y1 = space_boxes()[sp.id]
    g, e = round(AROUND_MM * TPPM), RIM
    a = bgr[y0 - g:y1 + g, x0 - g:x1 + g].astype(np.float32)
    fit = tone_fit(a, ref[y0 - g:y1 + g, x0 - g:x1 + g].astype(np.float32))
    near = (slice(g - e, -g + e), slice(g - e, -g + e))
    unlike = unlike_print(a[near], fit[near])
    hsv = cv2.cvtColor(bgr[y0 - e:y1 + e, x0 - e:x1 + e], cv2.COLOR_BGR2HSV)
    mask = (unlike & _colour(hsv, colour, hue_windows(fills)[colour])).astype(np.uint8)
    return float(cv2.morphologyEx(mask, cv2.MORPH_OPEN, OPEN)[e:-e, e:-e].mean())


INK, GLARE_WHITE = 200, 250      # grey levels: the print's lines, a glare's white


def washed_out(bgr: np.ndarray) -> set[str]:
    """Track and Ashur spaces a glare washed out: round each (the space grown by
    AROUND_MM) the photo's darkest tenth is white where the print's is ink, so a piece
    there would not show either."""
    ref = cv2.cvtColor(printed_board(), cv2.COLOR_BGR2GRAY).astype(np.float32)
    grey = cv2.cvtColor(bgr, cv2.COLOR_BGR2GRAY).astype(np.float32)
    g = round(AROUND_MM * TPPM)
    out = set()
    for sp_id, (x0, y0, x1, y1) in space_boxes().items():
        a = grey[y0 - g:y1 + g, x0 - g:x1 + g]
        b = ref[y0 - g:y1 + g, x0 - g:x1 + g]
        if a.shape != b.shape or not b.size:
            continue                 # not the whole board (a test's stand-in)
        if float(a.max()) < GLARE_WHITE:
            continue                 # no white there at all (so not its darkest tenth)
        # even the print's lines white: a disc's fill would be too (a paper merely
        # clipped by a bright room keeps its lines grey, and a disc its colour)
        if float(np.percentile(b, 10)) < INK and float(np.percentile(a, 10)) >= GLARE_WHITE:
            out.add(sp_id)
    return out


SPILL = 0.2             # a neighbour's share of a disc at most this part of its own
REACH_SLACK = 0.01      # ... or of the space at most this more than a disc can reach over
Reach = Callable[[geometry.Space, geometry.Space], float]


def _spills(sp: geometry.Space, home: geometry.Space, share: dict[str, dict[str, float]],
            colour: str, reach: Reach | None = None) -> bool:
    """Whether `colour`'s trace on `sp` is its disc on the next space reaching over the
    line (a fanned disc laid to the space's edge, seen from an angle): a small part of
    its share there, or no more than the fan there can reach over (`reach(home, sp)`:
    fan.reach_over, a disc's top face seen from the side)."""
    if sp.value is None or home.value is None or abs(sp.value - home.value) != 1:
        return False
    most = SPILL * share[home.id][colour]
    if reach is not None:
        most = max(most, reach(home, sp) + REACH_SLACK)
    return share[sp.id][colour] <= most


def spilt_over(yes: list[geometry.Space], share: dict[str, dict[str, float]],
               players: list[str], colour: str,
               holds_more: Callable[[geometry.Space, list[str]], bool] | None = None,
               reach: Reach | None = None) -> list[geometry.Space]:
    """Two spaces with `colour`: its disc on one and, on the other, its disc reaching
    over the line (neighbours: a disc fanned to its space's edge, seen at a tilt) or the
    print tinted round another's disc, when the lesser share is a small part of the
    other's and (neighbours only) no other disc lies there (no fan to be lowest under),
    or the discs there show no fan holding one more (`holds_more(space, the colours
    there)`: fan.one_more); `reach` as _spills. Else both (unclear)."""
    home, over = sorted(yes, key=lambda sp: -share[sp.id][colour])
    others = [o for o in players if o != colour and share[over.id][o] >= TRACK_YES]
    no_fan = others and holds_more is not None and not holds_more(over, others)
    if _spills(over, home, share, colour, reach):
        return [home] if not others or no_fan else yes
    # farther off: a faint trace on others' disc where no fan holds one more is the print
    # round that disc tinted by the light (a tenth score space's tan), not a second disc
    if no_fan and share[over.id][colour] <= SPILL * share[home.id][colour]:
        return [home]
    return yes


def _others_on(sp: geometry.Space, share: dict[str, dict[str, float]], players: list[str],
               colour: str) -> bool:
    return any(share[sp.id][o] >= TRACK_YES for o in players if o != colour)


def _fan_and_beside(maybe: list[geometry.Space], trace: list[geometry.Space],
                    share: dict[str, dict[str, float]], players: list[str], colour: str
                    ) -> bool:
    """Whether `colour`'s only traces on a track are faint ones on two neighbouring
    spaces, others' discs on one of them and none on the other."""
    if len(maybe) != 2 or {sp.id for sp in trace} != {sp.id for sp in maybe}:
        return False
    a, b = maybe
    if a.value is None or b.value is None or abs(a.value - b.value) != 1:
        return False
    return _others_on(a, share, players, colour) != _others_on(b, share, players, colour)


def _under_a_fan(bgr: np.ndarray, players: list[str], share: dict[str, dict[str, float]],
                 spaces: list[geometry.Space], colour: str, trace: list[geometry.Space],
                 masks: dict[str, np.ndarray], fills: dict[str, float] | None = None
                 ) -> list[geometry.Space]:
    """The one space of a track where `colour`, missing from the whole track, lies lowest
    under others' fanned discs, its crescent seen by place, shape and colour, or the fan
    there plainly holding one disc more than it shows (fan.py); none if no space, or
    more than one, shows it so."""
    found = []
    hues = fill_centres(fills)
    for sp in trace or spaces:
        if not any(share[sp.id][o] >= TRACK_YES for o in players if o != colour):
            continue
        above = _fanned_here(sp, spaces, share, players, colour)
        if not masks:
            masks.update(colour_masks(bgr, players, fills))
        top = max(above, key=lambda o: share[sp.id][o])
        hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)
        printed = printed_hsv() if hsv.shape == printed_board().shape else None
        if (fan.lowest_crescent(masks, hsv, hues, TPPM, sp.box, colour, above, top, printed)
                or fan.one_more(hsv, hues, TPPM, sp.box, players,
                                [o for o in players if o != colour
                                 and share[sp.id][o] > TRACE], colour)):
            found.append(sp)
    return found if len(found) == 1 else []


def _fanned_here(sp: geometry.Space, spaces: list[geometry.Space],
                 share: dict[str, dict[str, float]], players: list[str], colour: str
                 ) -> list[str]:
    """The other colours whose disc lies on `sp`: plainly seen there, or only a trace
    there and nowhere more on the track (the lowest of a fan, its crescent): each one
    moves where the fan's discs lie (fan.fan_centres)."""
    return [o for o in players if o != colour
            and (share[sp.id][o] >= TRACK_YES
                 or TRACE < share[sp.id][o] == max(share[s.id][o] for s in spaces))]


def unlike_around(bgr: np.ndarray, box, grow_mm: float) -> np.ndarray:
    """Where (0/1, the whole board's shape) the photo is unlike the print over the space
    `box` (mm) grown by `grow_mm`: a fan seen at a tilt reaches past its space's own
    window (colour_masks), its print fitted to it per channel over that window."""
    out = np.zeros(bgr.shape[:2], np.uint8)
    h, w = out.shape
    x0, y0, x1, y1 = (round(v * TPPM) for v in (box[0] - grow_mm, box[1] - grow_mm,
                                                 box[2] + grow_mm, box[3] + grow_mm))
    x0, y0, x1, y1 = max(x0, 0), max(y0, 0), min(x1, w), min(y1, h)
    ref = printed_board()
    if ref.shape != bgr.shape or x1 <= x0 or y1 <= y0:
        return out
    a = bgr[y0:y1, x0:x1].astype(np.float32)
    b = ref[y0:y1, x0:x1].astype(np.float32)
    gain = np.median((a / np.maximum(b, 8.0)).reshape(-1, 3), axis=0)
    out[y0:y1, x0:x1] = unlike_print(a, b * gain)
    return out


def _leaner(pose: Pose | None) -> Callable[[geometry.Space], np.ndarray]:
    """Per space, how far (mm) the photo shows a point moved per mm of height there."""
    def lean(sp: geometry.Space) -> np.ndarray:
        if pose is None:
            return np.zeros(2)
        centre = np.array(sp.centre, float)
        return pose.seen_at(centre, 1.0) - centre
    return lean


def _discs_on(sp: geometry.Space, share: dict[str, dict[str, float]], players: list[str]
              ) -> int:
    return sum(share[sp.id][c] >= TRACK_YES for c in players)


def _only_fan_for(bgr: np.ndarray, players: list[str], share: dict[str, dict[str, float]],
                  spaces: list[geometry.Space], colour: str, fills: dict[str, float] | None,
                  lean: Callable[[geometry.Space], np.ndarray],
                  fanned: dict[str, str] | None = None) -> list[geometry.Space]:
    """The space of a track where `colour`, seen nowhere on it, lies hidden in a fan:
    each player has one disc a track (ruling "Components") and a disc alone shows whole,
    so it lies under others' discs; there when exactly one space with others' discs
    (each their colour's largest share on the track) fits, seen from the camera
    (fan.fit_gain), at least as well with it as without, and every other such space
    worse; `fanned`: colours already found hidden in a fan, and its space, each counted
    among that fan's discs. Else none (unclear)."""
    hsv = cv2.cvtColor(bgr, cv2.COLOR_BGR2HSV)
    hues = fill_centres(fills)
    fits = []
    for sp in spaces:
        # others' discs at home here (a disc reaching over from the next space is none)
        above = [o for o in players if o != colour and share[sp.id][o] >= TRACK_YES
                 and share[sp.id][o] == max(share[s.id][o] for s in spaces)]
        above += [o for o, at in (fanned or {}).items() if at == sp.id and o not in above]
        if above:
            grow = 3.0 + float(np.hypot(*lean(sp))) * (len(above) + 1) * fan.DISC_MM
            fits.append((fan.fit_gain(hsv, unlike_around(bgr, sp.box, grow), hues, TPPM,
                                      sp.box, players, above, colour, lean(sp)), sp))
    good = [sp for gain, sp in fits if gain >= FAN_GAIN]
    return good if len(good) == 1 else []


# fan.fit_gain of the one fan a missing disc can hide in, at least: a fan with it that
# fits a hair worse than without is a tie the camera's lean (known to about 15 %) cannot
# break (tests/referee/test_assyria_fan_photos.py: a fan holding the colour down to
# -0.004; with each colour hidden in turn, fans not holding it -0.045 at most)
FAN_GAIN = -0.01

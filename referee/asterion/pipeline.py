"""Asterion's referee: one photo in, an `AsterionVerdict` out (REFEREE.read calls this).

    verdict = referee_photo("table.jpg", board=True, kill_points={"yellow": 3})
    verdict.is_certain        # no problems: the score can be trusted
    verdict.score()           # the rules core's ScoreResult of what was seen
    verdict.to_dict()         # score JSON plus a "detection" section

`referee_photo` raises `BadPhoto` (unreadable input) or `NoMarkers` (none of our markers);
everything else that makes it unsure is a problem in the verdict, never a silently wrong
table (docs/referee.md).
"""

from __future__ import annotations

from collections import Counter

import numpy as np

from pnp.rules.asterion.connect import tile_order
from pnp.rules.asterion.table import BOARD_RADIUS
from pnp.rules.asterion.tiles import load_tileset
from referee.asterion.assemble import assemble
from referee.asterion.bits import CellBits
from referee.asterion.classify import (
    BOARD_SQUARES,
    CellReading,
    TombReading,
    read_cells,
    read_tombs,
    tile_to_photo,
)
from referee.asterion.design import design_of
from referee.asterion.grid import (
    CELL,
    MINOTAUR,
    Grid,
    TilePose,
    fit_grid,
    marker_model,
    normalise,
)
from referee.asterion.hidden import ArtBudget, Resolution, deck_unseen, resolve
from referee.asterion.markers import TileMarker, identify
from referee.asterion.outlines import OutlinePlane, mark_outlines, plane_from_outlines
from referee.asterion.problems import CELL_UNIDENTIFIED, TOMB_UNCERTAIN
from referee.asterion.verdict import AsterionVerdict, TileSeen
from referee.detect import (
    Marker,
    SquarePass,
    detect_enlarged,
    detect_in_windows,
    detect_with_squares,
    merge_markers,
    square_windows,
)
from referee.errors import BadOption, GridError, NoMarkers, RefereeError
from referee.geometry import project, rotation
from referee.image import Photo, PhotoInput, load_photo
from referee.problems import RefereeProblem
from referee.quantiles import median
from referee.timing import Laps


def referee_photo(photo: PhotoInput, *, edition: str = "crete",
                  board: bool | None = None, players: list[str] | None = None,
                  kill_points: dict[str, int] | None = None) -> AsterionVerdict:
    """Read one photo. `board` None: played on the Crete board if the photo shows at least
    4 of its markers (crete only); True/False forces the choice."""
    lap = Laps()
    budget = ArtBudget(ART_BUDGET)
    image = load_photo(photo)
    lap("load")
    seen = detect_with_squares(image.grey(), image.scale)   # grey once: CellBits reads it too
    markers, squares = identify(seen.markers), seen.squares
    lap("detect")
    if image.scale < 1.0 and _too_small(markers, image.scale):
        plain = _read_plain(image, markers, squares, lap, edition=edition, board=board,
                            players=players, kill_points=kill_points)
        if plain is not None:
            return plain
        # Loose framing or the discreet print: the markers and art are too small in the
        # working copy. Work at full resolution instead, reading markers only round the
        # marker-like squares the working copy showed (half the time of the whole photo
        # in windows; on 46 benchmark photos at 12 MP not one marker fewer).
        image = image.at_full_resolution()
        windows = square_windows(squares, SQUARE_SIDES)
        markers = merge_markers(markers, identify(detect_in_windows(image.image, windows, 1.0)))
    elif image.scale >= 1.0 and _too_small(markers, image.scale):
        # A small photo of small markers (3 MP, the discreet print: ~20 px): they read
        # better enlarged.
        markers = merge_markers(markers, identify(_look_closer(image.image, markers, seen)))
    lap("detect")
    if not any(m.tile is not None for m in markers):
        # No tile marker read: the classic print's are as large as the board's and would
        # be read with them; the discreet print's may be lost in a blurred small photo.
        # Its tiles are read where the board's squares put them, or, on an open table,
        # where the outlines of the marks put them (outlines.py); else NoMarkers, below.
        design = "discreet"
    else:
        check_edition(markers, edition)
        # Which print (classic or discreet marks): its marker geometry and faces are used
        # for everything that follows (design.py); a table of both prints is refused.
        design = design_of(markers)
    verdict = _read(image, markers, lap, edition=edition, board=board, players=players,
                    kill_points=kill_points, design=design, budget=budget)
    verdict.marks = design
    return verdict


def _read(image: Photo, markers: list[TileMarker], lap: Laps, *, edition: str,
          board: bool | None, players: list[str] | None,
          kill_points: dict[str, int] | None, design: str, budget: ArtBudget
          ) -> AsterionVerdict:
    board_inferred = board is None
    if board is None:
        board = edition == "crete" and sum(m.tile is None for m in markers) >= BOARD_SEEN
    outlines = _outlines(image, markers, board, design)
    if not board and outlines is None and not any(m.tile is not None for m in markers):
        raise NoMarkers("no Asterion tiles in the photo (none of their markers was found)")
    grid = fit_grid(markers, board, outlines, design)
    lap("grid")
    bits = CellBits(image.grey(), image.scale)       # the marks read bit by bit, once a plane
    if not grid.tiles and design == "classic":
        raise GridError("no tile markers to fit the table to")     # (as fit_grid did)
    if not grid.tiles and board:
        # No tile marker at all, the board in view (discreet print): its centre square
        # holds the Minotaur; read it bit by bit, the cells round it follow below.
        read = bits.read(grid, (0, 0), {MINOTAUR})
        if not read:
            read = _first_ring_read(bits, grid, deck_unseen(grid, edition, players))
        lap("bits")
        if read:
            markers = merge_markers(markers, read)
            grid = fit_grid(markers, board, design=design)
        # else the tiles are read from their art alone below, or NoMarkers after all
    # (an open table with no tile placed: the cells its marks' outlines put tiles in are
    # read from their art below, classify.read_cells)
    for refit in range(REFITS + 1):
        grid, markers, radius, cells, cell_problems = _read_marks(
            image, bits, grid, markers, lap, edition=edition, board=board, players=players,
            outlines=outlines)
        settled = _read_art(image, bits, grid, cells, cell_problems, radius, edition=edition,
                            board=board, players=players, budget=budget)
        lap("art")
        # The marks hidden.py read bit by bit, in cells the art's tiles opened, fix the
        # plane as well as any: fitted again with them, the far cells' marks fall where
        # the grid looks for them (benchmark seed 1 photo 248: a loose 12 MP open table,
        # 15 of 69 tiles detected; the plane they gave missed the far edge by more than
        # the bits' search, which reads 57 of the 69 marks on the true plane).
        known = {m.id for m in markers}
        late = [m for p in grid.tiles for m in p.markers if m.id not in known]
        if len(late) < REFIT_MARKS or refit == REFITS:
            break
        markers = merge_markers(markers, late)
        grid = fit_grid(markers, board, outlines, design)
        lap("grid")
    cells, cell_problems = settled.cells, settled.problems
    if not grid.tiles:
        raise NoMarkers("no Asterion tiles in the photo (the board's markers were read, but "
                      "no tile marker, and no tile was known by its art)")
    return _finish(image, grid, cells, cell_problems, lap, edition=edition, board=board,
                   players=players, kill_points=kill_points, board_inferred=board_inferred)


def _finish(image: Photo, grid: Grid, cells: list[CellReading],
            cell_problems: list[RefereeProblem], lap: Laps, *, edition: str, board: bool,
            players: list[str] | None, kill_points: dict[str, int] | None,
            board_inferred: bool) -> AsterionVerdict:
    """Every tile placed and every cell next to them judged: the tombs, and the verdict."""
    dead, tombs, tomb_problems = read_tombs(image.image, image.scale, grid)
    lap("tombs")
    made = assemble(grid, dead, edition=edition, board=board, players=players,
                    kill_points=kill_points)
    lap("assemble")
    problems = grid.problems + cell_problems + tomb_problems + made.problems
    seen = _tiles_seen(grid, tombs, problems)
    return AsterionVerdict(made.table, problems, grid.homography, image.size, lap.timings,
                           image, tiles=seen, players_inferred=made.players_inferred,
                           board_inferred=board_inferred, kill_points_given=bool(kill_points),
                           tombs=tombs, cells=cells, grid=grid)


def _read_plain(image: Photo, markers: list[TileMarker], squares: list[np.ndarray], lap: Laps,
                *, edition: str,
                board: bool | None, players: list[str] | None,
                kill_points: dict[str, int] | None) -> AsterionVerdict | None:
    """A large photo whose markers are small in its working copy, read there if nothing
    in it asks for a closer look: the plane fitted without a doubt and every cell next to
    the tiles plainly empty (every tile's marker read). Else None: the photo is read at
    full resolution. (Benchmark seed 1, 46 photos at 12 MP: the full decode and the second
    detection were 40 % of such a photo's reading.)"""
    if not any(m.tile is not None for m in markers):
        return None
    try:
        check_edition(markers, edition)
        design = design_of(markers)
    except RefereeError:
        return None          # said again, and in full, at full resolution
    board_inferred = board is None
    if board is None:
        board = edition == "crete" and sum(m.tile is None for m in markers) >= BOARD_SEEN
    if _needs_outlines(markers, board, design):
        return None
    try:
        grid = fit_grid(markers, board, None, design)
    except GridError:
        return None
    lap("grid")
    if not grid.tiles or grid.problems or _squares_off_tiles(grid, squares, markers):
        return None
    _radius, cells, cell_problems = _judge_cells(image, grid, board, players)
    lap("cells")
    if cell_problems or any(not c.empty for c in cells):
        return None
    verdict = _finish(image, grid, cells, cell_problems, lap, edition=edition, board=board,
                      players=players, kill_points=kill_points, board_inferred=board_inferred)
    verdict.marks = design
    return verdict


def _squares_off_tiles(grid: Grid, squares: list[np.ndarray],
                       markers: list[TileMarker]) -> bool:
    """Whether the working copy showed a marker-like square of a tile marker's size off
    every tile read (on the board, on its squares): a tile whose marker only the full
    resolution may read (the cells judged are only those next to the tiles, and on the
    board those its players play so far)."""
    sides = [m.side for m in markers if m.tile is not None]
    least, most = max(SQUARE_SIDES[0], 0.7 * median(sides)), 1.4 * median(sides)
    quads = [q for q in squares if least <= _side(q) <= min(most, SQUARE_SIDES[1])]
    if not quads:
        return False
    where = project(np.linalg.inv(grid.homography), np.array([q.mean(axis=0) for q in quads]))
    cells = np.rint(where / CELL).astype(int)
    taken = {p.cell for p in grid.tiles}
    off = [(int(x), int(y)) not in taken and (not grid.board or abs(x) + abs(y) <= BOARD_SQUARES)
           for x, y in cells]
    return any(off)


def _side(quad: np.ndarray) -> float:
    return float(np.mean(np.linalg.norm(quad - np.roll(quad, -1, axis=0), axis=1)))


def _outlines(image: Photo, markers: list[TileMarker], board: bool, design: str
              ) -> OutlinePlane | None:
    """An open table of the discreet print where fewer than two tile marks were read (too
    few to fit its plane): the plane from the marks' outlines, if enough show (benchmark
    seed 1 photo 256: blur, 3 MP, a 4-player open table, not one mark decoded)."""
    if not _needs_outlines(markers, board, design):
        return None
    return plane_from_outlines(mark_outlines(image.image, image.scale))


def _needs_outlines(markers: list[TileMarker], board: bool, design: str) -> bool:
    return (not board and design == "discreet"
            and len({m.tile for m in markers if m.tile}) < 2)


ART_BUDGET = 100    # cells a photo may compare with the tiles' art (0.05-0.3 s each); the
#                     rest are pinned (a photo past it is flagged, never slow)
REFITS = 2          # times the plane is fitted again with marks read after the art ...
REFIT_MARKS = 3     # ... when hidden.py read at least this many


def _read_marks(image: Photo, bits: CellBits, grid: Grid, markers: list[TileMarker],
                lap: Laps, *,
                edition: str, board: bool, players: list[str] | None,
                outlines: OutlinePlane | None = None
                ) -> tuple[Grid, list[TileMarker], int | None, list[CellReading],
                           list[RefereeProblem]]:
    """Cells judged next to the tiles, and the marks missed read bit by bit and looked for
    again: the grid refitted with them, the markers, the board's area and the cells."""
    radius, cells, cell_problems = _judge_cells(image, grid, board, players)
    lap("cells")
    # Second look, at full resolution, where a marker is missing: the other corner of a
    # tile read by one marker, and every cell that looks occupied but was not identified.
    # (Not when every tile in play is seen: no tile can lie in those cells.)
    occupied = _occupied(cells, grid, edition, players)
    looked: set[tuple[int, int]] = set()
    while grid.design == "discreet" and any(c.cell not in looked for c in occupied):
        # Small markers the detector missed, read bit by bit where the grid puts them
        # (bits.py): far faster and surer than reading those tiles from their art. The
        # tiles found open new cells next to them: those are looked at in turn.
        fresh = [c for c in occupied if c.cell not in looked]
        looked |= {c.cell for c in fresh}
        read = _read_bits(bits, grid, [c.cell for c in fresh],
                          deck_unseen(grid, edition, players))
        lap("bits")
        if read:
            markers = merge_markers(markers, read)
            grid = fit_grid(markers, board, outlines, grid.design)
            radius, cells, cell_problems = _judge_cells(image, grid, board, players)
            occupied = _occupied(cells, grid, edition, players)
            lap("cells")
    extra = _rescue(image, grid, occupied)
    lap("rescue")
    if extra:
        markers = merge_markers(markers, extra)
        grid = fit_grid(markers, board, outlines, grid.design)
        lap("grid")
        cells, cell_problems = read_cells(image.image, image.scale, grid, radius)
        lap("cells")
    return grid, markers, radius, cells, cell_problems


def _read_art(image: Photo, bits: CellBits, grid: Grid, cells: list[CellReading],
              cell_problems: list[RefereeProblem], radius: int | None, *, edition: str,
              board: bool, players: list[str] | None, budget: ArtBudget) -> Resolution:
    """Cells that look occupied: a tile known by its art, or empty after all (hidden.py);
    `grid` gains the tiles known by their art."""
    had_minotaur = any(p.tile == MINOTAUR for p in grid.tiles)
    settled = resolve(image.image, image.scale, grid, cells, cell_problems, edition=edition,
                      players=players, board_radius=radius, budget=budget, bits=bits)
    if not had_minotaur and any(p.tile == MINOTAUR for p in grid.tiles):
        # The Minotaur was known by its art: the table is turned and moved to it now, as
        # it would have been from its markers, and its cells judged again in that frame.
        normalise(grid)
        cells, cell_problems = read_cells(image.image, image.scale, grid, radius)
        settled = resolve(image.image, image.scale, grid, cells, cell_problems,
                          edition=edition, players=players, board_radius=radius,
                          budget=budget, bits=bits)
    while (wider := _board_radius(board, players, grid)) is not None and wider > radius:
        # A colour first known by its art adds a player, and the board's area in play
        # grows with the player count (ruling asterion.md "A turn" 1: 25, 41 or all 61
        # squares for 2, 3 or 4 players): its outer squares are judged now, never assumed
        # empty (benchmark seed 1 photo 210: a blurred 3 MP board, red told only by its
        # art, 18 tiles of the outer ring left out of a sure score)
        radius, cells, cell_problems = _judge_cells(image, grid, board, players)
        settled = resolve(image.image, image.scale, grid, cells, cell_problems,
                          edition=edition, players=players, board_radius=radius,
                          budget=budget, bits=bits)
    return settled


BOARD_SEEN = 4      # board markers that make a photo "on the board" (the fit needs 4)
SMALL_MARKER = 30   # px in the working copy: smaller markers are often not read there
TINY_MARKER = 24    # ... and these even when they were
SQUARE_SIDES = (12, 160)    # px at full resolution: squares that may be markers the
#                             working copy could not read (smaller ones cannot be read at
#                             all, larger ones would have been; the board's squares are)
READ_ENOUGH = 0.9   # share of tiles seen by both markers that says they were


SMALL_PHOTO = 2500      # px, long side: a photo this small (3 MP) is looked at enlarged ...
ENLARGE_BELOW = 20      # ... and a larger one if its markers read are smaller than this (px)


def _look_closer(image: np.ndarray, markers: list[TileMarker], seen: SquarePass
                 ) -> list[Marker]:
    """Markers looked for again in a photo read at its own size: the whole photo enlarged
    twice, if it is small or its markers tiny (their outlines may not show); else the
    small markers its pass decoded, and at its own size round the squares of their size
    it could not (an 8 MP photo of the board, the discreet print's 23-27 px markers: read
    again in windows they came back with the same corners or within a px, the same pixels
    at the same size; the larger squares are cells and tiles)."""
    h, w = image.shape[:2]
    sides = [m.side for m in markers if m.tile is not None]
    if max(w, h) < SMALL_PHOTO or not sides or median(sides) < ENLARGE_BELOW:
        return detect_enlarged(image, 1.0, upsample=2)
    typical = median(sides)
    sizes = (max(SQUARE_SIDES[0], 0.7 * typical), min(1.4 * typical, SQUARE_SIDES[1]))
    return seen.small + detect_in_windows(image, square_windows(seen.unread, sizes), 1.0)


def _too_small(markers: list[TileMarker], scale: float) -> bool:
    """No tile marker read, or the markers read are small in the working copy and it
    missed some: tiles seen by one marker only (a 12 MP photo of the whole board has
    markers of 27-38 px there, and reads nearly all of them: a full decode and a second
    detection would cost 0.2 s for nothing; markers left are looked for again, stage 5)."""
    sides = [m.side * scale for m in markers if m.tile is not None]
    if not sides:
        return True
    typical = median(sides)
    if typical >= SMALL_MARKER:
        return False
    per_tile = Counter(m.tile for m in markers if m.tile is not None)
    both = sum(n >= 2 for n in per_tile.values()) / len(per_tile)
    return typical < TINY_MARKER or both < READ_ENOUGH


def check_edition(markers: list[TileMarker], edition: str) -> None:
    """Rulings "Editions": the revised deck is the Crete deck less one design per colour,
    and only the Crete edition has the board. A photo showing either, read as revised, is
    a Crete game: say so once, instead of a problem per tile and per board square. (The
    other way round cannot be told: a revised deck is part of the Crete one.)"""
    if edition != "revised":
        return
    deck = load_tileset(edition)
    foreign = sorted({m.tile for m in markers if m.tile is not None and m.tile not in deck},
                     key=tile_order)
    board = len({m.id for m in markers if m.tile is None})
    if not foreign and board < BOARD_SEEN:
        return
    why = []
    if foreign:
        why.append(f"{', '.join(foreign[:4])}{' ...' if len(foreign) > 4 else ''} "
                   f"{'is' if len(foreign) == 1 else 'are'} not in the revised deck")
    if board >= BOARD_SEEN:
        why.append("the Crete board is in the photo")
    raise BadOption(f"these tiles are the Crete edition's ({'; '.join(why)}): read the "
                       "photo with --edition crete")


def _occupied(cells: list[CellReading], grid: Grid, edition: str,
              players: list[str] | None) -> list[CellReading]:
    """Cells that look occupied and are mostly in view, unless every tile in play is seen
    (no tile can lie in them then)."""
    if not deck_unseen(grid, edition, players):
        return []
    return [c for c in cells if not c.empty and c.visible >= 0.6]


def _judge_cells(image: Photo, grid: Grid, board: bool, players: list[str] | None
                 ) -> tuple[int | None, list[CellReading], list[RefereeProblem]]:
    """The board's area in play for the players known now, and every cell next to the
    tiles in it judged (classify.read_cells)."""
    radius = _board_radius(board, players, grid)
    cells, problems = read_cells(image.image, image.scale, grid, radius)
    return radius, cells, problems


def _board_radius(board: bool, players: list[str] | None, grid: Grid) -> int | None:
    if not board:
        return None
    from referee.asterion.assemble import infer_players

    count = len(players) if players is not None else len(infer_players(grid))
    return BOARD_RADIUS.get(count, max(BOARD_RADIUS.values()))


def _rescue(photo: Photo, grid: Grid, occupied: list[CellReading]) -> list[TileMarker]:
    """Markers found again at full resolution (or enlarged, for a small photo), only in
    windows where one is expected."""
    boxes: list[np.ndarray] = []
    model = marker_model(grid.design)
    for pose in grid.tiles:
        for missing in set(model) - {m.corner for m in pose.markers}:
            corners_mm = model[missing] @ rotation(pose.angle).T + np.array(pose.centre)
            boxes.append(grid.to_image(corners_mm))
    for cell in occupied:
        h = CELL / 2 + 4
        x, y = CELL * cell.cell[0], CELL * cell.cell[1]
        boxes.append(grid.to_image(np.array([[x - h, y - h], [x + h, y - h], [x + h, y + h],
                                             [x - h, y + h]])))
    if not boxes:
        return []
    sides = [m.side for p in grid.tiles for m in p.markers]
    side = median(sides) if sides else 40.0
    windows = []
    for quad in boxes:
        lo, hi = quad.min(axis=0) - side, quad.max(axis=0) + side
        windows.append((int(lo[0]), int(lo[1]), int(hi[0]) + 1, int(hi[1]) + 1))
    if photo.scale < 1.0:
        return identify(detect_in_windows(photo.full(), windows, 1.0))
    # Already full resolution: enlarge (blurred or small markers read better so); the
    # discreet print's, sharpened too (classic prints are read as they always were)
    return identify(detect_in_windows(photo.image, windows, 1.0, upsample=2,
                                      tiny=grid.design == "discreet"))


def _first_ring_read(bits: CellBits, grid: Grid, unseen: list[str]) -> list[TileMarker]:
    """The Minotaur's marker unread (a finger, blur): the squares round it, ring by ring
    out to the area every player count plays, bit by bit, up to the first ring where a
    marker is read; the cells next to its tiles follow as usual (benchmark seed 1 photo
    317: a loose 3 MP board, no tile marker detected, 24 tiles left to the slower and
    weaker art reading)."""
    reach = min(BOARD_RADIUS.values())
    for ring in range(1, reach + 1):
        squares = [(x, y) for x in range(-ring, ring + 1) for y in range(-ring, ring + 1)
                   if abs(x) + abs(y) == ring]
        if read := _read_bits(bits, grid, squares, unseen):
            return read
    return []


def _read_bits(bits: CellBits, grid: Grid, cells: list[tuple[int, int]],
               unseen: list[str]) -> list[TileMarker]:
    """Markers of tiles not yet seen, read bit by bit at the occupied cells' corners."""
    found: list[TileMarker] = []
    allowed = set(unseen)
    for cell in cells:
        got = bits.read(grid, cell, allowed)
        found += got
        allowed -= {m.tile for m in got}      # a tile is in one cell only
    return found


def _tiles_seen(grid: Grid, tombs: list[TombReading],
                problems: list[RefereeProblem]) -> list[TileSeen]:
    flagged = {p.cell for p in problems if p.cell is not None
               and p.code not in (CELL_UNIDENTIFIED,)}
    uncertain = {p.cell for p in problems if p.code == TOMB_UNCERTAIN}
    by_tile: dict[str, list[TombReading]] = {}
    for t in tombs:
        by_tile.setdefault(t.tile, []).append(t)
    seen = []
    for pose in grid.tiles:
        corners = project(tile_to_photo(grid, pose),
                          np.array([[0, 0], [CELL, 0], [CELL, CELL], [0, CELL]], float))
        readings = by_tile.get(pose.tile, [])
        tomb: bool | None = None
        if readings and pose.cell not in uncertain:
            tomb = any(r.verdict == "dead" for r in readings)
        confidence = _confidence(pose, pose.cell in flagged, grid.design)
        seen.append(TileSeen(pose.tile, pose.cell, pose.rot, confidence,
                             corners, len(pose.markers),
                             (round(pose.offset[0], 2), round(pose.offset[1], 2)),
                             round(pose.skew, 2), tomb))
    return seen


def _confidence(pose: TilePose, flagged: bool, design: str) -> float:
    """1.0 for a tile read by every marker its print has, square on its cell; less for one
    marker of two, an off-cell or turned pose; at most 0.3 when a problem names its cell."""
    dx, dy = pose.offset
    # read by all its markers; by one of two; by its art alone (markers covered)
    printed = len(marker_model(design))
    c = 1.0 if len(pose.markers) >= printed else 0.8 if pose.markers else 0.6
    c *= max(0.0, 1.0 - max(abs(dx), abs(dy)) / 25.0) ** 0.5
    c *= max(0.0, 1.0 - abs(pose.skew) / 45.0) ** 0.5
    if flagged:
        c = min(c, 0.3)
    return round(c, 2)

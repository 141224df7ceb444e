"""Cells that look occupied but hold no tile read by its markers: identify the tile from its
art, or show the cell is empty, or say why neither can be told.

For every such cell (classify.read_cells' `cell-unidentified`), most telling first:

1. Every tile of the deck in play is seen already (the edition's tiles of the colours
   playing, and the Minotaur): no tile can lie there, whatever covers the cell (a finger,
   the tomb supply, a pattern in the table). Empty.
2. Otherwise the cell is compared with the print of every tile not seen
   (referee/asterion/art/) at its four quarter turns. A tile is accepted when it
   matches about as well as tiles known by their markers do here, and beats every other
   candidate, and every look-alike of any colour with its corridors, where their prints
   differ (`Comparison.votes`). A look-alike read elsewhere by its markers is no candidate:
   the art must only not say it (art and markers disagree) nor lean to it. Two
   candidates left, or a seen tile that looks the same: a problem naming them, never a
   guess. A tile's colour is told first by its walls' tint where it is clear
   (referee/asterion/tints.py): the candidates are then that colour's.
3. No tile matches at all, the table is patterned (the cells two steps from the game are
   not plain either) and the cell's colours are the table's: empty. On a plain table a
   cell that is not plain stays a problem: something is there.

An identified tile joins the grid at the pose its art says (its cell and quarter turn by
rounding, as for tiles read by markers), and its empty neighbours are judged in turn.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from dataclasses import dataclass, field, replace
from functools import cache, reduce
from operator import or_

import cv2
import numpy as np

from pnp.rules.asterion.connect import tile_order
from pnp.rules.asterion.tiles import COLOURS, MINOTAUR_ID, Tile, load_tileset, tiles_by_id
from referee.asterion.art.lookalikes import SOFTNESS, Comparison, softness
from referee.asterion.art.lookalikes import comparison as comparison_of
from referee.asterion.art.occlusion import MAX_COVERED, unveiled
from referee.asterion.art.pose import (
    ArtMatch,
    kept_in,
    match,
    reference_level,
    refine,
    score_at,
)
from referee.asterion.bits import CellBits
from referee.asterion.classify import (
    CellReading,
    read_cells,
)
from referee.asterion.grid import CELL, Grid, TilePose, place_by_markers
from referee.asterion.problems import CELL_UNIDENTIFIED, TILE_AMBIGUOUS
from referee.asterion.table_look import TableLook
from referee.asterion.tints import TableTints
from referee.geometry import project
from referee.problems import RefereeProblem
from referee.threads import one_thread

ACCEPT_SCORE = 0.45         # the best candidate's correlation with its print: at least ...
ACCEPT_RELATIVE = 0.55      # ... and this share of what tiles read by markers score here
VOTES = 120                 # px (4 per mm) where two prints differ that must show the
#                             winner's print (7.5 mm^2) ...
VOTE_RATIO = 3.0            # ... and this many times more than the loser's, ...
SEEN = 0.25                 # ... and at least this share of all the px where the prints
#                             differ (the rest like neither: covered, or off by blur)
CLEAR_VOTES = 2 * VOTES     # px a clear win (`Comparison.clearly_best`) shows at least
TINT_PX = 1500              # px (94 mm^2) of walls, uncovered, to judge a tint by ...
TINT_SHARE = 0.25           # ... the photo's median this much nearer one print's than the
#                             other's (a quarter of the way between them at most)
TINT_CANDIDATES = 6         # candidates whose pose may tell the colour, the best's not ...
TINT_SCORE_GAP = 0.1        # ... if they matched within this of the best's correlation
USURPERS = 2                # a rival that beats the best may take its place this often
POSE_APART_MM = 3.0         # a rival this far from the best's pose (or turned so) ...
POSE_APART_DEG = 3.0        # ... loses to it only by POSED_APART_MARGIN of correlation
POSED_APART_MARGIN = 0.08
CLEARLY_WORSE = 0.15       # a rival this far behind the best by correlation at the best's
#                             pose loses without a vote
RIVAL_GAP = 0.3             # candidates this far behind the best by correlation lose
EMPTY_ART = 0.3             # no candidate correlates more: no tile's art is there
NOVEL = 0.02                # share of a cell's px of colours the table nearby never shows
ROUNDS = 12                 # identified tiles open new neighbours this many times over
PLANE_MOVED_MM = 0.5        # a refitted plane that moves a cell less keeps its art's say
FULL_VOTES = 8              # full votes (`Comparison.maps`) a cell may take: a tile the
#                             art identifies takes 0-6 (benchmark seed 1, worst and
#                             occluded photos), an unsettled cell 10-40; the Minotaur,
MINOTAUR_VOTES = 24         # like every colour's crosses at four turns, 19
MIN_PLAYERS = 2             # colours in play at least (ruling asterion.md: "2 to 4
#                             players")


@dataclass
class Resolution:
    cells: list[CellReading]
    problems: list[RefereeProblem]
    identified: list[str] = field(default_factory=list)
    notes: dict[tuple[int, int], str] = field(default_factory=dict)   # cell -> why empty


def deck_unseen(grid: Grid, edition: str, players: list[str] | None) -> list[str]:
    """Tiles of the edition's deck, of the colours in play (given, else those seen; before
    two colours are seen, every colour), and the Minotaur, that no marker or art has
    placed."""
    deck = load_tileset(edition)
    seen = {p.tile for p in grid.tiles}
    colours = (set(players) if players is not None
               else {deck[t].colour for t in seen if t in deck and deck[t].colour})
    if len(colours) < MIN_PLAYERS:
        # one colour seen is not yet who plays (a game has two at least): on a print whose
        # marks a blur hides, the first tile known may be one its art told
        colours = {tile.colour for tile in deck.values()}
    return [t for t, tile in deck.items()
            if t not in seen and (tile.colour in colours or tile.colour is None)]


def look_alikes(tile: Tile, rot: int) -> list[tuple[str, int]]:
    """(tile, turn) pairs of any colour whose corridors face the same way: what a covered
    chest, wing, horns or id, or a light that pales the walls' colour, could leave
    undecided (the same design in another colour differs only in its colour)."""
    faces = tile_ports(tile, rot)
    return [(other, r) for (other, r), ports in _catalogue_ports().items()
            if (other, r) != (tile.id, rot) and ports == faces]


def one_corridor_apart(tile: Tile, rot: int) -> list[tuple[str, int]]:
    """(tile, turn) pairs of the tile's colour whose corridors reach one side more or one
    fewer: a blurred corridor's far half is what tells a dead end from a straight
    (benchmark seed 1 photo 256: blur, 3 MP, no mark read; G05's straight scored 0.78 as G02's
    dead end, G05 itself was not among the best four by the coarse correlation, and G02
    was taken; G05 then went to G02's cell, unflagged)."""
    sides = _sides(tile, rot)
    tiles = tiles_by_id()
    return [(other, r) for (other, r), ports in _catalogue_ports().items()
            if tiles[other].colour == tile.colour
            and bin(reduce(or_, ports, 0) ^ sides).count("1") == 1]


@cache
def _catalogue_ports() -> dict[tuple[str, int], tuple]:
    """`tile_ports` of every catalogue tile at every quarter turn, in catalogue order (the
    same for every cell: found once)."""
    return {(other.id, r): tile_ports(other, r) for other in tiles_by_id().values()
            for r in (0, 90, 180, 270)}


def _sides(tile: Tile, rot: int) -> int:
    """Every side a corridor of the tile reaches, turned `rot` (a side mask)."""
    return reduce(or_, tile_ports(tile, rot), 0)


def tile_ports(tile: Tile, rot: int) -> tuple:
    return tuple(sorted(region.mask_facing(rot) for region in tile.regions))


@dataclass(frozen=True)
class ArtSaid:
    """What a cell's art said (`judge_cell`), and what it was judged with: where the cell
    lay in the photo (its corners, px) and the tiles that could lie there, and those
    seen elsewhere."""

    corners: np.ndarray
    unseen: frozenset[str]
    seen: frozenset[str]
    verdict: TilePose | str | RefereeProblem


@dataclass
class FullVotes:
    """How many more full votes one cell may take; past them its contests are ties (the
    cell is flagged, never a tile guessed)."""

    left: int
    out: bool = False

    def take(self) -> bool:
        if self.left <= 0:
            self.out = True
            return False
        self.left -= 1
        return True


@dataclass
class ArtBudget:
    """How many more cells one photo may compare with the tiles' art (each costs about the
    same): a budget of work, not of seconds, so that a photo reads the same on a busy
    machine as on a quiet one. It also keeps what each cell's art said (`said`), for
    the photo's every plane fit: the plane refitted, a cell it hardly moves is not
    compared again. And what the searches round a pose found (pose.kept_in): a cell
    compared again, its candidates fewer, searches round the same poses."""

    cells: int
    said: dict[tuple[int, int], ArtSaid] = field(default_factory=dict)
    kept: dict[tuple, tuple] = field(default_factory=dict)

    def take(self) -> bool:
        if self.cells <= 0:
            return False
        self.cells -= 1
        return True

    def recall(self, grid: Grid, cell: tuple[int, int], unseen: list[str]
               ) -> TilePose | str | RefereeProblem | None:
        """What the cell's art said before, if it still holds: see `still_holds`."""
        said = self.said.get(cell)
        if said is None or not still_holds(said, grid, cell, unseen):
            return None
        return said.verdict

    def keep(self, grid: Grid, cell: tuple[int, int], unseen: list[str],
             verdict: TilePose | str | RefereeProblem) -> None:
        self.said[cell] = ArtSaid(_cell_corners(grid, cell), frozenset(unseen),
                                  frozenset(p.tile for p in grid.tiles), verdict)


def _cell_corners(grid: Grid, cell: tuple[int, int]) -> np.ndarray:
    """The cell's square's corners in the photo (px, by the grid's plane)."""
    x, y, h = CELL * cell[0], CELL * cell[1], CELL / 2
    return grid.to_image(np.array([[x - h, y - h], [x + h, y - h], [x + h, y + h],
                                   [x - h, y + h]]))


def plane_moved(said: ArtSaid, grid: Grid, cell: tuple[int, int]) -> float:
    """How far (mm, on the table as `grid` fits it) the cell's corners lie from where
    they lay in the photo when its art was judged."""
    x, y, h = CELL * cell[0], CELL * cell[1], CELL / 2
    now = np.array([[x - h, y - h], [x + h, y - h], [x + h, y + h], [x - h, y + h]])
    then = project(np.linalg.inv(grid.homography), said.corners)
    return float(np.max(np.hypot(*(then - now).T)))


def still_holds(said: ArtSaid, grid: Grid, cell: tuple[int, int], unseen: list[str]) -> bool:
    """Whether what a cell's art said holds under this plane fit: the plane moved the cell
    less than PLANE_MOVED_MM, and the cell was judged among these candidates at least
    (a tile identified: it is one of them still; a cell left unsettled or empty: the
    same candidates, and the same tiles seen elsewhere, whose rules differ)."""
    if plane_moved(said, grid, cell) > PLANE_MOVED_MM:
        return False
    now = frozenset(unseen)
    if isinstance(said.verdict, TilePose):
        return said.verdict.tile in now and now <= said.unseen
    return now == said.unseen and said.seen == frozenset(p.tile for p in grid.tiles)


def resolve(image: np.ndarray, scale: float, grid: Grid, cells: list[CellReading],
            problems: list[RefereeProblem], *, edition: str, players: list[str] | None,
            board_radius: int | None, budget: ArtBudget | None = None,
            bits: CellBits | None = None) -> Resolution:
    """Settle the cells `read_cells` could not: see the module's docstring. `grid` gains
    the tiles identified from their art. Once `budget` is spent no cell is compared with
    the art any more: each left is pinned as not read. `bits`: the photo's marks read bit
    by bit (bits.CellBits), if the caller reads them already."""
    budget = budget or ArtBudget(math.inf)
    with one_thread(), kept_in(budget.kept):
        return _resolve(image, scale, grid, cells, problems, edition=edition,
                        players=players, board_radius=board_radius, budget=budget, bits=bits)


def _over_budget(reading: CellReading) -> RefereeProblem:
    cell = reading.cell
    return RefereeProblem(CELL_UNIDENTIFIED, f"cell {cell[0]},{cell[1]} looks occupied; its "
                                             "mark was not read and too many tiles were to "
                                             "be told from their art (covered marks, "
                                             "blur?): uncover the marks or take a sharper "
                                             "photo", cell, reading.point)


def _resolve(image: np.ndarray, scale: float, grid: Grid, cells: list[CellReading],
             problems: list[RefereeProblem], *, edition: str, players: list[str] | None,
             board_radius: int | None, budget: ArtBudget, bits: CellBits | None
             ) -> Resolution:
    out = Resolution(cells, problems)
    table = TableLook(image, scale, grid, cells, board_radius)
    tints = TableTints(image, scale, grid)
    looked: set[tuple[int, int]] = set()          # compared with the candidates' art
    scores: dict[str, float] = {}                 # tiles read by markers: their art's score
    for _ in range(ROUNDS):
        grown = False
        occupied = [c for c in out.cells if not c.empty and c.visible >= 0.6
                    and c.cell not in out.notes]
        if deck_unseen(grid, edition, players):
            occupied.sort(key=lambda c: -table.novelty(c.cell))
        settled: dict[tuple[int, int], RefereeProblem | None] = {}
        for reading in occupied:
            unseen = deck_unseen(grid, edition, players)
            if not unseen:
                out.notes[reading.cell] = "every tile in play is seen"
                settled[reading.cell] = None
                continue
            if reading.cell in looked:
                continue                          # its problem stands
            looked.add(reading.cell)
            if board_radius is not None and reading.cell == (0, 0) and MINOTAUR_ID in unseen:
                # The Minotaur tile goes on the board's centre square (docs/rules/asterion.md,
                # "Setup"; the rules core's minotaur-off-centre), so no other tile can lie
                # there: its art need only be the Minotaur's, at one turn (a finger on its
                # one marker left it tied with a green cross, and the table without an
                # origin; the benchmark's hidden preset)
                unseen = [MINOTAUR_ID]
            recalled = budget.recall(grid, reading.cell, unseen)
            if recalled is None and not budget.take():
                settled[reading.cell] = _over_budget(reading)
                continue
            # a colour no tile was read in yet joins by its walls' tint, unless the players
            # are given
            twins = deck_unseen(grid, edition, players or list(COLOURS))
            if bits is None and grid.design == "discreet":
                # the photo in grey once, not once a cell
                bits = CellBits(image if image.ndim == 2 else
                                cv2.cvtColor(image, cv2.COLOR_BGR2GRAY), scale)
            verdict = _by_bits(bits, grid, reading.cell, unseen) or recalled
            if verdict is None:
                verdict = judge_cell(image, scale, grid, reading, unseen, table, tints, scores,
                                     twins)
                budget.keep(grid, reading.cell, unseen, verdict)
            if isinstance(verdict, TilePose):
                grid.tiles.append(verdict)
                grid.tiles.sort(key=lambda p: tile_order(p.tile))
                out.identified.append(verdict.tile)
                settled[reading.cell] = _pose_problem(grid, verdict)
                grown = True
            elif isinstance(verdict, str):
                out.notes[reading.cell] = verdict
                settled[reading.cell] = None
            else:
                settled[reading.cell] = verdict
        out.cells = [replace(c, empty=True) if c.cell in out.notes else c for c in out.cells]
        out.problems = ([p for p in out.problems if p.cell not in settled
                         or p.code != CELL_UNIDENTIFIED]
                        + [p for p in settled.values() if p is not None])
        if not grown:
            break
        # the new tiles' empty neighbours are candidates now: judge them as any other
        known = {c.cell for c in out.cells}
        fresh, fresh_problems = read_cells(image, scale, grid, board_radius, known)
        taken = {p.cell for p in grid.tiles}
        out.cells = [c for c in out.cells if c.cell not in taken] + [
            c for c in fresh if c.cell not in known]
        out.problems = [p for p in out.problems if p.cell not in taken or
                        p.code != CELL_UNIDENTIFIED] + [
            p for p in fresh_problems if p.cell not in known]
        table = TableLook(image, scale, grid, out.cells, board_radius)
    return out


def _by_bits(bits: CellBits | None, grid: Grid, cell: tuple[int, int], unseen: list[str]
             ) -> TilePose | None:
    """The discreet print's one small marker, read bit by bit where the cell puts it
    (bits.py): surer than the art, where a cell opened only after other tiles were known
    by their art (benchmark seed 1 photo 317: B06 told by its marker, its art B06 or B04)."""
    if grid.design != "discreet" or bits is None:
        return None
    got = bits.read(grid, cell, set(unseen))
    if not got:
        return None
    pose = place_by_markers(grid, tuple(got))
    return pose if pose.cell == cell and not pose.ambiguous else None


def _told_colour(tints: TableTints, best: ArtMatch, found: list[ArtMatch]) -> str | None:
    """The colour the walls tell at the best's pose; if they tell none there (the best's
    design puts its walls on another design's corridors), at the pose of a candidate of
    another design that matched nearly as well (benchmark seed 1 photo 118: blurred B03
    under a tomb matched R08 best, whose walls read grey; Y03, B03's design, reads blue)."""
    if (colour := tints.colour(best)) is not None:
        return colour
    tiles = tiles_by_id()
    for m in found[1:TINT_CANDIDATES]:
        if (m.score >= best.score - TINT_SCORE_GAP
                and (tiles[m.tile].design, m.rot) != (tiles[best.tile].design, best.rot)
                and (colour := tints.colour(m)) is not None):
            return colour
    return None


def judge_cell(image: np.ndarray, scale: float, grid: Grid, reading: CellReading,
               unseen: list[str], table: TableLook, tints: TableTints | None = None,
               known: dict[str, float] | None = None, twins: list[str] | None = None
               ) -> TilePose | str | RefereeProblem:
    """The tile in one cell (a pose), "empty" reasons (a str), or a problem. `twins`: the
    tiles the walls' tint may name instead of the best's colour (default `unseen`)."""
    cell, point = reading.cell, reading.point
    found = match(image, scale, grid, cell, unseen)
    reference = reference_level(image, scale, grid, cell, 5, known)
    if not _acceptable(found[0], reference):
        # a finger or a hand on the tile: judged again on what is not covered
        found = _unveiled(image, scale, grid, found) or found
    best = found[0]
    where = f"cell {cell[0]},{cell[1]}"
    if best.score < EMPTY_ART:
        if table.patterned and table.novelty(cell) <= NOVEL and not table.washed(cell):
            return "the patterned table, and no tile's art"
        return RefereeProblem(CELL_UNIDENTIFIED, f"{where} looks occupied but no tile was "
                                                 "identified there (markers covered, or "
                                                 "glare?)", cell, point)
    if not _acceptable(best, reference):
        return RefereeProblem(CELL_UNIDENTIFIED, f"{where}: a tile whose markers are covered "
                                                 f"and too little of its art is seen (most "
                                                 f"like {best.tile}): uncover it", cell, point)
    seen = {p.tile for p in grid.tiles}
    only = set(unseen) if unseen == [MINOTAUR_ID] else None
    colour = _told_colour(tints or TableTints(image, scale, grid), best, found)
    if colour is not None and tiles_by_id()[best.tile].colour not in (None, colour):
        # its walls' tint is another colour's: the candidates are their designs in that
        # colour, each found finely where it lay
        found = _in_colour(image, scale, grid, found, colour,
                           set(unseen if twins is None else twins)) or found
        best = found[0]
        if not _acceptable(best, reference):
            return RefereeProblem(CELL_UNIDENTIFIED, f"{where}: a tile whose markers are "
                                                     "covered, its walls "
                                                     f"{colour}, told from its art as no "
                                                     f"{colour} tile: uncover it", cell, point)
    votes = FullVotes(MINOTAUR_VOTES if best.tile == MINOTAUR_ID else FULL_VOTES)
    for _ in range(USURPERS + 1):
        rivals = rivals_of(best, found, only, set(unseen))
        rival, outcome = usurper_or_first(
            _contests(image, scale, grid, best, rivals, seen, colour=colour, votes=votes),
            unseen, seen)
        if outcome == "tie" and rival.tile in seen:
            rival, outcome = _contest_softer_or_sharper(image, scale, grid, best, rivals, seen,
                                                        (rival, outcome), votes)
        if outcome == "won":
            return TilePose(best.tile, cell, best.rot, best.centre, best.angle % 360.0, ())
        if votes.out:
            return RefereeProblem(CELL_UNIDENTIFIED, f"{where}: its markers are covered and "
                                                     "too many tiles' prints fit its art "
                                                     f"({_likeliest(best, rivals)}): uncover a "
                                                     "marker", cell, point)
        if rival.tile in seen:
            looks = (f"looks like {rival.tile}" if outcome == "lost" else
                     f"is {_name(best)} or, more like it, {_name(rival)}")
            return RefereeProblem(CELL_UNIDENTIFIED, f"{where}: its markers are covered and its "
                                                     f"art {looks}, which was read elsewhere "
                                                     "by its markers: uncover it", cell, point)
        if outcome == "tie" or rival.tile not in unseen:
            return RefereeProblem(CELL_UNIDENTIFIED, f"{where}: its markers are covered; its art "
                                                     f"is {_name(best)} or {_name(rival)}: "
                                                     "uncover a marker", cell, point)
        # A rival the correlation ranked lower beats the best where their prints differ
        # (it ranks colours weakly): it takes the best's place, found finely where the
        # best lies, and must clear every test in its turn.
        best = refine(image, scale, grid, ArtMatch(rival.tile, rival.rot, best.centre,
                                                   best.angle - best.rot + rival.rot, 0.0))
        if not _acceptable(best, reference):
            break
    return RefereeProblem(CELL_UNIDENTIFIED, f"{where}: a tile whose markers are covered, "
                                             f"told from its art neither as {best.tile} nor "
                                             "as another: uncover it", cell, point)


def usurper_or_first(outcomes: Iterator[tuple[ArtMatch, str]], unseen: list[str],
                     seen: set[str]) -> tuple[ArtMatch | None, str]:
    """(None, "won") if the best beats every rival; else the first rival it does not beat,
    unless a later rival of those not yet seen beats it clearly ("lost"): then that one.
    Two tiles that tie may both lose to a third whose print the photo shows (benchmark
    seed 1 photo 302: Y04 and Y05 tie where a blurred wing lies on the corridor, and Y06,
    the tile with that wing, beats both), so a tie ends nothing while a rival is left."""
    first: tuple[ArtMatch | None, str] = (None, "won")
    for rival, outcome in outcomes:
        if outcome == "won":
            continue
        if first[0] is None:
            first = (rival, outcome)
            if outcome == "lost" or rival.tile in seen:
                return first
        elif outcome == "lost" and rival.tile in unseen and rival.tile not in seen:
            return rival, outcome
    return first


def _acceptable(best: ArtMatch, reference: float) -> bool:
    return best.score >= ACCEPT_SCORE and best.score >= ACCEPT_RELATIVE * reference


def _unveiled(image: np.ndarray, scale: float, grid: Grid, found: list[ArtMatch]
              ) -> list[ArtMatch]:
    """`found` judged on what is not covered (occlusion.unveiled), best first: those at
    most MAX_COVERED covered (more, and too little is left to tell tiles apart)."""
    out = []
    for m in found:
        judged, share = unveiled(image, scale, grid, m)
        if share <= MAX_COVERED:
            out.append(judged)
    return sorted(out, key=lambda m: -m.score)


def rivals_of(best: ArtMatch, found: list[ArtMatch], only: set[str] | None = None,
              unseen: set[str] | None = None) -> list[ArtMatch]:
    """The other candidates near the best by correlation (further behind, their
    corridors or colours differ over much of the tile), every look-alike, and the tiles
    one corridor apart among those `unseen` (a tile placed elsewhere is no candidate), closest
    first (a tie ends the contest soonest); `only` these tiles' if given (no other tile
    can lie there)."""
    rivals = [m for m in found if m.score >= best.score - RIVAL_GAP
              and (m.tile, m.rot) != (best.tile, best.rot)]
    have = {(m.tile, m.rot) for m in rivals} | {(best.tile, best.rot)}
    tile = tiles_by_id()[best.tile]
    apart = [(t, r) for t, r in one_corridor_apart(tile, best.rot)
             if unseen is None or t in unseen]
    for tile_id, rot in look_alikes(tile, best.rot) + apart:
        if only is not None and tile_id not in only:
            continue
        if (tile_id, rot) not in have:
            # (its pose is the best's: `votes` compares both where the best lies)
            rivals.append(ArtMatch(tile_id, rot, best.centre, best.angle - best.rot + rot,
                                   0.0))
    return sorted(rivals, key=lambda m: -m.score)


def _contest(image: np.ndarray, scale: float, grid: Grid, best: ArtMatch,
             rivals: list[ArtMatch], seen: set[str] = frozenset(), sigma: float | None = None,
             votes: FullVotes | None = None) -> tuple[ArtMatch | None, str]:
    """(None, "won") if the best beats every rival where their prints differ; else the
    first rival that beats it ("lost") or that it cannot beat ("tie"). A rival `seen`
    (read elsewhere by its markers) is no candidate here (the tile is one of those
    not yet seen); it wins only where the art says so clearly (art and markers
    disagree), and the art must not lean to it."""
    for rival, outcome in _contests(image, scale, grid, best, rivals, seen, sigma,
                                    votes=votes):
        if outcome != "won":
            return rival, outcome
    return None, "won"


def _contests(image: np.ndarray, scale: float, grid: Grid, best: ArtMatch,
              rivals: list[ArtMatch], seen: set[str] = frozenset(),
              sigma: float | None = None, colour: str | None = None,
              votes: FullVotes | None = None) -> Iterator[tuple[ArtMatch, str]]:
    """Each rival and how the best fares against it ("won", "lost", "tie"), in turn (the
    photo where the best lies compared once). `colour`: the tile's colour as its walls'
    tint tells it (tints.TableTints), if it does. `votes`: the cell's full votes left."""
    comparison = comparison_of(image, scale, grid, best, sigma)
    tiles = tiles_by_id()
    for rival in rivals:
        if colour is not None and tiles[best.tile].colour == colour != tiles[rival.tile].colour:
            # the walls are the best's colour, not the rival's
            yield rival, "won"
            continue
        if _clearly_worse(image, scale, grid, best, rival):
            yield rival, "won"
            continue
        outcome = _outcome(comparison, best, rival, seen, votes)
        if outcome == "won" and _posed_apart(best, rival) and (
                rival.score > best.score - POSED_APART_MARGIN):
            # a rival with other corridors lies where they fit the photo best, not where
            # the best's do, and the votes at the best's pose are not fair to it: it loses
            # only by a clear margin of correlation, each at its own pose (benchmark seed 1
            # photo 134: a finger on R07; R05 turned 270, 12 mm off the cell, scored 0.55
            # against R07's 0.49 on the cell, and beat it at R05's pose)
            outcome = "tie"
        yield rival, outcome


def _clearly_worse(image: np.ndarray, scale: float, grid: Grid, best: ArtMatch,
                   rival: ArtMatch) -> bool:
    """Whether a rival the search found (other corridors) explains the cell clearly worse
    than the best, both where it fits best and where the best lies: no vote needed. A
    look-alike or a tile one corridor apart (added unsearched, score 0) is always voted on:
    a finger on the one part where they differ leans the correlation to either, and only
    the votes see it covered (benchmark seed 1 photo 42, classic: B01 or B16)."""
    if (best.covered > 0 or rival.score <= 0.0
            or rival.score > best.score - CLEARLY_WORSE):
        return False
    at_best = replace(rival, centre=best.centre, angle=best.angle - best.rot + rival.rot)
    return score_at(image, scale, grid, at_best) <= best.score - CLEARLY_WORSE


def _posed_apart(a: ArtMatch, b: ArtMatch) -> bool:
    """Whether `b` lies elsewhere than `a` (not `a`'s look-alike at `a`'s pose)."""
    shift = math.hypot(a.centre[0] - b.centre[0], a.centre[1] - b.centre[1])
    turn = abs(((a.angle - a.rot) - (b.angle - b.rot) + 180.0) % 360.0 - 180.0)
    return shift > POSE_APART_MM or turn > POSE_APART_DEG


def _in_colour(image: np.ndarray, scale: float, grid: Grid, found: list[ArtMatch],
               colour: str, allowed: set[str]) -> list[ArtMatch]:
    """`found`'s designs in `colour` (those `allowed`), refined where each lay, best
    first."""
    out: dict[tuple[str, int], ArtMatch] = {}
    for m in found:
        twin = _twin(m.tile, colour)
        if twin is None or twin not in allowed or (twin, m.rot) in out:
            continue
        out[(twin, m.rot)] = m if twin == m.tile else refine(
            image, scale, grid, replace(m, tile=twin, score=0.0))
    return sorted(out.values(), key=lambda m: -m.score)


def _twin(tile_id: str, colour: str | None) -> str | None:
    """The tile of `tile_id`'s design in `colour` (None: none, or the Minotaur)."""
    tiles = tiles_by_id()
    design = tiles[tile_id].design
    if colour is None or tiles[tile_id].colour is None:
        return None
    return next((t.id for t in tiles.values() if t.colour == colour and t.design == design),
                None)


def _outcome(comparison: Comparison, best: ArtMatch, rival: ArtMatch, seen: set[str],
             votes: FullVotes | None = None) -> str:
    if comparison.clearly_best(rival, CLEAR_VOTES):
        return "won"
    if votes is not None and not votes.take():
        return "tie"
    maps = comparison.maps(rival)
    if maps is None:
        return "tie"
    won, lost = int(maps.like_a.sum()), int(maps.like_b.sum())
    px = won + lost + int(maps.covered.sum())
    if won >= max(VOTES, VOTE_RATIO * lost) and won >= SEEN * px:
        return "won"
    if lost >= max(VOTES, VOTE_RATIO * won) and lost >= SEEN * px:
        return "lost"
    if rival.tile in seen and won >= lost:
        return "won"
    tiles = tiles_by_id()
    if tiles[rival.tile].design == tiles[best.tile].design and rival.rot == best.rot:
        # the same design in another colour: its walls' tint, in the median
        near_a, near_b, count = maps.tint()
        if count >= TINT_PX and near_a <= TINT_SHARE * (near_a + near_b):
            return "won"
        if count >= TINT_PX and near_b <= TINT_SHARE * (near_a + near_b):
            return "lost"
    return "tie"


def _contest_softer_or_sharper(image: np.ndarray, scale: float, grid: Grid, best: ArtMatch,
                               rivals: list[ArtMatch], seen: set[str],
                               first: tuple[ArtMatch, str], votes: FullVotes | None = None
                               ) -> tuple[ArtMatch | None, str]:
    """A tie with a look-alike read elsewhere by its markers (so most likely not here):
    the contest again with the photo judged one step softer and one sharper. The photo's
    softness is a fit over the whole cell, and a thin print (a wing's lines) is judged
    like neither print when it is off by a step (a sharp 12 MP photo judged soft,
    Y06's wing then tied with Y04's plain corridor). The best wins only if it wins
    at one of them and loses at neither."""
    sigma = softness(image, scale, grid, best)
    outcomes = [_contest(image, scale, grid, best, rivals, seen, s, votes)
                for s in SOFTNESS if s != sigma and abs(s - sigma) <= 1.0]
    if (any(o == "lost" for _, o in outcomes) or not any(o == "won" for _, o in outcomes)
            or (votes is not None and votes.out)):
        return first              # (a contest cut short by the votes left loses nothing)
    return None, "won"


def _likeliest(best: ArtMatch, rivals: list[ArtMatch], shown: int = 3) -> str:
    """The best and the closest rivals of other tiles, so the player knows which to check."""
    named = [best]
    for rival in rivals:
        if len(named) < shown and all(rival.tile != m.tile for m in named):
            named.append(rival)
    return "most like " + ", then ".join(_name(m) for m in named)


def _name(m: ArtMatch) -> str:
    return f"{m.tile} turned {m.rot}" if m.rot else m.tile


def _pose_problem(grid: Grid, pose: TilePose) -> RefereeProblem | None:
    if not pose.ambiguous:
        return None
    dx, dy = pose.offset
    return RefereeProblem(TILE_AMBIGUOUS, f"{pose.tile} (known by its art, its markers "
                                          f"covered) lies between cells ({dx:+.0f},{dy:+.0f} "
                                          f"mm off, turned {pose.skew:+.0f} degrees): push it "
                                          "onto its cell", pose.cell, grid.cell_point(pose.cell))

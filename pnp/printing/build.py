"""`pnp build`: from options to a finished PDF. Validates, places, draws.

Game-neutral: the request carries the game's printing part (`GamePrinting`), which the
caller (the CLI) found through the registry.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING

from pnp.printing.context import DrawContext
from pnp.printing.game import page_component
from pnp.printing.pdf import BuildResult, Progress, write_pdf
from pnp.printing.placement import (
    DUPLEX_MODES,
    Furniture,
    Options,
    Page,
    Paper,
    furniture,
    papers,
    place,
)

if TYPE_CHECKING:
    from pnp.printing.game import GamePrinting

MAX_BLEED = 5.0
MAX_BACK_OFFSET = 10.0


class BuildError(ValueError):
    """Options that cannot make a PDF; the message is one line naming the valid choices."""


@dataclass(frozen=True)
class BuildRequest:
    """A build's options, as the CLI reads them, with the game's printing part."""
    game: str
    edition: str | None = None
    paper: str = "a4"
    bleed: float = 2.0
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    ink_saver: bool = False
    crop_marks: bool = True
    printing: GamePrinting | None = None    # the game's part; see `game_printing`
    cut_files: bool = False     # an SVG of the cut paths beside the PDF, per sheet
    cut_marks: bool = False     # print-and-cut registration marks (needs cut_files)
    # The pieces' machine-mark design by name (`--marks`; Asterion: "classic" or
    # "discreet"); None: the one the game's layout prints.
    marks: str | None = None


def game_printing(request: BuildRequest) -> GamePrinting:
    """The request's printing part (the caller finds it: shared code never asks the
    registry)."""
    if request.printing is None:
        raise BuildError(f"no printing part given for {request.game!r}")
    return request.printing


def validate_request(request: BuildRequest) -> tuple[str | None, Options]:
    printing = game_printing(request)
    edition = request.edition or printing.default_edition
    if edition not in printing.editions and (edition is not None or printing.editions):
        raise BuildError(f"unknown edition {edition!r} for {printing.name} "
                         f"(choose from: {', '.join(printing.editions) or 'none'})")
    if request.paper not in papers():
        raise BuildError(f"unknown paper {request.paper!r} (choose from: {', '.join(papers())})")
    if request.duplex not in DUPLEX_MODES:
        raise BuildError(f"unknown duplex mode {request.duplex!r} "
                         f"(choose from: {', '.join(DUPLEX_MODES)})")
    if not 0 <= request.bleed <= MAX_BLEED:
        raise BuildError(f"bleed must be between 0 and {MAX_BLEED:g} mm, not {request.bleed:g}")
    if any(abs(v) > MAX_BACK_OFFSET for v in request.back_offset):
        raise BuildError(f"back offset must be within ±{MAX_BACK_OFFSET:g} mm on each axis")
    if request.marks is not None and request.marks not in printing.mark_designs:
        raise BuildError(
            f"unknown marks {request.marks!r} for {printing.name} (choose from: "
            f"{', '.join(printing.mark_designs)})" if printing.mark_designs else
            f"{printing.name} has one print of its machine marks: drop --marks")
    if request.cut_marks and not request.cut_files:
        raise BuildError("--cut-marks needs --cut-files: the marks align a cutter with "
                         "the cut files")
    paper = papers()[request.paper]
    page_furniture = _marks_reserved(paper) if request.cut_marks else furniture()
    options = Options(paper, request.bleed, request.duplex, request.back_offset,
                      request.crop_marks, page_furniture, request.cut_marks)
    return edition, options


def _marks_reserved(paper: Paper) -> Furniture:
    """The page furniture with room for print-and-cut registration marks (the cut files'
    module loads only for a build that has them)."""
    from pnp.printing.cuts import MARKS

    if not MARKS.fits(paper):
        raise BuildError(f"{paper.name} paper is too small for registration marks: they "
                         f"keep {MARKS.inset + MARKS.length + MARKS.clear:g} mm free in "
                         f"three corners")
    return MARKS.reserve(furniture())


def plan(request: BuildRequest) -> tuple[DrawContext, list[Page]]:
    """Everything but the drawing: the pure part of a build. The print check page first
    (print it first), then the game's components in its order."""
    printing = game_printing(request)
    edition, options = validate_request(request)
    components = [page_component("check", options.paper, back="check")]
    components += printing.components(edition, options)
    context = DrawContext(printing, edition, printing.style(request.ink_saver), options,
                          request.marks)
    return context, place(components, options)


def output_name(request: BuildRequest) -> str:
    printing = game_printing(request)
    edition = request.edition or printing.default_edition
    stem = f"{printing.name}-{edition}" if edition else printing.name
    # another print of the marks than the layout's is asked for by name: its own file
    return f"{stem}-{request.marks}.pdf" if request.marks else f"{stem}.pdf"


def build(request: BuildRequest, out_dir: Path, progress: Progress | None = None) -> BuildResult:
    context, pages = plan(request)
    if request.cut_files:
        from pnp.printing.cuts import check_cuts

        check_cuts(pages)
    result = write_pdf(pages, context, out_dir / output_name(request), progress)
    if request.cut_files:
        from pnp.printing.cutfile import write_cut_files

        result = replace(result, cut_files=write_cut_files(pages, context, result.path))
    return result

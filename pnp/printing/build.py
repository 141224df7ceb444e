"""`pnp build`: from options to a finished PDF. Validates, places, draws."""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from pnp.games import GAMES
from pnp.printing.asterion_components import asterion_components
from pnp.printing.context import DrawContext
from pnp.printing.pdf import BuildResult, Progress, write_pdf
from pnp.printing.placement import DUPLEX_MODES, Options, Page, furniture, papers, place
from pnp.printing.style import asterion_style

MAX_BLEED = 5.0
MAX_BACK_OFFSET = 10.0


class BuildError(ValueError):
    """Options that cannot make a PDF; the message is one line naming the valid choices."""


@dataclass(frozen=True)
class BuildRequest:
    game: str
    edition: str | None = None
    paper: str = "a4"
    bleed: float = 2.0
    duplex: str = "long"
    back_offset: tuple[float, float] = (0.0, 0.0)
    ink_saver: bool = False
    crop_marks: bool = True


def validate_request(request: BuildRequest) -> tuple[str, Options]:
    if request.game not in GAMES:
        raise BuildError(f"unknown game {request.game!r} (choose from: {', '.join(GAMES)})")
    info = GAMES[request.game]
    edition = request.edition or info.default_edition
    if edition not in info.editions:
        raise BuildError(f"unknown edition {edition!r} for {request.game} "
                         f"(choose from: {', '.join(info.editions)})")
    if request.paper not in papers():
        raise BuildError(f"unknown paper {request.paper!r} (choose from: {', '.join(papers())})")
    if request.duplex not in DUPLEX_MODES:
        raise BuildError(f"unknown duplex mode {request.duplex!r} "
                         f"(choose from: {', '.join(DUPLEX_MODES)})")
    if not 0 <= request.bleed <= MAX_BLEED:
        raise BuildError(f"bleed must be between 0 and {MAX_BLEED:g} mm, not {request.bleed:g}")
    if any(abs(v) > MAX_BACK_OFFSET for v in request.back_offset):
        raise BuildError(f"back offset must be within ±{MAX_BACK_OFFSET:g} mm on each axis")
    options = Options(papers()[request.paper], request.bleed, request.duplex,
                      request.back_offset, request.crop_marks, furniture())
    return edition, options


def plan(request: BuildRequest) -> tuple[DrawContext, list[Page]]:
    """Everything but the drawing: the pure part of a build."""
    edition, options = validate_request(request)
    components = asterion_components(edition, options.paper, options.bleed, options.furniture)
    context = DrawContext(request.game, edition, asterion_style(request.ink_saver), options)
    return context, place(components, options)


def output_name(request: BuildRequest) -> str:
    edition = request.edition or GAMES[request.game].default_edition
    return f"{request.game}-{edition}.pdf"


def build(request: BuildRequest, out_dir: Path, progress: Progress | None = None) -> BuildResult:
    context, pages = plan(request)
    return write_pdf(pages, context, out_dir / output_name(request), progress)

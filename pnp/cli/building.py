"""What `pnp build` and `pnp export` do once their options are read, without Typer: a build
whose command line is plain runs from here without loading it (`pnp.cli.plain_args`)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from pnp import inputs
from pnp.cli.errors import CliError, echo_lines, option

Progress = Callable[[int, int], None]


def parse_offset(value: str) -> tuple[float, float]:
    """'X,Y' in mm, e.g. '0.5,-1'."""
    parts = value.split(",")
    if len(parts) != 2:
        raise CliError(f"--back-offset must be X,Y in mm (e.g. 0.5,-1), not "
                       f"{inputs.quote(value)}")
    return (option(inputs.finite_float, parts[0].strip(), "--back-offset X"),
            option(inputs.finite_float, parts[1].strip(), "--back-offset Y"))


@contextmanager
def progress_display(label: str) -> Iterator[Progress]:
    """A progress bar on the terminal (stderr); silent when stderr is not a terminal."""
    if not sys.stderr.isatty():
        yield lambda done, total: None
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    bar = Progress(TextColumn("{task.description}"), BarColumn(), MofNCompleteColumn(),
                   console=Console(stderr=True), transient=True)
    with bar:
        task = bar.add_task(label, total=None)

        def update(done: int, total: int) -> None:
            bar.update(task, completed=done, total=total)

        yield update


def build_request(game: str, edition: str | None, paper: str, bleed: float, duplex: str,
                  back_offset: str, ink_saver: bool, crop_marks: bool, cut_files: bool = False,
                  cut_marks: bool = False, marks: str | None = None):
    """The checked `BuildRequest` of these options (a CliError naming a bad one)."""
    from pnp.games import UnknownGame, part
    from pnp.printing.build import BuildError, BuildRequest, validate_request

    try:
        printing = part(game, "printing")
    except UnknownGame as exc:
        raise CliError(str(exc)) from None
    bleed = option(inputs.finite_float, bleed, "--bleed")
    request = BuildRequest(game, edition, paper.lower(), bleed, duplex.lower(),
                           parse_offset(back_offset), ink_saver, crop_marks, printing,
                           cut_files, cut_marks, None if marks is None else marks.lower())
    try:
        validate_request(request)
    except BuildError as exc:
        raise CliError(str(exc)) from None
    return request


def build(game: str, edition: str | None, paper: str, out: Path, bleed: float, duplex: str,
          back_offset: str, ink_saver: bool, crop_marks: bool, cut_files: bool,
          cut_marks: bool, marks: str | None) -> None:
    """`pnp build`: the PDF (and cut files), then what was written."""
    from pnp.printing.build import build as run_build
    from pnp.printing.placement import PlacementError

    request = build_request(game, edition, paper, bleed, duplex, back_offset, ink_saver,
                            crop_marks, cut_files, cut_marks, marks)
    try:
        with progress_display("drawing pages") as progress:
            result = run_build(request, out, progress)
    except PlacementError as exc:
        raise CliError(str(exc)) from None
    except OSError as exc:
        raise CliError(f"cannot write to {out}: {exc.strerror or exc}") from None
    echo_lines(build_lines(result, cut_files))


def counted(n: int, word: str) -> str:
    """"1 cut file", "2 cut files": a count and its noun, singular for one."""
    return f"{n} {word}{'' if n == 1 else 's'}"


def build_lines(result: Any, cut_files: bool) -> list[str]:
    """What `pnp build` wrote, for people: every kind the game printed, but the pages about
    the game (check page, player aid); a board counts once, "in N pieces"."""
    kinds = {k: n for k, n in result.components.items() if k not in ("check", "aid")}
    parts = [f"1 board in {counted(n, 'piece')}" if kind == "board" else counted(n, kind)
             for kind, n in kinds.items()]
    pieces = sum(1 if kind == "board" else n for kind, n in kinds.items())
    lines = [f"wrote {result.path}: {counted(result.pages, 'page')} "
             f"({counted(result.sheets, 'sheet')}), {counted(pieces, 'component')} "
             f"({', '.join(parts)})"]
    if cut_files:
        lines.append(f"wrote {counted(len(result.cut_files), 'cut file')} beside it, one per "
                     f"sheet with pieces ({result.path.stem}-sheet-NN-cut.svg)")
    return lines

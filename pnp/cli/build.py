"""`pnp games`, `pnp build`, `pnp export`: printable sheets and component images."""

from __future__ import annotations

from pathlib import Path

import typer

from pnp.cli import building
from pnp.cli.building import progress_display
from pnp.cli.errors import CliError, echo_lines
from pnp.cli.root import app
from pnp.games import GAMES


@app.command("games")
def games() -> None:
    """List the games, their editions, and what pnp can do for each."""
    for game in GAMES.values():
        can = [cmd for part, cmds in (("printing", "build, export"),
                                      ("commands", "score, check, simulate, pieces"),
                                      ("referee", "referee")) if getattr(game, part)
               for cmd in [cmds]]
        editions = (f"editions {', '.join(game.editions)} (default {game.default_edition}); "
                    if game.editions else "")
        typer.echo(f"{game.name} ({game.title}): {editions}{', '.join(can) or 'nothing yet'}")


GAME_HELP = "Game to print (see `pnp games`)."
EDITION_HELP = "Edition (" + "; ".join(
    f"{g.name}: {' or '.join(g.editions)}, default {g.default_edition}"
    for g in GAMES.values() if g.editions) + ")."
MARKS_HELP = ("Asterion's machine marks: discreet (the default: one small mark a tile, "
              "4.8 % of its face) or classic (two large marks a tile, the older print).")


@app.command("build")
def build(
    game: str = typer.Argument(..., help=GAME_HELP),
    edition: str | None = typer.Option(None, "--edition", "-e", help=EDITION_HELP),
    paper: str = typer.Option("a4", "--paper", help="Paper size: a4, letter or a3."),
    out: Path = typer.Option(Path("output"), "--out", help="Folder for the PDF."),
    bleed: float = typer.Option(2.0, "--bleed", help="Art past each cut line, in mm (0-5)."),
    duplex: str = typer.Option("long", "--duplex",
                               help="long or short: backs on the reverse pages, aligned for "
                                    "that flip; none: backs on their own pages, to glue on."),
    back_offset: str = typer.Option("0,0", "--back-offset", metavar="X,Y",
                                    help="Shift every back by X,Y mm (right, down as seen on "
                                         "the back), for a printer that misaligns the back "
                                         "side; the print-check page measures it."),
    ink_saver: bool = typer.Option(False, "--ink-saver", help="Light fills, same shapes."),
    crop_marks: bool = typer.Option(True, "--crop-marks/--no-crop-marks",
                                    help="Crop marks on every cut line, outside the pieces."),
    cut_files: bool = typer.Option(False, "--cut-files",
                                   help="Also write an SVG of the cut paths of every sheet, "
                                        "for a cutting machine (red: cut, blue: score)."),
    cut_marks: bool = typer.Option(False, "--cut-marks",
                                   help="Print-and-cut registration marks on the cut sheets "
                                        "and in their SVGs (with --cut-files)."),
    marks: str | None = typer.Option(None, "--marks", help=MARKS_HELP),
) -> None:
    """Write a printable PDF with every piece of a game to OUT/<game>-<edition>.pdf."""
    building.build(game, edition, paper, out, bleed, duplex, back_offset, ink_saver,
                   crop_marks, cut_files, cut_marks, marks)


@app.command("export")
def export(
    game: str = typer.Argument(..., help=GAME_HELP),
    edition: str | None = typer.Option(None, "--edition", "-e", help=EDITION_HELP),
    dpi: int | None = typer.Option(None, "--dpi",
                                   help="Resolution of the PNGs (36-1200, default 200; "
                                        "150 with --tts)."),
    svg: bool = typer.Option(False, "--svg",
                             help="SVG faces instead of PNGs: vector art and editable text "
                                  "in mm (for Inkscape), drawn by the PDF's drawing code."),
    out: Path = typer.Option(Path("output/export"), "--out", help="Folder for the faces."),
    ink_saver: bool = typer.Option(False, "--ink-saver", help="Light fills, same shapes."),
    marks: str | None = typer.Option(None, "--marks", help=MARKS_HELP),
    tts: bool = typer.Option(False, "--tts",
                             help="A Tabletop Simulator saved object instead: <game>.json "
                                  "with the table laid out for the start, its images, a "
                                  "thumbnail and README.txt (PNGs at 150 dpi by default)."),
    url_base: str | None = typer.Option(None, "--url-base", metavar="URL",
                                        help="With --tts: the web address the images will "
                                             "be hosted under (local paths otherwise)."),
) -> None:
    """Write one PNG (or SVG) per component face and a manifest.json (to edit in Inkscape,
    or to build on), or with --tts a Tabletop Simulator saved object."""
    from pnp.printing.export import ExportError
    from pnp.printing.export import export as run_export

    if svg and dpi is not None:
        raise CliError("--dpi is for PNGs: SVG faces are vectors, in mm (drop --dpi or --svg)")
    if tts or url_base is not None:
        export_tts(game, edition, dpi, svg, out, ink_saver, marks, tts, url_base)
        return
    dpi = 200 if dpi is None else dpi
    request = building.build_request(game, edition, "a4", 0.0, "long", "0,0", ink_saver,
                                     False, marks=marks)
    try:
        with progress_display("drawing faces" if svg else "rendering faces") as progress:
            result = run_export(request, out, dpi, progress, svg=svg)
    except ExportError as exc:
        raise CliError(str(exc)) from None
    except OSError as exc:
        raise CliError(f"cannot write to {out}: {exc.strerror or exc}") from None
    what = "as SVG (mm)" if svg else f"at {dpi} dpi"
    lines = [f"wrote {result.files} files to {result.folder}: {result.components} "
             f"components {what} (manifest.json lists them)"]
    from pnp.printing.export import MAX_FACE_PIXELS

    lines += [f"{name} at {used} dpi: a face has at most {MAX_FACE_PIXELS // 1_000_000} MP"
              for name, used in result.reduced.items()]
    echo_lines(lines)


def export_tts(game: str, edition: str | None, dpi: int | None, svg: bool, out: Path,
               ink_saver: bool, marks: str | None, tts: bool, url_base: str | None) -> None:
    """`pnp export GAME --tts`: the game's Tabletop Simulator set-up from the registry."""
    from pnp.games import UnknownGame, part
    from pnp.printing.export import ExportError
    from pnp.printing.tts.export import DEFAULT_DPI
    from pnp.printing.tts.export import export_tts as run_tts

    if not tts:
        raise CliError("--url-base is for --tts (the images' web address in the saved object)")
    if svg:
        raise CliError("--svg and --tts do not go together: TTS takes PNG images")
    request = building.build_request(game, edition, "a4", 0.0, "long", "0,0", ink_saver,
                                     False, marks=marks)
    try:
        setup = part(game, "tts")
        with progress_display("rendering faces") as progress:
            result = run_tts(request, out, setup, DEFAULT_DPI if dpi is None else dpi,
                             url_base, progress)
    except (UnknownGame, ExportError) as exc:
        raise CliError(str(exc)) from None
    except OSError as exc:
        raise CliError(f"cannot write to {out}: {exc.strerror or exc}") from None
    echo_lines([f"wrote {result.files} files to {result.folder}: {result.save} with "
                f"{result.pieces} pieces in {result.objects} objects on the table "
                "(README.txt says where to put them)"])

"""`pnp referee GAME PHOTO`: score a finished table from one photo, for every game with a
referee (found through the registry). The Typer command: its work, and a plain command
line's path that skips Typer, are in `pnp.cli.refereeing`."""

from __future__ import annotations

from pathlib import Path

import typer

from pnp.cli import refereeing
from pnp.cli.options import GIVEN, game_command
from pnp.cli.root import app
from pnp.cli.rules import GAME_HELP


@app.command("referee", cls=game_command("referee", refereeing.offers))
def referee_command(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=GAME_HELP),
    photo: Path = typer.Argument(..., metavar="PHOTO",
                                 help="JPEG, PNG or HEIC photo of the finished table."),
    as_json: bool = typer.Option(False, "--json", help="JSON with a detection section."),
    overlay: Path | None = typer.Option(None, "--overlay", metavar="OUT.png",
                                        help="Write the photo with what was seen drawn on it "
                                             "(.png or .jpg)."),
    save_state: Path | None = typer.Option(None, "--save-state", "--save-table",
                                           metavar="STATE.json",
                                           help="Write what was seen as the state file that "
                                                "`pnp score` reads."),
    partial: bool = typer.Option(False, "--partial",
                                 help="Print the score even when the referee is not sure."),
) -> None:
    """Score a finished table from one photo; exit 3 (and no score) when anything is unsure.
    The rules' questions of `pnp check` (--check TARGET, --disturb NODE, ...) are answered
    on the table seen."""
    refereeing.referee(game, photo, as_json, overlay, save_state, partial,
                       ctx.meta.get(GIVEN, {}))

"""`pnp games`, `pnp build`, `pnp export`: printable sheets and component images."""

from __future__ import annotations

import typer

from pnp.cli import app
from pnp.games import GAMES


@app.command("games")
def games() -> None:
    """List the games and editions pnp can print."""
    for game in GAMES.values():
        editions = ", ".join(game.editions)
        typer.echo(f"{game.name}: editions {editions} (default {game.default_edition})")

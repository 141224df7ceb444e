"""`pnp referee asterion PHOTO`: score a finished table from one photo.

Exit codes: 0 the referee is sure and prints the score; 3 it is not sure (it lists every
problem, still writes the overlay, and prints a score only with --partial); 2 bad input
(not an image, no tiles in it, bad options). Thin: the seeing is in `referee/`.
"""

from __future__ import annotations

from pathlib import Path

import typer

from pnp import fileio, inputs
from pnp.cli import app
from pnp.cli.errors import UNSURE, CliError, choice, dumps, echo_lines, option
from pnp.cli.outputs import check_outputs
from pnp.cli.rules import GAME_HELP
from pnp.rules.asterion import COLOURS, EDITIONS, TableError, check, check_text
from pnp.rules.asterion.commands import score_lines
from pnp.rules.asterion.table import MAX_KILL_POINTS
from pnp.rules.asterion.tiles import colour_letter

GAMES = ("asterion",)


def parse_players(text: str | None) -> list[str] | None:
    if text is None:
        return None
    players = [_colour(p) for p in text.split(",") if p.strip()]
    if not 2 <= len(players) <= 4 or len(set(players)) != len(players):
        raise CliError(f"--players must name 2 to 4 different colours, not {text!r}")
    return players


def parse_kill_points(text: str | None) -> dict[str, int] | None:
    """`yellow=3,blue=-1` (colour names or letters) -> {"yellow": 3, "blue": -1}."""
    if text is None:
        return None
    points: dict[str, int] = {}
    for name, value in option(inputs.pairs, text, "--kill-points"):
        colour = _colour(name)
        if colour in points:
            raise CliError(f"--kill-points: {colour} is given twice")
        points[colour] = option(inputs.bounded_int, value, f"--kill-points for {colour}",
                                -MAX_KILL_POINTS, MAX_KILL_POINTS)
    return points


def _colour(name: str) -> str:
    name = name.strip().lower()
    for colour in COLOURS:
        if name in (colour, colour_letter(colour).lower()):
            return colour
    raise CliError(f"unknown colour {inputs.quote(name)} (choose from: {', '.join(COLOURS)})")


@app.command("referee")
def referee_command(
    game: str = typer.Argument(..., help=GAME_HELP),
    photo: Path = typer.Argument(..., metavar="PHOTO",
                                 help="JPEG, PNG or HEIC photo of the finished table."),
    edition: str = typer.Option("crete", "--edition", "-e", help="crete or revised."),
    board: bool | None = typer.Option(None, "--board/--no-board",
                                      help="Played on the Crete board, or not (default: "
                                           "on the board if the photo shows its markers)."),
    players: str | None = typer.Option(None, "--players",
                                       help="Colours that played, e.g. yellow,blue "
                                            "(default: the colours on the table)."),
    kill_points: str | None = typer.Option(None, "--kill-points",
                                           help="Kill points per colour, e.g. "
                                                "yellow=3,blue=-1 (a photo cannot show them)."),
    as_json: bool = typer.Option(False, "--json", help="JSON with a detection section."),
    overlay: Path | None = typer.Option(None, "--overlay", metavar="OUT.png",
                                        help="Write the photo with what was seen drawn on it."),
    save_table: Path | None = typer.Option(None, "--save-table", metavar="TABLE.json",
                                           help="Write what was seen as a table file."),
    check_tile: str | None = typer.Option(None, "--check", metavar="TILE",
                                          help="Show one prisoner's connections, e.g. Y07."),
    partial: bool = typer.Option(False, "--partial",
                                 help="Print the score even when the referee is not sure."),
) -> None:
    """Score a finished table from one photo: escape points from the photo, kill points
    from --kill-points; exit 3 (and no score) when anything is unsure."""
    from referee.errors import RefereeError
    from referee.pipeline import referee_photo

    choice("game", game, GAMES)
    choice("edition", edition, EDITIONS)
    if board and edition != "crete":
        raise CliError(f"the {edition} edition has no board (--board is for crete)")
    chosen = parse_players(players)
    kills = parse_kill_points(kill_points)
    check_outputs(photo, {"--overlay": overlay, "--save-table": save_table},
                  {"--overlay": (".png", ".jpg", ".jpeg")})
    tile = check_tile.upper() if check_tile else None
    try:
        verdict = referee_photo(photo, edition=edition, board=board, players=chosen,
                                kill_points=kills)
    except RefereeError as exc:
        raise CliError(f"{photo}: {exc}") from None

    notes: list[str] = []
    if overlay is not None:
        from referee.overlay import draw_overlay, write_overlay

        assert verdict.photo is not None
        try:
            write_overlay(overlay, draw_overlay(verdict, verdict.photo.image,
                                                verdict.photo.scale, tile))
        except RefereeError as exc:
            raise CliError(str(exc)) from None
        notes.append(f"overlay written to {overlay}")
    table = verdict.rules_table()
    if save_table is not None:
        if table is None:
            notes.append(f"no table file written to {save_table}: nothing usable was seen")
        else:
            try:
                fileio.write_text(save_table, table.to_json())
            except OSError as exc:
                raise CliError(f"cannot write {save_table}: {exc.strerror or exc}") from None
            notes.append(f"table written to {save_table}"
                         + ("" if verdict.is_certain else " (NOT sure: check it by hand)"))

    sure = verdict.is_certain
    show_score = sure or partial
    result = verdict.score() if show_score else None
    disputed = _check(table, tile) if show_score and tile and table is not None else None

    if as_json:
        data = verdict.to_dict() if show_score else {"detection": verdict.detection()}
        if not sure and partial:
            data["partial"] = True
        if disputed is not None:
            data["check"] = disputed.to_dict()
        typer.echo(dumps(data), nl=False)
    else:
        echo_lines(_text(verdict, table, result, disputed, show_score))
    echo_lines(notes, err=True)
    if not sure:
        n = len(verdict.problems)
        raise CliError(f"the referee is not sure: {n} problem{'s' if n != 1 else ''} "
                       "(listed above); fix the table or the photo and try again",
                       code=UNSURE)


def _check(table, tile: str):
    try:
        return check(table, tile)
    except TableError as exc:
        raise CliError(*exc.lines) from None


def _text(verdict, table, result, disputed, show_score: bool) -> list[str]:
    lines: list[str] = []
    seen = len(verdict.tiles)
    dead = len(verdict.table["dead"]) if verdict.table else 0
    players = ", ".join(verdict.table["players"]) if verdict.table else "?"
    lines.append(f"seen: {seen} tile{'s' if seen != 1 else ''}, {dead} tomb"
                 f"{'s' if dead != 1 else ''}; players {players} "
                 + ("(from the colours on the table; --players to change)"
                    if verdict.players_inferred else "(from --players)"))
    on_board = bool(verdict.table and verdict.table.get("board"))
    if verdict.board_inferred:
        lines.append("on the Crete board (its markers are in the photo; --no-board to change)"
                     if on_board else "on an open table (no board markers in the photo)")
    if not verdict.is_certain:
        n = len(verdict.problems)
        lines.append(f"NOT SURE: {n} problem{'s' if n != 1 else ''}:")
        for p in verdict.problems:
            lines.append(f"  {p.code}: {p.message}")
        if not show_score:
            lines.append("no score given (--partial prints the score of what was seen, "
                         "which may be wrong)")
            return lines
        lines.append("PARTIAL SCORE of what was seen (may be wrong):")
    if result is None or table is None:
        lines.append("no score: the tiles seen do not make a table that can be scored")
        return lines
    lines += score_lines(table, result)
    lines.append("escape points: from the photo. kill points: "
                 + ("from --kill-points." if verdict.kill_points_given
                    else "none given (0 each; pass --kill-points yellow=3,... to add them)."))
    if disputed is not None:
        lines.append("")
        lines.append(check_text(disputed))
    return lines

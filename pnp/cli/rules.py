"""`pnp tiles`, `pnp score`, `pnp check`, `pnp simulate`: the rules core from the shell.

Thin: parse options, call pnp.rules, print. Bad input ends as one line per problem, exit 2.
"""

from __future__ import annotations

import json
from pathlib import Path

import typer

from pnp import fileio
from pnp.cli import app
from pnp.cli.errors import CliError, choice
from pnp.rules.asterion import (
    EDITIONS,
    ScoreResult,
    Table,
    TableError,
    check,
    check_text,
    score,
    table_from_json,
    validate,
)

GAMES = ("asterion",)
GAME_HELP = "Game (only asterion has a rules core so far)."


def _dumps(data: object) -> str:
    return json.dumps(data, indent=2, ensure_ascii=False) + "\n"


def load_table(path: Path) -> Table:
    """Read and validate a table file; every problem becomes one `error:` line (exit 2)."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        raise CliError(f"{path}: no such file") from None
    except (OSError, UnicodeDecodeError) as exc:
        raise CliError(f"{path}: cannot read it ({getattr(exc, 'strerror', None) or exc})"
                       ) from None
    try:
        table = table_from_json(text)
    except TableError as exc:
        raise CliError(*(f"{path}: {line}" for line in exc.lines)) from None
    problems = validate(table)
    if problems:
        raise CliError(*(f"{path}: {p}" for p in problems))
    return table


@app.command("tiles")
def tiles(
    game: str = typer.Argument(..., help=GAME_HELP),
    edition: str = typer.Option("crete", "--edition", "-e", help="crete or revised."),
    as_json: bool = typer.Option(False, "--json", help="Canonical JSON instead of a list."),
) -> None:
    """List a game's tiles: ports as printed, prisoners, coins, wings, horns."""
    from pnp.rules.asterion.tiles import tileset_json

    choice("game", game, GAMES)
    choice("edition", edition, EDITIONS)
    data = tileset_json(edition)
    if as_json:
        typer.echo(_dumps(data), nl=False)
        return
    typer.echo(f"asterion {edition}: {len(data['tiles'])} tiles")
    for tile in data["tiles"]:
        regions = " | ".join(
            r["ports"] + "".join(f" {n} {name}" for name, n in
                                 (("prisoner", r["prisoners"]), ("coin", r["coins"]),
                                  ("wing", r["wings"])) if n)
            + (" Asterion" if r.get("asterion") else "") for r in tile["regions"])
        typer.echo(f"{tile['id']:<4} {tile['colour'] or 'minotaur':<8} "
                   f"{'horns ' if tile['horns'] else '      '}{regions}")


@app.command("score")
def score_command(
    game: str = typer.Argument(..., help=GAME_HELP),
    table_file: Path = typer.Argument(..., metavar="TABLE.json", help="The table file."),
    as_json: bool = typer.Option(False, "--json", help="JSON instead of a table."),
    no_kill_points: bool = typer.Option(False, "--no-kill-points",
                                        help="The variant without kill points."),
) -> None:
    """Score a table: escape points, kill points, totals, escaping prisoners, winners."""
    choice("game", game, GAMES)
    table = load_table(table_file)
    if no_kill_points:
        table = Table(table.edition, table.board, table.players, table.tiles, table.dead,
                      table.kill_points, True)
    result = score(table)
    if as_json:
        typer.echo(_dumps(result.to_dict()), nl=False)
        return
    for line in score_lines(table, result):
        typer.echo(line)


def score_lines(table: Table, result: ScoreResult) -> list[str]:
    """The score table as text lines (shared by `pnp score` and `pnp referee`)."""
    fates = {s: sum(p.status == s for p in result.prisoners)
             for s in ("dead", "escaped", "trapped")}
    lines = [f"asterion {table.edition}{' with board' if table.board else ''}, "
             f"{len(table.players)} players, {len(table.tiles)} tiles: prisoners "
             f"{fates['dead']} dead, {fates['escaped']} escaping, {fates['trapped']} trapped"
             + (" (no kill points)" if table.no_kill_points else ""),
             f"{'colour':<8}{'escape':>7}{'kills':>7}{'total':>7}{'escapers':>10}"]
    for colour, s in result.players.items():
        lines.append(f"{colour:<8}{s.escape_points:>7}{s.kill_points:>7}{s.total:>7}"
                     f"{s.escapers:>10}{'  winner' if s.winner else ''}")
    if len(result.winners) > 1:
        lines.append(f"shared win: {', '.join(result.winners)} (the rules say: play again)")
    return lines


@app.command("check")
def check_command(
    game: str = typer.Argument(..., help=GAME_HELP),
    table_file: Path = typer.Argument(..., metavar="TABLE.json", help="The table file."),
    tile: str = typer.Argument(..., help="The tile whose prisoner is disputed, e.g. Y07."),
    as_json: bool = typer.Option(False, "--json", help="JSON instead of text."),
) -> None:
    """Settle a dispute: is this prisoner dead, connected to Asterion, to an exit, to how
    many coins and wings, and through which tiles."""
    choice("game", game, GAMES)
    table = load_table(table_file)
    try:
        result = check(table, tile.upper())
    except TableError as exc:
        raise CliError(*exc.lines) from None
    if as_json:
        typer.echo(_dumps(result.to_dict()), nl=False)
    else:
        typer.echo(check_text(result))


@app.command("simulate")
def simulate_command(
    game: str = typer.Argument(..., help=GAME_HELP),
    players: int = typer.Option(4, "--players", "-p", help="2, 3 or 4."),
    edition: str = typer.Option("crete", "--edition", "-e", help="crete or revised."),
    board: bool = typer.Option(False, "--board", help="Crete: play on the diamond board."),
    seed: int = typer.Option(1, "--seed", help="Same seed, same game."),
    no_kill_points: bool = typer.Option(False, "--no-kill-points",
                                        help="The variant without kill points."),
    out: Path = typer.Option(Path("output/simulate"), "--out",
                             help="Folder for table.json and log.txt."),
) -> None:
    """Play a seeded random legal game; write the final table file and the turn log."""
    from pnp.rules.asterion.game import game_log, result, simulate

    choice("game", game, GAMES)
    choice("edition", edition, EDITIONS)
    if players not in (2, 3, 4):
        raise CliError(f"--players must be 2, 3 or 4, not {players}")
    if board and edition != "crete":
        raise CliError(f"the {edition} edition has no board (--board is for crete)")
    state = simulate(seed, players, edition, board, no_kill_points)
    try:
        fileio.write_text(out / "table.json", state.table().to_json())
        fileio.write_text(out / "log.txt", game_log(state))
    except OSError as exc:
        raise CliError(f"cannot write to {out}: {exc.strerror or exc}") from None
    res = result(state)
    totals = ", ".join(f"{c} {s.total}" for c, s in res.players.items())
    won = f"winner{'s' if len(res.winners) > 1 else ''} {', '.join(res.winners)}"
    typer.echo(f"wrote {out / 'table.json'} and {out / 'log.txt'}: {state.moves} turns, "
               f"{len(state.tiles) - 1} tiles placed; {totals}; {won}")

"""`pnp score|check|simulate|pieces GAME ...` for every game.

Thin and game-neutral: the file comes in through the shared input layer (pnp.inputs), the
game's rules (pnp.rules.api.GameRules, found through the registry) read, score and settle
disputes, and this module prints. Each game's own options are its rules' data, offered
through pnp.cli.options. Bad input ends as one line per problem, exit 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from pnp import games, inputs
from pnp.cli import scoring
from pnp.cli.errors import CliError, echo_lines
from pnp.cli.options import game_command, given
from pnp.cli.outputs import check_outputs
from pnp.cli.root import app
from pnp.cli.scoring import game_commands, load_state, print_report
from pnp.rules.api import SEEDS, Report, RulesError

GAME_HELP = "Game (see `pnp games`)."


# each command offers the options the game's rules declare for it
SCORE_COMMAND = game_command("commands", lambda game: games.get_commands(game).score_options)
CHECK_COMMAND = game_command("commands", lambda game: games.get_commands(game).check_options)
SIMULATE_COMMAND = game_command("commands",
                                lambda game: games.get_commands(game).simulate_options)
PIECES_COMMAND = game_command("commands", lambda game: games.get_commands(game).pieces_options)


@app.command("score", cls=SCORE_COMMAND)
def score_command(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=GAME_HELP),
    state_file: Path = typer.Argument(..., metavar="STATE.json",
                                      help="The table or game-state file."),
    as_json: bool = typer.Option(False, "--json", help="JSON instead of a table."),
) -> None:
    """Score a table or game state: every player's points and the winners."""
    options = given(ctx, game_commands(game).score_options, game, "score")
    scoring.score(game, state_file, as_json, options)


@app.command("check", cls=CHECK_COMMAND)
def check_command(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=GAME_HELP),
    state_file: Path = typer.Argument(..., metavar="STATE.json",
                                      help="The table or game-state file."),
    as_json: bool = typer.Option(False, "--json", help="JSON instead of text."),
    overlay: Path | None = typer.Option(None, "--overlay", metavar="OUT.png",
                                        help="Also draw the answer (PNG), for a game that "
                                             "draws one: "
                                             f"{', '.join(games.game_names('diagram'))}."),
) -> None:
    """Settle a dispute at the table with the rules (what to ask depends on the game)."""
    commands, state = load_state(game, state_file)
    query = given(ctx, commands.check_options, game, "check")
    if overlay is not None:
        if games.info(game).diagram is None:
            raise CliError(f"--overlay does not apply to `pnp check {game}`")
        check_outputs(state_file, {"--overlay": overlay}, {"--overlay": (".png",)})
    try:
        report = commands.check_report(state, query)
    except RulesError as exc:
        raise CliError(*exc.lines) from None
    print_report(report, as_json)
    if overlay is not None:
        _draw_answer(game, state_file, report, query, overlay)


def _draw_answer(game: str, state_file: Path, report: Report, query: dict[str, Any],
                 overlay: Path) -> None:
    from pnp import fileio  # loaded by the commands that write: not by `pnp score`

    draw = games.part(game, "diagram")
    data = inputs.read_json(state_file)
    try:
        fileio.write_bytes(overlay, draw(data, report, query))
    except OSError as exc:
        raise CliError(f"cannot write {overlay}: {exc.strerror or exc}") from None
    echo_lines([f"picture written to {overlay}"], err=True)


@app.command("simulate", cls=SIMULATE_COMMAND)
def simulate_command(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=GAME_HELP),
    seed: int = typer.Option(1, "--seed", help="Same seed, same game."),
    out: Path = typer.Option(Path("output/simulate"), "--out",
                             help="Folder for the final state and the move log."),
) -> None:
    """Play a seeded random legal game; write the final state and the move log."""
    commands = game_commands(game)
    options = given(ctx, commands.simulate_options, game, "simulate")
    if not SEEDS[0] <= seed <= SEEDS[1]:
        raise CliError("--seed must fit in 64 bits")
    try:
        sim = commands.simulate(seed, options)
    except RulesError as exc:
        raise CliError(*exc.lines) from None
    from pnp import fileio

    try:
        for name, text in sim.files.items():
            fileio.write_text(out / name, text)
    except OSError as exc:
        raise CliError(f"cannot write to {out}: {exc.strerror or exc}") from None
    written = " and ".join(str(out / name) for name in sim.files)
    echo_lines([f"wrote {written}: {sim.summary}"])


@app.command("pieces", cls=PIECES_COMMAND)
def pieces_command(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=GAME_HELP),
    as_json: bool = typer.Option(False, "--json", help="JSON instead of a list."),
) -> None:
    """List what the game is played with, as its state files and `pnp check` name it
    (Asterion: every tile's ports, prisoners, coins, wings and horns)."""
    commands = game_commands(game)
    options = given(ctx, commands.pieces_options, game, "pieces")
    try:
        report = commands.pieces_report(**options)
    except RulesError as exc:
        raise CliError(*exc.lines) from None
    print_report(report, as_json)

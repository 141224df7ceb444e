"""`pnp score|check|simulate GAME ...` for every game, and `pnp tiles asterion`.

Thin and game-neutral: the file comes in through the shared input layer (pnp.inputs), the
game's rules (pnp.rules.api.GameRules, found through the registry) read, score and settle
disputes, and this module prints. Bad input ends as one line per problem, exit 2.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from pnp import fileio, games, inputs
from pnp.cli import app
from pnp.cli.errors import CliError, choice, dumps, echo_lines
from pnp.cli.outputs import check_outputs
from pnp.rules.api import SEEDS, Report, RulesError

GAME_HELP = "Game (see `pnp games`)."


def game_commands(game: str) -> Any:
    """The game's GameRules, or a one-line error naming the games that have rules."""
    try:
        return games.get_commands(game)
    except games.UnknownGame as exc:
        raise CliError(str(exc)) from None


def load_state(game: str, path: Path) -> tuple[Any, Any]:
    """(the game's GameRules, the validated state read from `path`)."""
    commands = game_commands(game)
    try:
        data = inputs.read_json(path)
        return commands, commands.read_state(data)
    except inputs.InputError as exc:
        raise CliError(f"{path}: {exc}") from None
    except RulesError as exc:
        raise CliError(*(f"{path}: {line}" for line in inputs.first_few(exc.lines))) from None


def print_report(report: Report, as_json: bool) -> None:
    if as_json:
        typer.echo(dumps(report.data), nl=False)
    else:
        echo_lines(report.lines)


def given_options(options: dict[str, Any], allowed: tuple[str, ...], game: str,
           command: str) -> dict[str, Any]:
    """The options the user gave; one that does not apply to the game is an error. A flag
    left off is None or False; 0 is given (`0 in (None, False)` is true in Python)."""
    given = {k: v for k, v in options.items() if v is not None and v is not False}
    for name in given:
        if name not in allowed:
            flag = "TARGET" if name == "target" else "--" + name.replace("_", "-")
            raise CliError(f"{flag} does not apply to `pnp {command} {game}`"
                           + (f" (it takes: {', '.join(_flags(allowed))})" if allowed else ""))
    return given


def _flags(names: tuple[str, ...]) -> list[str]:
    return ["TARGET" if n == "target" else "--" + n.replace("_", "-") for n in names]


@app.command("score")
def score_command(
    game: str = typer.Argument(..., help=GAME_HELP),
    state_file: Path = typer.Argument(..., metavar="STATE.json",
                                      help="The table or game-state file."),
    as_json: bool = typer.Option(False, "--json", help="JSON instead of a table."),
    no_kill_points: bool = typer.Option(False, "--no-kill-points",
                                        help="asterion: the variant without kill points."),
) -> None:
    """Score a table or game state: every player's points and the winners."""
    commands, state = load_state(game, state_file)
    options = given_options({"no_kill_points": no_kill_points},
                     getattr(commands, "score_options", ()), game, "score")
    try:
        report = commands.score_report(state, **options)
    except RulesError as exc:
        raise CliError(*exc.lines) from None
    print_report(report, as_json)


@app.command("check")
def check_command(
    game: str = typer.Argument(..., help=GAME_HELP),
    state_file: Path = typer.Argument(..., metavar="STATE.json",
                                      help="The table or game-state file."),
    target: str | None = typer.Argument(None, metavar="[TARGET]",
                                        help="asterion: the tile whose prisoner is disputed, "
                                             "e.g. Y07."),
    disturb: str | None = typer.Option(None, "--disturb", metavar="NODE",
                                       help="spider-twist: the female's reaction to a "
                                            "disturbance at NODE."),
    move: str | None = typer.Option(None, "--move", metavar="TEXT",
                                    help="constructo: is this move legal, and why."),
    tile: str | None = typer.Option(None, "--tile", metavar="Q,R",
                                    help="constructo: what stands on this tile, and the "
                                         "legal actions from or onto it."),
    hut: str | None = typer.Option(None, "--hut", metavar="COLOUR@HEX",
                                   help="assyria: is this hut supplied, may it go there."),
    well: str | None = typer.Option(None, "--well", metavar="VERTEX",
                                    help="assyria: does this vertex take a well."),
    ashur: bool = typer.Option(False, "--ashur", help="assyria: the ranking at Ashur."),
    as_json: bool = typer.Option(False, "--json", help="JSON instead of text."),
    overlay: Path | None = typer.Option(None, "--overlay", metavar="OUT.png",
                                        help="spider-twist: also draw the answer on the web "
                                             "(PNG)."),
) -> None:
    """Settle a dispute at the table with the rules (what to ask depends on the game)."""
    commands, state = load_state(game, state_file)
    query = given_options({"target": target, "disturb": disturb, "move": move, "tile": tile,
                           "hut": hut,
                           "well": well, "ashur": ashur}, commands.check_options, game,
                          "check")
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
        draw = games.part(game, "diagram")
        data = inputs.read_json(state_file)
        try:
            fileio.write_bytes(overlay, draw(data, report, query))
        except OSError as exc:
            raise CliError(f"cannot write {overlay}: {exc.strerror or exc}") from None
        echo_lines([f"picture written to {overlay}"], err=True)


@app.command("simulate")
def simulate_command(
    game: str = typer.Argument(..., help=GAME_HELP),
    players: int | None = typer.Option(None, "--players", "-p",
                                       help="How many play (asterion, assyria: 2-4)."),
    edition: str | None = typer.Option(None, "--edition", "-e",
                                       help="asterion: crete or revised."),
    board: bool = typer.Option(False, "--board", help="asterion crete: on the diamond board."),
    web: str | None = typer.Option(None, "--web", help="spider-twist: rings or spiral."),
    pattern: str | None = typer.Option(None, "--pattern",
                                       help="constructo: rhombus, triangle or spindle."),
    no_kill_points: bool = typer.Option(False, "--no-kill-points",
                                        help="asterion: the variant without kill points."),
    seed: int = typer.Option(1, "--seed", help="Same seed, same game."),
    out: Path = typer.Option(Path("output/simulate"), "--out",
                             help="Folder for the final state and the move log."),
) -> None:
    """Play a seeded random legal game; write the final state and the move log."""
    commands = game_commands(game)
    options = given_options({"players": players, "edition": edition, "board": board, "web": web,
                      "pattern": pattern, "no_kill_points": no_kill_points},
                     commands.simulate_options, game, "simulate")
    if not SEEDS[0] <= seed <= SEEDS[1]:
        raise CliError("--seed must fit in 64 bits")
    try:
        sim = commands.simulate(seed, options)
    except RulesError as exc:
        raise CliError(*exc.lines) from None
    try:
        for name, text in sim.files.items():
            fileio.write_text(out / name, text)
    except OSError as exc:
        raise CliError(f"cannot write to {out}: {exc.strerror or exc}") from None
    written = " and ".join(str(out / name) for name in sim.files)
    echo_lines([f"wrote {written}: {sim.summary}"])


@app.command("tiles")
def tiles(
    game: str = typer.Argument(..., help="asterion (the only tile game)."),
    edition: str = typer.Option("crete", "--edition", "-e", help="crete or revised."),
    as_json: bool = typer.Option(False, "--json", help="Canonical JSON instead of a list."),
) -> None:
    """List Asterion's tiles: ports as printed, prisoners, coins, wings, horns."""
    from pnp.rules.asterion import EDITIONS
    from pnp.rules.asterion.tiles import tileset_json

    choice("game", game, ("asterion",))
    choice("edition", edition, EDITIONS)
    data = tileset_json(edition)
    if as_json:
        typer.echo(dumps(data), nl=False)
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

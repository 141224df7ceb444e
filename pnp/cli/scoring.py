"""`pnp score`'s work, and what the rules commands share, without Typer: a score whose
command line is plain runs from here without loading it (`pnp.cli.plain_args`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from pnp import games, inputs
from pnp.cli.errors import CliError, dumps, echo_lines
from pnp.rules.api import Report, RulesError


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
    """The report as lines, or as JSON (ASCII: nothing for `echo_lines` to escape)."""
    echo_lines(dumps(report.data).splitlines() if as_json else report.lines)


def score(game: str, state_file: Path, as_json: bool = False,
          options: dict[str, Any] | None = None) -> None:
    """Score a table or game state: every player's points and the winners."""
    commands, state = load_state(game, state_file)
    try:
        report = commands.score_report(state, **(options or {}))
    except RulesError as exc:
        raise CliError(*exc.lines) from None
    print_report(report, as_json)

"""A game's options as a command line gave them, checked and parsed by the game's Options,
without Typer (so a plain `pnp referee` reads them without loading it): what Typer's game
commands (`pnp.cli.options`) and the plain referee path (`pnp.cli.refereeing`) share."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from pnp.cli.errors import CliError
from pnp.rules.options import Option

# name -> (the Option offered, the value as the shell gave it: None or False when left off)
GameValues = Mapping[str, tuple[Option, Any]]


def given_values(values: GameValues, options: Sequence[Option], game: str,
                 command: str) -> dict[str, Any]:
    """The game options the user gave, parsed by the game's Options: a flag left off is
    absent, `--no-board` is given, and so is "0". One that does not apply to `game` is an
    error."""
    known = {o.name: o for o in options}
    parsed_values = {}
    for name, (offered, value) in values.items():
        if value is None or (value is False and offered.kind == "flag"):
            continue
        option = known.get(name)
        if option is None:
            raise CliError(not_applicable(offered.flag, command, game, options))
        parsed_values[name] = value if isinstance(value, bool) else parsed(option, value)
    return parsed_values


def not_applicable(flag: str, command: str, game: str, takes: Sequence[Option]) -> str:
    return (f"{flag} does not apply to `pnp {command} {game}`"
            + (f" (it takes: {', '.join(o.flag for o in takes)})" if takes else ""))


def parsed(option: Option, text: str) -> Any:
    try:
        return option.value(text)
    except ValueError as exc:
        raise CliError(str(exc) or f"{option.flag}: not understood") from None

"""The per-game options of `pnp score|check|simulate|referee`, built from the registry.

Each game declares its options once, as data (pnp.rules.options.Option, on its GameRules and its
GameReferee); nothing here names a game. A command offers the options of the game named on
its command line (only that game's parts are imported), or of every game when none is named
yet (`pnp check --help`). A value is parsed by its game's Option: a bad one is one line,
exit 2, and so is an option another game takes but this one does not.

Click's classes are matched by shape, not imported: newer Typers vendor their own click.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable, Sequence
from typing import Any, ClassVar

import typer
from typer.core import TyperCommand

from pnp import games
from pnp.cli.errors import CliError
from pnp.cli.game_values import given_values, not_applicable
from pnp.rules.options import Option

GIVEN = "pnp.game_options"     # ctx.meta: {name: (merged Option, value as the shell gave it)}
Offers = Callable[[str], Sequence[Option]]


def merged(offered: dict[str, Sequence[Option]]) -> list[Option]:
    """One Option per name across games (the first game's, its help naming every game
    that takes it, grouped by help text), in the order they are first declared."""
    by_name: dict[str, list[tuple[str, Option]]] = {}
    for game, options in offered.items():
        for option in options:
            by_name.setdefault(option.name, []).append((game, option))
    out = []
    for name, takers in by_name.items():
        first = takers[0][1]
        kinds = {o.kind for _, o in takers}
        if len(kinds) > 1:
            raise TypeError(f"option {name} is declared as {' and '.join(sorted(kinds))}")
        helps: dict[str, list[str]] = {}
        for game, option in takers:
            helps.setdefault(option.help, []).append(game)
        text = " ".join(f"{', '.join(g)}: {h}" for h, g in helps.items())
        short = next((o.short for _, o in takers if o.short), "")
        out.append(Option(name, text, first.kind, metavar=first.metavar, short=short))
    return out


def click_params(options: Sequence[Option]) -> list[Any]:
    """Typer's own click parameters for `options` (so `--help` reads as for the rest),
    made from a throwaway command whose signature lists them."""
    def command(**given: Any) -> None:
        """Options."""

    command.__signature__ = inspect.Signature([  # type: ignore[attr-defined]
        inspect.Parameter(o.name, inspect.Parameter.KEYWORD_ONLY, default=_typer_default(o),
                          annotation=bool | None if o.kind == "switch" else
                          bool if o.kind == "flag" else str | None)
        for o in options])
    command.__annotations__ = {}
    scratch = typer.Typer(rich_markup_mode=None, add_completion=False)
    scratch.command()(command)
    return list(typer.main.get_command(scratch).params)


def _typer_default(option: Option) -> Any:
    flags = [option.short] if option.short else []
    if option.kind == "argument":
        return typer.Argument(None, metavar=f"[{option.flag}]", help=option.help,
                              show_default=False)
    if option.kind == "flag":
        return typer.Option(False, option.flag, *flags, help=option.help)
    if option.kind == "switch":
        return typer.Option(None, f"{option.flag}/--no-{option.flag[2:]}", *flags,
                            help=option.help, show_default=False)
    return typer.Option(None, option.flag, *flags, metavar=option.metavar or None,
                        help=option.help, show_default=False)


class GameCommand(TyperCommand):
    """A command whose game options come from the registry (see the module's docstring).
    Its callback finds their values in `ctx.meta[GIVEN]`."""

    part: ClassVar[str]            # the registry part a game needs for this command
    offers: ClassVar[Offers]       # a game's options for this command

    def parse_args(self, ctx: Any, args: list[str]) -> list[str]:
        own = getattr(self, "_own", None)
        if own is None:
            own = self._own = list(self.params)
        named = next((a for a in args if not a.startswith("-")), None)
        one = named in _games(self.part)
        chosen = [str(named)] if one else _games(self.part)
        self._game = merged({game: self.offers(game) for game in chosen})
        extra = click_params(self._game)
        positional = [p for p in own + extra if p.param_type_name == "argument"]
        self.params = positional + [p for p in extra + own if p not in positional]
        try:
            return super().parse_args(ctx, args)
        except Exception as exc:
            if one and hasattr(exc, "format_message"):     # click's UsageError
                self._refuse_another_games(exc, str(named))
            raise

    def _refuse_another_games(self, exc: Any, game: str) -> None:
        """An option (or argument) that another game takes: say it does not apply here."""
        every = merged({g: self.offers(g) for g in _games(self.part)})
        if type(exc).__name__ == "NoSuchOption":
            flag = exc.option_name
        elif "unexpected extra argument" in exc.format_message():
            flag = next((o.flag for o in every if o.kind == "argument"), "")
        else:
            return
        if flag in {o.flag for o in every}:
            raise CliError(not_applicable(flag, self.name or "", game, self._game))

    def invoke(self, ctx: Any) -> Any:
        ctx.meta[GIVEN] = {o.name: (o, ctx.params.pop(o.name, None)) for o in self._game}
        return super().invoke(ctx)


def _games(part: str) -> list[str]:
    """The games that have `part`, in the registry's order."""
    return [name for name, info in games.GAMES.items() if getattr(info, part)]


def game_command(part: str, offers: Offers) -> type[GameCommand]:
    """The command class for `app.command(cls=...)`."""
    return type("GameCommand", (GameCommand,), {"part": part, "offers": staticmethod(offers)})


def given(ctx: Any, options: Sequence[Option], game: str,
          command: str) -> dict[str, Any]:
    """The game options the user gave (`pnp.cli.game_values.given_values`)."""
    return given_values(ctx.meta.get(GIVEN, {}), options, game, command)

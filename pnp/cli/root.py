"""The Typer app of `pnp`, and which module registers each command on it: a run imports
only the module of the command it runs (all of them for the command list and for a name
it does not know).

`python -m pnp.cli.root` writes `root_help.txt`, the command list that `pnp --help`
prints without importing Typer (a test checks it against Typer's own).
"""

from __future__ import annotations

import contextlib
import importlib
import io
from collections.abc import Sequence

import typer

from pnp.cli import ROOT_HELP
from pnp.games import GAMES

# command -> the module that registers it; in the order `pnp --help` lists them
COMMAND_MODULES = {
    "games": "build", "build": "build", "export": "build",
    "score": "rules", "check": "rules", "simulate": "rules", "pieces": "rules",
    "referee": "referee",
    "serve": "serve",
}


def _about() -> str:
    """What `pnp` is, naming the registered games (so it stays true as games come)."""
    titles = [g.title for g in GAMES.values()]
    listed = " and ".join([", ".join(titles[:-1]), titles[-1]] if len(titles) > 1 else titles)
    return (f"Print-and-play sheets, rules and photo referees for {listed} "
            "(`pnp games` says what each game has).")


app = typer.Typer(
    name="pnp",
    help=_about(),
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)


@app.callback(help=_about())
def _root() -> None:
    pass


def load_commands(argv: Sequence[str] | None = None) -> typer.Typer:
    """`app` with the commands `argv` may run registered: the module of the command it
    starts with, or every module when it does not start with a known command (`--help`)."""
    first = argv[0] if argv else None
    wanted = [COMMAND_MODULES[first]] if first in COMMAND_MODULES else COMMAND_MODULES.values()
    for module in dict.fromkeys(wanted):
        importlib.import_module(f"pnp.cli.{module}")
    # Listed order whatever order the modules were first imported in (a process that
    # imported one command's module before would otherwise list it first).
    order = {name: index for index, name in enumerate(COMMAND_MODULES)}
    app.registered_commands.sort(key=lambda c: order.get(c.name or "", len(order)))
    return app


def typer_root_help() -> str:
    """What Typer itself prints for `pnp --help` (at 80 columns or more)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.suppress(SystemExit):
        load_commands()(args=["--help"], prog_name="pnp", standalone_mode=False)
    return out.getvalue()


def write_root_help() -> None:
    ROOT_HELP.write_text(typer_root_help())
    print(f"{ROOT_HELP.name} written")


if __name__ == "__main__":
    # the module the commands register on (run as a script, this file is another module)
    from pnp.cli.root import write_root_help as write

    write()

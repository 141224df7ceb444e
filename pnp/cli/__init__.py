"""The `pnp` command line. Thin: it parses options and calls the library.

Every failure a user can cause ends as one line on stderr and a non-zero exit code.
"""

from __future__ import annotations

import sys

import typer

from pnp.cli.errors import CliError

app = typer.Typer(
    name="pnp",
    help="Print-and-play sheets and a photo referee for Asterion (and soon more games).",
    add_completion=False,
    no_args_is_help=True,
    pretty_exceptions_enable=False,
    rich_markup_mode=None,
)



@app.callback()
def _root() -> None:
    """Print-and-play sheets and a photo referee for Asterion (and soon more games)."""


# Command modules register themselves on `app` when imported.
from pnp.cli import build as _build  # noqa: E402,F401
from pnp.cli import referee as _referee  # noqa: E402,F401
from pnp.cli import rules as _rules  # noqa: E402,F401


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the app, turning every user error into one line and an exit code."""
    try:
        result = app(args=argv, prog_name="pnp", standalone_mode=False)
    except CliError as exc:
        for line in exc.lines:
            print(f"error: {line}", file=sys.stderr)
        return exc.code
    except KeyboardInterrupt:
        print("error: interrupted", file=sys.stderr)
        return 130
    except Exception as exc:
        # Typer's usage errors (click's, or the copy of click newer Typers vendor): matched by
        # shape so the CLI works with either.
        name = type(exc).__name__
        if name == "NoArgsIsHelpError":
            print(exc.ctx.get_help(), file=sys.stderr)  # type: ignore[attr-defined]
            return 2
        if name == "Abort":
            print("error: aborted", file=sys.stderr)
            return 130
        if hasattr(exc, "format_message") and hasattr(exc, "exit_code"):
            print(f"error: {exc.format_message()}", file=sys.stderr)
            return int(exc.exit_code)
        raise
    return result if isinstance(result, int) else 0


def run() -> None:
    sys.exit(main())

"""`pnp referee GAME PHOTO`: score a finished table from one photo, for every game with a
referee (found through the registry).

Exit codes: 0 the referee is sure and prints the score; 3 it is not sure (it lists every
problem, still writes the overlay, and prints a score only with --partial); 2 bad input
(not an image, none of the game's markers in it, bad options). Thin and game-neutral: the
seeing is in `referee/` (referee.api's GameReferee and Verdict), the scoring and disputes in
the game's rules (pnp.rules.api's GameRules).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any

import typer

from pnp import fileio, games
from pnp.cli.errors import UNSURE, CliError, dumps, echo_lines
from pnp.cli.options import game_command, given
from pnp.cli.outputs import check_outputs
from pnp.cli.root import app
from pnp.cli.rules import GAME_HELP
from pnp.rules.api import RulesError
from pnp.rules.options import Option, names

CHECK = "check"       # how `pnp referee` spells a rules argument: --check TARGET


def _checks(game: str) -> tuple[Option, ...]:
    """The game's rules check options as `pnp referee` offers them (on the table seen)."""
    try:
        options = games.get_commands(game).check_options
    except games.UnknownGame:
        return ()
    return tuple(replace(o, name=CHECK, kind="text") if o.kind == "argument" else o
                 for o in options)


def _offers(game: str) -> tuple[Option, ...]:
    return (*games.part(game, "referee").read_options, *_checks(game))


@dataclass(frozen=True)
class Asked:
    """What the user asked of the referee: `read`'s options, the rules' check query, and
    the overlay's options (named as the CLI names them: --check, --disturb)."""

    read: dict[str, Any]
    query: dict[str, Any]
    overlay: dict[str, Any]


def _asked(ctx: typer.Context, referee: Any, game: str) -> Asked:
    values = given(ctx, _offers(game), game, "referee")
    read = {k: v for k, v in values.items() if k in names(referee.read_options)}
    checks = {k: v for k, v in values.items() if k not in read}
    try:
        arguments = [o.name for o in games.get_commands(game).check_options
                     if o.kind == "argument"]
    except games.UnknownGame:
        arguments = []
    query = {(arguments[0] if k == CHECK and arguments else k): v for k, v in checks.items()}
    overlay = {k: v for k, v in checks.items() if k in referee.overlay_options}
    return Asked(read, query, overlay)


@app.command("referee", cls=game_command("referee", _offers))
def referee_command(
    ctx: typer.Context,
    game: str = typer.Argument(..., help=GAME_HELP),
    photo: Path = typer.Argument(..., metavar="PHOTO",
                                 help="JPEG, PNG or HEIC photo of the finished table."),
    as_json: bool = typer.Option(False, "--json", help="JSON with a detection section."),
    overlay: Path | None = typer.Option(None, "--overlay", metavar="OUT.png",
                                        help="Write the photo with what was seen drawn on it "
                                             "(.png or .jpg)."),
    save_state: Path | None = typer.Option(None, "--save-state", "--save-table",
                                           metavar="STATE.json",
                                           help="Write what was seen as the state file that "
                                                "`pnp score` reads."),
    partial: bool = typer.Option(False, "--partial",
                                 help="Print the score even when the referee is not sure."),
) -> None:
    """Score a finished table from one photo; exit 3 (and no score) when anything is unsure.
    The rules' questions of `pnp check` (--check TARGET, --disturb NODE, ...) are answered
    on the table seen."""
    try:
        referee = games.part(game, "referee")
    except games.UnknownGame as exc:
        raise CliError(str(exc)) from None
    asked = _asked(ctx, referee, game)
    state = asked.read.get("state")
    check_outputs([photo] + ([Path(state)] if state else []),
                  {"--overlay": overlay, "--save-state": save_state},
                  {"--overlay": (".png", ".jpg", ".jpeg")})
    verdict = _read(referee, photo, asked.read)
    notes: list[str] = []
    if overlay is not None:
        notes.append(_write_overlay(referee, verdict, overlay, asked.overlay))
    if save_state is not None:
        notes.append(_save_state(referee, verdict, save_state))
    show_score = verdict.is_certain or partial
    disputed = (_check(games.get_commands(game), verdict, asked.query)
                if show_score and asked.query else None)
    if as_json:
        typer.echo(dumps(_json(verdict, disputed, show_score)), nl=False)
    else:
        report = verdict.score_report() if show_score else None
        echo_lines(_text(referee, verdict, report, disputed, show_score))
    echo_lines(notes, err=True)
    if not verdict.is_certain:
        n = len(verdict.problems)
        raise CliError(f"the referee is not sure: {n} problem{'s' if n != 1 else ''} "
                       "(listed above); fix the table or the photo and try again",
                       code=UNSURE)


def _read(referee: Any, photo: Path, options: dict[str, Any]) -> Any:
    from referee.errors import BadOption, RefereeError

    try:
        return referee.read(photo, **options)
    except BadOption as exc:            # seen only with the photo, but the option's fault
        raise CliError(str(exc)) from None
    except RefereeError as exc:
        raise CliError(f"{photo}: {exc}") from None


def _json(verdict: Any, disputed: Any, show_score: bool) -> dict[str, Any]:
    data: dict[str, Any] = verdict.to_dict() if show_score else {
        "detection": verdict.detection()}
    if not verdict.is_certain and show_score:
        data["partial"] = True
    if disputed is not None:
        data["check"] = disputed.data
    return data


def _write_overlay(referee: Any, verdict: Any, path: Path, options: dict[str, Any]) -> str:
    from referee.errors import RefereeError
    from referee.overlay import write_overlay

    try:
        write_overlay(path, referee.draw_overlay(verdict, **options))
    except RefereeError as exc:
        raise CliError(str(exc)) from None
    return f"overlay written to {path}"


def _save_state(referee: Any, verdict: Any, path: Path) -> str:
    from referee.errors import RefereeError

    if verdict.state is None:
        return f"no state file written to {path}: nothing usable was seen"
    try:
        text = referee.state_text(verdict)
    except RefereeError as exc:
        return f"no state file written to {path}: {exc}"
    try:
        fileio.write_text(path, text)
    except OSError as exc:
        raise CliError(f"cannot write {path}: {exc.strerror or exc}") from None
    return (f"state written to {path}"
            + ("" if verdict.is_certain else " (NOT sure: check it by hand)"))


def _check(commands: Any, verdict: Any, query: dict[str, Any]):
    state = verdict.rules_state()
    if state is None:
        return None
    try:
        return commands.check_report(state, query)
    except RulesError as exc:
        raise CliError(*exc.lines) from None


def _text(referee: Any, verdict: Any, report: Any, disputed: Any,
          show_score: bool) -> list[str]:
    lines = list(referee.summary_lines(verdict))
    if not verdict.is_certain:
        n = len(verdict.problems)
        lines.append(f"NOT SURE: {n} problem{'s' if n != 1 else ''}:")
        lines += [f"  {p.code}: {p.message}" for p in verdict.problems]
        if not show_score:
            lines.append("no score given (--partial prints the score of what was seen, "
                         "which may be wrong)")
            return lines
        lines.append("PARTIAL SCORE of what was seen (may be wrong):")
    if report is None:
        lines.append("no score: what was seen does not make a state that can be scored")
        return lines
    lines += report.lines
    lines += referee.score_notes(verdict)
    if disputed is not None:
        lines.append("")
        lines += disputed.lines
    return lines

"""`pnp referee GAME PHOTO`: score a finished table from one photo, for every game with a
referee (found through the registry).

Exit codes: 0 the referee is sure and prints the score; 3 it is not sure (it lists every
problem, still writes the overlay, and prints a score only with --partial); 2 bad input
(not an image, none of the game's markers in it, bad options). Thin and game-neutral: the
seeing is in `referee/` (referee.api's GameReferee and Verdict), the scoring and disputes in
the game's rules (pnp.rules.api's GameRules).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import typer

from pnp import fileio, games
from pnp.cli import app
from pnp.cli.errors import UNSURE, CliError, dumps, echo_lines
from pnp.cli.outputs import check_outputs
from pnp.cli.rules import GAME_HELP, given_options
from pnp.rules.api import RulesError


@app.command("referee")
def referee_command(
    game: str = typer.Argument(..., help=GAME_HELP),
    photo: Path = typer.Argument(..., metavar="PHOTO",
                                 help="JPEG, PNG or HEIC photo of the finished table."),
    edition: str | None = typer.Option(None, "--edition", "-e",
                                       help="asterion: crete or revised (default crete)."),
    board: bool | None = typer.Option(None, "--board/--no-board",
                                      help="asterion: played on the Crete board, or not "
                                           "(default: on the board if the photo shows its "
                                           "markers)."),
    players: str | None = typer.Option(None, "--players",
                                       help="Who played: asterion colours, e.g. yellow,blue "
                                            "(default: the colours on the table); assyria: "
                                            "how many."),
    kill_points: str | None = typer.Option(None, "--kill-points",
                                           help="asterion: kill points per colour, e.g. "
                                                "yellow=3,blue=-1 (a photo cannot show them)."),
    web: str | None = typer.Option(None, "--web",
                                   help="spider-twist: rings or spiral (default: the side "
                                        "the photo shows)."),
    pattern: str | None = typer.Option(None, "--pattern",
                                       help="constructo: rhombus, triangle or spindle "
                                            "(default: from the photo)."),
    turn: str | None = typer.Option(None, "--turn",
                                    help="constructo: whose turn it is (a photo cannot show "
                                         "it; default white); assyria: the turn, 1-8 (without "
                                         "--state, enough to score its income)."),
    new_wells: str | None = typer.Option(None, "--new-wells",
                                         help="assyria: wells placed this turn, e.g. "
                                              "red=H01/H02/H11 (or none)."),
    state: Path | None = typer.Option(None, "--state", metavar="STATE.json",
                                      help="assyria: what a photo cannot show (hands, "
                                           "cards), from a state file."),
    check_target: str | None = typer.Option(None, "--check", metavar="TARGET",
                                            help="asterion: show one prisoner's "
                                                 "connections, e.g. Y07."),
    disturb: str | None = typer.Option(None, "--disturb", metavar="NODE",
                                       help="spider-twist: the female's reaction to a "
                                            "disturbance at NODE."),
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
    """Score a finished table from one photo; exit 3 (and no score) when anything is unsure."""
    from referee.errors import BadOption, RefereeError

    try:
        referee = games.part(game, "referee")
    except games.UnknownGame as exc:
        raise CliError(str(exc)) from None
    commands = games.get_commands(game)
    raw = given_options({"edition": edition, "board": board, "players": players,
                  "kill_points": kill_points, "web": web, "pattern": pattern, "turn": turn,
                  "state": state, "new_wells": new_wells},
                 referee.read_options, game, "referee")
    if board is False and "board" in referee.read_options:
        raw["board"] = False              # --no-board is a choice too, not an absence
    query = given_options({"target": check_target, "disturb": disturb}, commands.check_options,
                   game, "referee")
    check_outputs([photo] + ([state] if state else []),
                  {"--overlay": overlay, "--save-state": save_state},
                  {"--overlay": (".png", ".jpg", ".jpeg")})
    try:
        options = referee.parse_options(raw)
    except RefereeError as exc:
        raise CliError(str(exc)) from None
    try:
        verdict = referee.read(photo, **options)
    except BadOption as exc:            # seen only with the photo, but the option's fault
        raise CliError(str(exc)) from None
    except RefereeError as exc:
        raise CliError(f"{photo}: {exc}") from None

    notes: list[str] = []
    if overlay is not None:
        notes.append(_write_overlay(referee, verdict, overlay, query))
    if save_state is not None:
        notes.append(_save_state(referee, verdict, save_state))

    sure = verdict.is_certain
    show_score = sure or partial
    report = verdict.score_report() if show_score else None
    disputed = _check(commands, verdict, query) if show_score and query else None

    if as_json:
        data: dict[str, Any] = verdict.to_dict() if show_score else {
            "detection": verdict.detection()}
        if not sure and partial:
            data["partial"] = True
        if disputed is not None:
            data["check"] = disputed.data
        typer.echo(dumps(data), nl=False)
    else:
        echo_lines(_text(referee, verdict, report, disputed, show_score))
    echo_lines(notes, err=True)
    if not sure:
        n = len(verdict.problems)
        raise CliError(f"the referee is not sure: {n} problem{'s' if n != 1 else ''} "
                       "(listed above); fix the table or the photo and try again",
                       code=UNSURE)


def _write_overlay(referee: Any, verdict: Any, path: Path, query: dict[str, Any]) -> str:
    from referee.errors import RefereeError
    from referee.overlay import write_overlay

    overlay_options = {k: v for k, v in {"check": query.get("target"),
                                         "disturb": query.get("disturb")}.items()
                       if v is not None and k in referee.overlay_options}
    if "check" in overlay_options:
        overlay_options["check"] = str(overlay_options["check"]).upper()
    try:
        write_overlay(path, referee.draw_overlay(verdict, **overlay_options))
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

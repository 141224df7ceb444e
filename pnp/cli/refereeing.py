"""What `pnp referee` does once its options are read, without Typer: a referee run whose
command line is plain (`refereeing.plain`) runs from here without loading it.

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

from pnp import fileio, games
from pnp.cli.errors import UNSURE, CliError, dumps, echo_lines
from pnp.cli.game_values import GameValues, given_values
from pnp.cli.outputs import check_outputs
from pnp.cli.plain_args import Plain, plain_args
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


def offers(game: str) -> tuple[Option, ...]:
    """The game's own options of `pnp referee GAME`: its referee's and its rules' checks."""
    return (*games.part(game, "referee").read_options, *_checks(game))


# `pnp referee`'s own options, as its Typer command declares them (pnp/cli/referee.py)
OWN = Plain(
    arguments=(("game", str), ("photo", Path)),
    flags={"--json": ("as_json", True), "--overlay": ("overlay", Path),
           "--save-state": ("save_state", Path), "--save-table": ("save_state", Path),
           "--partial": ("partial", True)},
    defaults={"as_json": False, "overlay": None, "save_state": None, "partial": False},
)


def plain(argv: list[str]) -> dict[str, Any] | None:
    """`referee`'s arguments for the command line `pnp referee ARGV`, or None when Typer
    must read it (`pnp.cli.plain_args`): plain, and naming a game with a referee first."""
    game = argv[0] if argv else ""
    if game not in games.game_names("referee"):
        return None
    game_options = offers(game)
    given = plain_args(_with(OWN, game_options), argv)
    if given is None:
        return None
    values = {o.name: (o, given.pop(o.name)) for o in game_options}
    return {**given, "game_values": values}


def _with(own: Plain, options: tuple[Option, ...]) -> Plain:
    """`own` and a game's options, each spelt as Typer spells it (pnp/cli/options.py)."""
    flags = dict(own.flags)
    defaults = dict(own.defaults)
    for o in options:
        if o.kind == "flag":
            flags[o.flag] = (o.name, True)
        elif o.kind == "switch":
            flags[o.flag] = (o.name, True)
            flags[f"--no-{o.flag[2:]}"] = (o.name, False)
        else:
            flags[o.flag] = (o.name, str)
        if o.short:
            flags[o.short] = flags[o.flag]
        defaults[o.name] = False if o.kind == "flag" else None
    return Plain(own.arguments, flags, defaults)


@dataclass(frozen=True)
class Asked:
    """What the user asked of the referee: `read`'s options, the rules' check query, and
    the overlay's options (named as the CLI names them: --check, --disturb)."""

    read: dict[str, Any]
    query: dict[str, Any]
    overlay: dict[str, Any]


def _asked(values: GameValues, referee: Any, game: str) -> Asked:
    given = given_values(values, offers(game), game, "referee")
    read = {k: v for k, v in given.items() if k in names(referee.read_options)}
    checks = {k: v for k, v in given.items() if k not in read}
    try:
        arguments = [o.name for o in games.get_commands(game).check_options
                     if o.kind == "argument"]
    except games.UnknownGame:
        arguments = []
    query = {(arguments[0] if k == CHECK and arguments else k): v for k, v in checks.items()}
    overlay = {k: v for k, v in checks.items() if k in referee.overlay_options}
    return Asked(read, query, overlay)


def referee(game: str, photo: Path, as_json: bool = False, overlay: Path | None = None,
            save_state: Path | None = None, partial: bool = False,
            game_values: GameValues | None = None) -> None:
    """`pnp referee`: read the photo, print the score (or the problems), write what was
    asked; exit 3 (CliError UNSURE) when anything is unsure."""
    try:
        ref = games.part(game, "referee")
    except games.UnknownGame as exc:
        raise CliError(str(exc)) from None
    asked = _asked(game_values or {}, ref, game)
    state = asked.read.get("state")
    check_outputs([photo] + ([Path(state)] if state else []),
                  {"--overlay": overlay, "--save-state": save_state},
                  {"--overlay": (".png", ".jpg", ".jpeg")})
    verdict = _read(ref, photo, asked.read)
    notes: list[str] = []
    if overlay is not None:
        notes.append(_write_overlay(ref, verdict, overlay, asked.overlay))
    if save_state is not None:
        notes.append(_save_state(ref, verdict, save_state))
    show_score = verdict.is_certain or partial
    disputed = (_check(games.get_commands(game), verdict, asked.query)
                if show_score and asked.query else None)
    if as_json:
        echo_lines(dumps(_json(verdict, disputed, show_score)).splitlines())
    else:
        report = verdict.score_report() if show_score else None
        echo_lines(_text(ref, verdict, report, disputed, show_score))
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
    # (Not made ready on another thread while the photo is read: OpenCV 5 loads its fonts
    # once per thread, so the drawing thread paid their 25-30 ms of CPU again.)
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

"""Plain command lines of `pnp build`, `pnp score` and `pnp referee`, read without Typer:
loading Typer would cost a build a sixth of its time and a score nearly half. Plain: the
command's arguments in order and its known options, each as `--flag VALUE`, `--flag=VALUE`
or `-e VALUE`, every value one Typer would take. Anything else (help, a missing or extra word,
an unknown option such as a game's own for build and score, a value Typer would refuse)
returns None, and Typer reads it as always, errors and all. A test checks each table
(`pnp referee`'s: `pnp.cli.refereeing`) against Typer's.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

TYPES = (str, float, Path)


@dataclass(frozen=True)
class Plain:
    """A command's plain form: its arguments (name, type) in order; its flags: flag ->
    (parameter, what it takes: a type for a value, or the value a switch sets); and the
    parameters' defaults."""

    arguments: tuple[tuple[str, type], ...]
    flags: dict[str, tuple[str, Any]]
    defaults: dict[str, Any]


BUILD = Plain(
    arguments=(("game", str),),
    flags={
        "--edition": ("edition", str), "-e": ("edition", str),
        "--paper": ("paper", str),
        "--out": ("out", Path),
        "--bleed": ("bleed", float),
        "--duplex": ("duplex", str),
        "--back-offset": ("back_offset", str),
        "--ink-saver": ("ink_saver", True),
        "--crop-marks": ("crop_marks", True), "--no-crop-marks": ("crop_marks", False),
        "--cut-files": ("cut_files", True),
        "--cut-marks": ("cut_marks", True),
        "--marks": ("marks", str),
    },
    defaults={
        "edition": None, "paper": "a4", "out": Path("output"), "bleed": 2.0,
        "duplex": "long", "back_offset": "0,0", "ink_saver": False, "crop_marks": True,
        "cut_files": False, "cut_marks": False, "marks": None,
    },
)
SCORE = Plain(
    arguments=(("game", str), ("state_file", Path)),
    flags={"--json": ("as_json", True)},
    defaults={"as_json": False},
)

PLAIN = {"build": BUILD, "score": SCORE}


def plain_args(plain: Plain, argv: list[str]) -> dict[str, Any] | None:
    """The arguments of the command ARGV for its function, or None when Typer must read
    them (see the module's doc)."""
    given: dict[str, Any] = {}
    arguments = list(plain.arguments)
    words = list(argv)
    while words:
        word = words.pop(0)
        if word == "-":
            return None                     # standard input: left to Typer
        if not word.startswith("-"):
            if not arguments:
                return None                 # an extra argument: Typer's error
            name, kind = arguments.pop(0)
            given[name] = kind(word)
            continue
        flag, equals, value = word.partition("=")
        if flag not in plain.flags or (equals and not flag.startswith("--")):
            return None                     # unknown, or Typer's own reading of `-e=x`
        name, takes = plain.flags[flag]
        if takes not in TYPES:
            if equals:
                return None                 # a switch given a value
            given[name] = takes
            continue
        if not equals:
            if not words:
                return None                 # a missing value
            value = words.pop(0)
        try:
            given[name] = takes(value)
        except ValueError:
            return None
    if arguments:
        return None                         # a missing argument: Typer's error
    return {**plain.defaults, **given}

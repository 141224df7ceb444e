"""`pnp build`'s command line read without Typer, when it is plain: loading Typer would cost a
build a sixth of its time. Plain: the game and known options, each as `--flag VALUE`,
`--flag=VALUE` or `-e VALUE`, every value one Typer would take. Anything else (help, a
missing or extra word, an unknown option, a value Typer would refuse) returns None, and
Typer reads it as always, errors and all. A test checks the options here against Typer's.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

# flag -> (parameter of pnp.cli.building.build, what it takes: a type for a value, or the
# value a switch sets)
FLAGS: dict[str, tuple[str, Any]] = {
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
}
DEFAULTS: dict[str, Any] = {
    "edition": None, "paper": "a4", "out": Path("output"), "bleed": 2.0, "duplex": "long",
    "back_offset": "0,0", "ink_saver": False, "crop_marks": True, "cut_files": False,
    "cut_marks": False, "marks": None,
}
TYPES = (str, float, Path)


def plain_build(argv: list[str]) -> dict[str, Any] | None:
    """The arguments of `pnp build ARGV` for `building.build`, or None when Typer must read
    them (see the module's doc)."""
    given: dict[str, Any] = {}
    words = list(argv)
    while words:
        word = words.pop(0)
        if word == "-":
            return None                     # standard input: not a game
        if not word.startswith("-"):
            if "game" in given:
                return None                 # an extra argument: Typer's error
            given["game"] = word
            continue
        flag, equals, value = word.partition("=")
        if flag not in FLAGS or (equals and flag == "-e"):
            return None
        name, takes = FLAGS[flag]
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
    if "game" not in given:
        return None
    return {**DEFAULTS, **given}

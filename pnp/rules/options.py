"""An option a game takes, declared once as data: the CLI (`pnp score|check|simulate|referee`)
and the phone page (`pnp serve`) build theirs from these, so a new game adds no shell code.

A game's rules list theirs on its `GameRules` (`score_options`, `check_options`,
`simulate_options`, `pieces_options`), its referee on its `GameReferee` (`read_options`).
Part of the rules API (standard library only): the rules declare options too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Literal

Kind = Literal["text", "flag", "switch", "argument"]


@dataclass(frozen=True)
class Option:
    """One thing a player may tell a game's call (its keyword is `name`).

    `kind`: "text" (`--name VALUE`), "flag" (`--name`: True when given), "switch"
    (`--name/--no-name`: True, False, or None when left off) or "argument" (a positional
    VALUE; `pnp referee` offers a rules argument as `--check VALUE`). `parse` turns typed
    text into the call's value and raises ValueError (one line) for text it cannot take;
    `show` is its inverse. A text option with `choices` takes only those.

    For a form: `label`, `hint` (free text), and `unset`, the word a form shows for "not
    given" (e.g. "auto"); without it the first choice is the default. `on_page`: False for
    what a phone cannot give (a file on the computer).
    """

    name: str
    help: str
    kind: Kind = "text"
    parse: Callable[[str], Any] = str
    choices: tuple[str, ...] = ()
    metavar: str = ""
    short: str = ""                  # e.g. "-p"
    label: str = ""
    hint: str = ""
    unset: str = ""
    show: Callable[[Any], str] = str
    on_page: bool = True

    @property
    def flag(self) -> str:
        """How the CLI spells it: `--kill-points`, or the metavar of an argument."""
        if self.kind == "argument":
            return self.metavar or self.name.upper()
        return "--" + self.name.replace("_", "-")

    def value(self, text: str) -> Any:
        """Typed `text` as the call's value: None for a form's `unset` word; one of
        `choices` if it has them; else what `parse` makes of it (ValueError, one line)."""
        text = text.strip()
        if self.unset and text == self.unset:
            return None
        if self.choices and text not in self.choices:
            self.parse(text)          # a game's parser may refuse it in its own words
            raise ValueError(f"unknown {self.name.replace('_', ' ')} {shown(text)} "
                             f"(choose from: {', '.join(self.choices)})")
        return self.parse(text)

    def form_choices(self) -> tuple[str, ...]:
        """What a form's list offers, the default first."""
        return ((self.unset,) if self.unset and self.choices else ()) + self.choices


def shown(text: str) -> str:
    """Typed text in a message: quoted as Python does, at most 40 characters."""
    return repr(text) if len(text) <= 40 else repr(text[:37] + "...")


def whole_number(name: str) -> Callable[[str], int]:
    """A parser for a whole number option: ValueError naming the option otherwise (the
    game's call checks its range, so the range error reads the same from every shell)."""
    def parse(text: str) -> int:
        try:
            return int(text.strip())
        except ValueError:
            raise ValueError(f"--{name.replace('_', '-')} must be a whole number, not "
                             f"{shown(text)}") from None
    return parse


def names(options: tuple[Option, ...]) -> tuple[str, ...]:
    return tuple(o.name for o in options)

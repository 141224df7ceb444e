"""The registry of games: each game's name, editions and where its parts live.

The one place that names every game. Shared modules (page placement, the input layer, the
referee's stages, the CLI's dispatch) never import a game; they are handed the game's parts
from here. Parts are "module:attribute" strings imported on first use, so listing games and
starting the CLI stay cheap, and a game without a part (no referee yet) simply has None.
"""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class GameInfo:
    """A game in the registry: names, editions, and its parts as "module:attribute"."""
    name: str
    title: str
    editions: tuple[str, ...] = ()        # () for a game with one edition
    default_edition: str | None = None
    rules: str | None = None              # a pnp.rules.api.Game
    commands: str | None = None           # a pnp.rules.api.GameRules (score, check, simulate)
    printing: str | None = None           # the game's printed components and their drawing
    referee: str | None = None            # the game's photo referee
    diagram: str | None = None            # (state JSON, check Report, query) -> PNG bytes:
    #                                       the picture `pnp check GAME --overlay` writes
    tts: str | None = None                # a pnp.printing.tts.setup.TtsGame: its Tabletop
    #                                       Simulator set-up (`pnp export GAME --tts`)


GAMES: dict[str, GameInfo] = {
    "asterion": GameInfo(
        "asterion", "Asterion", ("crete", "revised"), "crete",
        rules="pnp.rules.asterion.game:GAME",
        commands="pnp.rules.asterion.commands:COMMANDS",
        printing="pnp.printing.asterion:PRINTING",
        referee="referee.asterion:REFEREE",
        tts="pnp.printing.asterion.tts:TTS",
    ),
    "constructo": GameInfo("constructo", "Constructo",
                           rules="pnp.rules.constructo.game:GAME",
                           commands="pnp.rules.constructo.commands:COMMANDS",
                           printing="pnp.printing.constructo:PRINTING",
                           referee="referee.constructo:REFEREE",
                           tts="pnp.printing.constructo.tts:TTS"),
    "spider-twist": GameInfo("spider-twist", "Spider Twist",
                             rules="pnp.rules.spider_twist.game:GAME",
                             commands="pnp.rules.spider_twist.commands:COMMANDS",
                             printing="pnp.printing.spider_twist:PRINTING",
                             referee="referee.spider_twist:REFEREE",
                             diagram="pnp.printing.spider_twist.diagram:draw_overlay",
                             tts="pnp.printing.spider_twist.tts:TTS"),
    "assyria": GameInfo("assyria", "Assyria", rules="pnp.rules.assyria.game:GAME",
                        commands="pnp.rules.assyria.commands:COMMANDS",
                        printing="pnp.printing.assyria:PRINTING",
                        referee="referee.assyria:REFEREE",
                        tts="pnp.printing.assyria.tts:TTS"),
}


class UnknownGame(KeyError):
    def __str__(self) -> str:
        return str(self.args[0])


def game_names(part: str | None = None) -> list[str]:
    """Every registered game, or only those that have `part` ("rules", "referee", ...)."""
    return sorted(n for n, g in GAMES.items() if part is None or getattr(g, part))


def info(name: str) -> GameInfo:
    if name not in GAMES:
        raise UnknownGame(f"unknown game {name!r} (choose from: {', '.join(game_names())})")
    return GAMES[name]


def part(name: str, which: str) -> Any:
    """Import and return one part of a game, e.g. part("asterion", "rules")."""
    target = getattr(info(name), which)
    if target is None:
        have = ", ".join(game_names(which))
        raise UnknownGame(f"{name} has no {which} yet (games with one: {have or 'none'})")
    module, _, attribute = target.partition(":")
    return getattr(importlib.import_module(module), attribute)


def get_game(name: str) -> Any:
    """The game's rules (`pnp.rules.api.Game`)."""
    return part(name, "rules")


def get_commands(name: str) -> Any:
    """The game's `pnp.rules.api.GameRules`: what score, check and simulate call."""
    return part(name, "commands")

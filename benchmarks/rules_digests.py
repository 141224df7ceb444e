"""The sha256 of what `pnp simulate` writes for every game, over many seeds and every option
set, plus each game's score of its example state: a change meant to make a rules core faster
must leave this list unchanged.

Usage: python benchmarks/rules_digests.py [--seeds N] > before.txt   (again after; diff them)
"""

from __future__ import annotations

import argparse
import hashlib
import itertools
import json
from pathlib import Path
from typing import Any

from pnp import games
from pnp.rules.api import RulesError

EXAMPLES = Path(__file__).resolve().parent.parent / "examples"
SCORED = {"asterion": "table-wings.json", "spider-twist": "spider-twist-state.json",
          "constructo": "constructo-state.json", "assyria": "assyria-state.json"}


def option_sets(options: tuple[Any, ...]) -> list[dict[str, Any]]:
    """Every combination of the simulate options' values (players 2-4, each choice, flags on
    and off)."""
    values: list[list[tuple[str, Any]]] = []
    for option in options:
        if option.name == "players":
            values.append([("players", n) for n in (2, 3, 4)])
        elif option.choices:
            values.append([(option.name, choice) for choice in option.choices])
        elif option.kind == "flag":
            values.append([(option.name, False), (option.name, True)])
    return [dict(combo) for combo in itertools.product(*values)]


def digest(files: dict[str, str]) -> str:
    text = json.dumps(files, sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200, help="seeds per option set")
    args = parser.parse_args()
    for name in games.game_names("rules"):
        commands = games.get_commands(name)
        for options in option_sets(commands.simulate_options):
            given = {k: v for k, v in options.items() if v is not False}
            total = hashlib.sha256()
            try:
                for seed in range(args.seeds):
                    total.update(digest(commands.simulate(seed, given).files).encode())
            except RulesError:
                continue          # options that do not go together (a board for revised)
            print(f"simulate {name} {json.dumps(given, sort_keys=True)}  {total.hexdigest()}")
        state = commands.read_state(json.loads((EXAMPLES / SCORED[name]).read_text()))
        report = commands.score_report(state)
        scored = digest({"lines": "\n".join(report.lines),
                         "data": json.dumps(report.data, sort_keys=True)})
        print(f"score {name}  {scored}")


if __name__ == "__main__":
    main()

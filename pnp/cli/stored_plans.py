"""`python -m pnp.cli.stored_plans`: write the board-split and packing answers every default
build asks for (pnp/printing/split/stored_plans.json) anew, computed by the search, for every
game the registry has a printing part for."""

from __future__ import annotations

import json

from pnp.games import game_names, part
from pnp.printing.split import stored


def write_stored_plans() -> int:
    printings = [part(name, "printing") for name in game_names("printing")]
    answers = stored.record_all(stored.kept_builds(printings))
    lines = [f"{json.dumps(q)}: {json.dumps(a)}" for q, a in sorted(answers.items())]
    stored.STORE.write_text("{\n" + ",\n".join(lines) + "\n}\n")      # one answer a line
    return len(answers)


if __name__ == "__main__":
    print(f"{stored.STORE.name}: {write_stored_plans()} answers")

"""Golden playthroughs: a few seeded games' turn logs, stored under tests/golden/.

Regenerate them (after a deliberate rules or tileset change) with:

    python -m pnp.rules.asterion.golden

tests/rules/test_golden.py replays each game and compares it with the stored log.
"""

from __future__ import annotations

import sys
from pathlib import Path

from pnp import fileio
from pnp.rules.asterion.game import game_log, simulate

# (file name, seed, players, edition, board)
GAMES: tuple[tuple[str, int, int, str, bool], ...] = (
    ("asterion-crete-board-4p-seed1.txt", 1, 4, "crete", True),
    ("asterion-crete-board-2p-seed2.txt", 2, 2, "crete", True),
    ("asterion-crete-3p-seed3.txt", 3, 3, "crete", False),
    ("asterion-revised-4p-seed4.txt", 4, 4, "revised", False),
    ("asterion-revised-2p-seed5.txt", 5, 2, "revised", False),
)


def folder() -> Path:
    return Path(__file__).resolve().parents[3] / "tests" / "golden"


def render(seed: int, players: int, edition: str, board: bool) -> str:
    return game_log(simulate(seed, players, edition, board))


def main() -> int:
    for name, seed, players, edition, board in GAMES:
        path = folder() / name
        fileio.write_text(path, render(seed, players, edition, board))
        print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main())

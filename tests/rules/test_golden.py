"""Golden playthroughs: seeded games replay exactly as stored in tests/golden/.

If a rules or tileset change is deliberate, regenerate with
`python -m pnp.rules.asterion.golden` and review the diff.
"""

from __future__ import annotations

import pytest

from pnp.rules.asterion.golden import GAMES, folder, render


@pytest.mark.parametrize(("name", "seed", "players", "edition", "board"), GAMES,
                         ids=[g[0] for g in GAMES])
def test_golden_game(name, seed, players, edition, board):
    stored = (folder() / name).read_text(encoding="utf-8")
    assert render(seed, players, edition, board) == stored, (
        f"{name} changed; if deliberate run: python -m pnp.rules.asterion.golden")


def test_golden_logs_show_actions_and_kills():
    text = "".join((folder() / g[0]).read_text(encoding="utf-8") for g in GAMES)
    assert "kills" in text and "winners:" in text
    assert any(word in text for word in ("rotate ", "swap ", "move "))

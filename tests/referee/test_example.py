"""The README's example: the referee reads examples/endgame.jpg as its table file says."""

from __future__ import annotations

import json
from pathlib import Path

from pnp.cli import main
from pnp.rules.asterion import score, table_from_dict

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_the_example_photo_scores_as_its_table_file(capsys, tmp_path):
    truth = json.loads((EXAMPLES / "endgame.json").read_text())
    kills = ",".join(f"{c}={n}" for c, n in truth["kill_points"].items())
    overlay = tmp_path / "overlay.png"
    code = main(["referee", "asterion", str(EXAMPLES / "endgame.jpg"), "--board",
                 "--kill-points", kills, "--json", "--overlay", str(overlay)])
    out = capsys.readouterr().out
    assert code == 0
    seen = json.loads(out)
    expected = score(table_from_dict(truth)).to_dict()
    assert {c: p["total"] for c, p in seen["players"].items()} == \
        {c: p["total"] for c, p in expected["players"].items()}
    assert seen["winners"] == expected["winners"]
    assert overlay.stat().st_size > 0


def test_the_board_is_recognised_by_its_markers(capsys):
    code = main(["referee", "asterion", str(EXAMPLES / "endgame.jpg"), "--json"])
    seen = json.loads(capsys.readouterr().out)
    assert code == 0
    assert seen["detection"]["board"] is True
    assert seen["detection"]["board_from"] == "photo (its markers)"


def test_a_classic_print_photo_still_scores_exactly():
    """A table printed before the default changed (`--marks classic`: two large marks a
    tile) reads as exactly as the example: its table photographed with classic tiles."""
    from referee.asterion.evaluate import judge
    from referee.asterion.pipeline import referee_photo
    from referee.asterion.synth import photo
    from referee.synth.example import EXAMPLE_CONDITIONS

    truth = json.loads((EXAMPLES / "endgame.json").read_text())
    shot = photo(truth, EXAMPLE_CONDITIONS, 7, marks="classic")
    verdict = referee_photo(shot.jpeg, kill_points=truth["kill_points"])
    outcome = judge(verdict, truth)
    assert verdict.marks == "classic"
    assert outcome.certain and outcome.state_right and outcome.score_right

"""However many problems a file has, `pnp` reports the first few and a count (a
Spider Twist state with 150,000 unknown `stock` keys once printed 150,000 lines)."""

from __future__ import annotations

import json
from pathlib import Path

from pnp.inputs import MAX_REPORTED, first_few, some

from .fuzzing import run_cli

EXAMPLES = Path(__file__).resolve().parents[2] / "examples"


def test_first_few_keeps_a_short_list_and_counts_the_rest_of_a_long_one():
    six = [f"p{i}" for i in range(MAX_REPORTED + 1)]
    assert first_few(six) == six                      # never "... and 1 more"
    assert first_few([f"p{i}" for i in range(1000)]) == [
        "p0", "p1", "p2", "p3", "p4", "... and 995 more problems (1000 in all)"]
    assert some(["a", "b"]) == '"a", "b"'
    assert some(list("abcdef")) == '"a", "b", "c" and 3 more'


def _errors(game: str, data: dict, tmp_path: Path) -> list[str]:
    path = tmp_path / "state.json"
    path.write_text(json.dumps(data))
    outcome = run_cli(["score", game, str(path)])
    assert outcome.code == 2 and outcome.out == ""
    return outcome.err.splitlines()


def test_a_spider_twist_state_with_150000_unknown_stock_keys_gets_six_lines(tmp_path):
    data = json.loads((EXAMPLES / "spider-twist-state.json").read_text())
    data["stock"].update({f"k{i}": 1 for i in range(150_000)})
    lines = _errors("spider-twist", data, tmp_path)
    assert len(lines) == MAX_REPORTED + 1
    assert lines[0].endswith("stock: unknown key 'k0' (keys: white, black)")
    assert lines[-1] == (f"error: {tmp_path}/state.json: ... and 149995 more problems "
                         "(150000 in all)")


def test_an_assyria_state_with_1000_duplicate_wells_gets_six_lines(tmp_path):
    data = json.loads((EXAMPLES / "assyria-state.json").read_text())
    data["wells"] = [data["wells"][0]] * 1000
    lines = _errors("assyria", data, tmp_path)
    assert len(lines) == MAX_REPORTED + 1
    assert lines[0].endswith("wells[1]: the same vertex twice [duplicate]")
    assert lines[-1] == f"error: {tmp_path}/state.json: ... and 994 more problems (999 in all)"

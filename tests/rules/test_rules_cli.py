"""`pnp pieces`, `pnp score`, `pnp check`, `pnp simulate` as a user runs them."""

from __future__ import annotations

import json

import pytest

from pnp.cli import main

from .helpers import table


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture
def table_file(tmp_path):
    def write(t, name="table.json"):
        path = tmp_path / name
        path.write_text(t.to_json() if hasattr(t, "to_json") else t, encoding="utf-8")
        return str(path)
    return write


def test_asterions_pieces_json_is_the_canonical_tileset(capsys):
    code, out, _ = run(capsys, "pieces", "asterion", "--edition", "revised", "--json")
    assert code == 0
    data = json.loads(out)
    assert len(data["tiles"]) == 65 and data["tiles"][0]["id"] == "M"
    y15 = next(t for t in data["tiles"] if t["id"] == "Y15")
    assert [r["ports"] for r in y15["regions"]] == ["NW", "ES"]
    assert {k for k in y15} >= {"id", "colour", "horns", "regions", "prisoners", "coins",
                                "wings"}
    code, out, _ = run(capsys, "pieces", "asterion")
    assert code == 0 and out.startswith("asterion crete: 69 tiles")


def test_score_text_and_json(capsys, table_file):
    path = table_file(table("Y04@1,0r0", "Y05@1,-1r0", kill_points={"blue": 1},
                            players=("yellow", "blue")))
    code, out, err = run(capsys, "score", "asterion", path)
    assert code == 0, err
    lines = out.splitlines()
    assert lines[1].split() == ["colour", "escape", "kills", "total", "escapers"]
    assert lines[2].split() == ["yellow", "2", "0", "2", "2", "winner"]
    assert lines[3].split() == ["blue", "0", "1", "1", "0"]
    code, out, _ = run(capsys, "score", "asterion", path, "--json")
    data = json.loads(out)
    assert data["winners"] == ["yellow"]
    assert data["players"]["yellow"] == {"escape_points": 2, "kill_points": 0, "total": 2,
                                         "escapers": 2, "winner": True}
    assert {p["tile"]: p["status"] for p in data["prisoners"]} == {"Y04": "escaped",
                                                                   "Y05": "escaped"}
    code, out, _ = run(capsys, "score", "asterion", path, "--json", "--no-kill-points")
    assert json.loads(out)["players"]["blue"]["kill_points"] == 0


def test_check_explains_the_chain(capsys, table_file):
    path = table_file(table("Y03@1,0r180", "G06@1,1r0", "B02@1,2r0"))
    code, out, err = run(capsys, "check", "asterion", path, "B02")
    assert code == 0, err
    assert "status: ESCAPES, scores 1 point" in out
    assert "exit: no" in out and "connected to Asterion: no" in out
    assert "wings: 2 (two or more: it can fly)" in out
    assert "1 on Y03: B02 (1,2) -> G06 (1,1) -> Y03 (1,0)" in out
    code, out, _ = run(capsys, "check", "asterion", path, "b02", "--json")
    data = json.loads(out)["prisoners"][0]
    chains = {w["tile"]: [n["tile"] for n in w["chain"]] for w in data["wing_links"]}
    assert chains == {"Y03": ["B02", "G06", "Y03"], "G06": ["B02", "G06"]}


def test_check_dead_prisoner_shows_the_path_to_asterion(capsys, table_file):
    path = table_file(table("Y04@1,0r90", "B05@2,0r90", dead=("Y04", "B05")))
    code, out, _ = run(capsys, "check", "asterion", path, "B05")
    assert code == 0
    assert "status: DEAD" in out and "tomb: yes" in out
    assert "connected to Asterion: yes: B05 (2,0) -> Y04 (1,0) -> M (0,0)" in out
    assert "exit: yes: B05 (2,0) -> out E of B05 (no tile at 3,0)" in out


def test_invalid_tables_give_one_line_per_problem_and_exit_2(capsys, table_file):
    data = table("Y07@1,0r0", "B02@1,0r0", players=("yellow", "blue")).to_dict()
    data["tiles"].append({"id": "Y99", "x": 0, "y": 1, "rot": 0})
    path = table_file(json.dumps(data))
    code, out, err = run(capsys, "score", "asterion", path)
    assert code == 2 and out == ""
    lines = err.splitlines()
    assert len(lines) == 2 and all(line.startswith("error: ") for line in lines)
    assert "B02 and Y07 are both at 1,0" in lines[0]
    assert "tiles[3].id: unknown tile 'Y99'" in lines[1]
    bad = table_file('{"game": "asterion", "players": ["yellow"], "tiles": [{"id": "M", '
                     '"x": 0, "y": 0, "rot": 30}]}', "bad.json")
    code, _, err = run(capsys, "check", "asterion", bad, "Y01")
    assert code == 2
    assert "players: must be a list of 2 to 4 colours" in err
    assert "tiles[0].rot: must be 0, 90, 180 or 270" in err
    assert "Traceback" not in err


@pytest.mark.parametrize(("argv", "message"), [
    (("score", "asterion", "missing.json"), "missing.json: no such file"),
    (("score", "chess", "x.json"), "unknown game 'chess'"),
    (("check", "asterion", "TABLE", "M"), "M carries no prisoner"),
    (("check", "asterion", "TABLE", "G01"), "G01 is not on the table"),
    (("simulate", "asterion", "--edition", "revised", "--board"), "has no board"),
    (("simulate", "asterion", "--players", "5"), "--players must be 2, 3 or 4"),
    (("pieces", "asterion", "--edition", "deluxe"), "unknown edition 'deluxe'"),
])
def test_user_errors(capsys, table_file, argv, message):
    path = table_file(table("Y04@1,0r0"))
    argv = tuple(path if a == "TABLE" else a for a in argv)
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err and len(err.splitlines()) == 1


def test_simulate_writes_a_valid_table_and_log_deterministically(capsys, tmp_path):
    out = tmp_path / "sim"
    code, text, err = run(capsys, "simulate", "asterion", "--players", "3", "--board",
                          "--seed", "7", "--out", str(out))
    assert code == 0, err
    assert text.startswith(f"wrote {out / 'table.json'}")
    first = (out / "table.json").read_text(), (out / "log.txt").read_text()
    code, _, err = run(capsys, "score", "asterion", str(out / "table.json"))
    assert code == 0, err
    run(capsys, "simulate", "asterion", "--players", "3", "--board", "--seed", "7", "--out",
        str(out))
    assert ((out / "table.json").read_text(), (out / "log.txt").read_text()) == first
    assert first[1].splitlines()[0].startswith("asterion crete board seed 7")
    assert not [p for p in out.iterdir() if p.name.endswith(".part")]

"""Table files: reading, shape problems with JSON paths, validate() codes, round trips."""

from __future__ import annotations

import gc
import json

import pytest

from pnp.rules.asterion import (
    TableError,
    check,
    network,
    prisoner_components,
    score,
    table_from_dict,
    table_from_json,
    validate,
)
from pnp.rules.asterion.moves import MoveSyntaxError, parse_move

from .helpers import placements, table


def shape_problems(data) -> list[str]:
    with pytest.raises(TableError) as info:
        table_from_dict(data)
    return info.value.lines


def good() -> dict:
    return {"game": "asterion", "edition": "crete", "board": False,
            "players": ["yellow", "blue"], "tiles": placements("Y07@1,0r90")}


def test_reads_the_documented_example():
    data = good() | {"dead": ["Y07"], "kill_points": {"yellow": -1}}
    t = table_from_dict(data)
    assert t.placement("Y07").rot == 90 and t.dead == ("Y07",)
    assert t.kill_points_of("yellow") == -1 and t.kill_points_of("blue") == 0
    assert validate(t) == []


def test_every_shape_problem_is_named_with_its_json_path():
    data = good()
    data["tiles"] += [{"id": "B02", "x": 1.5, "y": 0, "rot": 45}, "Y01", {"x": 0, "y": 1}]
    data["players"] = ["yellow", "yellow"]
    data["dead"] = ["M"]
    data["kill_points"] = {"red": 2}
    data["colour"] = "x"
    lines = shape_problems(data)
    assert "tiles[2].x: missing or not a whole number" in lines
    assert "tiles[2].rot: must be 0, 90, 180 or 270" in lines
    assert any(line.startswith("tiles[3]: must be an object") for line in lines)
    assert any(line.startswith("tiles[4].id:") for line in lines)
    assert "players[1]: yellow is listed twice" in lines
    assert "dead[0]: the Minotaur tile carries no prisoner" in lines
    assert "kill_points.red: red is not playing" in lines
    assert any(line.startswith("colour: unknown key") for line in lines)


def test_bad_json_and_wrong_top_level():
    with pytest.raises(TableError, match="not valid JSON"):
        table_from_json("{")
    assert shape_problems([1, 2]) == ["$: a table must be a JSON object"]
    assert any("players: missing" in line for line in shape_problems({"game": "asterion",
                                                                      "tiles": []}))


@pytest.mark.parametrize(("specs", "options", "code", "where"), [
    (("Y07@1,0r0", "Y07@2,0r0"), {}, "duplicate-tile", "tiles[2].id"),
    (("Y07@1,0r0", "B02@1,0r0"), {}, "overlap", "B02"),
    (("Y18@1,0r0",), {}, "unknown-tile", "tiles[1].id"),
    (("Y13@1,0r0",), {"edition": "revised"}, "unknown-tile", "tiles[1].id"),
    (("Y07@1,0r0", "B02@5,5r0"), {}, "disconnected", "B02"),
    (("Y04@1,0r90", "Y13@2,0r0", "B04@3,0r90", "B05@4,0r90"), {"board": True},
     "off-board", "B05"),
    (("R07@1,0r0",), {}, "colour-not-playing", "R07"),
    (("G04@0,-1r90", "B04@-1,0r0", "R04@0,1r90", "Y01@1,0r270"),
     {"players": ("yellow", "blue", "red", "green")}, "asterion-trapped", "M"),
    ((), {"edition": "revised", "board": True}, "board-not-in-edition", "board"),
    ((), {"dead": ("B03",)}, "unknown-dead", "dead[0]"),
])
def test_validate_names_each_problem(specs, options, code, where):
    options = {"players": ("yellow", "blue")} | options
    problems = validate(table(*specs, **options))
    assert (code, where) in [(p.code, p.where) for p in problems], problems


def test_missing_or_misplaced_minotaur():
    data = good()
    data["tiles"] = [{"id": "Y07", "x": 0, "y": 0, "rot": 0}]
    assert [p.code for p in validate(table_from_dict(data))] == ["no-minotaur"]
    data["tiles"] = [{"id": "M", "x": 1, "y": 0, "rot": 0}]
    assert [p.code for p in validate(table_from_dict(data))] == ["minotaur-off-centre"]


def test_too_many_tiles_for_the_board_deal():
    # Crete board, 4 players: 17 - 2 discarded = 15 tiles per colour at most.
    specs = [f"Y{n:02d}@{n},0r90" for n in range(1, 17)]
    t = table(*specs, board=False)
    assert "too-many-tiles" not in [p.code for p in validate(t)]
    t = table(*specs, board=True)
    assert "too-many-tiles" in [p.code for p in validate(t)]


def test_a_tomb_away_from_asterion_is_fine():
    assert validate(table("Y05@1,0r0", dead=("Y05",))) == []


def test_fatal_problems_stop_scoring_with_a_table_error():
    bad = table("Y07@1,0r0", "Y07@2,0r0")
    for call in (score, prisoner_components, lambda t: check(t, "Y07")):
        with pytest.raises(TableError, match="placed twice"):
            call(bad)


def test_json_round_trip_and_canonical_text():
    t = table("Y07@1,0r90", "B14@2,0r0", dead=("B14",), kill_points={"yellow": 2},
              no_kill_points=True)
    assert table_from_json(t.to_json()) == t
    assert table_from_dict(json.loads(t.to_json())) == t
    assert t.to_json().count("\n") == len(t.tiles) + 2   # one tile per line


def test_turning_the_table_keeps_positions_relative():
    t = table("Y07@1,0r90")
    turned = t.turned()
    assert turned.placement("Y07") == type(t.tiles[0])("Y07", 0, 1, 180)
    assert t.turned(4) == t


@pytest.mark.parametrize("text", ["Y07@1,0r90", "M@0,0r0", "G13@-3,-12r270",
                                  "rotate B03 r180", "swap B03 B07", "move R11@2,-1r90",
                                  "discard"])
def test_move_notation_round_trips(text):
    assert str(parse_move(text)) == text


@pytest.mark.parametrize("text", ["Y07@1,0r45", "Y7@1,0r0", "swap B03 B03", "rotate B03",
                                  "place Y07", ""])
def test_bad_move_text(text):
    with pytest.raises(MoveSyntaxError):
        parse_move(text)


def test_prisoner_components_for_the_referee_overlay():
    # Y15 turned 90 at 1,0: prisoner corner faces N and E, chest corner faces S and W (M).
    t = table("Y15@1,0r90", "B04@1,-1r0", players=("yellow", "blue"))
    found = {p.tile: p for p in prisoner_components(t)}
    assert set(found) == {"Y15", "B04"}
    y15 = found["Y15"].component
    assert found["Y15"].region == 0 and y15.nodes == (("Y15", 0), ("B04", 0))
    assert y15.cells == ((1, -1), (1, 0)) and not y15.has_asterion
    assert y15.exits == ((1, -1, "N"), (1, 0, "E"))
    assert y15 is found["B04"].component
    data = y15.to_dict()
    assert data["exits"][0] == {"x": 1, "y": -1, "direction": "N"}
    asterion = network(t).component(("Y15", 1))
    assert asterion.has_asterion and asterion.coins == 1 and asterion.prisoners == ()


def test_a_score_leaves_no_reference_cycle_for_the_collector():
    # Components hold the network's layout, not the network: dropping a score frees it all
    # at once, and the cyclic collector then finds nothing unreachable.
    t = table("Y15@1,0r90", "B04@1,-1r0", players=("yellow", "blue"))
    result = score(t)
    assert result.prisoners[0].component.exits == ((1, -1, "N"), (1, 0, "E"))
    del result
    gc.collect()
    gc.disable()
    try:
        result = score(t)
        [p.component.cells for p in result.prisoners]     # the lazy lists too
        del result
        assert gc.collect() == 0
    finally:
        gc.enable()

"""What the page shows, through HTTP: every game's example photo scored as its rules core
scores the truth, HEIC and EXIF orientation, the overlay, taps answered like `pnp check`,
corrections rescored by the rules, and the state file `pnp score` reads."""

from __future__ import annotations

import io
import json

import cv2
import numpy as np
import pytest
from PIL import Image

from pnp import games
from pnp.cli import main
from pnp.serve.results import score_table
from referee.geometry import project

from .conftest import endgame, heic, kill_text, upload


def _example(game: str) -> tuple[bytes, dict[str, str], dict]:
    """(photo, the options a player would type, the true state) for a game's example."""
    if game == "asterion":
        photo, truth = endgame()
        return photo, {"board": "yes", "kill_points": kill_text(truth)}, truth
    referee = games.part(game, "referee")
    kit = referee.accuracy()
    if kit is None:
        pytest.fail(f"{game} has a referee but no example photo (its referee's accuracy() "
                    "kit makes one)")
    case = kit.case(0, 1)
    shown = {o.name: o.show(case.options[o.name]) for o in referee.form_options()
             if o.name in case.options}
    return kit.photograph(case, 1).jpeg, shown, case.truth


# Known gaps: the page cannot pass Assyria's --state file (a path), and
# Constructo's referee cannot see whose turn it is; strict, so a fix shows up at once.
KNOWN_GAPS: dict[str, str] = {}      # game -> why its example cannot score yet (none now)


@pytest.mark.parametrize("game", [
    pytest.param(g, marks=pytest.mark.xfail(reason=KNOWN_GAPS[g], strict=True))
    if g in KNOWN_GAPS else g for g in games.game_names("referee")])
def test_every_games_example_photo_is_scored_as_the_rules_score_the_truth(client, game):
    photo, options, truth = _example(game)
    r = upload(client, photo, game, **options)
    assert r.status_code == 200, r.text
    seen = r.json()
    # the page says what the referee says of the same bytes (as `pnp referee` would) ...
    referee = games.part(game, "referee")
    typed = {o.name: o.value(options[o.name]) for o in referee.form_options()
             if options.get(o.name)}
    verdict = referee.read(photo, **typed)
    assert seen["certain"] == verdict.is_certain
    assert [p["code"] for p in seen["problems"]] == [p.code for p in verdict.problems]
    # ... and what it is sure of scores as the rules core scores the truth
    if game == "asterion":
        assert seen["certain"] is True            # the README's example
    if seen["certain"]:
        assert seen["problems"] == [] and seen["corrections"] == []
        commands = games.get_commands(game)
        expected = commands.score_report(commands.read_state(truth))
        table = score_table(expected.data)
        assert {k: seen["score"][k] for k in ("columns", "rows", "winners")} == table
        assert seen["score"]["lines"] == expected.lines
        assert seen["score"]["partial"] is False and table["rows"]
    else:
        assert seen["score"] is None or seen["score"]["partial"] is True


def test_the_asterion_example_shows_each_players_totals_and_the_winner(client):
    photo, truth = endgame()
    seen = upload(client, photo, board="yes", kill_points=kill_text(truth)).json()
    score = seen["score"]
    total = score["columns"].index("total")
    totals = {row["name"]: row["cells"][total] for row in score["rows"]}
    assert totals == {"yellow": 15, "blue": 75, "red": 44, "green": 34}   # pnp score's
    assert score["winners"] == ["blue"]
    assert [row["name"] for row in score["rows"] if row["winner"]] == ["blue"]
    overlay = client.get(seen["overlay"]["url"])
    assert overlay.headers["content-type"] == "image/jpeg"
    image = cv2.imdecode(np.frombuffer(overlay.content, np.uint8), cv2.IMREAD_COLOR)
    assert (image.shape[1], image.shape[0]) == (seen["overlay"]["width"],
                                                 seen["overlay"]["height"])


def test_heic_and_jpeg_of_one_table_score_alike(client, small, scenes):
    image = cv2.imdecode(np.frombuffer(small[0], np.uint8), cv2.IMREAD_COLOR)
    from_jpeg = upload(client, small[0]).json()
    from_heic = upload(client, heic(image)).json()
    assert from_heic["certain"] is True
    assert from_heic["score"] == from_jpeg["score"]


def _exif_rotated(jpeg_bytes: bytes, tag: int | None) -> bytes:
    """The photo stored a quarter turn anticlockwise, with EXIF orientation `tag` (6: show
    it turned clockwise, as a phone held upright writes it)."""
    im = Image.open(io.BytesIO(jpeg_bytes)).transpose(Image.Transpose.ROTATE_90)
    out = io.BytesIO()
    exif = Image.Exif()
    if tag is not None:
        exif[0x0112] = tag
    im.save(out, format="JPEG", quality=92, exif=exif.tobytes())
    return out.getvalue()


def test_exif_orientation_is_honoured(client, small):
    upright = upload(client, small[0]).json()
    tagged = upload(client, _exif_rotated(small[0], 6)).json()
    untagged = upload(client, _exif_rotated(small[0], None)).json()
    assert tagged["certain"] and tagged["score"] == upright["score"]
    size = (upright["overlay"]["width"], upright["overlay"]["height"])
    assert abs(tagged["overlay"]["width"] - size[0]) <= 2
    assert abs(tagged["overlay"]["height"] - size[1]) <= 2
    # stored sideways without the tag, it is read sideways: the overlay turns with it
    assert size[0] < size[1]
    assert untagged["overlay"]["width"] > untagged["overlay"]["height"]


def _tap_on(client, seen: dict, tile: str) -> dict:
    job = client.app.app.state.desk.job(seen["job"])
    corners = next(t.corners for t in job.verdict.tiles if t.id == tile)
    x, y = project(job.to_overlay, corners).mean(axis=0)
    return client.post(f"/api/jobs/{seen['job']}/check", json={"x": x, "y": y}).json()


def test_a_tap_on_a_tile_answers_as_pnp_check(client, small):
    seen = upload(client, small[0]).json()
    assert seen["checks"] is True
    commands = games.get_commands("asterion")
    state = commands.read_state(small[1])
    for tile in ("Y05", "B14"):
        answer = _tap_on(client, seen, tile)
        assert answer["place"] == tile
        assert answer["lines"] == commands.check_report(state, {"target": tile}).lines
        assert len(answer["outline"]) == 4 and all(0 <= v <= 1 for p in answer["outline"]
                                                   for v in p)
        drawn = client.get(f"/api/jobs/{seen['job']}/{answer['overlay']}")
        plain = client.get(seen["overlay"]["url"])
        assert drawn.headers["content-type"] == "image/jpeg" and drawn.content != plain.content
    assert _tap_on(client, seen, "M")["lines"] == ["M carries no prisoner"]
    nowhere = client.post(f"/api/jobs/{seen['job']}/check", json={"x": 3, "y": 3}).json()
    assert nowhere["place"] is None and "Nothing to check there" in nowhere["lines"][0]
    for body in ({"x": "left"}, {"x": 1}, [], {"x": float("nan"), "y": 1}):
        r = client.post(f"/api/jobs/{seen['job']}/check", content=json.dumps(body))
        assert r.status_code == 400 and list(r.json()) == ["error"]


def test_a_hidden_tile_is_marked_and_the_players_answer_is_rescored(client, hidden, tmp_path):
    photo, truth = hidden
    seen = upload(client, photo).json()
    assert seen["certain"] is False and seen["score"]["partial"] is True
    codes = [p["code"] for p in seen["problems"]]
    assert "cell-unidentified" in codes
    unidentified = seen["problems"][codes.index("cell-unidentified")]
    assert "1,1" in unidentified["message"] and unidentified["at"] is not None
    fix = next(c for c in seen["corrections"] if c["key"] == "cell 1,1")
    values = [v for v, _ in fix["choices"]]
    assert values[0] == "empty" and "G06@0" in values and "Y03@0" not in values  # on the table
    assert unidentified["n"] in fix["problems"]

    # "empty" is not the truth: B02 is then cut off from the Minotaur, which the rules see
    wrong = client.post(f"/api/jobs/{seen['job']}/correct",
                        json={"answers": {"cell 1,1": "empty"}}).json()
    assert wrong["certain"] is False
    assert any("not connected" in p["message"] for p in wrong["problems"])

    right = client.post(f"/api/jobs/{seen['job']}/correct",
                        json={"answers": {"cell 1,1": "G06@0"}}).json()
    assert right["certain"] is True and right["corrected"] is True
    commands = games.get_commands("asterion")
    expected = commands.score_report(commands.read_state(truth))
    assert right["score"]["lines"] == expected.lines

    state = client.get(right["state"])
    assert state.headers["content-disposition"].startswith("attachment;")
    saved = tmp_path / "corrected.json"
    saved.write_bytes(state.content)
    placed = {t["id"]: (t["x"], t["y"], t["rot"]) for t in json.loads(state.content)["tiles"]}
    assert placed == {t["id"]: (t["x"], t["y"], t["rot"]) for t in truth["tiles"]}
    assert main(["score", "asterion", str(saved)]) == 0

    for answers, words in (({"cell 9,9": "empty"}, "nothing to correct"),
                           ({"cell 1,1": "Y03@0"}, "not one of the answers"),
                           ({"cell 1,1": 7}, "send the answers")):
        r = client.post(f"/api/jobs/{seen['job']}/correct", json={"answers": answers})
        assert r.status_code == 400 and words in r.json()["error"], r.text


def test_a_forgotten_or_unknown_job_is_one_sentence(client):
    r = client.get("/api/jobs/0123456789abcdef")
    assert r.status_code == 404 and r.json() == {
        "error": "this result is no longer kept; take the photo again"}

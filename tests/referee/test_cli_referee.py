"""`pnp referee asterion PHOTO` as a user runs it: exit codes 0 / 3 / 2."""

from __future__ import annotations

import json

import cv2
import numpy as np
import pytest

from pnp.cli import main
from pnp.rules.asterion import score, table_from_dict

from .conftest import small_table


def run(capsys, *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    out, err = capsys.readouterr()
    return code, out, err


@pytest.fixture(scope="module")
def photos(scenes, tmp_path_factory):
    folder = tmp_path_factory.mktemp("photos")
    clean = scenes.render(small_table(), ppm=4, turn_deg=25, tilt_deg=25, size=(1600, 1200))
    covered = scenes.render(small_table(), ppm=4, size=(1600, 1200))
    # a palm over all of G06 (cell 1,1): neither its markers nor its art can be read
    centre, edge = cv2.perspectiveTransform(np.float32([[[50, 50]], [[80, 50]]]),
                                            covered.homography).reshape(2, 2)
    palm = covered.image.copy()
    cv2.circle(palm, (int(centre[0]), int(centre[1])), int(np.linalg.norm(edge - centre)),
               (120, 150, 215), -1, cv2.LINE_AA)
    paths = {}
    for name, image in (("clean", clean.image), ("covered", palm),
                        ("blank", np.full((600, 800, 3), 150, np.uint8))):
        paths[name] = folder / f"{name}.jpg"
        cv2.imwrite(str(paths[name]), image, [cv2.IMWRITE_JPEG_QUALITY, 88])
    paths["junk"] = folder / "junk.jpg"
    paths["junk"].write_bytes(b"this is not a jpeg at all")
    return paths


def test_sure_photo_prints_the_score_and_says_where_points_came_from(capsys, photos,
                                                                     tmp_path):
    overlay, saved = tmp_path / "overlay.png", tmp_path / "table.json"
    code, out, err = run(capsys, "referee", "asterion", str(photos["clean"]),
                         "--kill-points", "yellow=3,b=-1", "--overlay", str(overlay),
                         "--save-table", str(saved))
    assert code == 0, err
    lines = out.splitlines()
    assert lines[0].startswith("seen: 8 tiles, 2 tombs; players yellow, blue, green "
                               "(from the colours on the table")
    header = next(i for i, line in enumerate(lines) if line.split()[:2] == ["colour", "escape"])
    expected = score(table_from_dict({**small_table(),
                                      "kill_points": {"yellow": 3, "blue": -1}}))
    for k, colour in enumerate(("yellow", "blue", "green"), start=1):
        s = expected.players[colour]
        assert lines[header + k].split()[:4] == [colour, str(s.escape_points),
                                                 str(s.kill_points), str(s.total)]
    assert "escape points: from the photo. kill points: from --kill-points." in out
    picture = cv2.imread(str(overlay))
    assert picture is not None and picture.shape[0] > 500
    # the saved table scores the same with `pnp score`
    code, scored, _ = run(capsys, "score", "asterion", str(saved), "--json")
    assert code == 0
    table = json.loads(saved.read_text())
    assert table["dead"] == ["Y04", "B14"] and table["kill_points"] == {"yellow": 3, "blue": -1}
    assert json.loads(scored) == expected.to_dict()


def test_check_gives_the_same_answer_as_pnp_check(capsys, photos, tmp_path):
    saved = tmp_path / "t.json"
    code, out, _ = run(capsys, "referee", "asterion", str(photos["clean"]), "--check", "y05",
                       "--save-table", str(saved), "--overlay", str(tmp_path / "o.png"))
    assert code == 0
    code, checked, _ = run(capsys, "check", "asterion", str(saved), "Y05")
    assert code == 0 and checked.strip() in out


def test_json_has_the_score_and_a_detection_section(capsys, photos):
    code, out, _ = run(capsys, "referee", "asterion", str(photos["clean"]), "--json")
    assert code == 0
    data = json.loads(out)
    assert set(data) >= {"players", "winners", "prisoners", "detection"}
    det = data["detection"]
    assert det["certain"] and det["players_from"].startswith("photo")
    assert {t["id"] for t in det["tiles"]} == {t["id"] for t in small_table()["tiles"]}
    assert set(det["tiles"][0]) >= {"id", "cell", "rot", "confidence"}


def test_unsure_photo_exits_3_without_a_score(capsys, photos, tmp_path):
    overlay = tmp_path / "unsure.png"
    code, out, err = run(capsys, "referee", "asterion", str(photos["covered"]), "--overlay",
                         str(overlay))
    assert code == 3
    assert "NOT SURE" in out and "cell-unidentified: cell 1,1" in out
    assert "colour  escape" not in out and "no score given" in out
    assert "not sure" in err and overlay.exists()
    code, out, _ = run(capsys, "referee", "asterion", str(photos["covered"]), "--partial")
    assert code == 3 and "PARTIAL SCORE" in out and "escape" in out
    code, out, _ = run(capsys, "referee", "asterion", str(photos["covered"]), "--json")
    data = json.loads(out)
    assert code == 3 and set(data) == {"detection"}
    assert data["detection"]["problems"][0]["code"] == "cell-unidentified"


@pytest.mark.parametrize(("args", "words"), [
    (("junk",), "not an image"),
    (("blank",), "no Asterion tiles"),
    (("clean", "--kill-points", "yellow=three"), "a whole number"),
    (("clean", "--kill-points", "purple=1"), "unknown colour"),
    (("clean", "--players", "yellow"), "2 to 4"),
    (("clean", "--edition", "revised", "--board"), "has no board"),
])
def test_bad_input_exits_2_with_one_line(capsys, photos, args, words):
    code, out, err = run(capsys, "referee", "asterion", str(photos[args[0]]), *args[1:])
    assert code == 2 and out == ""
    assert words in err and err.count("\n") == 1


def test_a_crete_photo_read_as_revised_is_one_error_line(capsys):
    """The example photo (a Crete game on the board) read with
    `--edition revised` names the other edition in one line, not a problem per tile."""
    from pathlib import Path

    photo = Path(__file__).resolve().parents[2] / "examples" / "endgame.jpg"
    code, out, err = run(capsys, "referee", "asterion", str(photo), "--edition", "revised")
    assert code == 2 and out == ""
    assert err.count("\n") == 1 and err.startswith("error:")
    assert "Crete edition" in err and "--edition crete" in err

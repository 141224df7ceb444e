"""The seam between the shared referee and each game's: shared modules import no game, a
game's verdict scores through its GameRules, and a game with no drawing of its own still
gets an overlay that shows its problems."""

from __future__ import annotations

import ast
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from pnp.games import part
from pnp.rules.api import Report, RulesError
from referee.api import Verdict
from referee.errors import EXIT_SURE, EXIT_UNSURE
from referee.problems import RefereeProblem

from .conftest import small_table

ROOT = Path(__file__).resolve().parents[2]
# Kept for the one-game CLI until it dispatches through the registry: re-exports Asterion.
COMPAT = {"referee/pipeline.py"}


def _game_packages(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if (p / "__init__.py").exists()}


def _imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def test_shared_modules_import_no_game_and_not_the_registry():
    games = _game_packages(ROOT / "pnp" / "rules")
    referee_games = _game_packages(ROOT / "referee") - {"synth"}
    assert "asterion" in games and "asterion" in referee_games
    forbidden = ({f"pnp.rules.{g}" for g in games} | {f"pnp.printing.{g}" for g in games}
                 | {f"referee.{g}" for g in referee_games} | {"pnp.games"})
    shared = [*(ROOT / "referee").glob("*.py"), *(ROOT / "referee" / "synth").glob("*.py")]
    assert len(shared) > 15
    for path in shared:
        if str(path.relative_to(ROOT)) in COMPAT:
            continue
        bad = {n for n in _imports(path) for f in forbidden if n == f or n.startswith(f + ".")}
        assert not bad, (path.name, bad)


def _jpeg(image: np.ndarray) -> bytes:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, 88])
    assert ok
    return data.tobytes()


def test_the_registry_referee_scores_through_the_game_rules(scenes):
    referee = part("asterion", "referee")
    commands = part("asterion", "commands")
    scene = scenes.render(small_table(), ppm=4, turn_deg=25, tilt_deg=25, size=(1600, 1200))
    verdict = referee.read(_jpeg(scene.image), kill_points={"yellow": 3})
    assert verdict.is_certain and verdict.exit_code == EXIT_SURE
    truth = commands.read_state({**small_table(), "kill_points": {"yellow": 3}})
    assert verdict.score_report() == commands.score_report(truth)
    data = verdict.to_dict()
    assert {k: v for k, v in data.items() if k != "detection"} == \
        commands.score_report(truth).data
    det = data["detection"]
    assert list(det)[:2] == ["certain", "photo"] and list(det)[-1] == "problems"
    assert len(det["tiles"]) == len(small_table()["tiles"])
    overlay = referee.draw_overlay(verdict, check="Y05")
    assert overlay.ndim == 3 and np.array_equal(overlay, verdict.draw_overlay(check="Y05"))


class _Toy:
    """A rules core that scores the number of pieces; a state without "pieces" is bad."""

    name = "toy"

    def read_state(self, data: Any) -> list[str]:
        if "pieces" not in data:
            raise RulesError("no pieces")
        return list(data["pieces"])

    def score_report(self, state: list[str]) -> Report:
        return Report([f"{len(state)} pieces"], {"score": len(state)})


class _ToyVerdict(Verdict):
    rules = _Toy()

    def seen(self) -> dict[str, Any]:
        return {"pieces_from": "photo"}


def test_a_new_game_gets_scores_detection_and_exit_codes_from_the_base_verdict():
    sure = _ToyVerdict({"pieces": ["a", "b"]}, photo_size=(40, 30))
    assert sure.exit_code == EXIT_SURE and sure.score_report().data == {"score": 2}
    assert sure.to_dict() == {"score": 2, "detection": {
        "certain": True, "photo": {"width": 40, "height": 30}, "pieces_from": "photo",
        "problems": []}}
    problem = RefereeProblem("piece-hidden", "a piece is covered", (1, 2), (10.0, 12.0))
    unsure = _ToyVerdict({"other": 1}, [problem])
    assert unsure.exit_code == EXIT_UNSURE and unsure.rules_state() is None
    assert unsure.to_dict() == {"detection": {
        "certain": False, "photo": {"width": 0, "height": 0}, "pieces_from": "photo",
        "problems": [{"code": "piece-hidden", "message": "a piece is covered", "cell": [1, 2],
                      "point": [10.0, 12.0]}]}}


def test_the_basic_overlay_circles_problems_under_a_banner():
    photo = np.full((300, 400, 3), 120, np.uint8)
    problem = RefereeProblem("piece-hidden", "a piece is covered", None, (200.0, 150.0))
    unsure = _ToyVerdict(None, [problem]).draw_overlay(photo, 1.0)
    sure = _ToyVerdict(None).draw_overlay(photo, 1.0)
    # the whole photo, enlarged 2x, under a band; the unsure band lists the problem
    assert unsure.shape[1] == sure.shape[1] == 800
    assert unsure.shape[0] > sure.shape[0] > 600
    band = unsure.shape[0] - 600
    magenta = (unsure[..., 0] > 200) & (unsure[..., 1] < 80) & (unsure[..., 2] > 200)
    rows, cols = np.nonzero(magenta)
    assert rows.min() < band                                  # the banner's first line
    ring = rows >= band                                       # the circle on the photo
    assert abs(rows[ring].mean() - band - 300) < 10 and abs(cols[ring].mean() - 400) < 10
    assert not ((sure[..., 0] > 200) & (sure[..., 1] < 80) & (sure[..., 2] > 200)).any()


def test_too_few_board_markers_says_what_was_seen_and_what_to_do():
    from referee.problems import TOO_FEW_MARKERS, too_few_board_markers

    problem = too_few_board_markers(2, 6, 3)
    assert problem.code == TOO_FEW_MARKERS and problem.cell is None and problem.point is None
    assert "only 2 of the board's 6 markers seen (at least 3" in problem.message
    assert "photograph the whole board" in problem.message

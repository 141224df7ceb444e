"""The seams: every package imports only the layers below it (rules <- geometry <-
{printing, referee}) and shared modules import no game; a game's verdict scores through
its GameRules, and a game with no drawing of its own still gets an overlay that shows
its problems."""

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


def _game_packages(folder: Path) -> set[str]:
    return {p.name for p in folder.iterdir() if (p / "__init__.py").exists()}


# The layers, lowest first: a module imports only from its own layer's package and those
# below it. The referee stands beside printing and takes printed faces only through its
# seam (`render_faces` of a `BuildRequest`, the game's part from the registry), never from
# a print module. The registry (pnp.games) names every game's parts: the shared modules of
# rules, geometry, printing and the referee never ask it (they are handed the parts), nor
# import a game, and a game's modules import no other game's.
LAYERS = (
    ("pnp.units", "pnp.layouts", "pnp.markers", "pnp.fileio", "pnp.inputs", "pnp.compiled_once"),
    ("pnp.rules",),
    ("pnp.geometry",),
    ("pnp.printing", "referee"),
    ("pnp.games",),
    ("pnp.serve",),
    ("pnp.cli",),
)
REFEREE_MAY = {"pnp.printing.build", "pnp.printing.export", "pnp.games"}
LAYER_ROOTS = ("pnp/rules", "pnp/geometry", "pnp/printing", "referee")


def _module(path: Path) -> str:
    return ".".join(path.relative_to(ROOT).with_suffix("").parts).removesuffix(".__init__")


def _under(name: str, prefix: str) -> bool:
    return name == prefix or name.startswith(prefix + ".")


def _layer(name: str) -> tuple[int, str] | None:
    for level, prefixes in enumerate(LAYERS):
        for prefix in prefixes:
            if _under(name, prefix):
                return level, prefix
    return None


def _game(name: str, games: set[str]) -> str | None:
    """The game a module belongs to (pnp.printing.asterion.draw -> asterion), or None."""
    for root in LAYER_ROOTS:
        prefix = root.replace("/", ".")
        if _under(name, prefix) and name != prefix:
            first = name.removeprefix(prefix + ".").split(".")[0]
            return first if first in games else None
    return None


def _imported(path: Path) -> set[str]:
    """Every module a file imports, and for `from a import b` also a.b (b may be one)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.ImportFrom) and node.module:
            names |= {node.module} | {f"{node.module}.{a.name}" for a in node.names}
        elif isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
    return names


def _layer_breaks(name: str, imports: set[str], games: set[str]) -> set[str]:
    """What module `name` imports against the layer order or the game seams."""
    level, package = _layer(name) or (0, "")
    game = _game(name, games)
    bad = set()
    for imported in imports:
        target = _layer(imported)
        seam = package == "referee" and any(_under(imported, m) for m in REFEREE_MAY)
        below = (target is None or _under(imported, package) or target[0] < level
                 or target[0] == level == 0)
        if not (seam or below):
            bad.add(imported)
        if package.replace(".", "/") not in LAYER_ROOTS:
            if _game(imported, games) is not None:
                bad.add(imported)       # the applications find every game through the
            continue                    # registry, never by importing one
        other = _game(imported, games)
        if other is not None and other != game:
            bad.add(imported)           # a shared module never imports a game, nor a game
        if game is None and _under(imported, "pnp.games"):
            bad.add(imported)           # ... another's; shared modules are handed the parts
    return bad


def test_every_package_imports_only_the_layers_below_it_and_no_other_game():
    games = _game_packages(ROOT / "pnp" / "rules")
    assert {"asterion", "assyria", "constructo", "spider_twist"} <= games
    paths = [p for root in (ROOT / "pnp", ROOT / "referee") for p in root.rglob("*.py")]
    assert len(paths) > 200
    breaks = {}
    for path in paths:
        name = _module(path)
        if _layer(name) is None and name != "pnp":
            raise AssertionError(f"{name} is in no layer: add it to LAYERS")
        bad = _layer_breaks(name, _imported(path), games)
        if bad:
            breaks[name] = sorted(bad)
    assert not breaks, breaks


def test_the_layer_check_catches_each_kind_of_break():
    games = {"asterion", "assyria"}
    breaks = {
        "pnp.geometry.polygon": {"pnp.printing.placement"},            # upwards
        "pnp.rules.api": {"pnp.geometry.polygon"},
        "pnp.printing.placement": {"pnp.printing.asterion"},           # shared -> a game
        "pnp.printing.asterion.draw": {"pnp.geometry.assyria"},        # another game
        "referee.asterion.faces": {"pnp.printing.asterion.draw"},      # a print module
        "referee.detect": {"pnp.games"},                               # shared -> registry
        "pnp.printing.export": {"referee.synth"},                      # beside, not below
        "pnp.cli.rules": {"pnp.rules.asterion.commands"},              # an app names a game
    }
    for name, imports in breaks.items():
        assert _layer_breaks(name, imports, games) == imports, name
    fine = {"pnp.printing.export", "pnp.games", "pnp.geometry.asterion.tile", "pnp.units",
            "pnp.rules.asterion.tiles", "referee.geometry", "numpy"}
    assert not _layer_breaks("referee.asterion.faces", fine, games)
    assert not _layer_breaks("pnp.markers", {"pnp.layouts"}, games)


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

"""The per-game seams with a game that is not Asterion: the shared build, print check page,
page labels and export run on nothing but what its GamePrinting gives; and, registered,
the CLI offers its rules' and its referee's options from their data alone (adding a game
edits no CLI file)."""

from __future__ import annotations

import json
import subprocess
import sys
from dataclasses import dataclass
from typing import ClassVar

import pypdfium2 as pdfium
import pytest
from reportlab.lib.colors import HexColor

from pnp import games
from pnp.printing.build import BuildError, BuildRequest, build, output_name, plan
from pnp.printing.export import export
from pnp.printing.game import CheckSample, ExportPiece, GamePrinting, lazy, page_component
from pnp.printing.placement import Component
from pnp.rules.api import Report, RulesError, Simulation
from pnp.rules.options import Option, whole_number
from referee.api import GameReferee, Verdict
from referee.image import load_photo
from tests.inputs.fuzzing import run_cli

INK = HexColor("#224466")


def components(edition, options):
    cards = [Component(f"card-{n}", "card", 63.0, 88.0, back="card") for n in range(1, 6)]
    return [*cards, page_component("aid", options.paper)]


def draw(canvas, item, ctx):
    canvas.setFillColor(INK if item.face == "front" else HexColor("#DDDDDD"))
    canvas.rect(item.x - ctx.bleed, item.y - ctx.bleed, item.width + 2 * ctx.bleed,
                item.height + 2 * ctx.bleed, stroke=0, fill=1)


CARDS = GamePrinting(
    name="cards", title="Cards", editions={}, components=components, draw=draw,
    style=lambda ink_saver: None,
    export=lambda ctx: [ExportPiece(Component("card-1", "card", 63.0, 88.0), back=True,
                                    count=5, extra={"deck": "main"})],
    check_sample=CheckSample("card", 63.0, 88.0),
)


def text(document, page: int) -> str:
    return document[page].get_textpage().get_text_range()


def test_a_one_edition_game_builds_with_the_check_page_first(tmp_path):
    request = BuildRequest("cards", printing=CARDS)
    assert output_name(request) == "cards.pdf"
    _ctx, pages = plan(request)
    assert [p.kind for p in pages if p.side == "front"] == ["check", "components", "aid"]
    result = build(request, tmp_path)
    document = pdfium.PdfDocument(result.path)
    check = text(document, 0)
    assert "Cards: print check" in check
    assert "every card is exactly 63.0 x 88.0 mm." in check
    assert "63 x 88 mm: one card" in check
    assert "Cards · sheet 2 of 3 · front · a4" in text(document, 2)
    assert result.components == {"check": 1, "card": 5, "aid": 1}


def test_editions_come_from_the_game():
    with pytest.raises(BuildError, match="unknown edition 'deluxe' for cards"):
        plan(BuildRequest("cards", "deluxe", printing=CARDS))


def test_export_writes_the_games_faces_and_manifest_extras(tmp_path):
    result = export(BuildRequest("cards", printing=CARDS), tmp_path, dpi=40)
    manifest = json.loads((tmp_path / "manifest.json").read_text())
    assert manifest["game"] == "cards" and manifest["edition"] is None
    assert manifest["components"] == [{"id": "card-1", "kind": "card", "width_mm": 63.0,
                                       "height_mm": 88.0, "front": "card-1.png",
                                       "back": "card-1-back.png", "count": 5,
                                       "deck": "main"}]
    assert result.files == 3
    assert (tmp_path / "card-1-back.png").exists()


def test_lazy_imports_its_target_on_the_first_call_only():
    hypot = lazy("math:hypot")
    assert hypot(3.0, 4.0) == 5.0
    missing = lazy("pnp.printing.no_such_module:draw_item")   # made without importing
    with pytest.raises(ModuleNotFoundError):
        missing()


def test_importing_the_games_printing_parts_loads_no_reportlab():
    code = ("import sys\n"
            "import pnp.printing.asterion, pnp.printing.spider_twist\n"
            "import pnp.printing.constructo, pnp.printing.assyria\n"
            "print(sorted(m for m in sys.modules if m.startswith('reportlab')))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.strip() == "[]"


# ---------------------------------------------------------------- rules and a referee

class CardsRules:
    """A toy rules core: two hands of numbered cards; the higher sum wins."""

    name = "cards"
    score_options = (Option("double", "every card counts twice.", "flag"),)
    check_options = (Option("card", "who holds this card, e.g. 3.", "argument",
                            parse=whole_number("card"), metavar="CARD"),)
    simulate_options = (Option("deck", "how many cards are dealt, 2-10.",
                               parse=whole_number("deck"), metavar="N"),
                        Option("dealer", "who deals.", choices=("north", "south")))
    pieces_options = ()

    def pieces_report(self):
        return Report(["cards: 1 to 10"], {"cards": list(range(1, 11))})

    def read_state(self, data):
        if not isinstance(data, dict) or set(data.get("hands", ())) != {"north", "south"}:
            raise RulesError("hands: name north's and south's cards")
        return data["hands"]

    def score_report(self, hands, double=False):
        points = {p: sum(cards) * (2 if double else 1) for p, cards in hands.items()}
        return Report([f"{p} {n}" for p, n in points.items()], {"points": points})

    def check_report(self, hands, query):
        holder = [p for p, cards in hands.items() if query.get("card") in cards]
        return Report([f"card {query.get('card')}: {holder[0] if holder else 'nobody'}"])

    def simulate(self, seed, options):
        deck = options.get("deck", 4)
        if not 2 <= deck <= 10:
            raise RulesError(f"--deck must be 2 to 10, not {deck}")
        first = options.get("dealer", "north")
        second = "south" if first == "north" else "north"
        hands = {first: list(range(1, deck + 1, 2)), second: list(range(2, deck + 1, 2))}
        return Simulation({"state.json": json.dumps({"hands": hands})}, f"{deck} cards dealt")


RULES = CardsRules()


@dataclass
class CardsVerdict(Verdict):
    rules: ClassVar = RULES


class CardsReferee(GameReferee):
    """Sees the same two cards in every photo; remembers the options it was given."""

    name = "cards"
    read_options = (Option("light", "dim or bright.", choices=("dim", "bright")),)
    def __init__(self) -> None:
        self.given: dict = {}

    def read(self, photo, **options):
        self.refuse_unknown(options)
        self.given = options
        image = load_photo(photo)
        return CardsVerdict({"hands": {"north": [1], "south": [2]}}, photo_size=image.size)


REFEREE = CardsReferee()


@pytest.fixture
def registered(monkeypatch):
    """The toy game in the registry, as a new game's author would add it."""
    monkeypatch.setitem(games.GAMES, "cards", games.GameInfo(
        "cards", "Cards", printing="tests.printing.test_game_seam:CARDS",
        commands="tests.printing.test_game_seam:RULES",
        referee="tests.printing.test_game_seam:REFEREE"))
    REFEREE.given = {}
    return REFEREE


def test_a_registered_game_gets_its_options_on_the_cli(registered, tmp_path):
    out = tmp_path / "sim"
    done = run_cli(["simulate", "cards", "--deck", "6", "--dealer", "south", "--out", str(out)])
    assert done.code == 0 and "6 cards dealt" in done.out, done.err
    state = out / "state.json"
    assert json.loads(state.read_text()) == {"hands": {"south": [1, 3, 5], "north": [2, 4, 6]}}
    assert run_cli(["score", "cards", str(state)]).out == "south 9\nnorth 12\n"
    assert run_cli(["score", "cards", str(state), "--double"]).out == "south 18\nnorth 24\n"
    assert run_cli(["check", "cards", str(state), "5"]).out == "card 5: south\n"
    helped = run_cli(["simulate", "cards", "--help"]).out
    assert "--deck N" in helped and "cards: how many cards are dealt, 2-10." in helped
    assert "--players" not in helped               # another game's, not offered here
    assert "--players" in run_cli(["simulate", "--help"]).out
    assert "cards (Cards): build, export, score, check, simulate, pieces, referee" in \
        run_cli(["games"]).out
    assert run_cli(["pieces", "cards"]).out == "cards: 1 to 10\n"


@pytest.mark.parametrize(("argv", "line"), [
    (["simulate", "cards", "--deck", "many"], "--deck must be a whole number, not 'many'"),
    (["simulate", "cards", "--deck", "11"], "--deck must be 2 to 10, not 11"),
    (["simulate", "cards", "--dealer", "east"],
     "unknown dealer 'east' (choose from: north, south)"),
    (["simulate", "cards", "--players", "2"],
     "--players does not apply to `pnp simulate cards` (it takes: --deck, --dealer)"),
    (["simulate", "asterion", "--deck", "2"], "--deck does not apply to `pnp simulate asterion`"),
])
def test_a_bad_option_of_a_registered_game_is_one_line(registered, tmp_path, argv, line):
    done = run_cli([*argv, "--out", str(tmp_path / "sim")])
    assert done.code == 2 and done.out == ""
    assert done.err.startswith(f"error: {line}") and done.err.count("\n") == 1
    assert not (tmp_path / "sim").exists()


def test_a_registered_game_gets_its_referee_options_on_the_cli(registered, tmp_path):
    import cv2
    import numpy as np

    photo = tmp_path / "table.png"
    cv2.imwrite(str(photo), np.full((40, 60, 3), 128, np.uint8))
    done = run_cli(["referee", "cards", str(photo), "--light", "dim", "--check", "2"])
    assert done.code == 0, done.err
    assert registered.given == {"light": "dim"}
    assert "north 1" in done.out and "card 2: south" in done.out
    bad = run_cli(["referee", "cards", str(photo), "--light", "dark"])
    assert bad.code == 2 and bad.err == ("error: unknown light 'dark' (choose from: dim, "
                                         "bright)\n")
    assert "--light" in run_cli(["referee", "cards", "--help"]).out

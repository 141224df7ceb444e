"""`pnp export GAME --tts`: every game's saved object follows TTS's save format, every card
shows its own face, pieces lie where the rulings set the game up at their printed size,
and the same export writes the same bytes."""

from __future__ import annotations

import json
from pathlib import Path
from urllib.parse import unquote, urlsplit

import numpy as np
import pytest
from PIL import Image

from pnp.games import game_names, part
from pnp.geometry import assyria as assyria_geometry
from pnp.geometry.constructo import board_centres
from pnp.printing.build import BuildRequest
from pnp.printing.export import render_faces
from pnp.printing.tts.export import export_tts, fit
from pnp.printing.tts.render import card_face, draw_folder, face_up, position, turn
from pnp.printing.tts.sheets import CAPACITY, MAX_SIDE, cell_size, grid, plan_sheets
from pnp.printing.tts.units import card_size, image_size
from pnp.rules.assyria.game import GAME as ASSYRIA

from .conftest import TTS_DPI, TTS_EDITIONS
from .tts_schema import every_object, problems


def _save(folder: Path) -> dict:
    return json.loads((folder / _save_name(folder)).read_text())


def _save_name(folder: Path) -> str:
    return next(p.name for p in folder.glob("*.json") if p.name != "manifest.json")


def _file(folder: Path, url: str) -> Path:
    return folder / Path(unquote(urlsplit(url).path)).name


def _objects(save: dict, name: str) -> list[dict]:
    return [o for o in every_object(save["ObjectStates"]) if o["Name"] == name]


def _at(obj: dict) -> tuple[float, float]:
    x, y = position(obj)
    return round(x, 1), round(y, 1)


def _near(obj: dict, point: tuple[float, float]) -> bool:
    """Whether the object's centre is `point` (mm), to the save file's precision."""
    x, y = position(obj)
    return abs(x - point[0]) < 0.01 and abs(y - point[1]) < 0.01


def test_every_game_with_printing_has_a_tts_set_up():
    assert game_names("tts") == game_names("printing")
    assert {g for g, _ in TTS_EDITIONS} == set(game_names("tts"))


@pytest.mark.parametrize(("game", "edition"), TTS_EDITIONS)
def test_every_object_follows_the_save_format_and_its_images_are_there(
        tts_exports, game, edition):
    folder, result = tts_exports(game, edition)
    save = _save(folder)
    assert problems(save) == []
    urls = set()
    for obj in every_object(save["ObjectStates"]):
        custom = obj.get("CustomImage", {})
        urls |= {custom.get("ImageURL"), custom.get("ImageSecondaryURL")}
        for sheet in obj.get("CustomDeck", {}).values():
            urls |= {sheet["FaceURL"], sheet["BackURL"]}
    urls.discard(None)
    urls.discard("")
    for url in urls:
        assert url.startswith("file:///") and _file(folder, url).is_file(), url
    listed = set(json.loads((folder / "manifest.json").read_text())["files"])
    assert listed == {p.name for p in folder.iterdir()}
    assert {"README.txt", result.save, result.save.replace(".json", ".png")} <= listed
    with Image.open(folder / result.save.replace(".json", ".png")) as thumb:
        assert thumb.size == (256, 256)


@pytest.mark.parametrize(("game", "edition"), TTS_EDITIONS)
def test_every_piece_is_its_printed_size(tts_exports, game, edition):
    folder, _result = tts_exports(game, edition)
    request = BuildRequest(game, edition, printing=part(game, "printing"))
    from pnp.printing.build import plan

    ctx, _pages = plan(request)
    sizes = {p.component.id: (p.component.width, p.component.height)
             for p in ctx.printing.export(ctx)}
    checked = 0
    for obj in every_object(_save(folder)["ObjectStates"]):
        scale = obj["Transform"]["scaleX"]
        if obj["Name"] in ("Custom_Tile", "Custom_Token", "Custom_Board"):
            piece = _file(folder, obj["CustomImage"]["ImageURL"]).stem
            w, h = sizes[piece]
            assert image_size(scale, w / h) == pytest.approx((w, h), abs=0.1), piece
            checked += 1
        elif obj["Name"] == "Card":
            w, h = sizes[obj["Nickname"]]
            assert card_size(scale, w / h) == pytest.approx((w, h), abs=0.1)
            checked += 1
    assert checked > 5


@pytest.fixture(scope="module")
def assyria_faces() -> dict[str, Image.Image]:
    request = BuildRequest("assyria", printing=part("assyria", "printing"))
    return dict(render_faces(request, TTS_DPI))


def _difference(a: Image.Image, b: Image.Image) -> float:
    b = b.convert("RGB").resize(a.size, Image.LANCZOS)
    return float(np.abs(np.asarray(a.convert("RGB"), float) - np.asarray(b, float)).mean())


def test_every_cards_id_points_at_its_own_face_and_back_on_its_sheets(
        tts_exports, assyria_faces):
    folder, _result = tts_exports("assyria")
    load = lambda url: Image.open(_file(folder, url))       # noqa: E731
    cards = _objects(_save(folder), "Card")
    assert len(cards) == 54              # 4 players: every card is on the table
    card_faces = {k: v for k, v in assyria_faces.items()
                  if not k.endswith("-back") and f"{k}-back" in assyria_faces}
    for card in cards:
        own = card["Nickname"]
        shown = card_face(card, load, True)
        differences = {face: _difference(shown, image) for face, image in card_faces.items()}
        assert min(differences, key=differences.get) == own
        assert differences[own] < 4.0, (own, differences[own])
        back = card_face(card, load, False)
        assert _difference(back, assyria_faces[f"{own}-back"]) < 4.0


def test_assyria_is_laid_out_as_its_rules_core_sets_it_up(tts_exports):
    folder, _result = tts_exports("assyria")
    save = _save(folder)
    width, height = assyria_geometry.board_size()

    def board_point(space) -> tuple[float, float]:
        x, y = space.centre
        return x - width / 2, y - height / 2

    def tokens_on(space) -> list[str]:
        return sorted(Path(t["CustomImage"]["ImageURL"]).stem
                      for t in _objects(save, "Custom_Token") if _near(t, board_point(space)))

    state = ASSYRIA.initial_state(1, 4)
    for space, colour in zip(assyria_geometry.turn_spaces(), state.order, strict=True):
        assert tokens_on(space) == [f"disc-{colour}"]
    for space in (assyria_geometry.score_spaces()[0], assyria_geometry.camel_spaces()[0],
                  assyria_geometry.offering_spaces()[0]):
        assert tokens_on(space) == sorted(f"disc-{c}" for c in state.players)
    slot_1 = [c for c in _objects(save, "Card") if c["Nickname"] == "expansion-4"
              and _near(c, board_point(assyria_geometry.expansion_slots()[0]))]
    assert len(slot_1) == 1 and face_up(slot_1[0])
    # the sowing: five columns of two cards, face up, left to right below the board
    laid = sorted((c for c in _objects(save, "Card") if face_up(c)
                   and position(c)[1] > height / 2 and c["Nickname"] not in ("bonus",)
                   and c["Nickname"] != "plough"), key=lambda c: (position(c)[0], position(c)[1]))
    columns = [[c["Nickname"] for c in laid[k:k + 2]] for k in range(0, len(laid), 2)]
    assert columns == state.sowing
    decks = {d["Nickname"]: d for d in _objects(save, "DeckCustom")}
    assert len(decks["Food deck"]["ContainedObjects"]) == sum(state.deck.values())
    assert not face_up(decks["Food deck"]) and not face_up(decks["Expansion cards"])


def test_asterion_starts_with_the_minotaur_on_the_boards_centre(tts_exports):
    for edition, tiles in (("crete", 17), ("revised", 16)):
        save = _save(tts_exports("asterion", edition)[0])
        tiles_by_name = {t["Nickname"]: t for t in _objects(save, "Custom_Tile")}
        minotaur = tiles_by_name["M - Minotaur"]
        assert _near(minotaur, (0.0, 0.0)) and face_up(minotaur)
        boards = _objects(save, "Custom_Board")
        if edition == "crete":
            assert len(boards) == 1 and _near(boards[0], (0, 0)) and boards[0]["Locked"]
            assert minotaur["Transform"]["posY"] > boards[0]["Transform"]["posY"]
        else:
            assert boards == []
        for letter in "YBRG":
            pile = [t for n, t in tiles_by_name.items() if n.startswith(letter)]
            assert len(pile) == tiles and len({_at(t) for t in pile}) == 1
            assert not any(face_up(t) for t in pile)
            assert len({t["Transform"]["posY"] for t in pile}) == tiles   # on each other
        bags = _objects(save, "Bag")
        assert [len(b["ContainedObjects"]) for b in bags] == [68]


def test_spider_twist_starts_with_the_female_on_the_centre_and_males_in_stock(tts_exports):
    folder, _result = tts_exports("spider-twist")
    save = _save(folder)
    (web,) = _objects(save, "Custom_Board")[:1]
    assert _near(web, (0.0, 0.0)) and "spiral" in web["States"]["2"]["CustomImage"][
        "ImageURL"]
    tiles = _objects(save, "Custom_Tile")
    (female,) = [t for t in tiles if t["Nickname"] == "Female"]
    assert _near(female, (0.0, 0.0))
    for colour, side in (("white", 1), ("black", -1)):
        males = [t for t in tiles if t["Nickname"] == f"{colour} male"]
        assert len(males) == 10 and all(face_up(m) for m in males)
        assert all(position(m)[1] * side > 131 for m in males)      # off the board
        assert {turn(m) for m in males} == {0.0 if side == 1 else 180.0}
    assert len(_objects(save, "Die_6")) == 1
    picture = draw_folder(folder, "spider-twist.json", 1.0, box=(-200, -150, 200, 150))
    r, g, b = np.asarray(picture.crop((190, 140, 211, 161)), float).mean(axis=(0, 1))[:3]
    assert min(r, g) > b + 60, "the yellow female in the middle of the table"
    r, g, b = np.asarray(picture.crop((140, 90, 161, 111)), float).mean(axis=(0, 1))[:3]
    assert not min(r, g) > b + 60, "and no yellow off her node"


def test_constructo_lays_round_ones_pattern_with_tiles_touching(tts_exports):
    save = _save(tts_exports("constructo")[0])
    tiles = [t for t in _objects(save, "Custom_Tile") if t["Nickname"].startswith("tile-")]
    centres = board_centres("rhombus").values()
    assert len(tiles) == 9 and all(any(_near(t, c) for t in tiles) for c in centres)
    assert all(t["CustomImage"]["CustomTile"]["Type"] == 1 for t in tiles)
    pieces = [t for t in _objects(save, "Custom_Tile") if t not in tiles]
    assert len(pieces) == 18 and all(t["CustomImage"]["CustomTile"]["Type"] == 2
                                     for t in pieces)


def test_the_same_export_writes_the_same_bytes(tmp_path):
    request = BuildRequest("assyria", printing=part("assyria", "printing"))
    game = part("assyria", "tts")
    first, second = tmp_path / "one", tmp_path / "two"
    base = "https://example.org/assyria/"
    export_tts(request, first, game, dpi=TTS_DPI, url_base=base)
    export_tts(request, second, game, dpi=TTS_DPI, url_base=base)
    files = sorted(p.name for p in first.iterdir())
    assert files == sorted(p.name for p in second.iterdir())
    assert all((first / f).read_bytes() == (second / f).read_bytes() for f in files)
    save = json.loads((first / "assyria.json").read_text())
    urls = [o["CustomImage"]["ImageURL"] for o in every_object(save["ObjectStates"])
            if "CustomImage" in o]
    assert urls and all(u.startswith(base) and (first / u[len(base):]).is_file()
                        for u in urls)
    again = {f: (first / f).read_bytes() for f in files}
    export_tts(request, first, game, dpi=TTS_DPI, url_base=base)   # over an earlier export
    assert {f: (first / f).read_bytes() for f in files} == again


def test_sheets_keep_to_ttss_limits():
    assert grid(1) == (2, 2) and grid(9) == (10, 2) and grid(CAPACITY) == (10, 7)
    with pytest.raises(ValueError):
        grid(CAPACITY + 1)
    sheets = plan_sheets([[f"a{n}" for n in range(75)], ["b1"]])
    assert [(s.deck_id, len(s.cards)) for s in sheets] == [(1, 69), (2, 6), (3, 1)]
    assert sheets[1].card_id("a70") == 201 and sheets[0].hidden_slot == 69
    w, h = cell_size((1200, 1700), 10, 7)
    assert w * 10 <= MAX_SIDE and h * 7 <= MAX_SIDE and abs(w / h - 1200 / 1700) < 0.01
    assert fit(Image.new("RGB", (6000, 3000))).size == (MAX_SIDE, MAX_SIDE // 2)


def _toy_draw(canvas, item, ctx):
    shade = {"front": "#224466", "back": "#DDDDDD"}[item.face]
    from reportlab.lib.colors import HexColor

    canvas.setFillColor(HexColor(shade))
    canvas.rect(item.x, item.y, item.width, item.height, stroke=0, fill=1)


def test_a_game_not_in_the_registry_gets_its_table_from_its_data_alone(tmp_path):
    """Adding a game edits no shared file: a toy's GamePrinting and TtsGame suffice."""
    from pnp.printing.game import CheckSample, ExportPiece, GamePrinting
    from pnp.printing.placement import Component
    from pnp.printing.tts.setup import Lay, Name, TtsGame

    pieces = [ExportPiece(Component("board", "board", 200.0, 100.0)),
              ExportPiece(Component("disc", "disc", 20.0, 20.0, shape="round"), count=3),
              ExportPiece(Component("chit", "chit", 25.0, 25.0, back="chit"), back=True),
              *(ExportPiece(Component(f"card-{n}", "card", 63.0, 88.0, back="card"),
                            back=True) for n in range(1, 4))]
    toy = GamePrinting(name="toy", title="Toy", editions={}, components=lambda e, o: [],
                       draw=_toy_draw, style=lambda ink_saver: None,
                       export=lambda ctx: pieces, check_sample=CheckSample("card", 63, 88))
    game = TtsGame(
        lay=lambda ctx: [Lay(("board",), locked=True), Lay(("chit",), 10.0, 0.0),
                         Lay(("disc",) * 3, -150.0, 0.0, pile="bag", name="Discs"),
                         Lay(("card-1", "card-2", "card-3"), 150.0, 0.0, face_up=False,
                             name="Deck")],
        name=lambda piece: Name(piece.component.id, f"a {piece.component.kind}"),
        objects={"board": "board", "card": "card"})
    result = export_tts(BuildRequest("toy", printing=toy), tmp_path / "toy", game, dpi=36)
    save = json.loads((tmp_path / "toy" / result.save).read_text())
    assert problems(save) == []
    names = [o["Name"] for o in save["ObjectStates"]]
    assert names == ["Custom_Board", "Custom_Tile", "Bag", "DeckCustom"]
    chit = save["ObjectStates"][1]
    assert chit["Transform"]["posY"] > save["ObjectStates"][0]["Transform"]["posY"]
    (disc,) = {json.dumps(d["CustomImage"]) for d in save["ObjectStates"][2]["ContainedObjects"]}
    assert json.loads(disc)["CustomToken"]["Thickness"] > 0
    with Image.open(tmp_path / "toy" / "disc.png") as image:
        assert image.mode == "RGBA" and image.getpixel((0, 0))[3] == 0     # cut out round
    deck = save["ObjectStates"][3]
    assert deck["CustomDeck"]["1"]["NumWidth"] * deck["CustomDeck"]["1"]["NumHeight"] >= 4


def test_an_interrupted_export_leaves_the_earlier_one_whole(tmp_path):
    request = BuildRequest("constructo", printing=part("constructo", "printing"))
    out = tmp_path / "tts"
    export_tts(request, out, part("constructo", "tts"), dpi=36)
    before = {p.name: p.read_bytes() for p in out.iterdir()}

    def interrupt(done: int, total: int) -> None:
        if done == 5:
            raise KeyboardInterrupt

    with pytest.raises(KeyboardInterrupt):
        export_tts(request, out, part("constructo", "tts"), dpi=40, progress=interrupt)
    assert {p.name: p.read_bytes() for p in out.iterdir()} == before
    assert [p.name for p in tmp_path.iterdir()] == ["tts"], "no temporary folder left"

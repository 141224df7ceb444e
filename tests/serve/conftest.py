"""Photos and a running app for pnp serve's tests."""

from __future__ import annotations

import io
import json
import warnings
from functools import cache
from pathlib import Path

import cv2
import numpy as np
import pytest

pytest.importorskip("starlette", reason="pnp serve's extra: pip install -e '.[test,serve]'")
pytest.importorskip("httpx", reason="pnp serve's tests: pip install -e '.[test,serve]'")

# Starlette 1.x would rather have httpx2 (not on PyPI's stable track yet); httpx works.
warnings.filterwarnings("ignore", message=".*httpx.*starlette.testclient.*")
from starlette.testclient import TestClient  # noqa: E402

from pnp import games  # noqa: E402
from pnp.serve import ServeConfig, create_app  # noqa: E402
from tests.referee.conftest import small_table  # noqa: E402
from tests.referee.scenes import Scenes  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]
EXAMPLES = ROOT / "examples"
TOKEN = "test-token-0123456789"


def jpeg(image: np.ndarray, quality: int = 90) -> bytes:
    ok, data = cv2.imencode(".jpg", image, [cv2.IMWRITE_JPEG_QUALITY, quality])
    assert ok
    return data.tobytes()


def plain(colour: tuple[int, int, int], size: tuple[int, int] = (64, 48)) -> bytes:
    """A one-colour JPEG (BGR) for the toy game."""
    return jpeg(np.full((size[1], size[0], 3), colour, np.uint8), 95)


@cache
def endgame() -> tuple[bytes, dict]:
    """The README's example photo and the table file it was made from."""
    return ((EXAMPLES / "endgame.jpg").read_bytes(),
            json.loads((EXAMPLES / "endgame.json").read_text()))


@pytest.fixture(scope="session")
def scenes(asterion_faces) -> Scenes:
    """Tables of the print `pnp build` makes (the page reads what players print)."""
    from pnp.geometry.asterion.tile import printed_marks

    marks = printed_marks()
    return Scenes(asterion_faces("crete", marks, 200), dpi=200, marks=marks)


@pytest.fixture(scope="session")
def small(scenes) -> tuple[bytes, dict]:
    """A small table, every tile read: (JPEG, its table file)."""
    scene = scenes.render(small_table(), ppm=4, turn_deg=25, tilt_deg=25, size=(1600, 1200))
    return jpeg(scene.image), scene.table


@pytest.fixture(scope="session")
def hidden(scenes) -> tuple[bytes, dict]:
    """The small table with G06 under a hand (both markers and the middle of its art):
    its cell is unidentified. (With only its markers covered, it is read from its art.)"""
    scene = scenes.render(small_table(), ppm=4, turn_deg=25, tilt_deg=25, size=(1600, 1200),
                          hide={"G06": ("NE", "SW", "hand")})
    return jpeg(scene.image), scene.table


def heic(image_bgr: np.ndarray) -> bytes:
    import pillow_heif
    from PIL import Image

    pillow_heif.register_heif_opener()
    out = io.BytesIO()
    Image.fromarray(cv2.cvtColor(image_bgr, cv2.COLOR_BGR2RGB)).save(out, format="HEIF",
                                                                     quality=90)
    return out.getvalue()


@pytest.fixture
def toy_game(monkeypatch):
    """Register the toy game for one test (nothing else in the server changes)."""
    from tests.serve import toy

    toy.REFEREE.__init__()
    monkeypatch.setitem(games.GAMES, "toy", games.GameInfo(
        "toy", "Toy", rules=None, commands="tests.serve.toy:COMMANDS",
        referee="tests.serve.toy:REFEREE"))
    return toy.REFEREE


def make_client(folder: Path, **config) -> TestClient:
    app = create_app(ServeConfig(TOKEN, folder, **config))
    return TestClient(app, raise_server_exceptions=False, headers={"X-Pnp-Token": TOKEN})


@pytest.fixture
def client(tmp_path):
    with make_client(tmp_path / "work") as c:
        yield c


def upload(client, photo: bytes, game: str = "asterion", **options: str):
    params = {"game": game, **{f"o.{k}": v for k, v in options.items()}}
    return client.post("/api/photos", params=params, content=photo,
                       headers={"Content-Type": "application/octet-stream"})


def kill_text(table: dict) -> str:
    return ",".join(f"{c}={n}" for c, n in table.get("kill_points", {}).items())

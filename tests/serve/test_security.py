"""pnp serve listens on the local network: the token gate, bounded uploads checked by
content, one friendly sentence for every error, and a server that survives bad uploads, a
dropped connection and twenty uploads at once."""

from __future__ import annotations

import asyncio
import struct
import zlib

import httpx
import numpy as np
import pytest

from pnp import games
from pnp.serve import ServeConfig, create_app

from .conftest import TOKEN, make_client, plain, upload

PATHS = ["/", "/static/app.js", "/static/app.css", "/api/games", "/api/jobs/abc",
         "/api/jobs/abc/overlay.jpg", "/api/jobs/abc/state.json", "/no/such/page"]


def _no_leak(text: str, *folders) -> None:
    assert "Traceback" not in text and 'File "' not in text
    for folder in folders:
        assert str(folder) not in text


@pytest.mark.parametrize("token", [None, "", "wrong", TOKEN[:-1], TOKEN + "x", TOKEN.upper()])
def test_every_request_without_the_token_is_403(tmp_path, token):
    with make_client(tmp_path) as client:
        client.headers.pop("X-Pnp-Token")
        params = {} if token is None else {"t": token}
        for path in PATHS:
            r = client.get(path, params=params)
            assert r.status_code == 403, path
            assert "access code" in r.text and r.headers["x-content-type-options"] == "nosniff"
        r = client.post("/api/photos", params={**params, "game": "asterion"}, content=b"x")
        assert r.status_code == 403
        r = client.get("/api/games", headers={"X-Pnp-Token": token or ""})
        assert r.status_code == 403
        # with it, in the query (the QR code's URL) or in the header (the page's requests)
        assert client.get("/", params={"t": TOKEN}).status_code == 200
        assert client.get("/api/games", headers={"X-Pnp-Token": TOKEN}).status_code == 200


def test_the_page_works_offline_and_names_only_its_own_files(client):
    page = client.get("/")
    assert page.status_code == 200 and page.headers["content-type"].startswith("text/html")
    html = page.text
    assert f"/static/app.js?t={TOKEN}" in html and 'capture="environment"' in html
    assert "http://" not in html and "https://" not in html         # no CDN, no internet
    for name in ("app.js", "app.css"):
        r = client.get(f"/static/{name}")
        assert r.status_code == 200 and "http://" not in r.text.replace("http://www.w3.org", "")
    csp = page.headers["content-security-policy"]
    assert "default-src 'self'" in csp and "script-src 'self'" in csp
    # the client can name no file: static names are a fixed list, jobs random ids
    for path in ("/static/../app.py", "/static/index.html", "/static/%2e%2e%2fapp.py",
                 "/api/jobs/..%2f..%2fetc/overlay.jpg", "/api/jobs/0001/state.json"):
        r = client.get(path)
        assert r.status_code == 404 and list(r.json()) == ["error"], path


def test_games_and_their_options_come_from_the_registry(client, tmp_path, toy_game):
    listed = client.get("/api/games").json()
    names = [g["name"] for g in listed["games"]]
    assert "toy" not in names                       # the client's app started before it
    with make_client(tmp_path / "again") as fresh:
        listed = fresh.get("/api/games").json()
    assert [g["name"] for g in listed["games"]] == games.game_names("referee")
    toy = next(g for g in listed["games"] if g["name"] == "toy")
    assert toy["title"] == "Toy" and toy["checks"] is False
    assert toy["options"] == [{"name": "speed", "label": "Speed", "choices": ["slow", "fast"],
                               "hint": "", "default": "slow"}]
    asterion = next(g for g in listed["games"] if g["name"] == "asterion")
    assert [o["name"] for o in asterion["options"]] == \
        [o.name for o in games.part("asterion", "referee").form_options()]
    assert listed["max_bytes"] == 64 * 1024 * 1024 and listed["max_megapixels"] == 60


def _png_header_only(width: int, height: int) -> bytes:
    """A valid PNG of width x height grey pixels, compressed to almost nothing."""
    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))
    row = b"\x00" + b"\x80" * width
    raw = zlib.compress(row * 64, 9)            # only the first rows: the header is checked
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 0,
                                                                0, 0, 0))
            + chunk(b"IDAT", raw) + chunk(b"IEND", b""))


def test_bad_uploads_get_one_sentence_and_the_server_goes_on(tmp_path, small):
    client = make_client(tmp_path)
    cases = {
        "empty": (b"", 400, "no photo arrived"),
        "text named .jpg": (b"this is not a photo\n" * 50, 422, "not an image"),
        "truncated JPEG": (small[0][:3000], 422, "photo"),
        "100 MP PNG": (_png_header_only(10_000, 10_000), 422, "60 MP"),
        "random bytes": (np.random.default_rng(1).bytes(5000), 422, "not an image"),
    }
    for name, (body, status, words) in cases.items():
        r = client.post("/api/photos", params={"game": "asterion"}, content=body,
                        headers={"Content-Type": "image/jpeg",
                                 "Content-Disposition": 'attachment; filename="photo.jpg"'})
        assert r.status_code == status, name
        message = r.json()["error"]
        assert words in message and "\n" not in message, (name, message)
        _no_leak(r.text, tmp_path)
    bad_options = [({"game": "nope"}, "choose a game"),
                   ({"game": "asterion", "o.board": "maybe"}, "choose from auto, yes, no"),
                   ({"game": "asterion", "o.kill_points": "yellow=lots"}, "whole number"),
                   ({"game": "asterion", "o.players": "yellow,purple"}, "unknown colour"),
                   ({"game": "asterion", "o.colour": "red"}, "takes no option"),
                   ({"game": "asterion", "o.players": "y" * 500}, "at most 200")]
    for params, words in bad_options:
        r = client.post("/api/photos", params=params, content=small[0])
        assert r.status_code == 400 and words in r.json()["error"], (params, r.text)
    r = upload(client, small[0])
    assert r.status_code == 200 and r.json()["certain"] is True


def test_a_referee_crash_is_one_sentence_and_the_next_photo_is_read(tmp_path, toy_game):
    with make_client(tmp_path) as client:
        r = upload(client, plain((0, 0, 255)), "toy")            # red: the toy referee fails
        assert r.status_code == 422
        assert r.json()["error"].startswith("the referee failed on this photo")
        _no_leak(r.text, tmp_path)
        r = upload(client, plain((255, 0, 0)), "toy")            # blue: none of its pieces
        assert r.status_code == 422 and "no toy pieces" in r.json()["error"]
        r = upload(client, plain((200, 200, 200)), "toy")
        assert r.status_code == 200 and r.json()["score"]["winners"] == ["light"]


def test_uploads_are_bounded_in_bytes_while_they_stream(tmp_path, small):
    limit = 50_000
    with make_client(tmp_path, max_bytes=limit) as client:
        # announced too large: refused before reading
        r = upload(client, small[0])
        assert r.status_code == 413 and "too large (at most 48 kB)" in r.json()["error"]

        # not announced (chunked): cut off at the limit
        def chunks():
            for _ in range(40):
                yield b"\xff" * 4096
        r = client.post("/api/photos", params={"game": "asterion"}, content=chunks())
        assert r.status_code == 413
        assert list(tmp_path.iterdir()) == []                      # nothing left behind
        r = upload(client, plain((90, 90, 90), (200, 100)))
        assert r.status_code == 422 and "no Asterion tiles" in r.json()["error"]


def _receive_then_drop(body: bytes):
    """ASGI receive: part of the body, then the phone goes away."""
    messages = [{"type": "http.request", "body": body[:len(body) // 2], "more_body": True},
                {"type": "http.disconnect"}]

    async def receive():
        if messages:
            return messages.pop(0)
        await asyncio.sleep(3600)
    return receive


def test_a_dropped_connection_mid_upload_leaves_nothing_and_harms_nothing(tmp_path, small):
    app = create_app(ServeConfig(TOKEN, tmp_path))
    sent = []

    async def send(message):
        sent.append(message)

    scope = {"type": "http", "method": "POST", "path": "/api/photos", "raw_path": b"/api/photos",
             "query_string": f"game=asterion&t={TOKEN}".encode(), "root_path": "",
             "headers": [(b"content-length", str(len(small[0])).encode()),
                         (b"host", b"phone")], "scheme": "http", "http_version": "1.1",
             "client": ("192.0.2.9", 5000), "server": ("192.0.2.1", 8765)}
    asyncio.run(asyncio.wait_for(app(scope, _receive_then_drop(small[0]), send), 10))
    assert list(tmp_path.iterdir()) == []
    assert app.app.state.desk.waiting == 0
    transport = httpx.ASGITransport(app=app)

    async def after() -> httpx.Response:
        async with httpx.AsyncClient(transport=transport, base_url="http://phone",
                                     headers={"X-Pnp-Token": TOKEN}) as c:
            return await c.post("/api/photos", params={"game": "asterion"}, content=small[0])
    r = asyncio.run(after())
    assert r.status_code == 200 and r.json()["number"] == 1


def _twenty(app, photos: list[tuple[bytes, dict]]) -> list[httpx.Response]:
    transport = httpx.ASGITransport(app=app)

    async def go():
        async with httpx.AsyncClient(transport=transport, base_url="http://phone",
                                     headers={"X-Pnp-Token": TOKEN}, timeout=60) as c:
            return await asyncio.gather(*(c.post("/api/photos", params=params, content=body)
                                          for body, params in photos))
    return asyncio.run(go())


def test_twenty_uploads_at_once_each_phone_gets_its_own_result(tmp_path, small):
    app = create_app(ServeConfig(TOKEN, tmp_path))
    photos = [(small[0] if i % 5 else b"garbage", {"game": "asterion",
                                                   "o.kill_points": f"yellow={i}"})
              for i in range(20)]
    answers = _twenty(app, photos)
    assert sorted(r.json()["number"] for r in answers) == list(range(1, 21))
    for i, r in enumerate(answers):
        if i % 5 == 0:
            assert r.status_code == 422 and "not an image" in r.json()["error"]
            continue
        assert r.status_code == 200
        rows = {row["name"]: row for row in r.json()["score"]["rows"]}
        kills = r.json()["score"]["columns"].index("kill points")
        assert rows["yellow"]["cells"][kills] == i                 # its own options
    assert len(list(tmp_path.glob("*-overlay.jpg"))) == 16


def test_photos_are_read_one_at_a_time_in_the_order_they_came(tmp_path, toy_game):
    app = create_app(ServeConfig(TOKEN, tmp_path))
    photos = [(plain((10 * i, 10 * i, 10 * i)), {"game": "toy", "o.speed": "fast"})
              for i in range(1, 21)]
    answers = _twenty(app, photos)
    assert all(r.status_code == 200 for r in answers)
    by_number = sorted(answers, key=lambda r: r.json()["number"])
    levels = [r.json()["score"]["lines"][0] for r in by_number]
    assert [f"level {level}" for level in toy_game.order] == levels   # read in arrival order
    assert not toy_game.overlapped                                    # one at a time
    for i, r in enumerate(answers, 1):                                # each its own photo
        assert abs(int(r.json()["score"]["lines"][0].split()[1]) - 10 * i) <= 1

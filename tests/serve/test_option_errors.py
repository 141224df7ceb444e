"""A bad option on the phone page is one sentence and HTTP 400 for every game, never a 500
and a traceback in the server's terminal (Assyria's --turn and --new-wells)."""

from __future__ import annotations

import logging

import pytest

from .conftest import plain, upload


@pytest.mark.parametrize("option, text, words", [
    ("turn", "9", "1 to 8"), ("turn", "0", "1 to 8"), ("turn", "nan", "1 to 8"),
    ("turn", "abc", "1 to 8"), ("new_wells", "garbage", "colour=vertex"),
    ("new_wells", "purple=H01/H02/H11", "not a colour of assyria"),
    ("new_wells", "red=H01/H02/H99", "not a hex of the board"),
])
def test_a_bad_assyria_option_is_400_in_one_line(client, caplog, option, text, words):
    with caplog.at_level(logging.ERROR):
        r = upload(client, plain((120, 120, 120)), game="assyria", **{option: text})
    assert r.status_code == 400, r.text
    message = r.json()["error"]
    assert words in message and "\n" not in message
    assert not [rec for rec in caplog.records if rec.exc_info], "no traceback logged"


@pytest.mark.parametrize("body", [{"x": True, "y": False}, {"x": 10, "y": True},
                                  {"x": "1e999", "y": 2}])
def test_a_tap_must_be_two_numbers_not_booleans(toy_game, client, body):
    """JSON's true is not 1: a tap at {"x": true, "y": false} is refused, not taken for the
    picture's corner."""
    job = upload(client, plain((200, 200, 200)), game="toy").json()["job"]
    r = client.post(f"/api/jobs/{job}/check", json=body)
    assert r.status_code == 400
    assert r.json() == {"error": "say where the tap was (x and y in the picture)"}

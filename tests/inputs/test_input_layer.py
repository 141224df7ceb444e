"""The shared input layer (pnp.inputs): bounded reads, strict JSON, numbers, escaping."""

from __future__ import annotations

import json
import os

import pytest

from pnp import inputs
from pnp.inputs import InputError


def test_read_bytes_refuses_devices_pipes_folders_and_oversized_files(tmp_path):
    with pytest.raises(InputError, match="not a regular file"):
        inputs.read_bytes("/dev/zero", 1000)
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    with pytest.raises(InputError, match="not a regular file"):
        inputs.read_bytes(fifo, 1000)
    with pytest.raises(InputError, match="folder"):
        inputs.read_bytes(tmp_path, 1000)
    with pytest.raises(InputError, match="no such file"):
        inputs.read_bytes(tmp_path / "missing", 1000)
    big = tmp_path / "big.json"
    big.write_bytes(b"x" * 1001)
    with pytest.raises(InputError, match="too large"):
        inputs.read_bytes(big, 1000)
    assert inputs.read_bytes(big, 1001) == b"x" * 1001


@pytest.mark.parametrize(("text", "message"), [
    ('{"a": 1, "a": 2}', 'key "a" appears twice'),
    ("[" * 100_000, "nest more than"),
    ('{"a": ' * 50 + "1" + "}" * 50, "nest more than"),
    ("1" * 5000, "too long"),
    ("[NaN]", "NaN is not a number"),
    ("[-Infinity]", "Infinity is not a number"),
    ("[1e999]", "out of range"),
    ('{"a": ', "not valid JSON"),
])
def test_strict_json_refuses_what_json_loads_accepts_or_crashes_on(text, message):
    with pytest.raises(InputError, match=message):
        inputs.parse_json(text)


def test_strict_json_reads_ordinary_json_like_the_standard_library():
    text = '{"tiles": [{"id": "Y07", "x": -1, "rot": 90}], "s": "a\\"[{", "f": 0.5}'
    assert inputs.parse_json(text) == json.loads(text)


def test_read_json_names_bad_encoding(tmp_path):
    path = tmp_path / "t.json"
    path.write_bytes(b'{"a": "\xff"}')
    with pytest.raises(InputError, match="not UTF-8"):
        inputs.read_json(path)


@pytest.mark.parametrize("text", ["nan", "NaN", "inf", "-inf", "1e400", "", "x"])
def test_finite_float_refuses_nan_infinities_and_words(text):
    with pytest.raises(InputError):
        inputs.finite_float(text, "--bleed")


def test_finite_float_and_bounded_int_accept_ordinary_numbers():
    assert inputs.finite_float(" -1.5", "x") == -1.5
    assert inputs.bounded_int("-3", "x", -9, 9) == -3
    with pytest.raises(InputError, match="from -9 to 9"):
        inputs.bounded_int("10", "x", -9, 9)
    with pytest.raises(InputError):
        inputs.bounded_int("9" * 30, "x", -9, 9)


def test_pairs_refuses_a_key_given_twice():
    assert inputs.pairs("a=1, b = 2,", "--k") == [("a", "1"), ("b", "2")]
    with pytest.raises(InputError, match="given twice"):
        inputs.pairs("a=1,A=2", "--k")
    with pytest.raises(InputError, match="not name=value"):
        inputs.pairs("a", "--k")


def test_escape_makes_every_control_character_visible():
    hostile = "ok\x1b]0;title\x07\x9b2J\u2028\r\nend"
    shown = inputs.escape(hostile)
    assert shown.isprintable()
    assert shown == "ok\\x1b]0;title\\x07\\x9b2J\\u2028\\x0d\\x0aend"
    assert inputs.escape("Néstor · 50 mm") == "Néstor · 50 mm"
    assert inputs.quote("x" * 500).endswith('…"')


def test_a_boolean_is_not_a_number():
    from pnp.inputs import InputError, finite_float

    for value in (True, False):
        with pytest.raises(InputError, match=r"must be a number, not (true|false)"):
            finite_float(value, "x")
    assert finite_float(1, "x") == 1.0 and finite_float("2.5", "x") == 2.5

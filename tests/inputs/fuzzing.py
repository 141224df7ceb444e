"""Hostile-input generators and the judge of one run, shared by the fuzz tests and
benchmarks/fuzz_bench.py (which runs the same cases by the ten thousand)."""

from __future__ import annotations

import io
import json
import random
from contextlib import redirect_stderr, redirect_stdout
from dataclasses import dataclass
from pathlib import Path

from hypothesis import strategies as st
from PIL import Image

from pnp.cli import main

EXAMPLE_TABLE = json.loads(
    (Path(__file__).resolve().parents[2] / "examples" / "endgame.json").read_text())

NASTY_TEXT = st.sampled_from([
    "", " ", "\x1b]0;pwned\x07", "\x1b[2J", "\x9b31m", "\u2028", "\x00", "Y07", "M",
    "yellow", "9" * 40, "-0", "1e309", "NaN", "🙂", "../../etc/passwd", "a" * 300,
])
JSON_SCALARS = st.one_of(st.none(), st.booleans(), st.integers(-(10**30), 10**30),
                         st.floats(allow_nan=False, allow_infinity=False),
                         st.text(max_size=20), NASTY_TEXT)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda children: st.one_of(st.lists(children, max_size=6),
                               st.dictionaries(st.one_of(st.text(max_size=8), NASTY_TEXT),
                                               children, max_size=6)),
    max_leaves=30)
TABLE_KEYS = ("game", "edition", "board", "players", "tiles", "dead", "kill_points",
              "no_kill_points", "extra\x1b")


@st.composite
def table_documents(draw) -> bytes:
    """A table file: a valid example with some fields broken, random JSON, or raw bytes."""
    kind = draw(st.sampled_from(["mutated", "mutated", "random", "bytes", "text-tricks"]))
    if kind == "bytes":
        return draw(st.binary(max_size=300))
    if kind == "random":
        return json.dumps(draw(JSON_VALUES)).encode()
    data = json.loads(json.dumps(EXAMPLE_TABLE))
    if kind == "text-tricks":
        text = json.dumps(data)
        trick = draw(st.sampled_from([
            lambda t: t.replace('"dead"', '"dead": [], "dead"', 1),        # duplicate key
            lambda t: t.replace("0", "0" * 5000, 1),                       # huge number
            lambda t: "[" * 100_000 + "]" * 100_000,                       # deep nesting
            lambda t: t.replace('"yellow"', '"\\u001b]0;x\\u0007"', 1),    # escape codes
            lambda t: t.replace("]", ", NaN]", 1),
            lambda t: t[: len(t) // 2],                                    # truncated
            lambda t: "\ufeff" + t,                                        # BOM
        ]))
        return trick(text).encode()
    for _ in range(draw(st.integers(1, 3))):
        key = draw(st.sampled_from(TABLE_KEYS))
        where = draw(st.sampled_from(["top", "tile", "dead"]))
        if where == "tile" and isinstance(data.get("tiles"), list) and data["tiles"]:
            tile = data["tiles"][draw(st.integers(0, len(data["tiles"]) - 1))]
            if isinstance(tile, dict):
                tile[draw(st.sampled_from(["id", "x", "y", "rot", "\x1b"]))] = draw(JSON_VALUES)
        elif where == "dead":
            data["dead"] = draw(st.lists(st.one_of(NASTY_TEXT, st.sampled_from(
                ["Y07", "B03", "M", "Y07"])), max_size=8))
        else:
            data[key] = draw(JSON_VALUES)
    return json.dumps(data, ensure_ascii=draw(st.booleans())).encode()


def tiny_jpeg(seed: int = 0) -> bytes:
    rng = random.Random(seed)
    image = Image.new("RGB", (64, 48), (rng.randrange(256), 90, 40))
    buffer = io.BytesIO()
    image.save(buffer, "JPEG", quality=80)
    return buffer.getvalue()


@st.composite
def photo_bytes(draw) -> bytes:
    """Not-quite photos: random bytes, truncated or corrupted JPEGs, lying headers."""
    jpeg = tiny_jpeg(draw(st.integers(0, 3)))
    kind = draw(st.sampled_from(["bytes", "truncated", "flipped", "header"]))
    if kind == "bytes":
        return draw(st.binary(max_size=2000))
    if kind == "truncated":
        return jpeg[: draw(st.integers(0, len(jpeg)))]
    if kind == "flipped":
        data = bytearray(jpeg)
        for _ in range(draw(st.integers(1, 8))):
            data[draw(st.integers(0, len(data) - 1))] = draw(st.integers(0, 255))
        return bytes(data)
    return draw(st.sampled_from([b"\x89PNG\r\n\x1a\n", b"\xff\xd8\xff", b"GIF89a",
                                 b"ftypheic"])) + draw(st.binary(max_size=200))


@dataclass
class Outcome:
    code: int
    out: str
    err: str
    crashed: str | None = None      # the exception that escaped main(), if any

    def problems(self) -> list[str]:
        """What a user must never see: a traceback, a raw control character, a silent
        failure, or an error that is not one `error:` line."""
        found = []
        if self.crashed:
            found.append(f"crash: {self.crashed}")
        if "Traceback" in self.out + self.err:
            found.append("traceback printed")
        for stream in (self.out, self.err):
            if any(not (ch.isprintable() or ch == "\n") for ch in stream):
                found.append("raw control character printed")
        if self.code not in (0, 2, 3):
            found.append(f"exit code {self.code}")
        if self.code != 0 and not self.err.startswith("error: "):
            found.append("failure without an error line")
        if self.err and any(line and not line.startswith(("error: ", "overlay ", "table ",
                                                          "no table "))
                            for line in self.err.splitlines()):
            found.append("stderr line that is not an error line")
        return found


def run_cli(argv: list[str]) -> Outcome:
    """Run the CLI in this process with its output captured."""
    out, err = io.StringIO(), io.StringIO()
    try:
        with redirect_stdout(out), redirect_stderr(err):
            code = main(argv)
    except BaseException as exc:   # anything escaping main() is the finding
        return Outcome(-1, out.getvalue(), err.getvalue(), f"{type(exc).__name__}: {exc}"[:200])
    return Outcome(code, out.getvalue(), err.getvalue())

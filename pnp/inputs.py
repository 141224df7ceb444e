"""The one input layer: every file and option a user hands `pnp` comes in through here.

Bounded and strict, so that no input can exhaust memory, hang, crash with a traceback or
reach the terminal raw:
- files: only regular files, size checked before reading, never more than the limit read;
- JSON: no duplicate keys, no NaN/Infinity, numbers of bounded length, bounded nesting;
- numbers from options: finite, in range;
- `key=value` lists: every key once;
- text echoed from a file: control characters escaped, the same way everywhere;
- lists of problems or names: the first few and a count, however many there are.

Standard library only (the rules side reads files through it too).
"""

from __future__ import annotations

import json
import math
import os
import re
import stat
from collections.abc import Sequence
from pathlib import Path
from typing import Any

MAX_JSON_BYTES = 4 * 1024 * 1024      # a table or state file is a few kB; 4 MB is generous
MAX_PHOTO_BYTES = 64 * 1024 * 1024    # a 50 MP HEIC/JPEG is 5-25 MB
MAX_JSON_DEPTH = 32                   # our formats nest 4 deep
MAX_NUMBER_CHARS = 20                 # digits in one JSON number (a 64-bit int has 19)
MAX_ECHO = 80                         # characters of one echoed value
MAX_REPORTED = 5                      # problems reported one by one; the rest are counted


class InputError(ValueError):
    """An input that cannot be used; the message is one line for people (no file name: the
    caller, who knows which option or file it was, adds it)."""


# ---------------------------------------------------------------- files

def read_bytes(path: str | Path, limit: int, what: str = "file") -> bytes:
    """The bytes of a regular file of at most `limit` bytes; never reads more than that."""
    path = Path(path)
    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0))
    except FileNotFoundError:
        raise InputError("no such file") from None
    except IsADirectoryError:
        raise InputError("is a folder, not a file") from None
    except OSError as exc:
        raise InputError(f"cannot read it ({exc.strerror or exc})") from None
    try:
        info = os.fstat(fd)
        if stat.S_ISDIR(info.st_mode):
            raise InputError("is a folder, not a file")
        if not stat.S_ISREG(info.st_mode):
            raise InputError(f"is not a regular file (a device, pipe or socket); "
                             f"give a {what} saved on disk")
        if info.st_size > limit:
            raise InputError(f"is {_size(info.st_size)}, too large for a {what} "
                             f"(at most {_size(limit)})")
        chunks: list[bytes] = []
        total = 0
        while True:                    # the file may grow while we read: stop at the limit
            chunk = os.read(fd, min(1 << 20, limit + 1 - total))
            if not chunk:
                break
            chunks.append(chunk)
            total += len(chunk)
            if total > limit:
                raise InputError(f"is larger than a {what} may be (at most {_size(limit)})")
        return b"".join(chunks)
    except OSError as exc:
        raise InputError(f"cannot read it ({exc.strerror or exc})") from None
    finally:
        os.close(fd)


def _size(n: int) -> str:
    if n >= 1 << 20:
        return f"{n / (1 << 20):.0f} MB"
    if n >= 1 << 10:
        return f"{n / (1 << 10):.0f} kB"
    return f"{n} bytes"


# ---------------------------------------------------------------- JSON

_TOKENS = re.compile(r'"(?:[^"\\]|\\.)*"|[\[\]{}]', re.DOTALL)


def _check_depth(text: str, limit: int) -> None:
    """Refuse nesting deeper than `limit` before the parser recurses into it."""
    depth = 0
    for match in _TOKENS.finditer(text):
        token = match.group()
        if token in "[{":
            depth += 1
            if depth > limit:
                raise InputError(f"not valid here: lists and objects nest more than {limit} "
                                 "deep")
        elif token in "]}":
            depth -= 1


def _unique_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    data: dict[str, Any] = {}
    for key, value in pairs:
        if key in data:
            raise InputError(f"the key {quote(key)} appears twice in one object")
        data[key] = value
    return data


def _number(kind: type) -> Any:
    def parse(text: str) -> Any:
        if len(text.lstrip("-")) > MAX_NUMBER_CHARS:
            raise InputError(f"a number of {len(text)} characters is too long "
                             f"(at most {MAX_NUMBER_CHARS})")
        value = kind(text)
        if isinstance(value, float) and not math.isfinite(value):
            raise InputError(f"the number {quote(text)} is out of range")
        return value
    return parse


def _constant(name: str) -> Any:
    raise InputError(f"{name} is not a number JSON allows")


def parse_json(text: str, max_depth: int = MAX_JSON_DEPTH) -> Any:
    """Strict JSON: duplicate keys, NaN/Infinity, over-long numbers and deep nesting are
    errors (InputError, one line with where), never a silent last-one-wins or a crash."""
    _check_depth(text, max_depth)
    try:
        return json.loads(text, object_pairs_hook=_unique_object, parse_int=_number(int),
                          parse_float=_number(float), parse_constant=_constant)
    except json.JSONDecodeError as exc:
        raise InputError(f"not valid JSON: {exc.msg} (line {exc.lineno}, column "
                         f"{exc.colno})") from None
    except RecursionError:  # pragma: no cover - the depth check comes first
        raise InputError("not valid here: nested too deep") from None


def read_json(path: str | Path, limit: int = MAX_JSON_BYTES) -> Any:
    """Read and parse a JSON file through the bounded reader and the strict parser."""
    data = read_bytes(path, limit, "JSON file")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        raise InputError(f"not UTF-8 text (byte {exc.start})") from None
    return parse_json(text)


# ---------------------------------------------------------------- options

def finite_float(text: str | float, what: str, low: float | None = None,
                 high: float | None = None) -> float:
    """A finite number (NaN and infinities refused), optionally within [low, high]. A
    boolean is not a number (JSON's true is not 1)."""
    if isinstance(text, bool):
        raise InputError(f"{what} must be a number, not {str(text).lower()}")
    try:
        value = float(text)
    except (TypeError, ValueError):
        raise InputError(f"{what} must be a number, not {quote(str(text))}") from None
    if not math.isfinite(value):
        raise InputError(f"{what} must be a finite number, not {quote(str(text))}")
    if (low is not None and value < low) or (high is not None and value > high):
        raise InputError(f"{what} must be between {low:g} and {high:g}, not {value:g}")
    return value


def bounded_int(text: str | int, what: str, low: int, high: int) -> int:
    """A whole number within [low, high], refusing absurd lengths before converting."""
    raw = str(text).strip()
    if not re.fullmatch(r"[+-]?\d{1,12}", raw):
        raise InputError(f"{what} must be a whole number from {low} to {high}, "
                         f"not {quote(raw)}")
    value = int(raw)
    if not low <= value <= high:
        raise InputError(f"{what} must be a whole number from {low} to {high}, not {value}")
    return value


def pairs(text: str, what: str) -> list[tuple[str, str]]:
    """`a=1,b=2` as [("a", "1"), ("b", "2")]; a key given twice is an error."""
    result: list[tuple[str, str]] = []
    seen: set[str] = set()
    for item in (i.strip() for i in text.split(",")):
        if not item:
            continue
        key, sep, value = item.partition("=")
        key = key.strip().lower()
        if not sep or not key:
            raise InputError(f"{what}: {quote(item)} is not name=value")
        if key in seen:
            raise InputError(f"{what}: {quote(key)} is given twice")
        seen.add(key)
        result.append((key, value.strip()))
    return result


# ---------------------------------------------------------------- echo

def escape(text: str) -> str:
    """`text` with every control or non-printable character shown as an escape, so a value
    from a file can never move the cursor, retitle the terminal or fake a line."""
    if text.isprintable():
        return text
    out = []
    for ch in text:
        if ch.isprintable():
            out.append(ch)
        elif ord(ch) < 0x100:
            out.append(f"\\x{ord(ch):02x}")
        else:
            out.append(f"\\u{ord(ch):04x}" if ord(ch) < 0x10000 else f"\\U{ord(ch):08x}")
    return "".join(out)


def quote(value: Any, limit: int = MAX_ECHO) -> str:
    """A value from user input, quoted, escaped and shortened for a message."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False,
                                                           default=str)
    if len(text) > limit:
        text = text[:limit] + "…"
    return f'"{escape(text)}"'


# ---------------------------------------------------------------- many of them

def first_few(lines: Sequence[str], shown: int = MAX_REPORTED,
              what: str = "problems") -> list[str]:
    """`lines` as they are when there are few; else the first `shown` and a line counting
    the rest: a file with 150,000 bad keys gets 6 lines, not 150,000."""
    if len(lines) <= shown + 1:
        return list(lines)
    return [*lines[:shown], f"... and {len(lines) - shown} more {what} "
                            f"({len(lines)} in all)"]


def some(names: Sequence[str], shown: int = 3) -> str:
    """A few names, quoted, and how many more: one bounded phrase for any number."""
    listed = ", ".join(quote(n) for n in names[:shown])
    return listed if len(names) <= shown else f"{listed} and {len(names) - shown} more"

"""What the page shows of a game and of a verdict, game-neutral: every game comes from the
registry (`pnp.games`), its referee (`referee.api.GameReferee`) reads, draws, offers taps
and corrections, its rules (`GameRules`) score and settle disputes. Nothing here knows a
game.

Every message for the player is one sentence with no path in it (`friendly`).
"""

from __future__ import annotations

import json
import logging
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from pnp import games
from pnp.inputs import escape, first_few
from pnp.rules.api import RulesError
from pnp.rules.options import Option, names
from referee.errors import BadOption, RefereeError
from referee.geometry import project
from referee.overlay import framed, write_overlay

from .desk import Job

log = logging.getLogger("pnp.serve")

MAX_OPTION_CHARS = 200


class PageError(Exception):
    """Something the player asked that cannot be done; one sentence, an HTTP status."""

    def __init__(self, message: str, status: int = 400) -> None:
        super().__init__(message)
        self.status = status


def friendly(text: str, folder: Path | None = None) -> str:
    """One line for the page: the first line only, no folder path, escaped, bounded."""
    line = str(text).strip().splitlines()[0] if str(text).strip() else "unknown problem"
    if folder is not None:
        line = line.replace(str(folder) + "/", "").replace(str(folder), "")
    line = escape(line)
    return line if len(line) <= 300 else line[:300] + "…"


# ---------------------------------------------------------------- games

@dataclass(frozen=True)
class GameSpec:
    name: str
    title: str
    referee: Any                     # referee.api.GameReferee
    options: tuple[Option, ...]      # the referee's read options a phone can give
    checks: tuple[str, ...]          # the names of GameRules.check_options (empty: no rules)


def game_specs() -> dict[str, GameSpec]:
    """Every registered game that has a referee, in the registry's order."""
    specs = {}
    for name in games.game_names("referee"):
        referee = games.part(name, "referee")
        try:
            checks = names(games.get_commands(name).check_options)
        except games.UnknownGame:
            checks = ()
        specs[name] = GameSpec(name, games.info(name).title, referee,
                               referee.form_options(), checks)
    return specs


def games_json(specs: dict[str, GameSpec]) -> list[dict[str, Any]]:
    return [{"name": s.name, "title": s.title, "checks": bool(s.checks),
             "options": [{"name": o.name, "label": o.label or o.name,
                          "choices": list(o.form_choices()), "hint": o.hint,
                          "default": (o.form_choices() or ("",))[0]}
                         for o in s.options]}
            for s in specs.values()]


def read_options(spec: GameSpec, texts: dict[str, str]) -> dict[str, Any]:
    """The player's texts as `read()`'s options; empty text: the referee's default."""
    known = {o.name: o for o in spec.options}
    for name in texts:
        if name not in known:
            raise PageError(f"{spec.title} takes no option {escape(name)!r}")
    options = {}
    for name, text in texts.items():
        if len(text) > MAX_OPTION_CHARS:
            raise PageError(f"{known[name].label or name}: at most {MAX_OPTION_CHARS} characters")
        if not text.strip():
            continue
        try:
            options[name] = known[name].value(text)
        except (ValueError, KeyError, RefereeError) as exc:
            raise PageError(friendly(str(exc) or f"{name}: not understood")) from None
    return options


# ---------------------------------------------------------------- reading

def read_photo(spec: GameSpec, job: Job, folder: Path) -> None:
    """The desk's work for one photo: read it, draw the overlay, keep the result files."""
    assert job.photo is not None
    stem = job.photo.name.rsplit("-photo", 1)[0]
    try:
        verdict = spec.referee.read(job.photo, **job.options)
    except BadOption as exc:           # an option the photo shows wrong: not the photo's fault
        job.error = friendly(str(exc), folder)
        return
    except RefereeError as exc:
        job.error = f"this photo cannot be scored: {friendly(str(exc), folder)}"
        return
    canvas, to_overlay = framed(lambda: spec.referee.draw_overlay(verdict))
    overlay = folder / f"{stem}-overlay.jpg"
    write_overlay(overlay, canvas)
    result = {"options": job.texts, **verdict.to_dict(), "state": verdict.state}
    (folder / f"{stem}-result.json").write_text(json.dumps(result, indent=2) + "\n")
    with job.lock:
        job.overlay, job.overlay_size = overlay, (canvas.shape[1], canvas.shape[0])
        job.to_overlay = to_overlay
        job.verdict = job.current = verdict


def photo_suffix(head: bytes) -> str:
    """A file name suffix from the first bytes (for the kept file only: the referee judges
    the content itself)."""
    if head.startswith(b"\xff\xd8\xff"):
        return ".jpg"
    if head.startswith(b"\x89PNG"):
        return ".png"
    if head[4:8] == b"ftyp":
        return ".heic"
    return ".bin"


# ---------------------------------------------------------------- the page's view

def result_json(spec: GameSpec, job: Job, token_free_base: str) -> dict[str, Any]:
    """A job as the page shows it (URLs without the token: the page adds it)."""
    if job.error is not None or job.current is None:
        return {"job": job.id, "number": job.number, "game": spec.name, "title": spec.title,
                "error": job.error or "this photo was not read"}
    verdict = job.current
    problems = [{"n": i + 1, "code": p.code, "message": friendly(p.message),
                 "at": _at(job, p.point)} for i, p in enumerate(verdict.problems)]
    fixes = [{"key": c.key, "question": friendly(c.question),
              "choices": [[v, friendly(w)] for v, w in c.choices],
              "problems": [i + 1 for i in c.problems], "at": _at(job, c.point)}
             for c in spec.referee.corrections(job.verdict)]
    report = verdict.score_report()
    score = None
    if report is not None:
        score = {"lines": [escape(line) for line in report.lines], **score_table(report.data),
                 "partial": not verdict.is_certain}
    return {
        "job": job.id, "number": job.number, "game": spec.name, "title": spec.title,
        "certain": verdict.is_certain, "corrected": job.current is not job.verdict,
        "seconds": round(job.seconds, 2), "score": score, "problems": problems,
        "corrections": fixes, "checks": bool(spec.checks and spec.referee.places(verdict)),
        "overlay": {"url": f"{token_free_base}/overlay.jpg", "width": job.overlay_size[0],
                    "height": job.overlay_size[1]},
        "state": f"{token_free_base}/state.json" if verdict.state is not None else None,
    }


def _at(job: Job, point: tuple[float, float] | None) -> list[float] | None:
    """A photo point as a share of the overlay's width and height (for a pin on it)."""
    if point is None or job.to_overlay is None or not job.overlay_size[0]:
        return None
    x, y = project(job.to_overlay, np.array([point], float))[0]
    w, h = job.overlay_size
    if not (0 <= x <= w and 0 <= y <= h):
        return None
    return [round(float(x) / w, 4), round(float(y) / h, 4)]


def _words(key: str) -> str:
    return key.replace("_", " ")


def score_table(data: dict[str, Any]) -> dict[str, Any]:
    """Rows per player, a column per number the rules report about each player, and the
    winners, from a score report's JSON in either common shape: {"players": {name:
    {field: n}}} or {field: {name: n}}."""
    winners = [str(w) for w in data.get("winners") or []]
    players = data.get("players")
    rows: dict[str, dict[str, Any]] = {}
    if isinstance(players, dict) and players and all(isinstance(v, dict)
                                                      for v in players.values()):
        for name, fields in players.items():
            rows[str(name)] = {k: v for k, v in fields.items() if _number(v)}
    else:
        for key, value in data.items():
            if isinstance(value, dict) and value and all(_number(v) for v in value.values()):
                for name, n in value.items():
                    rows.setdefault(str(name), {})[key] = n
    columns: list[str] = []
    for fields in rows.values():
        columns += [k for k in fields if k not in columns]
    return {"columns": [_words(c) for c in columns],
            "rows": [{"name": name, "cells": [fields.get(c, "") for c in columns],
                      "winner": name in winners} for name, fields in rows.items()],
            "winners": winners}


def _number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


# ---------------------------------------------------------------- taps and corrections

def check_tap(spec: GameSpec, job: Job, x: float, y: float) -> dict[str, Any]:
    """The rules' answer about what lies under a tap at overlay px (x, y)."""
    verdict = job.current
    if verdict is None or job.to_overlay is None:
        raise PageError("this photo has no overlay to tap on")
    if not spec.checks:
        raise PageError(f"{spec.title} has no rules to ask yet")
    photo = project(np.linalg.inv(job.to_overlay), np.array([[x, y]], float))[0]
    places = spec.referee.places(verdict)
    found = _place_at(places, photo, job)
    if found is None:
        return {"place": None, "lines": ["Nothing to check there: tap a piece in the picture."]}
    index, place = found
    query = {k: v for k, v in place.query.items() if k in spec.checks}
    state = verdict.rules_state()
    if state is None:
        lines = ["The rules cannot read what was seen, so they cannot answer; correct the "
                 "problems first."]
    else:
        try:
            lines = list(games.get_commands(spec.name).check_report(state, query).lines)
        except RulesError as exc:
            lines = first_few(exc.lines)
    overlay = (f"overlay.jpg?place={index}"
               if place.overlay and set(place.overlay) <= set(spec.referee.overlay_options)
               else None)
    return {"place": friendly(place.label), "lines": [escape(line) for line in lines],
            "overlay": overlay, "outline": _outline_at(job, place.outline)}


def _place_at(places: list[Any], photo: np.ndarray, job: Job) -> tuple[int, Any] | None:
    """The place whose outline holds the point; else the nearest within a finger's width
    (about 7 mm on a phone: 3 % of the overlay's long side)."""
    best, best_d = None, float("inf")
    for i, place in enumerate(places):
        outline = np.asarray(place.outline, np.float32).reshape(-1, 2)
        if len(outline) >= 3 and cv2.pointPolygonTest(outline, (float(photo[0]),
                                                                 float(photo[1])), False) >= 0:
            return i, place
        d = float(np.min(np.linalg.norm(outline - photo, axis=1)))
        if d < best_d:
            best, best_d = (i, place), d
    assert job.to_overlay is not None
    zoom = float(np.sqrt(abs(np.linalg.det(job.to_overlay[:2, :2]))))
    if best is not None and best_d * zoom <= 0.03 * max(job.overlay_size):
        return best
    return None


def _outline_at(job: Job, outline: Any) -> list[list[float]]:
    assert job.to_overlay is not None
    pts = project(job.to_overlay, np.asarray(outline, float).reshape(-1, 2))
    w, h = job.overlay_size
    return [[round(float(x) / w, 4), round(float(y) / h, 4)] for x, y in pts]


def check_overlay(spec: GameSpec, job: Job, index: int) -> bytes | None:
    """The overlay drawn with a tapped place's options (e.g. the check's chains), JPEG; None
    when the photo is no longer kept."""
    with job.lock:
        verdict = job.current
        if verdict is None or verdict.photo is None:
            return None
        places = spec.referee.places(verdict)
        if not 0 <= index < len(places):
            raise PageError("there is no such place in this photo")
        options = {k: v for k, v in places[index].overlay.items()
                   if k in spec.referee.overlay_options}
        canvas = spec.referee.draw_overlay(verdict, **options)
    ok, data = cv2.imencode(".jpg", canvas, [cv2.IMWRITE_JPEG_QUALITY, 90])
    if not ok:
        raise PageError("the overlay could not be drawn", 500)
    return data.tobytes()


def correct(spec: GameSpec, job: Job, answers: dict[str, str]) -> None:
    """Apply the player's answers to the verdict as read (not to earlier corrections)."""
    if job.verdict is None:
        raise PageError("this photo was not read, so there is nothing to correct")
    try:
        corrected = spec.referee.correct(job.verdict, answers)
    except RefereeError as exc:
        raise PageError(friendly(str(exc))) from None
    with job.lock:
        job.current = corrected


def state_file(job: Job) -> bytes:
    if job.current is None or job.current.state is None:
        raise PageError("nothing was read that could be saved as a state file", 404)
    return (json.dumps(job.current.state, indent=2, ensure_ascii=True) + "\n").encode()


def log_line(spec: GameSpec, job: Job) -> str:
    """One line for the computer's terminal per photo read."""
    when = time.strftime("%H:%M:%S")
    if job.error is not None:
        return f"{when} photo {job.number} ({spec.name}): {job.error}"
    verdict = job.current
    sure = "SURE" if verdict.is_certain else f"NOT SURE ({len(verdict.problems)} problems)"
    return f"{when} photo {job.number} ({spec.name}): {sure}, {job.seconds:.2f} s"

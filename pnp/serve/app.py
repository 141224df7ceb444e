"""The web app of `pnp serve` (Starlette, run by uvicorn).

Every request must carry the access token (`?t=TOKEN`, or the `X-Pnp-Token` header): anyone
on the local network can reach the port, only the phone that scanned the QR code knows the
token. Without it: 403, before any route runs.

The phone never names a file on the computer: it uploads raw bytes (checked by size while
they stream in, then by content by the referee's photo loader), and names results by a
random job id; every file name is the server's. Errors reach the page as one sentence
(`{"error": ...}`), never a traceback or a path.
"""

from __future__ import annotations

import html
import json
import logging
import secrets
from collections.abc import Callable
from contextlib import asynccontextmanager
from dataclasses import dataclass, field
from importlib import resources
from pathlib import Path
from typing import Any

from starlette.applications import Starlette
from starlette.concurrency import run_in_threadpool
from starlette.exceptions import HTTPException
from starlette.requests import ClientDisconnect, Request
from starlette.responses import JSONResponse, PlainTextResponse, Response
from starlette.routing import Route
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from pnp import inputs
from pnp.serve import results
from pnp.serve.desk import Desk, DeskBusy, Job
from pnp.serve.results import PageError, friendly
from referee.image import MAX_PIXELS

log = logging.getLogger("pnp.serve")

TOKEN_PARAM = "t"
TOKEN_HEADER = "x-pnp-token"
MAX_JSON_BODY = 64 * 1024            # a tap or a page of answers is a few hundred bytes
MAX_UPLOADS = 32                     # photos streaming in at once
STATIC = ("app.js", "app.css")
FORBIDDEN = ("This page needs its access code: scan the QR code that `pnp serve` shows "
             "on the computer.\n")
HEADERS = {
    "Content-Security-Policy": "default-src 'self'; img-src 'self' blob: data:; "
                               "style-src 'self'; script-src 'self'; connect-src 'self'; "
                               "frame-ancestors 'none'; base-uri 'none'; form-action 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "Cache-Control": "no-store",
}
_OURS = {h.lower().encode() for h in HEADERS}


def new_token() -> str:
    """128 random bits, URL-safe."""
    return secrets.token_urlsafe(16)


@dataclass
class ServeConfig:
    token: str
    folder: Path                       # where photos, overlays and results are written
    max_bytes: int = inputs.MAX_PHOTO_BYTES
    max_waiting: int = 32              # photos queued for the referee
    say: Callable[[str], None] = field(default=lambda line: None)   # one line per photo


class TokenGate:
    """ASGI middleware: 403 for any request without the token; the page's security headers
    on every response."""

    def __init__(self, app: ASGIApp, token: str) -> None:
        self.app = app
        self.token = token.encode()

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] == "websocket":
            await send({"type": "websocket.close", "code": 1008})
            return
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                headers = [(k, v) for k, v in message.get("headers", [])
                           if k.lower() not in _OURS]
                headers += [(k.lower().encode(), v.encode()) for k, v in HEADERS.items()]
                message = {**message, "headers": headers}
            await send(message)

        if not self._allowed(scope):
            response = PlainTextResponse(FORBIDDEN, status_code=403)
            await response(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)

    def _allowed(self, scope: Scope) -> bool:
        supplied = b""
        for key, value in scope.get("headers", []):
            if key == TOKEN_HEADER.encode():
                supplied = value
        if not supplied:
            from urllib.parse import parse_qs

            query = parse_qs(scope.get("query_string", b"").decode("latin-1"))
            supplied = (query.get(TOKEN_PARAM) or [""])[0].encode("latin-1", "replace")
        return secrets.compare_digest(supplied, self.token)


class Routes:
    """The page's requests, over one desk of jobs and the games the registry offers."""

    def __init__(self, config: ServeConfig, specs: dict[str, results.GameSpec]) -> None:
        self.config = config
        self.specs = specs
        self.desk = Desk(config.max_waiting)
        self.page = _page(config.token)
        self.static = {name: (resources.files("pnp.serve") / "static" / name).read_bytes()
                       for name in STATIC}
        self.uploading = 0

    def routes(self) -> list[Route]:
        return [
            Route("/", self.index),
            Route("/static/{name}", self.static_file),
            Route("/api/games", self.game_list),
            Route("/api/photos", self.upload, methods=["POST"]),
            Route("/api/jobs/{job}", self.job_result),
            Route("/api/jobs/{job}/overlay.jpg", self.overlay),
            Route("/api/jobs/{job}/check", self.check, methods=["POST"]),
            Route("/api/jobs/{job}/correct", self.correct, methods=["POST"]),
            Route("/api/jobs/{job}/state.json", self.state),
        ]

    def spec_of(self, job: Job) -> results.GameSpec:
        return self.specs[job.game]

    def job_of(self, request: Request) -> Job:
        job = self.desk.job(request.path_params["job"])
        if job is None:
            raise PageError("this result is no longer kept; take the photo again", 404)
        return job

    async def index(self, request: Request) -> Response:
        return Response(self.page, media_type="text/html; charset=utf-8")

    async def static_file(self, request: Request) -> Response:
        name = request.path_params["name"]
        if name not in self.static:
            raise PageError("no such page", 404)
        kind = "text/javascript" if name.endswith(".js") else "text/css"
        return Response(self.static[name], media_type=f"{kind}; charset=utf-8")

    async def game_list(self, request: Request) -> Response:
        return JSONResponse({"games": results.games_json(self.specs),
                             "max_bytes": self.config.max_bytes,
                             "max_megapixels": MAX_PIXELS // 1_000_000})

    async def upload(self, request: Request) -> Response:
        game = request.query_params.get("game", "")
        if game not in self.specs:
            raise PageError("choose a game from the list")
        spec = self.specs[game]
        texts = {k[2:]: v for k, v in request.query_params.items() if k.startswith("o.")}
        options = results.read_options(spec, texts)
        declared = request.headers.get("content-length")
        if declared and declared.isdigit() and int(declared) > self.config.max_bytes:
            raise PageError(_too_large(self.config.max_bytes), 413)
        if self.uploading >= MAX_UPLOADS:
            raise PageError("too many photos are coming in at once; try again in a moment",
                            503)
        job = self.desk.new_job(game, options, texts)
        if not await self._keep_photo(request, job):
            return Response(status_code=400)        # the phone went away mid-upload
        await self.desk.read(job, lambda j: self._work(spec, j))
        self.config.say(results.log_line(spec, job))
        return await self._result(job)

    async def _keep_photo(self, request: Request, job: Job) -> bool:
        """Stream the photo in and keep it under the job's name; False if the phone went
        away."""
        folder = self.config.folder
        incoming = folder / f"incoming-{job.id}.part"
        self.uploading += 1
        try:
            size = await _receive(request, incoming, self.config.max_bytes)
        finally:
            self.uploading -= 1
        if size is None:
            return False
        if size == 0:
            incoming.unlink(missing_ok=True)
            raise PageError("no photo arrived; take it again")
        try:
            self.desk.arrived(job)
        except DeskBusy:
            incoming.unlink(missing_ok=True)
            raise
        with incoming.open("rb") as f:
            head = f.read(16)
        job.photo = folder / f"{job.number:04d}-{job.game}-photo{results.photo_suffix(head)}"
        incoming.replace(job.photo)
        return True

    def _work(self, spec: results.GameSpec, job: Job) -> None:
        try:
            results.read_photo(spec, job, self.config.folder)
        except Exception:
            log.exception("photo %s could not be read", job.number)
            job.error = ("the referee failed on this photo (the computer's terminal has the "
                         "details); try another photo")

    async def _result(self, job: Job) -> Response:
        # off the event loop: a game's corrections may try the rules many times
        data = await run_in_threadpool(results.result_json, self.spec_of(job), job,
                                       f"/api/jobs/{job.id}")
        return JSONResponse(data, status_code=422 if "error" in data else 200)

    async def job_result(self, request: Request) -> Response:
        return await self._result(self.job_of(request))

    async def overlay(self, request: Request) -> Response:
        job = self.job_of(request)
        if job.overlay is None:
            raise PageError("this photo has no overlay", 404)
        place = request.query_params.get("place")
        if place is not None:
            index = inputs.bounded_int(place, "place", 0, 100_000) if place.isdigit() else -1
            data = await run_in_threadpool(results.check_overlay, self.spec_of(job), job,
                                           index)
            if data is not None:
                return Response(data, media_type="image/jpeg")
        return Response(job.overlay.read_bytes(), media_type="image/jpeg")

    async def check(self, request: Request) -> Response:
        job = self.job_of(request)
        body = await _json(request)
        try:
            x, y = (inputs.finite_float(body.get(k), k) for k in ("x", "y"))
        except (inputs.InputError, AttributeError):
            raise PageError("say where the tap was (x and y in the picture)") from None
        answer = await run_in_threadpool(results.check_tap, self.spec_of(job), job, x, y)
        return JSONResponse(answer)

    async def correct(self, request: Request) -> Response:
        job = self.job_of(request)
        body = await _json(request)
        answers = body.get("answers") if isinstance(body, dict) else None
        if not isinstance(answers, dict) or not all(
                isinstance(k, str) and isinstance(v, str) for k, v in answers.items()):
            raise PageError("send the answers as {\"answers\": {question: answer}}")
        await run_in_threadpool(results.correct, self.spec_of(job), job, answers)
        return await self._result(job)

    async def state(self, request: Request) -> Response:
        job = self.job_of(request)
        name = f"{job.game}-{job.number}-state.json"
        return Response(results.state_file(job), media_type="application/json",
                        headers={"Content-Disposition": f'attachment; filename="{name}"'})


def create_app(config: ServeConfig) -> ASGIApp:
    """The app, with the token gate around it. Every game with a referee in the registry
    is offered (imported now, so the first photo is not slowed by it)."""
    config.folder.mkdir(parents=True, exist_ok=True)
    pages = Routes(config, results.game_specs())

    @asynccontextmanager
    async def lifespan(app: Starlette):
        yield
        pages.desk.close()

    app = Starlette(
        routes=pages.routes(),
        exception_handlers={PageError: _page_error, DeskBusy: _busy,
                            HTTPException: _http_error, inputs.InputError: _input_error,
                            Exception: _server_error},
        lifespan=lifespan,
    )
    app.state.desk = pages.desk
    app.state.specs = pages.specs
    return TokenGate(app, config.token)


async def _receive(request: Request, path: Path, limit: int) -> int | None:
    """Stream the body to `path`, at most `limit` bytes; None if the client went away."""
    size = 0
    try:
        with path.open("wb") as f:
            async for chunk in request.stream():
                size += len(chunk)
                if size > limit:
                    raise PageError(_too_large(limit), 413)
                f.write(chunk)
    except ClientDisconnect:
        path.unlink(missing_ok=True)
        return None
    except BaseException:
        path.unlink(missing_ok=True)
        raise
    return size


async def _json(request: Request) -> Any:
    body = b""
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_JSON_BODY:
            raise PageError("that request is too large", 413)
    try:
        return inputs.parse_json(body.decode("utf-8"))
    except UnicodeDecodeError:
        raise PageError("the request is not UTF-8 text") from None


def _too_large(limit: int) -> str:
    size = f"{limit >> 20} MB" if limit >= 1 << 20 else f"{limit >> 10} kB"
    return f"the photo is too large (at most {size})"


def _page(token: str) -> bytes:
    text = (resources.files("pnp.serve") / "static" / "index.html").read_text("utf-8")
    return text.replace("__TOKEN__", html.escape(token, quote=True)).encode()


def _error(message: str, status: int) -> JSONResponse:
    return JSONResponse({"error": message}, status_code=status)


async def _page_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, PageError)
    return _error(friendly(str(exc)), exc.status)


async def _busy(request: Request, exc: Exception) -> Response:
    return _error(friendly(str(exc)), 503)


async def _input_error(request: Request, exc: Exception) -> Response:
    return _error(friendly(str(exc)), 400)


async def _http_error(request: Request, exc: Exception) -> Response:
    assert isinstance(exc, HTTPException)
    words = {404: "no such page", 405: "this page does not take that kind of request"}
    return _error(words.get(exc.status_code, "that request cannot be answered"),
                  exc.status_code)


async def _server_error(request: Request, exc: Exception) -> Response:
    log.error("request failed: %s", json.dumps(request.url.path), exc_info=exc)
    return _error("something went wrong on the computer (its terminal has the details); "
                  "try again", 500)

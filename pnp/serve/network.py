"""Where the phone finds the computer: its address on the local network, the listening
socket, the QR code of the page's URL, and running uvicorn until Ctrl-C.
"""

from __future__ import annotations

import contextlib
import io
import socket
import sys
import threading
import time
from collections.abc import Iterator
from typing import Any

import segno
import uvicorn

LOCALHOST = "127.0.0.1"
EVERYWHERE = "0.0.0.0"


def lan_address() -> str | None:
    """This computer's IPv4 address on the local network: the one the system would send
    from towards a private address (a UDP "connect" sends no packet). None if there is no
    network but loopback."""
    for probe in ("10.255.255.255", "192.168.255.255", "172.31.255.255"):
        with contextlib.suppress(OSError), socket.socket(socket.AF_INET,
                                                         socket.SOCK_DGRAM) as s:
            s.connect((probe, 9))
            address = s.getsockname()[0]
            if address and not address.startswith("127.") and address != EVERYWHERE:
                return address
    return None


def listen(host: str, port: int) -> socket.socket:
    """A bound, listening TCP socket (port 0: any free port). Raises OSError."""
    sock = socket.socket(socket.AF_INET, socket.SOCK_STREAM)
    try:
        sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        sock.bind((host, port))
        sock.listen(128)
        sock.set_inheritable(True)
    except OSError:
        sock.close()
        raise
    return sock


def page_url(address: str, port: int, token: str) -> str:
    return f"http://{address}:{port}/?t={token}"


def qr_text(url: str) -> str:
    """The URL as a QR code drawn with text (two rows per line where the terminal takes
    UTF-8, else ANSI blocks)."""
    qr = segno.make(url, error="m")
    out = io.StringIO()
    encoding = (getattr(sys.stdout, "encoding", None) or "").lower().replace("-", "")
    qr.terminal(out=out, compact=encoding == "utf8", border=2)
    return out.getvalue()


class Server(uvicorn.Server):
    @contextlib.contextmanager
    def capture_signals(self) -> Iterator[None]:
        with super().capture_signals():
            yield
            # uvicorn raises the caught Ctrl-C again after its graceful stop; for this
            # command Ctrl-C is the way to stop, so it ends here.
            captured = getattr(self, "_captured_signals", None)
            if isinstance(captured, list):
                captured.clear()


def server(app: Any) -> Server:
    config = uvicorn.Config(app, log_level="warning", access_log=False, lifespan="on",
                            timeout_graceful_shutdown=3, server_header=False)
    return Server(config)


def run(app: Any, sock: socket.socket) -> None:
    """Serve `app` on `sock` until Ctrl-C (or SIGTERM): a clean stop, not an error."""
    server(app).run(sockets=[sock])


@contextlib.contextmanager
def serving(app: Any, sock: socket.socket) -> Iterator[str]:
    """Serve in a background thread (tests, the benchmark); yield the base URL."""
    srv = server(app)
    thread = threading.Thread(target=srv.run, kwargs={"sockets": [sock]}, daemon=True)
    thread.start()
    try:
        while not srv.started:
            if not thread.is_alive():
                raise RuntimeError("the server did not start")
            time.sleep(0.01)
        host, port = sock.getsockname()[:2]
        yield f"http://{host}:{port}"
    finally:
        srv.should_exit = True
        thread.join(10)

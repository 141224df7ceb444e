"""`pnp serve`: score from the phone. Starts the page on this computer and prints its QR
code; thin: the app is `pnp/serve/`."""

from __future__ import annotations

import contextlib
import sys
import tempfile
from pathlib import Path

import typer

from pnp import inputs
from pnp.cli.errors import CliError, echo_lines, option
from pnp.cli.root import app

DEFAULT_PORT = 8765
INSTALL = "pip install -e '.[serve]'"


@app.command("serve")
def serve_command(
    local: bool = typer.Option(False, "--local",
                               help="Serve on 127.0.0.1 only (this computer, not the phone)."),
    port: str = typer.Option(str(DEFAULT_PORT), "--port", metavar="PORT",
                             help="TCP port (0: any free one)."),
    keep: Path | None = typer.Option(None, "--keep", metavar="DIR",
                                     help="Keep the photos, overlays and results in DIR "
                                          "(default: a temporary folder removed on exit)."),
) -> None:
    """Score from the phone: a page on the local network (QR code in the terminal) that
    photographs the table, shows the score and overlay, answers taps and takes corrections.
    Ctrl-C stops it."""
    try:
        from pnp.serve import ServeConfig, create_app, network, new_token
    except ImportError as exc:
        missing = (exc.name or "a package").split(".")[0]
        raise CliError(f"pnp serve needs its extra ({missing} is missing): {INSTALL}") from None

    number = option(inputs.bounded_int, port, "--port", 0, 65535)
    if keep is not None and keep.exists() and not keep.is_dir():
        raise CliError(f"--keep {keep} is a file; name a folder")
    host = network.LOCALHOST if local else network.EVERYWHERE
    try:
        sock = network.listen(host, number)
    except OSError as exc:
        raise CliError(f"cannot listen on port {number}: {exc.strerror or exc} (choose another "
                       "with --port)") from None
    address = network.LOCALHOST if local else network.lan_address()
    notes = []
    if address is None:
        address = network.LOCALHOST
        notes.append("no local network found: only this computer can open the page")
    bound = sock.getsockname()[1]
    token = new_token()
    url = network.page_url(address, bound, token)

    with contextlib.ExitStack() as stack:
        if keep is None:
            folder = Path(stack.enter_context(tempfile.TemporaryDirectory(prefix="pnp-serve-")))
        else:
            folder = keep
            try:
                folder.mkdir(parents=True, exist_ok=True)
            except OSError as exc:
                raise CliError(f"cannot make --keep {keep}: {exc.strerror or exc}") from None
        stack.callback(sock.close)
        config = ServeConfig(token, folder, say=lambda line: echo_lines([line], err=True))
        served = create_app(config)
        typer.echo("pnp serve: scan this code with the phone (on the same network as this "
                   "computer):")
        typer.echo(network.qr_text(url), nl=False)
        typer.echo(url)
        echo_lines(notes, err=True)
        typer.echo("The token in the address is the key to this page: whoever has it can "
                   "upload photos and see the results. Ctrl-C stops the server.")
        typer.echo(f"Photos and results: {folder}" if keep is not None else
                   f"Photos and results: {folder} (temporary, removed on exit; --keep DIR "
                   "keeps them)")
        sys.stdout.flush()
        network.run(served, sock)
    typer.echo("pnp serve: stopped" + ("" if keep is not None else
                                       "; the photos and results were removed"))

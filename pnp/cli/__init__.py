"""The `pnp` command line. Thin: it parses options and calls the library.

Every failure a user can cause ends as one line on stderr and a non-zero exit code.
"""

from __future__ import annotations

import atexit
import contextlib
import errno
import gc
import os
import signal
import sys
import threading
from collections.abc import Iterator
from pathlib import Path
from types import FrameType
from typing import Any

from pnp.inputs import escape

# Typer and the commands are imported by the run that needs them (`pnp.cli.root`): the
# command list (`pnp --help`, or no arguments) prints from text kept beside it, at once.
ROOT_HELP = Path(__file__).with_name("root_help.txt")


def __getattr__(name: str) -> Any:
    """`pnp.cli.app`: the Typer app with every command registered."""
    if name == "app":
        from pnp.cli.root import load_commands

        return load_commands()
    raise AttributeError(name)


def _root_help(argv: list[str]) -> int | None:
    """Print the command list without Typer when that is all `argv` asks for and the
    terminal is wide enough for Typer's own layout (80 columns); None otherwise."""
    if argv not in ([], ["--help"]):
        return None
    import shutil

    if shutil.get_terminal_size().columns < 80:
        return None
    try:
        text = ROOT_HELP.read_text()
    except OSError:
        return None
    if argv:
        sys.stdout.write(text)
        return 0
    sys.stderr.write(text)       # no arguments: the list, as a usage error (Typer's way)
    return 2


def _error(line: str) -> None:
    """One `error:` line on stderr, escaped; a closed stderr is not worth a traceback."""
    with contextlib.suppress(OSError):
        print(f"error: {escape(line)}", file=sys.stderr, flush=True)


class _Interrupt:
    """Ctrl-C and SIGTERM unwind as KeyboardInterrupt (so every temporary file is removed on
    the way out) and are remembered: Typer turns the interrupt into a bare exit code 130."""

    seen = False

    @classmethod
    def handle(cls, signum: int, frame: FrameType | None) -> None:
        cls.seen = True
        if _in_import_machinery(frame):
            # Raised inside the import system's lock callbacks, the interrupt would be printed
            # as "Exception ignored" and dropped: raise it a moment later, outside them.
            signal.setitimer(signal.ITIMER_REAL, 0.002)
            return
        raise KeyboardInterrupt

    @classmethod
    @contextlib.contextmanager
    def installed(cls) -> Iterator[None]:
        cls.seen = False
        if threading.current_thread() is not threading.main_thread():
            yield
            return
        signals = (signal.SIGINT, signal.SIGTERM, signal.SIGALRM)
        old = {sig: signal.signal(sig, cls.handle) for sig in signals}
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            for sig, handler in old.items():
                signal.signal(sig, handler)


def _in_import_machinery(frame: FrameType | None) -> bool:
    return frame is not None and frame.f_code.co_filename.startswith("<frozen importlib")


def _output_failed(exc: OSError) -> int:
    """stdout is full or gone (`> /dev/full`, a closed pipe): say so once, no traceback."""
    try:  # later flushes (at exit) must not fail again
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    if exc.errno == errno.EPIPE:
        return 141
    _error(f"cannot write the output: {exc.strerror or exc}")
    return 1


def main(argv: list[str] | None = None) -> int:
    """Entry point: run the app, turning every user error into one line and an exit code."""
    try:
        with _Interrupt.installed():
            code = _main(argv)
            if _Interrupt.seen:
                _error("interrupted")
                return 130
        sys.stdout.flush()
        return code
    except KeyboardInterrupt:
        _error("interrupted")
        return 130
    except OSError as exc:
        return _output_failed(exc)


def _main(argv: list[str] | None) -> int:
    args = sys.argv[1:] if argv is None else list(argv)
    quick = _root_help(args)
    if quick is not None:
        return quick
    from pnp.cli.errors import CliError

    try:
        result = _run(args)
    except CliError as exc:
        for line in exc.lines:
            _error(line)
        return exc.code
    except KeyboardInterrupt:
        _Interrupt.seen = True
        return 130
    except OSError as exc:
        if exc.errno in (errno.EPIPE, errno.ENOSPC, errno.EIO, errno.EBADF):
            raise               # the output itself failed: main() says so
        _error(f"{exc.strerror or exc}")
        return 1
    except Exception as exc:
        # Typer's usage errors (click's, or the copy of click newer Typers vendor): matched by
        # shape so the CLI works with either.
        name = type(exc).__name__
        if name == "NoArgsIsHelpError":
            print(exc.ctx.get_help(), file=sys.stderr)  # type: ignore[attr-defined]
            return 2
        if name == "Abort":     # click turns Ctrl-C into Abort
            _error("interrupted")
            return 130
        if hasattr(exc, "format_message") and hasattr(exc, "exit_code"):
            _error(exc.format_message())
            return int(exc.exit_code)
        raise
    return result if isinstance(result, int) else 0


def _run(args: list[str]) -> Any:
    """Run the command: a plain `pnp build`, `pnp score` or `pnp referee` without Typer
    (`pnp.cli.plain_args`), the rest through Typer."""
    if args[:1] in (["build"], ["score"]):
        from pnp.cli.plain_args import PLAIN, plain_args

        given = plain_args(PLAIN[args[0]], args[1:])
        if given is not None:
            return _plain_command(args[0])(**given)
    if args[:1] == ["referee"]:
        from pnp.cli.read_ahead import read_ahead

        read_ahead(args[1:])      # first: the photo decodes while the rest imports
        from pnp.cli import refereeing

        given = refereeing.plain(args[1:])
        if given is not None:
            return refereeing.referee(**given)
    from pnp.cli.root import load_commands

    return load_commands(args)(args=args, prog_name="pnp", standalone_mode=False)


def _plain_command(name: str) -> Any:
    """The function a plain command line runs, loaded only for that command."""
    if name == "build":
        from pnp.cli.building import build

        return build
    from pnp.cli.scoring import score

    return score


# Commands that run without the cyclic garbage collector (they make little cyclic garbage:
# their peak memory is the same) and end without the interpreter's teardown (freeing every
# module and object: a tenth of a build, 0.3 F of a referee run)
LEAN = ("build", "referee")
# OpenCV's settings of how long its pool's threads spin waiting for work (the worker's) and
# for the workers (the caller's)
OPENCV_SPIN = ("OPENCV_THREAD_POOL_ACTIVE_WAIT_WORKER", "OPENCV_THREAD_POOL_ACTIVE_WAIT_MAIN")
# glibc's mallopt options for a referee run: one arena (M_ARENA_MAX), blocks up to 64 MB
# from the heap rather than mappings of their own (M_MMAP_THRESHOLD), and no trimming of
# the heap's free top below 1 GB (M_TRIM_THRESHOLD)
MALLOC_KEEP = ((-8, 1), (-3, 64 << 20), (-1, 1 << 30))


def run() -> None:
    """The `pnp` command. A lean command (LEAN) has its files closed and in place, and its
    output flushed, before the exit skips the teardown. Its dataclasses' methods and
    layout files come compiled from the cache (`pnp.compiled_once`)."""
    lean = len(sys.argv) > 1 and sys.argv[1] in LEAN
    if lean:
        gc.disable()
        from pnp import compiled_once

        compiled_once.install(sys.argv[1])
    if sys.argv[1:2] == ["referee"]:
        # numpy's products here are small: OpenBLAS's extra threads only spin, on the
        # CPU the reading needs (a user's own setting wins)
        os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
        # and OpenCV's pool sleeps between its jobs: by default its threads spin a while
        # after each one in case another follows, and a run's hundreds of small jobs
        # (windows, tombs, the overlay) kept them burning a tenth of its CPU for nothing
        for name in OPENCV_SPIN:
            os.environ.setdefault(name, "0")
        _keep_freed_memory()
    code = main()
    if lean:
        _exit_without_teardown(code)
    sys.exit(code)


def _keep_freed_memory() -> None:
    """glibc's malloc told to keep what is freed for the next allocation, in one arena
    (MALLOC_KEEP). A referee run allocates and frees arrays of a photo's size over and
    over (the photo, its grey copy, threshold images, the overlay): by default each is
    handed back to the kernel when freed and the next one faults in fresh zeroed pages,
    and OpenCV's worker threads take arenas of their own. Only glibc has mallopt: on
    any other C library this does nothing."""
    with contextlib.suppress(Exception):
        import ctypes  # (numpy imports it anyway)

        libc = ctypes.CDLL(None)
        for option, value in MALLOC_KEEP:
            libc.mallopt(option, value)


def _exit_without_teardown(code: int) -> None:
    """Exit as `sys.exit` does (exit handlers run, output flushed), less the teardown."""
    atexit._run_exitfuncs()
    for stream in (sys.stdout, sys.stderr):
        with contextlib.suppress(OSError, ValueError):
            stream.flush()
    os._exit(code)

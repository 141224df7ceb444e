"""The command list `pnp --help` prints without Typer is Typer's own, and every command is
registered by the module the CLI imports for it."""

from __future__ import annotations

import subprocess
import sys

import pytest

from pnp.cli import main
from pnp.cli.root import COMMAND_MODULES, ROOT_HELP, load_commands, typer_root_help


def test_the_kept_command_list_is_typers(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    assert ROOT_HELP.read_text() == typer_root_help(), \
        "run `python -m pnp.cli.root` to write the command list anew"


def test_every_command_is_mapped_to_its_module_in_listed_order() -> None:
    registered = [c.name for c in load_commands().registered_commands]
    assert registered == list(COMMAND_MODULES)


@pytest.mark.parametrize("command", sorted(COMMAND_MODULES))
def test_each_command_runs_with_only_its_module_imported(command: str) -> None:
    code = ("import sys\nfrom pnp.cli.root import load_commands\n"
            f"app = load_commands([{command!r}, '--help'])\n"
            "print(' '.join(c.name for c in app.registered_commands))")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout.split()
    assert command in out
    assert "serve" not in out or command == "serve"


def test_help_and_no_arguments_print_the_list(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    assert main(["--help"]) == 0
    assert capsys.readouterr().out == ROOT_HELP.read_text()
    assert main([]) == 2
    assert capsys.readouterr().err == ROOT_HELP.read_text()


def test_a_narrow_terminal_gets_typers_layout(capsys: pytest.CaptureFixture[str],
                                              monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "60")
    assert main(["--help"]) == 0
    text = capsys.readouterr().out
    assert text != ROOT_HELP.read_text()
    assert max(len(line) for line in text.splitlines()) <= 60


def test_help_before_a_command_still_lists_every_command(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("COLUMNS", "100")
    assert main(["--help", "score"]) == 0
    assert capsys.readouterr().out == ROOT_HELP.read_text()

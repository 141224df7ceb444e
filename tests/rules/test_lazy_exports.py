"""A game's rules package imports each export with its submodule on first use
(pnp/rules/lazy.py): what a build imports of the rules stays small, and every export reads
as it did when the packages imported everything at once."""

from __future__ import annotations

import json
import subprocess
import sys
import types

import pytest

GAMES = ("asterion", "assyria", "spider_twist", "constructo")


def _fresh(code: str) -> object:
    """What `code` (run in a fresh interpreter) prints as JSON on its last line."""
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    return json.loads(out.splitlines()[-1])


def test_importing_one_submodule_imports_none_of_the_others() -> None:
    loaded = _fresh("import json, sys, pnp.rules.asterion.tiles, pnp.rules.assyria.board\n"
                    "print(json.dumps(sorted(m for m in sys.modules "
                    "if m.startswith('pnp.rules.'))))")
    assert loaded == ["pnp.rules.assyria", "pnp.rules.assyria.board", "pnp.rules.asterion",
                      "pnp.rules.asterion.tiles", "pnp.rules.lazy"]


def test_an_export_named_like_its_submodule_stays_the_export() -> None:
    # the submodules loaded first (as `pnp check` does), the package's names read after
    kinds = _fresh("import json, types\n"
                   "import pnp.rules.asterion.check, pnp.rules.asterion.validate\n"
                   "import pnp.rules.assyria.board, pnp.rules.assyria.validate\n"
                   "from pnp.rules.asterion import check, validate\n"
                   "from pnp.rules import assyria\n"
                   "print(json.dumps([type(f).__name__ for f in "
                   "(check, validate, assyria.board, assyria.validate)]))")
    assert kinds == ["function", "function", "_lru_cache_wrapper", "function"]


@pytest.mark.parametrize("game", GAMES)
def test_every_export_is_the_object_its_module_defines(game: str) -> None:
    package = __import__(f"pnp.rules.{game}", fromlist=["_EXPORTS"])
    exports = package._EXPORTS
    assert package.__all__ == sorted(exports.module_of)
    for name, module in exports.module_of.items():
        path = module if "." in module else f"pnp.rules.{game}.{module}"
        value = getattr(package, name)
        assert value is getattr(sys.modules[path], name), name
        assert not isinstance(value, types.ModuleType), name
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        package.nothing  # noqa: B018

"""Asterion rules core (standard library only). Rules: docs/rules/asterion.md.

The functions the print side, the CLI and the photo referee use are exported here and
documented in docs/asterion-rules-core.md.
"""

from typing import Any

from pnp.rules.lazy import Exports

# the exports by submodule, each imported on first use (pnp/rules/lazy.py)
_EXPORTS = Exports(__name__, {
    "check": ("CheckResult", "PrisonerCheck", "check", "check_text"),
    "connect": ("Component", "Network", "network"),
    "read": ("table_from_dict", "table_from_json"),
    "scoring": ("PlayerScore", "PrisonerResult", "ScoreResult", "prisoner_components", "score"),
    "table": ("BOARD_RADIUS", "SETUP_DISCARDS", "Placement", "Problem", "Table", "TableError"),
    "tiles": ("COLOURS", "EDITIONS", "PORTS", "Region", "Tile", "TilesetError", "load_tileset",
              "rotate_port", "unrotate_port"),
    "validate": ("FATAL", "fatal_problems", "validate"),
})
__all__ = _EXPORTS.names


def __getattr__(name: str) -> Any:
    return _EXPORTS.load(name)

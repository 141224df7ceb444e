"""Asterion rules core (standard library only). Rules: docs/rules/asterion.md.

The functions the print side, the CLI and the photo referee use are exported here and
documented in docs/asterion-rules-core.md.
"""

from pnp.rules.asterion.check import CheckResult, PrisonerCheck, check, check_text
from pnp.rules.asterion.connect import Component, Network, network
from pnp.rules.asterion.read import table_from_dict, table_from_json
from pnp.rules.asterion.scoring import (
    PlayerScore,
    PrisonerResult,
    ScoreResult,
    prisoner_components,
    score,
)
from pnp.rules.asterion.table import (
    BOARD_RADIUS,
    SETUP_DISCARDS,
    Placement,
    Problem,
    Table,
    TableError,
)
from pnp.rules.asterion.tiles import (
    COLOURS,
    EDITIONS,
    PORTS,
    Region,
    Tile,
    TilesetError,
    load_tileset,
    rotate_port,
    unrotate_port,
)
from pnp.rules.asterion.validate import FATAL, fatal_problems, validate

__all__ = [
    "BOARD_RADIUS",
    "COLOURS",
    "EDITIONS",
    "FATAL",
    "PORTS",
    "SETUP_DISCARDS",
    "CheckResult",
    "Component",
    "Network",
    "Placement",
    "PlayerScore",
    "PrisonerCheck",
    "PrisonerResult",
    "Problem",
    "Region",
    "ScoreResult",
    "Table",
    "TableError",
    "Tile",
    "TilesetError",
    "check",
    "check_text",
    "fatal_problems",
    "load_tileset",
    "network",
    "prisoner_components",
    "rotate_port",
    "score",
    "table_from_dict",
    "table_from_json",
    "unrotate_port",
    "validate",
]

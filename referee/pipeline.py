"""Compatibility for callers of the one-game API (`pnp referee`'s CLI, until it dispatches
through the registry): Asterion's referee under its old names.

New code reads a photo through the game's `GameReferee` (referee.api), e.g.
`referee.asterion.REFEREE.read(photo, **options)`.
"""

from __future__ import annotations

from referee.asterion.pipeline import referee_photo
from referee.asterion.verdict import AsterionVerdict as Verdict
from referee.asterion.verdict import TileSeen
from referee.errors import BadPhoto, NoTiles, RefereeError
from referee.problems import RefereeProblem

__all__ = ["BadPhoto", "NoTiles", "RefereeError", "RefereeProblem", "TileSeen", "Verdict",
           "referee_photo"]

"""Asterion's own problem codes (the shared ones are in referee/problems.py)."""

from __future__ import annotations

TILE_UNREADABLE = "tile-unreadable"        # a tile's marker seen but its pose makes no sense
TILE_AMBIGUOUS = "tile-ambiguous"          # between two cells, or turned near 45 degrees
CELL_UNIDENTIFIED = "cell-unidentified"    # looks occupied (or is hidden) but no tile read
TOMB_UNCERTAIN = "tomb-uncertain"          # cannot tell whether a prisoner carries a tomb
NO_MINOTAUR = "minotaur-unseen"            # the Minotaur tile was not read: no origin
CELL_OUT_OF_VIEW = "cell-out-of-view"      # a cell next to a tile lies outside the photo

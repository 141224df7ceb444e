"""Compatibility: moved to `pnp.printing.asterion.draw_board`.

The referee (referee/, tests/referee/) still imports this path; remove this module once it
imports `pnp.printing.asterion.draw_board`.
"""

from pnp.printing.asterion.draw_board import *  # noqa: F403

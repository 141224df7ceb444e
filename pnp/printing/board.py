"""Compatibility: moved to `pnp.printing.asterion.board`.

The referee (referee/, tests/referee/) still imports this path; remove this module once it
imports `pnp.printing.asterion.board`.
"""

from pnp.printing.asterion.board import *  # noqa: F403

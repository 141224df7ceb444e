"""Compatibility: moved to `pnp.printing.asterion.art`.

The referee (referee/, tests/referee/) still imports this path; remove this module once it
imports `pnp.printing.asterion.art`.
"""

from pnp.printing.asterion.art import *  # noqa: F403

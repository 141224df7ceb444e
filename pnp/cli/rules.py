"""`pnp tiles`, `pnp score`, `pnp check`, `pnp simulate`: the rules core from the shell."""

from __future__ import annotations

from pnp.cli import app  # noqa: F401  (commands are added here by the rules-core work)

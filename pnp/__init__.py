"""pnp: print-and-play sheets and a photo referee for Asterion and friends.

This package root stays import-light: the rules core (pnp.rules) must import without
reportlab, OpenCV or Typer.
"""

__version__ = "0.1.0"

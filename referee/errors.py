"""One exception family for the referee: every stage raises its own subclass."""

from __future__ import annotations


class RefereeError(Exception):
    """Something stopped the referee; the message is one line for people."""


class BadPhoto(RefereeError):
    """The input is not a photo we can read (not an image, truncated, too large, empty)."""


class NoTiles(RefereeError):
    """The photo shows none of our markers: nothing to referee."""


class DetectError(RefereeError):
    """The marker detector could not run on this image."""


class GridError(RefereeError):
    """The table plane cannot be fitted (too few markers)."""


class ClassifyError(RefereeError):
    """A tile's patch could not be read."""


class AssembleError(RefereeError):
    """The detected tiles cannot be turned into a table."""


class OverlayError(RefereeError):
    """The overlay could not be drawn or written."""

"""One exception family for the referee (every stage raises its own subclass), and the
exit codes every game's referee means the same by.

A `RefereeError` is bad input: one line for people, exit 2. Anything the referee is merely
unsure about is a problem in the verdict (referee.problems), exit 3; sure is exit 0.
"""

from __future__ import annotations

EXIT_SURE = 0           # the referee is sure: the score can be trusted
EXIT_BAD_INPUT = 2      # not a photo, none of the game's markers, bad options
EXIT_UNSURE = 3         # any problem: no score (unless asked for a partial one)


class RefereeError(Exception):
    """Something stopped the referee; the message is one line for people."""


class BadOption(RefereeError):
    """An option the referee cannot take (the message names it), even when it shows only
    once the photo is read (Crete tiles read as the revised edition): bad input, exit 2,
    not the photo's fault."""


class BadPhoto(RefereeError):
    """The input is not a photo we can read (not an image, truncated, too large, empty)."""


class NoMarkers(RefereeError):
    """The photo shows none of the game's markers (tiles' or board's): nothing to referee."""


class DetectError(RefereeError):
    """The marker detector could not run on this image."""


class GridError(RefereeError):
    """The table plane cannot be fitted (too few markers)."""


class AssembleError(RefereeError):
    """The detected tiles cannot be turned into a table."""


class OverlayError(RefereeError):
    """The overlay could not be drawn or written."""


class CorrectionError(RefereeError):
    """A player's answer to a doubt is not one the referee offered."""

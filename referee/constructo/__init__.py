"""Constructo's photo referee: its own stages on top of the shared ones in `referee/`.

Stages: tile markers -> one table plane and each tile's pose -> the pattern the tiles fit
-> each tile's stack from above (stacks.py) -> the state through the rules core.
`REFEREE` is what the registry points at (pnp/games.py: referee="referee.constructo:
REFEREE"); docs/referee.md ("Constructo") describes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.rules.constructo import PATTERN_NAMES, PLAYERS
from pnp.rules.constructo.commands import pattern_name
from pnp.rules.options import Option
from referee.api import GameReferee
from referee.constructo import corrections as _corrections
from referee.constructo.pipeline import referee_photo
from referee.constructo.verdict import ConstructoVerdict
from referee.image import PhotoInput

if TYPE_CHECKING:
    from referee.constructo.evaluate import ConstructoAccuracy


class ConstructoReferee(GameReferee):
    name = "constructo"
    seam = _corrections           # places to tap, corrections (the phone page)
    # a form's default: the pattern the tiles fit, white to move
    read_options = (
        Option("pattern", "rhombus, triangle or spindle (default: from the photo).",
               parse=pattern_name, choices=PATTERN_NAMES, metavar="PATTERN", label="Pattern",
               unset="seen", show=lambda v: v or "seen"),
        Option("turn", "whose turn it is (a photo cannot show it; default white).",
               choices=PLAYERS, metavar="COLOUR", label="Whose turn (a photo cannot show it)"),
    )
    overlay_options = ()

    def read(self, photo: PhotoInput, **options: Any) -> ConstructoVerdict:
        """Options: pattern ("rhombus", "triangle", "spindle"; None: the one the tiles fit),
        turn ("white", "black"; None: white): whose turn it is, which no photo shows but
        which decides whether the round is over (the player to move has no action)."""
        self.refuse_unknown(options)
        return referee_photo(photo, **options)

    def score_notes(self, verdict: ConstructoVerdict) -> list[str]:
        turn = ("the turn as --turn gives it" if verdict.turn_given else
                "the turn is white unless --turn names it")
        # a piece wholly under a wider one (a ring under a medium disc) cannot be seen from
        # above; the towers' tops, which score, can
        return ["stacks as seen from above: a piece wholly under another is not counted, so "
                "a tower may hold more pieces than it says (its top, which scores, is seen)",
                "supply: 3 of each piece per player less those seen (not seen in the photo); "
                f"the round and earlier points are not seen; {turn}"]

    def accuracy(self) -> ConstructoAccuracy:
        from referee.constructo.evaluate import ConstructoAccuracy

        return ConstructoAccuracy()


REFEREE = ConstructoReferee()

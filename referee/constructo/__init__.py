"""Constructo's photo referee: its own stages on top of the shared ones in `referee/`.

Stages: tile markers -> one table plane and each tile's pose -> the pattern the tiles fit
-> each tile's stack from above (stacks.py) -> the state through the rules core.
`REFEREE` is what the registry points at (pnp/games.py: referee="referee.constructo:
REFEREE"); docs/referee.md ("Constructo") describes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.api import GameReferee
from referee.constructo.pipeline import ConstructoVerdict, referee_photo
from referee.image import PhotoInput

if TYPE_CHECKING:
    from referee.constructo.evaluate import ConstructoAccuracy


class ConstructoReferee(GameReferee):
    name = "constructo"
    read_options = ("pattern",)
    overlay_options = ()

    def read(self, photo: PhotoInput, **options: Any) -> ConstructoVerdict:
        """Options: pattern ("rhombus", "triangle", "flower"; None: the one the tiles fit)."""
        unknown = sorted(set(options) - set(self.read_options))
        if unknown:
            from referee.constructo.pipeline import BadOption

            raise BadOption(f"constructo's referee takes only pattern, not "
                            f"{', '.join(unknown)}")
        return referee_photo(photo, **options)

    def score_notes(self, verdict: ConstructoVerdict) -> list[str]:
        return ["supply: 3 of each piece per player less those seen (not seen in the photo); "
                "turn, round and earlier points are not seen"]

    def accuracy(self) -> ConstructoAccuracy:
        from referee.constructo.evaluate import ConstructoAccuracy

        return ConstructoAccuracy()


REFEREE = ConstructoReferee()

"""Asterion's photo referee: its own stages on top of the shared ones in `referee/`.

Stages: markers (whose id is whose: tiles and the Crete board) -> grid (the cells, each
tile's cell and quarter turn) -> classify (tombs, unidentified cells) -> assemble (the table
file, the rules core's validate) -> overlay. `REFEREE` is what the registry points at
(`pnp/games.py`: referee="referee.asterion:REFEREE"); docs/referee.md describes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.api import GameReferee
from referee.asterion import corrections as _corrections
from referee.asterion.options import OPTIONS
from referee.asterion.pipeline import referee_photo
from referee.asterion.verdict import AsterionVerdict
from referee.errors import BadOption
from referee.image import PhotoInput

if TYPE_CHECKING:
    from referee.asterion.evaluate import AsterionAccuracy


class AsterionReferee(GameReferee):
    name = "asterion"
    seam = _corrections           # places to tap, corrections (the phone page)
    read_options = OPTIONS
    overlay_options = ("check",)

    def read(self, photo: PhotoInput, **options: Any) -> AsterionVerdict:
        """Options: edition ("crete"), board (None: from the photo), players (colours; None:
        from the tiles), kill_points ({colour: points}; a photo cannot show them)."""
        self.refuse_unknown(options)
        edition = options.get("edition") or "crete"
        if options.get("board") and edition != "crete":
            raise BadOption(f"the {edition} edition has no board (--board is for crete)")
        return referee_photo(photo, **options)

    # The shell's hooks (referee.api.GameReferee): Asterion's words in report.py.
    def summary_lines(self, verdict: AsterionVerdict) -> list[str]:
        from referee.asterion.report import summary_lines

        return summary_lines(verdict)

    def score_notes(self, verdict: AsterionVerdict) -> list[str]:
        from referee.asterion.report import score_notes

        return score_notes(verdict)

    def state_text(self, verdict: AsterionVerdict) -> str:
        from referee.asterion.report import state_text

        return state_text(verdict)

    def accuracy(self) -> AsterionAccuracy:
        from referee.asterion.evaluate import AsterionAccuracy

        return AsterionAccuracy()


REFEREE = AsterionReferee()

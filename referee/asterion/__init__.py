"""Asterion's photo referee: its own stages on top of the shared ones in `referee/`.

Stages: markers (whose id is whose: tiles and the Crete board) -> grid (the cells, each
tile's cell and quarter turn) -> classify (tombs, unidentified cells) -> assemble (the table
file, the rules core's validate) -> overlay. `REFEREE` is what the registry points at
(`pnp/games.py`: referee="referee.asterion:REFEREE"); docs/referee.md describes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.api import GameReferee, ReadOption
from referee.asterion import corrections as _corrections
from referee.asterion.options import OPTIONS
from referee.asterion.pipeline import referee_photo
from referee.asterion.verdict import AsterionVerdict
from referee.image import PhotoInput

if TYPE_CHECKING:
    from referee.asterion.evaluate import AsterionAccuracy


class AsterionReferee(GameReferee):
    name = "asterion"
    seam = _corrections           # places to tap, corrections (the phone page)
    read_options = ("edition", "board", "players", "kill_points")
    overlay_options = ("check",)

    def read(self, photo: PhotoInput, **options: Any) -> AsterionVerdict:
        """Options: edition ("crete"), board (None: from the photo), players (colours; None:
        from the tiles), kill_points ({colour: points}; a photo cannot show them)."""
        return referee_photo(photo, **options)

    # The shell's hooks (referee.api.GameReferee): Asterion's words in report.py.
    def parse_options(self, given: dict[str, Any]) -> dict[str, Any]:
        from referee.asterion.report import parse_options

        return parse_options(given)

    def summary_lines(self, verdict: AsterionVerdict) -> list[str]:
        from referee.asterion.report import summary_lines

        return summary_lines(verdict)

    def score_notes(self, verdict: AsterionVerdict) -> list[str]:
        from referee.asterion.report import score_notes

        return score_notes(verdict)

    def state_text(self, verdict: AsterionVerdict) -> str:
        from referee.asterion.report import state_text

        return state_text(verdict)

    def describe_options(self) -> tuple[ReadOption, ...]:
        return OPTIONS

    def accuracy(self) -> AsterionAccuracy:
        from referee.asterion.evaluate import AsterionAccuracy

        return AsterionAccuracy()


REFEREE = AsterionReferee()

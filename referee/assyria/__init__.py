"""Assyria's photo referee: its own stages on top of the shared ones in `referee/`.

Stages: board markers -> the plane -> the map square-on, compared with the print -> huts
and ziggurats (owner, level) by hex -> wells by vertex -> the state: the board from the
photo, hands, tracks and turn from `--state`, through the rules core. `REFEREE` is what
the registry points at (pnp/games.py: referee="referee.assyria:REFEREE");
docs/referee.md ("Assyria") describes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.api import GameReferee
from referee.assyria.pipeline import AssyriaVerdict, BadOption, referee_photo
from referee.image import PhotoInput

if TYPE_CHECKING:
    from referee.assyria.evaluate import AssyriaAccuracy


class AssyriaReferee(GameReferee):
    name = "assyria"
    read_options = ("state", "players")
    overlay_options = ()

    def read(self, photo: PhotoInput, **options: Any) -> AssyriaVerdict:
        """Options: state (a state file's path, or parsed state JSON: hands, tracks and
        turn; the photo gives the board), players (2, 3 or 4: checked against it)."""
        unknown = sorted(set(options) - set(self.read_options))
        if unknown:
            raise BadOption(f"assyria's referee takes only state and players, not "
                            f"{', '.join(unknown)}")
        return referee_photo(photo, **options)

    def summary_lines(self, verdict: AssyriaVerdict) -> list[str]:
        count = {k: sum(p.what == k for p in verdict.pieces) for k in ("hut", "ziggurat", "well")}
        return [f"assyria: {count['hut']} huts, {count['ziggurat']} ziggurats, "
                f"{count['well']} wells on the board (from the photo)"]

    def score_notes(self, verdict: AssyriaVerdict) -> list[str]:
        where = verdict.state_from or "no state file"
        return [f"hands, tracks (score, camels, offerings, Ashur) and turn: from {where} "
                "(not read from the photo)"]

    def accuracy(self) -> AssyriaAccuracy:
        from referee.assyria.evaluate import AssyriaAccuracy

        return AssyriaAccuracy()


REFEREE = AssyriaReferee()

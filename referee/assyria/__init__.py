"""Assyria's photo referee: its own stages on top of the shared ones in `referee/`.

Stages: board markers -> the plane -> the map square-on, compared with the print -> huts
and ziggurats (owner, level) by hex -> wells by vertex -> the tracks' discs and Ashur's huts
-> the state: board and tracks from the photo, hands and cards from `--state` (or, with
`--turn`, a neutral rest that the turn's income does not depend on), through the rules
core. `REFEREE` is what
the registry points at (pnp/games.py: referee="referee.assyria:REFEREE");
docs/referee.md ("Assyria") describes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from referee.api import GameReferee, ReadOption
from referee.assyria import corrections as _corrections
from referee.assyria.pipeline import AssyriaVerdict, BadOption, referee_photo
from referee.assyria.unseen import parse_new_wells, parse_turn, show_new_wells
from referee.image import PhotoInput

if TYPE_CHECKING:
    from referee.assyria.evaluate import AssyriaAccuracy


class AssyriaReferee(GameReferee):
    name = "assyria"
    seam = _corrections           # places to tap, corrections (the phone page)
    read_options = ("state", "players", "turn", "new_wells")
    overlay_options = ()

    def read(self, photo: PhotoInput, **options: Any) -> AssyriaVerdict:
        """Options: state (a state file's path, or parsed state JSON: hands and cards; the
        photo gives the board and the tracks), players (2, 3 or 4: checked), turn (1-8:
        without a state, enough to score the turn's income), new_wells ("red=H01/H02/H11;
        ..." or "none": the wells placed this turn)."""
        unknown = sorted(set(options) - set(self.read_options))
        if unknown:
            raise BadOption(f"assyria's referee takes only {', '.join(self.read_options)}, "
                            f"not {', '.join(unknown)}")
        return referee_photo(photo, **options)

    def describe_options(self) -> tuple[ReadOption, ...]:
        """What the phone page asks (a state file cannot be typed): the turn and the
        wells placed this turn."""
        return (ReadOption("turn", "Turn (1-8)", hint="e.g. 4", parse=parse_turn,
                           show=lambda v: "" if v is None else str(v)),
                ReadOption("new_wells", "Wells placed this turn", hint="red=H01/H02/H11; "
                           "or none", parse=parse_new_wells, show=show_new_wells))

    def summary_lines(self, verdict: AssyriaVerdict) -> list[str]:
        count = {k: sum(p.what == k for p in verdict.pieces) for k in ("hut", "ziggurat", "well")}
        return [f"assyria: {count['hut']} huts, {count['ziggurat']} ziggurats, "
                f"{count['well']} wells on the board (from the photo)"]

    def score_notes(self, verdict: AssyriaVerdict) -> list[str]:
        if verdict.state_from:
            where = f"from {verdict.state_from}"
        elif verdict.neutral:
            where = ("not known (no --state): none in hand, as the turn's income does "
                     "not depend on them; the turn and new wells as given")
        else:
            where = "not known (no --state)"
        return ["board, tracks (score mod 100, camels, offerings, turn order) and Ashur: "
                "from the photo", f"hands and cards: {where}"]

    def accuracy(self) -> AssyriaAccuracy:
        from referee.assyria.evaluate import AssyriaAccuracy

        return AssyriaAccuracy()


REFEREE = AssyriaReferee()

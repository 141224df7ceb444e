"""Assyria's photo referee: its own stages on top of the shared ones in `referee/`.

Stages: board markers -> the plane, refined against the print -> the map square-on,
compared with the print -> huts and ziggurats (owner, level) by hex -> wells by vertex ->
the tracks' discs and Ashur's huts -> the state: board and tracks from the photo, hands
and cards from `--state` (or, with `--turn`, a neutral rest that the turn's income does
not depend on), through the rules core. `REFEREE` is what the registry points at
(pnp/games.py: referee="referee.assyria:REFEREE"); docs/referee.md ("Assyria") describes
it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.rules.options import Option
from referee.api import GameReferee
from referee.assyria import corrections as _corrections
from referee.assyria.pipeline import given_players, referee_photo
from referee.assyria.unseen import parse_new_wells, parse_turn, show_new_wells
from referee.assyria.verdict import AssyriaVerdict
from referee.image import PhotoInput

if TYPE_CHECKING:
    from referee.assyria.evaluate import AssyriaAccuracy


class AssyriaReferee(GameReferee):
    name = "assyria"
    seam = _corrections           # places to tap, corrections (the phone page)
    # the phone page asks the turn and the wells placed this turn (a state file cannot be
    # typed; the players' number is only checked against the photo)
    read_options = (
        Option("state", "what a photo cannot show (hands, cards), from a state file.",
               metavar="STATE.json", on_page=False),
        Option("players", "how many played (checked against the photo).",
               parse=given_players, metavar="N", on_page=False),
        Option("turn", "the turn, 1-8 (without --state, enough to score its income).",
               parse=parse_turn, metavar="N", label="Turn (1-8)", hint="e.g. 4",
               show=lambda v: "" if v is None else str(v)),
        Option("new_wells", "wells placed this turn, e.g. red=H01/H02/H11 (or none).",
               parse=parse_new_wells, metavar="COLOUR=VERTICES", label="Wells placed this "
               "turn", hint="red=H01/H02/H11; or none", show=show_new_wells),
    )
    overlay_options = ()

    def read(self, photo: PhotoInput, **options: Any) -> AssyriaVerdict:
        """Options: state (a state file's path, or parsed state JSON: hands and cards; the
        photo gives the board and the tracks), players (2, 3 or 4: checked), turn (1-8:
        without a state, enough to score the turn's income), new_wells ("red=H01/H02/H11;
        ..." or "none": the wells placed this turn)."""
        self.refuse_unknown(options)
        return referee_photo(photo, **options)

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

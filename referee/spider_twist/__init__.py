"""Spider Twist's photo referee: its own stages on top of the shared ones in `referee/`.

Stages: board markers (whose side is up: each side has its own ids) -> the plane -> the
board square-on -> the female and her die -> every node (empty, or whose male and which
face) -> the players' areas -> the state through the rules core. `REFEREE` is what the
registry points at (pnp/games.py: referee="referee.spider_twist:REFEREE");
docs/referee.md ("Spider Twist") describes it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from pnp.rules.options import Option
from pnp.rules.spider_twist.web import WEBS
from referee.api import GameReferee
from referee.image import PhotoInput
from referee.spider_twist import corrections as _corrections
from referee.spider_twist.pipeline import referee_photo
from referee.spider_twist.verdict import SpiderVerdict

if TYPE_CHECKING:
    from referee.spider_twist.evaluate import SpiderAccuracy


class SpiderReferee(GameReferee):
    name = "spider-twist"
    seam = _corrections           # places to tap, corrections (the phone page)
    read_options = (Option("web", "rings or spiral (default: the side the photo shows).",
                           choices=WEBS, metavar="WEB", label="Web", unset="seen"),)
    overlay_options = ("disturb",)

    def read(self, photo: PhotoInput, **options: Any) -> SpiderVerdict:
        """Options: web ("rings" or "spiral"; None: the side the markers show)."""
        self.refuse_unknown(options)
        return referee_photo(photo, **options)

    def summary_lines(self, verdict: SpiderVerdict) -> list[str]:
        males = sum(p.what == "male" for p in verdict.pieces)
        side = verdict.side or "unknown"
        return [f"spider-twist: {side} side up (from its markers), {males} male"
                f"{'s' if males != 1 else ''} on the web"]

    def score_notes(self, verdict: SpiderVerdict) -> list[str]:
        return ["stock: the rest of each player's 10 males (not counted from the photo)"]

    def accuracy(self) -> SpiderAccuracy:
        from referee.spider_twist.evaluate import SpiderAccuracy

        return SpiderAccuracy()


REFEREE = SpiderReferee()

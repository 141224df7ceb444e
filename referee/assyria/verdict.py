"""What Assyria's referee saw in a photo: the pieces and the verdict."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from pnp.rules.api import GameRules
from pnp.rules.assyria.commands import COMMANDS
from referee.api import Verdict
from referee.assyria import tracks


@dataclass(frozen=True)
class PieceSeen:
    what: str                        # "hut", "ziggurat", "well"
    colour: str | None               # the owner (None: a well)
    at: str                          # hex name, or vertex name for a well
    level: int | None                # a ziggurat's
    centre_mm: tuple[float, float]   # board mm
    point: tuple[float, float]       # photo px

    def to_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"what": self.what, "colour": self.colour, "at": self.at}
        if self.level is not None:
            out["level"] = self.level
        out["centre_mm"] = [round(self.centre_mm[0], 1), round(self.centre_mm[1], 1)]
        out["point"] = [round(self.point[0], 1), round(self.point[1], 1)]
        return out


@dataclass
class AssyriaVerdict(Verdict):
    pieces: list[PieceSeen] = field(default_factory=list)
    markers: list[int] = field(default_factory=list)
    state_from: str | None = None    # the --state file's name, or None
    tracks: tracks.TrackReading | None = None
    neutral: bool = False            # no --state: hands and cards are a neutral filling

    rules: ClassVar[GameRules | None] = COMMANDS

    def seen(self) -> dict[str, Any]:
        rest = (f"from {self.state_from}" if self.state_from
                else "neutral (no --state: no hands, the whole deck; the turn and new "
                "wells as given)" if self.neutral else "unknown (no --state given)")
        out = {"markers": self.markers,
               "board_from": "the photo (huts, ziggurats, wells; score mod 100, camels, "
                             "offerings, turn order and Ashur from the discs and huts)",
               "rest_from": f"hands, cards, turn: {rest}",
               "pieces": [p.to_dict() for p in self.pieces]}
        if self.tracks is not None:
            out["tracks"] = [{"track": t, "colour": c, "space": sp}
                             for t, c, sp, _mm in self.tracks.seen]
        return out

    def _draw(self, image: np.ndarray, image_scale: float, **options: Any) -> np.ndarray:
        from referee.assyria.overlay import draw_overlay

        return draw_overlay(self, image, image_scale)

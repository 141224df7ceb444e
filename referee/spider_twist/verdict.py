"""What Spider Twist's referee saw in a photo: the pieces and the verdict."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from pnp.rules.api import GameRules
from pnp.rules.spider_twist.commands import COMMANDS
from referee.api import Verdict


@dataclass(frozen=True)
class PieceSeen:
    what: str                        # "male", "female", "die", "area-male"
    colour: str | None               # white / black (males), None otherwise
    node: str | None                 # where it counts (a node, or "<colour>-<kind>" area)
    done: bool | None                # a male's turned face
    centre_mm: tuple[float, float]   # board mm
    point: tuple[float, float]       # photo px
    pips: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {"what": self.what, "colour": self.colour, "at": self.node, "done": self.done,
                "pips": self.pips,
                "centre_mm": [round(self.centre_mm[0], 1), round(self.centre_mm[1], 1)],
                "point": [round(self.point[0], 1), round(self.point[1], 1)]}


@dataclass
class SpiderVerdict(Verdict):
    side: str | None = None
    side_from: str = "markers"
    pieces: list[PieceSeen] = field(default_factory=list)
    markers: list[int] = field(default_factory=list)
    turn_seen: bool = False          # the turn came from a turned male (else: white, unseen)
    found: Any = field(default=None, repr=False)     # _Found: what the nodes showed
    areas: dict = field(default_factory=dict)        # mated/eaten counts per colour

    rules: ClassVar[GameRules | None] = COMMANDS

    def seen(self) -> dict[str, Any]:
        return {"web": self.side, "web_from": self.side_from, "markers": self.markers,
                "turn_from": "turned (done) males" if self.turn_seen
                else "not seen (no male turned): white by default",
                "stock_from": "the rest of each player's 10 males",
                "pieces": [p.to_dict() for p in self.pieces]}

    def _draw(self, image: np.ndarray, image_scale: float, disturb: str | None = None,
              **options: Any) -> np.ndarray:
        from referee.spider_twist.overlay import draw_overlay

        return draw_overlay(self, image, image_scale, disturb)

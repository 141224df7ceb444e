"""What Constructo's referee saw in a photo: the tiles with their stacks, and the verdict."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from pnp.rules.api import GameRules
from pnp.rules.constructo.commands import COMMANDS
from referee.api import Verdict
from referee.constructo import stacks
from referee.geometry import project


@dataclass
class TileSeen:
    number: int                          # the printed tile (1..9)
    markers: list[int]
    centre_mm: tuple[float, float]       # table frame
    turn: float
    to_photo: np.ndarray                 # tile frame mm -> photo px
    place: tuple[int, int] | None = None # (q, r) in the pattern
    look: stacks.StackLook | None = None

    @property
    def point(self) -> tuple[float, float]:
        p = project(self.to_photo, np.zeros((1, 2)))[0]
        return (float(p[0]), float(p[1]))

    def to_dict(self) -> dict[str, Any]:
        look = self.look or stacks.StackLook()
        return {"tile": self.number,
                "at": None if self.place is None else f"{self.place[0]},{self.place[1]}",
                "markers": self.markers,
                "layers_bottom_up": [la.to_dict() for la in look.layers],
                "band": look.band, "problem": look.problem,
                "point": [round(v, 1) for v in self.point]}


@dataclass
class ConstructoVerdict(Verdict):
    pattern: str | None = None
    pattern_from: str = "tiles"
    tiles: list[TileSeen] = field(default_factory=list)
    turn_given: bool = False             # the turn came from the player (--turn)

    rules: ClassVar[GameRules | None] = COMMANDS

    def seen(self) -> dict[str, Any]:
        return {"pattern": self.pattern, "pattern_from": self.pattern_from,
                "tiles": [t.to_dict() for t in self.tiles],
                "stacks_from": "the visible layers; pieces hidden under the lowest visible "
                               "layer change no score and are left out",
                "supply_from": "not seen: 3 of each piece per player, less those seen",
                "turn_from": ("given (--turn)" if self.turn_given else
                              "not seen: white by default (--turn names it)")
                + "; round 1 and no earlier points: not seen"}

    def _draw(self, image: np.ndarray, image_scale: float, **options: Any) -> np.ndarray:
        from referee.constructo.overlay import draw_overlay

        return draw_overlay(self, image, image_scale)

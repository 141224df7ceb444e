"""A toy game with a referee, registered only inside tests: what `pnp serve` offers a game it
has never heard of. Its referee reads the photo's mean brightness as a score, records the
order it read photos in and whether two reads ever overlapped, and fails on a red photo."""

from __future__ import annotations

import threading
import time
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from pnp.rules.api import Report, RulesError
from pnp.rules.options import Option
from referee.api import GameReferee, Verdict
from referee.errors import NoMarkers
from referee.image import load_photo


class ToyRules:
    name = "toy"
    score_options = check_options = simulate_options = pieces_options = ()

    def read_state(self, data: Any) -> dict:
        if "level" not in data:
            raise RulesError("no level")
        return dict(data)

    def score_report(self, state: dict) -> Report:
        return Report([f"level {state['level']}"],
                      {"players": {"light": {"points": state["level"]},
                                   "dark": {"points": 255 - state["level"]}},
                       "winners": ["light" if state["level"] >= 128 else "dark"]})

    def pieces_report(self) -> Report:
        return Report(["toy: a photo's brightness"])

    def check_report(self, state: dict, query: Mapping[str, Any]) -> Report:
        raise RulesError("nothing to check")


@dataclass
class ToyVerdict(Verdict):
    rules: ClassVar = ToyRules()


class ToyReferee(GameReferee):
    name = "toy"
    read_options = (Option("speed", "slow or fast.", choices=("slow", "fast"), label="Speed"),)

    def __init__(self) -> None:
        self.order: list[int] = []
        self.busy = 0
        self.overlapped = False
        self._lock = threading.Lock()

    def read(self, photo: Any, speed: str = "slow", **options: Any) -> ToyVerdict:
        with self._lock:
            self.busy += 1
            self.overlapped |= self.busy > 1
        try:
            image = load_photo(photo)
            b, g, r = (float(c) for c in image.image.reshape(-1, 3).mean(axis=0))
            if r > 200 and g < 50:
                raise RuntimeError("the toy referee cannot stand red")
            if b > 200 and r < 50:
                raise NoMarkers("no toy pieces in the photo")
            level = round((b + g + r) / 3)
            time.sleep(0.01 if speed == "fast" else 0.03)
            self.order.append(level)
            return ToyVerdict({"level": level}, photo_size=image.size, photo=image)
        finally:
            with self._lock:
                self.busy -= 1


REFEREE = ToyReferee()
COMMANDS = ToyRules()

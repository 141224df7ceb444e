"""The sizes of a printed ArUco marker, for any game's layout spec (pure, no reportlab).

A game's frozen spec dataclass inherits `MarkerSizes` and has a `marker_module` field (mm)
and a `marker_modules` field or class attribute (modules across, black border included).
"""

from __future__ import annotations


class MarkerSizes:
    marker_module: float        # one module's side, mm
    marker_modules: int         # modules across the marker, its black border included

    @property
    def marker_size(self) -> float:
        return self.marker_module * self.marker_modules

    @property
    def quiet_size(self) -> float:
        """The marker with its white quiet zone, one module all round."""
        return self.marker_size + 2 * self.marker_module

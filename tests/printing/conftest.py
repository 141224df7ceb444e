from __future__ import annotations

import pytest

from pnp.printing.asterion import PRINTING
from tests.printing.builds import Builds


@pytest.fixture(scope="session")
def builds(tmp_path_factory) -> Builds:
    return Builds(tmp_path_factory.mktemp("builds"), "asterion", PRINTING)


TTS_EDITIONS = [("asterion", "crete"), ("asterion", "revised"), ("assyria", None),
                ("spider-twist", None), ("constructo", None)]
TTS_DPI = 40           # modest: the checks compare images, not their detail


class TtsExports:
    """Each game's `pnp export --tts` folder, written once a session when first asked."""

    def __init__(self, root) -> None:
        self.root = root
        self.folders: dict = {}

    def __call__(self, game: str, edition: str | None = None):
        key = (game, edition)
        if key not in self.folders:
            from pnp.games import part
            from pnp.printing.build import BuildRequest
            from pnp.printing.tts.export import export_tts

            request = BuildRequest(game, edition, printing=part(game, "printing"))
            folder = self.root / f"{game}-{edition}"
            result = export_tts(request, folder, part(game, "tts"), dpi=TTS_DPI)
            self.folders[key] = (folder, result)
        return self.folders[key]


@pytest.fixture(scope="session")
def tts_exports(tmp_path_factory) -> TtsExports:
    return TtsExports(tmp_path_factory.mktemp("tts"))

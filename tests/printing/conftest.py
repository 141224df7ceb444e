from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium
import pytest

from pnp.printing.asterion import PRINTING
from pnp.printing.build import BuildRequest, build, plan


class Builds:
    """Builds PDFs once per test session and hands out the parsed documents."""

    def __init__(self, folder: Path) -> None:
        self.folder = folder
        self.cache: dict[BuildRequest, Path] = {}

    def path(self, **options) -> Path:
        request = BuildRequest("asterion", printing=PRINTING, **options)
        if request not in self.cache:
            out = self.folder / f"build{len(self.cache)}"
            self.cache[request] = build(request, out).path
        return self.cache[request]

    def pdf(self, **options) -> pdfium.PdfDocument:
        return pdfium.PdfDocument(self.path(**options))

    @staticmethod
    def plan(**options):
        return plan(BuildRequest("asterion", printing=PRINTING, **options))


@pytest.fixture(scope="session")
def builds(tmp_path_factory) -> Builds:
    return Builds(tmp_path_factory.mktemp("builds"))

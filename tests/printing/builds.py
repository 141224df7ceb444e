"""Builds a game's PDFs once per fixture scope and hands out paths, documents and plans."""

from __future__ import annotations

from pathlib import Path

import pypdfium2 as pdfium

from pnp.printing.build import BuildRequest, build, plan
from pnp.printing.game import GamePrinting


class Builds:
    def __init__(self, folder: Path, game: str, printing: GamePrinting) -> None:
        self.folder = folder
        self.game = game
        self.printing = printing
        self.paths: dict[tuple, Path] = {}

    def request(self, **options) -> BuildRequest:
        return BuildRequest(self.game, printing=self.printing, **options)

    def path(self, **options) -> Path:
        key = tuple(sorted(options.items()))
        if key not in self.paths:
            out = self.folder / f"build{len(self.paths)}"
            self.paths[key] = build(self.request(**options), out).path
        return self.paths[key]

    def pdf(self, **options) -> pdfium.PdfDocument:
        return pdfium.PdfDocument(self.path(**options))

    def plan(self, **options):
        """(context, pages) of the build, without drawing it."""
        return plan(self.request(**options))

    def pages(self, **options):
        return self.plan(**options)[1]

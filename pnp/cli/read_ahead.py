"""`pnp referee GAME PHOTO.jpg ...`: the photo's decoding started before the command's own
modules load, so that it runs on another core while they import (`referee.image.
decode_ahead`)."""

from __future__ import annotations

from pathlib import Path

from pnp import games


def read_ahead(argv: list[str]) -> None:
    """For `pnp referee ARGV` naming a game with a referee and a JPEG file, start decoding
    it now: the run reads it unless it is not the photo after all, then it is only
    decoded twice."""
    if len(argv) < 2 or argv[0] not in games.game_names("referee"):
        return
    photo = Path(argv[1])
    if photo.suffix.lower() in (".jpg", ".jpeg") and photo.is_file():
        from referee.image import decode_ahead

        decode_ahead(photo)

"""`pnp export GAME --tts`: a folder Tabletop Simulator loads as a saved object.

It holds `<game>.json` (the laid-out table, `ObjectStates`), the images it refers to (each
within 4096 px a side), the deck sheets, a thumbnail `<game>.png` beside the JSON (TTS shows
it in its Saved Objects list), README.txt and manifest.json (the files, so a later export
may replace the folder and nothing else). Faces come from `pnp export`'s rendering (the PDF's
drawing); the folder is written whole or not at all, as `pnp export` writes its own.
"""

from __future__ import annotations

import io
import json
import textwrap
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote, urlsplit

from PIL import Image, ImageDraw

from pnp.fileio import atomic_folder
from pnp.printing.build import BuildRequest, output_name, plan
from pnp.printing.export import (
    MAX_DPI,
    MIN_DPI,
    ExportError,
    check_replaceable,
    faces_to_render,
    render_faces,
)
from pnp.printing.game import ExportPiece
from pnp.printing.tts import objects
from pnp.printing.tts.guids import Guids
from pnp.printing.tts.render import thumbnail
from pnp.printing.tts.setup import Lay, TtsGame
from pnp.printing.tts.sheets import MAX_SIDE, Sheet, compose, plan_sheets
from pnp.printing.tts.table import Table, back_file, front_file

DEFAULT_DPI = 150       # a 63 x 88 mm card is 372 x 520 px: 10 x 7 of them fit in 4096 px


@dataclass(frozen=True)
class TtsResult:
    folder: Path
    save: str                   # "asterion-crete.json"
    files: int
    objects: int                # objects on the table (a deck or a bag counts once)
    pieces: int                 # every piece, in decks and bags too


def check_url_base(url_base: str) -> str:
    """An http(s) URL the images will be hosted under; ends in "/"."""
    parts = urlsplit(url_base)
    if (parts.scheme not in ("http", "https") or not parts.netloc or " " in url_base
            or parts.query or parts.fragment):
        raise ExportError(f"--url-base must be the http:// or https:// URL of a folder (no ? "
                          f"or #), not {url_base!r}")
    return url_base if url_base.endswith("/") else url_base + "/"


def export_tts(request: BuildRequest, out_dir: Path, game: TtsGame,
               dpi: int = DEFAULT_DPI, url_base: str | None = None,
               progress: Callable[[int, int], None] | None = None) -> TtsResult:
    """Write the TTS folder for `request`'s game into `out_dir` (new, empty or an earlier
    export), all at once."""
    if not MIN_DPI <= dpi <= MAX_DPI:
        raise ExportError(f"dpi must be between {MIN_DPI} and {MAX_DPI}, not {dpi}")
    base = None if url_base is None else check_url_base(url_base)
    check_replaceable(out_dir)
    ctx, _pages = plan(request)
    pieces = {p.component.id: p for p in ctx.printing.export(ctx)}
    lays = game.lay(ctx)
    faces = _faces(request, dpi, progress)
    sheets = _sheets(game, pieces, lays)
    files = _images(game, pieces, lays, sheets, faces)
    folder = out_dir.resolve()

    def url(name: str) -> str:
        return base + quote(name) if base else (folder / name).as_uri()

    stem = Path(output_name(request)).stem
    table = Table(game, pieces, sheets, url, Guids(stem)).lay_out(lays)
    save = objects.save(table)
    files[f"{stem}.json"] = (json.dumps(save, indent=2, ensure_ascii=False) + "\n").encode()
    opened = {url(name): name for name in files}
    files[f"{stem}.png"] = _png(thumbnail(save, lambda u: Image.open(io.BytesIO(
        files[opened[u]]))))
    files["README.txt"] = readme(ctx.printing.title, stem, game, base).encode()
    files["manifest.json"] = _manifest(ctx, dpi, base, sorted(files)).encode()
    with atomic_folder(out_dir) as temp:
        for name, data in sorted(files.items()):
            (temp / name).write_bytes(data)
        check_replaceable(out_dir)      # again: a file may have come in while rendering
    return TtsResult(out_dir, f"{stem}.json", len(files), len(table),
                     sum(len(lay.pieces) for lay in lays))


def _faces(request: BuildRequest, dpi: int,
           progress: Callable[[int, int], None] | None) -> dict[str, Image.Image]:
    """Every face `pnp export` renders, by file stem ("Y07", "Y07-back")."""
    ctx, _pages = plan(request)
    total = len(faces_to_render(ctx)[0])
    faces = {}
    for index, (stem, image) in enumerate(render_faces(request, dpi)):
        faces[stem] = image
        if progress:
            progress(index + 1, total)
    return faces


def _used(lays: list[Lay]) -> list[str]:
    """The pieces on the table, each once, in the order they are first laid."""
    return list(dict.fromkeys(p for lay in lays for p in lay.pieces))


def _sheets(game: TtsGame, pieces: dict[str, ExportPiece], lays: list[Lay]) -> list[Sheet]:
    """Deck sheets for every card face on the table: one group a card size."""
    groups: dict[tuple[float, float], list[str]] = {}
    for piece_id in _used(lays):
        piece = pieces[piece_id]
        if game.object_of(piece) == "card":
            size = (piece.component.width, piece.component.height)
            groups.setdefault(size, []).append(piece_id)
    return plan_sheets(list(groups.values()))


def _images(game: TtsGame, pieces: dict[str, ExportPiece], lays: list[Lay],
            sheets: list[Sheet], faces: dict[str, Image.Image]) -> dict[str, bytes]:
    """Every image the JSON refers to, as PNG bytes: faces (tokens cut to their outline)
    and the deck sheets."""
    files = {}
    for piece_id in _used(lays):
        piece = pieces[piece_id]
        what = game.object_of(piece)
        if what in ("card", "die"):
            continue
        front = faces[piece_id]
        if what == "token":
            front = cut_out(front, piece)
        files[front_file(piece_id)] = _png(fit(front))
        if what == "tile" and piece.back:
            files[back_file(piece_id)] = _png(fit(faces[f"{piece_id}-back"]))
    for sheet in sheets:
        backs = {c: faces[f"{c}-back"] if pieces[c].back else faces[c] for c in sheet.cards}
        hidden = backs[sheet.cards[0]]
        files[sheet.faces_file] = _png(compose(sheet, {c: faces[c] for c in sheet.cards},
                                               hidden))
        files[sheet.backs_file] = _png(compose(sheet, backs, hidden))
    return files


def fit(image: Image.Image) -> Image.Image:
    """The image within MAX_SIDE px a side (TTS's limit), its aspect kept."""
    if max(image.size) <= MAX_SIDE:
        return image
    f = MAX_SIDE / max(image.size)
    return image.resize((round(image.width * f), round(image.height * f)), Image.Resampling.LANCZOS)


def cut_out(image: Image.Image, piece: ExportPiece) -> Image.Image:
    """A token's face, transparent outside its round outline (TTS cuts a custom token out
    along the image's transparency); a square token stays as it is."""
    if piece.component.shape != "round":
        return image
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).ellipse((0, 0, image.width - 1, image.height - 1), fill=255)
    out = image.convert("RGBA")
    out.putalpha(mask)
    return out


def _png(image: Image.Image) -> bytes:
    buffer = io.BytesIO()
    image.save(buffer, format="PNG")
    return buffer.getvalue()


def _manifest(ctx: Any, dpi: int, base: str | None, files: list[str]) -> str:
    """What the export wrote (`files`, itself included): read back by `exported_files`."""
    summary = {"game": ctx.game, "edition": ctx.edition, "tts": True, "dpi": dpi,
               "url_base": base, "components": [], "files": sorted({*files, "manifest.json"})}
    return json.dumps(summary, indent=2) + "\n"


def readme(title: str, stem: str, game: TtsGame, base: str | None) -> str:
    where = (f"The images are referred to at {base}: upload every PNG of this folder "
             "there (same names) before you share the mod."
             if base else
             "The images are referred to by their place on this computer: keep this folder "
             "where it is (or export again after moving it). To play with friends far away, "
             "host the PNGs on a web server and export again with --url-base URL.")
    return "\n".join([
        f"{title} for Tabletop Simulator, written by pnp",
        "",
        f"{stem}.json is a saved object: the table laid out for the start of a game.",
        *textwrap.wrap(game.set_up, 88),
        "",
        "To load it: copy " + stem + ".json and " + stem + ".png into Tabletop Simulator's",
        "Saved Objects folder (Documents/My Games/Tabletop Simulator/Saves/Saved Objects),",
        "start a game (Create > Singleplayer or Multiplayer), open Objects > Saved Objects",
        "and click it.",
        "",
        *textwrap.wrap(where, 88),
        "",
        "Pieces are at their printed size; names and descriptions say what each is.",
        "",
    ])

"""A top-down picture of a TTS table, drawn from the saved object's JSON and its images
alone: a check that every piece lies where the set-up says, at its size, turned and face
up or down as it should be (docs/tabletop-simulator.md; the export's thumbnail).

It reads sizes back as TTS makes them (units.py): an image object from its scale and its
image's aspect, a card from its scale and its sheet slot's aspect."""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

from PIL import Image, ImageDraw

from pnp.printing.tts.sheets import crop
from pnp.printing.tts.units import MM_PER_UNIT, card_size, image_size

Loader = Callable[[str], Image.Image]           # an image's URL -> the image
TABLE = (46, 84, 62)                            # green baize
BAG = (120, 84, 52)
DIE_MM = 16.0


def position(obj: dict[str, Any]) -> tuple[float, float]:
    """An object's centre in the table frame, mm (x right, y towards the south edge)."""
    t = obj["Transform"]
    return t["posX"] * MM_PER_UNIT, -t["posZ"] * MM_PER_UNIT


def turn(obj: dict[str, Any]) -> float:
    """Degrees clockwise from upright for the south player (rotY 180)."""
    return (obj["Transform"]["rotY"] - 180.0) % 360.0


def face_up(obj: dict[str, Any]) -> bool:
    return abs(obj["Transform"]["rotZ"]) < 90.0


def card_face(obj: dict[str, Any], load: Loader, up: bool | None = None) -> Image.Image:
    """What a card shows: its slot of the face (or back) sheet."""
    card_id = obj["CardID"]
    sheet = obj["CustomDeck"][str(card_id // 100)]
    showing = face_up(obj) if up is None else up
    image = load(sheet["FaceURL"] if showing else sheet["BackURL"])
    return crop(image, sheet["NumWidth"], sheet["NumHeight"], card_id % 100)


def look(obj: dict[str, Any], load: Loader) -> tuple[Image.Image, tuple[float, float]]:
    """The image an object shows from above, and its size in mm."""
    name, scale = obj["Name"], obj["Transform"]["scaleX"]
    if name == "Card":
        image = card_face(obj, load)
        return image, card_size(scale, image.width / image.height)
    if name == "DeckCustom":
        top = obj["ContainedObjects"][0]
        image = card_face(top, load, face_up(obj))
        return image, card_size(scale, image.width / image.height)
    if name == "Die_6":
        return _die(), (DIE_MM, DIE_MM)
    if name == "Bag":
        return _bag(len(obj.get("ContainedObjects", []))), (40.0, 40.0)
    custom = obj["CustomImage"]
    url = custom["ImageURL"]
    if not face_up(obj) and custom.get("ImageSecondaryURL"):
        url = custom["ImageSecondaryURL"]
    image = load(url).convert("RGBA")
    shape = custom.get("CustomTile", {}).get("Type")
    if shape in (1, 2):
        image = _hex(image) if shape == 1 else _round(image)
    return image, image_size(scale, image.width / image.height)


def draw_table(save: dict[str, Any], load: Loader, px_per_mm: float = 1.0,
               margin_mm: float = 20.0,
               box: tuple[float, float, float, float] | None = None) -> Image.Image:
    """The table seen from above, every object of `ObjectStates` in place, lowest first:
    the part of the table in `box` (mm, x0 y0 x1 y1), or all the objects and a margin."""
    placed = []
    for obj in save["ObjectStates"]:
        image, (w, h) = look(obj, load)
        placed.append((obj["Transform"]["posY"], position(obj), turn(obj), image, w, h))
    if box is None:
        boxes = [(x - max(w, h) / 2, y - max(w, h) / 2, x + max(w, h) / 2, y + max(w, h) / 2)
                 for _, (x, y), _, _, w, h in placed]
        box = (min(b[0] for b in boxes) - margin_mm, min(b[1] for b in boxes) - margin_mm,
               max(b[2] for b in boxes) + margin_mm, max(b[3] for b in boxes) + margin_mm)
    x0, y0, x1, y1 = box
    canvas = Image.new("RGB", (round((x1 - x0) * px_per_mm), round((y1 - y0) * px_per_mm)),
                       TABLE)
    for _, (x, y), degrees, image, w, h in sorted(placed, key=lambda p: p[0]):
        size = (max(1, round(w * px_per_mm)), max(1, round(h * px_per_mm)))
        shown = image.convert("RGBA").resize(size, Image.Resampling.LANCZOS)
        shown = shown.rotate(-degrees, expand=True, resample=Image.Resampling.BICUBIC)
        cx, cy = (x - x0) * px_per_mm, (y - y0) * px_per_mm
        canvas.paste(shown, (round(cx - shown.width / 2), round(cy - shown.height / 2)),
                     shown)
    return canvas


def thumbnail(save: dict[str, Any], load: Loader, side: int = 256) -> Image.Image:
    """A square picture of the table for TTS's Saved Objects list."""
    picture = draw_table(save, load, 0.5)
    picture.thumbnail((side, side), Image.Resampling.LANCZOS)
    out = Image.new("RGB", (side, side), TABLE)
    out.paste(picture, ((side - picture.width) // 2, (side - picture.height) // 2))
    return out


def _round(image: Image.Image) -> Image.Image:
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).ellipse((0, 0, image.width - 1, image.height - 1), fill=255)
    out = image.copy()
    out.putalpha(Image.composite(image.getchannel("A"), mask, mask))
    return out


def _hex(image: Image.Image) -> Image.Image:
    """A hex tile as TTS cuts it: the image's flat-topped hexagon (corners left and right)."""
    w, h = image.width - 1, image.height - 1
    mask = Image.new("L", image.size, 0)
    ImageDraw.Draw(mask).polygon([(0, h / 2), (w / 4, 0), (3 * w / 4, 0), (w, h / 2),
                                  (3 * w / 4, h), (w / 4, h)], fill=255)
    out = image.copy()
    out.putalpha(Image.composite(image.getchannel("A"), mask, mask))
    return out


def _die() -> Image.Image:
    image = Image.new("RGBA", (64, 64), (245, 245, 240, 255))
    draw = ImageDraw.Draw(image)
    draw.rectangle((0, 0, 63, 63), outline=(40, 40, 40, 255), width=3)
    draw.ellipse((26, 26, 38, 38), fill=(20, 20, 20, 255))
    return image


def _bag(count: int) -> Image.Image:
    image = Image.new("RGBA", (80, 80), (0, 0, 0, 0))
    draw = ImageDraw.Draw(image)
    draw.ellipse((2, 2, 77, 77), fill=(*BAG, 255), outline=(60, 40, 20, 255), width=3)
    draw.text((40, 40), str(count), fill=(255, 255, 255, 255), anchor="mm")
    return image


def folder_loader(folder: Path) -> Loader:
    """Load an image the JSON names (a local path or a hosted URL) from the export folder,
    by its file name."""
    def load(url: str) -> Image.Image:
        return Image.open(folder / Path(unquote(urlsplit(url).path)).name)
    return load


def draw_folder(folder: Path, save_name: str, px_per_mm: float = 1.0,
                box: tuple[float, float, float, float] | None = None) -> Image.Image:
    """The top-down picture of an export folder's table."""
    save = json.loads((folder / save_name).read_text(encoding="utf-8"))
    return draw_table(save, folder_loader(folder), px_per_mm, box=box)

"""The TTS save format as its knowledge base describes it ("Save File Format", "Custom
Deck", "Custom Tile", "Custom Token", "Custom Board"), written as checks: every object of a
saved object must pass them. Returns the problems found, as lines."""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

TRANSFORM = ("posX", "posY", "posZ", "rotX", "rotY", "rotZ", "scaleX", "scaleY", "scaleZ")
NAMES = {"Custom_Board", "Custom_Tile", "Custom_Token", "Card", "DeckCustom", "Bag", "Die_6"}
GUID = re.compile(r"^[0-9a-f]{6}$")


def every_object(objects: list[dict[str, Any]]) -> Iterator[dict[str, Any]]:
    """Every object, with those in decks, bags and other states."""
    for obj in objects:
        yield obj
        yield from every_object(obj.get("ContainedObjects", []))
        yield from every_object(list(obj.get("States", {}).values()))


def problems(save: dict[str, Any]) -> list[str]:
    out = []
    if not isinstance(save.get("ObjectStates"), list) or not save["ObjectStates"]:
        return ["ObjectStates must be a non-empty list"]
    guids: list[str] = []
    for obj in every_object(save["ObjectStates"]):
        where = f"{obj.get('Name')} {obj.get('Nickname')!r}"
        out += [f"{where}: {p}" for p in _object(obj)]
        guids.append(obj.get("GUID", ""))
    doubled = sorted({g for g in guids if guids.count(g) > 1})
    if doubled:
        out.append(f"GUIDs used twice: {doubled}")
    return out


def _object(obj: dict[str, Any]) -> list[str]:
    out = []
    if obj.get("Name") not in NAMES:
        out.append("unknown Name")
    if not GUID.match(str(obj.get("GUID"))):
        out.append("GUID is not six hex digits")
    transform = obj.get("Transform", {})
    if sorted(transform) != sorted(TRANSFORM) or not all(
            isinstance(transform[k], (int, float)) for k in TRANSFORM):
        out.append("Transform needs the nine numbers posX..scaleZ")
    elif min(transform["scaleX"], transform["scaleY"], transform["scaleZ"]) <= 0:
        out.append("scales must be positive")
    for key in ("Nickname", "Description"):
        if not isinstance(obj.get(key), str):
            out.append(f"{key} must be text")
    if not isinstance(obj.get("Locked"), bool):
        out.append("Locked must be true or false")
    check = {"Custom_Tile": _tile, "Custom_Token": _token, "Custom_Board": _board,
             "Card": _card, "DeckCustom": _deck, "Bag": _bag}.get(obj.get("Name", ""))
    if check:
        out += check(obj)
    for key in obj.get("States", {}):
        if not key.isdigit() or int(key) < 2:
            out.append(f"state key {key!r}: states are numbered from 2")
    return out


def _image(obj: dict[str, Any], secondary: bool) -> tuple[dict[str, Any], list[str]]:
    custom = obj.get("CustomImage")
    if not isinstance(custom, dict):
        return {}, ["CustomImage missing"]
    out = [] if custom.get("ImageURL") else ["CustomImage.ImageURL missing"]
    if secondary and not custom.get("ImageSecondaryURL"):
        out.append("a tile needs ImageSecondaryURL (its other face)")
    return custom, out


def _tile(obj: dict[str, Any]) -> list[str]:
    custom, out = _image(obj, True)
    tile = custom.get("CustomTile", {})
    if tile.get("Type") not in (0, 1, 2, 3):
        out.append("CustomTile.Type must be 0-3 (box, hex, circle, rounded)")
    if not (isinstance(tile.get("Thickness"), (int, float)) and tile["Thickness"] > 0):
        out.append("CustomTile.Thickness must be positive")
    if not (isinstance(tile.get("Stackable"), bool) and isinstance(tile.get("Stretch"), bool)):
        out.append("CustomTile.Stackable and Stretch must be true or false")
    return out


def _token(obj: dict[str, Any]) -> list[str]:
    custom, out = _image(obj, False)
    token = custom.get("CustomToken", {})
    if not (isinstance(token.get("Thickness"), (int, float)) and token["Thickness"] > 0):
        out.append("CustomToken.Thickness must be positive")
    if not isinstance(token.get("MergeDistancePixels"), (int, float)):
        out.append("CustomToken.MergeDistancePixels must be a number")
    if not isinstance(token.get("Stackable"), bool):
        out.append("CustomToken.Stackable must be true or false")
    return out


def _board(obj: dict[str, Any]) -> list[str]:
    return _image(obj, False)[1]


def _sheet(key: str, sheet: dict[str, Any]) -> list[str]:
    out = []
    if not key.isdigit() or int(key) < 1:
        out.append(f"CustomDeck key {key!r} must be a deck id, 1 or more")
    if not (sheet.get("FaceURL") and sheet.get("BackURL")):
        out.append("a CustomDeck needs FaceURL and BackURL")
    if not (isinstance(sheet.get("NumWidth"), int) and 2 <= sheet["NumWidth"] <= 10):
        out.append("NumWidth must be 2-10")
    if not (isinstance(sheet.get("NumHeight"), int) and 2 <= sheet["NumHeight"] <= 7):
        out.append("NumHeight must be 2-7")
    for flag in ("BackIsHidden", "UniqueBack"):
        if not isinstance(sheet.get(flag), bool):
            out.append(f"{flag} must be true or false")
    return out


def _card(obj: dict[str, Any]) -> list[str]:
    card_id, decks = obj.get("CardID"), obj.get("CustomDeck", {})
    if not isinstance(card_id, int):
        return ["CardID must be a whole number"]
    key = str(card_id // 100)
    if list(decks) != [key]:
        return [f"CardID {card_id}: CustomDeck must hold exactly its deck {key}"]
    out = _sheet(key, decks[key])
    slots = decks[key].get("NumWidth", 0) * decks[key].get("NumHeight", 0)
    if not 0 <= card_id % 100 < slots - 1:
        out.append(f"CardID {card_id}: its index must be a slot before the hidden card")
    return out


def _deck(obj: dict[str, Any]) -> list[str]:
    cards = obj.get("ContainedObjects", [])
    out = []
    if len(cards) < 2 or any(c.get("Name") != "Card" for c in cards):
        out.append("a deck holds two or more Cards")
    if obj.get("DeckIDs") != [c.get("CardID") for c in cards]:
        out.append("DeckIDs must list the CardIDs of its cards, in order")
    for key, sheet in obj.get("CustomDeck", {}).items():
        out += _sheet(key, sheet)
    needed = {str(c.get("CardID", 0) // 100) for c in cards}
    if not needed <= set(obj.get("CustomDeck", {})):
        out.append("the deck's CustomDeck must hold every card's sheet")
    return out


def _bag(obj: dict[str, Any]) -> list[str]:
    contents = obj.get("ContainedObjects")
    return [] if isinstance(contents, list) and contents else ["a bag holds objects"]

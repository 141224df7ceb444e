"""Tabletop Simulator's objects, as its save file format writes them (its knowledge base,
"Save File Format"): each object has a `Name` (its type), a `Transform` (position, rotation,
scale), a `GUID`, a `Nickname` and a `Description`; image objects a `CustomImage`; cards a
`CardID` and the `CustomDeck` their sheet is in; decks and bags `ContainedObjects`.

Positions come in mm in the table frame (setup.py): x right, y towards the south edge;
TTS has x right, z away from the south edge and y up. Turned 180 degrees about y, an object
faces the south player upright; face down, it is also turned 180 degrees about z.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from pnp.printing.tts.units import DIGITS, TABLE_TOP, units

SAVED_OBJECT = {            # the save file's outer fields, empty for a saved object
    "SaveName": "", "GameMode": "", "Gravity": 0.5, "PlayArea": 0.5, "Date": "",
    "Table": "", "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "",
    "LuaScriptState": "", "TabStates": {}, "VersionNumber": "",
}
TILE_TYPES = {"rect": 0, "hex": 1, "round": 2}          # CustomTile.Type: box, hex, circle
WHITE = {"r": 1.0, "g": 1.0, "b": 1.0}


@dataclass(frozen=True)
class Place:
    """Where an object lies: mm in the table frame, lifted `lift` mm above the table."""

    x: float
    y: float
    lift: float = 0.0
    turn: float = 0.0
    face_up: bool = True


def transform(place: Place, scale: float = 1.0) -> dict[str, float]:
    s = round(scale, DIGITS)
    return {"posX": units(place.x), "posY": round(TABLE_TOP + units(place.lift), DIGITS),
            "posZ": units(-place.y), "rotX": 0.0,
            "rotY": round((180.0 + place.turn) % 360.0, DIGITS),
            "rotZ": 0.0 if place.face_up else 180.0,
            "scaleX": s, "scaleY": s, "scaleZ": s}


def base(name: str, guid: str, place: Place, scale: float, nickname: str,
         description: str, locked: bool = False) -> dict[str, Any]:
    return {"GUID": guid, "Name": name, "Transform": transform(place, scale),
            "Nickname": nickname, "Description": description, "GMNotes": "",
            "ColorDiffuse": dict(WHITE), "Locked": locked, "Grid": False, "Snap": True,
            "Autoraise": True, "Sticky": True, "Tooltip": True, "HideWhenFaceDown": False,
            "LuaScript": "", "LuaScriptState": "", "XmlUI": ""}


def tile(obj: dict[str, Any], front: str, back: str, shape: str,
         thickness: float) -> dict[str, Any]:
    """A custom tile: two faces, a thickness (TTS units at scale 1)."""
    obj["CustomImage"] = {"ImageURL": front, "ImageSecondaryURL": back, "ImageScalar": 1.0,
                          "WidthScale": 0.0,
                          "CustomTile": {"Type": TILE_TYPES.get(shape, 0),
                                         "Thickness": round(thickness, DIGITS),
                                         "Stackable": True, "Stretch": True}}
    return obj


def token(obj: dict[str, Any], image: str, thickness: float) -> dict[str, Any]:
    """A custom token: one face, cut out along the image's transparency."""
    obj["CustomImage"] = {"ImageURL": image, "ImageSecondaryURL": "", "ImageScalar": 1.0,
                          "WidthScale": 0.0,
                          "CustomToken": {"Thickness": round(thickness, DIGITS),
                                          "MergeDistancePixels": 15.0, "StandUp": False,
                                          "Stackable": True}}
    return obj


def board(obj: dict[str, Any], image: str) -> dict[str, Any]:
    obj["CustomImage"] = {"ImageURL": image, "ImageSecondaryURL": "", "ImageScalar": 1.0,
                          "WidthScale": 0.0}
    return obj


def custom_deck(faces: str, backs: str, columns: int, rows: int) -> dict[str, Any]:
    """One sheet: `CustomDeck` entry (unique backs: the backs sheet has the same grid)."""
    return {"FaceURL": faces, "BackURL": backs, "NumWidth": columns, "NumHeight": rows,
            "BackIsHidden": False, "UniqueBack": True, "Type": 0}


def card(obj: dict[str, Any], card_id: int, deck: dict[str, Any]) -> dict[str, Any]:
    obj["CardID"] = card_id
    obj["CustomDeck"] = {str(card_id // 100): deck}
    obj["SidewaysCard"] = False
    obj["HideWhenFaceDown"] = True
    return obj


def deck(obj: dict[str, Any], cards: list[dict[str, Any]]) -> dict[str, Any]:
    """A deck of cards (first = top card, as TTS lists them)."""
    obj["DeckIDs"] = [c["CardID"] for c in cards]
    sheets: dict[str, Any] = {}
    for c in cards:
        sheets.update(c["CustomDeck"])
    obj["CustomDeck"] = dict(sorted(sheets.items(), key=lambda kv: int(kv[0])))
    obj["SidewaysCard"] = False
    obj["HideWhenFaceDown"] = True
    obj["ContainedObjects"] = cards
    return obj


def bag(obj: dict[str, Any], contents: list[dict[str, Any]]) -> dict[str, Any]:
    obj["ContainedObjects"] = contents
    return obj


def save(objects: list[dict[str, Any]]) -> dict[str, Any]:
    return {**SAVED_OBJECT, "ObjectStates": objects}

"""Realistic test photos of any game's table, for the referees' tests and benchmarks.

Shared (game-neutral): the phone's camera (camera.py), the table top (table.py), printed
faces pasted with contact shadows in a home print's levels (paste.py), fingers on markers
(hands.py), light, glare, blur, noise (phone.py), and `shoot` (photo.py), which puts them
together: "these flat faces at these table positions, and props at these places, through
this camera, under these conditions". A game's scene module lays out its own pieces
(Asterion's: referee/asterion/synth.py) and calls `shoot`.
"""

from __future__ import annotations

from referee.synth.camera import affine, square, transform
from referee.synth.paste import paste_face
from referee.synth.photo import (
    PRESETS,
    Conditions,
    Face,
    Layer,
    Layout,
    SynthPhoto,
    printed_faces,
    shoot,
    with_conditions,
)

__all__ = ["PRESETS", "Conditions", "Face", "Layer", "Layout", "SynthPhoto", "affine",
           "paste_face", "printed_faces", "shoot", "square", "transform", "with_conditions"]

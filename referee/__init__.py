"""The Asterion photo referee: one photo of a finished table in, scores and an overlay out.

Stages (each a plain function on numpy arrays, each with its own exception class):
image (load) -> detect (markers) -> grid (table plane, cells, rotations) -> classify
(tombs, confidence, unidentified cells) -> assemble (table dict, rules core) -> overlay.
`referee.pipeline.referee_photo` runs them all; docs/referee.md describes them.
"""

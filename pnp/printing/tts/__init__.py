"""Tabletop Simulator: every game as a saved object (`pnp export GAME --tts`).

Shared by all games and naming none: the units (`units`), GUIDs from a seed (`guids`), deck
sheets (`sheets`), the TTS objects (`objects`), the laid-out table (`table`), the folder
(`export`) and a top-down picture of the table read back from the JSON (`render`). A game
declares its set-up as data (`setup.TtsGame`, the registry's "tts" part).
"""

"""Constructo's own problem codes (the shared ones are in referee/problems.py).
docs/referee.md lists each with what the player should do about it."""

TILE_UNSEEN = "tile-unseen"              # fewer tiles seen than the pattern has (markers hidden)
PATTERN_UNCLEAR = "pattern-unclear"      # the tiles seen fit no pattern (or not --pattern)
STACK_UNCLEAR = "stack-unclear"          # a tile's pieces cannot be read (size or colour)
BAND_HIDDEN = "band-hidden"              # ring round a small disc: is a medium disc under it?
SUPPLY_OVER = "supply-over"              # more pieces of a kind seen than a player owns

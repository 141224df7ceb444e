"""Assyria's own problem codes (the shared ones are in referee/problems.py).
docs/referee.md lists each with what the player should do about it."""

HEX_UNCLEAR = "hex-unclear"              # a hex's print is hidden by something not a piece
PIECE_UNCLEAR = "piece-unclear"          # a player colour seen, but not a hut or ziggurat's size
PIECE_OFF_HEX = "piece-off-hex"          # a piece too far from any hex centre (or between two)
LEVEL_UNCLEAR = "level-unclear"          # a ziggurat whose stack (base, centre, roof) is unclear
WELL_UNCLEAR = "well-unclear"            # a well vertex hidden, or half a well seen
STATE_NEEDED = "state-needed"            # no --state: hands, tracks and turn are unknown
PLAYERS_MISMATCH = "players-mismatch"    # --players or a colour seen against --state's players
TRACK_UNCLEAR = "track-unclear"          # a player's disc on a track (or Ashur's huts) unclear
NEW_WELL_UNKNOWN = "new-well-unknown"    # no --state/--new-wells: a well may be this turn's
BOARD_MISALIGNED = "board-misaligned"    # the markers' plane does not fit the print: not read

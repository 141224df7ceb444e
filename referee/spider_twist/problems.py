"""Spider Twist's own problem codes (the shared ones are in referee/problems.py).
docs/referee.md lists each with what the player should do about it."""

NODE_UNCLEAR = "node-unclear"            # cannot tell whether a token lies on a node
TOKEN_UNREADABLE = "token-unreadable"    # a token is there, but whose or which face is unclear
TOKEN_AMBIGUOUS = "token-ambiguous"      # a token lies between two nodes (or too far off one)
FEMALE_UNSEEN = "female-unseen"          # no female (or more than one) on the web
DIE_UNCLEAR = "die-unclear"              # something white on the female, pips not countable
AREA_UNCLEAR = "area-unclear"            # a player's area holds something not countable
AREA_WRONG_COLOUR = "area-wrong-colour"  # a male of the other colour in a player's area
SIDE_UNCLEAR = "side-unclear"            # markers of both sides, or not the side --web names

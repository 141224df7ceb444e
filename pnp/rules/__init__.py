"""The rules core: one pure module per game (standard library only, no drawing, no vision)."""

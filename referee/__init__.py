"""The photo referee: one photo of a finished table in, the game's state, a score and an
overlay out.

Shared, game-neutral modules (they never import a game or pnp/games.py):
  api        the seam: `Verdict` (what every game's referee returns) and `GameReferee`
  image      load a photo (JPEG/PNG/HEIC, EXIF orientation, a reduced working copy)
  detect     ArUco markers: ids and corners (whose they are is the game's business)
  geometry   table plane: homographies from markers, projection, a flat thing's pose
  opening    the stages every game opens with: its markers found, its board's plane fitted
  colour     hues of printed fills and of what the photo shows
  problems   `RefereeProblem` and the codes every game shares; errors: exceptions, exit codes
  overlay    drawing primitives on a faded photo, and writing the picture
  evaluate   `Outcome`: a verdict judged against the truth (tests and benchmarks)
  synth      realistic test photos: camera, table, light, hands and phone for any game's faces
Each game's own stages live in `referee/<game>/` and it exposes `REFEREE` (a GameReferee),
registered in pnp/games.py. docs/referee.md describes them.
"""

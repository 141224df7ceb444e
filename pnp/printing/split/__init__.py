"""Splitting a board too large for one sheet into pieces that do fit, for any game.

Pure calculation (no reportlab; the drawing is pnp/printing/draw_split.py). A game
describes its board as a `board.Board`: its cut outline (a convex polygon, mm, in its own
board frame with y down), the lines along which it may be cut, the spaces a cut must keep
whole, and its markers' quiet zones. The modules, one purpose each:

- `board`: the `Board` and the `BoardPiece`s it is cut into, with their seams;
- `plan`: the search: `plan_pieces` returns the fewest pieces that each fit one sheet,
  each carrying a glue tab `glue_overlap` deep on its top and left inner edges, which
  slides under the neighbours above and to its left (none when `glue_overlap` is 0: a
  two-sided board is butt-joined instead), labelled A1, A2, ... (row band letter from the
  top, piece number from the left);
- `pieces`: each piece as a printed component, and its cut and score lines;
- `two_sided`: where a two-sided board's back lands behind its front (`back_transform`);
- `furniture`: what a piece's margin carries: alignment half-circles on the seams
  (`align_marks`), its label in the roomiest free spot (`label_spot`), the assembly
  diagram in the cut-away part of its sheet (`diagram_spot`).

Markers for a board without a natural place for them: pnp.geometry.margin_markers.
"""

"""Identifying a tile from its printed art when its markers are covered (a finger, a glare
spot, a tomb): the grid and the tile's outline are still in view, and so is most of its
art (colour, corridors and their turn, chests, wings, horns, the medallion's shape).

Each candidate (the tiles of the deck not seen, of the colours in play) is drawn by the
print side's own code (referee/asterion/faces.py) at its four quarter turns, and compared
with the cell, rectified square-on, by normalised correlation of each colour channel
(averaged), so the light's level and colour and the phone's white balance do not matter;
the markers' squares are left out (they are what is covered). The tile's pose on its cell is
searched (a hand puts it up to a few mm and degrees off): coarsely for every candidate,
finely for the best few.

The photo's own level: tiles read by their markers near the cell are scored the same way
at their known poses, so "matches well" means "as well as a tile known to be there"
(blur, print and light lower both alike). A candidate is accepted only with a clear margin
over every other candidate (another tile, or another turn that changes the table); two
that remain close are a problem naming both, never a guess.
"""

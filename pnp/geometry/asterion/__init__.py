"""Where Asterion's printed things sit: on a tile (`tile`: corridors, medallions, markers,
the printed id), which marker id goes where (`markers`), and on the Crete board (`board`:
squares, outline, markers, legends). Pure: printing draws it, the referee reads it.
"""

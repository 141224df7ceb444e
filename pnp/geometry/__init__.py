"""Where every printed thing sits: the pure layer that printing and the referee both read.

Millimetres, no drawing and no photos. The shared kernel (`polygon`: points, boxes, convex
polygons; `lengths` and `marker_sizes`: a layout's lengths and marker sizes;
`margin_markers`: markers spread round a board's margin) and one part
per game (`constructo`, `spider_twist`, `assyria`, the `asterion` package) that says where
each node, hex, slot, mark and medallion is printed. The layers: rules <- geometry <-
{printing, referee}; this package imports the rules and the layout data, never printing
or the referee (tests/referee/test_api.py checks the order).
"""

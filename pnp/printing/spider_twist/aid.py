"""Spider Twist's player aid (stub)."""
from __future__ import annotations


def draw_aid(canvas, item, ctx) -> None:
    pass

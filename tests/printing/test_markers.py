"""Marker ids: one allocation for every game (layouts/markers.toml), Asterion's mapping."""

from __future__ import annotations

import pytest

from pnp import layouts, markers
from pnp.geometry.asterion import board
from pnp.geometry.asterion import markers as asterion_markers
from pnp.rules.asterion.tiles import catalogue


def test_the_allocation_is_sound():
    assert markers.allocation_problems() == []


def test_overlapping_or_outside_ranges_are_named():
    data = {"dictionary": {"size": 250, "codec_file": "x", "name": "x"},
            "games": {"a": {"tiles": [0, 10]}, "b": {"board": [5, 20], "more": [240, 260]}}}
    assert markers.allocation_problems(data) == [
        "b.more: 240..259 is not in the dictionary's 0..249", "a.tiles and b.board overlap"]


def test_every_game_in_the_registry_has_marker_ids():
    from pnp.games import game_names

    assert set(game_names()) <= set(layouts.load("markers")["games"])


def test_a_block_hands_out_its_first_ids_and_refuses_more_than_it_has():
    board_ids = markers.marker_ids("asterion", "board")
    assert markers.marker_ids("asterion", "board", 3) == range(board_ids.start,
                                                                 board_ids.start + 3)
    with pytest.raises(markers.MarkerError, match="needs 999 marker ids"):
        markers.marker_ids("asterion", "board", 999)
    with pytest.raises(markers.MarkerError, match="has no marker block 'cards'"):
        markers.marker_ids("asterion", "cards")
    with pytest.raises(markers.MarkerError, match="no marker ids for 'chess'"):
        markers.blocks("chess")


def test_owner_names_the_game_and_block():
    tiles = markers.marker_ids("asterion", "tiles")
    assert markers.owner(tiles.start) == ("asterion", "tiles")
    assert markers.owner(markers.marker_ids("constructo", "tiles").start) == ("constructo",
                                                                            "tiles")
    assert markers.owner(10_000) is None


def test_asterions_pieces_use_only_its_own_ids():
    tile_ids = [i for tile in catalogue() for i in asterion_markers.tile_marker_ids(tile.id)]
    assert len(set(tile_ids)) == 2 * len(catalogue())
    assert all(markers.owner(i) == ("asterion", "tiles") for i in tile_ids)
    board_ids = [m.id for m in board.board_marker_places()]
    assert len(set(board_ids)) == 24
    assert all(markers.owner(i) == ("asterion", "board") for i in board_ids)


def test_ids_outside_the_tiles_block_are_no_tile():
    tiles = markers.marker_ids("asterion", "tiles")
    assert asterion_markers.tile_for_marker(tiles.stop) is None
    assert asterion_markers.tile_for_marker(markers.marker_ids("asterion", "board").start) is None

"""The art search's bank (referee/asterion/art/bank.py): one product ranks every tile face
at every quarter turn against a cell (its design and turn first), the fine search's batched
masked correlation is OpenCV's, and a photo past its art budget pins the cells left
instead of searching on."""

from __future__ import annotations

import os

import cv2
import numpy as np
import pytest

from pnp.rules.asterion.tiles import tiles_by_id
from referee import drawn_once
from referee.asterion.art.bank import (
    COARSE_PPM,
    COARSE_SPAN,
    bank,
    column,
    fine_template,
    grey_fine_template,
    masked_ncc,
    rank,
    turned,
    turned_bank,
    windows,
)
from referee.asterion.art.pose import FINE_PPM, REFINE, _score_map
from referee.asterion.art.templates import FINE_SPAN, template, variants, warp_face


@pytest.mark.parametrize("design", ["classic", "discreet"])
def test_the_bank_holds_every_face_at_every_turn_and_variant(design):
    b = bank(design)
    assert len(b.keys) == len({(t, r, v) for t, r, v in b.keys}) == b.matrix.shape[1]
    assert {r for _, r, _ in b.keys} == {0, 90, 180, 270}
    assert len({t for t, _, _ in b.keys}) == 69 and len(variants(design)) * 69 * 4 == len(b.keys)
    # each column: zero mean and unit length where it counts, nothing elsewhere
    masks = b.masks[:, b.mask_of]
    assert np.allclose((b.matrix * masks).sum(axis=0), 0.0, atol=1e-3)
    assert np.allclose(np.linalg.norm(b.matrix, axis=0), 1.0, atol=1e-4)
    assert not (b.matrix * (1.0 - masks)).any()


def test_the_batched_masked_correlation_is_opencvs():
    rng = np.random.default_rng(3)
    keys = [("Y03", a, v) for a in (0.0, 91.5) for v in variants("discreet")]
    plain = [template("discreet", t, a, FINE_SPAN, FINE_PPM, v) for t, a, v in keys]
    patch = rng.uniform(0, 60, (100, 100, 3)).astype(np.float32)
    patch[5:93, 7:95] += 0.7 * plain[0][0]
    got, corners = masked_ncc(patch, [fine_template("discreet", *k[:1], k[1], FINE_SPAN,
                                                    FINE_PPM, k[2]) for k in keys])
    assert corners.shape == (13 * 13, 2)
    for j, tpl in enumerate(plain):
        assert np.allclose(got[:, j], _score_map(patch, tpl).ravel(), atol=1e-4)
    # the planted template is found where it was planted
    assert tuple(corners[got[:, 0].argmax()]) == (5, 7)


@pytest.mark.parametrize("design", ["classic", "discreet"])
@pytest.mark.parametrize(("tile", "rot", "shift"), [("G07", 90, (3.0, -4.0)),
                                                      ("R12", 270, (-6.0, 2.0)),
                                                      ("B02", 0, (0.0, 0.0))])
def test_one_product_ranks_the_tile_a_cell_shows_first(design, tile, rot, shift):
    # the cell 58 mm square at 1 px/mm, the tile lying a few mm off its centre, blurred
    face, _ = warp_face(design, tile, shift, float(rot), (-29.0, -29.0), 58, 1.0)
    grey = cv2.GaussianBlur(cv2.cvtColor(face, cv2.COLOR_BGR2GRAY), (0, 0), 0.8)
    ranked = rank(grey, design, sorted({t for t, _, _ in bank(design).keys}))
    # by lightness alone: the tile's design at its turn first (its colour is told finely,
    # by its walls' tint), the tile itself among the few refined
    designs = tiles_by_id()
    assert ranked[0].rot == rot and designs[ranked[0].tile].design == designs[tile].design
    assert (tile, rot) in [(r.tile, r.rot) for r in ranked[:REFINE]]
    # its window: the tile's middle 40 mm, so its top-left lies 9 mm in, plus the shift
    assert abs(ranked[0].corner[1] - (9 + shift[0])) <= 1
    assert abs(ranked[0].corner[0] - (9 + shift[1])) <= 1


@pytest.mark.parametrize("design", ["classic", "discreet"])
def test_a_grey_fine_template_is_the_colour_ones_channel_mean(design):
    # drawn from the print's grey straight away: the same template, to float32's rounding
    for tile, angle in [("Y03", 0.0), ("G07", 91.5), ("R12", 268.0)]:
        for v in variants(design):
            grey, mask, length = grey_fine_template(design, tile, angle, FINE_SPAN, FINE_PPM, v)
            colour, colour_mask, _ = fine_template(design, tile, angle, FINE_SPAN, FINE_PPM, v)
            assert grey.shape == (1, colour.shape[1]) and grey.dtype == np.float32
            assert np.array_equal(mask, colour_mask)
            assert np.abs(grey[0] - colour.mean(axis=0)).max() < 1e-3
            assert abs(float((grey * mask).sum())) < 1e-5 * float(np.abs(grey).sum())
            assert length[0] == pytest.approx(float(np.linalg.norm(grey)), rel=1e-5)


def test_the_windows_given_rank_as_the_windows_found():
    # the coarse patch's windows at every px, found once a cell for the ranking and the
    # turned few, rank the candidates as those the ranking finds itself
    face, _ = warp_face("discreet", "R12", (2.0, -3.0), 273.0, (-29.0, -29.0), 58, 1.0)
    grey = cv2.GaussianBlur(cv2.cvtColor(face, cv2.COLOR_BGR2GRAY), (0, 0), 0.8)
    tiles = sorted({t for t, _, _ in bank("discreet").keys})
    every = windows(grey, round(COARSE_SPAN * COARSE_PPM), 1)
    assert rank(grey, "discreet", tiles, every=every) == rank(grey, "discreet", tiles)


def test_a_tile_turned_off_its_quarter_turn_is_ranked_at_its_angle_from_the_kept_bank():
    b = turned_bank("discreet")
    k = b.keys.index(("G07", 96.0, True))
    drawn, counts = column("discreet", "G07", 96.0, True)
    assert np.array_equal(b.matrix[:, k], drawn)
    assert np.array_equal(b.masks[:, b.mask_of[k]], counts)
    # a hand turned the tile 6 degrees past its quarter turn: the best few, looked at again
    # a few degrees either way, find it there and fit it better than square
    face, _ = warp_face("discreet", "G07", (1.0, -2.0), 96.0, (-29.0, -29.0), 58, 1.0)
    grey = cv2.GaussianBlur(cv2.cvtColor(face, cv2.COLOR_BGR2GRAY), (0, 0), 0.8)
    ranked = rank(grey, "discreet", ["G07", "G02", "R07"])
    square = next(r for r in ranked if (r.tile, r.rot) == ("G07", 90))
    again = turned(grey, "discreet", ranked)
    found = next(r for r in again if (r.tile, r.rot) == ("G07", 90))
    assert found.angle == 96.0 and found.score > square.score
    assert [(r.tile, r.rot) for r in again] == [(r.tile, r.rot) for r in ranked]


def test_past_its_art_budget_a_photo_pins_the_cells_left(monkeypatch):
    from referee.asterion import pipeline
    from referee.asterion.evaluate import AsterionAccuracy, judge

    # the benchmark's photo 19: a finger on each marker of one tile (hidden, 12 MP)
    kit = AsterionAccuracy(marks="discreet")
    case = kit.case(19, 100_019)
    jpeg = kit.photograph(case, 100_019).jpeg
    monkeypatch.setattr(pipeline, "ART_BUDGET", 0)
    verdict = pipeline.referee_photo(jpeg, **case.options)
    pinned = [p for p in verdict.problems if "too many tiles" in p.message]
    assert pinned and all(p.cell is not None for p in pinned)
    assert not verdict.is_certain and not judge(verdict, case.truth).wrong_unflagged


def test_the_bank_is_kept_between_runs_as_built(tmp_path, monkeypatch):
    from referee.asterion.art import bank as bank_module

    monkeypatch.setenv("PNP_CACHE_DIR", str(tmp_path))
    # other checkouts' banks (other sources) sharing the folder: the newest stay
    others = [tmp_path / f"asterion-art-bank-discreet-{d}-0.images" for d in ("b", "c", "d")]
    for age, other in enumerate(others):
        other.write_bytes(b"kept by other sources")
        os.utime(other, ns=(10**18 - age * 10**9, 10**18 - age * 10**9))
    bank_module.bank.cache_clear()
    try:
        built = bank_module.bank("discreet")
        kept = sorted(tmp_path.glob("asterion-art-bank-discreet-*"))
        assert len(kept) == drawn_once.KEPT and others[2] not in kept
        assert others[0] in kept and others[1] in kept
        bank_module.bank.cache_clear()
        monkeypatch.setattr(bank_module, "column", None)     # read, not drawn again
        read = bank_module.bank("discreet")
        assert sorted(tmp_path.glob("asterion-art-bank-discreet-*")) == kept
        assert read.keys == built.keys
        for name in ("matrix", "masks", "mask_of", "counts"):
            assert np.array_equal(getattr(read, name), getattr(built, name))
            assert getattr(read, name).dtype == getattr(built, name).dtype
    finally:
        bank_module.bank.cache_clear()


def _plain_fine_template(design, tile, angle, variant):
    """`fine_template` as plainly written: sums straight over the px of each channel."""
    image, mask = template(design, tile, angle, FINE_SPAN, FINE_PPM, variant)
    m = mask.ravel()
    t = image.reshape(-1, image.shape[2]).T.astype(np.float32)
    t = (t - (t * m).sum(axis=1, keepdims=True) / max(float(m.sum()), 1.0)) * m
    return np.ascontiguousarray(t), m, np.sqrt((t * t).sum(axis=1))


@pytest.mark.parametrize("design", ["classic", "discreet"])
def test_a_fine_template_is_bit_for_bit_the_plain_one(design):
    # the pose search's scores (and so verdicts) rest on these exact values
    for tile, angle in [("Y03", 0.0), ("G07", 91.5), ("R12", 268.0), ("B02", 179.5)]:
        for v in variants(design):
            got = fine_template(design, tile, angle, FINE_SPAN, FINE_PPM, v)
            want = _plain_fine_template(design, tile, angle, v)
            for g, w in zip(got, want, strict=True):
                assert g.dtype == w.dtype and g.flags.c_contiguous
                assert np.array_equal(g, w)
            # zero mean where it counts, per channel (to float32's rounding)
            spread = np.abs(got[0]).sum(axis=1)
            assert (np.abs((got[0] * got[1]).sum(axis=1)) < 1e-5 * spread).all()

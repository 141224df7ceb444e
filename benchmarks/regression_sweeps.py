"""The test suite's sweeps in full, every case of those the suite runs a few of.

The suite keeps the hardest case or one a cause of each sweep (photos read, checks over
every paper or bleed). Each case runs the test function itself on its case list, so the
assertions are the suite's and cannot drift; the suite's own cases are skipped unless
--all.

Usage: nice python benchmarks/regression_sweeps.py [--all] [--only accuracy,spider]

Prints one line per case (OK or what failed, and its CPU seconds); exits 1 if any fails.
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
import traceback
from collections.abc import Callable, Iterator
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

# (test module, test function, its full case list in that module, and for each fixture the
# test takes, the plain function of that module its fixture returns)
SWEEPS = [
    ("tests.referee.test_accuracy", "test_default_photos_are_read_fully_right",
     "DEFAULT_CASES", {}),
    ("tests.referee.test_accuracy", "test_hard_photos_are_right_or_flagged", "HARD_CASES",
     {}),
    ("tests.referee.test_assyria_normal_spots",
     "test_every_colour_on_every_hex_kind_in_normal_conditions", "EVERY_COLOUR_CONDITIONS", {}),
    ("tests.referee.test_assyria_normal_spots",
     "test_two_pieces_of_a_colour_laid_close_are_read_apart", "CLOSE_PIECES", {}),
    ("tests.referee.test_assyria_normal_spots",
     "test_a_wide_lens_left_uncorrected_is_read_from_the_print", "WIDE_LENS", {}),
    ("tests.referee.test_assyria_normal_spots",
     "test_a_huts_cut_edge_and_shadow_past_its_patch_hide_no_hex", "EDGE_BANDS", {}),
    ("tests.referee.test_assyria_normal_spots",
     "test_a_home_prints_well_with_no_piece_near_is_a_well", "HOME_PRINT_WELLS", {}),
    ("tests.referee.test_assyria_pinned",
     "test_a_piece_its_colour_hides_leaves_its_hex_pinned", "HIDDEN_BY_COLOUR", {}),
    ("tests.referee.test_spider_twist_referee",
     "test_normal_photos_once_misread_are_read_exactly", "NORMAL_ONCE_MISREAD", {}),
    ("tests.referee.test_spider_twist_referee", "test_hard_photos_are_right_or_flagged",
     "HARD_CASES", {}),
    ("tests.referee.test_spider_twist_referee", "test_the_die_top_face_is_read_not_its_sides",
     "DIE_PIPS", {}),
    ("tests.referee.test_assyria_fan_photos",
     "test_a_fanned_disc_the_photo_barely_shows_is_read", "FANNED_PHOTOS", {}),
    ("tests.referee.test_light_and_tables",
     "test_a_patterned_cell_is_empty_because_no_tile_art_is_there", "PATTERNED_CASES", {}),
    ("tests.referee.test_constructo_referee",
     "test_each_pattern_is_told_from_the_photo_and_numbered_as_laid", "PATTERN_CASES", {}),
    ("tests.referee.test_constructo_referee",
     "test_tall_stacks_off_true_are_never_read_wrong_unpinned", "TALL_STACKS_OFF_TRUE", {}),
    ("tests.referee.test_light_and_tables",
     "test_a_tile_with_covered_markers_is_read_from_its_art_in_shade", "COVERED_MARKERS", {}),
    ("tests.referee.test_light_and_tables",
     "test_a_tile_washed_out_by_glare_is_never_read_as_an_empty_square", "WASHED_OUT", {}),
    ("tests.printing.test_board_plan",
     "test_the_searchs_closed_form_extent_matches_the_clipped_geometry", "EXTENT_BLEEDS", {}),
    ("tests.printing.test_stored_plans", "test_every_kept_answer_is_what_the_search_finds",
     "KEPT", {}),
    ("tests.referee.test_synth", "test_markers_decode_where_the_tile_corners_put_them",
     "DECODE_CASES", {"table": "example_table"}),
    ("tests.referee.test_synth", "test_fingers_cover_exactly_the_markers_they_list",
     "FINGER_CASES", {"table": "example_table"}),
    ("tests.referee.test_synth", "test_a_hidden_tile_has_a_finger_on_each_marker",
     "HIDDEN_CASES", {"table": "example_table"}),
]


def _parametrised(test: Callable) -> tuple[list[str], list[tuple]]:
    """The argument names and the cases the suite runs (the test's parametrize mark)."""
    (mark,) = [m for m in test.pytestmark if m.name == "parametrize"]
    names, cases = mark.args[0], mark.args[1]
    names = [n.strip() for n in names.split(",")] if isinstance(names, str) else list(names)
    return names, [tuple(c) if isinstance(c, tuple | list) else (c,) for c in cases]


def cases(every: bool, only: list[str]) -> Iterator[tuple[str, Callable, dict]]:
    """(label, test, kwargs) for each case to run: by default those the suite leaves out."""
    for module_name, test_name, list_name, fixtures in SWEEPS:
        label = f"{module_name.rsplit('.', 1)[1]}::{test_name}"
        if only and not any(word in label for word in only):
            continue
        module = importlib.import_module(module_name)
        test = getattr(module, test_name)
        names, in_suite = _parametrised(test)
        given = {name: getattr(module, made_by)() for name, made_by in fixtures.items()}
        for case in getattr(module, list_name):
            case = tuple(case) if isinstance(case, tuple | list) else (case,)
            if every or case not in in_suite:
                yield f"{label}{list(case)}", test, {**given,
                                                     **dict(zip(names, case, strict=True))}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--all", action="store_true", help="the suite's own cases too")
    parser.add_argument("--only", default="", help="comma-separated words a sweep names")
    args = parser.parse_args()
    failed = 0
    for label, test, kwargs in cases(args.all, [w for w in args.only.split(",") if w]):
        start = time.process_time()
        try:
            test(**kwargs)
            outcome = "OK"
        except Exception as error:             # a failed assertion or a crash: both count
            failed += 1
            outcome = "FAIL " + (str(error).splitlines() or [type(error).__name__])[0][:200]
            traceback.print_exc(file=sys.stderr)
        print(f"{outcome[:4]:4} {time.process_time() - start:6.2f} s  {label}  "
              f"{outcome[5:]}".rstrip(), flush=True)
    print(f"{failed} failed" if failed else "all cases OK")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())

"""Fuzzing in the normal test run (hypothesis): hostile table files, options and photo bytes
must end as one `error:` line and exit 2 (or a proper result), never a traceback, never raw
control characters on the terminal, never a lost file. benchmarks/fuzz_bench.py runs the same
generators for 10,000+ cases."""

from __future__ import annotations

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from referee.errors import BadPhoto
from referee.image import load_photo

from .fuzzing import NASTY_TEXT, photo_bytes, run_cli, table_documents

FAST = settings(max_examples=120, deadline=None,
                suppress_health_check=[HealthCheck.function_scoped_fixture,
                                       HealthCheck.too_slow])


@FAST
@given(document=table_documents(), tile=st.one_of(NASTY_TEXT, st.sampled_from(["Y07", "B03"])))
def test_hostile_table_files_never_crash_score_or_check(tmp_path_factory, document, tile):
    path = tmp_path_factory.mktemp("t") / "table.json"
    path.write_bytes(document)
    for argv in (["score", "asterion", str(path)], ["score", "asterion", str(path), "--json"],
                 ["check", "asterion", str(path), tile]):
        outcome = run_cli(argv)
        assert outcome.problems() == [], (argv, document[:200], outcome)
    assert path.read_bytes() == document, "reading a file must never change it"


@FAST
@given(kills=st.one_of(NASTY_TEXT, st.text(max_size=30),
                       st.sampled_from(["yellow=1,yellow=2", "y=1,b=2", "yellow=" + "9" * 30,
                                        "red=-999", "blue=1e3"])),
       players=st.one_of(st.none(), NASTY_TEXT, st.text(max_size=20)))
def test_hostile_referee_options_end_as_one_line(kills, players):
    argv = ["referee", "asterion", "/no/such/photo.jpg", "--kill-points", kills]
    if players is not None:
        argv += ["--players", players]
    outcome = run_cli(argv)
    assert outcome.code == 2 and outcome.problems() == [], outcome


@FAST
@given(offset=st.one_of(NASTY_TEXT, st.text(max_size=20),
                        st.sampled_from(["nan,nan", "inf,0", "0,-inf", "1,2,3", "1e400,0"])),
       bleed=st.sampled_from(["nan", "inf", "-1", "9", "1e999", "x"]))
def test_hostile_build_numbers_are_refused_before_building(tmp_path_factory, offset, bleed):
    out = tmp_path_factory.mktemp("o")
    outcome = run_cli(["build", "asterion", "--out", str(out), "--back-offset", offset])
    if outcome.code == 0:       # a fine offset such as "0,1": it built
        assert list(out.glob("*.pdf"))
    assert outcome.problems() == [], outcome
    outcome = run_cli(["build", "asterion", "--out", str(out), "--bleed", bleed])
    assert outcome.code == 2 and outcome.problems() == [], outcome


@FAST
@given(data=photo_bytes())
def test_hostile_photo_bytes_are_bad_photos_not_crashes(data):
    try:
        photo = load_photo(data)
    except BadPhoto as exc:
        assert str(exc) and "\n" not in str(exc)
    else:
        assert photo.image.ndim == 3 and photo.image.shape[2] == 3

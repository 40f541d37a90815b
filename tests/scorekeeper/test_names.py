"""The one rule for names: what is kept of a name as typed, and when two names are the same."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from scorekeeper.errors import Malformed
from scorekeeper.names import LABEL, PERSON, name_clean, name_key, name_shown


@pytest.mark.parametrize(
    ("typed", "kept"),
    [
        pytest.param("  Ann   Smith ", "Ann Smith", id="runs-of-spaces-collapse-and-ends-trim"),
        pytest.param("Ann\tSmith\n", "Ann Smith", id="tabs-and-newlines-are-spaces"),
        pytest.param("Ann\u00a0Smith", "Ann Smith", id="no-break-space-is-a-space"),
        pytest.param("ann SMITH", "ann SMITH", id="case-is-kept-as-typed"),
        pytest.param("An\x00n\x07", "Ann", id="control-characters-go"),
        pytest.param("Ann\u202eSmith\u202c", "AnnSmith", id="bidi-override-goes"),
        pytest.param("\u2066Ann\u2069", "Ann", id="bidi-isolates-go"),
        pytest.param("\u200fAnn\u200e", "Ann", id="bidi-marks-go"),
        pytest.param("A\u200bn\u200dn\ufeff", "Ann", id="zero-width-characters-go"),
        pytest.param("Ann\u00ad", "Ann", id="soft-hyphen-goes"),
        pytest.param("\ud800Ann", "Ann", id="lone-surrogate-goes"),
        pytest.param("\u3164Ann", "Ann", id="hangul-filler-goes"),
        pytest.param("Zoe\u0308", "Zo\u00eb", id="composed-nfc"),
        pytest.param("김 민준", "김 민준", id="korean-as-typed"),
        pytest.param("ＡＮＮ", "ＡＮＮ", id="full-width-kept-as-typed"),
    ],
)
def test_a_name_is_kept_as_typed_less_what_cannot_be_seen(typed: str, kept: str):
    assert name_clean(typed, field="name") == kept


@pytest.mark.parametrize(
    "typed",
    [
        pytest.param("", id="empty"),
        pytest.param("   ", id="spaces"),
        pytest.param("\u200b\u202e\x00", id="only-unseen-characters"),
        pytest.param("x" * (PERSON + 1), id="too-long"),
    ],
)
def test_a_name_with_nothing_left_or_too_long_is_refused_naming_the_field(typed: str):
    with pytest.raises(Malformed) as refused:
        name_clean(typed, field="players[2]", limit=PERSON)
    assert (refused.value.code, refused.value.field) == ("bad-name", "players[2]")


def test_the_length_is_counted_after_cleaning():
    assert name_clean("x" * PERSON + "\u200b" * 10, field="name", limit=PERSON) == "x" * PERSON


def test_a_label_may_be_blank():
    assert name_clean(" \u200b ", field="label", limit=LABEL, blank=True) == ""


@pytest.mark.parametrize(
    ("one", "other"),
    [
        pytest.param("Ann Smith", "ann smith", id="case"),
        pytest.param("Ann Smith", " ANN   SMITH ", id="case-and-spacing"),
        pytest.param("Ann", "ＡＮＮ", id="full-width-nfkc"),
        pytest.param("Strauß", "STRAUSS", id="casefold-sharp-s"),
        pytest.param("Zo\u00eb", "Zoe\u0308", id="composed-and-decomposed"),
    ],
)
def test_names_that_differ_only_in_case_spacing_or_width_are_the_same(one: str, other: str):
    assert name_key(name_clean(one, field="a")) == name_key(name_clean(other, field="b"))


@pytest.mark.parametrize(
    ("one", "other"),
    [
        pytest.param("Zoë", "Zoe", id="accents-count"),
        pytest.param("Ann Smith", "AnnSmith", id="a-space-counts"),
        pytest.param("P1", "P2", id="different"),
    ],
)
def test_names_that_differ_otherwise_are_not_the_same(one: str, other: str):
    assert name_key(one) != name_key(other)


def test_a_label_shows_in_brackets_after_the_name():
    assert name_shown("John Smith", "Tuesday") == "John Smith (Tuesday)"
    assert name_shown("John Smith", "") == "John Smith"


@given(st.text(max_size=80))
def test_cleaning_is_stable_and_its_key_too(typed: str):
    try:
        kept = name_clean(typed, field="name")
    except Malformed:
        return
    assert name_clean(kept, field="name") == kept
    assert name_key(kept) == name_key(name_key(kept))
    assert kept == kept.strip() and "  " not in kept

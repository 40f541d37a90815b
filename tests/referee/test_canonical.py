"""Writing a record as the referee read it: canonical cards, only the spec's fields, and the
same verdict as the record it came from."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import referee
from referee import RECORD_FIELDS, MalformedRecord, canonical_record, unknown_fields
from tests.referee.shared import read_jsonl
from tests.referee.test_properties import PARSED

RECORDS = [case["record"] for case in read_jsonl("spec", "examples.jsonl")] + [
    case["record"] for case in read_jsonl("corpus", "openspiel", "cases.jsonl")
]


def assert_same_ruling(record: dict[str, Any]) -> None:
    canonical = canonical_record(record)
    assert set(canonical) <= set(RECORD_FIELDS)
    assert json.loads(json.dumps(canonical)) == canonical
    assert canonical_record(canonical) == canonical
    for lang in ("en", "ko"):
        assert (
            referee.check(canonical, lang=lang).to_json()
            == referee.check(record, lang=lang).to_json()
        )


@pytest.mark.parametrize("index", range(len(RECORDS)))
def test_a_record_written_canonically_gets_the_same_verdict(index: int) -> None:
    assert_same_ruling(RECORDS[index])


@settings(max_examples=150, deadline=None)
@given(name=st.sampled_from(sorted(PARSED)), seed=st.integers(0, 2**32 - 1))
def test_a_random_hand_written_canonically_gets_the_same_verdict(name: str, seed: int) -> None:
    record = referee.random_hand(PARSED[name], random.Random(seed)).to_json()
    assert_same_ruling(record)


LENIENT = {
    "ruleset": {"preset": "standard", "points.march": 3},
    "dealer": 0,
    "upcard": "10♥",
    "hands": {"2": ["jd", "9♣"], "1": ["AS"]},
    "bids": [
        {"seat": 1, "action": "pass", "alone": False, "note": "slow"},
        {"seat": 2, "action": "pass"},
        {"seat": 3, "action": "pass"},
        {"seat": 0, "action": "pass"},
        {"seat": 1, "action": "call", "suit": "spades", "alone": True},
    ],
    "contract": {"trump": "s", "maker": 1, "defender_alone": None},
    "tricks": [[{"seat": 2, "card": "b", "by": "Ann"}]],
    "claim": {"points": {"1": 4, "0": 0}},
    "comment": "written at the table",
}


def test_cards_suits_and_the_ruleset_are_written_canonically() -> None:
    canonical = canonical_record(LENIENT)
    assert canonical["ruleset"] == referee.Ruleset.parse(LENIENT["ruleset"]).to_json()
    assert canonical["ruleset"]["points"]["march"] == 3
    assert canonical["upcard"] == "TH"
    assert canonical["hands"] == {"1": ["AS"], "2": ["JD", "9C"]}
    assert canonical["bids"][0] == {"seat": 1, "action": "pass"}
    assert canonical["bids"][4] == {"seat": 1, "action": "call", "suit": "S", "alone": True}
    assert canonical["contract"] == {"trump": "S", "maker": 1, "defender_alone": None}
    assert canonical["tricks"] == [[{"seat": 2, "card": "JOKER"}]]
    assert canonical["claim"] == {"points": {"1": 4, "0": 0}}
    assert "comment" not in canonical


def test_only_what_the_record_says_is_written() -> None:
    assert canonical_record({"dealer": 2}) == {
        "ruleset": referee.Ruleset.parse("standard").to_json(),
        "dealer": 2,
    }
    # Bids reported as none is not the same as bids not reported (a discard is judged).
    assert canonical_record({"dealer": 0, "bids": []})["bids"] == []
    assert "bids" not in canonical_record({"dealer": 0, "bids": None})


def test_a_malformed_record_is_refused_as_check_refuses_it() -> None:
    with pytest.raises(MalformedRecord) as error:
        canonical_record({"dealer": 0, "upcard": "XX"})
    assert error.value.field == "upcard"


def test_unknown_fields_are_found_where_the_spec_has_objects() -> None:
    assert unknown_fields(LENIENT) == ["comment", "bids[0].note", "tricks[0][0].by"]
    assert unknown_fields({"dealer": 0, "contract": {"trump": "H", "maker": 1, "x": 1}}) == [
        "contract.x"
    ]
    assert unknown_fields({"dealer": 0, "claim": {"points": {}, "why": ""}}) == ["claim.why"]
    assert unknown_fields(canonical_record(LENIENT)) == []
    assert unknown_fields([1, 2]) == []


def test_check_ignores_unknown_fields() -> None:
    plain = {key: value for key, value in LENIENT.items() if key != "comment"}
    assert referee.check(LENIENT).to_json() == referee.check(plain).to_json()


def test_a_suit_symbol_in_a_phones_emoji_style_is_the_same_suit() -> None:
    """A phone's keyboard may put a variation selector after ♦ (text or emoji style): the card
    and the suit are the same as without it (docs/rules.md, "Cards")."""
    assert referee.Card.parse("J♦\ufe0f") is referee.Card.parse("JD")
    assert referee.Card.parse("10♥\ufe0e") is referee.Card.parse("TH")
    assert referee.Suit.parse("♠\ufe0f") is referee.Suit.SPADES
    assert referee.Card.parse("J\ufe0f") is None  # (a selector is no suit)
    record = {"dealer": 0, "upcard": "9♣\ufe0f", "contract": {"trump": "♣️", "maker": 1}}
    assert canonical_record(record)["upcard"] == "9C"
